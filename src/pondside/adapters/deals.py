"""Deals dealt one card at a time, for OpenSpiel's explicit chance nodes (issue 8).

A :class:`DealPlan` lists the slots of a game's first deal in dealing order (every card of
the deal format of ``shared/protocol.md``: hands, columns, stacks), the deck each slot draws
from, and how the dealt cards and the chosen dealer (or start player) make the deal object
that ``Game.from_deal`` takes. Dealing each slot uniformly from the cards left in its deck is
a uniform shuffle, so the explicit chance nodes give every deal the probability the game's
own shuffle gives it.

>>> plan = deal_plan("lame-duck", 4, {"expert": False, "rounds": 1, "target": None})
>>> len(plan.slots), plan.seats, len(plan.alphabet)
(44, 0, 104)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from pondside.games.decktet import BASIC_DECK

from .codec import DD_COUNTS, LADDERS_CARDS, LADDERS_COUNTS, kq_deck, kq_hand_size

Build = Callable[[list[Any], int | None], dict[str, Any]]


@dataclass(frozen=True)
class DealPlan:
    """``alphabet[i]`` is a card as a deal writes it, ``counts[i]`` its copies in the deck,
    ``pool_of[i]`` the deck it belongs to; ``slots[k]`` is the deck slot k draws from;
    ``seats`` is the number of outcomes of the final dealer/start-player node (0: none)."""

    alphabet: tuple[Any, ...]
    counts: tuple[int, ...]
    pool_of: tuple[int, ...]
    slots: tuple[int, ...]
    seats: int
    build: Build

    def outcomes(self, dealt: Sequence[int]) -> list[tuple[int, float]]:
        """The chance outcomes (alphabet index or seat, probability) after ``dealt``."""
        k = len(dealt)
        if k == len(self.slots):
            return [(s, 1.0 / self.seats) for s in range(self.seats)]
        pool = self.slots[k]
        left = list(self.counts)
        for a in dealt:
            left[a] -= 1
        ids = [a for a, c in enumerate(left) if c and self.pool_of[a] == pool]
        total = sum(left[a] for a in ids)
        return [(a, left[a] / total) for a in ids]

    def done(self, dealt: Sequence[int]) -> bool:
        return len(dealt) == len(self.slots) + (1 if self.seats else 0)

    def deal(self, dealt: Sequence[int]) -> dict[str, Any]:
        n = len(self.slots)
        cards = [self.alphabet[a] for a in dealt[:n]]
        return self.build(cards, dealt[n] if self.seats else None)


def _lame_duck(n: int, options: Mapping[str, Any]) -> DealPlan:
    size = 10 * n + 4 if options["expert"] else 104  # LD-1

    def build(cards: list[Any], seat: int | None) -> dict[str, Any]:
        return {"hands": [cards[10 * s : 10 * s + 10] for s in range(n)], "columns": cards[-4:]}

    return DealPlan(
        tuple(range(1, size + 1)), (1,) * size, (0,) * size, (0,) * (10 * n + 4), 0, build
    )


def _down_the_drain(n: int, options: Mapping[str, Any]) -> DealPlan:
    k = 5 if n >= 7 else 6  # DD-2
    numbers = tuple(DD_COUNTS)

    def build(cards: list[Any], seat: int | None) -> dict[str, Any]:
        return {
            "hands": [cards[k * s : k * s + k] for s in range(n)],
            "stack": cards[k * n :],
            "start": seat,
        }

    counts = tuple(DD_COUNTS.values())
    return DealPlan(numbers, counts, (0,) * len(numbers), (0,) * sum(counts), n, build)


def _wildcat_chicane(n: int, options: Mapping[str, Any]) -> DealPlan:
    codes = tuple(c.code for c in BASIC_DECK)
    if options["variant"] == "classic":  # WC-15: all 36 dealt evenly
        per = 36 // n

        def build_classic(cards: list[Any], seat: int | None) -> dict[str, Any]:
            return {"hands": [cards[per * s : per * s + per] for s in range(n)], "dealer": seat}

        return DealPlan(codes, (1,) * 36, (0,) * 36, (0,) * 36, n, build_classic)
    # WC-3: the 12 Aces and Crowns evenly, then the 24 number cards evenly
    pool = tuple(0 if c.rank in (1, 12) else 1 for c in BASIC_DECK)
    r, m = 12 // n, 24 // n

    def build(cards: list[Any], seat: int | None) -> dict[str, Any]:
        rulers, numbers = cards[:12], cards[12:]
        return {
            "hands": [rulers[r * s : r * s + r] + numbers[m * s : m * s + m] for s in range(n)],
            "dealer": seat,
        }

    return DealPlan(codes, (1,) * 36, pool, (0,) * 12 + (1,) * 24, n, build)


def _king_of_the_quackers(n: int, options: Mapping[str, Any]) -> DealPlan:
    deck = tuple(kq_deck(options["deck"]))
    k = kq_hand_size(n, options["deck"])
    aside = len(deck) - k * n  # KQ-4: one card put aside (extended deck, 4 players)

    def build(cards: list[Any], seat: int | None) -> dict[str, Any]:
        return {
            "hands": [cards[k * s : k * s + k] for s in range(n)],
            "aside": cards[k * n] if aside else None,
            "dealer": seat,
        }

    size = len(deck)
    return DealPlan(deck, (1,) * size, (0,) * size, (0,) * (k * n + aside), n, build)


def _ladders(n: int, options: Mapping[str, Any]) -> DealPlan:
    k = 30 if n <= 4 else 20  # LA-3
    total = sum(LADDERS_COUNTS)

    def build(cards: list[Any], seat: int | None) -> dict[str, Any]:
        return {
            "climbs": [cards[k * s : k * s + k] for s in range(n)],
            "hands": [[] for _ in range(n)],
            "draw": cards[k * n :],
            "dealer": seat,
        }

    return DealPlan(tuple(LADDERS_CARDS), tuple(LADDERS_COUNTS), (0,) * 13, (0,) * total, n, build)


PLANS: dict[str, Callable[[int, Mapping[str, Any]], DealPlan]] = {
    "lame-duck": _lame_duck,
    "down-the-drain": _down_the_drain,
    "wildcat-chicane": _wildcat_chicane,
    "king-of-the-quackers": _king_of_the_quackers,
    "ladders": _ladders,
}


@cache
def _plan(slug: str, players: int, key: tuple[tuple[str, Any], ...]) -> DealPlan:
    return PLANS[slug](players, dict(key))


def deal_plan(slug: str, players: int, options: Mapping[str, Any]) -> DealPlan:
    return _plan(slug, players, tuple(sorted(options.items())))
