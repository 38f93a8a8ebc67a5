"""The engine: the protocol every game speaks. It imports nothing from the rest of Pondside."""

from .errors import (
    BadDeal,
    BadOption,
    BadPosition,
    BadRecord,
    IllegalAction,
    PondsideError,
    UnknownGame,
)
from .game import Event, Game, GameInfo, Outcome, View, places_from_results
from .match import Match
from .options import Option
from .rng import Rng, seed_state

__all__ = [
    "BadDeal",
    "BadOption",
    "BadPosition",
    "BadRecord",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Match",
    "Option",
    "Outcome",
    "PondsideError",
    "Rng",
    "UnknownGame",
    "View",
    "places_from_results",
    "seed_state",
]
