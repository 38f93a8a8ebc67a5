"""A Ladders heuristic: climb whenever a chain of plays reaches the CLIMB top, else play safely.

At every decision of its turn the bot looks for the cheapest chain of cards (hand cards, RUNG
tops, SKIP PORTALs last) that builds one ACCENT pile up to its CLIMB top, or in a partnership
to its partner's CLIMB top, and plays the chain's first card (LA-5, LA-6). With no chain it
makes the plays that do not bring a pile within reach of an opponent's CLIMB top (their RUNG
tops are public, their hands are guessed), keeping its SKIP PORTALs. It ends the turn by
discarding a high card where it extends a descending RUNG run (LA-9).
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Any

from pondside.engine import Game, View
from pondside.games.ladders import (
    CLIMB_PLAY,
    DISCARD,
    HAND,
    HAND_PLAY,
    PARSE_CARD,
    PCLIMB_PLAY,
    PRUNG_PLAY,
    RUNG_PLAY,
    RUNGS,
    TOP,
    WILD,
    fits,
    partner,
    side_of,
    sides,
)
from pondside.i18n import _

from .base import Bot
from .declared import GameBots
from .ladders_published import NaiveBot

HAND_COST, RUNG_COST, WILD_COST = 1.0, 0.6, 3.0
PARTNER_GOAL = 1.5  # a chain to the partner's CLIMB counts, a little less than one's own
MISSING = 0.55  # chance-like factor per card an opponent still needs from their hand
DANGER = 1.0  # how much a play that brings an opponent closer to their CLIMB top costs
GIFT = 2.0  # a pile left one below an opponent's CLIMB top: more than any play is worth

Source = tuple[str, int]  # ("hand", card) | ("rung", r) | ("prung", r)


class Table:
    """The part of the view the bot reasons about, with cards as ints (W = 13): read from a
    view (``from_view``) or, in batched playouts (``ladders_rollout.py``), from the tables'
    arrays."""

    def __init__(
        self,
        seat: int,
        players: int,
        teams: bool,
        heights: list[int],
        hand: list[int],
        tops: list[int | None],
        rungs: list[list[int]],
        prungs: list[list[int]],
        rung_tops: list[set[int]],
        stock: int,
        climb_sizes: list[int],
    ) -> None:
        """``tops``: each seat's CLIMB top (None: empty); ``rungs`` and ``prungs``: the seat's
        and its partner's RUNG piles, bottom first (no partner: empty); ``rung_tops``: each
        seat's RUNG tops; ``stock``: the cards in DRAW and DISCARD."""
        self.seat = seat
        self.partner = partner(seat) if teams else -1
        self.heights = heights
        self.hand = hand
        self.climb = tops[seat]
        self.partner_climb = tops[self.partner] if teams else None
        self.rungs = rungs
        self.prungs = prungs
        self.players = players
        self.stock = stock
        counts = [sum(climb_sizes[s] for s in side) for side in sides(players, teams)]
        own = side_of(seat, teams)
        self.ahead = all(c > counts[own] for i, c in enumerate(counts) if i != own)
        mine = {seat, self.partner}
        self.opponents: list[tuple[int, set[int]]] = []
        for s in range(players):
            top = tops[s]
            if s in mine or top is None or top == WILD:
                continue
            self.opponents.append((top, rung_tops[s]))

    @classmethod
    def from_view(cls, view: View, seat: int) -> Table:
        teams = view["options"]["teams"]
        piles = view["rungs"]

        def ints(pile: list[str]) -> list[int]:
            return [PARSE_CARD[c] for c in pile]

        return cls(
            seat,
            view["players"],
            teams,
            [len(p) for p in view["accents"]],
            ints(view["hand"]),
            [None if t is None else PARSE_CARD[t] for t in view["climb_tops"]],
            [ints(r) for r in piles[seat]],
            [ints(r) for r in piles[partner(seat)]] if teams else [],
            [{PARSE_CARD[r[-1]] for r in rs if r} for rs in piles],
            view["draw_size"] + len(view["discard"]),
            view["climb_sizes"],
        )

    def lowest_empty(self) -> int:
        return next((s for s, h in enumerate(self.heights) if h == 0), -1)

    def slots_for(self, card: int) -> list[int]:
        empty = self.lowest_empty()
        out = [s for s, h in enumerate(self.heights) if h and fits(card, h)]
        if empty >= 0 and fits(card, 0):
            out.append(empty)
        return out

    def danger(self, height: int) -> float:
        """How likely an opponent builds a pile of this height up to their CLIMB top."""
        total = 0.0
        for top, rung_tops in self.opponents:
            if height >= top:
                continue
            missing = sum(1 for k in range(height + 1, top) if k not in rung_tops)
            total += MISSING**missing
        return total

    def gift(self, height: int) -> bool:
        """A pile of this height lets an opponent play their CLIMB top straight away."""
        return any(top == height + 1 for top, _height in self.opponents)

    def after(self, height: int) -> int:
        return 0 if height + 1 == TOP else height + 1


