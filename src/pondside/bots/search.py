"""Search bots that see only their own view: single-observer ISMCTS and flat Monte-Carlo.

Both work on every game through the engine protocol alone: ``determinize`` samples a full
state from the bot's view on every iteration, and ``to_act``/``legal_actions``/``apply`` play
it out. Playouts stop when the current hand ends (or the match does): a hand is judged by
how the match scores moved during it, ranked per seat, so each seat maximises its own result
and more than two players are handled; a finished match is judged by its places.

ISMCTS follows Cowling, Powley & Whitehouse (2012), "Information Set Monte Carlo Tree
Search": one tree over the observer's information sets, children keyed by (seat, action),
UCB with availability counts. At a simultaneous step the other seats' choices are sampled
from the rollout policy, not searched in the tree, so the tree never conditions their choice
on ours (no peeking).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from pondside.engine import Game, View

from .base import Bot

Policy = Callable[[Any, int, list[str]], str]


class Budget:
    """Iterations, or seconds of thinking (seconds make decisions depend on machine speed)."""

    def __init__(self, iterations: int | None, seconds: float | None, default: int) -> None:
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise ValueError(f"iterations must be a whole number >= 1, not {iterations!r}")
        if seconds is not None and (not isinstance(seconds, int | float) or seconds <= 0):
            raise ValueError(f"seconds must be a positive number, not {seconds!r}")
        self.iterations = iterations if iterations or seconds else default
        self.seconds = seconds

    def run(self, step: Callable[[int], None]) -> int:
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        i = 0
        while True:
            if self.iterations is not None and i >= self.iterations:
                return i
            if deadline is not None and i > 0 and time.perf_counter() >= deadline:
                return i
            step(i)
            i += 1


class SearchBot(Bot):
    """What ISMCTS and flat Monte-Carlo share: budget, rollout policy, playouts and rewards."""

    default_iterations = 1000
    default_horizon = 60

    def __init__(
        self,
        game: Game[Any],
        seat: int,
        rng: random.Random,
        iterations: int | None = None,
        seconds: float | None = None,
        rollout: str = "random",
        horizon: int | None = None,
        reward: str = "rank",
    ) -> None:
        super().__init__(game, seat, rng)
        self.budget = Budget(iterations, seconds, self.default_iterations)
        if horizon is not None and (not isinstance(horizon, int) or horizon < 1):
            raise ValueError(f"horizon must be a whole number of decisions >= 1, not {horizon!r}")
        # Long hands (Ladders) are cut short and judged by the game's progress measure.
        self.horizon = horizon or self.default_horizon
        if reward not in ("rank", "mixed", "win"):
            raise ValueError(f"reward is rank, mixed or win, not {reward!r}")
        self.reward_kind = reward
        if rollout not in ("random", "heuristic"):
            raise ValueError(f"rollout is random or heuristic, not {rollout!r}")
        self.policy = self._random_policy if rollout == "random" else self._heuristic_policy()
        self.iterations_done = 0

    def _random_policy(self, state: Any, seat: int, legal: list[str]) -> str:
        return legal[self.rng.randrange(len(legal))]

    def _heuristic_policy(self) -> Policy:
        from . import heuristic_class

        cls = heuristic_class(self.game)
        bots: dict[int, Bot] = {}
        view = self.game.view

        def policy(state: Any, seat: int, legal: list[str]) -> str:
            bot = bots.get(seat)
            if bot is None:
                bot = bots[seat] = cls(self.game, seat, random.Random(self.rng.random()))
            return bot.choose(view(state, seat), legal)

        return policy

    # --- playouts -----------------------------------------------------------------------
    def playout(self, state: Any, hands: int) -> Any:
        """Play ``state`` by the rollout policy until the hand in play ends, or for ``horizon``
        decisions in a game that can judge a hand in progress."""
        game, policy = self.game, self.policy
        to_act, legal_actions, apply, hands_played = (
            game.to_act,
            game.legal_actions,
            game.apply,
            game.hands_played,
        )
        limit = self.horizon if game.progress(state) is not None else -1
        while limit != 0:
            seats = to_act(state)
            if not seats or hands_played(state) > hands:
                return state
            seat = seats[0]
            state, _ = apply(state, seat, policy(state, seat, legal_actions(state, seat)))
            limit -= 1
        return state

    def reward(
        self,
        state: Any,
        base: tuple[float, ...],
        hands: int = -1,
        base_progress: tuple[float, ...] | None = None,
    ) -> list[float]:
        """Per seat, in [0, 1]: the share of other seats it beat (ties count half): by places
        once the match is over, by how the scores moved once the hand is over, and by the
        game's progress measure for a hand cut short."""
        game = self.game
        outcome = game.outcome(state)
        progress = game.progress(state) if game.hands_played(state) <= hands else None
        if outcome is not None:
            results: list[float] = [-p for p in outcome.places]
        elif progress is not None:
            # How far each seat got during the playout: standings that were already apart
            # at the root must not drown the effect of the move being judged.
            start = base_progress or (0.0,) * len(progress)
            results = [p - b for p, b in zip(progress, start, strict=True)]
        else:
            sign = -1.0 if game.info.lower_score_is_better else 1.0
            results = [sign * (a - b) for a, b in zip(game.scores(state), base, strict=True)]
        n = len(results)
        if n < 2:
            return [1.0]
        ranks = [
            (sum(1 for r in results if r < mine) + 0.5 * (sum(1 for r in results if r == mine) - 1))
            / (n - 1)
            for mine in results
        ]
        if self.reward_kind == "rank":
            return ranks
        if self.reward_kind == "win":
            # Only first place counts (shared: split), as a win rate does.
            best = max(results)
            firsts = results.count(best)
            return [1.0 / firsts if r == best else 0.0 for r in results]
        # Mixed: half the rank, half the margin scaled to the spread of this playout.
        lo, hi = min(results), max(results)
        spread = hi - lo
        return [
            0.5 * k + (0.5 * (r - lo) / spread if spread else 0.25)
            for k, r in zip(ranks, results, strict=True)
        ]

    def choose(self, view: View, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        return self.search(view, legal)

    def search(self, view: View, legal: list[str]) -> str:
        raise NotImplementedError


class _Node:
    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # the seat whose action led here
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.children: dict[tuple[int, str], _Node] = {}


class ISMCTSBot(SearchBot):
    """Single-observer information-set MCTS (``ismcts:iterations=1000:rollout=random:c=0.7``)."""

    name = "ismcts"

    def __init__(
        self,
        game: Game[Any],
        seat: int,
        rng: random.Random,
        c: float = 0.7,
        prior: str = "none",
        **params: Any,
    ) -> None:
        super().__init__(game, seat, rng, **params)
        if not isinstance(c, int | float) or c < 0:
            raise ValueError(f"c (the exploration constant) must be >= 0, not {c!r}")
        self.c = float(c)
        if prior not in ("none", "heuristic"):
            raise ValueError(f"prior is none or heuristic, not {prior!r}")
        # With prior=heuristic the game's heuristic keeps its choice unless the search finds
        # another action clearly better (half as many visits again as the average share).
        self.prior: Bot | None = None
        if prior == "heuristic":
            from . import heuristic_class

            self.prior = heuristic_class(game)(game, seat, random.Random(rng.random()))

    def search(self, view: View, legal: list[str]) -> str:
        game, me, rng = self.game, self.seat, self.rng
        to_act, legal_actions, apply = game.to_act, game.legal_actions, game.apply
        root = _Node(me)
        others = tuple(s for s in range(view["players"]) if s != me)
        hands = -1
        c, log, sqrt = self.c, math.log, math.sqrt

        def iteration(_: int) -> None:
            nonlocal hands
            state = game.withdraw_choices(game.determinize(view, rng), others)
            if hands < 0:
                hands = game.hands_played(state)
            base, base_progress = game.scores(state), game.progress(state)
            node, path = root, []
            while True:
                seats = to_act(state)
                if not seats or game.hands_played(state) > hands:
                    break
                if len(seats) > 1:
                    # Simultaneous step: the others' hidden choices are sampled, not searched.
                    for s in seats:
                        if s != me:
                            state, _ = apply(
                                state, s, self.policy(state, s, legal_actions(state, s))
                            )
                    continue
                seat = seats[0]
                actions = legal_actions(state, seat)
                children = node.children
                untried = []
                best, best_action, best_score = None, "", -1.0
                for a in actions:
                    child = children.get((seat, a))
                    if child is None:
                        untried.append(a)
                        continue
                    child.avail += 1
                    score = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
                    if score > best_score:
                        best, best_action, best_score = child, a, score
                if untried:
                    a = untried[rng.randrange(len(untried))]
                    child = children[(seat, a)] = _Node(seat)
                    child.avail = 1
                    state, _ = apply(state, seat, a)
                    path.append(child)
                    break
                assert best is not None
                state, _ = apply(state, seat, best_action)
                path.append(best)
                node = best
            state = self.playout(state, hands)
            rewards = self.reward(state, base, hands, base_progress)
            for n in path:
                n.visits += 1
                n.total += rewards[n.seat]

        favourite = self.prior.choose(view, legal) if self.prior else None
        self.iterations_done = self.budget.run(iteration)
        bonus = 0.5 * self.iterations_done / len(legal)

        def merit(action: str) -> tuple[float, float]:
            child = root.children.get((me, action))
            visits, total = (child.visits, child.total) if child else (-1, 0.0)
            return (visits + (bonus if action == favourite else 0.0), total)

        return max(legal, key=merit)


class MCSBot(SearchBot):
    """Flat determinized Monte-Carlo (``mcs:iterations=1000``): every legal action is tried in
    turn on a fresh determinization and played out; the best mean result is chosen."""

    name = "mcs"

    def search(self, view: View, legal: list[str]) -> str:
        game, me, rng = self.game, self.seat, self.rng
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        others = tuple(s for s in range(view["players"]) if s != me)
        hands = -1

        def iteration(i: int) -> None:
            nonlocal hands
            k = i % len(legal)
            state = game.withdraw_choices(game.determinize(view, rng), others)
            if hands < 0:
                hands = game.hands_played(state)
            base, base_progress = game.scores(state), game.progress(state)
            state, _ = game.apply(state, me, legal[k])
            outcome = self.reward(self.playout(state, hands), base, hands, base_progress)
            totals[k] += outcome[me]
            counts[k] += 1

        self.iterations_done = self.budget.run(iteration)
        means = [t / n if n else -1.0 for t, n in zip(totals, counts, strict=True)]
        return legal[max(range(len(legal)), key=means.__getitem__)]
