"""A King of the Quackers heuristic: a sensible climber.

It values a hand by a plan for emptying it (``plan_cost``): the fewest plays, low loose singles
counting as liabilities and a Bomb as an asset. It gives away its worst two cards, leads what
sheds the most trouble (low singles, then Sets and Straight Flushes), follows when a play does
not spoil its plan, keeps Bombs for when an opponent is close to going out or they finish the
hand, and promises (bidding rules) when its plan is short and nobody is close.
"""

from __future__ import annotations

from functools import lru_cache

from pondside import i18n
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
    SINGLE,
    describe,
)
from pondside.i18n import _, ngettext

from .base import Bot
from .declared import GameBots
from .king_of_the_quackers_split import (
    Split,
    cards_of,
    codes,
    mask_of,
    part_of,
    part_of_card,
    split,
)


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
            return _("it is the only choice")
        if action.startswith("give"):
            after = hand - frozenset(INDEX[c] for c in action.split()[1:])
            return _(
                "of every two cards, giving these hurts your plan least: about {plays} plays to "
                "empty what is left"
            ).format(plays=i18n.number(plan_cost(after), 1))
        if action == "pass":
            return _("no play shortens your plan of about {plays} plays to empty your hand").format(
                plays=i18n.number(now, 1)
            )
        play = describe(action.removesuffix(" promise"))
        if play is None:
            return None
        after = hand - frozenset(play.cards)
        if not after:
            return _("it empties your hand")
        said = _("it leaves about {plays} plays to empty your hand (now {now})").format(
            plays=i18n.number(plan_cost(after), 1), now=i18n.number(now, 1)
        )
        if action.endswith(" promise"):
            said += _("; a promise, as your plan is short and nobody is close")
        return said

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


class KingOfTheQuackersNewcomer(KingOfTheQuackersHeuristic):
    """King of the Quackers as a person new to it plays (the beginner's misjudged risks): the
    greedy climber. It leads its strongest combination (the most cards, then the highest rank),
    Bombs included, rather than shedding its trouble first, and follows with the lowest play
    that beats the table whenever it has one, breaking up a Bomb to do it, rather than pass to
    keep its plan; it never promises. It gives its cards away as the heuristic does."""

    def choose(self, view: View, legal: list[str]) -> str:
        plays = [(a, describe(a)) for a in legal if a != "pass" and not a.endswith(" promise")]
        found = [(a, p) for a, p in plays if p is not None]
        if view["phase"] == "pass" or not found:
            return super().choose(view, legal)
        if "pass" not in legal:  # leading
            return max(found, key=lambda ap: (len(ap[1].cards), ap[1].rank))[0]
        return min(found, key=lambda ap: (ap[1].kind == BOMB, ap[1].rank))[0]

    def explain(self, view: View, legal: list[str], action: str) -> str | None:
        if view["phase"] == "pass" or action == "pass" or len(legal) == 1:
            return super().explain(view, legal, action)
        if "pass" not in legal:
            return _("your strongest combination, to take the lead and keep it")
        return _("the lowest play that beats the table: every trick is worth winning")


