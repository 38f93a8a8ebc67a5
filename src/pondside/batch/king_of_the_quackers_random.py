"""King of the Quackers' batched random bot: a uniformly random legal action at every table,
counted and read back rather than tested play by play.

A seat's choices are counted by part (``Choices``): the singles from its hand's bits, the Sets
and Straight Flushes from the held cards of each small group (``HeldPlays``: the Sets of a rank,
the Straight Flushes of a suit), pass, the same with a promise (KQ-28), and the Bombs as
numbered subsets of its personalities (KQ-20). One uniform number per table is then read back
as the choice it numbers (``nth_choice``): every legal action is one number, so the choice is
uniform (``tests/batch/test_king_of_the_quackers.py`` reads back every number and finds the
legal mask). Testing every play at every table cost several times the step.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import comb
from typing import Protocol

import numpy as np
import numpy.typing as npt

from pondside.games.king_of_the_quackers.combinations import MOUNTAIN

from .base import Bools, Ints
from .king_of_the_quackers_actions import MOST, Actions, card_bit

U64s = npt.NDArray[np.uint64]


class Tables(Protocol):
    """What the bot reads of ``KingOfTheQuackersTables`` (which calls it: a protocol, so the
    two modules do not import each other)."""

    act: Actions
    cards: int
    bidding: bool
    person_bits: np.uint64
    hands: U64s
    held: Ints
    turn: Ints
    round_size: Ints
    round_kind: Ints
    lead: Ints
    last_rank: Ints

    def _may_promise(self) -> Bools: ...


_ONE = np.uint64(1)

_COMB_BELOW = np.array(
    [[sum(comb(m, i) for i in range(k)) for k in range(MOST + 2)] for m in range(16)],
    dtype=np.int64,
)
"""[m, k]: the subsets of fewer than k of m things: a Bomb is a subset of the m
personalities held (KQ-20), so these count the Bombs of each range of sizes."""
_SUBSETS = np.array(
    [n for m in range(16) for n in sorted(range(1 << m), key=lambda n: (n.bit_count(), n))],
    dtype=np.int64,
)
"""For m = 0 .. 15 in turn, every subset of m things as m bits, smallest first."""
_SUBSET_AT = (1 << np.arange(16))[:, None] - 1 + _COMB_BELOW
"""[m, k]: where the subsets of k of m things begin in ``_SUBSETS``."""
_MOUNTAIN = np.uint64(card_bit(MOUNTAIN))
# The parts of a seat's choices, in the order ``Choices.counts`` counts them.
_SINGLE, _GROUP, _PASS, _PROMISED_SINGLE, _PROMISED_GROUP, _BOMB, _PROMISED_BOMB = range(7)


def _select_table() -> npt.NDArray[np.int8]:
    """[v, j]: the place of the j-th set bit of the 16-bit number v (-1 past its last)."""
    values = np.arange(1 << 16)
    bits = (values[:, None] >> np.arange(16)) & 1
    places = np.argsort(1 - bits, axis=1, kind="stable")  # the set bits first, in order
    out: npt.NDArray[np.int8] = np.where(
        np.arange(16) < bits.sum(axis=1)[:, None], places, -1
    ).astype(np.int8)
    return out


_SELECT16 = _select_table()


def nth_bit(x: U64s, j: Ints) -> Ints:
    """The place of the ``j``-th set bit of each ``x`` (from 0, lowest first; j below the
    bits set): the quarter of 16 bits it falls in by their counts, then a look-up."""
    flat, want = x.ravel(), j.ravel()
    quarters = flat.astype("<u8").view(np.uint16).reshape(len(flat), 4)
    ends = np.bitwise_count(quarters).cumsum(axis=1, dtype=np.int64)
    q = (want[:, None] >= ends).sum(axis=1)
    rows = np.arange(len(flat))
    value = quarters[rows, q]
    before = ends[rows, q] - np.bitwise_count(value)
    out: Ints = (16 * q + _SELECT16[value, want - before]).reshape(x.shape)
    return out


@dataclass
class Choices:
    """What the seat to play at each of some rows may do (``choices``): ``counts`` [n, 7]
    its choices of each part (singles, Sets and Straight Flushes, pass, the two first with a
    promise, Bombs, Bombs with a promise), and what reads the ``j``-th of a part back."""

    counts: Ints
    hands: U64s
    """The hand of the seat to play (its personalities make the Bombs, KQ-20)."""
    size: Ints
    """The round's size (0: the seat leads, and plays any size)."""
    singles: U64s
    """The cards it may play alone."""
    grouped: Ints
    """The rows that lead or follow more than a single: the rest have no Set, Straight Flush
    or Bomb, and the arrays below have a row for each of these only."""
    cells: Ints = field(default_factory=lambda: np.zeros((0, 0), dtype=np.int64))
    """[grouped, group]: the cell of each group's held cards (``HeldPlays``)."""
    groups: npt.NDArray[np.uint8] = field(default_factory=lambda: np.zeros((0, 0), np.uint8))
    """[grouped, group]: the plays of each group allowed."""
    smallest_bomb: Ints = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    """[grouped]: the fewest cards of a Bomb allowed (its subsets are counted from there)."""
    promised_singles: U64s = field(default_factory=lambda: np.zeros(0, dtype=np.uint64))
    """With a promise (KQ-28), the same: the singles, [grouped, group] the cells of the hand
    without the Mountain, and the plays of each group of fewer cards than held."""
    promised_cells: Ints = field(default_factory=lambda: np.zeros((0, 0), dtype=np.int64))
    promised_groups: npt.NDArray[np.uint8] = field(
        default_factory=lambda: np.zeros((0, 0), np.uint8)
    )


