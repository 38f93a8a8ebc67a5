"""The Decktet (P.D. Magnus): 36 basic cards and the 9 extended ones, as in rules/decktet.md.

Both Decktet games (King of the Quackers, Wildcat Chicane) use this module. A card's code is
its rank code and its suits in canonical order (``8YK`` is the Betrayal); a person may also
type the card's name ("the Betrayal", "betrayal").

>>> Card.parse("8YK").name
'the Betrayal'
>>> Card.parse("Betrayal").code
'8YK'
>>> [s for s in Card.parse("8YK").suits]
['Y', 'K']
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pondside.engine import BadDeal, CardSpan, PondsideError
from pondside.engine.narrate import joined
from pondside.i18n import N_, _, current

SUITS = ("M", "S", "V", "L", "Y", "K")
"""Suit codes in canonical (printed, top-to-bottom) order."""

SUIT_NAMES = {
    "M": N_("Moons"),
    "S": N_("Suns"),
    "V": N_("Waves"),
    "L": N_("Leaves"),
    "Y": N_("Wyrms"),
    "K": N_("Knots"),
}
"""The suits' names in English, marked for the catalog: a sentence says one with
:func:`suit_name` (German "Monde", "Sonnen", "Wellen", "Blätter", "Wyrme", "Knoten")."""

RANK_CODES = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "P", "T", "N")
"""Rank codes in the rank order of rules/decktet.md: Excuse < Ace < 2..9 < Pawn < Court < Crown."""

RANK_VALUE = {code: i for i, code in enumerate(RANK_CODES)}
"""Excuse 0, Ace 1, 2..9, Pawn 10, Court 11, Crown 12."""

RANK_NAMES = {
    "0": N_("Excuse"),
    "1": N_("Ace"),
    "P": N_("Pawn"),
    "T": N_("Court"),
    "N": N_("Crown"),
}
"""The ranks that have names (the others are numbers), marked for the catalog."""


def suit_name(suit: str) -> str:
    """A suit's name in the reader's language: ``Moons`` (German ``Monde``)."""
    return _(SUIT_NAMES[suit])


def rank_word(rank: int) -> str:
    """Excuse, Ace, 2..9, Pawn, Court, Crown (rules/decktet.md), in the reader's language
    (German Excuse, Ass, 2..9, Bauer, Hof, Krone).

    >>> rank_word(0), rank_word(1), rank_word(7), rank_word(12)
    ('Excuse', 'Ace', '7', 'Crown')
    """
    code = RANK_CODES[rank]
    return _(RANK_NAMES[code]) if code in RANK_NAMES else code


@dataclass(frozen=True, slots=True)
class Card:
    """One Decktet card. Compare cards by ``order`` (the table order of rules/decktet.md)."""

    code: str
    name: str
    rank: int
    suits: tuple[str, ...]
    types: tuple[str, ...]
    order: int

    @property
    def is_personality(self) -> bool:
        return "P" in self.types

    @property
    def is_ace(self) -> bool:
        return self.rank == 1

    @property
    def is_crown(self) -> bool:
        return self.rank == 12

    @property
    def is_number(self) -> bool:
        return 2 <= self.rank <= 9

    @property
    def top(self) -> str:
        """The TOP suit (first in canonical order); an Ace's or Crown's only suit."""
        return self.suits[0]

    @property
    def bottom(self) -> str:
        """The BOTTOM suit (last printed); an Ace's or Crown's only suit."""
        return self.suits[-1]

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    @staticmethod
    def parse(text: str) -> Card:
        """A card by code (``"8YK"``, case-insensitive) or by name (``"the Betrayal"``)."""
        return parse_card(text)


def _rows() -> list[tuple[str, str, str]]:
    # (code, name, type) in the table order of rules/decktet.md. The Decktet's own names are
    # proper names, kept in English by the German rules too ("the Betrayal"), but marked for
    # the catalog, which may say them otherwise; an Ace is named by its suit (card_name).
    return [
        ("1M", "Ace of Moons", ""),
        ("1S", "Ace of Suns", ""),
        ("1V", "Ace of Waves", ""),
        ("1L", "Ace of Leaves", ""),
        ("1Y", "Ace of Wyrms", ""),
        ("1K", "Ace of Knots", ""),
        ("2MK", N_("the Author"), "P"),
        ("2SY", N_("the Desert"), "L"),
        ("2VL", N_("the Origin"), "LE"),
        ("3MV", N_("the Journey"), "E"),
        ("3SK", N_("the Painter"), "P"),
        ("3LY", N_("the Savage"), "P"),
        ("4MS", N_("the Mountain"), "L"),
        ("4VL", N_("the Sailor"), "P"),
        ("4YK", N_("the Battle"), "E"),
        ("5ML", N_("the Forest"), "L"),
        ("5SV", N_("the Discovery"), "E"),
        ("5YK", N_("the Soldier"), "P"),
        ("6MV", N_("the Lunatic"), "P"),
        ("6SY", N_("the Penitent"), "P"),
        ("6LK", N_("the Market"), "LE"),
        ("7ML", N_("the Chance Meeting"), "E"),
        ("7SK", N_("the Castle"), "L"),
        ("7VY", N_("the Cave"), "L"),
        ("8MS", N_("the Diplomat"), "P"),
        ("8VL", N_("the Mill"), "L"),
        ("8YK", N_("the Betrayal"), "E"),
        ("9MS", N_("the Pact"), "E"),
        ("9VY", N_("the Darkness"), "L"),
        ("9LK", N_("the Merchant"), "P"),
        ("NM", N_("the Huntress"), "P"),
        ("NS", N_("the Bard"), "P"),
        ("NV", N_("the Sea"), "L"),
        ("NL", N_("the End"), "LE"),
        ("NY", N_("the Calamity"), "E"),
        ("NK", N_("the Windfall"), "E"),
        ("0", N_("the Excuse"), ""),
        ("PMSL", N_("the Harvest"), "E"),
        ("PMYK", N_("the Watchman"), "P"),
        ("PSVK", N_("the Light Keeper"), "P"),
        ("PVLY", N_("the Borderland"), "L"),
        ("TMVK", N_("the Consul"), "P"),
        ("TMLY", N_("the Rite"), "E"),
        ("TSVY", N_("the Island"), "L"),
        ("TSLK", N_("the Window"), "L"),
    ]  # fmt: skip


ALL_CARDS: tuple[Card, ...] = tuple(
    Card(code, name, RANK_VALUE[code[0]], tuple(code[1:]), tuple(kind), i)
    for i, (code, name, kind) in enumerate(_rows())
)
BASIC_DECK: tuple[Card, ...] = ALL_CARDS[:36]

BY_CODE: dict[str, Card] = {c.code: c for c in ALL_CARDS}

# The games keep a card as an int, its place in the table: these tables are built once, here.
CODES: tuple[str, ...] = tuple(c.code for c in ALL_CARDS)
"""Every card's code, by its place in the table order (basic deck first: 0..35)."""
INDEX: dict[str, int] = {code: i for i, code in enumerate(CODES)}
RANKS: tuple[int, ...] = tuple(c.rank for c in ALL_CARDS)
"""Every card's rank, by its place: Excuse 0, Ace 1, 2..9, Pawn 10, Court 11, Crown 12."""


