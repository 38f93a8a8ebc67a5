"""King of the Quackers' state, declared once (``engine/state.py``), and what a seat sees of it."""

from __future__ import annotations

from typing import Annotated, Any

from pondside.engine import (
    CommonView,
    Notation,
    NotRequired,
    Rng,
    State,
    TypedDict,
)
from pondside.i18n import N_

from .combinations import (
    BASIC_CARDS,
    CODE,
    EXTENDED_CARDS,
    KIND_NAME,
    KIND_VALUE,
    MOUNTAIN,
    OPEN,
)

Kind = Annotated[
    int, Notation(KIND_NAME.__getitem__, KIND_VALUE.__getitem__, "a kind: " + ", ".join(KIND_VALUE))
]
Card = Annotated[int, Notation.codes(CODE, "a Decktet card code (KQ-1)")]
"""A card in the state (its index in table order); in a snapshot its code."""
CardOrNone = Annotated[int, Notation.codes(CODE, "a Decktet card code", none=-1)]


# --- the state ---------------------------------------------------------------------------------
def left_of(seat: int, players: int) -> int:
    """The seat's left neighbour: the next seat (KQ-5 gives it one card; KQ-6, the dealer's
    leads)."""
    return (seat + 1) % players


def right_of(seat: int, players: int) -> int:
    """The seat's right neighbour: the seat before (KQ-5 gives it the other card)."""
    return (seat - 1) % players


class QuackersOptions(TypedDict):
    deck: str
    """extended (45 cards) or basic (36) Decktet (KQ-1)."""
    bidding: bool
    """The optional bidding rules with promises (KQ-28..30)."""
    target: int
    """Points that end the match (KQ-26)."""
    lead_passes: str
    """Where the lead goes when its player is out: right or left (KQ-11)."""


class QuackersRound(TypedDict):
    size: int
    """Cards in each play of this round."""
    kind: str
    """single, set, straight_flush, bomb, or open (after a Bomb lead, KQ-24)."""
    lead_card: str | None
    """The card led, whose suits a single must share (KQ-13)."""
    last_seat: int
    """The seat of the play to beat."""
    last_kind: str
    """The kind of the play to beat."""
    last_rank: int
    """The rank of the play to beat."""
    passed: list[int]
    """The seats that passed since that play."""
    plays: list[list[Any]]
    """[seat, action] of every play of this round."""


class QuackersPromise(TypedDict):
    seat: int
    """The seat that promised to go out first (KQ-28)."""
    value: int
    """What the promise is worth (KQ-29)."""


class QuackersView(CommonView):
    """What one seat (or a spectator) sees of King of the Quackers (KQ-27): the cards played,
    the round to beat, every hand's size, and the cards this seat gave and received."""

    options: QuackersOptions
    hand: NotRequired[list[str]]
    """The seat's cards as codes, in table order."""
    gave: NotRequired[list[str] | None]
    """The two cards this seat gave, to its left then its right (KQ-5)."""
    received: NotRequired[list[str] | None]
    """The cards this seat received, from its left then its right, once the hand is in play."""
    neighbours: NotRequired[list[int]]
    """This seat's neighbours, left then right: whom it gives its two cards to and receives
    from (KQ-5)."""
    dealer: int
    """The hand's dealer (KQ-3)."""
    phase: str
    """pass (choosing the two cards to give) or play."""
    put_aside: bool
    """Whether a card was put aside unseen this hand (KQ-4)."""
    chosen: list[bool]
    """Which seats have chosen their two cards at the pass (the cards stay hidden)."""
    round: QuackersRound | None
    """The round in play, or null when a new round is to be led."""
    played: list[str]
    """Every card played this hand, in the order played."""
    out: list[int]
    """The seats that have gone out this hand, first first."""
    promise: QuackersPromise | None
    """This hand's promise, if one was made (KQ-28)."""


class QuackersState(State):
    """A King of the Quackers match, treated as immutable: ``apply`` builds a new one.

    ``gives[s]`` is seat s's (left card, right card): chosen at the pass (``None`` until chosen)
    and kept for the hand so each seat knows what it gave. In play, ``size`` is 0 when ``turn``
    must lead a new round; otherwise the round holds ``size`` cards per play, its ``kind``, its
    ``lead`` card (KQ-13; the Excuse while an Excuse lead awaits a single, KQ-14), and the last
    play (``last_seat``, ``last_kind``, ``last_rank``). ``passed`` is a bit mask of the seats that
    passed since that play.
    """

    deck: str
    bidding: bool
    target: int
    lead_passes: str
    rng: int
    hand_no: int
    dealer: int
    history: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    over: bool
    phase: str
    hands: tuple[tuple[Card, ...], ...]
    aside: CardOrNone
    gives: tuple[tuple[Card, Card] | None, ...]
    played: tuple[Card, ...]
    out: tuple[int, ...]
    promise: tuple[int, int] | None
    bonus: tuple[int, ...]
    turn: int
    size: int
    kind: Kind
    lead: CardOrNone
    last_seat: int
    last_kind: Kind
    last_rank: int
    passed: int
    round_plays: tuple[tuple[int, str], ...]

    def options(self) -> QuackersOptions:
        return {
            "deck": self.deck,
            "bidding": self.bidding,
            "target": self.target,
            "lead_passes": self.lead_passes,
        }

    def holding(self) -> list[int]:
        """Seats that still hold cards, ascending."""
        return [s for s in range(self.n) if self.hands[s]]

    def may_promise(self) -> bool:
        """KQ-28 apart from the play itself: bidding on, nobody promised or out, no Mountain yet."""
        return (
            self.bidding and self.promise is None and not self.out and MOUNTAIN not in self.played
        )


DECK_WORDS = {"extended": N_("extended deck"), "basic": N_("basic deck")}
"""Each deck of the option ``deck`` (KQ-1) as a sentence names it, marked for the catalog."""


def deck_cards(kind: str) -> tuple[int, ...]:
    return BASIC_CARDS if kind == "basic" else EXTENDED_CARDS


def hand_size(players: int, deck: str) -> int:
    """KQ-4: 15/11 cards (extended, 3/4 players; one put aside at 4) or 12/9 (basic)."""
    return len(deck_cards(deck)) // players


def reset_round(st: QuackersState, leader: int) -> None:
    st.turn = leader
    st.size = 0
    st.kind = OPEN
    st.lead = -1
    st.last_seat = -1
    st.last_kind = 0
    st.last_rank = 0
    st.passed = 0
    st.round_plays = ()


def start_hand(st: QuackersState, hands: list[list[int]], aside: int) -> None:
    st.phase = "pass"
    st.hands = tuple(tuple(sorted(h)) for h in hands)
    st.aside = aside
    st.gives = (None,) * st.n
    st.played = ()
    st.out = ()
    st.promise = None
    st.bonus = (0,) * st.n
    reset_round(st, -1)


def deal_from_rng(st: QuackersState) -> None:
    """KQ-4: shuffle and deal the whole deck evenly; at 4 players extended one card is aside."""
    rng = Rng(st.rng)
    cards = rng.shuffled(deck_cards(st.deck))
    st.rng = rng.state
    k = len(cards) // st.n
    hands = [cards[i * k : (i + 1) * k] for i in range(st.n)]
    start_hand(st, hands, cards[-1] if len(cards) % st.n else -1)


def next_holding(st: QuackersState, seat: int, step: int) -> int:
    """The nearest seat after ``seat`` going ``step`` (+1 clockwise/left, -1 right) with cards."""
    n = st.n
    s = (seat + step) % n
    while not st.hands[s]:
        s = (s + step) % n
    return s
