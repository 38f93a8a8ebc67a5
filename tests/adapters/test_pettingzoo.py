"""PettingZoo's own test suites on every game (issue 8), with one-hand options (SHORT)."""

from __future__ import annotations

import warnings
from collections.abc import Callable

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test  # noqa: E402

from pondside.adapters import SHORT  # noqa: E402
from pondside.adapters.pettingzoo import env, parallel_env  # noqa: E402
from pondside.engine import IllegalAction  # noqa: E402
from pondside.games import get_game, slugs  # noqa: E402

GAMES = slugs()


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # PettingZoo warns that dict observations are not arrays; its own classic games do too.
    warnings.filterwarnings("ignore", message="Observation")


@pytest.mark.parametrize("slug", GAMES)
def test_api_and_seed(slug: str) -> None:
    players, options = SHORT[slug]
    api_test(env(slug, players, **options), num_cycles=300)
    seed_test(lambda: env(slug, players, **options), num_cycles=100)


@pytest.mark.parametrize("slug", GAMES)
def test_api_with_the_generic_encoding(
    slug: str, without_adapter_module: Callable[[str], None]
) -> None:
    without_adapter_module(slug)
    players, options = SHORT[slug]
    e = env(slug, players, **options)
    api_test(e, num_cycles=100)


@pytest.mark.parametrize("slug", GAMES)
def test_parallel_api_and_seed(slug: str) -> None:
    players, options = SHORT[slug]
    parallel_api_test(parallel_env(slug, players, **options), num_cycles=300)
    parallel_seed_test(lambda: parallel_env(slug, players, **options), num_cycles=100)


@pytest.mark.parametrize("slug", GAMES)
def test_hand_rewards_add_up_to_the_match_scores(slug: str) -> None:
    players, options = SHORT[slug]
    e = env(slug, players, **options)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
    game = get_game(slug)
    outcome = e.match.outcome()
    assert outcome is not None
    sign = -1 if game.info.lower_score_is_better else 1
    assert [total[a] for a in e.possible_agents] == pytest.approx(
        [sign * s for s in outcome.scores]
    )


def test_illegal_actions_raise_in_aec_and_default_in_parallel() -> None:
    e = env("lame-duck", 4)
    e.reset(seed=1)
    mask = e.last()[0]["action_mask"]
    with pytest.raises(IllegalAction):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    p = parallel_env("lame-duck", 4)
    obs, _ = p.reset(seed=1)
    bad = {a: int(np.flatnonzero(o["action_mask"] == 0)[0]) for a, o in obs.items()}
    _, _, _, _, infos = p.step(bad)
    assert all(info["played"].startswith("play ") for info in infos.values())
    assert p.match.view(0)["turn_number"] == 2  # all four cards were placed


def test_simultaneous_choices_stay_hidden_in_aec() -> None:
    e = env("lame-duck", 4)
    e.reset(seed=2)
    first = e.agent_selection
    obs = e.last()[0]
    e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert e.agent_selection != first
    view = e.match.view(1)
    assert view["chosen"][0] and "my_choice" in view and view["my_choice"] is None