def random_gives(t: Tables, idx: Ints, rng: np.random.Generator) -> Ints:
    """KQ-5: two different cards of each hand, uniformly, the first to the left."""
    held = t.held[idx]
    return nth_give(t, t.hands[idx], rng.integers(0, held), rng.integers(0, held - 1))


def nth_give(t: Tables, hands: U64s, first: Ints, second: Ints) -> Ints:
    """The give of the ``first``-th card of each hand to the left and the ``second``-th of
    the others to the right (first below the cards held, second below one fewer): every
    give is one such pair."""
    right = nth_bit(hands, second + (second >= first))
    left = nth_bit(hands, first)
    d = t.cards - 1  # the notation: give A B for A, then B != A, in table order
    out: Ints = left * d + np.where(right < left, right, right - 1)
    return out


def random_plays(t: Tables, idx: Ints, rng: np.random.Generator) -> Ints:
    """A uniformly random legal action of the seat to play at each of ``idx``: its choices
    counted (``choices``), one of them drawn as a uniform number and read back."""
    counted = choices(t, idx)
    return nth_choice(t, counted, rng.integers(0, counted.counts.sum(axis=1)))


def choices(t: Tables, idx: Ints) -> Choices:
    """What the seat to play at each of ``idx`` may do, counted by part (``Choices``):
    singles from its bits, Sets and Straight Flushes from the held cards of each group
    (``HeldPlays``), pass, the same with a promise, and the Bombs, as many as subsets of
    its personalities of each size allowed (KQ-20, KQ-22)."""
    h, n = t.act.held_plays, len(idx)
    seat = t.turn[idx]
    hand, held = t.hands[idx, seat], t.held[idx, seat]
    size, last = t.round_size[idx], t.last_rank[idx]
    counts = np.zeros((n, 7), dtype=np.int64)
    counts[:, _PASS] = size > 0  # KQ-8: only a follower may pass
    # Singles: every card to lead (KQ-8); those that follow the lead card (KQ-13..KQ-15).
    follows = h.follows[np.maximum(t.lead[idx], 0), last]
    singles = hand & np.where(size == 0, h.singles, np.where(size == 1, follows, 0))
    counts[:, _SINGLE] = np.bitwise_count(singles)
    # Sets and Straight Flushes: every one to lead, those of the round's size, kind and
    # at least its rank to follow (KQ-16..KQ-19, KQ-24); none on a single.
    c = Choices(counts, hand, size, singles, np.flatnonzero(size != 1))
    g = c.grouped
    if not len(g) and not t.bidding:
        return c  # every seat follows a single
    g_hand, g_size, g_last = hand[g], size[g], last[g]
    g_kind = t.round_kind[idx[g]]
    c.cells = h.cells(g_hand)
    c.groups = h.count(c.cells, g_size, g_last, g_kind)
    counts[g, _GROUP] = c.groups.sum(axis=1)
    # Bombs: subsets of the personalities held, of two cards or more to lead, of the
    # round's size to follow (KQ-20, KQ-22, KQ-24).
    people = np.bitwise_count(g_hand & t.person_bits).astype(np.int64)
    smallest = np.where(g_size == 0, 2, g_size)
    largest = np.where(g_size == 0, MOST, g_size)
    c.smallest_bomb = smallest
    counts[g, _BOMB] = _COMB_BELOW[people, largest + 1] - _COMB_BELOW[people, smallest]
    if not t.bidding:
        return c
    promising = t._may_promise()[idx]
    # KQ-28: a promise keeps a card and is not the Mountain: the same plays of the hand
    # without the Mountain, of fewer cards than it holds.
    c.promised_singles = np.where(promising & (held > 1), singles & ~_MOUNTAIN, 0)
    counts[:, _PROMISED_SINGLE] = np.bitwise_count(c.promised_singles)
    g_held, g_promising = held[g], promising[g]
    top = np.minimum(largest, g_held - 1)
    counts[g, _PROMISED_BOMB] = (
        np.maximum(_COMB_BELOW[people, top + 1] - _COMB_BELOW[people, smallest], 0) * g_promising
    )
    mountain = ((g_hand >> np.uint64(MOUNTAIN)) & _ONE).astype(np.int64)
    c.promised_cells = c.cells - h.weights[MOUNTAIN] * mountain[:, None]
    c.promised_groups = (
        h.count(c.promised_cells, g_size, g_last, g_kind, below=g_held)
        * (g_promising & (g_size < g_held))[:, None]
    )
    counts[g, _PROMISED_GROUP] = c.promised_groups.sum(axis=1)
    return c


