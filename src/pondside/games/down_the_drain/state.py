"""Down the Drain's state, its constants (the deck, DD-1) and the view a seat gets of it."""

from __future__ import annotations

from collections import Counter
from typing import Annotated

from pondside.engine import NONE_IS_ZERO, CommonView, NotRequired, State, TypedDict

# DD-1: how many cards of each number the deck holds.
COUNTS = {
    2: 16,
    3: 12,
    4: 9,
    5: 8,
    6: 6,
    7: 6,
    8: 5,
    9: 4,
    10: 4,
    11: 4,
    12: 3,
    13: 3,
    14: 3,
    15: 2,
    16: 1,
    17: 1,
    18: 1,
    19: 1,
    20: 1,
}
DECK: tuple[int, ...] = tuple(c for c, k in COUNTS.items() for _ in range(k))
NUMBERS = tuple(COUNTS)
GUARD_CYCLES = 500  # DD-10
PLAY = {c: f"play {c}" for c in NUMBERS}
# OTHERS[n][s]: the other seats of an n-player table clockwise from s+1 (the order of DD-6).
OTHERS = {n: tuple(tuple((s + k) % n for k in range(1, n)) for s in range(n)) for n in range(3, 9)}


def check_deck(cards: Counter[int], error: type[Exception], wrong: str) -> None:
    """DD-1: exactly the 90 cards, each number as often as the deck holds it. ``wrong`` says
    so of a deal or a position (its ``{held}``, ``{number}`` and ``{count}`` filled)."""
    for c, k in COUNTS.items():
        if cards[c] != k:
            raise error(wrong.format(held=cards[c], number=c, count=k))


class DownTheDrainState(State):
    """A Down the Drain match. Treated as immutable: ``apply`` builds a new one.

    ``front[s]`` is the number in front of seat s (0 for none). The stack is ``stack[top:]``,
    top card first; ``discard`` is the face-up pile in the order cards reached it.
    ``history`` holds one ``(winners, held)`` pair per finished game of the series.
    """

    games: int
    game_no: int
    rng: int
    hands: tuple[tuple[int, ...], ...]
    front: tuple[Annotated[int, NONE_IS_ZERO], ...]
    stack: tuple[int, ...]
    top: int
    discard: tuple[int, ...]
    seat: int
    start: int
    plays: int
    history: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    over: bool

    def held(self) -> list[int]:
        """DD-9: the cards each seat holds, in hand and in front."""
        return [len(h) + (1 if f else 0) for h, f in zip(self.hands, self.front, strict=True)]

    def wins(self) -> list[int]:
        """Games won per seat over the series so far (a shared win counts for each winner)."""
        out = [0] * self.n
        for winners, _ in self.history:
            for s in winners:
                out[s] += 1
        return out

    def totals(self) -> list[int]:
        """Cards held at the end of each finished game, summed per seat."""
        out = [0] * self.n
        for _, held in self.history:  # a plain loop: a search's every playout asks
            for s, h in enumerate(held):
                out[s] += h
        return out


class DownTheDrainOptions(TypedDict):
    games: int
    """How many games the series has (DD-9)."""


class DownTheDrainGroup(TypedDict):
    number: int
    """The number the group's cards show."""
    seats: list[int]
    """The seats with that number in front of them."""
    value: int
    """The number times the cards in the group (DD-3)."""
    through: int | None
    """The seat on whose turn the group will be pushed through unless it is beaten first: the
    first of its seats to have a turn from the seat to act on (DD-4a, DD-8); null once the
    match is over."""


class DownTheDrainView(CommonView):
    """What one seat (or a spectator) sees of Down the Drain: everything but the hands and the
    stack's order (DD-11). ``hand_number`` counts the games of a series; ``hand_scores`` holds
    the cards each seat held at the end of each finished game (DD-9)."""

    options: DownTheDrainOptions
    hand: NotRequired[list[int]]
    """The seat's cards, ascending."""
    start: int
    """The seat that played first in this game (DD-2)."""
    plays: int
    """Cards played in this game so far (DD-10 ends a game after 500 rounds)."""
    front: list[int | None]
    """The card in front of each seat, or null."""
    groups: list[DownTheDrainGroup]
    """The groups in front, strongest first (DD-3)."""
    held: list[int]
    """The cards each seat holds, in hand and in front (DD-9)."""
    stack_size: int
    """Cards left in the face-down stack."""
    discard: list[int]
    """The face-up discard pile, in the order the cards reached it."""
    winners: list[list[int]]
    """The winners of each finished game (DD-8; none when DD-10 ended it)."""
    wins: list[int]
    """Games won by each seat in the series so far."""
