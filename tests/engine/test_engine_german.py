"""The engine's own sentences in the reader's language (issue 28, point 7): what it refuses
(options, records, positions, seats) and what a game that says nothing of its own shows (its
status line, its score note) are said in the language being spoken, the English unchanged."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pondside import i18n
from pondside.engine import (
    BadOption,
    BadPosition,
    BadRecord,
    Game,
    IllegalAction,
    Match,
    Option,
    PondsideError,
    record_names,
)
from pondside.engine.options import resolve_options
from pondside.games.lame_duck import GAME

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def said(locale: str, act: Callable[[], Any]) -> str:
    with i18n.using(locale), pytest.raises(PondsideError) as refused:
        act()
    return str(refused.value)


def position_with(**fields: Any) -> dict[str, Any]:
    return {**Match(GAME, 4, seed=1).position(), **fields}


@pytest.mark.parametrize(
    ("act", "error", "english", "german"),
    [
        (
            lambda: Match(GAME, 4, {"rounds": "x"}),
            BadOption,
            """option 'rounds' is a whole number, not "x\"""",
            """die Option 'rounds' ist eine ganze Zahl, nicht "x\"""",
        ),
        (
            lambda: Match(GAME, 11),
            BadOption,
            "Lame Duck is for 2-10 players, not 11",
            "Lame Duck ist für 2 bis 10 Spieler, nicht für 11",
        ),
        (
            lambda: resolve_options(
                (Option("deck", str, "a", "", ("a", "b")),), {"deck": "c"}, "g"
            ),
            BadOption,
            """option 'deck' must be one of a, b; got "c\"""",
            """die Option 'deck' muss eins von a, b sein; bekommen: "c\"""",
        ),
        (
            lambda: Option("target", int, 1, "", minimum=1).check(None),
            BadOption,
            "option 'target' needs a value: a whole number >= 1",
            "die Option 'target' braucht einen Wert: eine ganze Zahl >= 1",
        ),
        (
            lambda: Match.from_record(GAME, {"game": "ladders"}),
            BadRecord,
            'this record is for "ladders", not "lame-duck"',
            'dieses Protokoll ist für "ladders", nicht für "lame-duck"',
        ),
        (
            lambda: Match.from_record(GAME, {"game": "lame-duck", "players": 4, "actions": [7]}),
            BadRecord,
            "action 0 of the record is not a [seat, action] pair: 7",
            "Aktion 0 des Protokolls ist kein Paar [seat, action]: 7",
        ),
        (
            lambda: Match(GAME, 4, position=position_with(hands=5)),
            BadPosition,
            "hands is a list, not 5",
            "hands ist eine Liste, nicht 5",
        ),
        (
            lambda: Match(GAME, 4, position=position_with(awaiting="x")),
            BadPosition,
            "awaiting is a whole number or null, not 'x'",
            "awaiting ist eine ganze Zahl oder null, nicht 'x'",
        ),
        (
            lambda: Match(GAME, 4, seed=1).apply(7, "play 1"),
            IllegalAction,
            "seat must be a number from 0 to 3, not 7",
            "seat muss eine Zahl von 0 bis 3 sein, nicht 7",
        ),
    ],
)
def test_the_engines_refusals_are_said_in_the_readers_language(
    act: Callable[[], Any], error: type[PondsideError], english: str, german: str
) -> None:
    with pytest.raises(error):
        act()
    assert said(i18n.DEFAULT, act) == english
    assert said("de", act) == german
    # The pseudo-locale finds every word of it in the catalog: nothing outside the markers
    # but the values filled in.
    assert said(i18n.PSEUDO, act).startswith(i18n.PSEUDO_OPEN)


def test_a_game_that_says_nothing_of_its_own_speaks_the_readers_language() -> None:
    view = Match(GAME, 4, seed=1).view(0)
    # Game's defaults, as a new game that has no words of its own yet shows them.
    with i18n.using("de"):
        assert Game.captions(GAME, view, NAMES)["status"] == (
            "Du bist dran: Wähle eine Karte oder eine Aktion."
        )
        assert Game.score_notes(GAME) == [{"note": "Weniger Punkte sind besser."}]
        assert record_names({}, 2) == ["Platz 0", "Platz 1"]
    assert Game.captions(GAME, view, NAMES)["status"] == "Your turn: choose a card or an action."
    assert Game.score_notes(GAME) == [{"note": "Fewer points are better."}]
    assert record_names({}, 2) == ["seat 0", "seat 1"]
