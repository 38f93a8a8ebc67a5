"""Wildcat Chicane's bids by expected utility (issue 31 point 4), as the strongest programs of
bidding trick-taking games bid (Spades' BIS, Skat's Kermit): every possible bid (WC-7) is
valued by the score it would make (WC-12) over deals sampled from the seat's view, each played
out to the end of the hand by the casual policy, and the best is bid.

- :class:`ExpectedScore`: flat Monte-Carlo (``search.MCSBot``: every bid on the same sampled
  deals with the same luck, the budget spent by sequential halving) whose value of a bid is the
  seat's own score for the hand, not its rank among the seats: what a bid is for.
- :class:`BidSearchBot` (``bidsearch``): ISMCTS (or the casual heuristic, ``play=casual``) for
  the ruling card and the cards, and :class:`ExpectedScore` for the bid. With ``infer=heuristic``
  both sample the others' hands weighted by the rulers, bids and plays seen
  (``WildcatChicaneInference``) instead of uniformly.

``aim=exact`` values a bid, and judges the cards' search, by whether the hand ends with the
tricks bid (WC-12's d = 0) instead of the points: the exact-bid rate Wizard's bidders are
judged by, bought at the price of the score (WC-12 pays a near miss of a higher bid as much as
an exact lower one), to measure how far exactness and winning part (docs/bots.md).
"""

from __future__ import annotations

import random
from typing import Any

from pondside.engine import Game, View
from pondside.games.wildcat_chicane import (
    CODES,
    READING_NAMES,
    ChicaneState,
    trick_count,
)

from .base import Bot
from .search import ISMCTSBot, MCSBot
from .wildcat_chicane import WildcatChicaneHeuristic

PLAYS = ("search", "casual")
AIMS = ("score", "exact")


def made_bids(state: ChicaneState) -> list[float]:
    """Per seat, 1.0 where the hand that just ended ended with the tricks the seat bid, else
    0.0 (all 0.0 where no hand has ended). The fused random playout ends with the hand scored
    but not dealt, its bids and tricks still on the table (and the events of an earlier step
    kept: read first); a playout stepped through the rules ends with the next hand dealt, the
    ended hand's bids and tricks in the events of its last step."""
    if sum(state.won) == trick_count(state.n, state.variant):
        return [1.0 if b == w else 0.0 for b, w in zip(state.bids, state.won, strict=True)]
    for event in state.last_events:
        if event["type"] == "hand_end":
            return [
                1.0 if b == w else 0.0 for b, w in zip(event["bids"], event["won"], strict=True)
            ]
    return [0.0] * state.n


class ExpectedScore(MCSBot):
    """Flat Monte-Carlo valuing an action by the seat's score for the hand in play (WC-12):
    ``mcs``'s search over the bids with heuristic playouts, on score instead of rank."""

    name = "expected-score"

    def __init__(
        self, game: Game[Any], seat: int, rng: random.Random, aim: str = "score", **params: Any
    ) -> None:
        super().__init__(game, seat, rng, **params)
        if aim not in AIMS:
            raise ValueError(f"aim is {' or '.join(AIMS)}, not {aim!r}")
        self.aim = aim
        # The casual policy reading a lean view (what the heuristic reads, nothing else): the
        # whole view, with every trick read out for a page, was two thirds of a playout's time.
        bots = [WildcatChicaneHeuristic(game, s, self.prng) for s in range(4)]

        def policy(state: Any, seat: int, legal: list[str]) -> str:
            return bots[seat].choose(lean_view(state, seat), legal)

        self.policy = policy

    def batched(self, state: Any, players: int) -> None:
        """Never: the batched playouts judge by ``reward_of`` (squashed into [0, 1]), not by the
        seat's points as they are, so this search plays its playouts one by one."""
        return None

    def reward(
        self,
        state: Any,
        base: tuple[float, ...],
        hands: int = -1,
        base_progress: tuple[float, ...] | None = None,
    ) -> list[float]:
        if self.aim == "exact":
            return made_bids(state)
        # The playout stops at the end of the hand, so the totals moved by the hand's scores
        # alone (its last hand: the match's totals are still the scores, WC-13).
        return [a - b for a, b in zip(self.game.scores(state), base, strict=True)]


def lean_view(st: ChicaneState, seat: int) -> View:
    """What the casual heuristic reads of ``seat``'s view (``seat.view`` has it all): the hand,
    the readings and trumps, bids, tricks won and the trick in play."""
    return {
        "players": st.n,
        "hand": [CODES[c] for c in st.hands[seat]],
        "calls": [c[5:] for c in st.calls],
        "readings": [READING_NAMES[r] if r >= 0 else None for r in st.readings],
        "trumps": [t or None for t in st.trumps],
        "bids": [b if b >= 0 else None for b in st.bids],
        "won": st.won,
        "trick": [(s, CODES[c]) for s, c in st.trick],
        "tricks_in_hand": trick_count(st.n, st.variant),
    }


class BidSearchBot(ISMCTSBot):
    """ISMCTS that bids by expected score
    (``bidsearch:iterations=1000:rollout=heuristic:infer=heuristic``).

    ``bids``: playouts of the bid search (every bid on each sampled deal, the worse half dropped
    each round; as many as ``iterations`` unless set); ``play=casual`` plays the ruling card
    and the cards by the heuristic instead of the search (to measure the bids alone, cheaply);
    ``aim=exact``: both searches judge a hand by the bids made exactly, not by the points.
    ``infer``, ``epsilon``, ``pool`` and ``seconds`` go to both searches."""

    name = "bidsearch"

    def __init__(
        self,
        game: Game[Any],
        seat: int,
        rng: random.Random,
        bids: int | None = None,
        play: str = "search",
        aim: str = "score",
        **params: Any,
    ) -> None:
        super().__init__(game, seat, rng, **params)
        # The bid search's playouts follow the search's iterations unless set (the lab scales a
        # level's budget by its iterations).
        bids = params.get("iterations") or self.default_iterations if bids is None else bids
        if not isinstance(bids, int) or bids < 1:
            raise ValueError(
                f"bids (playouts of the bid search) is a whole number >= 1, not {bids!r}"
            )
        if play not in PLAYS:
            raise ValueError(f"play is {' or '.join(PLAYS)}, not {play!r}")
        shared = {k: params[k] for k in ("infer", "epsilon", "pool", "seconds") if k in params}
        self.bidder = ExpectedScore(
            game,
            seat,
            random.Random(rng.random()),
            aim=aim,
            iterations=bids,
            rollout="heuristic",
            **shared,
        )
        self.aim = aim
        self.casual: Bot | None = None
        if play == "casual":
            self.casual = WildcatChicaneHeuristic(game, seat, random.Random(rng.random()))

    def reward(
        self,
        state: Any,
        base: tuple[float, ...],
        hands: int = -1,
        base_progress: tuple[float, ...] | None = None,
    ) -> list[float]:
        if self.aim == "exact":
            return made_bids(state)
        return super().reward(state, base, hands, base_progress)

    def choose(self, view: View, legal: list[str]) -> str:
        if legal[0].startswith("bid "):
            return self.bidder.choose(view, legal)
        if self.casual is not None:
            return self.casual.choose(view, legal)
        return super().choose(view, legal)