def card_name(code: str) -> str:
    """A card's name in a sentence, in the reader's language: the Decktet's own names as the
    German rules keep them (``the Betrayal``), an Ace by its suit (``the Ace of Knots``,
    German ``Ass der Knoten``: a card room names a card without an article).

    >>> card_name("8YK"), card_name("1K"), card_name("0")
    ('the Betrayal', 'the Ace of Knots', 'the Excuse')
    """
    card = BY_CODE[code]
    if card.is_ace:
        return _("the Ace of {suit}").format(suit=suit_name(card.top))
    return _(card.name)


def deck_facts(cards: Iterable[str]) -> dict[str, Any]:
    """The Decktet as a page draws and names its cards (a game's ``card_facts``, ``"decktet"``),
    in the reader's language, so that no page holds a copy of the table: every card's name
    (``name``: ``the Betrayal``; an Ace ``Ace of Knots``), its name in a sentence (``called``),
    its types (``types``: P personality, L location, E event); the suits' and the named ranks'
    words; and the ranks that ``cards`` (the table's deck) holds, low to high (``ranks``: the
    rank order of rules/decktet.md)."""
    held = {code[0] for code in cards}
    return {
        "cards": {
            c.code: {
                "name": name_of(c.code),
                "called": card_name(c.code),
                "types": "".join(c.types),
            }
            for c in ALL_CARDS
        },
        "suits": {s: suit_name(s) for s in SUITS},
        "rank_names": {code: _(name) for code, name in RANK_NAMES.items()},
        "ranks": [code for code in RANK_CODES if code in held],
    }


