"""The Gymnasium VectorEnv over the batched engine, and the batched observation encoding."""

from __future__ import annotations

import numpy as np
import pytest

from pondside.adapters.codec import Codec
from pondside.batch import LameDuckTables
from pondside.engine import IllegalAction

gymnasium = pytest.importorskip("gymnasium")

from pondside.batch.vector_env import BatchVectorEnv  # noqa: E402


@pytest.mark.parametrize(("players", "options"), [(4, {}), (3, {"expert": True, "target": 30})])
def test_the_batch_encodes_a_view_as_the_adapters_do(
    players: int, options: dict[str, object]
) -> None:
    t = LameDuckTables(24, players, options, seed=3)
    codec = Codec("lame-duck", players, t.options)
    rng = np.random.default_rng(0)
    for _ in range(12):
        for seat in range(players):
            encoded, obs = t.encode(seat), t.observe(seat)
            for b in range(t.batch):
                assert (codec.observe(t.to_view(obs, b, seat)) == encoded[b]).all()
        t.step(t.random_actions(rng))


def test_one_learner_plays_whole_matches_against_batched_bots() -> None:
    env = BatchVectorEnv("lame-duck", num_envs=8, players=4, seat=2)
    obs, _ = env.reset(seed=4)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(1)
    returns, finished, scores = np.zeros(8), 0, []
    for _ in range(60):
        mask = obs["action_mask"]
        assert mask.any(axis=1).all()  # the learner always has a decision to make
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        obs, reward, terminated, truncated, info = env.step(actions)
        returns += reward
        if terminated.any():
            finished += int(terminated.sum())
            scores += info["scores"][terminated, 2].tolist()
            # The rewards of a match add up to its score, negated (fewer ducks are better).
            assert returns[terminated].tolist() == [-s for s in info["scores"][terminated, 2]]
            returns[terminated] = 0
            assert info["final_obs"]["observation"].shape == (8, env.codec.layout.size)
    assert finished >= 8 and not truncated.any()
    with pytest.raises(IllegalAction, match=r"table 0, seat 2: actions are 0\.\.107"):
        env.step(np.full(8, 200))


def test_down_the_drain_runs_in_the_vector_env_too() -> None:
    env = BatchVectorEnv("down-the-drain", num_envs=6, players=3, seat=1)
    obs, _ = env.reset(seed=2)
    rng = np.random.default_rng(3)
    finished = 0
    for _ in range(400):
        assert env.observation_space.contains(obs)
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, _, terminated, _, info = env.step(actions)
        finished += int(terminated.sum())
        if terminated.any():
            assert (info["places"][terminated] >= 1).all()
    assert finished > 0
