"""Issue 16, items 4 and 9: the tables speak to the person at the terminal as "you" ("Your 11
is too low", "You take"), whatever their name, and of everyone else by name; counts are written
as counts; every table has a legend for its words and marks."""

from __future__ import annotations

import random
import re

import pytest
from rich.console import Console
from rich.text import Text

from pondside import get_game
from pondside.engine import Match
from pondside.games import MODULES
from pondside.tui import get_ui
from pondside.tui.base import WIDTH, TableUI

NAMES = ["You", "heuristic 1", "ismcts 2", "random 3"]
# "You" with a verb or a possessive meant for someone else: the sentences of the issue.
WRONG = re.compile(
    r"\bYou's\b|\b[Yy]ou (takes|has|passes|bids|plays|draws|wins|leads|deals|calls|discards"
    r"|promises|pushes|starts|is|chooses|empties)\b"
)


def tell(ui: TableUI, event: dict[str, object]) -> str:
    """The game narrator's lines for one event, as the table tells them (after it, the view
    of a fresh match of the game stands for the table's)."""
    view = Match(ui.game, len(ui.names), seed=1).view(ui.me)
    lines = ui.narrate([event], view)
    assert lines
    return " ".join(lines)


@pytest.mark.parametrize("name", ["You", "Ann"])
def test_issue16_4_lame_duck_speaks_to_the_person_as_you(name: str) -> None:
    ui = get_ui(get_game("lame-duck"), [name, "heuristic 1", "ismcts 2"], me=0)
    assert tell(ui, {"type": "too_low", "seat": 0, "card": 11}) == (
        "Your 11 is the lowest card and lower than the last card of every column, so you "
        "choose which column to take."
    )
    take = {"type": "take", "column": 2, "cards": [86], "ducks": 1, "card": 11}
    assert tell(ui, {**take, "seat": 0, "reason": "too low"}) == (
        "Your 11 is lower than every column: you take column 3 (1 duck, 1 card); the 11 "
        "starts it again."
    )
    assert tell(ui, {**take, "seat": 1, "reason": "sixth card"}).startswith(
        "heuristic 1's 11 is the sixth card of column 3: heuristic 1 takes its 1 duck"
    )
    assert tell(ui, {"type": "too_low", "seat": 1, "card": 3}).endswith(
        "so heuristic 1 chooses which column to take."
    )


def test_issue16_4_a_replay_or_a_spectator_is_nobody_at_the_table() -> None:
    ui = get_ui(get_game("lame-duck"), ["You", "heuristic 1"])
    assert ui.me is None
    assert tell(ui, {"type": "too_low", "seat": 1, "card": 3}).startswith("heuristic 1's 3")


@pytest.mark.parametrize(
    ("slug", "event", "said"),
    [
        ("king-of-the-quackers", {"type": "gave", "seat": 0}, "You have chosen two cards to pass."),
        ("king-of-the-quackers", {"type": "pass", "seat": 0}, "You pass."),
        ("king-of-the-quackers", {"type": "pass", "seat": 1}, "heuristic 1 passes."),
        ("king-of-the-quackers", {"type": "out", "seat": 0, "place": 1}, "You go out 1st!"),
        ("wildcat-chicane", {"type": "bid", "seat": 0, "bid": 1}, "You bid 1 trick."),
        ("wildcat-chicane", {"type": "bid", "seat": 2, "bid": 3}, "ismcts 2 bids 3 tricks."),
        ("wildcat-chicane", {"type": "chose", "seat": 0}, "You have chosen a ruling card."),
        ("ladders", {"type": "draw", "seat": 0, "cards": 5}, "You draw 5 cards."),
        ("ladders", {"type": "draw", "seat": 1, "cards": 1}, "heuristic 1 draws 1 card"),
        ("ladders", {"type": "turn", "seat": 0}, "Your turn"),
        (
            "ladders",
            {"type": "play", "seat": 1, "from": "hand", "card": "1", "to": 0, "as": 1},
            "heuristic 1 starts ACCENT pile 1 with a 1 from their hand.",
        ),
        (
            "ladders",
            {
                "type": "play",
                "seat": 0,
                "from": "partner climb",
                "card": "4",
                "to": 1,
                "as": 4,
                "owner": 2,
            },
            "You play a 4 from ismcts 2's CLIMB onto ACCENT pile 2.",
        ),
        ("down-the-drain", {"type": "draw", "seat": 0}, "You draw a card from the stack."),
        (
            "down-the-drain",
            {"type": "push", "seat": 1, "seats": [1, 0], "card": 7},
            "heuristic 1's turn begins with the two 7s unbeaten: heuristic 1's 7 and your 7 are "
            "pushed through",
        ),
    ],
)
def test_issue16_4_and_9_every_game_says_you_and_counts(
    slug: str, event: dict[str, object], said: str
) -> None:
    ui = get_ui(get_game(slug), NAMES, me=0)
    assert said in tell(ui, event)


@pytest.mark.parametrize("slug", sorted(MODULES))
def test_issue16_4_no_sentence_of_a_whole_match_misspeaks_to_you(slug: str) -> None:
    game = get_game(slug)
    for me in (0, 2):
        names = ["Ann", "Bob", "Cy", "Di"]
        names[me] = "You"
        ui = get_ui(game, names, me=me)
        match: Match[object] = Match(game, 4, seed=me)
        rng = random.Random(me)
        console = Console(width=WIDTH, record=True)
        while not match.is_over():
            seat = rng.choice(match.to_act())
            if seat == me:
                ui.render(console, match.view(seat))
            events = match.apply(seat, rng.choice(match.legal(seat)))
            for line in ui.narrate(events, match.view(me)):
                console.print(line, markup=False)
        text = console.export_text()
        assert "You" in text
        assert not WRONG.search(text), WRONG.search(text)


# The words and marks each table shows that a newcomer cannot know (issue 16, item 9).
JARGON = {
    "lame-duck": ["·"],
    "king-of-the-quackers": ["*", "1V=9", "Pawn", "Court", "Crown", "Excuse", "Knots"],
    "wildcat-chicane": ["ruler", "reads", "TOP", "BOTTOM", "2SY=S", "trump", "Crown"],
    "ladders": ["CLIMB", "RUNG", "ACCENT", "W"],
    "down-the-drain": ["in front", "held", "7×2 = 14", "pushed through"],
}


@pytest.mark.parametrize("slug", sorted(JARGON))
def test_issue16_9_every_table_has_a_short_legend_for_its_words(slug: str) -> None:
    ui = get_ui(get_game(slug), NAMES)
    for word in JARGON[slug]:
        assert word in ui.legend
    assert len(Text(ui.legend).wrap(Console(width=WIDTH), WIDTH)) <= 3


def test_issue16_4_the_play_session_tells_the_table_which_seat_is_the_person() -> None:
    from pondside.tui.session import Seating, Session

    seating = Seating(2, ["random 0", "random 1", "Ada"], {0: "random", 1: "random"})
    game = get_game("lame-duck")
    session = Session(Console(), Match(game, 3, seed=1), seating, None)
    assert session.ui.me == 2
    assert tell(session.ui, {"type": "too_low", "seat": 2, "card": 4}).startswith("Your 4")