def chain_to(table: Table, goal: int) -> tuple[float, str, int, Source | None] | None:
    """The cheapest way to build one pile up to ``goal - 1`` (the goal then plays on it).

    Returns (cost, first source or "goal", slot, source): only that pile is built, from the
    hand, the RUNG tops (digging into a RUNG pile as its tops go) and SKIP PORTALs.
    """
    if goal == WILD:
        slots = table.slots_for(WILD)
        safest = min(slots, key=lambda s: table.danger(table.after(table.heights[s])))
        return 0.0, "goal", safest, None
    best: tuple[float, str, int, Source | None] | None = None
    empty = table.lowest_empty()
    for slot, h in enumerate(table.heights):
        if h == 0 and slot != empty:
            continue
        if h >= goal:
            continue
        need = list(range(h + 1, goal))
        found = _cheapest(table, need)
        if found is None:
            continue
        cost, first = found
        cost += 0.1 * table.danger(goal)  # where the goal card leaves this pile
        if best is None or cost < best[0]:
            best = (cost, "goal" if first is None else "chain", slot, first)
    return best


def _cheapest(table: Table, need: list[int]) -> tuple[float, Source | None] | None:
    """Depth-first search over the sources of the needed numbers, cheapest total first."""
    hand = [0] * (WILD + 1)
    for c in table.hand:
        hand[c] += 1
    piles = [list(r) for r in table.rungs] + [list(r) for r in table.prungs]
    best_cost: float | None = None
    best_first: Source | None = None

    def go(i: int, cost: float, first: Source | None) -> None:
        nonlocal best_cost, best_first
        if best_cost is not None and cost >= best_cost:
            return
        if i == len(need):
            best_cost, best_first = cost, first
            return
        k = need[i]
        for card, price in ((k, 0.0), (WILD, WILD_COST)):
            if hand[card]:
                hand[card] -= 1
                go(i + 1, cost + HAND_COST + price, first or ("hand", card))
                hand[card] += 1
            for r, pile in enumerate(piles):
                if pile and pile[-1] == card:
                    pile.pop()
                    src: Source = ("rung", r) if r < RUNGS else ("prung", r - RUNGS)
                    go(i + 1, cost + RUNG_COST + price, first or src)
                    pile.append(card)

    go(0, 0.0, None)
    if best_cost is None:
        return None
    return best_cost, best_first


def action_for(source: Source, slot: int) -> str:
    kind, x = source
    if kind == "hand":
        return HAND_PLAY[x, slot]
    if kind == "rung":
        return RUNG_PLAY[x, slot]
    return PRUNG_PLAY[x, slot]


