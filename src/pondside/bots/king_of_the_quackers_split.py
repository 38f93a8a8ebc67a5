"""A King of the Quackers hand split into the fewest, strongest combinations.

The rule bots of Dou Dizhu that hold their own against deep-learning agents (RHCP-v2, the
DeeCamp 2019 rule model that DouZero and PerfectDou measure against) all start by splitting the
hand (拆牌): of every way to cut it into legal combinations, keep the one with the fewest plays,
each play weighed by how likely it is to win its round. This module does that for King of the
Quackers' own combinations (``games/king_of_the_quackers/combinations.py``): singles, Sets,
Straight Flushes (an Ace standing in one gap) and Bombs of personalities.

A hand is a bit mask (``1 << card`` per card). :func:`split` searches every split exactly: the
lowest card of the hand goes into one combination holding it, the rest is split the same way,
and each part of a hand is remembered, so the hands a bot meets later in a deal (the same cards
less those played) cost a look-up.

>>> from pondside.games.king_of_the_quackers import INDEX
>>> hand = mask_of(INDEX[c] for c in ("2VL", "3MV", "4VL", "5YK", "6SY"))
>>> [codes(p.cards) for p in split(hand).parts]
[['2VL', '3MV', '4VL'], ['5YK', '6SY']]
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from math import exp
from typing import NamedTuple

from pondside.games.king_of_the_quackers import (
    ACE_OF,
    BOMB,
    CODE,
    CROWN,
    EXCUSE,
    FLUSH,
    NUMBER_OF,
    PERSONALITY,
    RANK,
    SET,
    SINGLE,
)
from pondside.games.king_of_the_quackers.combinations import SUITMASK, Play

DECK = range(len(CODE))
_BIT = tuple(1 << c for c in DECK)


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of ``cards``."""
    m = 0
    for c in cards:
        m |= _BIT[c]
    return m


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def codes(mask: int) -> list[str]:
    """The card codes of a mask, in table order (how a test or a hint writes a part)."""
    return [CODE[c] for c in cards_of(mask)]


# --- how strong a combination is ------------------------------------------------------------
# A part's strength is about the chance that, led, it wins its round: from the cards of the
# whole deck that could beat it (a static count, so that a hand's split is remembered across
# decisions and deals). The constants are the model's, measured only by the bot's results
# (docs/bots.md): each beating card or rival combination scales the chance down.
SINGLE_DECAY = 0.8
"""Per card of the deck that could beat a single (shares a suit, rank ≥)."""
SET_DECAY = 0.85
"""Per rank above a Set's (or equal, in the other cards) that could make a rival Set."""
FLUSH_RIVALS = {3: 0.1, 4: 0.03}
"""The expected rival Straight Flushes per window of the same length (longer: 0.01)."""
BOMBED = {2: 0.5, 3: 0.7}
"""The chance a Set or Straight Flush of this size is not bombed (4 or more: 0.85)."""
BOMB_STRENGTH = {2: 0.3, 3: 0.5}
"""A Bomb beats every Set and Straight Flush of its size, and only a Bomb beats it back (four
or more cards: 0.7)."""
EXCUSE_STRENGTH = 0.6
"""The Excuse wins no round, but it sheds on any single another player leads (KQ-15): a play
that costs no lead, so it weighs as little as a strong part."""


def _single_strength(card: int) -> float:
    if card == EXCUSE:
        return EXCUSE_STRENGTH
    rank = RANK[card]
    beaters = sum(
        1
        for d in DECK
        if d not in (card, EXCUSE) and SUITMASK[d] & SUITMASK[card] and RANK[d] >= rank
    )
    # and half a beater for the Excuse, after which any card of the lead's suits follows (KQ-15)
    return float(SINGLE_DECAY ** (beaters + 0.5))


def _set_strength(size: int, rank: int) -> float:
    counts: dict[int, int] = {}
    for d in DECK:
        if 1 <= RANK[d] < CROWN:
            counts[RANK[d]] = counts.get(RANK[d], 0) + 1
    # a rival Set: a rank above with enough cards, or this rank's cards we do not hold
    rivals = sum(1 for r, k in counts.items() if r > rank and k >= size)
    rivals += counts.get(rank, 0) - size >= size
    return float(SET_DECAY**rivals * BOMBED.get(size, 0.85))


