"""Down the Drain, a 90-card shedding race (rules/down-the-drain.md, rulings DD-1..DD-11).

On your turn a card still in front of you is *pushed through* (DD-4a): it is discarded without
a replacement, together with every card of the same number in front of the others, and whoever
of that group has an empty hand wins (DD-8). Then you play any card in front of you (DD-4b).
Equal numbers form a group worth number × size (DD-3, DD-4c); every other group strictly lower
than yours is beaten, flushed down the drain and replaced from the stack (DD-4d, DD-6, DD-7).

>>> from pondside.engine import Match
>>> m = Match(GAME, 4, seed=1)
>>> len(m.to_act()), len(m.view(0)["hand"]), m.view(0)["stack_size"]
(1, 6, 66)
>>> group_value((7, 7, 0, 8), 7), group_value((7, 7, 0, 8), 8)
(14, 8)

One game in the modules every game has (docs/adding-a-game.md): ``state`` (the state, its
constants and the view a seat gets), ``events`` (the events a step declares), ``rules`` (the game
as functions of the state: deal, legal actions, apply, scoring), ``seat`` (what a seat knows: its
view, the determinization from it, the check of a given position), ``narrate`` (the lines a
person reads) and ``game`` (the ``Game`` binding, naming those functions).
"""

from .game import GAME, DownTheDrain
from .rules import (
    HAND_SIZE,
    TUNABLES,
    beaten_by,
    game_places,
    group_value,
    hand_size,
)
from .state import (
    COUNTS,
    DECK,
    GUARD_CYCLES,
    NUMBERS,
    OTHERS,
    PLAY,
    DownTheDrainGroup,
    DownTheDrainOptions,
    DownTheDrainState,
    DownTheDrainView,
)

__all__ = [
    "COUNTS",
    "DECK",
    "GAME",
    "GUARD_CYCLES",
    "HAND_SIZE",
    "NUMBERS",
    "OTHERS",
    "PLAY",
    "TUNABLES",
    "DownTheDrain",
    "DownTheDrainGroup",
    "DownTheDrainOptions",
    "DownTheDrainState",
    "DownTheDrainView",
    "beaten_by",
    "game_places",
    "group_value",
    "hand_size",
]
