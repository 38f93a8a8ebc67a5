"""King of the Quackers' actions as arrays, for the batched engine (``king_of_the_quackers.py``):
every action of one configuration (players, deck, bidding) as a row of precomputed facts, so
that a step tests and applies plays without reading their text; and the plays a hand holds,
tabulated once, so that the random bot counts and draws them without testing each play."""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from pondside.games.decktet import INDEX
from pondside.games.king_of_the_quackers import (
    BOMB,
    EXCUSE,
    FLUSH,
    GAME,
    PASS,
    PERSONALITY,
    RANK,
    SET,
    classify,
    deck_cards,
    hand_size,
)
from pondside.games.king_of_the_quackers.combinations import MOUNTAIN, SUITMASK

Ints = npt.NDArray[np.int64]

MOST = hand_size(3, "extended")  # the most cards a hand (and so a play) holds, KQ-4


def card_bit(card: int) -> int:
    return 1 << card


def _read(name: str) -> tuple[list[int], int, bool]:
    """A ``play`` action of the game's own list: its cards, the Ace's number, the promise
    (``parse_play`` without its checks, which the game's list passes: 69,000 names)."""
    words = name.split(" ")
    promise = words[-1] == "promise"
    if promise:
        words.pop()
    if "=" not in name:
        return [INDEX[w] for w in words[1:]], 0, promise
    ace = 0
    cards = []
    for word in words[1:]:
        code, _, number = word.partition("=")
        if number:
            ace = int(number)
        cards.append(INDEX[code])
    return cards, ace, promise


class Actions:
    """Facts of every action of one configuration, one row per action (the no-op last, a row
    that is legal nowhere): what a step tests and applies without reading the action's text."""

    def __init__(self, names: list[str], cards: int) -> None:
        a = len(names) + 1
        self.give = np.zeros(a, dtype=bool)
        self.left = np.full(a, -1, dtype=np.int64)
        self.right = np.full(a, -1, dtype=np.int64)
        self.passes = np.zeros(a, dtype=bool)
        self.play = np.zeros(a, dtype=bool)
        self.bits = np.zeros(a, dtype=np.uint64)
        self.size = np.zeros(a, dtype=np.int64)
        self.kind = np.zeros(a, dtype=np.int64)
        self.rank = np.zeros(a, dtype=np.int64)
        self.suits = np.zeros(a, dtype=np.int64)
        """A single's suits (bits, ``SUITMASK``): what it shares with a lead card (KQ-13)."""
        self.excuse = np.zeros(a, dtype=bool)
        self.promise = np.zeros(a, dtype=bool)
        self.mountain = np.zeros(a, dtype=bool)
        self.cards = np.full((a, MOST), -1, dtype=np.int64)
        people = [c for c in range(cards) if PERSONALITY[c]]
        self.people = np.array(people, dtype=np.int64)
        """The personalities of the deck (KQ-20), in table order: a Bomb is a subset of them."""
        self.bomb_of = np.full((2, 1 << len(people)), -1, dtype=np.int64)
        """[promise, subset of ``people`` as bits]: the Bomb's action (-1: none)."""
        rows: list[int] = []
        aces: list[int] = []
        promises: list[bool] = []
        played_cards: list[list[int]] = []
        for i, name in enumerate(names):
            if name.startswith("give "):
                _, left, right = name.split(" ")
                self.give[i] = True
                self.left[i], self.right[i] = INDEX[left], INDEX[right]
                continue
            if name == PASS:
                self.passes[i] = True
                continue
            played, ace, promise = _read(name)
            rows.append(i)
            aces.append(ace)
            promises.append(promise)
            played_cards.append(played + [-1] * (MOST - len(played)))
        # The facts of every play at once, from its cards ([plays, MOST], -1 past the last).
        at = np.array(rows, dtype=np.int64)
        cards_ = np.array(played_cards, dtype=np.int64)
        there = cards_ >= 0
        card = np.maximum(cards_, 0)
        size = there.sum(axis=1)
        bits = np.where(there, np.left_shift(np.uint64(1), card.astype(np.uint64)), 0)
        self.play[at] = True
        self.bits[at] = np.bitwise_or.reduce(bits, axis=1)
        self.size[at] = size
        self.cards[at] = cards_
        self.promise[at] = promises
        # KQ-20, KQ-21: two or more personalities (no Ace's number) are a Bomb of the lowest
        # rank; every other play is what the game's own ``classify`` says.
        person = np.array(PERSONALITY[:cards], dtype=bool)[card] | ~there
        bomb = person.all(axis=1) & (size > 1) & (np.array(aces) == 0)
        ranks = np.array(RANK[:cards], dtype=np.int64)
        self.kind[at[bomb]] = BOMB
        self.rank[at[bomb]] = np.where(there, ranks[card], 99)[bomb].min(axis=1)
        for i in np.flatnonzero(~bomb).tolist():
            p = classify(tuple(played_cards[i][: size[i]]), aces[i])
            self.kind[rows[i]], self.rank[rows[i]] = p.kind, p.rank
        place = np.zeros(cards, dtype=np.int64)
        place[self.people] = 1 << np.arange(len(people))
        subset = np.where(there, place[card], 0).sum(axis=1)
        self.bomb_of[np.array(promises, dtype=np.int64)[bomb], subset[bomb]] = at[bomb]
        self.mountain = (self.cards == MOUNTAIN).any(axis=1)
        singles = np.flatnonzero(self.size == 1)
        self.suits[singles] = np.array(SUITMASK, dtype=np.int64)[self.cards[singles, 0]]
        self.excuse[singles] = self.cards[singles, 0] == EXCUSE
        self.bombs = (self.kind == BOMB) & (self.size >= 2)
        self.others = np.flatnonzero(self.play & ~self.bombs)
        """The plays that are not Bombs (a few hundred; ``HeldPlays`` tabulates them)."""
        self.pass_action = int(np.flatnonzero(self.passes)[0])
        index = {name: i for i, name in enumerate(names)}
        self.promise_of = np.array(
            [index.get(name + " promise", -1) for name in names] + [-1], dtype=np.int64
        )
        """Each play's action with a promise (KQ-28), -1 where it has none."""
        self.held_plays = HeldPlays(self, cards)


