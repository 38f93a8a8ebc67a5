"""Lame Duck's rules as functions of the state: the options and the deal (LD-1, LD-4), the turn's
reveal and placing (LD-4..LD-8), the end of a round and of the match (LD-9, LD-10) and a timed-out
seat's default (LD-11). ``game`` binds them to the engine's ``Game``."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pondside.engine import (
    BadDeal,
    BadOption,
    BadPosition,
    DealLayout,
    IllegalAction,
    Option,
    Outcome,
    Rng,
    View,
    places_from_results,
    seed_state,
)
from pondside.i18n import _

from . import seat as seat_knows
from .events import LameDuckEvent
from .state import (
    COLUMNS,
    HAND_SIZE,
    TURNS,
    LameDuckState,
    column_ducks,
    deck_size,
)

COLUMN_LIMIT = 5  # LD-7: the sixth card takes the five
TUNABLES = (
    Option(
        "column_limit",
        int,
        COLUMN_LIMIT,
        "cards a column holds before the next card takes them (LD-7: 5, the sixth takes five)",
        minimum=2,
        maximum=10,
    ),
)
"""Rule constants the designer's lab may change (``pondside lab --sweep column_limit=4,5,6``):
each names the module constant it sets (upper case) and the ruling it changes; the rules read
the constant where they use it, and the lab restores it (``pondside.lab.tunables``)."""
PLAY = {c: f"play {c}" for c in range(1, 105)}
_PLAY_OF = PLAY.__getitem__
SEATS = tuple(tuple(range(n)) for n in range(11))
TAKE = {i: f"take {i}" for i in range(COLUMNS)}
PARSE: dict[str, tuple[str, int]] = {
    **{a: ("play", c) for c, a in PLAY.items()},
    **{a: ("take", i) for i, a in TAKE.items()},
}
"""Each action's kind and number: ``PARSE["take 2"] == ("take", 2)``."""


def target_column(columns: Sequence[Sequence[int]], card: int) -> int:
    """LD-6: the column whose last card is lower than ``card`` and closest to it; -1 if too low."""
    best, best_end = -1, 0
    for i, col in enumerate(columns):
        end = col[-1]
        if best_end < end < card:
            best, best_end = i, end
    return best


def fewest_ducks_column(columns: tuple[tuple[int, ...], ...]) -> int:
    """LD-11: the column with the fewest ducks, then the fewest cards, then the lowest index."""
    return min(range(len(columns)), key=lambda i: (column_ducks(columns[i]), len(columns[i]), i))


def _start_round(
    st: LameDuckState, hands: list[list[int]], columns: list[int], unused: list[int]
) -> None:
    st.hands = tuple(tuple(sorted(h)) for h in hands)
    st.columns = tuple((c,) for c in columns)
    st.unused = tuple(sorted(unused))
    st.chosen = (0,) * st.n
    st.revealed = ()
    st.awaiting = -1
    st.taken = ((),) * st.n
    st.ducks = (0,) * st.n
    st.turn = 0


