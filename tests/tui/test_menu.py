"""The numbered menu of every terminal table: numbers in actions are read as numbers."""

from __future__ import annotations

import dataclasses
import io

import pytest
from rich.console import Console

from pondside.engine import Match
from pondside.games import MODULES
from pondside.games.lame_duck import GAME, LameDuck
from pondside.tui import get_ui
from pondside.tui.base import TableUI, reading_order

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


class Toy(LameDuck):
    info = dataclasses.replace(LameDuck.info, slug="toy", name="Toy")


@pytest.mark.parametrize("module", [None, "toy", "toys.toy"])
def test_a_game_without_a_table_of_its_own_gets_the_generic_one(
    monkeypatch: pytest.MonkeyPatch, module: str | None
) -> None:
    if module is not None:
        monkeypatch.setitem(MODULES, "toy", module)
    ui = get_ui(Toy(), ["You", "Bot"])
    assert type(ui) is TableUI
    out = io.StringIO()
    ui.render(Console(file=out, width=120), Match(ui.game, 2, deal=DEAL, seed=1).view(0))
    assert "Toy — You" in out.getvalue()
