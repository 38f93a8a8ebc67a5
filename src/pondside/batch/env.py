"""A JaxMARL-style parallel step over a batched engine (``docs/batch.md``).

Every seat (agent ``seat_0`` ..) passes an action at every step: a legal action where it acts,
the no-op (``env.noop``, one past the game's last action) where it does not. Each agent's
observation carries ``action_mask`` over the actions and the no-op, so the mask says who acts:
a seat that does not act has the no-op alone. Rewards are each step's score change (negated
where fewer points are better, as in Lame Duck, so more is always better). A finished table's
outcome is reported in ``info`` and, with ``autoreset``, the table starts a new match at once.

>>> env = ParallelEnv("lame-duck", batch=2, players=3, seed=1)
>>> obs = env.reset()
>>> sorted(env.agents), obs["seat_0"]["action_mask"].shape
(['seat_0', 'seat_1', 'seat_2'], (2, 109))
>>> obs, rewards, dones, info = env.step(env.sample_actions())
>>> dones["__all__"].shape
(2,)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from pondside.games import get_game

from .base import Tables
from .check import batched

Arrays = dict[str, npt.NDArray[Any]]


class ParallelEnv:
    """``ParallelEnv(slug, batch, players, seed=None, autoreset=True, **options)``."""

    def __init__(
        self,
        slug: str,
        batch: int,
        players: int | None = None,
        seed: int | None = None,
        autoreset: bool = True,
        **options: Any,
    ) -> None:
        maker = batched(slug)
        self.rng = np.random.default_rng(seed)
        seats = players if players is not None else get_game(slug).info.default_players
        self.tables: Tables = maker(batch, seats, options, int(self.rng.integers(2**63)))
        self.players = self.tables.players
        self.agents = [f"seat_{s}" for s in range(self.players)]
        self.noop: int = self.tables.noop
        self.autoreset = autoreset
        self._sign = -1 if self.tables.game.info.lower_score_is_better else 1

    def reset(self) -> dict[str, Arrays]:
        self.tables.reset()
        return self._observations()

    def _observations(self) -> dict[str, Arrays]:
        out = {}
        acting = self.tables.acting()
        for s, agent in enumerate(self.agents):
            obs = self.tables.observe(s)
            mask = np.zeros((self.tables.batch, self.noop + 1), dtype=bool)
            mask[:, : self.noop] = self.tables.legal_mask(s)
            mask[:, self.noop] = ~acting[:, s]
            obs["action_mask"] = mask
            out[agent] = obs
        return out

    def sample_actions(self) -> dict[str, npt.NDArray[np.int64]]:
        """A uniformly random legal action for every seat that acts, the no-op for the rest."""
        actions = self.tables.random_actions(self.rng)
        return {agent: actions[:, s] for s, agent in enumerate(self.agents)}

    def step(
        self, actions: dict[str, npt.ArrayLike]
    ) -> tuple[dict[str, Arrays], dict[str, npt.NDArray[np.float64]], Arrays, dict[str, Any]]:
        """(observations, rewards, dones, info); ``dones["__all__"]`` marks each table whose
        match ended at this step, ``info["scores"]``/``info["places"]`` its outcome."""
        missing = [a for a in self.agents if a not in actions]
        if missing:
            raise ValueError(
                f"every seat passes an action (the no-op where it does not act); "
                f"missing: {', '.join(missing)}"
            )
        joint = np.stack([np.asarray(actions[a], dtype=np.int64) for a in self.agents], axis=1)
        result = self.tables.step(joint)
        ended = result.ended
        info: dict[str, Any] = {
            "scores": self.tables.scores(),
            "places": self.tables.places.copy(),
            "ended": ended,
        }
        if self.autoreset and ended.any():
            self.tables.reset(ended)
        rewards = {
            a: self._sign * result.points[:, s].astype(np.float64)
            for s, a in enumerate(self.agents)
        }
        dones: Arrays = {a: ended for a in self.agents}
        dones["__all__"] = ended
        return self._observations(), rewards, dones, info
