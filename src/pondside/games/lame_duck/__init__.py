"""Lame Duck, a 6 nimmt! family game (rules/lame-duck.md, rulings LD-1..LD-12).

Every player secretly chooses a card; the cards are revealed together and placed lowest
first on the column whose last card is the closest lower one (LD-6). The sixth card of a
column takes the five before it (LD-7); a card lower than every column end lets its player
take a column of their choice (LD-8). Fewest ducks wins (LD-9, LD-10).

>>> from pondside.engine import Match
>>> m = Match(GAME, 4, seed=1)
>>> m.to_act()
(0, 1, 2, 3)
>>> duck_count(55), duck_count(44), duck_count(30), duck_count(25), duck_count(7)
(7, 5, 3, 2, 1)

One game in the modules every game has (docs/adding-a-game.md): ``state`` (the state, its
constants and the view a seat gets), ``events`` (the events a step declares), ``rules`` (the game
as functions of the state: deal, legal actions, apply, scoring), ``seat`` (what a seat knows: its
view, the determinization from it, the check of a given position), ``narrate`` (the lines a
person reads) and ``game`` (the ``Game`` binding, naming those functions).
"""

from .game import GAME, LameDuck
from .rules import (
    COLUMN_LIMIT,
    PLAY,
    TAKE,
    TUNABLES,
    fewest_ducks_column,
    target_column,
)
from .state import (
    COLUMNS,
    DUCKS,
    HAND_SIZE,
    TURNS,
    LameDuckOptions,
    LameDuckState,
    LameDuckView,
    column_ducks,
    deck_size,
    duck_count,
)

__all__ = [
    "COLUMNS",
    "COLUMN_LIMIT",
    "DUCKS",
    "GAME",
    "HAND_SIZE",
    "PLAY",
    "TAKE",
    "TUNABLES",
    "TURNS",
    "LameDuck",
    "LameDuckOptions",
    "LameDuckState",
    "LameDuckView",
    "column_ducks",
    "deck_size",
    "duck_count",
    "fewest_ducks_column",
    "target_column",
]
