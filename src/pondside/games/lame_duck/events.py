"""Lame Duck's public events: one ``TypedDict`` per kind, ``LameDuckEvent`` their union.

Seats are numbered from 0 and columns from 0, as in the notation (``take 0``); the narrator
(``narrate``) numbers columns from 1, as the table shows them.
"""

from __future__ import annotations

from typing import Literal

from pondside.engine import TypedDict


class Chose(TypedDict):
    """A seat has chosen its card for the turn (which card stays hidden, LD-12)."""

    type: Literal["chose"]
    seat: int


class Reveal(TypedDict):
    """Everyone has chosen: the cards are revealed together (LD-5)."""

    type: Literal["reveal"]
    cards: list[list[int]]
    """[seat, card] pairs, lowest card first: the order they are placed in (LD-6)."""


class TooLow(TypedDict):
    """The card up next is lower than the last card of every column: its seat must choose a
    column to take before the turn goes on (LD-8)."""

    type: Literal["too_low"]
    seat: int
    card: int


class Place(TypedDict):
    """A card joins the column whose last card is closest below it (LD-6)."""

    type: Literal["place"]
    seat: int
    card: int
    column: int
    """The column, from 0."""


class Take(TypedDict):
    """A seat takes a column's cards and their ducks; its card starts the column again."""

    type: Literal["take"]
    seat: int
    card: int
    """The card that took the column and now starts it."""
    column: int
    """The column, from 0."""
    cards: list[int]
    """The cards taken."""
    ducks: int
    """Their ducks (LD-2)."""
    reason: Literal["too low", "sixth card"]
    """A card lower than every column (LD-8), or a column's sixth card (LD-7)."""


class RoundEnd(TypedDict):
    """The tenth turn is over (LD-5, LD-9)."""

    type: Literal["round_end"]
    round: int
    ducks: list[int]
    """Each seat's ducks this round."""
    totals: list[int]
    """Each seat's ducks over the match so far."""


class Deal(TypedDict):
    """A new round is dealt (LD-4, LD-10)."""

    type: Literal["deal"]
    round: int
    columns: list[list[int]]
    """The four new columns, one card each."""


class MatchEnd(TypedDict):
    """The match is over (LD-10): fewest ducks wins."""

    type: Literal["match_end"]
    scores: list[int]
    places: list[int]


LameDuckEvent = Chose | Reveal | TooLow | Place | Take | RoundEnd | Deal | MatchEnd
"""Every event a Lame Duck action can make public."""
