"""What a seat may see: the keys every game's view shares, as a typed contract.

A view is plain JSON built by the game's own ``view`` (the only path a hidden card could leak
through). Every game's view is a ``TypedDict`` in its module that extends :class:`CommonView`
and adds ``options`` and ``hand`` with the game's own types, then its own keys; the JSON Schema
of each is generated from it (``pondside.views``) and published in ``docs/views.md``, so the
browser tables and outside programs read one contract.

These are ``typing_extensions`` TypedDicts: pydantic builds JSON Schemas only from those on
Python 3.11 (``typing.TypedDict`` gains what it needs in 3.12).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired

from typing_extensions import TypedDict

Event = Mapping[str, Any]
r"""A public event, as code that serves every game reads it: an object with a ``"type"``. Each
game declares its own kinds as ``TypedDict`` classes (a union per game, ``pondside.views`` publishes
their schemas); this is what every one of them is."""

__all__ = ["CommonView", "Event", "NotRequired", "TypedDict"]


class CommonView(TypedDict):
    """The keys of every game's view. Each game adds ``options`` and, in a seat's view, ``hand``."""

    game: str
    """The game's slug."""
    players: int
    """How many seats the table has."""
    seat: int | None
    """The seat this view is for; null for a spectator."""
    to_act: list[int]
    """The seats that must still decide now, ascending; empty once the match is over."""
    over: bool
    """True once the match has ended."""
    hand_number: int
    """Which deal of the match is in play, from 1 (a round of Lame Duck or Ladders, a game of a
    Down the Drain series); once the match is over, the last one."""
    hand_sizes: list[int]
    """How many cards each seat holds in its hand."""
    totals: list[int]
    """Each seat's match score so far, as the outcome will count it."""
    hand_scores: list[list[int]]
    """One entry per finished deal: each seat's score for it. ``totals`` sum these, and in
    Lame Duck the round in play as well."""
    last_events: list[Event]
    """The public events of the last action taken (empty before the first)."""
