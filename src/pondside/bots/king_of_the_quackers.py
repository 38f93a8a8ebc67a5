"""A King of the Quackers heuristic: a sensible climber.

It values a hand by a plan for emptying it (``plan_cost``): the fewest plays, low loose singles
counting as liabilities and a Bomb as an asset. It gives away its worst two cards, leads what
sheds the most trouble (low singles, then Sets and Straight Flushes), follows when a play does
not spoil its plan, keeps Bombs for when an opponent is close to going out or they finish the
hand, and promises (bidding rules) when its plan is short and nobody is close.
"""

from __future__ import annotations

from functools import lru_cache

from pondside.engine import View
from pondside.games.king_of_the_quackers import (
    ACE_OF,
    BOMB,
    CODE,
    CROWN,
    EXCUSE,
    INDEX,
    NUMBER_OF,
    PERSONALITY,
    RANK,
    describe,
)

from .base import Bot
from .declared import GameBots


def _suit_runs(numbers: dict[int, int], ace_of: int) -> dict[int, tuple[int, ...]]:
    """The longest Straight Flush of one suit (its first from the lowest start, an Ace filling
    one gap; ``()`` under three cards) for each subset of the suit's numbers 2-9 and Ace, keyed
    by the subset's bits (``1 << card``): the plan looks a hand's runs up, six look-ups a hand,
    rather than walking every start in every suit at each of its many calls."""
    suit = [numbers[r] for r in range(2, 10)] + [ace_of]
    table: dict[int, tuple[int, ...]] = {}
    for subset in range(1 << len(suit)):
        cards = {c for i, c in enumerate(suit) if subset >> i & 1}
        ace = ace_of if ace_of in cards else -1
        best: tuple[int, ...] = ()
        for low in range(2, 8):
            run: list[int] = []
            used_ace = False
            for r in range(low, 10):
                c = numbers[r]
                if c in cards:
                    run.append(c)
                elif ace >= 0 and not used_ace:
                    run.append(ace)
                    used_ace = True
                else:
                    break
            if len(run) >= 3 and len(run) > len(best):
                best = tuple(run)
        table[sum(1 << c for c in cards)] = best
    return table


_RUNS: tuple[tuple[int, dict[int, tuple[int, ...]]], ...] = tuple(
    (
        sum(1 << c for c in [*(numbers[r] for r in range(2, 10)), ace_of]),
        _suit_runs(numbers, ace_of),
    )
    for numbers, ace_of in zip(NUMBER_OF, ACE_OF, strict=True)
)
"""Per suit: the bits of its numbers and Ace, and its runs by the subset held."""


def _longest_flush(cards: frozenset[int]) -> tuple[int, ...]:
    """The longest Straight Flush in ``cards`` (an Ace filling one gap), or ``()``: of equal
    lengths, the first suit's (``NUMBER_OF`` order)."""
    held = 0
    for c in cards:
        held |= 1 << c
    best: tuple[int, ...] = ()
    for bits, runs in _RUNS:
        run = runs[held & bits]
        if len(run) > len(best):
            best = run
    return best


def _loose_cost(cards: frozenset[int]) -> float:
    """Sets by rank and single cards: one play each; low singles cost more (they rarely win)."""
    groups: dict[int, int] = {}
    cost = 0.0
    for c in cards:
        r = RANK[c]
        if c == EXCUSE:
            cost += 0.6  # it sheds on any single
        elif r == CROWN:
            cost += 1.0
        else:
            groups[r] = groups.get(r, 0) + 1
    for r, k in groups.items():
        cost += 1.0 if k >= 2 else 1.0 + (CROWN - r) / (2 * CROWN)
    return cost


@lru_cache(maxsize=1 << 17)
def plan_cost(hand: frozenset[int]) -> float:
    """About how many plays the hand needs, lower being better (0 for an empty hand)."""
    if not hand:
        return 0.0
    best = _plan_without_bomb(hand)
    people = frozenset(c for c in hand if PERSONALITY[c] and c != EXCUSE)
    if len(people) >= 2:
        best = min(best, 0.5 + _plan_without_bomb(hand - people))
    return best


