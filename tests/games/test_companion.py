"""One lookup for a game's companions, with one error policy (issue 26, point 5): a module that
is not there is None, a module that is there but fails on an import of its own raises."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pondside.bots.rollout import ROLLOUT, batched_rollouts
from pondside.games import MODULES, companion, get_game, slugs
from pondside.server.lessons import script, shortest


def test_a_companion_that_is_not_there_is_none() -> None:
    # Every game has batched rollouts now (Ladders' since session 42): a module name no game
    # has, and King of the Quackers' heuristic, which has no batched twin.
    game = get_game("ladders")
    assert companion(game, "pondside.bots", ROLLOUT) is not None
    assert companion(game, "pondside.bots", "_no_such_companion") is None
    assert batched_rollouts(get_game("king-of-the-quackers"), 4, "heuristic", "rank") is None
    assert companion(game, "pondside.no_such_package") is None


def test_a_broken_companion_raises_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A tutorial or rollout module whose own import fails is a fault to see, not a game
    # without one (server/lessons.py once read that as "no tutorial").
    (tmp_path / "broken_companions").mkdir()
    (tmp_path / "broken_companions" / "__init__.py").write_text("")
    (tmp_path / "broken_companions" / "lame_duck_rollout.py").write_text(
        "import pondside_no_such_module_26\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "broken_companions", raising=False)
    with pytest.raises(ModuleNotFoundError, match="pondside_no_such_module_26"):
        companion(get_game("lame-duck"), "broken_companions", ROLLOUT)


@pytest.mark.parametrize("slug", slugs())
def test_every_tutorial_is_found_and_plays_a_short_match(slug: str) -> None:
    game = get_game(slug)
    lessons, done = script(slug)
    assert lessons and done
    module = companion(game, "pondside.games", ".tutorial")
    assert module is not None and module.__name__ == f"pondside.games.{MODULES[slug]}.tutorial"
    # The tutorial's options are the game's own (checked as a table's would be).
    assert game.options(game.info.default_players, shortest(slug))
