"""King of the Quackers' cards and what they make: singles, Sets, Straight Flushes and Bombs
(KQ-13..KQ-24), their notation, and every play a hand can ever make.

Cards are ints: their index in the table of rules/decktet.md (``CODE[i]``).

>>> describe("play 1V=9 7VY 8VL")
Play(cards=(2, 23, 25), kind=3, rank=9, ace=9)
"""

from __future__ import annotations

from itertools import combinations, pairwise
from math import comb
from typing import NamedTuple

from pondside.engine import IllegalAction
from pondside.games.decktet import ALL_CARDS, BASIC_DECK, CODES, INDEX, RANKS, SUITS
from pondside.i18n import N_, _

# --- the cards -------------------------------------------------------------------------------
CODE = CODES  # a card is its place in the table; CODE[i] its code, INDEX[code] its place
RANK = RANKS
SUITMASK: tuple[int, ...] = tuple(sum(1 << SUITS.index(s) for s in c.suits) for c in ALL_CARDS)
EXCUSE = INDEX["0"]
MOUNTAIN = INDEX["4MS"]
PERSONALITY: tuple[bool, ...] = tuple(
    c.is_personality or i == EXCUSE for i, c in enumerate(ALL_CARDS)
)
"""KQ-20: the fourteen personality cards and the Excuse."""
BASIC_CARDS = tuple(range(len(BASIC_DECK)))
EXTENDED_CARDS = tuple(range(len(ALL_CARDS)))
ACE_OF: tuple[int, ...] = tuple(INDEX["1" + s] for s in SUITS)
NUMBER_OF: tuple[dict[int, int], ...] = tuple(
    {c.rank: i for i, c in enumerate(ALL_CARDS) if c.is_number and s in c.suits} for s in SUITS
)
"""NUMBER_OF[suit][rank]: the one number card of that suit and rank (rules/decktet.md)."""
CROWN = 12
_SUIT_INDEXES: tuple[tuple[int, ...], ...] = tuple(
    tuple(SUITS.index(s) for s in c.suits) for c in ALL_CARDS
)

# combination kinds
SINGLE, SET, FLUSH, BOMB = 1, 2, 3, 4
OPEN = 0  # a round led by a Bomb, open to Sets or Straight Flushes (KQ-24)
KIND_NAME = {OPEN: "open", SINGLE: "single", SET: "set", FLUSH: "straight_flush", BOMB: "bomb"}
KIND_VALUE = {v: k for k, v in KIND_NAME.items()}
POINTS = {
    (3, False): (9, 4, 0),
    (4, False): (7, 4, 2, 0),
    (3, True): (8, 4, 0),
    (4, True): (6, 4, 2, 0),
}
"""KQ-25: points for 1st, 2nd, ... out, without and with the bidding rules."""

PASS = "pass"


class Play(NamedTuple):
    """A combination: cards (table order), kind, rank, and the number an Ace stands for (or 0)."""

    cards: tuple[int, ...]
    kind: int
    rank: int
    ace: int


SINGLE_PLAYS: tuple[Play, ...] = tuple(
    Play((c,), SINGLE, RANK[c], 0) for c in range(len(ALL_CARDS))
)
"""Each card as a single (KQ-13), made once: every lead lists them."""


def is_personality(card: int) -> bool:
    return PERSONALITY[card]


def shares_a_suit(card: int, lead: int) -> bool:
    """KQ-13/KQ-14: a single follows if it shares a suit with the round's lead card (the Excuse
    led has no suit, so anything follows it)."""
    return lead == EXCUSE or bool(SUITMASK[card] & SUITMASK[lead])


def play_text(cards: tuple[int, ...], ace: int = 0) -> str:
    """The canonical ``play`` action: cards in table order, ``=N`` after an Ace in a flush."""
    if ace:
        return "play " + " ".join(CODE[c] + f"={ace}" if RANK[c] == 1 else CODE[c] for c in cards)
    return "play " + " ".join(CODE[c] for c in cards)


def flush_reading(cards: tuple[int, ...], ace: int) -> int:
    """The Straight Flush's rank if ``cards`` (with the Ace standing for ``ace``) form one, else 0.

    KQ-17: three or more consecutive ranks within 2..9 sharing one suit; KQ-18: at most one Ace,
    of the common suit, standing for a number 2..9.
    """
    if len(cards) < 3:
        return 0
    suits = 0b111111
    ranks = []
    aces = 0
    for c in cards:
        r = RANK[c]
        if r == 1:
            aces += 1
            if not 2 <= ace <= 9:
                return 0
            r = ace
        elif not 2 <= r <= 9:
            return 0
        suits &= SUITMASK[c]
        ranks.append(r)
    if aces > 1 or (aces == 0 and ace) or not suits:
        return 0
    ranks.sort()
    if any(b != a + 1 for a, b in pairwise(ranks)):
        return 0
    return ranks[-1]


