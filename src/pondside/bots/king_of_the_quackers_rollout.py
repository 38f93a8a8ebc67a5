"""King of the Quackers' rollout policies over a batch of tables (``bots/rollout.py`` plays them).

``random_actions`` is the uniform random bot on given uniforms, so that the candidates of one
sample share their luck: at the pass each seat's two cards are the ``floor(u · held)``-th of its
hand and, from the rest of that uniform, one of the others; in play the seat to act's choices
are counted as the batched engine's random bot counts them (``choices``: singles, Sets and
Straight Flushes, Bombs, pass, the same with a promise) and the ``floor(u · count)``-th is read
back (``nth_choice``), so every legal action is equally likely, Bombs included.

There is no batched heuristic: ``KingOfTheQuackersHeuristic`` values every legal play by the
plan of the hand it leaves (``plan_cost``: the fewest plays, its Straight Flushes found by a
recursion over the hand, memoized by hand), a search over each hand that does not fit a few
array operations over the batch. With ``rollout=heuristic`` the searches play one by one
(``batched_rollouts`` answers None).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from pondside.batch.base import Ints
from pondside.batch.king_of_the_quackers import PASSING, PLAYING, KingOfTheQuackersTables
from pondside.batch.king_of_the_quackers_random import choices, nth_choice, nth_give

Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]


def batched_heuristic_applies(heuristic: type) -> bool:
    """Never: there is no batched heuristic (the module's docstring says why)."""
    return False


def _below(u: Floats, count: Ints) -> Ints:
    """``floor(u · count)``, at most ``count - 1``."""
    out: Ints = np.minimum((u * count).astype(np.int64), np.maximum(count - 1, 0))
    return out


def random_actions(t: KingOfTheQuackersTables, u: Floats, live: Bools) -> Ints:
    """[B, P] a uniformly random legal action of every acting seat of the ``live`` tables,
    from the uniforms ``u`` [B, P]; ``noop`` elsewhere."""
    out = np.full((t.batch, t.players), t.noop, dtype=np.int64)
    going = live & ~t.over
    passing = np.flatnonzero(going & (t.phase == PASSING))
    if len(passing):
        held = t.held[passing]
        scaled = u[passing] * held
        first = np.minimum(scaled.astype(np.int64), held - 1)
        second = _below(scaled - first, held - 1)  # the rest of the uniform, uniform again
        out[passing] = nth_give(t, t.hands[passing], first, second)
    playing = np.flatnonzero(going & (t.phase == PLAYING) & (t.turn >= 0))
    if len(playing):
        seat = t.turn[playing]
        counted = choices(t, playing)
        r = _below(u[playing, seat], counted.counts.sum(axis=1))
        out[playing, seat] = nth_choice(t, counted, r)
    return out


TABLES = KingOfTheQuackersTables


def options_of(state: Any) -> dict[str, Any]:
    """The options of the match ``state`` is in, as the tables take them."""
    return dict(state.options())


def hands_played(t: KingOfTheQuackersTables) -> Ints:
    """[B] the hands finished (``Game.hands_played``): the last stays in play once over."""
    played: Ints = t.hand_no - 1 + t.over
    return played
