"""King of the Quackers' public events: one ``TypedDict`` per kind, ``QuackersEvent`` their
union. Seats are numbered from 0; cards are written in the game's notation (``"7VY"``)."""

from __future__ import annotations

from typing import Literal

from pondside.engine import TypedDict


class Gave(TypedDict):
    """A seat has chosen its two cards to pass (KQ-5); which stays hidden."""

    type: Literal["gave"]
    seat: int


class Exchange(TypedDict):
    """Everyone has chosen: the cards change hands together (KQ-5) and play begins (KQ-6)."""

    type: Literal["exchange"]
    leader: int
    """The seat that leads the first round."""


class Play(TypedDict):
    """A seat plays a combination (KQ-7 to KQ-9)."""

    type: Literal["play"]
    seat: int
    action: str
    """The action as written, in the notation (``"play 7SK 7VY"``)."""
    cards: list[str]
    """The cards played, in the notation."""
    kind: str
    """What the play counts as in this round: ``open``, ``single``, ``set``,
    ``straight_flush`` or ``bomb`` (a following Excuse is a bomb, KQ-15)."""
    rank: int
    """Its rank, which the next play must beat."""
    left: int
    """The cards the seat holds after it."""


class Promise(TypedDict):
    """A seat promises to go out first (KQ-29); the value is the cards it held then."""

    type: Literal["promise"]
    seat: int
    value: int
    """What the promise is worth: the cards the seat holds after the play (KQ-29)."""


class Out(TypedDict):
    """A seat has played its last card (KQ-12)."""

    type: Literal["out"]
    seat: int
    place: int
    """Its place in the hand, from 1."""


class PromiseResolved(TypedDict):
    """The first seat out settles the promise (KQ-30)."""

    type: Literal["promise_resolved"]
    seat: int
    """The seat that promised."""
    value: int
    """What the promise was worth."""
    kept: bool
    """Whether the seat that promised went out first."""
    points: list[int]
    """What each seat gains by it."""


class Pass(TypedDict):
    """A seat passes (KQ-10)."""

    type: Literal["pass"]
    seat: int


class RoundEnd(TypedDict):
    """Everyone else passed: the cards are gathered and a new round is led (KQ-10, KQ-11)."""

    type: Literal["round_end"]
    leader: int


class HandEnd(TypedDict):
    """The hand is over: places and points (KQ-12, KQ-25)."""

    type: Literal["hand_end"]
    hand: int
    places: list[int]
    points: list[int]
    """Each seat's points for the hand (KQ-25, a promise's included)."""
    totals: list[int]


class Deal(TypedDict):
    """The next hand is dealt (KQ-3)."""

    type: Literal["deal"]
    hand: int
    dealer: int


class MatchEnd(TypedDict):
    """The match is over (KQ-26)."""

    type: Literal["match_end"]
    scores: list[int]
    places: list[int]


QuackersEvent = (
    Gave
    | Exchange
    | Play
    | Promise
    | Out
    | PromiseResolved
    | Pass
    | RoundEnd
    | HandEnd
    | Deal
    | MatchEnd
)
"""Every event a King of the Quackers action can make public."""
