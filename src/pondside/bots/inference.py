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

With ``rollout=adaptive`` the model is put to the test, seat by seat (a ``SeatModel``): each
seat's plays seen this hand are weighed under the model, averaged over the pool (the deals it
could hold), against a player who plays any legal action alike. Their ratio, added up over the
hands seen (a Bayes factor, even odds at first), says which explains that seat better; the
playouts then play each seat as the model that explains it (``modelled``: the seats played by
the heuristic), and only those seats' plays weigh the deals (a seat that plays at random says
nothing of its hand). Against players who play well that is the heuristic's playouts, against
random players or a random-playout search the uniform ones, and a mixed table gets both.
``models`` adds more kinds of player to the test (the game's ``GameBots.models``: bots that
choose without chance, such as Lame Duck's published Always Highest): a seat one of them
explains best is played as it, its plays weigh the deals, and where the game's model can
(``fit``) the pool is dealt again to agree with it.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from itertools import accumulate
from typing import Any

from pondside.engine import Game, View

from .declared import PlayerModel, SeatModel, game_bots
from .registry import make_bot

HEURISTIC, RANDOM = 0, 1
"""How a seat's playouts play it, and where its likelihoods are (``SeatModel``): by the game's
heuristic, at random; 2 and on are the search's ``models``."""


class Inference:
    """The pool sampler of one bot (``infer=heuristic`` on a search bot)."""

    def __init__(
        self,
        game: Game[Any],
        seat: int,
        epsilon: float = 0.1,
        pool: int = 200,
        weigh: bool = True,
        adapt: bool = False,
        models: Sequence[str] = (),
        own: int = HEURISTIC,
        redeal: bool = False,
    ) -> None:
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
        assert declared is not None
        self.game = game
        self.seat = seat
        self.model: PlayerModel = cls(game, seat, float(epsilon))
        if adapt and not isinstance(self.model, SeatModel):
            raise ValueError(
                f"{game.info.name}'s model of its players does not weigh each seat apart, "
                "which rollout=adaptive needs"
            )
        if models and not adapt:
            raise ValueError("models are the kinds of player rollout=adaptive tries")
        for name in models:
            if name not in declared.models:
                known = ", ".join(declared.models) or "none"
                raise ValueError(
                    f"{game.info.name}'s adaptive test may also try {known}, not {name!r}"
                )
        self.models = tuple(models)
        self.own = own  # how the playouts play this seat: HEURISTIC or RANDOM
        self.redeal = redeal
        if redeal and not (adapt and weigh):
            raise ValueError(
                "redeal deals afresh the seats an adaptive, inferring search plays at random"
            )
        self.others = [make_bot(name, game, seat, 0) for name in self.models]
        self.pool = pool
        self.weigh = weigh
        self.adapt = adapt
        self.spread = max(1.0, pool / 8)  # the effective pool size tempering keeps, at least
        self.effective = 0.0  # of the last pool: (sum w)^2 / sum w^2, for the curious
        self.evidence: dict[int, dict[int, tuple[float, ...]]] = {}
        """By hand seen, per other seat: the log of how much better the model explains its
        plays than a uniform player, then the same for each of ``models`` (the latest estimate
        of the hand)."""
        self.played_as: tuple[int, ...] | None = None
        """Per seat, how the playouts play it (``rollout=adaptive``): 0 by the heuristic, 1 at
        random, 2 and on as the ``models`` in their order; this seat as ``own`` says (the
        heuristic by default). None before the first look."""

    @property
    def modelled(self) -> frozenset[int] | None:
        """The seats the playouts play by the heuristic; None before the first look."""
        if self.played_as is None:
            return None
        return frozenset(s for s, kind in enumerate(self.played_as) if kind == HEURISTIC)

    def observe(self, view: View) -> None:
        self.model.observe(view)

    def sampler(self, view: View, rng: random.Random) -> Callable[[], Any]:
        """A function drawing one determinization of ``view``: by the model's weights, or
        uniformly where the deals are not weighed (an adaptive search without inference,
        whose pool serves only to test the model)."""
        game = self.game
        states = [game.determinize(view, rng) for _ in range(self.pool)]
        if self.adapt:
            likelihoods = self._adapt(states)
            if not self.weigh:
                sample = game.determinizer(view)
                return lambda: sample(rng)
            fitted = self._fit(states, rng)
            if fitted is not None:
                # Weighed again: the fitted deals' other seats hold other cards now.
                model = self.model
                assert isinstance(model, SeatModel)
                states = fitted
                likelihoods = [self._weight(model.seat_likelihoods(s, self.others)) for s in states]
        else:
            likelihoods = [self.model.likelihood(s) for s in states]
        weights = tempered(likelihoods, self.spread)
        if not weights:
            self.effective = 0.0
            return lambda: game.determinize(view, rng)
        total = sum(weights)
        self.effective = total * total / sum(w * w for w in weights)
        cumulative = list(accumulate(weights))
        last = len(states) - 1

        def draw() -> Any:
            return states[min(last, bisect_right(cumulative, rng.random() * total))]

        # The seats played at random weigh nothing: given the others' hands, their cards are
        # any of the rest alike, so each draw deals them afresh instead of reusing the pool's
        # few hundred deals (which tempering narrows to some 25 worlds).
        redeal = getattr(self.model, "redeal", None) if self.redeal else None
        fresh = [
            s for s, kind in enumerate(self.played_as or ()) if kind == RANDOM and s != self.seat
        ]
        if redeal is not None and fresh:
            return lambda: redeal(draw(), fresh, rng)

        return draw

    def _adapt(self, states: list[Any]) -> list[float]:
        """Test the model seat by seat on the pool ``states`` (``played_as``, ``evidence``);
        each state's likelihood under the kind of player each seat is played as (a random
        player's plays say nothing of its hand)."""
        model = self.model
        assert isinstance(model, SeatModel)
        per_state = [model.seat_likelihoods(s, self.others) for s in states]
        seats = sorted(per_state[0]) if per_state else []
        kinds = [HEURISTIC, *range(RANDOM + 1, RANDOM + 1 + len(self.others))]
        now = self.evidence[model.hand_seen()] = {}
        for seat in seats:
            alike = per_state[0][seat][RANDOM]  # the same in every deal: it counts the cards
            logs = []
            for kind in kinds:
                mean = sum(lk[seat][kind] for lk in per_state) / len(per_state)
                logs.append(math.log(mean / alike) if mean > 0 else -math.inf)
            now[seat] = tuple(logs)
        played_as = [HEURISTIC] * (len(seats) + 1)  # every other seat, and this one
        played_as[self.seat] = self.own
        for seat in seats:
            totals = [
                sum(hand[seat][i] for hand in self.evidence.values() if seat in hand)
                for i in range(len(kinds))
            ]
            # Each kind's total log odds against a random player (0); the first best wins, so
            # the heuristic keeps a tie (even odds before any play is seen).
            ranked = [
                (totals[0], HEURISTIC),
                (0.0, RANDOM),
                *zip(totals[1:], kinds[1:], strict=True),
            ]
            played_as[seat] = max(ranked, key=lambda kv: kv[0])[1]
        self.played_as = tuple(played_as)
        return [self._weight(lk) for lk in per_state]

    def _weight(self, likelihoods: dict[int, tuple[float, ...]]) -> float:
        """A state's likelihood (its seats' ``likelihoods``) under the kind of player each seat
        is played as: a random player's plays say nothing of its hand."""
        assert self.played_as is not None
        weight = 1.0
        for seat, lk in likelihoods.items():
            kind = self.played_as[seat]
            if kind != RANDOM:
                weight *= lk[kind]
        return weight

    def _fit(self, states: list[Any], rng: random.Random) -> list[Any] | None:
        """The pool dealt again to fit the seats played as one of the ``models``, where the
        game's model can (``fit``: e.g. no card above an Always Highest's plays); None where
        no seat is so played or the model cannot."""
        fit = getattr(self.model, "fit", None)
        played_as = self.played_as or ()
        by_model = {
            name: [s for s, kind in enumerate(played_as) if kind == RANDOM + 1 + i]
            for i, name in enumerate(self.models)
        }
        if fit is None or not any(by_model.values()):
            return None
        return [fit(s, by_model, rng) for s in states]


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