def _plan_without_bomb(hand: frozenset[int]) -> float:
    flush = _longest_flush(hand)
    cost = _loose_cost(hand)
    if flush:
        cost = min(cost, 1.0 + _plan_without_bomb(hand - frozenset(flush)))
    return cost


class KingOfTheQuackersHeuristic(Bot):
    name = "heuristic"

    def choose(self, view: View, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        hand = frozenset(INDEX[c] for c in view["hand"])
        if view["phase"] == "pass":
            return self._give(hand, legal)
        sizes = view["hand_sizes"]
        danger = min(
            (k for s, k in enumerate(sizes) if s != self.seat and k), default=99
        )  # the fewest cards an opponent holds
        leading = "pass" not in legal
        now = plan_cost(hand)
        best, best_cost = "pass", now + 0.25
        if leading:
            best_cost = float("inf")
        plain = [a for a in legal if not a.endswith(" promise") and a != "pass"]
        only_bombs = leading and all(PERSONALITY[c] for c in hand)
        for action in plain:
            play = describe(action)
            assert play is not None
            after = hand - frozenset(play.cards)
            cost = plan_cost(after)
            if after and play.kind == BOMB and play.cards != (EXCUSE,):
                # a Bomb is control: spend it when someone is close or it nearly finishes
                if leading and not only_bombs:
                    continue
                if danger > 3 and cost > 1.5:
                    cost += 1.0
            size = len(play.cards)
            if after and size <= danger and danger <= 2:
                cost += 0.6  # do not hand a nearly-out opponent an easy finish
            cost += 0.01 * play.rank - 0.002 * size
            if cost < best_cost:
                best, best_cost = action, cost
        if best != "pass" and view["options"]["bidding"] and best + " promise" in legal:
            after = hand - frozenset(describe(best).cards)  # type: ignore[union-attr]
            if plan_cost(after) <= 2.0 and len(after) >= 2 and danger >= len(after) + 2:
                return best + " promise"
        return best

    def explain(self, view: View, legal: list[str], action: str) -> str | None:
        hand = frozenset(INDEX[c] for c in view["hand"])
        now = plan_cost(hand)
        if len(legal) == 1:
            return "it is the only choice"
        if action.startswith("give"):
            after = hand - frozenset(INDEX[c] for c in action.split()[1:])
            return (
                "of every two cards, giving these hurts your plan least: about "
                f"{plan_cost(after):.1f} plays to empty what is left"
            )
        if action == "pass":
            return f"no play shortens your plan of about {now:.1f} plays to empty your hand"
        play = describe(action.removesuffix(" promise"))
        if play is None:
            return None
        after = hand - frozenset(play.cards)
        if not after:
            return "it empties your hand"
        promise = "; a promise, as your plan is short and nobody is close" * action.endswith(
            " promise"
        )
        return (
            f"it leaves about {plan_cost(after):.1f} plays to empty your hand (now {now:.1f})"
            + promise
        )

    @staticmethod
    def _give(hand: frozenset[int], legal: list[str]) -> str:
        """Give away the two cards whose loss helps the plan most; keep Bombs and high cards."""
        cards = sorted(hand)
        best, best_cost = legal[0], float("inf")
        for i, a in enumerate(cards):
            for b in cards[i + 1 :]:
                cost = plan_cost(hand - {a, b})
                for c in (a, b):
                    if PERSONALITY[c]:
                        cost += 0.5
                    if RANK[c] >= 10:
                        cost += 0.3
                if cost < best_cost:
                    best_cost = cost
                    lo, hi = (a, b) if RANK[a] <= RANK[b] else (b, a)
                    best = f"give {CODE[lo]} {CODE[hi]}"
        return best


# The search levels (bots/levels.py; rated in docs/bots.md): strong thinks a fraction of
# expert's time; expert is the strongest search within the 2 s a person waits (one core).
BOTS = GameBots(
    heuristic=KingOfTheQuackersHeuristic,
    strong="mcs:iterations=200:rollout=heuristic:prior=heuristic",
    expert="mcs:iterations=500:rollout=heuristic:prior=heuristic",
    # The level ladder (docs/bots.md) plays matches to 25 points, about half a whole match: its
    # round robin seats both search levels in most matches, and whole matches cost too much.
    ladder_options={"target": 25},
)