def _deal_from_rng(st: LameDuckState) -> None:
    """LD-4: shuffle the whole deck, 10 cards each, 4 face up to start the columns."""
    rng = Rng(st.rng)
    cards = rng.shuffled(range(1, deck_size(st.n, st.expert) + 1))
    st.rng = rng.state
    n = st.n
    hands = [cards[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(n)]
    start = n * HAND_SIZE
    _start_round(st, hands, cards[start : start + COLUMNS], cards[start + COLUMNS :])


# The turn's work is done by functions, not methods: no method lookup on the hot path (and,
# were this module compiled, direct C calls; engine/native.py says why it is not yet).
def _reveal(st: LameDuckState, chosen: list[int]) -> tuple[LameDuckState, list[LameDuckEvent]]:
    """LD-5: all have chosen; the cards are revealed together and placed lowest first."""
    st.revealed = tuple(sorted(zip(chosen, SEATS[st.n], strict=True)))
    # Each chosen card is in its hand once (apply checked it).
    st.hands = tuple(
        [h[:i] + h[i + 1 :] for h, c in zip(st.hands, chosen, strict=True) for i in (h.index(c),)]
    )
    st.chosen = (0,) * st.n
    return _place(st, None, [{"type": "reveal", "cards": [[s, c] for c, s in st.revealed]}])


def _place(
    st: LameDuckState, take: int | None, events: list[LameDuckEvent] | None = None
) -> tuple[LameDuckState, list[LameDuckEvent]]:
    """Place the revealed cards in order; ``take`` answers a too-low card (LD-8)."""
    events = [] if events is None else events
    columns = list(st.columns)
    taken = list(st.taken)
    ducks = list(st.ducks)
    # target_column inline (the hot path of every turn): each column's last card, which
    # becomes the card placed there whatever happens (placed, sixth card or too low).
    ends = [c[-1] for c in columns]
    reason: Literal["too low", "sixth card"]
    for card, seat in st.revealed:
        col, best_end = -1, 0
        for i, end in enumerate(ends):
            if best_end < end < card:
                col, best_end = i, end
        if col < 0:  # LD-8: too low; only the turn's lowest card can be
            if take is None:
                st.awaiting = seat
                events.append({"type": "too_low", "seat": seat, "card": card})
                st.last_events = events
                return st, events
            col, gone, reason = take, columns[take], "too low"
            take = None
        elif len(columns[col]) == COLUMN_LIMIT:  # LD-7: the sixth card
            gone, reason = columns[col], "sixth card"
        else:
            columns[col] = (*columns[col], card)
            ends[col] = card
            events.append({"type": "place", "seat": seat, "card": card, "column": col})
            continue
        got = column_ducks(gone)
        taken[seat] = taken[seat] + gone
        ducks[seat] += got
        columns[col] = (card,)
        ends[col] = card
        events.append(
            {
                "type": "take",
                "seat": seat,
                "card": card,
                "column": col,
                "cards": list(gone),
                "ducks": got,
                "reason": reason,
            }
        )
    st.awaiting = -1
    st.columns, st.taken, st.ducks = tuple(columns), tuple(taken), tuple(ducks)
    st.turn += 1
    if st.turn == TURNS:
        _end_round(st, events)
    st.last_events = events
    return st, events


def close_round(st: LameDuckState) -> list[int]:
    """LD-9, LD-10: the round's ducks go into the history and the match may be over; each
    seat's ducks over the match. The next round is not dealt (``_end_round`` deals it; a
    search's playout, judged by the scores, stops here)."""
    st.history = (*st.history, st.ducks)
    totals = [sum(r[s] for r in st.history) for s in range(st.n)]
    if st.target is not None:
        st.over = max(totals) >= st.target
    else:
        st.over = st.round_no >= (st.rounds or 1)
    return totals


def _end_round(st: LameDuckState, events: list[LameDuckEvent]) -> None:
    totals = close_round(st)
    events.append(
        {"type": "round_end", "round": st.round_no, "ducks": list(st.ducks), "totals": totals}
    )
    if st.over:
        places = places_from_results(totals, lower_is_better=True)
        events.append({"type": "match_end", "scores": totals, "places": list(places)})
        return
    st.round_no += 1
    _deal_from_rng(st)
    events.append({"type": "deal", "round": st.round_no, "columns": [list(c) for c in st.columns]})


# --- setting up -------------------------------------------------------------------
def _blank(players: int, options: dict[str, Any], seed: int) -> LameDuckState:
    st = LameDuckState.blank()
    st.n = players
    st.expert = options["expert"]
    st.rounds = options["rounds"]
    st.target = options["target"]
    st.rng = seed_state(seed)
    st.round_no = 1
    st.history = ()
    st.over = False
    return st


def _check_deal(
    players: int, options: dict[str, Any], deal: Any
) -> tuple[list[list[int]], list[int]]:
    expect = '{"hands": [[10 cards] per seat], "columns": [4 cards]}'
    if not isinstance(deal, dict) or set(deal) != {"hands", "columns"}:
        raise BadDeal(f"a Lame Duck deal is {expect}")
    hands, columns = deal["hands"], deal["columns"]
    if not isinstance(hands, list) or len(hands) != players:
        raise BadDeal(f"the deal needs {players} hands, one per seat")
    size = deck_size(players, options["expert"])
    seen: set[int] = set()
    for where, cards, count in [
        *((f"hand {i}", h, HAND_SIZE) for i, h in enumerate(hands)),
        ("columns", columns, COLUMNS),
    ]:
        if not isinstance(cards, list) or len(cards) != count:
            raise BadDeal(f"{where} must be a list of {count} cards (LD-4)")
        for c in cards:
            if isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= size:
                raise BadDeal(f"{where} holds {c!r}; the cards of this deck are 1..{size} (LD-1)")
            if c in seen:
                raise BadDeal(f"card {c} is dealt twice (there is one of each card, LD-1)")
            seen.add(c)
    return [list(h) for h in hands], list(columns)


# --- the options and the deal ---------------------------------------------------------
def check_options(players: int, options: dict[str, Any], given: dict[str, Any]) -> dict[str, Any]:
    """LD-10: a match ends after its rounds or at its target, never both."""
    if given.get("target") is not None and given.get("rounds") is not None:
        raise BadOption(_("give either rounds or target, not both (LD-10)"))
    if options["target"] is not None:
        return {**options, "rounds": None}
    if options["rounds"] is None:
        raise BadOption(_("the match needs an end: give rounds (e.g. 1) or target (e.g. 66)"))
    return options


def all_actions(players: int, options: Mapping[str, Any]) -> list[str]:
    """Every card of the deck (LD-1), then every column to take (LD-8)."""
    size = deck_size(players, options["expert"])
    return [PLAY[c] for c in range(1, size + 1)] + list(TAKE.values())


def deal_layout(players: int, options: Mapping[str, Any]) -> DealLayout:
    """LD-4: 10 cards to each hand, then the 4 that start the columns."""
    size = deck_size(players, options["expert"])
    dealt = players * HAND_SIZE

    def build(cards: list[Any], seat: int | None) -> dict[str, Any]:
        hands = [cards[i : i + HAND_SIZE] for i in range(0, dealt, HAND_SIZE)]
        return {"hands": hands, "columns": cards[dealt:]}

    return DealLayout.one_deck(range(1, size + 1), (1,) * size, dealt + COLUMNS, 0, build)


def new(players: int, options: dict[str, Any], seed: int) -> LameDuckState:
    """A match dealt from ``seed`` (LD-4)."""
    st = _blank(players, options, seed)
    _deal_from_rng(st)
    return st


def from_deal(players: int, options: dict[str, Any], deal: Any, seed: int) -> LameDuckState:
    """A match whose first round is ``deal`` (checked: LD-1, LD-4); the rest come from ``seed``."""
    hands, columns = _check_deal(players, options, deal)
    size = deck_size(players, options["expert"])
    used = {c for h in hands for c in h} | set(columns)
    st = _blank(players, options, seed)
    _start_round(st, hands, columns, [c for c in range(1, size + 1) if c not in used])
    return st


def check_position(state: LameDuckState) -> LameDuckState:
    """A given position checked against the rules, with the column limit now in force."""
    return seat_knows.check_position(state, COLUMN_LIMIT)


def determinize(view: View, rng: random.Random) -> LameDuckState:
    """Deal the cards this seat cannot see to the other hands (seat)."""
    if view["seat"] is None:
        raise BadPosition("determinization is from one seat's view, not a spectator's")
    blank = _blank(view["players"], view["options"], rng.getrandbits(63))
    return seat_knows.determinize(view, blank, rng)


# --- playing ------------------------------------------------------------------------
def to_act(state: LameDuckState) -> tuple[int, ...]:
    """LD-5: everyone who has not chosen yet; LD-8: only the seat whose card was too low."""
    if state.over:
        return ()
    if state.awaiting >= 0:
        return (state.awaiting,)
    chosen = state.chosen
    return tuple([s for s in SEATS[state.n] if not chosen[s]])


def legal_actions(state: LameDuckState, seat: int) -> list[str]:
    """LD-5: any card of the hand; LD-8: any column, for the seat whose card was too low."""
    if state.over:
        return []
    if state.awaiting >= 0:
        return list(TAKE.values()) if seat == state.awaiting else []
    if state.chosen[seat]:
        return []
    return [*map(_PLAY_OF, state.hands[seat])]


def apply(
    state: LameDuckState, seat: int, action: str
) -> tuple[LameDuckState, list[LameDuckEvent]]:
    """``seat`` chooses a card (LD-5; the last choice reveals the turn) or takes a column
    (LD-8); the state is copied once, the given one is left as it was."""
    parsed = PARSE.get(action)
    if parsed is None:
        raise IllegalAction(
            _(
                "{action} is not a Lame Duck action: write 'play CARD' or 'take COLUMN' (0-3)"
            ).format(action=repr(action))
        )
    if state.over:
        raise IllegalAction(_("the match is over"), "LD-10")
    kind, value = parsed
    if kind == "take":
        if state.awaiting != seat:
            raise IllegalAction(
                _(
                    "a column is taken only by the player whose card is lower than every "
                    "column's last card, when that card comes up"
                ),
                "LD-8",
            )
        return _place(state.copy(), value)
    if state.awaiting >= 0:
        raise IllegalAction(
            _(
                "the turn's cards are being placed: seat {seat} must first choose a column to take"
            ).format(seat=state.awaiting),
            "LD-8",
        )
    if state.chosen[seat]:
        raise IllegalAction(
            _("seat {seat} has already chosen a card this turn; it is final").format(seat=seat),
            "LD-5",
        )
    if value not in state.hands[seat]:
        raise IllegalAction(
            _("card {card} is not in seat {seat}'s hand").format(card=value, seat=seat),
            "LD-5",
        )
    st = state.copy()
    chosen = list(st.chosen)
    chosen[seat] = value
    if 0 in chosen:
        st.chosen = tuple(chosen)
        chose: list[LameDuckEvent] = [{"type": "chose", "seat": seat}]
        st.last_events = chose
        return st, chose
    return _reveal(st, chosen)  # placing the cards records the events (_place)


def withdraw_choices(state: LameDuckState, seats: tuple[int, ...]) -> LameDuckState:
    """The hidden choices of ``seats`` taken back (a seat that left before the reveal)."""
    if not any(state.chosen[s] for s in seats):
        return state
    st = state.copy()
    st.chosen = tuple(0 if s in seats else c for s, c in enumerate(st.chosen))
    return st


def timeout_action(state: LameDuckState, seat: int) -> str:
    """LD-11: a uniformly random card from the hand, or the fewest-ducks column.

    The card is drawn from a fork of the match's generator, so the deals that follow are
    the same whether a player timed out or chose that card (records stay replayable).
    """
    if state.awaiting == seat:
        return TAKE[fewest_ducks_column(state.columns)]
    legal = legal_actions(state, seat)
    if not legal:
        raise IllegalAction(_("seat {seat} has nothing to decide now").format(seat=seat))
    rng = Rng(state.rng).fork(state.round_no, state.turn, seat)
    return rng.choice(legal)


# --- scoring --------------------------------------------------------------------------
def scores(state: LameDuckState) -> tuple[float, ...]:
    """Each seat's ducks over the rounds played (LD-9)."""
    return tuple(state.totals())


def hands_played(state: LameDuckState) -> int:
    """Rounds finished so far."""
    return len(state.history)


def outcome(state: LameDuckState) -> Outcome | None:
    """LD-10: the fewest ducks wins; None while the match goes on."""
    if not state.over:
        return None
    totals = state.totals()
    return Outcome(tuple(totals), places_from_results(totals, lower_is_better=True))
