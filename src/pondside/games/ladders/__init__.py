"""Ladders, a Skip-Bo family race (rules/ladders.md, rulings LA-1..LA-16).

Every player races to empty their CLIMB pile by building the shared ACCENT piles up from 1 to
12 with cards from their hand, their CLIMB top and their RUNG tops (LA-5); SKIP PORTALs (``W``)
count as whatever number is needed. A turn is any number of plays, ended by one discard onto an
own RUNG pile (LA-9). Drawing is automatic (LA-4, LA-8, LA-11). The first to empty their CLIMB
(both CLIMBs, for a partnership) wins the round at once (LA-12) and scores 25 plus 5 for every
card left in the opponents' CLIMBs (LA-13).

>>> from pondside.engine import Match
>>> m = Match(GAME, 2, seed=1)
>>> m.to_act() == ((m.view(None)["dealer"] + 1) % 2,)  # the dealer's left plays first (LA-3)
True
>>> len(m.view(m.to_act()[0])["hand"])
5

One game in the modules every game has (docs/adding-a-game.md): ``state`` (the state, its
constants and the view a seat gets), ``events`` (the events a step declares), ``rules`` (the game
as functions of the state: deal, legal actions, apply, scoring), ``seat`` (what a seat knows: its
view, the determinization from it, the check of a given position), ``narrate`` (the lines a
person reads) and ``game`` (the ``Game`` binding, naming those functions).
"""

from .game import GAME, Ladders
from .rules import (
    CLIMB_PLAY,
    CLIMB_SIZE,
    DISCARD,
    HAND_PLAY,
    PCLIMB_PLAY,
    PRUNG_PLAY,
    RUNG_PLAY,
    TUNABLES,
    climb_size,
    fits,
)
from .state import (
    CARD,
    DECK,
    DECK_COUNTS,
    HAND,
    PARSE_CARD,
    RUNGS,
    SLOTS,
    TOP,
    WILD,
    LaddersOptions,
    LaddersState,
    LaddersView,
    partner,
    side_of,
    sides,
)

__all__ = [
    "CARD",
    "CLIMB_PLAY",
    "CLIMB_SIZE",
    "DECK",
    "DECK_COUNTS",
    "DISCARD",
    "GAME",
    "HAND",
    "HAND_PLAY",
    "PARSE_CARD",
    "PCLIMB_PLAY",
    "PRUNG_PLAY",
    "RUNGS",
    "RUNG_PLAY",
    "SLOTS",
    "TOP",
    "TUNABLES",
    "WILD",
    "Ladders",
    "LaddersOptions",
    "LaddersState",
    "LaddersView",
    "climb_size",
    "fits",
    "partner",
    "side_of",
    "sides",
]
