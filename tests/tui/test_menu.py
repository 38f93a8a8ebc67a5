"""The numbered menu of every terminal table: numbers in actions are read as numbers."""

from __future__ import annotations

import dataclasses
import io
import re

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


def test_the_menu_lists_actions_with_numbers_read_as_numbers() -> None:
    match = Match(GAME, 2, deal=DEAL, seed=1)
    legal = match.legal(0)
    assert legal.index("play 8") > legal.index("play 58")  # the protocol's string order
    ui = TableUI(GAME, ["You", "Bot"], me=0)
    ui.ask = lambda *_: "1"  # type: ignore[method-assign]
    out = io.StringIO()
    assert ui.prompt(Console(file=out, width=120), match.view(0), legal) == "play 1"
    offered = [
        card
        for _, card in sorted(
            (int(n), c) for n, c in re.findall(r"(\d+)  play (\d+)", out.getvalue())
        )
    ]
    assert offered == ["1", "8", "9", "16", "24", "33", "51", "58", "67", "90"]


def test_the_lame_duck_hand_is_the_menu_low_to_high_and_a_card_is_typed() -> None:
    match = Match(GAME, 2, deal=DEAL, seed=1)
    ui = get_ui(GAME, ["You", "Bot"], me=0)
    answers = iter(["3", "8"])  # 3 is not in the hand; 8 is
    ui.ask = lambda *_: next(answers)  # type: ignore[method-assign]
    out = io.StringIO()
    console = Console(file=out, width=80)
    ui.render(console, match.view(0))
    assert ui.prompt(console, match.view(0), match.legal(0)) == "play 8"
    text = out.getvalue()
    assert "'3' is not one of the choices: type a card of your hand" in text
    assert "play 8" not in text  # no second list repeating the hand
    # Columns are numbered from 1, as on the board (and on every table).
    order = [" 1 too low: you choose", " 8 too low", " 16 → column 1", " 90·3 → column 4"]
    assert sorted(order, key=text.index) == order


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
