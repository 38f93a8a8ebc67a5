"""Bot levels: the lobby's fixed list, never a bot spec."""

from __future__ import annotations

import pytest

from pondside.bots.levels import LEVELS, UnknownLevel, level_spec
from pondside.bots.registry import check_spec
from pondside.games import all_games


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.info.slug)
def test_every_level_is_a_bot_of_every_game(game) -> None:
    for level in LEVELS:
        check_spec(level_spec(game, level), game)


@pytest.mark.parametrize(
    "text", ["external:cmd=touch /tmp/x", "ismcts:iterations=99999999", "", "Search"]
)
def test_anything_but_a_level_name_is_refused(text: str) -> None:
    game = all_games()[0]
    with pytest.raises(UnknownLevel, match="the levels are: random, heuristic, search"):
        level_spec(game, text)