def name_of(code: str) -> str:
    """A card's name as a label gives it beside its code, in the reader's language (``Card.name``
    translated): ``Ace of Knots`` (German ``Ass der Knoten``), ``the Betrayal``.

    >>> name_of("1K"), name_of("8YK")
    ('Ace of Knots', 'the Betrayal')
    """
    card = BY_CODE[code]
    if card.is_ace:
        return _("Ace of {suit}").format(suit=suit_name(card.top))
    return _(card.name)


def _name_keys(card: Card) -> list[str]:
    low = card.name.lower()
    keys = [low]
    if low.startswith("the "):
        keys.append(low[4:])
    return keys


_BY_NAME: dict[str, Card] = {k: c for c in ALL_CARDS for k in _name_keys(c)}


PUNCTUATION = "(),.:;!?"
"""What may stand around a code in a sentence's word: "(4MS)", "3MV,", "8MS."."""


@functools.lru_cache(maxsize=8192)
def _spans(sentence: str, locale: str) -> tuple[CardSpan, ...]:
    # Word by word (a regular expression over the sentence costs several times more, and this
    # runs for every sentence of every frame): a word is a card's code, an Ace's reading with
    # it (KQ's "1V=9"), between punctuation; never part of a longer word or a ruling's name
    # ("KQ-13"). The Excuse's "0" is a card only beside another card or its name. The names
    # are those of the sentence's language (``locale``, the reader's: the cache's key).
    found: list[tuple[int, int, str, str, bool]] = []  # start, end, code, words, alone
    at = 0
    for word in sentence.split(" "):
        here, at = at, at + len(word) + 1
        core = word.strip(PUNCTUATION)
        code, eq, read = core.partition("=")
        card = BY_CODE.get(code)
        if card is None or (eq and not read.isdigit()):
            continue
        start = here + word.index(core)
        end = start + len(core)
        words = card_name(card.code)
        named = f"{words} ("
        after = sentence[end:]
        if not eq and sentence.endswith(named, 0, start) and after.startswith(")"):
            # "the Mountain (4MS)": the name is already there, the code is for typing.
            found.append((start - len(named), end + 1, card.code, words, False))
            continue
        short = name_of(card.code).removeprefix("the ")
        follows = next((f" {n}" for n in (words, short) if after.startswith(f" {n}")), "")
        if follows and not after[len(follows) : len(follows) + 1].isalnum():
            # "5ML the Forest", "1K Ace of Knots": the code, then the name.
            found.append((start, end + len(follows), card.code, words, False))
            continue
        if eq:
            # an Ace read as another rank (KQ-17)
            words = _("{card} as {rank}").format(card=words, rank=read)
        found.append((start, end, card.code, words, True))
    # Cards written one after another ("7SK 7VY 8VL") are read as a list of names.
    runs: list[list[tuple[int, int, str, str, bool]]] = []
    for item in found:
        last = runs[-1][-1] if runs else None
        if last and last[4] and item[4] and sentence[last[1] : item[0]] == " ":
            runs[-1].append(item)
        else:
            runs.append([item])
    spans: list[CardSpan] = []
    for run in runs:
        if len(run) == 1 and run[0][2] == "0" and run[0][4]:
            continue  # a lone 0 is a number
        spans.append(
            {
                "start": run[0][0],
                "end": run[-1][1],
                "cards": [item[2] for item in run],
                "words": joined([item[3] for item in run]),
            }
        )
    return tuple(spans)