def _flush_strength(size: int, rank: int) -> float:
    windows = 9 - rank + 1  # per suit: the windows of this length ranked ≥ this one
    expected = windows * 6 * FLUSH_RIVALS.get(size, 0.01)
    return float(exp(-expected) * BOMBED.get(size, 0.85))


def _bomb_strength(size: int) -> float:
    return BOMB_STRENGTH.get(size, 0.7)


class Part(NamedTuple):
    """One combination of a split: its cards (a mask), its kind, rank, strength (0-1) and cost
    (what keeping it costs the hand: a play, less the chance it wins its round)."""

    cards: int
    kind: int
    rank: int
    strength: float
    cost: float


def _part(cards: int, kind: int, rank: int, strength: float) -> Part:
    return Part(cards, kind, rank, strength, 1.0 - strength)


@cache
def _single(card: int) -> Part:
    return _part(_BIT[card], SINGLE, RANK[card], _single_strength(card))


@cache
def _group(mask: int) -> Part:
    """A Set or a Bomb (KQ-21: personalities only are a Bomb)."""
    cards = cards_of(mask)
    if all(PERSONALITY[c] for c in cards):
        return _part(mask, BOMB, min(RANK[c] for c in cards), _bomb_strength(len(cards)))
    rank = RANK[cards[0]]
    return _part(mask, SET, rank, _set_strength(len(cards), rank))


@cache
def _flush(mask: int, rank: int) -> Part:
    return _part(mask, FLUSH, rank, _flush_strength(mask.bit_count(), rank))


def _windows() -> tuple[tuple[tuple[int, int], ...], ...]:
    """By suit: every window of three or more consecutive numbers 2-9, as (mask, rank)."""
    return tuple(
        tuple(
            (mask_of(numbers[r] for r in range(low, high + 1)), high)
            for low in range(2, 8)
            for high in range(low + 2, 10)
        )
        for numbers in NUMBER_OF
    )


_WINDOWS = _windows()
_NUMBER_RUNS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        (window, rank)
        for s, windows in enumerate(_WINDOWS)
        if SUITMASK[card] >> s & 1
        for window, rank in windows
        if window & _BIT[card] and not all(PERSONALITY[c] for c in cards_of(window))
    )
    for card in DECK
)
"""By number card: the runs of its suits that hold it, and their ranks (a run of personalities
only is a Bomb, KQ-21, found as one)."""
_ACE_SUIT = {ace: s for s, ace in enumerate(ACE_OF)}
_RANK_MASK = tuple(mask_of(d for d in DECK if RANK[d] == r) for r in range(CROWN + 1))
_PEOPLE = mask_of(d for d in DECK if PERSONALITY[d])


def _runs(card: int, hand: int) -> list[Part]:
    """The Straight Flushes of ``hand`` that hold ``card``, its lowest card (KQ-17, KQ-18).

    The Aces come first in the table, so when ``card`` is a number no Ace is left in the hand,
    and its runs are whole windows; an Ace stands for one place of a window of its suit, held
    or not (standing for a held number leaves that card out: each choice is a run)."""
    if card not in _ACE_SUIT:
        return [_flush(window, rank) for window, rank in _NUMBER_RUNS[card] if window & ~hand == 0]
    out = []
    ace = _BIT[card]
    for window, rank in _WINDOWS[_ACE_SUIT[card]]:
        missing = window & ~hand
        if not missing:
            for left_out in cards_of(window):
                out.append(_flush(window & ~_BIT[left_out] | ace, rank))
        elif not missing & (missing - 1):
            out.append(_flush(window & hand | ace, rank))
    return out


def _submasks(mask: int) -> list[int]:
    """Every non-empty submask of ``mask``."""
    out = []
    sub = mask
    while sub:
        out.append(sub)
        sub = (sub - 1) & mask
    return out


