"""Down the Drain's rollout policies over a batch of tables (``bots/rollout.py`` plays them).

``heuristic_actions`` is :class:`~pondside.bots.down_the_drain.DownTheDrainHeuristic` over every
table at once: for each number in the hand of the seat to act, the same chance that its group
survives the players before its first member (``survival``: each of them beats it with one of
its cards, drawn from the cards this seat cannot see, DD-4d, DD-5), the same credit for the
groups it beats weighed by how close their owners are to winning, the same debit for joining a
rival's group and for spending a high card, and the same tie-break (the lowest number). The
arithmetic is the heuristic's, term by term and in the same order, so every choice is the
heuristic's to the last bit (``tests/bots/test_down_the_drain_rollout.py`` compares them).

The powers ``(1 - q) ** k`` are read from a table made by Python's own ``**``: NumPy's
``power`` may use a vector library that rounds differently (AVX-512 builds do), and one ulp
can turn a near tie. ``q`` is a count of unseen cards over their total, so the bases are few.

``random_actions`` is the uniform random bot on given uniforms, so that the candidates of one
sample share their luck.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from pondside.batch.base import Ints
from pondside.batch.down_the_drain import DownTheDrainTables
from pondside.games.down_the_drain import COUNTS, DECK, NUMBERS

from .down_the_drain import DownTheDrainHeuristic

Floats = npt.NDArray[np.float64]

_X = np.array(NUMBERS, dtype=np.int64)
_K = len(NUMBERS)
_COUNTS = np.array([COUNTS[x] for x in NUMBERS], dtype=np.int64)
_CARDS = len(DECK)


def batched_heuristic_applies(heuristic: type) -> bool:
    """Whether the batched policy is the game's declared heuristic. The lab's one tunable here,
    DD-2's hand size, needs no check: both read the hands they are given."""
    return heuristic is DownTheDrainHeuristic


@cache
def _powers(most: int) -> Floats:
    """``[total, good, k]``: ``(1.0 - good / total) ** k`` as the heuristic computes it (the
    chance ``q`` is 0.0 when nothing is unseen), for ``k`` up to ``most``."""
    table = [
        (1.0 - (good / total if total > 0 else 0.0)) ** k
        for total in range(_CARDS + 1)
        for good in range(_CARDS + 1)
        for k in range(most + 1)
    ]
    return np.array(table, dtype=np.float64)


def _power(good: Ints, total: Ints, k: Ints) -> Floats:
    """``(1 - good / total) ** k`` elementwise, from ``_powers`` (grown to the largest ``k``)."""
    most = 16
    while most < int(k.max(initial=0)):
        most *= 2
    out: Floats = _powers(most)[(total * (_CARDS + 1) + good) * (most + 1) + k]
    return out


def _chance(good: Ints, total: Ints) -> Floats:
    """``beat_chance``'s quotient: 0.0 when no card is unseen."""
    out: Floats = np.where(total > 0, good / np.maximum(total, 1), 0.0)
    return out


def _worth_above(worth: Ints, count: Ints, at: Ints) -> Ints:
    """[n, C]: per row, the sum of ``count[x]`` over the numbers whose ``worth[x]`` is above
    ``at[c]``."""
    n, top = len(worth), int(worth.max(initial=0)) + 2
    bins = (np.arange(n)[:, None] * top + worth).reshape(-1)
    hist = np.bincount(bins, weights=count.reshape(-1), minlength=n * top).reshape(n, top)
    # From each worth up: the counts at that worth or above; one past ``at`` is above it.
    from_here = np.cumsum(hist[:, ::-1], axis=1)[:, ::-1].astype(np.int64)
    out: Ints = np.take_along_axis(from_here, np.minimum(at + 1, top - 1), axis=1)
    return out


