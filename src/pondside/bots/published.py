"""The published 6 nimmt! bots, rebuilt for Lame Duck from their sources' descriptions (issue 31).

Lame Duck is 6 nimmt! with the same 104 cards, ducks for bull's heads (LD-2), four columns, ten
turns and placement (LD-5 to LD-8); its default match is one round (LD-10: ``target=66`` is the
classic game). Three published studies rated bots on it, and their baselines are here so that
our levels meet them under the studies' own protocols (docs/bots.md, "Published baselines"):

- ``randomcard``: the sources' random player, which takes the fewest-ducks column.
- ``highest``: always plays its highest card. ThingsAI's 6-nimmt-agent (``dummy-max``, in its
  1,000-game tournament to 66 points: 16 % of wins) and Bertschi & Mégret (ETH Zürich 2022,
  "Always Highest": -19.87 a round at five players) both measured it.
- ``rowgap``: ThingsAI's ``bayesian-simple`` (25 % of wins in the same tournament): for each
  card, the ducks it would take this turn, averaged over ``samples`` (200) draws of the other
  players' cards from the cards it has not seen. The chance that the others' cards fall between
  a column's end and ours, and fill that column up to the sixth place first, is what the draws
  estimate: a one-turn model of the gap to each column's end, with no look further ahead.
- ``flatmc``: flat Monte-Carlo search with random playouts to the end of the round, judged by
  the bot's own ducks (fewest wins), as both 6 nimmt! studies ran it: ThingsAI's ``mcs``
  (``per_card`` playouts for each card, 100 in the tournament: 38.5 % of wins) and Brehmer &
  Gutsche's rl-6-nimmt ``MCSAgent`` (``sims`` playouts each starting with a card drawn at
  random, 200 then 400 in their tournament: 40 % of wins; Bertschi & Mégret ran it with 1,200:
  -8.48 a round).

Where a source takes a column for a too-low card (LD-8), it takes the one with the fewest
ducks: Brehmer's game has no choice there (their rule simplification), and ThingsAI's
``dummy-max`` and ``bayesian-simple`` choose that column. ThingsAI's ``mcs`` plays the choice
out instead (``take=search``). Every playout here takes the fewest-ducks column for every
player, as the sources' simulated games do. Ties between columns go as LD-11 breaks them
(fewer cards, then the lower index), where ThingsAI takes the lower index: a rare difference.
"""

from __future__ import annotations

import math
import random
from typing import Any

from pondside.engine import Game, View
from pondside.games import lame_duck as rules  # COLUMN_LIMIT read when used: the lab tunes it
from pondside.games.lame_duck import TAKE, column_ducks, fewest_ducks_column, target_column

from .base import Bot
from .lame_duck import unseen_cards

SPREADS = ("even", "random")
TAKES = ("search", "fewest")


def fewest_ducks_take(view: View) -> str:
    """The take of the column with the fewest ducks (LD-11's order on ties)."""
    return TAKE[fewest_ducks_column(tuple(tuple(c) for c in view["columns"]))]


def _whole(name: str, value: Any, least: int = 1) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise ValueError(f"{name} must be a whole number >= {least}, not {value!r}")
    return value


class HighestBot(Bot):
    """Always plays its highest card; a too-low card takes the column with the fewest ducks."""

    name = "highest"

    def choose(self, view: View, legal: list[str]) -> str:
        if legal[0].startswith("take"):
            return fewest_ducks_take(view)
        return max(legal, key=lambda a: int(a[5:]))


class RandomCardBot(Bot):
    """The sources' random player: any card, uniformly; a too-low card takes the column with the
    fewest ducks (ThingsAI's ``random`` chooses it, Brehmer's game takes it for every player).
    Our ``random`` takes any column, which makes it weaker than theirs."""

    name = "randomcard"

    def choose(self, view: View, legal: list[str]) -> str:
        if legal[0].startswith("take"):
            return fewest_ducks_take(view)
        return legal[self.rng.randrange(len(legal))]


def turn_ducks(columns: tuple[tuple[int, ...], ...], mine: int, others: list[int]) -> int:
    """The ducks the player of ``mine`` takes this turn if the others play ``others``: the
    cards placed lowest first (LD-5, LD-6), the sixth card of a column taking it (LD-7) and a
    too-low card taking the column with the fewest ducks (LD-8, as the source decides it)."""
    cols = list(columns)
    taken = 0
    for card in sorted([mine, *others]):
        i = target_column(tuple(cols), card)
        if i < 0:
            i = fewest_ducks_column(tuple(cols))
        elif len(cols[i]) < rules.COLUMN_LIMIT:
            cols[i] = (*cols[i], card)
            continue
        if card == mine:
            taken = column_ducks(cols[i])
        cols[i] = (card,)
    return taken