def _suits_cards(suits: int) -> int:
    """The Aces and numbers 2-9 of the suits in ``suits`` (a suit mask)."""
    found = 0
    for s, windows in enumerate(_WINDOWS):
        if suits >> s & 1:
            found |= _BIT[ACE_OF[s]]
            for window, _ in windows:
                found |= window
    return found


_RELEVANT = tuple(
    _RANK_MASK[RANK[card]] | (_PEOPLE if PERSONALITY[card] else 0) | _suits_cards(SUITMASK[card])
    for card in DECK
)
"""By card: the cards that could share a combination with it (those a split looks at)."""


def _parts_with(card: int, hand: int) -> tuple[Part, ...]:
    """Every combination of ``hand`` holding ``card`` (its lowest card)."""
    return _parts_among(card, hand & _RELEVANT[card])


@lru_cache(maxsize=1 << 16)
def _parts_among(card: int, hand: int) -> tuple[Part, ...]:
    out = [_single(card)]
    rank = RANK[card]
    bit = _BIT[card]
    if card != EXCUSE and rank != CROWN:
        same = hand & _RANK_MASK[rank] & ~bit
        if same:
            out.extend(_group(bit | sub) for sub in _submasks(same))
    if 1 <= rank <= 9:
        out.extend(_runs(card, hand))
    if PERSONALITY[card]:
        # Bombs of two to four cards: a larger one is seldom held, and each more personality
        # would multiply the splits to search. Those of one rank are Sets of personalities,
        # found above (KQ-21), but for the two Crowns, which make no Set.
        mates = hand & _PEOPLE & _RANK_MASK[rank] & ~bit
        if rank == CROWN:
            out.extend(_group(bit | _BIT[m]) for m in cards_of(mates))
        others = hand & _PEOPLE & ~bit & ~_RANK_MASK[rank]
        for sub in _submasks(others):
            if sub.bit_count() <= 3:
                out.append(_group(bit | sub))
                if mates and sub.bit_count() <= 2:  # with one of its rank too
                    out.extend(_group(bit | sub | _BIT[m]) for m in cards_of(mates))
    return tuple(out)


class Split(NamedTuple):
    """The best split of a hand: its cost (the sum of its parts'), how many plays it takes, the
    cost of its weakest part, and one part with the mask of the rest (split in turn)."""

    cost: float
    plays: int
    weakest: float
    """The cost of the weakest part: the one a player with the lead can keep to the last and
    play to go out, whether it would win a round or not."""
    first: Part | None
    rest: int

    @property
    def parts(self) -> tuple[Part, ...]:
        """Its parts, weakest first."""
        out = []
        found = self
        while found.first is not None:
            out.append(found.first)
            found = split(found.rest)
        return tuple(sorted(out, key=lambda p: -p.cost))

    @property
    def outlook(self) -> float:
        """About how many rounds the hand must still win, with the lead: its cost less the
        last part, which goes out on its own lead (0 for an empty hand; lower is better)."""
        return self.cost - self.weakest


EMPTY = Split(0.0, 0, 0.0, None, 0)


@lru_cache(maxsize=1 << 17)
def split(hand: int) -> Split:
    """The cheapest split of ``hand`` into legal combinations (the fewest plays, each weighed by
    its chance to win its round); of equal costs the one found first."""
    if not hand:
        return EMPTY
    card = (hand & -hand).bit_length() - 1
    best_cost = float("inf")
    best = best_rest = None
    for part in _parts_with(card, hand):
        rest = split(hand & ~part.cards)
        cost = rest.cost + part.cost
        if cost < best_cost - 1e-9:
            best_cost, best, best_rest = cost, part, rest
    assert best is not None and best_rest is not None
    weakest = best.cost if best.cost > best_rest.weakest else best_rest.weakest
    return Split(best_cost, best_rest.plays + 1, weakest, best, hand & ~best.cards)


def part_of(play: Play) -> Part:
    """The part a play (``combinations.describe``) makes, with its strength."""
    if play.kind == SINGLE:
        return _single(play.cards[0])
    cards = mask_of(play.cards)
    return _flush(cards, play.rank) if play.kind == FLUSH else _group(cards)


def part_of_card(card: int) -> Part:
    """One card as a single part."""
    return _single(card)