def card_spans(sentence: str) -> list[CardSpan]:
    """Where a Decktet game's sentence names cards by their codes, and the names a reader
    reads instead (``engine.narrate.CardSpan``): a card written with its name (``the Mountain
    (4MS)``, ``5ML the Forest``) is read by its name alone, a code alone by the card's name, an
    Ace read as a rank with that rank, cards in a row as a list.

    >>> [s["words"] for s in card_spans("give the Mountain (4MS) to Ann, 0 points")]
    ['the Mountain']
    >>> [s["words"] for s in card_spans("Straight Flush of Waves, 2 to 4: 1V=4 2VL 3MV (KQ-17)")]
    ['the Ace of Waves as 4, the Origin and the Journey']
    >>> [s["words"] for s in card_spans("Bomb of 2, rank Excuse: 3LY 0")]
    ['the Savage and the Excuse']
    """
    return list(_spans(sentence, current()))


class UnknownCard(PondsideError):
    """Text that is neither a Decktet card code nor a card name."""


def parse_card(text: str) -> Card:
    key = text.strip()
    typed = " ".join(key.lower().split())
    card = BY_CODE.get(key.upper()) or _BY_NAME.get(typed)
    if card is None:
        # A name in the reader's language ("Ass der Knoten"), with or without its article.
        card = next(
            (
                c
                for c in ALL_CARDS
                if typed in (card_name(c.code).lower(), name_of(c.code).lower())
                or typed == name_of(c.code).lower().removeprefix("the ")
            ),
            None,
        )
    if card is None:
        raise UnknownCard(
            _(
                "{text} is not a Decktet card: write its code (8YK, 1M, NK, PMYK, 0) or its name"
            ).format(text=repr(text))
        )
    return card


class DealReader:
    """Reads a Decktet game's deal (shared/protocol.md, "Deals"): the object's keys, the dealer
    a seat, one hand a seat of ``size`` cards, every card a code of ``deck`` and dealt once.
    Errors name the ruling ``rule`` that says which cards there are."""

    def __init__(self, game: str, deck: Sequence[int], deck_name: str, rule: str) -> None:
        self.game, self.deck, self.deck_name, self.rule = game, frozenset(deck), deck_name, rule
        self.seen: set[int] = set()

    def table(self, deal: Any, players: int, keys: tuple[str, ...]) -> tuple[list[Any], int]:
        """The deal's hands (unread) and its dealer, checked."""
        if not isinstance(deal, dict) or set(deal) != set(keys):
            shapes = {"hands": "[[cards] per seat]", "aside": "card or null", "dealer": "seat"}
            expect = ", ".join(f'"{k}": {shapes[k]}' for k in keys)
            raise BadDeal(
                _("a {game} deal is {shape}").format(game=_(self.game), shape=f"{{{expect}}}")
            )
        hands, dealer = deal["hands"], deal["dealer"]
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise BadDeal(
                _("the dealer is a seat from 0 to {last}, not {dealer}").format(
                    last=players - 1, dealer=repr(dealer)
                )
            )
        if not isinstance(hands, list) or len(hands) != players:
            raise BadDeal(_("the deal needs {n} hands, one per seat").format(n=players))
        return hands, dealer

    def hand(self, hand: Any, seat: int, size: int, rule: str) -> list[int]:
        """Seat ``seat``'s hand of ``size`` cards (the count is ruling ``rule``'s), read."""
        if not isinstance(hand, list) or len(hand) != size:
            raise BadDeal(
                _("hand {seat} must be a list of {n} cards ({rule})").format(
                    seat=seat, n=size, rule=rule
                )
            )
        return [self.card(code, _("hand {seat}").format(seat=seat)) for code in hand]

    def card(self, code: Any, where: str) -> int:
        """A card of the deal, read; ``where`` says where it lies, in the reader's words."""
        card = INDEX.get(code) if isinstance(code, str) else None
        if card is None or card not in self.deck:
            raise BadDeal(
                _("{where} holds {code}, which is not a card of the {deck} ({rule})").format(
                    where=where, code=repr(code), deck=_(self.deck_name), rule=self.rule
                )
            )
        if card in self.seen:
            raise BadDeal(
                _("card {code} is dealt twice (there is one of each card, {rule})").format(
                    code=code, rule=self.rule
                )
            )
        self.seen.add(card)
        return card