class RowGapBot(Bot):
    """ThingsAI's ``bayesian-simple``: the card whose expected ducks this turn are fewest, each
    other player's card drawn uniformly from the unseen cards, ``samples`` draws per card."""

    name = "rowgap"

    def __init__(self, game: Game[Any], seat: int, rng: random.Random, samples: int = 200) -> None:
        super().__init__(game, seat, rng)
        self.samples = _whole("samples", samples)

    def expected_ducks(self, view: View, card: int) -> float:
        """The mean ducks ``card`` takes this turn over ``samples`` draws of the others' cards."""
        columns = tuple(tuple(c) for c in view["columns"])
        unseen = unseen_cards(view)
        rivals = min(view["players"] - 1, len(unseen))
        draw = self.rng.sample
        total = sum(turn_ducks(columns, card, draw(unseen, rivals)) for _ in range(self.samples))
        return total / self.samples

    def choose(self, view: View, legal: list[str]) -> str:
        if legal[0].startswith("take"):
            return fewest_ducks_take(view)
        # The first of equal cards in the hand's order (ascending), as the source keeps it.
        return min(legal, key=lambda a: self.expected_ducks(view, int(a[5:])))


class FlatMCBot(Bot):
    """Flat Monte-Carlo with random playouts, judged by this seat's ducks to the round's end.

    ``spread=even`` (ThingsAI's ``mcs``): ``min(sims, per_card × cards)`` playouts shared evenly
    among the cards, ``sims`` being ``10 × per_card`` unless given. ``spread=random`` (Brehmer
    & Gutsche's ``MCSAgent``): ``min(sims, per_card × cards!)`` playouts, each starting with a
    card drawn at random. Every playout deals the unseen cards afresh (``Game.determinize``);
    every move after the first is uniformly random, and every too-low card takes the
    fewest-ducks column. ``take=search`` plays each column out ``per_card`` times when this
    seat must take one; ``take=fewest`` takes the fewest-ducks column, as Brehmer's game does.
    """

    name = "flatmc"

    def __init__(
        self,
        game: Game[Any],
        seat: int,
        rng: random.Random,
        per_card: int = 100,
        sims: int | None = None,
        spread: str = "even",
        take: str = "search",
    ) -> None:
        super().__init__(game, seat, rng)
        self.per_card = _whole("per_card", per_card)
        self.sims = self.per_card * 10 if sims is None else _whole("sims", sims)
        if spread not in SPREADS:
            raise ValueError(f"spread is {' or '.join(SPREADS)}, not {spread!r}")
        if take not in TAKES:
            raise ValueError(f"take is {' or '.join(TAKES)}, not {take!r}")
        self.spread, self.take = spread, take
        self.playouts = 0  # those of the last decision, for tests and benchmarks

    def playouts_for(self, actions: int) -> int:
        """The playouts a decision among ``actions`` gets, as the source counts them."""
        if self.spread == "even":
            return max(1, min(self.sims, self.per_card * actions) // actions) * actions
        return min(self.sims, self.per_card * math.factorial(actions))

    def choose(self, view: View, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        if legal[0].startswith("take") and self.take == "fewest":
            return fewest_ducks_take(view)
        total = self.playouts_for(len(legal))
        ducks: list[list[int]] = [[] for _ in legal]
        if self.spread == "even":
            for k in range(len(legal)):
                ducks[k] = [self.playout(view, legal[k]) for _ in range(total // len(legal))]
        else:
            for _ in range(total):
                k = self.rng.randrange(len(legal))
                ducks[k].append(self.playout(view, legal[k]))
        self.playouts = total
        # Fewest mean ducks; a card never drawn (spread=random, few playouts) is not chosen.
        tried = [k for k in range(len(legal)) if ducks[k]]
        return legal[min(tried, key=lambda k: sum(ducks[k]) / len(ducks[k]))]

    def playout(self, view: View, action: str) -> int:
        """The ducks this seat takes from ``action`` to the end of the round, on one sample of
        the hidden cards, every later move random and every take of the fewest ducks."""
        game, me, rng = self.game, self.seat, self.rng
        others = tuple(s for s in range(view["players"]) if s != me)
        state = game.withdraw_choices(game.determinize(view, rng), others)
        hands, before = game.hands_played(state), game.scores(state)[me]
        state, _ = game.apply(state, me, action)
        while True:
            seats = game.to_act(state)
            if not seats or game.hands_played(state) > hands:
                return int(game.scores(state)[me] - before)
            seat = seats[0]
            legal = game.legal_actions(state, seat)
            if legal[0].startswith("take"):
                choice = TAKE[fewest_ducks_column(state.columns)]
            else:
                choice = legal[rng.randrange(len(legal))]
            state, _ = game.apply(state, seat, choice)
