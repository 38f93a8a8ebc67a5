"""Issue 16's follow-ups found by a new-user trial: King of the Quackers' plays written in the
hand's codes (its way back from a submenu is in test_menus.py); classic Chicane without the
ruler column and with its calls spelled as the menu spells them; who played which card of
Chicane's last trick; the person as "You" in Lame Duck's ducks."""

from __future__ import annotations

import io

from rich.console import Console

from kq_positions import position
from pondside.engine import Match
from pondside.games.king_of_the_quackers import GAME as KQ
from pondside.games.lame_duck import GAME as LD
from pondside.games.wildcat_chicane import GAME as WC
from pondside.tui import get_ui

NAMES = ["Alice", "heuristic 1", "ismcts 2", "random 3"]


def test_issue16_a_kq_play_is_told_by_its_codes() -> None:
    """The trial: "heuristic 1: Set of 2 Threes: the Island, the Window" beside a hand of
    codes."""
    match = position([["5ML", "7SK"], ["3SK", "3LY", "9LK"], ["7VY", "8VL"]], turn=1)
    ui = get_ui(KQ, NAMES[:3], me=0)
    events = match.apply(1, "play 3SK 3LY")
    (line,) = ui.narrate(events, match.view(0))
    assert "3SK" in line and "3LY" in line
    assert "the Painter" not in line and "the Savage" not in line
    text = render(ui, match.view(0))
    assert "Last play: heuristic 1: Bomb of 2, rank 3: 3SK 3LY" in text


def render(ui: object, view: object, width: int = 80) -> str:
    console = Console(width=width, record=True, force_terminal=False, file=io.StringIO())
    ui.render(console, view)  # type: ignore[attr-defined]
    return console.export_text()


def classic_trick() -> Match[object]:
    """Classic Chicane after its calls (TOP, trump Knots) and a first trick."""
    match: Match[object] = Match(WC, 4, {"variant": "classic"}, seed=3)
    for seat, action in ((2, "call top"), (3, "call trump K")):
        match.apply(seat, action)
    while len(match.view(0)["tricks"]) < 1:
        seat = match.to_act()[0]
        match.apply(seat, sorted(match.legal(seat))[0])
    return match


def test_issue16_classic_chicane_has_no_ruler_column_and_calls_say_the_suit() -> None:
    match = classic_trick()
    ui = get_ui(WC, NAMES, me=0)
    text = render(ui, match.view(0))
    assert "ruler" not in text and "reads" in text
    assert "Calls: top, trump Knots" in text
    line = ui.narrate([{"type": "call", "seat": 3, "call": "trump K"}], match.view(0))
    assert line == ["random 3 calls Knots as trump for everyone."]
    assert "call trump Knots" in ui.label(match.view(0), "call trump K")


def test_issue16_chicane_last_trick_says_who_played_which_card() -> None:
    match = classic_trick()
    last = match.view(0)["tricks"][-1]
    text = render(get_ui(WC, NAMES, me=0), match.view(0))
    shown = " ".join(text[text.index("Last trick") :].split("\n")[:2])
    for seat, code in last["cards"]:
        who = "You" if seat == 0 else NAMES[seat]
        assert f"{who} {code}" in shown


def test_issue16_lame_duck_ducks_call_the_person_you() -> None:
    match: Match[object] = Match(LD, 4, seed=3)
    text = render(get_ui(LD, NAMES, me=0), match.view(0))
    ducks = next(line for line in text.splitlines() if line.startswith("Ducks:"))
    assert ducks.startswith("Ducks: You 0") and "Alice" not in ducks
