"""King of the Quackers' actions as arrays, for the batched engine (``king_of_the_quackers.py``):
every action of one configuration (players, deck, bidding) as a row of precomputed facts, so
that a step tests and applies plays without reading their text."""

from __future__ import annotations

from functools import cache

import numpy as np

from pondside.games.decktet import INDEX
from pondside.games.king_of_the_quackers import (
    BOMB,
    CODE,
    EXCUSE,
    GAME,
    PASS,
    PERSONALITY,
    RANK,
    classify,
    deck_cards,
    hand_size,
)
from pondside.games.king_of_the_quackers.combinations import MOUNTAIN, SUITMASK

MOST = hand_size(3, "extended")  # the most cards a hand (and so a play) holds, KQ-4


def card_bit(card: int) -> int:
    return 1 << card


def _read(name: str) -> tuple[tuple[int, ...], int, bool]:
    """A ``play`` action of the game's own list: its cards, the Ace's number, the promise
    (``parse_play`` without its checks, which the game's list passes: 69,000 names)."""
    words = name.split(" ")
    promise = words[-1] == "promise"
    ace = 0
    cards = []
    for word in words[1 : len(words) - promise]:
        code, _, number = word.partition("=")
        if number:
            ace = int(number)
        cards.append(INDEX[code])
    return tuple(cards), ace, promise


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
        where = {c: j for j, c in enumerate(people)}
        for i, name in enumerate(names):
            if name.startswith("give "):
                _, left, right = name.split(" ")
                self.give[i] = True
                self.left[i], self.right[i] = CODE.index(left), CODE.index(right)
                continue
            if name == PASS:
                self.passes[i] = True
                continue
            played, ace, promise = _read(name)
            if len(played) > 1 and not ace and all(PERSONALITY[c] for c in played):
                kind, rank = BOMB, min(RANK[c] for c in played)  # KQ-20, KQ-21
            else:
                p = classify(played, ace)
                kind, rank = p.kind, p.rank
            self.play[i] = True
            self.bits[i] = sum(card_bit(c) for c in played)
            self.size[i], self.kind[i], self.rank[i] = len(played), kind, rank
            self.cards[i, : len(played)] = played
            self.promise[i] = promise
            self.mountain[i] = MOUNTAIN in played
            if len(played) == 1:
                self.suits[i] = SUITMASK[played[0]]
                self.excuse[i] = played[0] == EXCUSE
            if kind == BOMB:
                self.bomb_of[int(promise), sum(1 << where[c] for c in played)] = i
        self.bombs = (self.kind == BOMB) & (self.size >= 2)
        self.others = np.flatnonzero(self.play & ~self.bombs)
        """The plays that are not Bombs (a few hundred): tested row by row at every step."""
        self.of_size = [self.others] + [
            self.others[self.size[self.others] == k] for k in range(1, MOST + 1)
        ]
        """The plays a seat may make by round size: all of them to lead (0), else those of
        the round's size (KQ-24)."""
        self.pass_action = int(np.flatnonzero(self.passes)[0])


@cache
def actions_of(players: int, deck: str, bidding: bool) -> Actions:
    opts = GAME.options(players, {"deck": deck, "bidding": bidding})
    return Actions(GAME.all_actions(players, opts), len(deck_cards(deck)))