def nth_choice(t: Tables, c: Choices, r: Ints) -> Ints:
    """The ``r``-th choice of each row of ``c`` (0 <= r < its choices), in the order of
    ``Choices.counts``: every choice is one ``r``, so a uniform ``r`` is a uniform
    choice."""
    a, h = t.act, t.act.held_plays
    ends = c.counts.cumsum(axis=1)
    part = (r[:, None] >= ends).sum(axis=1)
    rows = np.arange(len(r))
    j = r - ends[rows, part] + c.counts[rows, part]
    out = np.full(len(r), a.pass_action, dtype=np.int64)
    # The rows of each part, those that pass (already written) aside.
    order = np.argsort(part, kind="stable")
    starts = np.searchsorted(part[order], np.arange(8))
    of_part = [order[starts[p] : starts[p + 1]] for p in range(7)]
    for p, single_bits in ((_SINGLE, c.singles), (_PROMISED_SINGLE, c.promised_singles)):
        at = of_part[p]
        if len(at):
            plays = h.single_of[nth_bit(single_bits[at], j[at])]
            out[at] = plays if p == _SINGLE else a.promise_of[plays]
    for p, cells, counts in (
        (_GROUP, c.cells, c.groups),
        (_PROMISED_GROUP, c.promised_cells, c.promised_groups),
    ):
        at = of_part[p]
        if len(at):
            row = np.searchsorted(c.grouped, at)
            ends_g = counts[row].cumsum(axis=1, dtype=np.int64)
            g = (j[at, None] >= ends_g).sum(axis=1)
            within = j[at] - ends_g[np.arange(len(at)), g] + counts[row, g]
            plays = h.plays[h.before[cells[row, g], c.size[at]] + within]
            out[at] = plays if p == _GROUP else a.promise_of[plays]
    for p in (_BOMB, _PROMISED_BOMB):
        at = of_part[p]
        if len(at):
            # The j-th subset of the held personalities, sizes from the smallest allowed
            # (those with a promise are the first of them, of fewer cards than held).
            people = (c.hands[at, None] >> a.people.astype(np.uint64)) & _ONE == 1
            smallest = c.smallest_bomb[np.searchsorted(c.grouped, at)]
            chosen = _SUBSETS[_SUBSET_AT[people.sum(axis=1), smallest] + j[at]]
            place = people.cumsum(axis=1) - 1  # each held personality's place among them
            drawn = people & ((chosen[:, None] >> np.maximum(place, 0)) & 1).astype(bool)
            subset = (drawn << np.arange(len(a.people))).sum(axis=1)
            out[at] = a.bomb_of[int(p == _PROMISED_BOMB), subset]
    return out
