"""A Gymnasium environment: one seat learns, the other seats are Pondside bots (issue 8).

>>> e = PondsideEnv("down-the-drain", players=3, opponents="random")
>>> obs, info = e.reset(seed=3)
>>> sorted(obs), int(e.action_space.n)
(['action_mask', 'observation'], 19)

Observations are ``{"observation", "action_mask"}`` as in the PettingZoo environments
(``codec.py``); ``action_masks()`` returns the mask too (the name sb3-contrib's MaskablePPO
looks for). Rewards arrive at the end of each hand (the learner's score change, negated where
fewer is better) or, with ``reward="place"``, once, by place, at the end of the match.
An illegal action is replaced by the rules' timeout default and reported in the info
(``illegal="raise"`` raises instead), so unmasked random actions never crash an episode.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from pondside.bots import make_bot
from pondside.bots.base import Bot
from pondside.engine import IllegalAction, Match

from .codec import Codec
from .common import HandRewards


class PondsideEnv(gym.Env):
    """``PondsideEnv(slug, players, seat=0, opponents="heuristic", **options)``.

    ``seat``: the learner's seat, or ``None`` for a random seat each episode.
    ``opponents``: one bot spec for every other seat (``"heuristic"``, ``"random"``,
    ``"ismcts:iterations=200"``...), or a list with one spec per other seat in seat order.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}  # noqa: RUF012 - the frameworks\' convention

    def __init__(
        self,
        slug: str,
        players: int | None = None,
        *,
        seat: int | None = 0,
        opponents: str | Sequence[str] = "heuristic",
        reward: str = "hand",
        illegal: str = "default",
        max_steps: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.codec = Codec(slug, players, options)
        self.game = self.codec.game
        self.players = self.codec.players
        self.options = self.codec.options
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"seat is 0..{self.players - 1} or None, not {seat!r}")
        others = self.players - 1
        specs = [opponents] * others if isinstance(opponents, str) else list(opponents)
        if len(specs) != others:
            raise ValueError(f"give one opponent spec, or {others} of them (one per other seat)")
        if illegal not in ("raise", "default"):
            raise ValueError(f"illegal is raise or default, not {illegal!r}")
        self.specs = specs
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.reward_mode = reward
        self.illegal = illegal
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    self.codec.layout.low(),
                    self.codec.layout.high(),
                    (self.codec.obs_size,),
                    np.float32,
                ),
                "action_mask": spaces.Box(0, 1, (self.codec.num_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.codec.num_actions)
        self.match: Match[Any] | None = None
        self.bots: dict[int, Bot] = {}
        self.rewarder: HandRewards | None = None
        self.steps = 0

    # --- helpers ----------------------------------------------------------------------
    def _obs(self) -> dict[str, np.ndarray]:
        assert self.match is not None
        game, state = self.game, self.match.state
        return {
            "observation": self.codec.observe(game.view(state, self.seat)),
            "action_mask": self.codec.mask(game.legal_actions(state, self.seat)),
        }

    def action_masks(self) -> np.ndarray:
        assert self.match is not None
        return self.codec.mask(self.game.legal_actions(self.match.state, self.seat))

    def _play_others(self) -> float:
        """Let the bots act until the learner must decide or the match ends; the learner's
        reward meanwhile."""
        assert self.match is not None and self.rewarder is not None
        game, got = self.game, 0.0
        while True:
            to_act = game.to_act(self.match.state)
            if not to_act or self.seat in to_act:
                return got
            seat = to_act[0]
            state = self.match.state
            legal = sorted(game.legal_actions(state, seat))
            action = self.bots[seat].choose(game.view(state, seat), legal)
            self.match.state, _ = game.apply(state, seat, action)
            got += self.rewarder.step(self.match.state)[self.seat]

    # --- the Gymnasium interface --------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        extra = dict(options or {})
        if self.fixed_seat is None:
            self.seat = int(rng.integers(self.players))
        self.match = Match(
            self.game,
            self.players,
            self.options,
            seed=int(rng.integers(0, 2**62)),
            deal=extra.get("deal"),
            position=extra.get("position"),
        )
        others = [s for s in range(self.players) if s != self.seat]
        self.bots = {
            s: make_bot(spec, self.game, s, int(rng.integers(0, 2**62)))
            for s, spec in zip(others, self.specs, strict=True)
        }
        self.rewarder = HandRewards(self.game, self.match.state, self.reward_mode)
        self.steps = 0
        self._pending = self._play_others()
        return self._obs(), {"seat": self.seat}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        assert self.match is not None and self.rewarder is not None, "call reset() first"
        game = self.game
        state = self.match.state
        info: dict[str, Any] = {"seat": self.seat}
        if game.is_over(state):
            raise IllegalAction("the match is over: call reset()")
        legal = game.legal_actions(state, self.seat)
        try:
            number = int(action)
        except (TypeError, ValueError):
            number = -1
        text = self.codec.actions[number] if 0 <= number < self.codec.num_actions else None
        if text not in legal:
            if self.illegal == "raise":
                raise IllegalAction(f"action {action!r} ({text}) is not legal now")
            text = game.timeout_action(state, self.seat)
            info.update(illegal_action=action, played=text)
        assert text is not None
        self.match.state, _ = game.apply(state, self.seat, text)
        self.steps += 1
        reward = self._pending + self.rewarder.step(self.match.state)[self.seat]
        self._pending = 0.0
        reward += self._play_others()
        terminated = game.is_over(self.match.state)
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        if terminated:
            outcome = game.outcome(self.match.state)
            assert outcome is not None
            info.update(scores=list(outcome.scores), places=list(outcome.places))
        if self.render_mode == "human":
            self.render()
        return self._obs(), float(reward), terminated, truncated, info

    def render(self) -> str | None:
        assert self.match is not None
        text = json.dumps(self.game.view(self.match.state, self.seat), sort_keys=True)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def make(slug: str, players: int | None = None, **kwargs: Any) -> PondsideEnv:
    """The same as ``PondsideEnv(slug, players, **kwargs)``."""
    return PondsideEnv(slug, players, **kwargs)


def register_envs() -> list[str]:
    """Register ``pondside/<slug>-v0`` ids with Gymnasium (``gymnasium.make("pondside/lame-duck-v0",
    players=4)``); returns the ids."""
    from pondside.games import slugs

    ids = []
    for slug in slugs():
        env_id = f"pondside/{slug}-v0"
        if env_id not in gym.registry:
            gym.register(
                id=env_id,
                entry_point="pondside.adapters.gymnasium:PondsideEnv",
                kwargs={"slug": slug},
            )
        ids.append(env_id)
    return ids
