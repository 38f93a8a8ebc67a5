"""The bot interface: a bot sees one seat's view and that seat's legal actions, never the state.

A bot owns its own seeded ``random.Random``, so a bot's decisions are reproducible and never
draw from the match's generator.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any

from pondside.engine import Game, View


class Bot(ABC):
    """Base of every bot. ``choose`` returns one of ``legal`` (canonical action strings)."""

    name = "bot"

    def __init__(self, game: Game[Any], seat: int, rng: random.Random, **params: Any) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        if params:
            raise ValueError(f"bot {self.name!r} takes no parameter {sorted(params)[0]!r}")

    @abstractmethod
    def choose(self, view: View, legal: list[str]) -> str:
        """The action to take, from ``legal`` (never empty)."""

    def explain(self, view: View, legal: list[str], action: str) -> str | None:
        """Why this bot takes ``action`` (what ``choose`` returned) here, in one line for a
        person (a hint at the terminal), or None when it cannot say. Explaining never changes
        a choice: it only reads the view."""
        return None


class RandomBot(Bot):
    """Uniformly random legal actions: the baseline every other bot must beat."""

    name = "random"

    def choose(self, view: View, legal: list[str]) -> str:
        return legal[self.rng.randrange(len(legal))]
