"""What the framework adapters share: rewards per hand, place utilities, game lookup."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pondside.engine import Game

REWARDS = ("hand", "place")
"""``hand``: at the end of every hand, the change in each seat's match score that hand
(negated for games where fewer is better, so more reward is always better).
``place``: nothing until the match ends, then :func:`place_utilities` of the places."""


def place_utilities(places: Sequence[int]) -> list[float]:
    """Each seat's (seats it beat - seats that beat it) / (both): 1 for a sole or shared first
    place, -1 for last, 0 in the middle or for a tie of all; a partnership's seats share
    their side's place (protocol.md), so sides get 1 and -1.

    >>> place_utilities([1, 2, 3, 4]) == [1.0, 1 / 3, -1 / 3, -1.0]
    True
    >>> place_utilities([1, 2, 1, 2]), place_utilities([1, 1, 3])
    ([1.0, -1.0, 1.0, -1.0], [1.0, 1.0, -1.0])
    """
    out = []
    for p in places:
        better = sum(1 for q in places if q < p)
        worse = sum(1 for q in places if q > p)
        out.append((worse - better) / (worse + better) if worse + better else 0.0)
    return out


class HandRewards:
    """Turns a match's score movements into rewards at hand ends (see :data:`REWARDS`).

    Call :meth:`step` after every action; it returns one reward per seat (zeros mid-hand).
    Games that do not report running scores (``Game.scores`` raises ``NotImplementedError``)
    reward the whole match at its end instead.
    """

    def __init__(self, game: Game[Any], state: Any, mode: str = "hand") -> None:
        if mode not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {mode!r}")
        self.game = game
        self.mode = mode
        self.players: int = game.view(state, None)["players"]
        self.sign = -1.0 if game.info.lower_score_is_better else 1.0
        self.hands = game.hands_played(state)
        self.last = self._scores(state) or [0.0] * self.players

    def _scores(self, state: Any) -> list[float] | None:
        game = self.game
        try:
            return [float(x) for x in game.scores(state)]
        except NotImplementedError:
            outcome = game.outcome(state)
            return None if outcome is None else [float(x) for x in outcome.scores]

    def step(self, state: Any) -> list[float]:
        game = self.game
        over = game.is_over(state)
        if self.mode == "place":
            if not over:
                return [0.0] * self.players
            outcome = game.outcome(state)
            assert outcome is not None
            return place_utilities(outcome.places)
        hands = game.hands_played(state)
        if hands == self.hands and not over:
            return [0.0] * self.players
        self.hands = hands
        scores = self._scores(state)
        if scores is None:
            return [0.0] * self.players
        out = [self.sign * (a - b) for a, b in zip(scores, self.last, strict=True)]
        self.last = scores
        return out
