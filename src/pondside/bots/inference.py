"""Inference: determinizations weighted by how likely the other seats' past plays were.

Uniform determinization deals the unseen cards as if the others had played at random. They did
not: a seat that kept its 7 while a 7 was the safe card probably has no 7. A game's bot module
may declare a model of the other players (``GameBots.inference``: a class built as
``cls(game, seat, epsilon)``, with ``observe(view)`` called at each of the bot's decisions and
``likelihood(state)`` for a sampled state), usually the game's heuristic with a slip
probability ``epsilon``: a play the model would have made weighs ``1 - epsilon``, any other
``epsilon`` shared among the rest.

The search draws a pool of uniform determinizations, weighs each by the likelihood of the
plays seen so far, and samples its iterations' states from the pool by weight (importance
resampling). The likelihood never reads a hidden card of the real match: only the bot's own
views and the sampled state.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate
from typing import Any

from pondside.engine import Game, View

from .declared import PlayerModel, game_bots


class Inference:
    """The pool sampler of one bot (``infer=heuristic`` on a search bot)."""

    def __init__(self, game: Game[Any], seat: int, epsilon: float = 0.1, pool: int = 200) -> None:
        if not isinstance(epsilon, int | float) or not 0 < epsilon < 1:
            raise ValueError(
                f"epsilon (the model's slip probability) is above 0 and below 1, not {epsilon!r}"
            )
        if not isinstance(pool, int) or pool < 1:
            raise ValueError(f"pool must be a whole number of states >= 1, not {pool!r}")
        declared = game_bots(game)
        cls = None if declared is None else declared.inference
        if cls is None:
            raise ValueError(f"{game.info.name} has no model of its players to infer with")
        self.game = game
        self.model: PlayerModel = cls(game, seat, float(epsilon))
        self.pool = pool
        self.spread = max(1.0, pool / 8)  # the effective pool size tempering keeps, at least
        self.effective = 0.0  # of the last pool: (sum w)^2 / sum w^2, for the curious

    def observe(self, view: View) -> None:
        self.model.observe(view)

    def sampler(self, view: View, rng: random.Random) -> Callable[[], Any]:
        """A function drawing one determinization of ``view``, by the model's weights."""
        game = self.game
        states = [game.determinize(view, rng) for _ in range(self.pool)]
        weights = tempered([self.model.likelihood(s) for s in states], self.spread)
        if not weights:
            self.effective = 0.0
            return lambda: game.determinize(view, rng)
        total = sum(weights)
        self.effective = total * total / sum(w * w for w in weights)
        cumulative = list(accumulate(weights))
        last = len(states) - 1

        def draw() -> Any:
            return states[min(last, bisect_right(cumulative, rng.random() * total))]

        return draw


def tempered(likelihoods: list[float], least: float) -> list[float]:
    """The weights ``likelihood ** beta``, with the largest ``beta`` in (0, 1] that keeps the
    effective number of states, ``(sum w)^2 / sum w^2``, at ``least`` or more (a bisection).

    A pool of a few hundred uniform deals holds few that fit every play seen: untempered, the
    search would bet on two or three worlds. Tempering keeps the ranking and spreads the bet.
    Empty when no state is possible."""
    logs = [math.log(w) for w in likelihoods if w > 0]
    if not logs:
        return []
    top = max(logs)
    logs = [math.log(w) - top if w > 0 else -math.inf for w in likelihoods]

    def weights(beta: float) -> list[float]:
        return [math.exp(beta * x) if x > -math.inf else 0.0 for x in logs]

    def effective(ws: list[float]) -> float:
        return sum(ws) ** 2 / sum(w * w for w in ws)

    if effective(weights(1.0)) >= least:
        return weights(1.0)
    lo, hi = 0.0, 1.0
    for _ in range(20):
        mid = (lo + hi) / 2
        if effective(weights(mid)) >= least:
            lo = mid
        else:
            hi = mid
    return weights(lo)
