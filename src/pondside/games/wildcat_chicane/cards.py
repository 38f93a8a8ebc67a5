"""Wildcat Chicane's cards and how each player reads them: ruling cards (WC-4), TOP and BOTTOM
(WC-5), trumps (WC-6), the trick's winner (WC-11), the notation and the hand score (WC-12).

>>> read_suit("8YK", TOP), read_suit("8YK", BOTTOM), read_suit("7VY", BOTTOM)
('Y', 'K', 'Y')
>>> hand_score(bid=3, won=3), hand_score(3, 4), hand_score(3, 1), hand_score(3, 6)
(12, 6, 3, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

from pondside.engine import (
    Notation,
)
from pondside.games import decktet
from pondside.games.decktet import BASIC_DECK, SUITS
from pondside.i18n import N_

TOP, BOTTOM = 0, 1
READING_NAMES = ("top", "bottom")

# Cards are ints in the state: their index in the basic deck's table order (WC-1).
CODES: tuple[str, ...] = decktet.CODES[: len(BASIC_DECK)]
INDEX: dict[str, int] = {code: i for i, code in enumerate(CODES)}  # an extended card is no card
RANK: tuple[int, ...] = decktet.RANKS[: len(BASIC_DECK)]  # Ace 1 < 2..9 < Crown 12
SUIT: tuple[tuple[str, str], ...] = tuple((c.top, c.bottom) for c in BASIC_DECK)
IS_RULER = tuple(c.is_ace or c.is_crown for c in BASIC_DECK)  # Aces and Crowns
RULER_CARDS = tuple(i for i in range(36) if IS_RULER[i])
NUMBER_CARDS = tuple(i for i in range(36) if not IS_RULER[i])
SUIT_BIT = {s: 1 << i for i, s in enumerate(SUITS)}
Card = Annotated[int, Notation.codes(CODES, "a card of the basic Decktet (WC-1)")]
"""A card in the state (its index in table order); in a snapshot its code."""
CardOrNone = Annotated[int, Notation.codes(CODES, "a card of the basic Decktet", none=-1)]

PHASES = ("rule", "call", "bid", "play", "over")
HAND_LIMIT = 100  # WC-16: a match ends after its 100th hand, whatever the totals
CALLS = ("call top", "call bottom", *(f"call trump {s}" for s in SUITS))
RULE = {i: f"rule {CODES[i]}" for i in RULER_CARDS}
PLAY = {i: f"play {CODES[i]}" for i in range(36)}
BID = {k: f"bid {k}" for k in range(13)}
PARSE: dict[str, tuple[str, Any]] = {
    **{a: ("rule", i) for i, a in RULE.items()},
    **{a: ("play", i) for i, a in PLAY.items()},
    **{a: ("bid", k) for k, a in BID.items()},
    "call top": ("call", TOP),
    "call bottom": ("call", BOTTOM),
    **{f"call trump {s}": ("call", s) for s in SUITS},
}
NOTATION = N_(
    "'rule NY', 'bid 3', 'play 8YK', or in classic 'call top', 'call bottom', 'call trump Y'"
)
"""The actions as typed (marked: a refusal shows it with ``_``)."""


def read_suit(card: str | int, reading: int) -> str:
    """WC-5: the one suit a card has for a TOP (0) or BOTTOM (1) player."""
    return SUIT[card if isinstance(card, int) else INDEX[card]][reading]


def reading_of_ruler(card: int) -> int:
    """WC-5: an Ace ruler plays BOTTOM, a Crown ruler TOP."""
    return BOTTOM if RANK[card] == 1 else TOP


def hand_score(bid: int, won: int) -> int:
    """WC-12: 4 × bid when exact, 2 × bid one off, bid two off, else 0."""
    return (4, 2, 1, 0)[min(abs(won - bid), 3)] * bid


def hand_size(players: int) -> int:
    """WC-3 / WC-15: the 36 cards go out evenly, 12 each at 3 players and 9 at 4."""
    return 36 // players


def trick_count(players: int, variant: str) -> int:
    """WC-4: the ruling card is never played (11 or 8 tricks); classic plays all (12 or 9)."""
    return hand_size(players) - (variant == "wildcat")


def trick_winner(
    trick: Sequence[tuple[int, int]], readings: Sequence[int], trumps: Sequence[str]
) -> int:
    """WC-11: the seat winning ``trick`` ((seat, card) in play order) so far.

    The highest trump wins, each card judged by its own player's reading and trump (WC-6),
    the earlier of two equal-rank trumps winning; without trumps, the highest card of the led
    suit as the leader reads it (WC-10).
    """
    seat, card = trick[0]
    led = SUIT[card][readings[seat]]
    best, best_trump, best_rank = seat, led == trumps[seat], RANK[card]
    for seat, card in trick[1:]:
        suit, rank = SUIT[card][readings[seat]], RANK[card]
        if suit == trumps[seat]:
            if not best_trump or rank > best_rank:
                best, best_trump, best_rank = seat, True, rank
        elif not best_trump and suit == led and rank > best_rank:
            best, best_rank = seat, rank
    return best


def playable(
    hand: Sequence[int], reading: int, trump: str, led: str, trumps_free: bool
) -> list[int]:
    """The cards of ``hand`` its player may play (reading and trump its own): following ``led``
    (the suit led as the leader reads it) when it holds that suit (WC-10); leading (``led``
    empty) anything but its trump unless it holds only trumps (WC-9), or in classic before a
    trump was played (WC-15; ``trumps_free`` once one was)."""
    if led:
        follow = [c for c in hand if SUIT[c][reading] == led]
        return follow or list(hand)
    if trumps_free:
        return list(hand)
    other = [c for c in hand if SUIT[c][reading] != trump]
    return other or list(hand)