def heuristic_actions(t: DownTheDrainTables, u: Floats, live: npt.NDArray[np.bool_]) -> Ints:
    """[B, P] the heuristic's card for the seat to act at every ``live`` table, ``noop``
    elsewhere (``u`` is unused: the heuristic draws nothing)."""
    p = t.players
    out = np.full((t.batch, p), t.noop, dtype=np.int64)
    idx = np.flatnonzero(live & ~t.over)
    n = len(idx)
    if n == 0:
        return out
    rows = np.arange(n)
    me = t.seat[idx]
    front = t.front[idx]  # [n, P]
    sizes = t.hand_sizes[idx]
    held = sizes + (front != 0)
    hand = t.counts[idx, me][:, _X]  # [n, K]
    in_front = (front[:, :, None] == _X).sum(axis=1)  # [n, K]
    # The unseen cards (``unseen_counts``): the deck less the hand, the fronts and the pile.
    unseen = _COUNTS - hand - in_front - t.discard_counts[idx][:, _X]
    pos = np.maximum(unseen, 0)
    total = pos.sum(axis=1)  # [n]
    # The others' counts in front: the candidate takes this seat's place (``trial``).
    mine = front[rows, me]
    others = in_front - (mine[:, None] == _X)
    value = _X * (others + 1)  # [n, C]: the candidate's group (DD-3)
    # ``beat_chance(value, c, trial)``: the unseen cards of another number whose group would
    # top it. A card of number x played now makes a group worth x * (others[x] + 1), the very
    # worth the candidate x would have, so these are the cards of a worth above the
    # candidate's (x = c is not among them): one histogram of the unseen cards by that worth.
    good = _worth_above(value, pos, value)
    tot = total[:, None]
    order = [(me + k) % p for k in range(1, p)]  # the others in the order they play
    survive = np.ones((n, _K))
    stopped = np.zeros((n, _K), dtype=bool)
    for s in order:
        stopped |= front[rows, s][:, None] == _X  # the group's first member: pushed then
        factor = _power(good, np.broadcast_to(tot, good.shape), sizes[rows, s][:, None])
        survive = np.where(stopped, survive, survive * factor)
    # A hand of one card has one legal action, chosen without a score: ``last`` never counts.
    score = survive * 1.0
    danger = np.where(held > 0, 1.0 / np.maximum(held, 1), 1.0)  # [n, P]
    # Each other seat's group as it stands: its worth and the chance one card beats it.
    f = front[rows[:, None], np.array(order).T]  # [n, P-1], in play order
    f_worth = np.zeros_like(f)
    f_good = np.zeros_like(f)
    for k in range(p - 1):
        fk = f[:, k]
        count = others[rows, np.maximum(fk - 2, 0)]
        f_worth[:, k] = fk * count
        above = _X * (in_front + 1) > f_worth[:, k][:, None]
        f_good[:, k] = (pos * (above & (fk[:, None] != _X))).sum(axis=1)
    for k, s in enumerate(order):
        alive = np.ones(n)
        for j in range(k):
            alive = alive * _power(f_good[:, k], total, sizes[rows, order[j]])
        gain = alive * danger[rows, s] * np.where(sizes[rows, s] == 0, 8.0, 1.0) * 1.2
        fk = f[:, k][:, None]
        beats = (fk != 0) & (fk != _X) & (f_worth[:, k][:, None] < value)
        score = np.where(beats, score + gain[:, None], score)
    # Joining a rival's group carries it too.
    leader = np.min(np.where(np.arange(p) == me[:, None], np.iinfo(np.int64).max, held), axis=1)
    for s in order:
        boost = np.where(sizes[rows, s] == 0, 2.0, 0.4)
        near = np.where(held[rows, s] <= leader, 1.0, 0.5)
        cost = boost * danger[rows, s] * near
        joins = front[rows, s][:, None] == _X
        score = np.where(joins, score - cost[:, None], score)
    # Keep high cards while a cheaper card would do.
    higher = total[:, None] - np.cumsum(pos, axis=1)  # unseen cards of a number above
    strength = 1.0 - _chance(higher, tot)
    square = _power(higher, np.broadcast_to(tot, higher.shape), np.full_like(higher, 2))
    score = score - (0.35 * strength * (1.0 - survive) + 0.4 * square)
    # The first best number in ascending order, as the heuristic goes through its legal list.
    out[idx, me] = np.argmax(np.where(hand > 0, score, -np.inf), axis=1)
    return out


def random_actions(t: DownTheDrainTables, u: Floats, live: npt.NDArray[np.bool_]) -> Ints:
    """[B, P] a uniformly random number of the hand of the seat to act (one of the distinct
    numbers, as the engine lists them), from the uniforms ``u`` [B, P]; ``noop`` elsewhere."""
    out = np.full((t.batch, t.players), t.noop, dtype=np.int64)
    idx = np.flatnonzero(live & ~t.over)
    me = t.seat[idx]
    legal = t.counts[idx, me][:, _X] > 0
    distinct = legal.sum(axis=1)
    pick = (u[idx, me] * distinct).astype(np.int64)
    out[idx, me] = np.argmax(np.cumsum(legal, axis=1) > pick[:, None], axis=1)
    return out


TABLES = DownTheDrainTables


def options_of(state: Any) -> dict[str, Any]:
    """The options of the match ``state`` is in, as the tables take them."""
    return {"games": state.games}


def hands_played(t: DownTheDrainTables) -> Ints:
    """[B] the games finished (``Game.hands_played``): the last one stays in play once over."""
    played: Ints = t.game_no - 1 + t.over
    return played
