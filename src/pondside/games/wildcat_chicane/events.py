"""Wildcat Chicane's public events: one ``TypedDict`` per kind, ``ChicaneEvent`` their union.
Seats are numbered from 0; cards are written in the game's notation, suits as their letters."""

from __future__ import annotations

from typing import Literal

from pondside.engine import TypedDict


class Chose(TypedDict):
    """A seat has chosen its ruling card (WC-4); which stays hidden until all have."""

    type: Literal["chose"]
    seat: int


class Reveal(TypedDict):
    """The ruling cards are revealed together (WC-4)."""

    type: Literal["reveal"]
    rulers: list[str]
    """Each seat's ruling card."""
    readings: list[str]
    """How each seat reads its cards' suits: ``top`` or ``bottom``."""
    trumps: list[str]
    """Each seat's trump suit."""


class Call(TypedDict):
    """A call of the expert game (WC-15)."""

    type: Literal["call"]
    seat: int
    call: str
    """The call as the action writes it after ``call``: ``"top"``, ``"bottom"``,
    ``"trump M"``."""


class Bid(TypedDict):
    """A seat bids how many tricks it will win (WC-7)."""

    type: Literal["bid"]
    seat: int
    bid: int
    """The tricks bid, 0 to the tricks of the hand."""


class Play(TypedDict):
    """A seat plays a card to the trick (WC-8)."""

    type: Literal["play"]
    seat: int
    card: str
    suit: str
    """The suit it counts as for its player (WC-5)."""
    trump: bool
    """Whether it is that player's trump."""


class Trick(TypedDict):
    """A trick is complete (WC-9 to WC-11)."""

    type: Literal["trick"]
    number: int
    """Which trick of the hand, from 1."""
    winner: int
    """The seat that took the trick (WC-11)."""
    cards: list[list[int | str]]
    """[seat, card] in the order played."""


class HandEnd(TypedDict):
    """The hand is over: each bid against the tricks won (WC-12)."""

    type: Literal["hand_end"]
    hand: int
    bids: list[int]
    """Each seat's bid."""
    won: list[int]
    """The tricks each seat won."""
    scores: list[int]
    totals: list[int]


class Deal(TypedDict):
    """The next hand is dealt (WC-2)."""

    type: Literal["deal"]
    hand: int
    dealer: int


class MatchEnd(TypedDict):
    """The match is over (WC-13, WC-16)."""

    type: Literal["match_end"]
    scores: list[int]
    places: list[int]


ChicaneEvent = Chose | Reveal | Call | Bid | Play | Trick | HandEnd | Deal | MatchEnd
"""Every event a Wildcat Chicane action can make public."""
