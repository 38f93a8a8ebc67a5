"""King of the Quackers, a Decktet climbing game (rules/king-of-the-quackers.md, KQ-1..KQ-30).

Each hand the whole deck is dealt (KQ-4), everyone secretly gives one card to each neighbour
(KQ-5), and then players climb: the leader plays a single card, a Set, a Straight Flush or a
Bomb, and the others follow with the same kind and size of equal or higher rank or pass
(KQ-8..KQ-24). Places in going out score points (KQ-25); the optional bidding rules let a
player promise to go out first (KQ-28..KQ-30).

Cards are ints inside the state: their index in the table of rules/decktet.md (``CODE[i]``).

>>> from pondside.engine import Match
>>> m = Match(GAME, 4, seed=3)
>>> m.to_act()
(0, 1, 2, 3)
>>> describe("play 1V=9 7VY 8VL")
Play(cards=(2, 23, 25), kind=3, rank=9, ace=9)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from itertools import combinations, pairwise
from typing import Annotated, Any, NamedTuple

from pondside.engine import (
    BadDeal,
    BadPosition,
    CommonView,
    DealLayout,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    Notation,
    NotRequired,
    Option,
    Outcome,
    Rng,
    State,
    TypedDict,
    View,
    places_from_results,
    seed_state,
)
from pondside.games.decktet import ALL_CARDS, BASIC_DECK, SUITS

# --- the cards -------------------------------------------------------------------------------
CODE: tuple[str, ...] = tuple(c.code for c in ALL_CARDS)
INDEX: dict[str, int] = {c.code: i for i, c in enumerate(ALL_CARDS)}
RANK: tuple[int, ...] = tuple(c.rank for c in ALL_CARDS)
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
Kind = Annotated[
    int, Notation(KIND_NAME.__getitem__, KIND_VALUE.__getitem__, "a kind: " + ", ".join(KIND_VALUE))
]
Card = Annotated[int, Notation.codes(CODE, "a Decktet card code (KQ-1)")]
"""A card in the state (its index in table order); in a snapshot its code."""
CardOrNone = Annotated[int, Notation.codes(CODE, "a Decktet card code", none=-1)]

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
            raise IllegalAction("an Ace stands for a number only inside a Straight Flush", "KQ-18")
        return Play(cards, SINGLE, RANK[cards[0]], 0)
    if ace:
        rank = flush_reading(cards, ace)
        if not rank:
            raise IllegalAction(
                f"these cards with the Ace as {ace} are not a Straight Flush: three or more "
                "consecutive numbers 2-9 sharing the Ace's suit",
                "KQ-18",
            )
        return Play(cards, FLUSH, rank, ace)
    if all(PERSONALITY[c] for c in cards):
        return Play(cards, BOMB, min(RANK[c] for c in cards), 0)  # KQ-20, KQ-21
    rank = RANK[cards[0]]
    if all(RANK[c] == rank for c in cards):
        if rank == CROWN:
            raise IllegalAction("Crowns cannot form a Set", "KQ-16")
        return Play(cards, SET, rank, 0)
    rank = flush_reading(cards, 0)
    if rank:
        return Play(cards, FLUSH, rank, 0)
    if any(RANK[c] == 1 for c in cards) and len(cards) >= 3:
        for number in range(2, 10):
            if flush_reading(cards, number):
                raise IllegalAction(
                    "in a Straight Flush say which number the Ace stands for, as in "
                    "'play 1V=9 7VY 8VL'",
                    "KQ-18",
                )
    raise IllegalAction(
        "these cards are no combination: a single card, a Set (same rank), a Straight Flush "
        "(3+ consecutive numbers sharing a suit) or a Bomb (2+ personalities)",
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
        raise IllegalAction(_NOTATION)
    cards: list[int] = []
    ace = 0
    for word in words[1:]:
        code, eq, number = word.partition("=")
        card = INDEX.get(code)
        if card is None:
            raise IllegalAction(f"{word!r} is not a Decktet card code (8YK, 1M, NK, PMYK, 0)")
        if eq:
            if RANK[card] != 1 or ace or number not in "23456789" or len(number) != 1:
                raise IllegalAction(
                    "only an Ace takes '=N', with N a number 2-9, inside a Straight Flush", "KQ-18"
                )
            ace = int(number)
        cards.append(card)
    if len(set(cards)) != len(cards):
        raise IllegalAction("a play names each card once")
    result = tuple(sorted(cards))
    if list(result) != cards:
        raise IllegalAction(
            f"write the cards in table order: {play_text(result, ace)!r} (protocol.md)"
        )
    return result, ace, promise


_NOTATION = (
    "write 'give LEFT RIGHT' (e.g. 'give 3SK 9LK'), 'pass', or 'play CARDS' "
    "(e.g. 'play 5ML', 'play 3SK 3LY', 'play 1V=9 7VY 8VL'), optionally ending in ' promise'"
)


def describe(action: str) -> Play | None:
    """The combination a ``play`` action makes (``None`` for ``pass``/``give``)."""
    if not action.startswith("play "):
        return None
    cards, ace, _ = parse_play(action)
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


def flushes(hand: tuple[int, ...], size: int, min_rank: int) -> list[Play]:
    """KQ-17/KQ-18: Straight Flushes of ``size`` cards (every length ≥ 3 if size is 0) of rank
    ≥ min_rank, one action per reading of the Ace."""
    suit_ranks = [0] * 6  # bit r of suit_ranks[s]: the suit's number card of rank r is held
    aces = [-1] * 6
    for c in hand:
        r = RANK[c]
        if r == 1:
            aces[_SUIT_INDEXES[c][0]] = c
        elif 2 <= r <= 9:
            for s in _SUIT_INDEXES[c]:
                suit_ranks[s] |= 1 << r
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


def _text(p: Play) -> str:
    return play_text(p.cards, p.ace)


# --- the state ---------------------------------------------------------------------------------
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


def deck_cards(kind: str) -> tuple[int, ...]:
    return BASIC_CARDS if kind == "basic" else EXTENDED_CARDS


def hand_size(players: int, deck: str) -> int:
    """KQ-4: 15/11 cards (extended, 3/4 players; one put aside at 4) or 12/9 (basic)."""
    return len(deck_cards(deck)) // players


def _reset_round(st: QuackersState, leader: int) -> None:
    st.turn = leader
    st.size = 0
    st.kind = OPEN
    st.lead = -1
    st.last_seat = -1
    st.last_kind = 0
    st.last_rank = 0
    st.passed = 0
    st.round_plays = ()


def _start_hand(st: QuackersState, hands: list[list[int]], aside: int) -> None:
    st.phase = "pass"
    st.hands = tuple(tuple(sorted(h)) for h in hands)
    st.aside = aside
    st.gives = (None,) * st.n
    st.played = ()
    st.out = ()
    st.promise = None
    st.bonus = (0,) * st.n
    _reset_round(st, -1)


def _deal_from_rng(st: QuackersState) -> None:
    """KQ-4: shuffle and deal the whole deck evenly; at 4 players extended one card is aside."""
    rng = Rng(st.rng)
    cards = rng.shuffled(deck_cards(st.deck))
    st.rng = rng.state
    k = len(cards) // st.n
    hands = [cards[i * k : (i + 1) * k] for i in range(st.n)]
    _start_hand(st, hands, cards[-1] if len(cards) % st.n else -1)


def _next_holding(st: QuackersState, seat: int, step: int) -> int:
    """The nearest seat after ``seat`` going ``step`` (+1 clockwise/left, -1 right) with cards."""
    n = st.n
    s = (seat + step) % n
    while not st.hands[s]:
        s = (s + step) % n
    return s


class KingOfTheQuackers(Game[QuackersState]):
    state_type = QuackersState
    info = GameInfo(
        slug="king-of-the-quackers",
        name="King of the Quackers",
        min_players=3,
        max_players=4,
        default_players=4,
        options=(
            Option(
                "deck",
                str,
                "extended",
                "extended (45 cards) or basic (36) Decktet (KQ-1)",
                choices=("extended", "basic"),
            ),
            Option("bidding", bool, False, "the optional bidding rules with promises (KQ-28..30)"),
            Option(
                "target",
                int,
                50,
                "points that end the match (50; 75 with bidding) (KQ-26)",
                minimum=1,
            ),
            Option(
                "lead_passes",
                str,
                "right",
                "where the lead goes when its player is out (KQ-11)",
                choices=("right", "left"),
            ),
        ),
        simultaneous=True,
        lower_score_is_better=False,
        summary="A Decktet climbing game: pass two cards, then beat the last play with a higher "
        "single, Set or Straight Flush, or blow it up with a Bomb of personalities. Go out "
        "first to score most.",
    )

    def check_options(
        self, players: int, options: dict[str, Any], given: dict[str, Any]
    ) -> dict[str, Any]:
        if options["bidding"] and "target" not in given:
            return {**options, "target": 75}  # KQ-26: 75 with the bidding rules unless set
        return options

    # --- facts of a configuration ---------------------------------------------------------
    def all_actions(self, players: int, options: Mapping[str, Any]) -> list[str]:
        """Every pass of two cards (KQ-5), ``pass``, every play a hand can make, and with the
        bidding rules every play that may carry a promise (KQ-28: it keeps a card, and is not
        the Mountain)."""
        cards = deck_cards(options["deck"])
        k = hand_size(players, options["deck"])
        plays = all_plays(cards, k)
        codes = [CODE[c] for c in cards]
        actions = [f"give {a} {b}" for a in codes for b in codes if a != b] + [PASS] + plays
        if options["bidding"]:
            mountain = CODE[MOUNTAIN]
            actions += [
                p + " promise" for p in plays if mountain not in p.split() and p.count(" ") < k
            ]
        return actions

    def deal_layout(self, players: int, options: Mapping[str, Any]) -> DealLayout:
        """KQ-4: the hands in turn, then the card put aside when one is; a random dealer."""
        codes = [CODE[c] for c in deck_cards(options["deck"])]
        k = hand_size(players, options["deck"])
        aside = len(codes) - k * players

        def build(cards: list[Any], seat: int | None) -> dict[str, Any]:
            return {
                "hands": [cards[k * s : k * s + k] for s in range(players)],
                "aside": cards[k * players] if aside else None,
                "dealer": seat,
            }

        return DealLayout.one_deck(codes, (1,) * len(codes), k * players + aside, players, build)

    # --- setting up -------------------------------------------------------------------
    def _blank(self, players: int, options: dict[str, Any], seed: int) -> QuackersState:
        st = QuackersState.blank()
        st.n = players
        st.deck = options["deck"]
        st.bidding = options["bidding"]
        st.target = options["target"]
        st.lead_passes = options["lead_passes"]
        st.rng = seed_state(seed)
        st.hand_no = 1
        st.dealer = 0
        st.history = ()
        st.totals = (0,) * players
        st.over = False
        return st

    def new(self, players: int, options: dict[str, Any], seed: int) -> QuackersState:
        st = self._blank(players, options, seed)
        rng = Rng(st.rng)
        st.dealer = rng.below(players)  # KQ-3: a random first dealer
        st.rng = rng.state
        _deal_from_rng(st)
        return st

    def from_deal(
        self, players: int, options: dict[str, Any], deal: Any, seed: int
    ) -> QuackersState:
        expect = '{"hands": [[cards] per seat], "aside": card or null, "dealer": seat}'
        if not isinstance(deal, dict) or set(deal) != {"hands", "aside", "dealer"}:
            raise BadDeal(f"a King of the Quackers deal is {expect}")
        hands, aside, dealer = deal["hands"], deal["aside"], deal["dealer"]
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise BadDeal(f"the dealer is a seat from 0 to {players - 1}, not {dealer!r}")
        if not isinstance(hands, list) or len(hands) != players:
            raise BadDeal(f"the deal needs {players} hands, one per seat")
        cards = deck_cards(options["deck"])
        k = hand_size(players, options["deck"])
        extra = len(cards) - k * players
        seen: set[int] = set()
        parsed: list[list[int]] = []
        for i, h in enumerate(hands):
            if not isinstance(h, list) or len(h) != k:
                raise BadDeal(f"hand {i} must be a list of {k} cards (KQ-4)")
            parsed.append([self._deal_card(c, f"hand {i}", cards, seen) for c in h])
        if extra and aside is None:
            raise BadDeal("with 4 players and the extended deck one card is put aside (KQ-4)")
        if not extra and aside is not None:
            raise BadDeal("no card is put aside in this deal: give aside as null (KQ-4)")
        aside_card = self._deal_card(aside, "aside", cards, seen) if extra else -1
        st = self._blank(players, options, seed)
        st.dealer = dealer
        _start_hand(st, parsed, aside_card)
        return st

    @staticmethod
    def _deal_card(code: Any, where: str, cards: tuple[int, ...], seen: set[int]) -> int:
        card = INDEX.get(code) if isinstance(code, str) else None
        if card is None or card not in cards:
            kind = "basic" if len(cards) == 36 else "extended"
            raise BadDeal(f"{where} holds {code!r}, which is not a card of the {kind} deck (KQ-1)")
        if card in seen:
            raise BadDeal(f"card {code} is dealt twice (there is one of each card, KQ-1)")
        seen.add(card)
        return card

    # --- positions --------------------------------------------------------------------
    def check_position(self, state: QuackersState) -> QuackersState:
        st = state
        st.hands = tuple(tuple(sorted(h)) for h in st.hands)
        n = st.n
        if not (len(st.hands) == len(st.gives) == len(st.totals) == len(st.bonus) == n):
            raise BadPosition(f"hands, gives, totals and bonus need one entry per seat ({n})")
        if st.phase not in ("pass", "play"):
            raise BadPosition("phase is 'pass' or 'play'")
        cards = [c for h in st.hands for c in h] + list(st.played)
        if st.aside >= 0:
            cards.append(st.aside)
        if sorted(cards) != list(deck_cards(st.deck)):
            raise BadPosition(
                "the hands, the played cards and the put-aside card must be the deck (KQ-4)"
            )
        if len(st.history) != st.hand_no - 1 + st.over:
            raise BadPosition("history holds one entry per finished hand")
        if st.phase == "pass":
            k = hand_size(n, st.deck)
            if st.played or any(len(h) != k for h in st.hands):
                raise BadPosition(f"at the pass every hand holds {k} cards and nothing is played")
            for s, g in enumerate(st.gives):
                if g is not None and (g[0] == g[1] or not {g[0], g[1]} <= set(st.hands[s])):
                    raise BadPosition(f"seat {s} gives cards it does not hold (KQ-5)")
        elif not st.over:
            if not 0 <= st.turn < n or not st.hands[st.turn]:
                raise BadPosition("the seat to act must hold cards (KQ-7)")
            if len(st.holding()) < 2:
                raise BadPosition("a hand in play has at least two players with cards (KQ-12)")
        return st

    # --- playing ----------------------------------------------------------------------
    def to_act(self, state: QuackersState) -> tuple[int, ...]:
        if state.over:
            return ()
        if state.phase == "pass":
            return tuple(s for s, g in enumerate(state.gives) if g is None)
        return (state.turn,)

    def legal_actions(self, state: QuackersState, seat: int) -> list[str]:
        st = state
        if st.over:
            return []
        hand = st.hands[seat]
        if st.phase == "pass":
            if st.gives[seat] is not None:
                return []
            codes = [CODE[c] for c in hand]
            return [f"give {a} {b}" for a in codes for b in codes if a != b]
        if seat != st.turn:
            return []
        if st.size == 0:  # KQ-8: the leader plays any combination and may not pass
            plays: list[Play] = [Play((c,), SINGLE, RANK[c], 0) for c in hand]
            plays += sets(hand, 0, 0)
            plays += flushes(hand, 0, 0)
            plays += bombs(hand, 0)
            return self._with_promises(st, hand, plays)
        if st.size == 1:
            texts = singles(hand, st.lead, st.last_rank)
            if st.bidding and st.may_promise() and len(hand) > 1:
                texts += [t + " promise" for t in texts if t != "play 4MS"]
            return [PASS, *texts]
        plays = bombs(hand, st.size)
        if st.kind != FLUSH:
            plays += sets(hand, st.size, st.last_rank)
        if st.kind != SET and st.size >= 3:
            plays += flushes(hand, st.size, st.last_rank)
        return [PASS, *self._with_promises(st, hand, plays)]

    @staticmethod
    def _with_promises(st: QuackersState, hand: tuple[int, ...], plays: list[Play]) -> list[str]:
        texts = [_text(p) for p in plays]
        if not (st.bidding and st.may_promise()):
            return texts
        left = len(hand)
        texts += [
            t + " promise"
            for t, p in zip(texts, plays, strict=True)
            if len(p.cards) < left and MOUNTAIN not in p.cards
        ]
        return texts

    def advance(
        self, state: QuackersState, seat: int, action: str
    ) -> tuple[QuackersState, list[Event]]:
        if state.over:
            raise IllegalAction("the match is over", "KQ-26")
        if action.startswith("give "):
            return self._give(state, seat, action)
        if state.phase == "pass":
            if action == PASS or action.startswith("play "):
                raise IllegalAction("first every player gives two cards: 'give LEFT RIGHT'", "KQ-5")
            raise IllegalAction(f"{action!r} is not an action: {_NOTATION}")
        if action == PASS:
            return self._pass(state, seat)
        if not action.startswith("play "):
            raise IllegalAction(f"{action!r} is not an action: {_NOTATION}")
        if seat != state.turn:
            raise IllegalAction(f"it is seat {state.turn}'s turn, not seat {seat}'s", "KQ-7")
        cards, ace, promise = parse_play(action)
        hand = state.hands[seat]
        for c in cards:
            if c not in hand:
                raise IllegalAction(f"{CODE[c]} is not in seat {seat}'s hand")
        play = classify(cards, ace)
        kind = self._check_follow(state, play)
        if promise:
            self._check_promise(state, hand, cards)
        return self._play(state, seat, play, kind, action, promise)

    # --- the pass ----------------------------------------------------------------------
    def _give(
        self, state: QuackersState, seat: int, action: str
    ) -> tuple[QuackersState, list[Event]]:
        if state.phase != "pass":
            raise IllegalAction("cards are given only before the first lead of a hand", "KQ-5")
        if state.gives[seat] is not None:
            raise IllegalAction(f"seat {seat} has already chosen its two cards", "KQ-5")
        words = action.split(" ")
        if len(words) != 3 or words[1] not in INDEX or words[2] not in INDEX:
            raise IllegalAction(f"write 'give LEFT RIGHT' with two card codes, not {action!r}")
        left, right = INDEX[words[1]], INDEX[words[2]]
        hand = state.hands[seat]
        if left == right or left not in hand or right not in hand:
            raise IllegalAction(
                "give two different cards from your hand, one to each neighbour", "KQ-5"
            )
        st = state.copy()
        gives = list(st.gives)
        gives[seat] = (left, right)
        st.gives = tuple(gives)
        events: list[Event] = [{"type": "gave", "seat": seat}]
        if None not in gives:
            self._exchange(st, events)
        return st, events

    def _exchange(self, st: QuackersState, events: list[Event]) -> None:
        """KQ-5: the chosen cards move together; KQ-6: the dealer's left neighbour leads."""
        n = st.n
        hands = [list(h) for h in st.hands]
        for s, g in enumerate(st.gives):
            assert g is not None
            hands[s].remove(g[0])
            hands[s].remove(g[1])
        for s, g in enumerate(st.gives):
            assert g is not None
            hands[(s + 1) % n].append(g[0])
            hands[(s - 1) % n].append(g[1])
        st.hands = tuple(tuple(sorted(h)) for h in hands)
        st.phase = "play"
        _reset_round(st, (st.dealer + 1) % n)
        events.append({"type": "exchange", "leader": st.turn})

    # --- playing and passing -----------------------------------------------------------
    @staticmethod
    def _check_follow(st: QuackersState, play: Play) -> int:
        """The kind the play counts as in this round (KQ-15 makes a following Excuse a Bomb),
        or ``IllegalAction`` naming the ruling it breaks."""
        size = len(play.cards)
        if st.size == 0:
            return play.kind
        if size != st.size:
            if st.size == 1 and play.kind == BOMB:
                rule = "KQ-22"  # a Bomb never follows a single (the Excuse alone aside)
            else:
                rule = "KQ-15" if play.cards == (EXCUSE,) else "KQ-24"
            raise IllegalAction(
                f"every play of this round has {st.size} card{'s' if st.size > 1 else ''}", rule
            )
        if st.size == 1:
            card = play.cards[0]
            if card == EXCUSE:
                return BOMB  # KQ-15: the Excuse is a one-card Bomb on any single
            if not shares_a_suit(card, st.lead):
                raise IllegalAction(
                    f"a single must share a suit with the round's lead card {CODE[st.lead]}",
                    "KQ-13",
                )
            if play.rank < st.last_rank:
                raise IllegalAction("a single must be of equal or higher rank", "KQ-13")
            return SINGLE
        if play.kind == BOMB:
            return BOMB  # KQ-22: a Bomb follows a Set, a Straight Flush or a Bomb of its size
        if (play.kind, st.kind) in ((SET, FLUSH), (FLUSH, SET)):
            raise IllegalAction("Sets and Straight Flushes never meet in one round", "KQ-24")
        if play.rank < st.last_rank:
            rule = "KQ-23" if st.last_kind == BOMB else ("KQ-16" if play.kind == SET else "KQ-19")
            raise IllegalAction(f"this round needs rank {st.last_rank} or higher", rule)
        return play.kind

    @staticmethod
    def _check_promise(st: QuackersState, hand: tuple[int, ...], cards: tuple[int, ...]) -> None:
        if not st.bidding:
            raise IllegalAction("promises belong to the bidding rules (option bidding)", "KQ-28")
        if st.promise is not None:
            raise IllegalAction("only one promise is made a hand", "KQ-28")
        if st.out:
            raise IllegalAction("no promise once a player has gone out", "KQ-28")
        if MOUNTAIN in st.played or MOUNTAIN in cards:
            raise IllegalAction("no promise once the Mountain (4MS) has been played", "KQ-28")
        if len(cards) == len(hand):
            raise IllegalAction("a promise needs cards left in the hand", "KQ-28")

    def _play(
        self, state: QuackersState, seat: int, play: Play, kind: int, action: str, promise: bool
    ) -> tuple[QuackersState, list[Event]]:
        st = state.copy()
        cards = play.cards
        hands = list(st.hands)
        hands[seat] = tuple(c for c in hands[seat] if c not in cards)
        st.hands = tuple(hands)
        st.played = st.played + cards
        if st.size == 0:  # KQ-24: the lead fixes the size, and the kind unless it is a Bomb
            st.size = len(cards)
            st.kind = OPEN if kind == BOMB else kind
            st.lead = cards[0] if kind == SINGLE else -1
        elif kind in (SET, FLUSH):
            st.kind = kind
        elif kind == SINGLE and st.lead == EXCUSE:
            st.lead = cards[0]  # KQ-14: the first single after an Excuse lead leads the suits
        st.last_seat = seat
        st.last_kind = kind
        st.last_rank = 0 if kind == BOMB and cards == (EXCUSE,) else play.rank
        st.passed = 0
        st.round_plays = (*st.round_plays, (seat, action))
        left = len(hands[seat])
        events: list[Event] = [
            {
                "type": "play",
                "seat": seat,
                "action": action,
                "cards": [CODE[c] for c in cards],
                "kind": KIND_NAME[kind],
                "rank": st.last_rank,
                "left": left,
            }
        ]
        if not left:
            self._go_out(st, seat, events)
            if len(st.holding()) == 1:  # KQ-12: the hand ends at once, mid-round or not
                self._end_hand(st, events)
                return st, events
        elif promise:  # KQ-29: the value is the cards left after the play
            st.promise = (seat, left)
            events.append({"type": "promise", "seat": seat, "value": left})
        st.turn = _next_holding(st, seat, 1)
        return st, events

    def _go_out(self, st: QuackersState, seat: int, events: list[Event]) -> None:
        st.out = (*st.out, seat)
        events.append({"type": "out", "seat": seat, "place": len(st.out)})
        if len(st.out) == 1 and st.promise is not None:  # KQ-30
            promiser, value = st.promise
            bonus = list(st.bonus)
            if promiser == seat:
                bonus[seat] += value
                gains = {seat: value}
            else:
                share = -(-value // (st.n - 1))
                gains = {}
                for s in range(st.n):
                    if s != promiser:
                        bonus[s] += share
                        gains[s] = share
            st.bonus = tuple(bonus)
            events.append(
                {
                    "type": "promise_resolved",
                    "seat": promiser,
                    "value": value,
                    "kept": promiser == seat,
                    "points": [gains.get(s, 0) for s in range(st.n)],
                }
            )

    def _pass(self, state: QuackersState, seat: int) -> tuple[QuackersState, list[Event]]:
        if seat != state.turn:
            raise IllegalAction(f"it is seat {state.turn}'s turn, not seat {seat}'s", "KQ-7")
        if state.size == 0:
            raise IllegalAction("the leader must play a combination, not pass", "KQ-8")
        st = state.copy()
        st.passed |= 1 << seat
        events: list[Event] = [{"type": "pass", "seat": seat}]
        waiting = [s for s in st.holding() if s != st.last_seat and not st.passed >> s & 1]
        if waiting:
            st.turn = _next_holding(st, seat, 1)
            return st, events
        # KQ-10: everyone else passed; KQ-11: a leader without cards hands the lead on
        leader = st.last_seat
        if not st.hands[leader]:
            leader = _next_holding(st, leader, -1 if st.lead_passes == "right" else 1)
        _reset_round(st, leader)
        events.append({"type": "round_end", "leader": leader})
        return st, events

    def _end_hand(self, st: QuackersState, events: list[Event]) -> None:
        """KQ-12, KQ-25, KQ-26: places, points, the target and the tie rule."""
        n = st.n
        last = st.holding()
        order = (*st.out, *last)
        table = POINTS[(n, st.bidding)]
        points = [0] * n
        places = [0] * n
        for i, s in enumerate(order):
            points[s] = table[i] + st.bonus[s]
            places[s] = i + 1
        st.out = order
        st.history = (*st.history, tuple(points))
        st.totals = tuple(t + p for t, p in zip(st.totals, points, strict=True))
        _reset_round(st, -1)
        events.append(
            {
                "type": "hand_end",
                "hand": st.hand_no,
                "places": places,
                "points": points,
                "totals": list(st.totals),
            }
        )
        best = max(st.totals)
        if best >= st.target and st.totals.count(best) == 1:
            st.over = True
            places_m = places_from_results(st.totals, lower_is_better=False)
            events.append(
                {"type": "match_end", "scores": list(st.totals), "places": list(places_m)}
            )
            return
        st.hand_no += 1
        st.dealer = (st.dealer + 1) % n  # KQ-3: the deal passes to the left
        _deal_from_rng(st)
        events.append({"type": "deal", "hand": st.hand_no, "dealer": st.dealer})

    # --- what a seat sees -------------------------------------------------------------
    def view(self, state: QuackersState, seat: int | None) -> QuackersView:
        st = state
        n = st.n
        playing = st.phase == "play" and not st.over
        rnd: QuackersRound | None = None
        if playing and st.size:
            rnd = {
                "size": st.size,
                "kind": KIND_NAME[st.kind],
                "lead_card": CODE[st.lead] if st.lead >= 0 else None,
                "last_seat": st.last_seat,
                "last_kind": KIND_NAME[st.last_kind],
                "last_rank": st.last_rank,
                "passed": [s for s in range(n) if st.passed >> s & 1],
                "plays": [[s, a] for s, a in st.round_plays],
            }
        v: QuackersView = {
            "game": self.info.slug,
            "players": n,
            "options": st.options(),
            "seat": seat,
            "to_act": list(self.to_act(st)),
            "over": st.over,
            "hand_number": st.hand_no,
            "hand_sizes": [len(h) for h in st.hands],
            "totals": list(st.totals),
            "hand_scores": [list(h) for h in st.history],
            "last_events": list(st.last_events),
            "dealer": st.dealer,
            "phase": st.phase,
            "put_aside": st.aside >= 0,
            "chosen": [g is not None for g in st.gives],
            "round": rnd,
            "played": [CODE[c] for c in st.played],
            "out": list(st.out),
            "promise": self._promise_json(st),
        }
        if seat is not None:
            v["hand"] = [CODE[c] for c in st.hands[seat]]
            g = st.gives[seat]
            v["gave"] = None if g is None else [CODE[g[0]], CODE[g[1]]]
            v["received"] = None
            if st.phase == "play":
                left, right = st.gives[(seat + 1) % n], st.gives[(seat - 1) % n]
                assert left is not None and right is not None
                v["received"] = [CODE[left[1]], CODE[right[0]]]
        return v

    def scores(self, state: QuackersState) -> tuple[float, ...]:
        """Totals so far plus what this hand has already settled: the places of the players
        out (KQ-25) and a resolved promise (KQ-30)."""
        st = state
        if st.over or st.phase == "pass":
            return tuple(float(t) for t in st.totals)
        table = POINTS[(st.n, st.bidding)]
        now = [float(t + b) for t, b in zip(st.totals, st.bonus, strict=True)]
        for place, seat in enumerate(st.out):
            now[seat] += table[place]
        return tuple(now)

    def hands_played(self, state: QuackersState) -> int:
        return len(state.history)

    @staticmethod
    def _promise_json(st: QuackersState) -> QuackersPromise | None:
        return None if st.promise is None else {"seat": st.promise[0], "value": st.promise[1]}

    def outcome(self, state: QuackersState) -> Outcome | None:
        if not state.over:
            return None
        return Outcome(
            tuple(state.totals), places_from_results(state.totals, lower_is_better=False)
        )

    def withdraw_choices(self, state: QuackersState, seats: tuple[int, ...]) -> QuackersState:
        """At the pass (KQ-5), the given seats have not chosen their two cards yet."""
        if state.phase != "pass" or all(state.gives[s] is None for s in seats):
            return state
        st = state.copy()
        st.gives = tuple(None if s in seats else g for s, g in enumerate(st.gives))
        return st

    def determinize(self, view: View, rng: random.Random) -> QuackersState:
        """A state consistent with what ``view``'s seat knows (KQ-27).

        The seat knows its hand, every played card, every hand's size and the two cards it gave:
        each is still in its receiver's hand unless played. The other cards, the put-aside card
        among them, are dealt at random; others' choices at the pass are sampled from their
        sampled hands, and the cards others gave to third seats are sampled from those seats'
        hands.
        """
        seat = view["seat"]
        if seat is None:
            raise BadPosition("determinization is from one seat's view, not a spectator's")
        n = view["players"]
        st = self._blank(n, view["options"], rng.getrandbits(63))
        st.hand_no = view["hand_number"]
        st.dealer = view["dealer"]
        st.history = tuple(tuple(h) for h in view["hand_scores"])
        st.totals = tuple(view["totals"])
        st.last_events = tuple(view["last_events"])
        st.over = view["over"]
        st.phase = view["phase"]
        st.played = tuple(INDEX[c] for c in view["played"])
        st.out = tuple(view["out"])
        pr = view["promise"]
        st.promise = None if pr is None else (pr["seat"], pr["value"])
        st.bonus = self._bonus_from_view(st)
        own = tuple(INDEX[c] for c in view["hand"])
        gave = None if view["gave"] is None else (INDEX[view["gave"][0]], INDEX[view["gave"][1]])
        fixed: list[list[int]] = [[] for _ in range(n)]
        playing = st.phase == "play" and gave is not None
        if playing:
            assert gave is not None
            played = set(st.played)
            for card, to in ((gave[0], (seat + 1) % n), (gave[1], (seat - 1) % n)):
                if card not in played:
                    fixed[to].append(card)
        known = set(own) | set(st.played) | {c for f in fixed for c in f}
        unseen = [c for c in deck_cards(st.deck) if c not in known]
        rng.shuffle(unseen)
        hands: list[tuple[int, ...]] = []
        for s, size in enumerate(view["hand_sizes"]):
            if s == seat:
                hands.append(own)
                continue
            take = size - len(fixed[s])
            hands.append(tuple(sorted(fixed[s] + unseen[:take])))
            del unseen[:take]
        st.hands = tuple(hands)
        st.aside = unseen[0] if view["put_aside"] else -1
        st.gives = self._sample_gives(view, st, gave, rng)
        self._round_from_view(st, view)
        return st

    @staticmethod
    def _bonus_from_view(st: QuackersState) -> tuple[int, ...]:
        """Promise points of this hand, known to all once the first player is out (KQ-30)."""
        bonus = [0] * st.n
        if st.promise is not None and st.out and st.phase == "play":
            promiser, value = st.promise
            if st.out[0] == promiser:
                bonus[promiser] = value
            else:
                share = -(-value // (st.n - 1))
                bonus = [0 if s == promiser else share for s in range(st.n)]
        return tuple(bonus)

    @staticmethod
    def _sample_gives(
        view: View, st: QuackersState, gave: tuple[int, int] | None, rng: random.Random
    ) -> tuple[tuple[int, int] | None, ...]:
        n, seat = st.n, view["seat"]
        if st.phase == "pass":  # others' secret choices: two cards of their sampled hands
            out: list[tuple[int, int] | None] = []
            for s, chose in enumerate(view["chosen"]):
                if s == seat:
                    out.append(gave)
                elif chose:
                    a, b = rng.sample(st.hands[s], 2)
                    out.append((a, b))
                else:
                    out.append(None)
            return tuple(out)
        if gave is None:  # the match ended before any play: nothing to know
            return (None,) * n
        got_left, got_right = (INDEX[c] for c in view["received"])
        # a card given to a third seat is one of its cards (or, if it has none, a played card)
        pools: dict[int, list[int]] = {}

        def somewhere(to: int) -> int:
            pool = pools.get(to)
            if pool is None:  # its own cards are popped first
                held, gone = st.hands[to], st.played
                pool = pools[to] = rng.sample(gone, len(gone)) + rng.sample(held, len(held))
            return pool.pop()

        gives: list[tuple[int, int] | None] = []
        for s in range(n):
            if s == seat:
                gives.append(gave)
                continue
            left = got_right if (s + 1) % n == seat else somewhere((s + 1) % n)
            right = got_left if (s - 1) % n == seat else somewhere((s - 1) % n)
            gives.append((left, right))
        return tuple(gives)

    @staticmethod
    def _round_from_view(st: QuackersState, view: View) -> None:
        if st.phase != "play" or st.over:
            _reset_round(st, -1)
            return
        r = view["round"]
        _reset_round(st, view["to_act"][0])
        if r is None:
            return
        st.size = r["size"]
        st.kind = KIND_VALUE[r["kind"]]
        st.lead = -1 if r["lead_card"] is None else INDEX[r["lead_card"]]
        st.last_seat = r["last_seat"]
        st.last_kind = KIND_VALUE[r["last_kind"]]
        st.last_rank = r["last_rank"]
        st.passed = sum(1 << s for s in r["passed"])
        st.round_plays = tuple((s, a) for s, a in r["plays"])

    def timeout_action(self, state: QuackersState, seat: int) -> str:
        """A seat out of time passes when it may, leads its lowest single when it leads, and at
        the pass gives two random cards (from a fork of the match's generator)."""
        legal = self.legal_actions(state, seat)
        if not legal:
            raise IllegalAction(f"seat {seat} has nothing to decide now")
        if state.phase == "pass":
            rng = Rng(state.rng).fork(state.hand_no, seat)
            return rng.choice(legal)
        if state.size:
            return PASS
        return "play " + CODE[state.hands[seat][0]]


GAME = KingOfTheQuackers()
