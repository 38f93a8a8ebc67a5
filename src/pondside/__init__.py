"""Pondside: exact rules engines for five card games, bots, simulations and the engine protocol.

>>> from pondside import Match, get_game
>>> match = Match(get_game("lame-duck"), players=4, seed=7)
>>> match.to_act()
(0, 1, 2, 3)
"""

from pondside.engine import Match
from pondside.games import get_game, slugs

__all__ = ["Match", "get_game", "slugs"]
__version__ = "0.1.0"
