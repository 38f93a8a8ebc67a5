"""A Gymnasium ``VectorEnv``: one learning seat at every table of a batch, batched bots at the
others (needs ``gymnasium``: ``pip install 'pondside[rl]'``).

Observations are ``{"observation", "action_mask"}``, the observation being the research
adapters' encoding of the seat's view (``docs/adapters.md``; the same vector
``PondsideEnv`` gives, made for the whole batch at once). Each step takes the learner's action
at every table, lets the bots play until the learner must decide again (a column another
player takes, LD-8) or the match ends, and rewards the learner's score change (negated where
fewer points are better). Finished tables restart in the same step (``AutoresetMode.SAME_STEP``):
their last observation is in ``info["final_obs"]``, their outcome in ``info["scores"]`` and
``info["places"]``.

>>> env = BatchVectorEnv("lame-duck", num_envs=4, players=4)
>>> obs, info = env.reset(seed=1)
>>> obs["observation"].shape, obs["action_mask"].shape
((4, 1495), (4, 108))
>>> rng = np.random.default_rng(0)
>>> actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
>>> obs, reward, terminated, truncated, info = env.step(actions)
>>> reward.shape, terminated.any()
((4,), np.False_)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from pondside.adapters.codec import Codec
from pondside.engine import IllegalAction

from .base import Ints, Tables
from .check import batched

Opponents = Callable[[Tables, np.random.Generator], Ints]
"""A batched bot: every seat's action at every table (the learner's is replaced)."""


def random_opponents(tables: Tables, rng: np.random.Generator) -> Ints:
    """Uniformly random legal actions (the batched ``random`` bot)."""
    return tables.random_actions(rng)


class BatchVectorEnv(VectorEnv):
    """``BatchVectorEnv(slug, num_envs, players=None, seat=0, opponents=random_opponents,
    **options)``."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        slug: str,
        num_envs: int,
        players: int | None = None,
        *,
        seat: int = 0,
        opponents: Opponents = random_opponents,
        **options: Any,
    ) -> None:
        self.maker = batched(slug)
        self.codec = Codec(slug, players, options)
        self.num_envs = num_envs
        self.players = self.codec.players
        if not 0 <= seat < self.players:
            raise ValueError(f"seat is 0..{self.players - 1}, not {seat!r}")
        self.seat = seat
        self.opponents = opponents
        self.game_options = self.codec.options
        self.rng = np.random.default_rng()
        self.tables: Tables = self.maker(num_envs, self.players, self.game_options, None)
        self._sign = -1.0 if self.codec.game.info.lower_score_is_better else 1.0
        layout = self.codec.layout
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(layout.low(), layout.high(), (layout.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.codec.num_actions,), np.int8),
            }
        )
        self.single_action_space = spaces.Discrete(self.codec.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)

    def _obs(self) -> dict[str, npt.NDArray[Any]]:
        return {
            "observation": self.tables.encode(self.seat),
            "action_mask": self.tables.legal_mask(self.seat).astype(np.int8),
        }

    def _play_others(self, rows: npt.NDArray[np.bool_]) -> npt.NDArray[np.float64]:
        """Let the bots act at ``rows`` until the learner must decide or the match ends."""
        got = np.zeros(self.num_envs)
        while True:
            waiting = rows & ~self.tables.over & ~self.tables.acting()[:, self.seat]
            if not waiting.any():
                return got
            actions = self.opponents(self.tables, self.rng)
            actions[~waiting] = self.tables.noop
            got += self.tables.step(actions, waiting).points[:, self.seat]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        self.rng = np.random.default_rng(seed)
        self.tables = self.maker(
            self.num_envs, self.players, self.game_options, int(self.rng.integers(2**63))
        )
        self._play_others(np.ones(self.num_envs, dtype=bool))
        return self._obs(), {}

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        dict[str, npt.NDArray[Any]],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        mine = np.asarray(actions, dtype=np.int64).reshape(-1)
        if mine.shape != (self.num_envs,):
            raise IllegalAction(f"give one action per table ({self.num_envs}), not {mine.shape}")
        tables = self.tables
        joint = self.opponents(tables, self.rng)
        joint[:, self.seat] = np.where(tables.acting()[:, self.seat], mine, tables.noop)
        everyone = np.ones(self.num_envs, dtype=bool)
        points = tables.step(joint).points[:, self.seat] + self._play_others(everyone)
        ended = tables.over.copy()
        info: dict[str, Any] = {}
        if ended.any():
            info = {
                "final_obs": self._obs(),
                "scores": tables.scores(),
                "places": tables.places.copy(),
                "_final_obs": ended,
            }
            tables.reset(ended)
            self._play_others(ended)
        truncated = np.zeros(self.num_envs, dtype=bool)
        return self._obs(), self._sign * points, ended, truncated, info
