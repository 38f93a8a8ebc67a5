"""Ladders' public events: one ``TypedDict`` per kind, ``LaddersEvent`` their union.

Seats, ACCENT slots and RUNG piles are numbered from 0, as in the notation (``play climb to
0``); the narrator (``narrate``) numbers piles from 1, as the table shows them. Cards are
written as in the notation (``"7"``, ``"W"``).
"""

from __future__ import annotations

from typing import Literal, NotRequired

from pondside.engine import TypedDict


class Turn(TypedDict):
    """A seat's turn begins (LA-4)."""

    type: Literal["turn"]
    seat: int


class Draw(TypedDict):
    """A seat draws until its hand holds five cards (LA-4); how many is public, not which."""

    type: Literal["draw"]
    seat: int
    cards: int


class Reshuffle(TypedDict):
    """The DRAW ran out: DISCARD is shuffled into a new DRAW (LA-11)."""

    type: Literal["reshuffle"]
    cards: int


PlaySource = Literal["hand", "climb", "rung", "partner climb", "partner rung"]
"""Where a played card comes from: the hand, the seat's CLIMB or RUNG pile, or its partner's."""
RoundEndReason = Literal["climb", "deadlock"]
"""A round ends with an empty CLIMB (LA-12) or stalled (LA-15)."""

# "from" and "as" are Python keywords: the class syntax cannot name them. ``from`` is where the
# card came from, ``as`` the number it counts as on the ACCENT pile ``to`` (from 0); ``owner``
# is whose CLIMB or RUNG pile it left (a partner's under LA-14; absent for a hand card), and
# ``rung`` which RUNG pile (from 0).
Play = TypedDict(
    "Play",
    {
        "type": Literal["play"],
        "seat": int,
        "from": PlaySource,
        "card": str,
        "to": int,
        "as": int,
        "owner": NotRequired[int],
        "rung": NotRequired[int],
    },
)
Play.__doc__ = """A card moves onto an ACCENT pile (LA-5): ``from`` where it came from (the hand,
the seat's CLIMB or RUNG pile, or its partner's), ``to`` the ACCENT slot (from 0), ``as`` the
number it counts as there (1 to 12), ``owner`` whose CLIMB or RUNG pile it left (absent for a
hand card), ``rung`` which RUNG pile (from 0)."""


class Complete(TypedDict):
    """An ACCENT pile reaches 12 and goes to DISCARD; its slot is free again (LA-7)."""

    type: Literal["complete"]
    slot: int
    """The ACCENT slot, from 0."""


class TurnUp(TypedDict):
    """A CLIMB's next card is turned face up (LA-6)."""

    type: Literal["turn_up"]
    seat: int
    card: str


class Discard(TypedDict):
    """A seat ends its turn by laying a hand card on one of its RUNG piles (LA-9)."""

    type: Literal["discard"]
    seat: int
    card: str
    rung: int
    """The RUNG pile, from 0."""


class Pass(TypedDict):
    """A seat with no card in hand and no play ends its turn (LA-10)."""

    type: Literal["pass"]
    seat: int


class RoundEnd(TypedDict):
    """A round is won by emptying a CLIMB (LA-12), or ends stalled (LA-15)."""

    type: Literal["round_end"]
    round: int
    reason: RoundEndReason
    """``climb``: a CLIMB was emptied (LA-12); ``deadlock``: nobody could move (LA-15)."""
    winners: list[int]
    """The winning side's seats (none when a stalled round has no single winner)."""
    points: list[int]
    """Each seat's points for the round (LA-13)."""
    totals: list[int]
    climb_sizes: list[int]
    """The cards left in each CLIMB."""


class Deal(TypedDict):
    """A round is dealt (LA-3)."""

    type: Literal["deal"]
    round: int
    dealer: int
    climb_tops: list[str]
    """Each seat's face-up CLIMB card."""


class MatchEnd(TypedDict):
    """The match is over (LA-13)."""

    type: Literal["match_end"]
    scores: list[int]
    places: list[int]


LaddersEvent = (
    Turn | Draw | Reshuffle | Play | Complete | TurnUp | Discard | Pass | RoundEnd | Deal | MatchEnd
)
"""Every event a Ladders action can make public."""
