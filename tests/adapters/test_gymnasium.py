"""The Gymnasium single-agent environment (issue 8): one seat learns, bots play the rest."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from pondside.adapters import SHORT  # noqa: E402
from pondside.adapters.gymnasium import PondsideEnv, register_envs  # noqa: E402
from pondside.games import slugs  # noqa: E402

GAMES = slugs()


@pytest.mark.parametrize("slug", GAMES)
def test_check_env_and_an_episode_against_heuristic_bots(slug: str) -> None:
    players, options = SHORT[slug]
    env = PondsideEnv(slug, players, **options)
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=11)
    done, steps = False, 0
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        assert np.array_equal(env.action_masks(), obs["action_mask"])
        obs, _reward, terminated, truncated, info = env.step(int(env.np_random.choice(legal)))
        done = terminated or truncated
        steps += 1
    assert "places" in info and steps > 0


def test_random_seat_and_per_seat_opponents() -> None:
    env = PondsideEnv("down-the-drain", 3, seat=None, opponents=["random", "heuristic"])
    seats = {env.reset(seed=s)[1]["seat"] for s in range(12)}
    assert seats == {0, 1, 2}


def test_registered_ids() -> None:
    import gymnasium

    ids = register_envs()
    assert "pondside/lame-duck-v0" in ids
    env = gymnasium.make("pondside/lame-duck-v0", players=3, opponents="random")
    obs, _ = env.reset(seed=1)
    assert obs["action_mask"].sum() == 10
