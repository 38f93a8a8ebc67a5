"""What a page is told of each Lame Duck action: the label's ``shows`` is the preview the pond
draws (where a card would go now, whether it takes that column, LD-6..8), so the page restates
no rule. Columns are numbered as the notation numbers them (``take 0`` is the first)."""

from __future__ import annotations

from typing import Any

from pondside.games.lame_duck import GAME, column_ducks

NAMES = ["Ann", "Bob", "Cy", "Di"]


def board(*columns: list[int]) -> dict[str, Any]:
    return {"columns": list(columns), "column_ducks": [column_ducks(tuple(c)) for c in columns]}


def test_ld6_a_card_goes_after_the_closest_lower_end() -> None:
    view = board([5], [21], [40], [77])
    label = GAME.action_label(view, "play 23", NAMES)
    assert label["shows"] == {"column": 1, "takes": False, "ducks": 0, "card_ducks": 1}
    assert label["effect"] == "→ column 2"


def test_ld7_the_sixth_card_of_a_column_takes_its_five() -> None:
    view = board([1, 2, 3, 4, 10], [21], [40], [77])
    label = GAME.action_label(view, "play 15", NAMES)
    # 1 + 1 + 1 + 1 + 3 ducks (LD-2), and the 15 is worth 2 itself.
    assert label["shows"] == {"column": 0, "takes": True, "ducks": 7, "card_ducks": 2}
    assert label["effect"] == "→ column 1, 6th: you take 7 ducks"


def test_ld8_a_card_lower_than_every_column_joins_none() -> None:
    view = board([5], [21], [40], [77])
    label = GAME.action_label(view, "play 55", NAMES)
    assert label["shows"]["column"] == 2 and label["shows"]["card_ducks"] == 7
    low = GAME.action_label(board([6], [21], [40], [77]), "play 3", NAMES)
    assert low["shows"] == {"column": None, "takes": False, "ducks": 0, "card_ducks": 1}
    assert low["effect"] == "too low: you choose a column"


def test_ld8_a_column_to_take_shows_its_ducks() -> None:
    view = board([5], [21, 22, 30], [40], [77])
    label = GAME.action_label(view, "take 1", NAMES)
    assert label["shows"] == {"column": 1, "takes": True, "ducks": 9}
    assert label["label"] == "take column 2"
