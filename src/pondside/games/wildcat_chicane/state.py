"""Wildcat Chicane's state, declared once (``engine/state.py``), what a seat sees of it, and the
voids the tricks have shown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

from pondside.engine import (
    NONE_IS_MINUS_ONE,
    CommonView,
    Notation,
    NotRequired,
    Rng,
    State,
    TypedDict,
)
from pondside.games.decktet import SUITS

from .cards import (
    CODES,
    NUMBER_CARDS,
    RANK,
    READING_NAMES,
    RULER_CARDS,
    SUIT,
    SUIT_BIT,
    Card,
    CardOrNone,
    hand_size,
)


class ChicaneRead(TypedDict):
    """A card as its player reads it."""

    card: str
    """The card's code."""
    suit: str | None
    """The one suit it counts as for its player (WC-5); null while the reading is not known."""
    trump: bool
    """Whether it is its player's trump (WC-6)."""


def read_cards(cards: Sequence[int], reading: int, trump: str) -> list[ChicaneRead]:
    """Each card as a player with ``reading`` (-1: not known) and ``trump`` ('' or -: not known)
    reads it, in the order given."""
    return [
        {
            "card": CODES[c],
            "suit": SUIT[c][reading] if reading >= 0 else None,
            "trump": reading >= 0 and bool(trump) and SUIT[c][reading] == trump,
        }
        for c in cards
    ]


def trick_read(st: ChicaneState, trick: Sequence[tuple[int, int]]) -> list[ChicaneRead]:
    """A trick's cards, each as its own player reads it (WC-5, WC-6)."""
    return [read_cards([c], st.readings[s], st.trumps[s])[0] for s, c in trick]


def hand_read(hand: Sequence[int], reading: int, trump: str) -> list[ChicaneRead]:
    """The hand as its player reads it, grouped by suit in the Decktet's order, the trumps
    last, each suit low to high; in table order while the reading is not known."""
    if reading < 0:
        return read_cards(hand, reading, trump)
    order = [s for s in SUITS if s != trump] + ([trump] if trump else [])
    ranked = sorted(hand, key=lambda c: (order.index(SUIT[c][reading]), RANK[c], c))
    return read_cards(ranked, reading, trump)


class ChicaneOptions(TypedDict):
    variant: str
    """wildcat: each player's own ruling card; classic: one call for the table (WC-15)."""
    target: int
    """The match ends when someone reaches this score alone (WC-13)."""


class ChicaneTrick(TypedDict):
    cards: list[list[Any]]
    """[seat, card] in the order they were played."""
    winner: int
    """The seat that took the trick (WC-11)."""
    read: list[ChicaneRead]
    """Its cards as their players read them, in the same order."""


class ChicaneView(CommonView):
    """What one seat (or a spectator) sees of Wildcat Chicane: ruling cards once revealed
    (WC-4), readings and trumps, bids, the tricks of this hand and the voids they showed."""

    options: ChicaneOptions
    hand: NotRequired[list[str]]
    """The seat's cards as codes, in table order."""
    hand_read: NotRequired[list[ChicaneRead]]
    """The seat's cards as it reads them (WC-5, WC-6): grouped by the suit each counts as, in
    the Decktet's order, its trumps last, each suit low to high; in table order, without
    suits, while its reading is not known."""
    prompt: NotRequired[str | None]
    """What the seat is to do now and the rule it does it under, in words (WC-4, WC-7, WC-9,
    WC-10, WC-15); null when it is not its turn."""
    choice_rule: NotRequired[str | None]
    """The rule its choices turn on, to be said beside them: while it bids, what a bid scores
    (WC-12); null otherwise."""
    my_choice: NotRequired[str | None]
    """The ruling card this seat has chosen and not yet revealed."""
    dealer: int
    """The hand's dealer (WC-2)."""
    phase: str
    """rule (choosing ruling cards), call (classic), bid, play or over."""
    tricks_in_hand: int
    """How many tricks this hand has (WC-3, WC-15)."""
    chosen: list[bool]
    """Which seats have chosen their ruling card (the cards stay hidden until all have)."""
    rulers: list[str | None]
    """Each seat's revealed ruling card (WC-4)."""
    calls: list[str]
    """The classic variant's calls so far: top, bottom, trump Y (WC-15)."""
    readings: list[str | None]
    """How each seat reads two-suit cards: top or bottom (WC-5)."""
    trumps: list[str | None]
    """Each seat's trump suit (WC-6)."""
    bids: list[int | None]
    """Each seat's bid, null until made (WC-7)."""
    won: list[int]
    """Tricks each seat has taken this hand."""
    tricks: list[ChicaneTrick]
    """This hand's finished tricks."""
    trick: list[list[Any]]
    """The trick in play: [seat, card] in the order played."""
    trick_read: list[ChicaneRead]
    """The trick in play's cards as their players read them, in the same order."""
    led_suit: str | None
    """The suit led to the trick in play, as its leader reads it (WC-10)."""
    winning: int | None
    """The seat winning the trick in play so far."""
    voids: list[list[str]]
    """The suits each seat has shown it lacks by not following (WC-10)."""


