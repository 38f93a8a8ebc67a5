"""Down the Drain's public events: one ``TypedDict`` per kind, ``DownTheDrainEvent`` their
union. Seats are numbered from 0, as in every event."""

from __future__ import annotations

from typing import Literal

from pondside.engine import TypedDict


class Play(TypedDict):
    """A seat puts a card in front of itself (DD-3): alone, or joining equal cards (DD-5)."""

    type: Literal["play"]
    seat: int
    card: int
    value: int
    """The value of its group: the number times the cards in the group (DD-5)."""
    group: int
    """How many equal cards the group holds, this one included."""


class Beaten(TypedDict):
    """Cards worth less than the group just played go down the drain (DD-4d, DD-5)."""

    type: Literal["beaten"]
    seats: list[int]
    """Whose cards are beaten, in turn order from the player; each then draws a card."""
    cards: list[int]
    """The beaten cards, one per seat of ``seats``."""


class Draw(TypedDict):
    """A seat whose card was beaten draws one card from the stack (DD-6)."""

    type: Literal["draw"]
    seat: int


class Reshuffle(TypedDict):
    """The stack ran out: the discard pile is shuffled into a new stack (DD-7)."""

    type: Literal["reshuffle"]
    cards: int
    """How many cards the new stack holds."""


class Push(TypedDict):
    """A card that went round unbeaten is pushed through with its group (DD-4a)."""

    type: Literal["push"]
    seat: int
    """The seat whose turn begins with it."""
    card: int
    seats: list[int]
    """Every seat of the group, each giving up its card."""


class Guard(TypedDict):
    """The game ran the longest it may and ends with no winner (DD-10)."""

    type: Literal["guard"]
    cycles: int
    """The full rounds played (DD-10)."""


class GameEnd(TypedDict):
    """A game of the series is over (DD-8, DD-9)."""

    type: Literal["game_end"]
    game: int
    """Which game of the series, from 1."""
    winners: list[int]
    """The seats with no cards left (none after DD-10)."""
    held: list[int]
    """The cards each seat still holds."""
    places: list[int]


class Deal(TypedDict):
    """The next game of a series is dealt (DD-9)."""

    type: Literal["deal"]
    game: int
    """Which game of the series, from 1."""
    start: int
    """The seat that plays first."""


class MatchEnd(TypedDict):
    """The series is over (DD-9)."""

    type: Literal["match_end"]
    scores: list[float]
    places: list[int]


DownTheDrainEvent = Play | Beaten | Draw | Reshuffle | Push | Guard | GameEnd | Deal | MatchEnd
"""Every event a Down the Drain action can make public."""
