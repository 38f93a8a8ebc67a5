"""Ladders' state, its constants (the deck, LA-1; the table's piles) and the view a seat gets
of it."""

from __future__ import annotations

from collections import Counter
from typing import Annotated

from pondside.engine import TOP_FIRST, CommonView, Notation, NotRequired, State, TypedDict

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


def show(cards: tuple[int, ...] | list[int]) -> list[str]:
    return [CARD[c] for c in cards]


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


class LaddersOptions(TypedDict):
    teams: bool
    """Two partnerships of two, partners sitting opposite (LA-2)."""
    target: int | None
    """The match ends when someone reaches this score (LA-14); null when rounds are counted."""
    rounds: int | None
    """Play exactly this many rounds; null when played to a target."""


class LaddersView(CommonView):
    """What one seat (or a spectator) sees of Ladders (LA-16): CLIMB tops and sizes, RUNG piles,
    ACCENT piles, DISCARD, the DRAW size and hand sizes. ``hand_number`` counts the rounds."""

    options: LaddersOptions
    hand: NotRequired[list[str]]
    """The seat's cards, ascending, as codes (1-12, W)."""
    dealer: int
    """The round's dealer (LA-3)."""
    partners: list[int | None]
    """Each seat's partner, whose CLIMB and RUNG tops it may play (LA-2, LA-14), or null."""
    climb_tops: list[str | None]
    """The face-up top card of each seat's CLIMB pile, or null when it is empty."""
    climb_sizes: list[int]
    """Cards left in each seat's CLIMB pile."""
    rungs: list[list[list[str]]]
    """Each seat's four RUNG piles, bottom card first (every card is face up, LA-9)."""
    accents: list[list[str]]
    """The four ACCENT piles, bottom card first (an empty slot is an empty list)."""
    accent_next: list[int]
    """The number each ACCENT pile needs next (1 for an empty slot)."""
    discard: list[str]
    """DISCARD, sorted: each of its cards was public on a completed ACCENT pile (LA-7)."""
    draw_size: int
    """Cards left in DRAW."""
    played: bool
    """Whether the seat to act has played a card this turn."""
    idle_turns: int
    """Turns in a row without a card played or drawn (LA-15 ends the round at one per seat)."""
