"""PettingZoo environments for every Pondside game (issue 8).

``env(slug, players=N, **options)`` is an AEC environment: one agent acts at a time, in the
order the game asks (at a simultaneous step such as Lame Duck's card choice, King of the
Quackers' passing or Wildcat Chicane's ruling card, the seats still to choose are asked one
after another, and no one sees another's choice before the reveal: the view hides it).
``parallel_env(...)`` is a Parallel environment: each step takes one action from every agent,
applies those of the seats that must decide now (all of them at a simultaneous step, one
otherwise) and ignores the rest.

Agents are ``player_0`` .. ``player_{N-1}`` (seat numbers). Observations are
``{"observation": float32 vector, "action_mask": int8 vector}`` (``codec.Codec``), actions
the numbers of ``Codec.actions``. Rewards come at the end of every hand: the change in the
seat's match score (negated where fewer is better); ``reward="place"`` gives 1 .. -1 by place
at the end of the match instead.

>>> e = env("down-the-drain", players=3)
>>> e.reset(seed=1)
>>> sorted(e.last()[0])
['action_mask', 'observation']
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from pondside.engine import IllegalAction, Match

from .codec import Codec
from .common import HandRewards

ILLEGAL = ("raise", "default")
"""What an action the seat may not take does: ``raise`` an ``IllegalAction``, or ``default``:
play the rules' timeout default instead (``Game.timeout_action``) and say so in the info."""


class _Core:
    """The match, the codec and the spaces that both environment kinds share."""

    def __init__(
        self,
        slug: str,
        players: int | None,
        options: Mapping[str, Any],
        reward: str,
        illegal: str,
        max_steps: int | None,
    ) -> None:
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal is one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self.codec = Codec(slug, players, options)
        self.game = self.codec.game
        self.players = self.codec.players
        self.options = self.codec.options
        self.reward_mode = reward
        self.illegal = illegal
        self.max_steps = max_steps
        self.names = [f"player_{s}" for s in range(self.players)]
        self.seat_of = {a: s for s, a in enumerate(self.names)}
        codec = self.codec
        self.obs_space = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        codec.layout.low(), codec.layout.high(), (codec.obs_size,), np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (codec.num_actions,), np.int8),
                }
            )
            for a in self.names
        }
        self.act_space = {a: spaces.Discrete(codec.num_actions) for a in self.names}
        self.rng: np.random.Generator | None = None
        self.match: Match[Any] | None = None
        self.rewarder: HandRewards | None = None
        self.steps = 0

    def start(self, seed: int | None, reset_options: Mapping[str, Any] | None) -> None:
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        elif self.rng is None:
            self.rng = np.random.default_rng()
        extra = dict(reset_options or {})
        match_seed = int(self.rng.integers(0, 2**62))
        self.match = Match(
            self.game,
            self.players,
            self.options,
            seed=match_seed,
            deal=extra.get("deal"),
            position=extra.get("position"),
        )
        self.rewarder = HandRewards(self.game, self.match.state, self.reward_mode)
        self.steps = 0

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        assert self.match is not None
        game, state = self.game, self.match.state
        return {
            "observation": self.codec.observe(game.view(state, seat)),
            "action_mask": self.codec.mask(game.legal_actions(state, seat)),
        }

    def choose(self, seat: int, action: Any) -> tuple[str, bool]:
        """The action text for a number, and whether it was replaced (illegal='default')."""
        assert self.match is not None
        game, state = self.game, self.match.state
        text: str | None = None
        try:
            number = int(action)
        except (TypeError, ValueError):
            number = -1
        if 0 <= number < self.codec.num_actions:
            text = self.codec.actions[number]
        if text is not None and text in game.legal_actions(state, seat):
            return text, False
        if self.illegal == "raise":
            raise IllegalAction(
                f"action {action!r} ({text or 'no action'}) is not legal for seat {seat} now"
            )
        return game.timeout_action(state, seat), True

    def apply(self, seat: int, text: str) -> list[float]:
        assert self.match is not None and self.rewarder is not None
        self.match.state, _ = self.game.apply(self.match.state, seat, text)
        self.steps += 1
        return self.rewarder.step(self.match.state)

    def over(self) -> bool:
        assert self.match is not None
        return self.game.is_over(self.match.state)

    def truncated(self) -> bool:
        return self.max_steps is not None and self.steps >= self.max_steps

    def render(self) -> str:
        assert self.match is not None
        return json.dumps(self.game.view(self.match.state, None), sort_keys=True)


class PondsideAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no types
    """A Pondside match as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "is_parallelizable": True}  # noqa: RUF012 - the frameworks\' convention

    def __init__(
        self,
        slug: str,
        players: int | None = None,
        *,
        reward: str = "hand",
        illegal: str = "raise",
        max_steps: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.core = _Core(slug, players, options, reward, illegal, max_steps)
        self.metadata = {**self.metadata, "name": f"pondside_{slug.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        self.possible_agents = list(self.core.names)
        self.agents: list[str] = []

    @functools.cache  # noqa: B019 - the same object every time (PettingZoo)
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.core.obs_space[agent]

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.core.act_space[agent]

    @property
    def match(self) -> Match[Any]:
        assert self.core.match is not None, "call reset() first"
        return self.core.match

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.core.start(seed, options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.core.names[self.match.to_act()[0]]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.core.observe(self.core.seat_of[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        core = self.core
        seat = core.seat_of[agent]
        text, replaced = core.choose(seat, action)
        self._cumulative_rewards[agent] = 0.0
        rewards = core.apply(seat, text)
        for a in self.agents:
            self.rewards[a] = rewards[core.seat_of[a]]
            self.infos[a] = {}
        if replaced:
            self.infos[agent] = {"illegal_action": action, "played": text}
        if core.over():
            for a in self.agents:
                self.terminations[a] = True
        elif core.truncated():
            for a in self.agents:
                self.truncations[a] = True
        else:
            self.agent_selection = core.names[self.match.to_act()[0]]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        text = self.core.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


class PondsideParallelEnv(ParallelEnv):  # type: ignore[misc]  # pettingzoo has no types
    """A Pondside match as a PettingZoo Parallel environment (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}  # noqa: RUF012 - the frameworks\' convention

    def __init__(
        self,
        slug: str,
        players: int | None = None,
        *,
        reward: str = "hand",
        illegal: str = "default",
        max_steps: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.core = _Core(slug, players, options, reward, illegal, max_steps)
        self.metadata = {**self.metadata, "name": f"pondside_{slug.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        self.possible_agents = list(self.core.names)
        self.agents: list[str] = []

    @functools.cache  # noqa: B019
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.core.obs_space[agent]

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.core.act_space[agent]

    @property
    def match(self) -> Match[Any]:
        assert self.core.match is not None, "call reset() first"
        return self.core.match

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self.core.start(seed, options)
        self.agents = list(self.possible_agents)
        return {a: self.core.observe(s) for s, a in enumerate(self.agents)}, {
            a: {} for a in self.agents
        }

    def step(self, actions: Mapping[str, Any]) -> tuple[dict[str, Any], ...]:
        core = self.core
        game = core.game
        total = [0.0] * core.players
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        for seat in self.match.to_act():
            if seat not in game.to_act(self.match.state):
                continue
            agent = core.names[seat]
            action = actions.get(agent)
            text, replaced = core.choose(seat, action)
            if replaced:
                infos[agent] = {"illegal_action": action, "played": text}
            for s, r in enumerate(core.apply(seat, text)):
                total[s] += r
            if core.over():
                break
        over, cut = core.over(), core.truncated()
        observations = {a: core.observe(core.seat_of[a]) for a in self.agents}
        rewards = {a: total[core.seat_of[a]] for a in self.agents}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, cut and not over)
        if over or cut:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        text = self.core.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(slug: str, players: int | None = None, **kwargs: Any) -> PondsideAECEnv:
    """An AEC environment for ``slug``; keyword arguments are game options (``rounds=1``),
    or ``reward``, ``illegal``, ``max_steps``, ``render_mode``."""
    return PondsideAECEnv(slug, players, **kwargs)


def parallel_env(slug: str, players: int | None = None, **kwargs: Any) -> PondsideParallelEnv:
    """A Parallel environment for ``slug`` (same arguments as :func:`env`)."""
    return PondsideParallelEnv(slug, players, **kwargs)
