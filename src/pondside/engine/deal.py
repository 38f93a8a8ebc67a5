"""A game's first deal as metadata: which cards, dealt into which places, in which order.

A :class:`DealLayout` lists the slots of a game's first deal in dealing order (every card of the
deal format of ``shared/protocol.md``: hands, columns, stacks), the deck each slot draws from,
and how the dealt cards and the chosen dealer (or start player) make the deal object that
``Game.from_deal`` takes. Dealing each slot uniformly from the cards left in its deck is a
uniform shuffle, so a program that deals card by card (OpenSpiel's explicit chance nodes) gives
every deal the probability the game's own shuffle gives it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

Build = Callable[[list[Any], int | None], dict[str, Any]]
"""(the dealt cards in slot order, the chosen seat or None) → the deal object."""


@dataclass(frozen=True)
class DealLayout:
    """``alphabet[i]`` is a card as a deal writes it, ``counts[i]`` its copies in the deck,
    ``pool_of[i]`` the deck it belongs to; ``slots[k]`` is the deck slot k draws from;
    ``seats`` is the number of outcomes of the final dealer/start-player draw (0: none)."""

    alphabet: tuple[Any, ...]
    counts: tuple[int, ...]
    pool_of: tuple[int, ...]
    slots: tuple[int, ...]
    seats: int
    build: Build

    @classmethod
    def one_deck(
        cls, alphabet: Sequence[Any], counts: Sequence[int], dealt: int, seats: int, build: Build
    ) -> DealLayout:
        """A deal of ``dealt`` cards from one deck."""
        size = len(alphabet)
        return cls(tuple(alphabet), tuple(counts), (0,) * size, (0,) * dealt, seats, build)

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


def deal_others(
    pool: Sequence[Any], sizes: Sequence[tuple[int, int]], seat: int, own: tuple[Any, ...]
) -> tuple[tuple[tuple[Any, ...], ...], int]:
    """The hands of a determinization: ``seat`` keeps ``own``; every other seat, in ``sizes``
    (seat, hand size) order, takes its size of ``pool`` (shuffled by the caller) from the
    front, sorted. Returns the hands and how many cards of ``pool`` they took."""
    hands: list[tuple[Any, ...]] = []
    at = 0
    for s, size in sizes:
        if s == seat:
            hands.append(own)
        else:
            hands.append(tuple(sorted(pool[at : at + size])))
            at += size
    return tuple(hands), at
