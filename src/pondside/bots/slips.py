"""A beginner: the game's heuristic as a person new to the game plays it, with a person's
memory, misjudging risks and slipping now and then (``slips:rate=0.1:memory=0.5:misjudge=0.6``).

Three errors of a person new to a game (issue 31, point 6):

- **Misjudged risks**: on a share ``misjudge`` of its decisions (drawn at each) the beginner
  plays the game's newcomer (``GameBots.newcomer``: a rough rule in place of the heuristic's
  estimates, as people new to that game play: Lame Duck's columns judged dangerous by their
  length, Wildcat Chicane's optimistic bid, King of the Quackers' greed, Ladders' play of
  whatever fits, Down the Drain's highest card), and the heuristic on the
  rest. ``misjudge=0`` (the spec's default) plays the heuristic alone.
- **A limited memory** (as FreeDoko's players have): where the game's heuristic counts the
  cards played (Lame Duck's taken piles, Down the Drain's discard pile: the game declares what,
  ``GameBots.forget``), each such card is remembered with probability ``memory``, drawn once
  when it is first seen: a card forgotten stays forgotten, as a person's does, and the
  heuristic then judges risks from the cards it believes are still out. ``memory=1`` (the
  default of the spec) forgets nothing.
- **A slip**: mostly the sensible move, sometimes another legal one for no good reason. The
  chosen action is taken and, with probability ``rate``, another legal action is played
  instead, drawn uniformly from the rest.
"""

from __future__ import annotations

import random
from typing import Any

from pondside.engine import Game, View
from pondside.i18n import _

from .base import Bot
from .declared import game_bots
from .registry import heuristic_class


class PersonsMemory:
    """What one player keeps of the cards played: each remembered or not, decided the first
    time it is asked of (a deal and what identifies the card in it), and so for the rest of
    the deal; forgotten at the next deal."""

    def __init__(self, rng: random.Random, share: float) -> None:
        self.rng, self.share = rng, share
        self.deal = -1
        self.decided: dict[object, bool] = {}

    def kept(self, deal: int, what: object) -> bool:
        if deal != self.deal:
            self.deal, self.decided = deal, {}
        found = self.decided.get(what)
        if found is None:
            found = self.decided[what] = self.rng.random() < self.share
        return found


def _share(what: str, value: object) -> float:
    """A share from 0 to 1 given as a bot parameter, or a refusal naming what it is."""
    if not isinstance(value, int | float) or not 0 <= value <= 1:
        raise ValueError(f"{what} is 0 to 1, not {value!r}")
    return float(value)


class SlipBot(Bot):
    name = "slips"

    def __init__(
        self,
        game: Game[Any],
        seat: int,
        rng: random.Random,
        rate: float = 0.35,
        memory: float = 1.0,
        misjudge: float = 0.0,
    ) -> None:
        super().__init__(game, seat, rng)
        rate = _share("rate (the share of decisions that slip)", rate)
        memory = _share("memory (the share of the cards played that are remembered)", memory)
        misjudge = _share(
            "misjudge (the share of decisions played as a newcomer misjudges)", misjudge
        )
        self.rate, self.misjudge = rate, misjudge
        self.careful = heuristic_class(game)(game, seat, random.Random(rng.random()))
        self.slipped = False
        declared = game_bots(game)
        self.forget = None if declared is None or memory >= 1 else declared.forget
        newcomer = None if declared is None or misjudge <= 0 else declared.newcomer
        self.newcomer = (
            None if newcomer is None else newcomer(game, seat, random.Random(rng.random()))
        )
        self.misjudged = False
        # Its own generator: what is remembered does not shift the luck of the slips.
        self.memory = PersonsMemory(random.Random(rng.random()), memory)

    def believed(self, view: View) -> View:
        """The view as this player holds it in mind."""
        return view if self.forget is None else self.forget(view, self.memory)

    def choose(self, view: View, legal: list[str]) -> str:
        # Drawn at every decision where there is a newcomer to play, as the slip below is: the
        # luck of one does not shift the other's (and a spec without one keeps its old luck).
        self.misjudged = self.newcomer is not None and self.rng.random() < self.misjudge
        choice = self._player().choose(self.believed(view), legal)
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
        return self._player().explain(self.believed(view), legal, action)

    def _player(self) -> Bot:
        """Who decides this time: the newcomer when it misjudges, else the careful heuristic."""
        if self.misjudged and self.newcomer is not None:
            return self.newcomer
        return self.careful