class HeldPlays:
    """Every play that is not a Bomb, tabulated by the cards a hand holds, for the random bot:
    how many a hand holds and the ``j``-th of them, by a few look-ups per table instead of a
    test of every play (there are 867 in the extended deck).

    Singles are a hand's bits (``single_of`` names the play of each card; ``follows[lead,
    last]`` the cards a single may follow with, KQ-13..KQ-15). The Sets and Straight Flushes
    are split into groups of a few cards each (the Sets of one rank, the Straight Flushes of
    one suit, KQ-16..KQ-19): a group's cards held by a hand, read as a number (``weights``),
    make a *cell*, and each cell lists the group's plays that those cards hold, smallest first
    and, among plays of one size, highest rank first. So what a hand may lead is the cells'
    lists, and what it may follow with (a size, a rank at least the last) one run of each."""

    def __init__(self, act: Actions, deck: int) -> None:
        plays = act.others[~act.promise[act.others]]
        self.single_of = np.full(deck, -1, dtype=np.int64)
        singles = plays[act.size[plays] == 1]
        self.single_of[act.cards[singles, 0]] = singles
        self.singles = np.uint64(sum(card_bit(c) for c in act.cards[singles, 0].tolist()))
        """The cards that are a single's play (every card)."""
        ranks = int(act.rank.max()) + 2
        follows = np.zeros((deck, ranks), dtype=np.uint64)
        suits = np.array(SUITMASK[:deck], dtype=np.int64)
        for lead in range(deck):
            for last in range(ranks):  # KQ-13, KQ-14, KQ-15: as ``_plays_ok`` tests a single
                ok = act.excuse[singles] | (
                    ((act.suits[singles] & suits[lead]) != 0) | (lead == EXCUSE)
                ) & (act.rank[singles] >= last)
                follows[lead, last] = sum(card_bit(int(c)) for c in act.cards[singles[ok], 0])
        self.follows = follows
        groups: dict[tuple[int, int], list[int]] = {}
        for i in plays[act.size[plays] >= 2].tolist():
            if act.kind[i] == SET:
                key = (SET, int(act.rank[i]))
            else:  # a Straight Flush: the lowest suit its cards share
                shared = int(np.bitwise_and.reduce(suits[act.cards[i, : act.size[i]]]))
                key = (int(act.kind[i]), shared & -shared)
            groups.setdefault(key, []).append(i)
        self.kinds = np.array([k for k, _ in groups], dtype=np.int64)
        """Each group's kind (SET or FLUSH)."""
        self.weights = np.zeros((deck, len(groups)), dtype=np.int64)
        """[card, group]: the card's weight in the group's cell number (0: not in it)."""
        self.base = np.zeros(len(groups), dtype=np.int64)
        """Each group's first cell."""
        lists: list[Ints] = []
        begins: list[Ints] = []
        sizes_le: list[Ints] = []
        of_size: list[Ints] = []
        cells = at = 0
        for g, members in enumerate(groups.values()):
            ids = np.array(members, dtype=np.int64)
            ids = ids[np.lexsort((-act.rank[ids], act.size[ids]))]
            own = sorted({int(c) for i in ids for c in act.cards[i, : act.size[i]]})
            for j, c in enumerate(own):
                self.weights[c, g] = 1 << j
            self.base[g] = cells
            subsets = np.array(
                [
                    sum(card_bit(c) for j, c in enumerate(own) if n >> j & 1)
                    for n in range(1 << len(own))
                ],
                dtype=np.uint64,
            )
            held = (act.bits[ids][None, :] & ~subsets[:, None]) == 0  # [cell, play]
            counts = held.sum(axis=1)
            lists.append(ids[np.nonzero(held)[1]])
            begins.append(at + np.concatenate([[0], np.cumsum(counts)[:-1]]))
            at += int(counts.sum())
            size = act.size[ids]
            sizes_le.append(
                np.stack([(held & (size <= k)).sum(axis=1) for k in range(MOST + 2)], axis=1)
            )
            rank = act.rank[ids]
            of_size.append(
                np.stack(
                    [
                        np.stack(
                            [(held & (size == k) & (rank >= r)).sum(axis=1) for r in range(ranks)],
                            axis=1,
                        )
                        for k in range(MOST + 2)
                    ],
                    axis=1,
                )
            )
            cells += 1 << len(own)
        self.plays = np.concatenate(lists)
        """Every cell's plays, one list after another."""
        begin = np.concatenate(begins)
        up_to = np.concatenate(sizes_le)  # [cell, k]: its plays of at most k cards
        self.sizes = MOST + 2
        self.ranks = ranks
        self.counts = np.concatenate(
            [np.concatenate(of_size), np.repeat(up_to[:, :, None], ranks, axis=2)], axis=1
        ).astype(np.uint8)
        """[cell, k, r]: the cell's plays of k cards and rank at least r (a follower's, KQ-24)
        and, at [cell, sizes + k, 0], of at most k cards (a leader's, KQ-8)."""
        assert self.counts.max() == up_to.max() < 256
        self.before = np.concatenate([begin[:, None], begin[:, None] + up_to[:, :-1]], axis=1)
        """[cell, k]: where the cell's plays of k cards (k >= 1), or all of them (k = 0),
        begin in ``plays``: each cell's list runs by size, and within a size by rank."""
        self.fits = np.zeros((BOMB + 1, len(groups)), dtype=bool)
        """[round kind, group]: whether the group's plays may follow in such a round (KQ-24:
        a Set on Sets, a Straight Flush on Straight Flushes, either after a Bomb's lead)."""
        for kind in range(BOMB + 1):
            self.fits[kind] = np.where(self.kinds == SET, kind != FLUSH, kind != SET)
        self.bytes = -(-deck // 8)
        bit = (np.arange(256)[:, None] >> np.arange(8)) & 1  # [byte value, bit]
        self.by_byte = np.stack(
            [bit @ self.weights[8 * b : 8 * b + 8] for b in range(self.bytes - 1)]
            + [bit[:, : deck - 8 * (self.bytes - 1)] @ self.weights[8 * (self.bytes - 1) :]]
        ).astype(np.int32)
        """[byte, value, group]: what the cards of a hand's byte add to each group's cell, so
        that a hand's cells are a sum of a few look-ups (``cells``)."""

    def cells(self, hands: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
        """[n, group]: each hand's cell of every group."""
        octets = hands.astype("<u8").view(np.uint8).reshape(len(hands), 8)
        out: npt.NDArray[np.int64] = self.base + self.by_byte[0, octets[:, 0]]
        for b in range(1, self.bytes):
            out += self.by_byte[b, octets[:, b]]
        return out

    def count(
        self, cells: Ints, size: Ints, last: Ints, kind: Ints, below: Ints | None = None
    ) -> npt.NDArray[np.uint8]:
        """[n, group]: the plays of each group a hand of ``cells`` may make: to lead (``size``
        0) every one, or with ``below`` those of fewer cards; to follow, those of ``size``
        cards, of rank at least ``last``, of a kind that fits the round's ``kind``."""
        lead = size == 0
        most = self.sizes - 1 if below is None else below - 1
        k = np.where(lead, self.sizes + most, size)
        r = np.where(lead, 0, last)
        at = (cells * (2 * self.sizes) + k[:, None]) * self.ranks + r[:, None]
        out: npt.NDArray[np.uint8] = self.counts.ravel()[at] * self.fits[kind]
        return out


@cache
def actions_of(players: int, deck: str, bidding: bool) -> Actions:
    opts = GAME.options(players, {"deck": deck, "bidding": bidding})
    return Actions(GAME.all_actions(players, opts), len(deck_cards(deck)))