def classify(cards: tuple[int, ...], ace: int = 0) -> Play:
    """What ``cards`` are as one combination (KQ-13..KQ-21), or ``IllegalAction`` saying why not.

    A single (the Excuse too; KQ-15 decides in play when it is a one-card Bomb), a Set, a
    Straight Flush, or a Bomb; a group of personalities only is always a Bomb (KQ-21).
    """
    if len(cards) == 1:
        if ace:
            raise IllegalAction(
                _("an Ace stands for a number only inside a Straight Flush"), "KQ-18"
            )
        return Play(cards, SINGLE, RANK[cards[0]], 0)
    if ace:
        rank = flush_reading(cards, ace)
        if not rank:
            raise IllegalAction(
                _(
                    "these cards with the Ace as {n} are not a Straight Flush: three or more "
                    "consecutive numbers 2-9 sharing the Ace's suit"
                ).format(n=ace),
                "KQ-18",
            )
        return Play(cards, FLUSH, rank, ace)
    if all(PERSONALITY[c] for c in cards):
        return Play(cards, BOMB, min(RANK[c] for c in cards), 0)  # KQ-20, KQ-21
    rank = RANK[cards[0]]
    if all(RANK[c] == rank for c in cards):
        if rank == CROWN:
            raise IllegalAction(_("Crowns cannot form a Set"), "KQ-16")
        return Play(cards, SET, rank, 0)
    rank = flush_reading(cards, 0)
    if rank:
        return Play(cards, FLUSH, rank, 0)
    if any(RANK[c] == 1 for c in cards) and len(cards) >= 3:
        for number in range(2, 10):
            if flush_reading(cards, number):
                raise IllegalAction(
                    _(
                        "in a Straight Flush say which number the Ace stands for, as in "
                        "'play 1V=9 7VY 8VL'"
                    ),
                    "KQ-18",
                )
    raise IllegalAction(
        _(
            "these cards are no combination: a single card, a Set (same rank), a Straight "
            "Flush (3+ consecutive numbers sharing a suit) or a Bomb (2+ personalities)"
        ),
        "KQ-16",
    )


def parse_play(action: str) -> tuple[tuple[int, ...], int, bool]:
    """``"play 1V=9 7VY 8VL promise"`` → (card indexes, the Ace's number or 0, promise?).

    The cards must be written in table order, as protocol.md asks; otherwise ``IllegalAction``.
    """
    words = action.split(" ")
    promise = words[-1] == "promise"
    if promise:
        words.pop()
    if len(words) < 2 or words[0] != "play":
        raise IllegalAction(_(NOTATION))
    cards: list[int] = []
    ace = 0
    for word in words[1:]:
        code, eq, number = word.partition("=")
        card = INDEX.get(code)
        if card is None:
            raise IllegalAction(
                _("{word} is not a Decktet card code (8YK, 1M, NK, PMYK, 0)").format(
                    word=repr(word)
                )
            )
        if eq:
            if RANK[card] != 1 or ace or number not in "23456789" or len(number) != 1:
                raise IllegalAction(
                    _("only an Ace takes '=N', with N a number 2-9, inside a Straight Flush"),
                    "KQ-18",
                )
            ace = int(number)
        cards.append(card)
    if len(set(cards)) != len(cards):
        raise IllegalAction(_("a play names each card once"))
    result = tuple(sorted(cards))
    if list(result) != cards:
        raise IllegalAction(
            _("write the cards in table order: {play} (protocol.md)").format(
                play=repr(play_text(result, ace))
            )
        )
    return result, ace, promise


Read = tuple[tuple[int, ...], int, bool, Play]
"""A play's text read: its cards, the Ace's number (or 0), whether it promises, its combination."""
KNOWN_PLAYS: dict[str, Read] = {}
"""The texts read so far that are plays (``remember_play``): a search applies the same few plays
over and over, and each is parsed and classified once."""
_KNOWN_MOST = 200_000
"""Texts kept at most (a hand's plays are far fewer): past it the table starts again."""