class KingOfTheQuackersSplitter(Bot):
    """The hand-decomposition player of Dou Dizhu's rule bots (RHCP-v2), for King of the
    Quackers: it splits its hand into the fewest, strongest combinations
    (``king_of_the_quackers_split.split``) and plays so that what is left splits well.

    With the lead it plays its weakest part and keeps its strong ones to win the lead back (with
    one part left after a play, the stronger goes first: the last goes out on its own lead).
    Following, it plays what leaves the best split, even one a little worse than passing would
    keep (a card shed on another's lead costs no lead of its own); it keeps its Bombs until an
    opponent is close or they nearly finish the hand, and, as RHCP-v2 does, weighs each further
    play more as an opponent nears going out and never passes when one is close. It gives away
    the two cards whose loss splits the rest best and helps the neighbours least, and promises
    (bidding rules) when what is left is a short, strong split and nobody is close.
    """

    name = "splitter"

    KEEP = 0.5
    """With one part left after a play: how much of its cost a strong play saves by keeping the
    lead (the last part then goes out on its own lead)."""
    FOLLOW = -0.25
    """The least gain for which it follows rather than passes: below nothing, as a card shed
    on another's lead costs no lead of its own."""
    CLOSE = 3
    """An opponent with this many cards or fewer is close to going out."""
    BOMB_HOLD = 0.6
    """What spending a Bomb costs while nobody is close and the hand is far from done."""
    TEMPO = 0.08
    """Per play of the split and per card an opponent is nearer than seven to going out: RHCP-v2's
    penalty on each further play, which grows as the others near the end."""
    GIFT = 0.5
    """Per unit of a given card's strength: what it is worth to the neighbour who gets it."""
    GIFT_PERSON = 0.3
    """A given personality, which may make the neighbour a Bomb."""
    PROMISE = 1.2
    """The most a split may cost (less its last part) for a promise."""
    SHORTLIST = 6
    """The cards it weighs giving away in pairs: those cheapest to lose one at a time."""

    def value(self, hand: int, danger: int) -> float:
        """How far ``hand`` is from going out (lower is better): its split's outlook, and a toll
        on each play as the opponents near their end."""
        found = split(hand)
        tempo = self.TEMPO * max(0, 7 - danger) * max(0, found.plays - 1)
        return found.outlook + tempo

    def choose(self, view: View, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        hand = mask_of(INDEX[c] for c in view["hand"])
        if view["phase"] == "pass":
            return self._give(hand, legal)
        danger = min(
            (k for s, k in enumerate(view["hand_sizes"]) if s != self.seat and k), default=99
        )  # the fewest cards an opponent holds
        leading = "pass" not in legal
        best, best_value = "pass", self.value(hand, danger) - self.FOLLOW
        if danger <= self.CLOSE:
            best_value += 1.0  # RHCP-v2: near the end, play whenever it can
        if leading:
            best_value = float("inf")
        for action in legal:
            if action == "pass" or action.endswith(" promise"):
                continue
            play = describe(action)
            assert play is not None
            cards = mask_of(play.cards)
            after = hand & ~cards
            if not after:
                return action  # it goes out
            part = part_of(play)
            rest = split(after)
            value = self.value(after, danger)
            if rest.plays == 1:
                value -= self.KEEP * part.strength * rest.weakest
            bomb = play.kind == BOMB and play.cards != (EXCUSE,)
            if bomb and danger > self.CLOSE and rest.outlook > 1.5:
                value += self.BOMB_HOLD  # a Bomb wins a round back later: keep it
            if leading and danger <= 2 and len(play.cards) <= danger:
                value += 0.6 * part.cost  # do not lead what a nearly-out opponent finishes on
            value += 0.001 * play.rank - 0.0005 * len(play.cards)
            if value < best_value:
                best, best_value = action, value
        if best != "pass" and view["options"]["bidding"] and best + " promise" in legal:
            play = describe(best)
            assert play is not None
            after = hand & ~mask_of(play.cards)
            rest = split(after)
            short = rest.outlook <= self.PROMISE and after.bit_count() >= 2
            if short and danger >= rest.plays + 2:
                return best + " promise"
        return best

    def explain(self, view: View, legal: list[str], action: str) -> str | None:
        if len(legal) == 1:
            return _("it is the only choice")
        hand = mask_of(INDEX[c] for c in view["hand"])
        now = split(hand)
        if action.startswith("give"):
            kept = split(hand & ~mask_of(INDEX[c] for c in action.split()[1:]))
            return _("what is left splits best: {split}").format(split=_said(kept))
        if action == "pass":
            return _("no play keeps your hand's split ({split}) as good").format(split=_said(now))
        play = describe(action.removesuffix(" promise"))
        if play is None:
            return None
        after = hand & ~mask_of(play.cards)
        if not after:
            return _("it empties your hand")
        said = _("it leaves your hand in {split} (now {plays})").format(
            split=_said(split(after)), plays=now.plays
        )
        if action.endswith(" promise"):
            said += _("; a promise, as what is left is short and strong")
        return said

    def _give(self, hand: int, legal: list[str]) -> str:
        """The two cards whose loss leaves the best split and helps the neighbours least; the
        weaker goes to the left, who plays after this seat."""
        cards = cards_of(hand)

        def loss(*given: int) -> float:
            value = self.value(hand & ~mask_of(given), 99)
            for c in given:
                value += self.GIFT * part_of_card(c).strength + self.GIFT_PERSON * PERSONALITY[c]
            return value

        # Weigh in pairs only the cards cheapest to lose (15 splits, not 105): the loose ones
        # (a single of the split; losing it saves its cost) and those least worth to a neighbour.
        loose = {p.cards: p.cost for p in split(hand).parts if p.kind == SINGLE}

        def alone(c: int) -> float:
            gift = self.GIFT * part_of_card(c).strength + self.GIFT_PERSON * PERSONALITY[c]
            return gift - loose.get(1 << c, 0.0)

        few = sorted(cards, key=alone)[: self.SHORTLIST]
        best, best_value = legal[0], float("inf")
        for i, a in enumerate(few):
            for b in few[i + 1 :]:
                value = loss(a, b)
                if value < best_value:
                    lo, hi = (a, b) if RANK[a] <= RANK[b] else (b, a)
                    best, best_value = f"give {CODE[lo]} {CODE[hi]}", value
        return best


def _said(found: Split) -> str:
    """A split as a person reads it: how many plays, and the parts (a hint's words)."""
    parts = ", ".join(" ".join(codes(p.cards)) for p in reversed(found.parts))
    return ngettext("{n} play: {parts}", "{n} plays: {parts}", found.plays).format(
        n=found.plays, parts=parts
    )


# The search levels (bots/levels.py; rated in docs/bots.md): strong thinks a fraction of
# expert's time; expert is the strongest search within the 2 s a person waits (one core).
BOTS = GameBots(
    heuristic=KingOfTheQuackersHeuristic,
    newcomer=KingOfTheQuackersNewcomer,
    # casual is the hand splitter (RHCP-v2's decomposition, measured above the heuristic in
    # docs/bots.md); the searches keep the heuristic for their playouts, several times cheaper.
    casual="splitter",
    strong="mcs:iterations=200:rollout=heuristic:prior=heuristic",
    expert="mcs:iterations=500:rollout=heuristic:prior=heuristic",
    # The level ladder (docs/bots.md) plays matches to 25 points, about half a whole match: its
    # round robin seats both search levels in most matches, and whole matches cost too much.
    ladder_options={"target": 25},
    own={"splitter": "king_of_the_quackers:KingOfTheQuackersSplitter"},
)
