"""Bot levels: the lobby's fixed ladder, never a bot spec."""

from __future__ import annotations

import pytest

from pondside.bots import make_bot
from pondside.bots.levels import ALIASES, LEVELS, UnknownLevel, is_search, level_spec
from pondside.bots.registry import check_spec
from pondside.games import all_games


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.info.slug)
def test_every_level_is_a_bot_of_every_game(game) -> None:
    for level in (*LEVELS, *ALIASES):
        check_spec(level_spec(game, level), game)
        check_spec(level_spec(game, level, online=True), game)
        check_spec(level, game)  # a level's name is a bot spec of its own


def test_the_ladder_runs_from_random_to_expert() -> None:
    assert LEVELS == ("random", "beginner", "casual", "strong", "expert")
    assert [is_search(lv) for lv in LEVELS] == [False, False, False, True, True]
    assert ALIASES == {"heuristic": "casual", "search": "strong"}


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.info.slug)
def test_online_search_levels_are_capped_in_seconds(game) -> None:
    for level in ("strong", "expert"):
        assert level_spec(game, level, online=True) == level_spec(game, level) + ":seconds=2.0"
    # casual never thinks, so nothing caps it: the heuristic, or the rule bot the game names
    assert level_spec(game, "casual", online=True) == level_spec(game, "casual")
    assert ":" not in level_spec(game, "casual")


@pytest.mark.parametrize(
    "text",
    ["external:cmd=touch /tmp/x", "ismcts:iterations=99999999", "", "Search", "expert:c=9"],
)
def test_anything_but_a_level_name_is_refused(text: str) -> None:
    game = all_games()[0]
    with pytest.raises(UnknownLevel, match="the levels are: random, beginner, casual, strong"):
        level_spec(game, text)


def test_a_level_as_a_bot_spec_takes_no_parameters() -> None:
    game = all_games()[0]
    with pytest.raises(Exception, match="'expert' is a bot level and takes no parameters"):
        make_bot("expert:iterations=5", game, 0, 0)