class LaddersHeuristic(Bot):
    name = "heuristic"

    def __init__(
        self,
        game: Game[Any],
        seat: int,
        rng: random.Random,
        danger: float = DANGER,
        gift: float = GIFT,
    ) -> None:
        super().__init__(game, seat, rng)
        self.danger = float(danger)
        self.gift = float(gift)

    def choose(self, view: View, legal: list[str]) -> str:
        return self.decide(Table.from_view(view, self.seat), legal)

    def decide(self, table: Table, legal: Collection[str]) -> str:
        """``choose`` on the table as the bot reads it (the batched playouts' entry)."""
        for action in (self._climb(table), self._safe_play(table), self._discard(table)):
            if action is not None and action in legal:
                return action
        # Only forced plays are left (an empty hand, LA-9): the least dangerous one.
        plays = [a for a in legal if a.startswith("play")]
        return min(plays or legal)

    def explain(self, view: View, legal: list[str], action: str) -> str | None:
        table = Table.from_view(view, self.seat)
        climb = self._climb_chain(table)
        if climb is not None and action == climb[0]:
            if action.startswith(("play climb", "play partner climb")):
                if climb[1]:
                    return _("your partner's CLIMB top fits on an ACCENT pile now")
                return _("your CLIMB top fits on an ACCENT pile now")
            if climb[1]:
                return _(
                    "it starts the cheapest chain of plays that reaches your partner's CLIMB top"
                )
            return _("it starts the cheapest chain of plays that reaches your CLIMB top")
        if action == self._safe_play(table):
            return _(
                "no chain reaches a CLIMB top: a play that brings no opponent closer to theirs"
            )
        if action == self._discard(table):
            return _(
                "nothing safe is left to play: a discard ends the turn, high cards in RUNG runs"
            )
        return _("only forced plays are left")

    def _climb(self, table: Table) -> str | None:
        """A chain that reaches the own CLIMB top, else the partner's (LA-14)."""
        found = self._climb_chain(table)
        return None if found is None else found[0]

    def _climb_chain(self, table: Table) -> tuple[str, bool] | None:
        """The first play of the cheapest chain to a CLIMB top, and whether it is the
        partner's."""
        options = []
        if table.climb is not None:
            found = chain_to(table, table.climb)
            if found:
                options.append((found[0], found, CLIMB_PLAY))
        if table.partner_climb is not None:
            found = chain_to(table, table.partner_climb)
            if found:
                options.append((found[0] + PARTNER_GOAL, found, PCLIMB_PLAY))
        if not options:
            return None
        _cost, (_first, what, slot, source), goal = min(options, key=lambda o: o[0])
        action = goal[slot] if what == "goal" or source is None else action_for(source, slot)
        return action, goal is PCLIMB_PLAY

    def _safe_play(self, table: Table) -> str | None:
        """The best play that does not help an opponent; a SKIP PORTAL only to recycle cards."""
        best, best_value = None, 0.0
        low = table.stock < HAND * table.players
        # With the cards running out, completed piles refill DRAW (LA-7, LA-11) and a stall
        # ends the round (LA-15): keep the cards flowing unless ahead on CLIMB cards.
        gift = self.gift if not low or table.ahead else 0.0
        sources: list[tuple[Source, int, float]] = [(("hand", c), c, 0.8) for c in set(table.hand)]
        sources += [(("rung", r), p[-1], 1.2) for r, p in enumerate(table.rungs) if p]
        sources += [(("prung", r), p[-1], 0.9) for r, p in enumerate(table.prungs) if p]
        for source, card, base in sources:
            for slot in table.slots_for(card):
                h = table.heights[slot]
                new = table.after(h)
                if card == WILD and not (new == 0 and low and not table.ahead):
                    continue  # keep wilds for reaching the CLIMB top
                delta = table.danger(new) - table.danger(h)
                value = base - self.danger * delta - (gift if table.gift(new) else 0.0)
                if new == 0:
                    value += 3.0 if low else 0.5
                if value > best_value:
                    best, best_value = action_for(source, slot), value
        return best

    def _discard(self, table: Table) -> str | None:
        """LA-9: a high card onto a RUNG pile where it extends a descending run; keep wilds."""
        if not table.hand:
            return None
        plain = [c for c in set(table.hand) if c != WILD]
        best, best_score = None, -1e9
        for card in plain or [WILD]:
            for r, pile in enumerate(table.rungs):
                score = _discard_score(card, pile, table)
                if score > best_score:
                    best, best_score = DISCARD[card, r], score
        return best


def _discard_score(card: int, pile: list[int], table: Table) -> float:
    high = card / TOP
    if not pile:
        score = 2.0 + 2 * high
    elif pile[-1] == WILD:
        score = -6.0  # never bury a SKIP PORTAL
    elif pile[-1] == card + 1:
        score = 5.0 + high
    elif pile[-1] == card:
        score = 4.0
    elif pile[-1] > card:
        score = 2.0 - 0.25 * (pile[-1] - card)
    else:  # burying a lower card
        score = -1.0 - 0.3 * (card - pile[-1])
    if table.climb is not None and card != WILD and 0 < table.climb - card <= 2:
        score -= 1.0  # a card just below the CLIMB top is worth keeping in hand
    return score


class LaddersNewcomer(NaiveBot):
    """Ladders as a person new to it plays (the beginner's misjudged risks): no plan over the
    turn, the naive bot's rule (skipbot's baseline, ``ladders_published.py``): any play that
    fits, a CLIMB top first, wilds and all, without asking whether it brings a pile within
    reach of the opponent's CLIMB top, and a discard of any card onto the first RUNG pile."""

    name = "newcomer"

    def explain(self, view: View, legal: list[str], action: str) -> str | None:
        if action.startswith("discard "):
            return _("nothing fits: a discard ends the turn")
        return _("it fits: play what you can")


# The search levels (bots/levels.py; rated in docs/bots.md): strong thinks a fraction of
# expert's time; expert is the strongest search within the 2 s a person waits (one core).
BOTS = GameBots(
    heuristic=LaddersHeuristic,
    newcomer=LaddersNewcomer,
    strong="mcs:iterations=300:rollout=heuristic:turns=3:reward=margin:prior=heuristic",
    expert="mcs:iterations=900:rollout=heuristic:turns=3:reward=margin:prior=heuristic",
    # A match to 500 takes several rounds of some 130 decisions a seat: one round a match.
    strength_options={"rounds": 1},
    # skipbot's naive Skip-Bo player (issue 31; docs/bots.md, "Ladders against skipbot").
    own={"naive": "ladders_published:NaiveBot"},
)
