"""The engine: the protocol every game speaks. It imports nothing from the rest of Pondside."""

from . import native

native.install()  # before rng is imported: a stale or unwanted compiled build is not used

# ruff: noqa: E402  (the imports below come after the compiled build's guard)
from .deal import DealLayout
from .errors import (
    BadDeal,
    BadOption,
    BadPosition,
    BadRecord,
    IllegalAction,
    PondsideError,
    UnknownGame,
    spell,
)
from .game import Game, GameInfo, Outcome, View, places_from_results, reading_order
from .match import Match, record_bots, record_names
from .narrate import ActionLabel, CardSpan, Labels, ScoreNote, Speaker, Term, Unplayable
from .options import Option
from .rng import Rng, seed_state
from .state import NONE_IS_MINUS_ONE, NONE_IS_ZERO, TOP_FIRST, Notation, State
from .view import CommonView, Event, NotRequired, TypedDict

__all__ = [
    "NONE_IS_MINUS_ONE",
    "NONE_IS_ZERO",
    "TOP_FIRST",
    "ActionLabel",
    "BadDeal",
    "BadOption",
    "BadPosition",
    "BadRecord",
    "CardSpan",
    "CommonView",
    "DealLayout",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Labels",
    "Match",
    "NotRequired",
    "Notation",
    "Option",
    "Outcome",
    "PondsideError",
    "Rng",
    "ScoreNote",
    "Speaker",
    "State",
    "Term",
    "TypedDict",
    "UnknownGame",
    "Unplayable",
    "View",
    "places_from_results",
    "reading_order",
    "record_bots",
    "record_names",
    "seed_state",
    "spell",
]