def remember_play(action: str, read: Read) -> None:
    """Keeps ``action``'s reading, parsed and classified without error, in ``KNOWN_PLAYS``."""
    if len(KNOWN_PLAYS) >= _KNOWN_MOST:
        KNOWN_PLAYS.clear()
    KNOWN_PLAYS[action] = read


def read_play(action: str) -> Read:
    """``parse_play`` and ``classify`` of ``action``, read once (``KNOWN_PLAYS``)."""
    read = KNOWN_PLAYS.get(action)
    if read is None:
        cards, ace, promise = parse_play(action)
        read = (cards, ace, promise, classify(cards, ace))
        remember_play(action, read)
    return read


NOTATION = N_(
    "write 'give LEFT RIGHT' (e.g. 'give 3SK 9LK'), 'pass', or 'play CARDS' "
    "(e.g. 'play 5ML', 'play 3SK 3LY', 'play 1V=9 7VY 8VL'), optionally ending in ' promise'"
)


def describe(action: str) -> Play | None:
    """The combination a ``play`` action makes (``None`` for ``pass``/``give``)."""
    if not action.startswith("play "):
        return None
    cards, ace, _promise = parse_play(action)
    return classify(cards, ace)


# --- enumerating combinations ------------------------------------------------------------------
def singles(hand: tuple[int, ...], lead: int, min_rank: int) -> list[str]:
    """KQ-13/KQ-15: singles sharing a suit with the lead card and ranked ≥ min_rank; the Excuse
    (a one-card Bomb) whenever a single is to be beaten."""
    out = []
    for c in hand:
        if c == EXCUSE:
            out.append("play 0")
        elif RANK[c] >= min_rank and (lead == EXCUSE or SUITMASK[c] & SUITMASK[lead]):
            out.append("play " + CODE[c])
    return out


def sets(hand: tuple[int, ...], size: int, min_rank: int) -> list[Play]:
    """KQ-16: Sets of ``size`` cards (every size ≥ 2 if size is 0) of rank ≥ min_rank."""
    groups: dict[int, list[int]] = {}
    for c in hand:
        r = RANK[c]
        if 1 <= r < CROWN and r >= min_rank:
            groups.setdefault(r, []).append(c)
    out = []
    for r, group in groups.items():
        n = len(group)
        if n < 2 or n < size:
            continue
        sizes = (size,) if size else range(2, n + 1)
        for k in sizes:
            for combo in combinations(group, k):
                if not all(PERSONALITY[c] for c in combo):  # KQ-21: else it is a Bomb
                    out.append(Play(combo, SET, r, 0))
    return out


