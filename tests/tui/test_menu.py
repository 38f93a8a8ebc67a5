"""The numbered menu of every terminal table: numbers in actions are read as numbers."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from pondside.engine import Match
from pondside.games.lame_duck import GAME
from pondside.tui import get_ui
from pondside.tui.base import reading_order

DEAL = {
    "hands": [[8, 9, 58, 67, 90, 1, 16, 24, 33, 51], [2, 3, 4, 5, 6, 7, 10, 11, 12, 13]],
    "columns": [14, 40, 60, 80],
}


def test_the_menu_lists_cards_low_to_high_and_number_one_is_the_lowest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = Match(GAME, 2, deal=DEAL, seed=1)
    legal = match.legal(0)
    assert legal.index("play 8") > legal.index("play 58")  # the protocol's string order
    monkeypatch.setattr("pondside.tui.base.Prompt.ask", lambda *a, **k: "1")
    out = io.StringIO()
    chosen = get_ui(GAME, ["You", "Bot"]).prompt(Console(file=out, width=120), match.view(0), legal)
    assert chosen == "play 1"
    offered = [line.split()[2] for line in out.getvalue().splitlines() if "play" in line]
    assert offered == ["1", "8", "9", "16", "24", "33", "51", "58", "67", "90"]


def test_reading_order_compares_digit_runs_as_numbers() -> None:
    actions = ["play 58", "play 8", "discard 12 to 0", "discard 9 to 3", "take 1"]
    assert sorted(actions, key=reading_order) == [
        "discard 9 to 3",
        "discard 12 to 0",
        "play 8",
        "play 58",
        "take 1",
    ]
