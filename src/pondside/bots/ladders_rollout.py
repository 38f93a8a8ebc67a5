"""Ladders' rollout policies over a batch of tables (``bots/rollout.py`` plays them).

``random_actions`` is the uniform random bot on given uniforms (the ``floor(u · count)``-th
legal action of the seat to act), so that the candidates of one sample share their luck.

``heuristic_actions`` is :class:`~pondside.bots.ladders.LaddersHeuristic` itself, asked one
table at a time: its choice is a search for the cheapest chain of plays to a CLIMB top (a
depth-first search over the hand and the RUNG tops) whose ties are settled by the order it
meets the cards in, which is no array operation. What the batch saves is the rest of a
one-by-one step: the seat's view (every pile as strings), the engine's legal actions and its
``apply``. The bot reads its ``Table`` straight from the arrays (the hand in ascending order,
as the view lists it, so that its ties fall as they do one by one) and checks its actions
against the legal mask: every choice is the heuristic's
(``tests/bots/test_ladders_rollout.py`` compares them step by step).

Playouts in Ladders are cut (``horizon``, ``turns``) and judged by ``progress``, the CLIMB
cards each side has left (``Game.progress``), as one by one.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterator
from typing import Any

import numpy as np
import numpy.typing as npt

from pondside.batch.base import Ints
from pondside.batch.ladders import LaddersTables
from pondside.games.ladders import GAME

from .ladders import LaddersHeuristic, Table
from .rollout import nth_true

Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]


HEURISTIC_BY_DEFAULT = False
"""The batched heuristic is no faster than one by one (its own judgement is nearly all of a
step's time either way: ``docs/batch.md``): a search plays it on the batch only when asked
(``batch=K``), so that the levels (``mcs`` with the heuristic) stay as they were."""


def batched_heuristic_applies(heuristic: type) -> bool:
    """Whether the batched policy is the game's declared heuristic."""
    return heuristic is LaddersHeuristic


def random_actions(t: LaddersTables, u: Floats, live: Bools) -> Ints:
    """[B, P] a uniformly random legal action of the seat to act at the ``live`` tables, from
    the uniforms ``u`` [B, P]; ``noop`` elsewhere."""
    out = np.full((t.batch, t.players), t.noop, dtype=np.int64)
    idx = np.flatnonzero(live & ~t.over)
    if len(idx):
        seat = t.turn[idx]
        out[idx, seat] = nth_true(t._legal(idx), u[idx, seat])
    return out


class _Legal(Collection[str]):
    """One table's legal actions (a row of the mask) as the heuristic asks about them."""

    def __init__(self, row: Bools, names: list[str], index: dict[str, int]) -> None:
        self.row, self.names, self.index = row, names, index

    def __contains__(self, action: object) -> bool:
        k = self.index.get(action, -1) if isinstance(action, str) else -1
        return k >= 0 and bool(self.row[k])

    def __iter__(self) -> Iterator[str]:
        return (self.names[k] for k in np.flatnonzero(self.row).tolist())

    def __len__(self) -> int:
        return int(self.row.sum())


_BOTS: dict[int, LaddersHeuristic] = {}
_INDEX: dict[tuple[str, ...], dict[str, int]] = {}


def heuristic_actions(t: LaddersTables, u: Floats, live: Bools) -> Ints:
    """[B, P] the heuristic's action for the seat to act at the ``live`` tables, ``noop``
    elsewhere (``u`` is unused: the heuristic draws nothing)."""
    out = np.full((t.batch, t.players), t.noop, dtype=np.int64)
    idx = np.flatnonzero(live & ~t.over)
    if not len(idx):
        return out
    p, teams = t.players, t.teams
    names = t.actions
    index = _INDEX.setdefault(tuple(names), {a: k for k, a in enumerate(names)})
    legal = t._legal(idx)
    seats = t.turn[idx]
    left = t.climb_left[idx]
    tops = np.take_along_axis(t.climbs[idx], np.maximum(left - 1, 0)[..., None], 2)[..., 0]
    tops_of = np.where(left > 0, tops, 0).tolist()
    heights_of = t.heights[idx].tolist()
    hands_of = t.hands[idx, seats].tolist()
    rung_tops_of = t.rung_tops[idx].tolist()
    sizes_of = t.rung_sizes[idx].tolist()
    stock_of = (t.draw_size[idx] + t.discard_size[idx]).tolist()
    climb_sizes_of = left.tolist()
    cards = range(len(hands_of[0]))
    for i, (b, seat) in enumerate(zip(idx.tolist(), seats.tolist(), strict=True)):
        bot = _BOTS.get(seat)
        if bot is None:  # the heuristic draws nothing: one per seat will do
            bot = _BOTS[seat] = LaddersHeuristic(GAME, seat, random.Random(0))

        def piles(s: int, b: int = b, i: int = i) -> list[list[int]]:
            return [t.rungs[b, s, r, :n].tolist() for r, n in enumerate(sizes_of[i][s])]

        mate = (seat + 2) % p
        table = Table(
            seat,
            p,
            teams,
            heights_of[i],
            [c for c in cards for _ in range(hands_of[i][c])],
            [c or None for c in tops_of[i]],
            piles(seat),
            piles(mate) if teams else [],
            [{c for c in tops if c} for tops in rung_tops_of[i]],
            stock_of[i],
            climb_sizes_of[i],
        )
        out[b, seat] = index[bot.decide(table, _Legal(legal[i], names, index))]
    return out


TABLES = LaddersTables


def options_of(state: Any) -> dict[str, Any]:
    """The options of the match ``state`` is in, as the tables take them."""
    return {"teams": state.teams, "target": state.target, "rounds": state.rounds}


def hands_played(t: LaddersTables) -> Ints:
    """[B] the rounds finished (``Game.hands_played``): the last stays in play once over."""
    played: Ints = t.round_no - 1 + t.over
    return played


def progress(t: LaddersTables) -> Floats:
    """[B, P] ``Game.progress``: minus the CLIMB cards left on each seat's side (a
    partnership adds its two, LA-14)."""
    out: Floats = -t._side_climbs(t._rows)[:, t._side].astype(np.float64)
    return out