def _suit_ranks(hand: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """Per suit: the ranks of the number cards held in it, as bits (bit r: rank r), and its Ace
    held (the card, or -1); a number card counts in each of its suits (KQ-17)."""
    suit_ranks = [0] * 6
    aces = [-1] * 6
    for c in hand:
        r = RANK[c]
        if r == 1:
            aces[_SUIT_INDEXES[c][0]] = c
        elif 2 <= r <= 9:
            for s in _SUIT_INDEXES[c]:
                suit_ranks[s] |= 1 << r
    return suit_ranks, aces


def flushes(hand: tuple[int, ...], size: int, min_rank: int) -> list[Play]:
    """KQ-17/KQ-18: Straight Flushes of ``size`` cards (every length ≥ 3 if size is 0) of rank
    ≥ min_rank, one action per reading of the Ace."""
    suit_ranks, aces = _suit_ranks(hand)
    out = []
    for s in range(6):
        ranks, ace = suit_ranks[s], aces[s]
        if ranks.bit_count() + (ace >= 0) < 3:
            continue
        numbers = NUMBER_OF[s]
        for low, high, window in _WINDOWS[size] if size else _ALL_WINDOWS:
            if high < min_rank:
                continue
            missing = window & ~ranks
            if not missing:
                cards = tuple(numbers[r] for r in range(low, high + 1))
                if not all(PERSONALITY[c] for c in cards):
                    out.append(Play(cards, FLUSH, high, 0))
                if ace >= 0:  # KQ-18: the Ace may stand for a number held as well
                    for r in range(low, high + 1):
                        rest = tuple(numbers[x] for x in range(low, high + 1) if x != r)
                        out.append(Play((ace, *rest), FLUSH, high, r))
            elif ace >= 0 and not missing & (missing - 1):  # one gap, filled by the Ace
                r = missing.bit_length() - 1
                rest = tuple(numbers[x] for x in range(low, high + 1) if x != r)
                out.append(Play((ace, *rest), FLUSH, high, r))
    return out


_WINDOWS: dict[int, tuple[tuple[int, int, int], ...]] = {
    length: tuple(
        (low, low + length - 1, ((1 << length) - 1) << low) for low in range(2, 11 - length)
    )
    for length in range(1, 46)
}
"""Runs of ``length`` ranks within 2..9: (low, high, bit mask of the ranks)."""
_ALL_WINDOWS = tuple(w for length in range(3, 9) for w in _WINDOWS[length])


def bombs(hand: tuple[int, ...], size: int) -> list[Play]:
    """KQ-20: Bombs of ``size`` personalities (every size ≥ 2 if size is 0)."""
    people = [c for c in hand if PERSONALITY[c]]
    n = len(people)
    out = []
    for k in (size,) if size else range(2, n + 1):
        if k > n:
            continue
        for combo in combinations(people, k):
            out.append(Play(combo, BOMB, min(RANK[c] for c in combo), 0))
    return out


_TEXT: dict[Play, str] = {}
"""Each combination's text, for the combinations written so far (``action_of``)."""


def action_of(p: Play) -> str:
    """``play_text`` of the combination, written once: ``legal_actions`` lists the same plays
    at every step of a search."""
    text = _TEXT.get(p)
    if text is None:
        if len(_TEXT) >= _KNOWN_MOST:
            _TEXT.clear()
        text = _TEXT[p] = play_text(p.cards, p.ace)
    return text


_ListKey = tuple[tuple[int, ...], int, int, int]
_PLAYS: dict[_ListKey, tuple[Play, ...]] = {}
"""``plays_of`` by hand and round, for those listed so far."""
_TEXTS: dict[_ListKey, tuple[str, ...]] = {}
"""``texts_of`` by hand and round, for those written so far."""
_LISTS_MOST = 20_000
"""Hands and rounds kept at most in each: past it the table starts again."""


def plays_of(hand: tuple[int, ...], size: int, kind: int, last_rank: int) -> tuple[Play, ...]:
    """The combinations ``hand`` may play, in ``legal_actions``' order: every combination to
    lead a round (``size`` 0, KQ-8), or a round of ``size`` ≥ 2 cards of ``kind`` at
    ``last_rank`` followed (KQ-16..KQ-24: a Bomb, or the round's kind higher).

    Listed once for a hand and a round: a search asks for the same ones at every iteration (the
    searching seat's hand is the same in every sample)."""
    key = (hand, size, kind, last_rank) if size else (hand, 0, 0, 0)
    found = _PLAYS.get(key)
    if found is None:
        if size == 0:
            plays = [SINGLE_PLAYS[c] for c in hand]
            plays += sets(hand, 0, 0)
            plays += flushes(hand, 0, 0)
            plays += bombs(hand, 0)
        else:
            plays = bombs(hand, size)
            if kind != FLUSH:
                plays += sets(hand, size, last_rank)
            if kind != SET and size >= 3:
                plays += flushes(hand, size, last_rank)
        if len(_PLAYS) >= _LISTS_MOST:
            _PLAYS.clear()
        found = _PLAYS[key] = tuple(plays)
    return found


_ALL_PERSONAL: tuple[dict[tuple[int, int], bool], ...] = tuple(
    {
        (low, high): all(PERSONALITY[numbers[r]] for r in range(low, high + 1))
        for low, high, _window in _ALL_WINDOWS
        if all(r in numbers for r in range(low, high + 1))
    }
    for numbers in NUMBER_OF
)
"""Per suit, whether each run of its number cards is personalities only (KQ-21: a Bomb)."""


def _choose_at_least(n: int, p: int, size: int) -> int:
    """How many ``size``-card (every size >= 2 if 0) combinations of ``n`` cards are not all
    among ``p`` of them."""
    if size:
        return comb(n, size) - comb(p, size)
    return ((1 << n) - 1 - n) - ((1 << p) - 1 - p)


def count_plays(hand: tuple[int, ...], size: int, kind: int, last_rank: int) -> int:
    """``len(plays_of(hand, size, kind, last_rank))`` without listing them: a playout draws
    its choice from the count and lists the combinations only when it chose one that is not a
    single (``playout.random_playout``), most hands being new to the search."""
    if size == 0:
        return (
            len(hand) + _count_sets(hand, 0, 0) + _count_flushes(hand, 0, 0) + _count_bombs(hand, 0)
        )
    count = _count_bombs(hand, size)
    if kind != FLUSH:
        count += _count_sets(hand, size, last_rank)
    if kind != SET and size >= 3:
        count += _count_flushes(hand, size, last_rank)
    return count


def _count_bombs(hand: tuple[int, ...], size: int) -> int:
    people = 0
    for c in hand:
        if PERSONALITY[c]:
            people += 1
    if size:
        return comb(people, size)
    return (1 << people) - 1 - people


def _count_sets(hand: tuple[int, ...], size: int, min_rank: int) -> int:
    """``len(sets(...))``: per rank, its combinations less those of personalities only."""
    groups: dict[int, list[int]] = {}
    for c in hand:
        r = RANK[c]
        if 1 <= r < CROWN and r >= min_rank:
            group = groups.get(r)
            if group is None:
                groups[r] = [1, PERSONALITY[c]]
            else:
                group[0] += 1
                group[1] += PERSONALITY[c]
    count = 0
    for n, p in groups.values():
        if n >= 2 and n >= size:
            count += _choose_at_least(n, p, size)
    return count


def _count_flushes(hand: tuple[int, ...], size: int, min_rank: int) -> int:
    """``len(flushes(...))``, by the same walk over the suits' runs without making them."""
    suit_ranks, aces = _suit_ranks(hand)
    count = 0
    for s in range(6):
        ranks, ace = suit_ranks[s], aces[s] >= 0
        if ranks.bit_count() + ace < 3:
            continue
        personal = _ALL_PERSONAL[s]
        for low, high, window in _WINDOWS[size] if size else _ALL_WINDOWS:
            if high < min_rank:
                continue
            missing = window & ~ranks
            if not missing:
                if not personal[low, high]:
                    count += 1
                if ace:
                    count += high - low + 1
            elif ace and not missing & (missing - 1):
                count += 1
    return count


_COUNTS: dict[_ListKey, int] = {}
"""``count_of`` by hand and round, for those counted so far and not listed."""


def count_of(hand: tuple[int, ...], size: int, kind: int, last_rank: int) -> int:
    """``len(plays_of(...))``: the list's length if it was listed, else counted once for a
    hand and a round (``count_plays``)."""
    key = (hand, size, kind, last_rank) if size else (hand, 0, 0, 0)
    found = _PLAYS.get(key)
    if found is not None:
        return len(found)
    count = _COUNTS.get(key)
    if count is None:
        if len(_COUNTS) >= _LISTS_MOST:
            _COUNTS.clear()
        count = _COUNTS[key] = count_plays(hand, size, kind, last_rank)
    return count


def texts_of(hand: tuple[int, ...], size: int, kind: int, last_rank: int) -> tuple[str, ...]:
    """``plays_of``'s combinations as ``play`` actions, written once for a hand and a round."""
    key = (hand, size, kind, last_rank) if size else (hand, 0, 0, 0)
    found = _TEXTS.get(key)
    if found is None:
        plays = plays_of(hand, size, kind, last_rank)
        if len(_TEXTS) >= _LISTS_MOST:
            _TEXTS.clear()
        found = _TEXTS[key] = tuple([action_of(p) for p in plays])
    return found


def all_plays(cards: tuple[int, ...], max_cards: int) -> list[str]:
    """Every ``play`` a hand of at most ``max_cards`` of ``cards`` can ever make, in a fixed
    order: singles (KQ-13), Sets (KQ-16), Straight Flushes without and then with an Ace standing
    for each number (KQ-17, KQ-18), Bombs of personalities (KQ-20)."""
    out: dict[str, None] = {}
    for c in cards:
        out[play_text((c,))] = None
    by_rank: dict[int, list[int]] = {}
    for c in cards:
        if RANK[c] not in (0, CROWN):  # KQ-16: no Crowns or Excuse in a Set
            by_rank.setdefault(RANK[c], []).append(c)
    for same in by_rank.values():
        for k in range(2, min(len(same), max_cards) + 1):
            for combo in combinations(same, k):
                out[play_text(combo)] = None
    for suit in range(len(SUITS)):
        number, ace = NUMBER_OF[suit], ACE_OF[suit]
        for low in range(2, 10):
            for high in range(low + 2, min(9, low + max_cards - 1) + 1):
                run = tuple(number[r] for r in range(low, high + 1))
                out[play_text(run)] = None
                for r in range(low, high + 1):
                    with_ace = sorted((ace, *(c for c in run if RANK[c] != r)))
                    out[play_text(tuple(with_ace), r)] = None
    bombs = [c for c in cards if PERSONALITY[c]]
    for k in range(2, min(len(bombs), max_cards) + 1):
        for combo in combinations(bombs, k):
            out[play_text(combo)] = None
    return list(out)
