"""Wildcat Chicane and classic Chicane (rules/wildcat-chicane.md, rulings WC-1..WC-16).

Each player secretly picks an Ace or a Crown as their ruling card (WC-4): an Ace makes them
BOTTOM, a Crown TOP, so each two-suit number card in *their* hand has only that one suit
(WC-5), and the ruler's suit is *their* trump (WC-6). Players bid their tricks (WC-7), play
them out following suit as each reads it (WC-10), and score by how close they came (WC-12).
The classic variant (WC-15) makes one TOP/BOTTOM call and one trump for the whole table.

>>> from pondside.engine import Match
>>> m = Match(GAME, 3, deal=WORKED_DEAL, seed=1)
>>> m.to_act()
(0, 1, 2)

One game in the modules every game has (docs/adding-a-game.md), with its own ``cards`` (the
cards and how each player reads them): ``state`` (the state, the view and the voids the tricks
show), ``events``, ``rules`` (the game as functions of the state), ``seat`` (what a seat knows:
its view, the determinization from it, the check of a given position's cards), ``narrate`` and
``game`` (the ``Game`` binding, naming those functions).
"""

from .cards import (
    BID,
    BOTTOM,
    CALLS,
    CODES,
    HAND_LIMIT,
    INDEX,
    IS_RULER,
    NOTATION,
    NUMBER_CARDS,
    PHASES,
    PLAY,
    RANK,
    READING_NAMES,
    RULE,
    RULER_CARDS,
    SUIT,
    TOP,
    hand_score,
    hand_size,
    playable,
    read_suit,
    reading_of_ruler,
    trick_count,
    trick_winner,
)
from .game import GAME, WildcatChicane
from .rules import WORKED_DEAL
from .seat import sample_hands
from .state import (
    ChicaneOptions,
    ChicaneState,
    ChicaneTrick,
    ChicaneView,
    suits_of_mask,
    voids,
)

__all__ = [
    "BID",
    "BOTTOM",
    "CALLS",
    "CODES",
    "GAME",
    "HAND_LIMIT",
    "INDEX",
    "IS_RULER",
    "NOTATION",
    "NUMBER_CARDS",
    "PHASES",
    "PLAY",
    "RANK",
    "READING_NAMES",
    "RULE",
    "RULER_CARDS",
    "SUIT",
    "TOP",
    "WORKED_DEAL",
    "ChicaneOptions",
    "ChicaneState",
    "ChicaneTrick",
    "ChicaneView",
    "WildcatChicane",
    "hand_score",
    "hand_size",
    "playable",
    "read_suit",
    "reading_of_ruler",
    "sample_hands",
    "suits_of_mask",
    "trick_count",
    "trick_winner",
    "voids",
]
