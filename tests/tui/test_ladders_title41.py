"""The terminal's Ladders table in partnerships says who plays with whom as the lobby does
(issue 27's second trial): the option's own words, seats counted from 1 as the table shows
them, in the terminal's language, never "0+2 v 1+3"."""

from __future__ import annotations

import io

from rich.console import Console

from pondside.engine import Match
from pondside.engine.options import players_words
from pondside.games.ladders import GAME
from pondside.i18n import _, using
from pondside.tui.ladders import UI

TEAMS = next(o for o in GAME.info.options if o.name == "teams")


def table_text(width: int) -> str:
    match = Match(GAME, 4, {"teams": True, "rounds": 1}, seed=3)
    ui = UI(GAME, ["Ann", "Bo", "Cid", "Dot"], 0)
    out = io.StringIO()
    ui.render(Console(file=out, width=width), match.view(0))
    return " ".join(out.getvalue().split())


def test_the_partnerships_are_the_lobbys_words_with_seats_from_one() -> None:
    for width in (80, 140):
        shown = table_text(width)
        assert "0+2" not in shown and "1+3" not in shown
        assert (
            "Two partnerships, partners sitting opposite: seats 1 and 3 against seats 2 and 4"
            in shown
        )
        assert "LA-2" not in shown  # the rulings' codes are not the players' words


def test_the_partnerships_in_german() -> None:
    with using("de"):
        words = _(players_words(TEAMS.help))
        assert words != players_words(TEAMS.help), "the lobby's words have their German"
        shown = table_text(80)
    assert words[:1].upper() + words[1:] in shown
    assert "0+2" not in shown
