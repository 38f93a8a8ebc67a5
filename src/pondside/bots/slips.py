"""A beginner: the game's heuristic, slipping now and then (``slips:rate=0.35``).

A slip is what a person new to a game does: mostly the sensible move, sometimes another legal
one for no good reason. The heuristic's choice is taken and, with probability ``rate``, another
legal action is played instead, drawn uniformly from the rest.
"""

from __future__ import annotations

import random
from typing import Any

from pondside.engine import Game, View
from pondside.i18n import _

from .base import Bot
from .registry import heuristic_class


class SlipBot(Bot):
    name = "slips"

    def __init__(self, game: Game[Any], seat: int, rng: random.Random, rate: float = 0.35) -> None:
        super().__init__(game, seat, rng)
        if not isinstance(rate, int | float) or not 0 <= rate <= 1:
            raise ValueError(f"rate (the share of decisions that slip) is 0 to 1, not {rate!r}")
        self.rate = float(rate)
        self.careful = heuristic_class(game)(game, seat, random.Random(rng.random()))
        self.slipped = False

    def choose(self, view: View, legal: list[str]) -> str:
        choice = self.careful.choose(view, legal)
        # The slip is drawn at every decision, forced or not, so one decision's number of legal
        # actions does not shift the luck of the next.
        slip = self.rng.random() < self.rate
        self.slipped = slip and len(legal) > 1
        if not self.slipped:
            return choice
        others = [a for a in legal if a != choice]
        return others[self.rng.randrange(len(others))]

    def explain(self, view: View, legal: list[str], action: str) -> str | None:
        if self.slipped:
            return _("a slip: not the move a careful player would make")
        return self.careful.explain(view, legal, action)