class ChicaneState(State):
    """A Wildcat (or classic) Chicane match. Treated as immutable: ``apply`` builds a new one.

    Cards are ints (see ``CODES``). ``readings[s]`` is 0 (TOP) or 1 (BOTTOM) and ``trumps[s]``
    a suit code once known (-1 and "" before). ``chosen[s]`` is a ruling card chosen but not yet
    revealed (-1: not chosen); it stays in the hand until the reveal. ``tricks`` holds this
    hand's finished tricks as (seat, card) pairs in play order, ``winners`` who took each.
    """

    variant: str
    target: int
    rng: int
    hand_no: int
    dealer: int
    history: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    phase: str
    hands: tuple[tuple[Card, ...], ...]
    chosen: tuple[CardOrNone, ...]
    rulers: tuple[CardOrNone, ...]
    calls: tuple[str, ...]
    readings: tuple[Annotated[int, Notation.codes(READING_NAMES, "top or bottom", none=-1)], ...]
    trumps: tuple[str, ...]
    bids: tuple[Annotated[int, NONE_IS_MINUS_ONE], ...]
    turn: Annotated[int, NONE_IS_MINUS_ONE]
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    winners: tuple[int, ...]
    won: tuple[int, ...]
    broken: bool

    @property
    def classic(self) -> bool:
        return self.variant == "classic"

    def is_trump(self, seat: int, card: int) -> bool:
        """WC-6: the card's suit, as ``seat`` reads it, is ``seat``'s trump."""
        return SUIT[card][self.readings[seat]] == self.trumps[seat]

    def led_suit(self) -> str:
        """WC-10: the led card's suit as its leader reads it ('' before a lead)."""
        if not self.trick:
            return ""
        seat, card = self.trick[0]
        return SUIT[card][self.readings[seat]]


def start_hand(st: ChicaneState, hands: Sequence[Sequence[int]]) -> None:
    n = st.n
    st.hands = tuple(tuple(sorted(h)) for h in hands)
    st.chosen = (-1,) * n
    st.rulers = (-1,) * n
    st.calls = ()
    st.readings = (-1,) * n
    st.trumps = ("",) * n
    st.bids = (-1,) * n
    st.trick = ()
    st.tricks = ()
    st.winners = ()
    st.won = (0,) * n
    st.broken = False
    if st.classic:  # WC-15: the dealer's left calls first
        st.phase, st.turn = "call", (st.dealer + 1) % n
    else:  # WC-4: everyone chooses a ruling card at once
        st.phase, st.turn = "rule", -1


def deal_from_rng(st: ChicaneState) -> None:
    """WC-3: Aces and Crowns dealt evenly, then the number cards; classic deals all 36 (WC-15)."""
    rng = Rng(st.rng)
    n = st.n
    if st.classic:
        cards = rng.shuffled(range(36))
        size = hand_size(n)
        hands = [cards[i * size : (i + 1) * size] for i in range(n)]
    else:
        rulers = rng.shuffled(RULER_CARDS)
        numbers = rng.shuffled(NUMBER_CARDS)
        a, b = 12 // n, 24 // n
        hands = [rulers[i * a : (i + 1) * a] + numbers[i * b : (i + 1) * b] for i in range(n)]
    st.rng = rng.state
    start_hand(st, hands)


def voids(st: ChicaneState) -> list[int]:
    """Suits (a bitmask per seat) each seat has shown it lacks by not following (WC-10)."""
    out = [0] * st.n
    for trick in (*st.tricks, st.trick):
        if not trick:
            continue
        leader, first = trick[0]
        led = SUIT[first][st.readings[leader]]
        for s, c in trick[1:]:
            if SUIT[c][st.readings[s]] != led:
                out[s] |= SUIT_BIT[led]
    return out


def suits_of_mask(mask: int) -> list[str]:
    return [s for s in SUITS if mask & SUIT_BIT[s]]
