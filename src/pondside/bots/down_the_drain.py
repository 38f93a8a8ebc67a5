"""A Down the Drain heuristic: shed a card that survives the round, stop whoever is close.

For each card it estimates the chance that the card's group survives until it is pushed
through: a card that joins a group is pushed on the turn of the group's first member, so only
the players before that member can beat it; each of them beats it if one of their cards (drawn
from the cards this seat cannot see) makes a strictly higher group (DD-4d, DD-5). It adds what
the card does to the others: a group it beats loses its chance to be pushed, weighed by how
close its owners are to winning; joining a rival's group helps that rival. High cards are kept
while a cheaper card would do, so they are there to stop a leader or to push a last card through.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pondside.engine import View
from pondside.games.down_the_drain import COUNTS, OTHERS, group_value

from .base import Bot

DECK_COUNTS = Counter(COUNTS)


def unseen_counts(view: View) -> Counter[int]:
    """Cards this seat cannot account for: in other hands or in the stack (DD-11)."""
    left = Counter(DECK_COUNTS)
    left.subtract(view["hand"])
    left.subtract(f for f in view["front"] if f)
    left.subtract(view["discard"])
    return left


def beat_chance(
    value: int, number: int, front: Sequence[int], unseen: Counter[int], total: int
) -> float:
    """The chance that one unseen card, played now, makes a group strictly above ``value``.

    A card of ``number`` joins the group instead of beating it (DD-5).
    """
    if total <= 0:
        return 0.0
    good = 0
    for x, k in unseen.items():
        if k > 0 and x != number and x * (front.count(x) + 1) > value:
            good += k
    return good / total


def survival(
    trial: tuple[int, ...],
    c: int,
    order: Sequence[int],
    sizes: Sequence[int],
    unseen: Counter[int],
    total: int,
) -> float:
    """The chance that the group of ``c`` in ``trial`` is pushed through: nobody among the
    players before its first member (DD-4a) beats it with one of their cards."""
    q = beat_chance(group_value(trial, c), c, trial, unseen, total)
    survive = 1.0
    for t in order:
        if trial[t] == c:
            break
        survive *= (1.0 - q) ** sizes[t]
    return survive


class DownTheDrainHeuristic(Bot):
    name = "heuristic"

    def choose(self, view: View, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        me = self.seat
        n = view["players"]
        front = [f or 0 for f in view["front"]]
        sizes = view["hand_sizes"]
        held = view["held"]
        hand = view["hand"]
        unseen = unseen_counts(view)
        total = sum(k for k in unseen.values() if k > 0)
        order = OTHERS[n][me]  # the others, in the order they play
        # How much each rival's progress matters: more the fewer cards they hold.
        danger = {t: 1.0 / held[t] for t in order if held[t]}
        leader = min(held[t] for t in order)
        best, best_score = legal[0], float("-inf")
        for action in legal:
            c = int(action[5:])
            trial = (*front[:me], c, *front[me + 1 :])
            size = trial.count(c)
            value = group_value(trial, c)
            survive = survival(trial, c, order, sizes, unseen, total)
            last = len(hand) == 1
            score = survive * (6.0 if last else 1.0)
            # Groups beaten: their owners lose the push they were heading for (DD-4d).
            for i, t in enumerate(order):
                f = trial[t]
                if f and f != c and (beaten := group_value(trial, f)) < value:
                    # Chance the group would have survived the players after me before t.
                    between = order[:i]
                    qq = beat_chance(beaten, f, front, unseen, total)
                    alive = 1.0
                    for u in between:
                        alive *= (1.0 - qq) ** sizes[u]
                    win_now = sizes[t] == 0
                    score += alive * danger.get(t, 1.0) * (8.0 if win_now else 1.0) * 1.2
            # Joining a rival's group carries it too.
            if size > 1:
                for t in order:
                    if trial[t] == c:
                        boost = 2.0 if sizes[t] == 0 else 0.4
                        score -= boost * danger.get(t, 1.0) * (1.0 if held[t] <= leader else 0.5)
            # Keep high cards while a cheaper card would do.
            strength = 1.0 - beat_chance(c, c, [0] * n, unseen, total)
            if not last:
                score -= 0.35 * strength * (1.0 - survive) + 0.4 * strength**2
            if score > best_score:
                best, best_score = action, score
        return best

    def explain(self, view: View, legal: list[str], action: str) -> str | None:
        if len(legal) == 1:
            return "it is the only choice"
        me, c = self.seat, int(action[5:])
        front = [f or 0 for f in view["front"]]
        trial = (*front[:me], c, *front[me + 1 :])
        unseen = unseen_counts(view)
        total = sum(k for k in unseen.values() if k > 0)
        order = OTHERS[view["players"]][me]
        chance = survival(trial, c, order, view["hand_sizes"], unseen, total)
        size, value = trial.count(c), group_value(trial, c)
        group = f"a group of {size} × {c}" if size > 1 else f"a single {c}"
        beaten = sum(1 for f in set(trial) if f and f != c and group_value(trial, f) < value)
        also = f"; it beats {beaten} other group{'s' * (beaten > 1)}" if beaten else ""
        if chance < 0.5 and len(view["hand"]) > 1:
            also += "; a cheap card, keeping your higher ones for later"
        return (
            f"{group} (worth {value}): about {chance:.0%} chance to be pushed through before "
            f"someone beats it{also}"
        )


# The search levels (bots/levels.py; rated in docs/bots.md): STRONG thinks a fraction of
# EXPERT's time; EXPERT is the strongest search within the 2 s a person waits (one core).
STRONG = "ismcts:iterations=300:rollout=heuristic:reward=win"
EXPERT = "ismcts:iterations=1200:rollout=heuristic:reward=win"
SEARCH = EXPERT  # the strength table's search bot: the top level

HEURISTIC = DownTheDrainHeuristic
