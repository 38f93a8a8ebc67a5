"""Ladders' state, in a module of its own, for a compiled build of ``pondside.games.ladders``
(``engine/native.py``): a class compiled by mypyc keeps no annotations for the snapshot."""

from __future__ import annotations

from collections import Counter
from typing import Annotated

from pondside.engine import TOP_FIRST, Notation, State

WILD = 13  # a SKIP PORTAL; numbers are 1..12
TOP = 12  # LA-7: a pile that reaches 12 is complete
CARD = {**{c: str(c) for c in range(1, TOP + 1)}, WILD: "W"}
PARSE_CARD = {s: c for c, s in CARD.items()}
SLOTS = 4  # LA-5: at most 4 ACCENT piles
RUNGS = 4  # LA-9: each player's 4 RUNG piles
HAND = 5  # LA-4: draw up to 5
COPIES = 14  # LA-1: 14 of each number
WILDS = 20  # LA-1: 20 SKIP PORTALs
DECK: tuple[int, ...] = tuple(
    sorted([c for c in range(1, TOP + 1) for _ in range(COPIES)] + [WILD] * WILDS)
)
DECK_COUNTS = Counter(DECK)  # how many of each card the deck holds
Card = Annotated[int, Notation(CARD.__getitem__, PARSE_CARD.__getitem__, "a card: 1 to 12 or W")]


def partner(seat: int) -> int:
    """LA-2: partners sit opposite, seats 0+2 against 1+3 at the table of four."""
    return (seat + 2) % 4


def side_of(seat: int, teams: bool) -> int:
    """LA-2: the side a seat plays for: its partnership (0: seats 0+2, 1: seats 1+3), or itself."""
    return seat % 2 if teams else seat


def sides(players: int, teams: bool) -> list[list[int]]:
    """The seats of each side (LA-2): two partnerships, or every seat alone."""
    return [[0, 2], [1, 3]] if teams else [[s] for s in range(players)]


class LaddersState(State):
    """A Ladders match. Treated as immutable: ``apply`` builds a new one.

    Face-down stacks (``climbs``, ``draw``) keep their top card LAST; RUNG and ACCENT piles list
    their cards bottom first, so the top is last too. An ACCENT pile's number is its length.
    ``played`` says whether a card reached an ACCENT pile this turn and ``idle`` counts the
    consecutive idle turns before this one (LA-15).
    """

    teams: bool
    target: int | None
    rounds: int | None
    rng: int
    round_no: int
    dealer: int
    turn: int
    climbs: tuple[Annotated[tuple[Card, ...], TOP_FIRST], ...]
    hands: tuple[tuple[Card, ...], ...]
    rungs: tuple[tuple[tuple[Card, ...], ...], ...]
    accents: tuple[tuple[Card, ...], ...]
    draw: Annotated[tuple[Card, ...], TOP_FIRST]
    discard: tuple[Card, ...]
    totals: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    idle: int
    played: bool
    over: bool

    def partner(self, seat: int) -> int:
        """LA-2: seats 0+2 against 1+3; -1 when playing alone."""
        return partner(seat) if self.teams else -1

    def side(self, seat: int) -> int:
        return side_of(seat, self.teams)

    def sides(self) -> list[list[int]]:
        return sides(self.n, self.teams)
