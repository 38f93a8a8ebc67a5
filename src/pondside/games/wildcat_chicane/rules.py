"""Wildcat Chicane's rules as functions of the state: the deal, ruling cards or calls, bids,
tricks, scoring and the end of the match (rules/wildcat-chicane.md, WC-1..WC-16). ``game`` binds
them to the engine's ``Game``."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from pondside.engine import (
    BadDeal,
    BadPosition,
    DealLayout,
    IllegalAction,
    Outcome,
    Rng,
    View,
    places_from_results,
    seed_state,
)
from pondside.games.decktet import DealReader, card_name, suit_name
from pondside.i18n import N_, _

from . import seat as seat_knows
from .cards import (
    BID,
    CALLS,
    CODES,
    HAND_LIMIT,
    INDEX,
    IS_RULER,
    NOTATION,
    NUMBER_CARDS,
    PARSE,
    PHASES,
    PLAY,
    READING_NAMES,
    RULE,
    RULER_CARDS,
    SUIT,
    TOP,
    hand_score,
    hand_size,
    playable,
    reading_of_ruler,
    trick_count,
    trick_winner,
)
from .events import ChicaneEvent, Reveal
from .state import (
    ChicaneState,
    deal_from_rng,
    start_hand,
)


# --- setting up -------------------------------------------------------------------
def _blank(players: int, options: dict[str, Any], seed: int) -> ChicaneState:
    st = ChicaneState.blank()
    st.n = players
    st.variant = options["variant"]
    st.target = options["target"]
    st.rng = seed_state(seed)
    st.hand_no = 1
    st.history = ()
    st.totals = (0,) * players
    return st


def _check_progress(st: ChicaneState) -> None:
    """The phase, turn, bids and tricks must be where replaying the hand would put them."""
    n, first = st.n, (st.dealer + 1) % st.n
    st.winners, st.won, st.broken = (), (0,) * n, False
    ready = st.readings[0] >= 0 and st.trumps[0] != ""
    phase = "over" if st.phase == "over" else "rule" if not st.classic else "call"
    bidden = next((k for k, b in enumerate(_bid_order(st)) if b < 0), n)
    if ready:
        phase = "bid" if bidden < n else "play" if phase != "over" else "over"
    if phase != st.phase:
        raise BadPosition(
            _("the phase here is {phase}, not {given}").format(
                phase=repr(phase), given=repr(st.phase)
            )
        )
    most = trick_count(n, st.variant)
    if any(b >= 0 for b in _bid_order(st)[bidden:]) or any(b > most for b in st.bids):
        raise BadPosition(_("bids are 0 to {n} tricks, made in turn (WC-7)").format(n=most))
    if st.classic and any(c >= 0 for c in st.rulers + st.chosen):
        raise BadPosition(_("classic Chicane has no ruling cards (WC-15)"))
    if not st.classic and (st.calls or 0 < sum(c >= 0 for c in st.rulers) < n):
        raise BadPosition(_("wildcat has no calls, and the ruling cards are revealed together"))
    if phase == "rule":
        expected_turn = -1
    elif phase == "call":
        expected_turn = (first + len(st.calls)) % n
    elif phase == "bid":
        expected_turn = (first + bidden) % n
    else:
        expected_turn = st.turn
    if phase in ("rule", "call", "bid") and (st.tricks or st.trick):
        raise BadPosition(_("no card is played before every bid is in (WC-8)"))
    if phase in ("call", "bid", "play", "over") and any(c >= 0 for c in st.chosen):
        raise BadPosition(_("ruling cards are chosen only before the reveal (WC-4)"))
    if st.turn != expected_turn:
        raise BadPosition(
            _("the turn here is seat {seat}, not {given}").format(seat=expected_turn, given=st.turn)
        )
    # Replay the cards played from the hands as dealt: legal plays, in turn, same tricks.
    plays = [p for t in st.tricks for p in t] + list(st.trick)
    r = st.copy()
    held = [list(h) for h in st.hands]
    for s, c in plays:
        held[s].append(c)
    r.hands = tuple(tuple(sorted(h)) for h in held)
    r.trick, r.tricks, r.winners, r.won = (), (), (), (0,) * n
    r.broken, r.turn = False, first
    if phase in ("play", "over"):
        r.phase = "play"
        for s, c in plays:
            if s != r.turn or c not in _playable(r, s):
                raise BadPosition(
                    _("seat {seat} could not play {code} there").format(seat=s, code=CODES[c])
                )
            r = _play(r, s, c, finish=False)[0]
    if r.tricks != st.tricks or r.trick != st.trick or (phase == "play" and r.turn != st.turn):
        raise BadPosition(_("the tricks are not a legal sequence of plays from this hand"))
    if phase == "over" and any(st.hands):
        raise BadPosition(_("a finished match has played every card"))
    if phase == "over" and st.hand_no < HAND_LIMIT:
        best = max(st.totals)
        if best < st.target or st.totals.count(best) != 1:
            raise BadPosition(
                _(
                    "before its 100th hand a match ends only with one player alone on top "
                    "(WC-13, WC-16)"
                )
            )
    st.winners, st.won, st.broken = r.winners, r.won, r.broken


def _bid_order(st: ChicaneState) -> tuple[int, ...]:
    """The bids in bidding order, from the dealer's left (WC-7)."""
    first = (st.dealer + 1) % st.n
    return tuple(st.bids[(first + k) % st.n] for k in range(st.n))


def _calls(st: ChicaneState) -> list[str]:
    """WC-15: any call first; then the complementary kind of call."""
    if not st.calls:
        return list(CALLS)
    if st.calls[0].startswith("call trump"):
        return list(CALLS[:2])
    return list(CALLS[2:])


def _playable(st: ChicaneState, seat: int) -> list[int]:
    """WC-9, WC-10, WC-15: ``playable`` with this seat's reading and trump."""
    free = st.classic and st.broken
    return playable(st.hands[seat], st.readings[seat], st.trumps[seat], st.led_suit(), free)


def _phase_rule(st: ChicaneState) -> str:
    return {"rule": "WC-4", "call": "WC-15", "bid": "WC-7", "play": "WC-8"}[st.phase]


def _wrong_phase(st: ChicaneState, kind: str) -> str:
    now = {
        "rule": _("every player is choosing a ruling card ('rule NY')"),
        "call": _("the table is making its calls ('call top', 'call trump Y')"),
        "bid": _("the players are bidding ('bid 3')"),
        "play": _("the cards are being played ('play 8YK')"),
    }[st.phase]
    if kind == "call" and not st.classic:
        return _("'call' belongs to the classic variant; now {now}").format(now=now)
    if kind == "rule" and st.classic:
        return _("'rule' belongs to the wildcat variant; now {now}").format(now=now)
    return _("not now: {now}").format(now=now)


def _record_call(st: ChicaneState, value: Any) -> None:
    if isinstance(value, int):
        call = "call top" if value == TOP else "call bottom"
    else:
        call = f"call trump {value}"
    st.calls = (*st.calls, call)
    if isinstance(value, int):
        st.readings = (value,) * st.n
    else:
        st.trumps = (value,) * st.n


def _not_held(card: int, seat: int) -> str:
    return _("{code} is not in seat {seat}'s hand").format(code=CODES[card], seat=seat)


def _rule(st: ChicaneState, seat: int, card: int) -> tuple[ChicaneState, list[ChicaneEvent]]:
    if st.chosen[seat] >= 0:
        raise IllegalAction(
            _("seat {seat} has already chosen its ruling card; it is final").format(seat=seat),
            "WC-4",
        )
    if card not in st.hands[seat]:
        raise IllegalAction(_not_held(card, seat), "WC-4")
    new = st.copy()
    chosen = list(st.chosen)
    chosen[seat] = card
    if -1 in chosen:
        new.chosen = tuple(chosen)
        return new, [{"type": "chose", "seat": seat}]
    # WC-4: revealed together; each ruling card leaves the hand and stays face up.
    new.rulers = tuple(chosen)
    new.chosen = (-1,) * st.n
    new.hands = tuple(tuple(c for c in h if c != chosen[s]) for s, h in enumerate(st.hands))
    new.readings = tuple(reading_of_ruler(c) for c in chosen)
    new.trumps = tuple(SUIT[c][TOP] for c in chosen)
    new.phase, new.turn = "bid", (st.dealer + 1) % st.n
    event: Reveal = {
        "type": "reveal",
        "rulers": [CODES[c] for c in chosen],
        "readings": [READING_NAMES[r] for r in new.readings],
        "trumps": list(new.trumps),
    }
    return new, [{"type": "chose", "seat": seat}, event]


def _play(
    st: ChicaneState, seat: int, card: int, finish: bool = True
) -> tuple[ChicaneState, list[ChicaneEvent]]:
    if card not in st.hands[seat]:
        raise IllegalAction(_not_held(card, seat), "WC-8")
    if card not in _playable(st, seat):
        if st.trick:
            raise IllegalAction(
                _("you must follow the led suit, {suit}, as you read your cards").format(
                    suit=suit_name(st.led_suit())
                ),
                "WC-10",
            )
        if st.classic:
            raise IllegalAction(_("trumps may not be led until a trump has been played"), "WC-15")
        raise IllegalAction(_("you may not lead your trump while you hold another suit"), "WC-9")
    new = st.copy()
    trump = st.is_trump(seat, card)
    hands = list(st.hands)
    hand = hands[seat]
    i = hand.index(card)  # in the hand once: checked above
    hands[seat] = hand[:i] + hand[i + 1 :]
    new.hands = tuple(hands)
    new.trick = (*st.trick, (seat, card))
    new.broken = st.broken or trump
    events: list[ChicaneEvent] = [
        {
            "type": "play",
            "seat": seat,
            "card": CODES[card],
            "suit": SUIT[card][st.readings[seat]],
            "trump": trump,
        }
    ]
    if len(new.trick) < st.n:
        new.turn = (seat + 1) % st.n
        return new, events
    winner = trick_winner(new.trick, st.readings, st.trumps)
    won = list(st.won)
    won[winner] += 1
    new.won = tuple(won)
    new.tricks = (*st.tricks, new.trick)
    new.winners = (*st.winners, winner)
    new.trick = ()
    new.turn = winner  # WC-8: the winner leads next
    events.append(
        {
            "type": "trick",
            "number": len(new.tricks),
            "winner": winner,
            "cards": [[s, CODES[c]] for s, c in new.tricks[-1]],
        }
    )
    if finish and not new.hands[winner]:
        _end_hand(new, events)
    return new, events


def close_hand(st: ChicaneState) -> tuple[int, ...]:
    """WC-12 scores the hand into the history and the totals; WC-13 (the target, the tie rule)
    and WC-16 (the hand limit) may end the match. The next hand is not dealt (``_end_hand``
    deals it; a search's playout, judged by the scores, stops here). The hand's scores."""
    scores = tuple(hand_score(b, w) for b, w in zip(st.bids, st.won, strict=True))
    st.history = (*st.history, scores)
    st.totals = tuple(t + s for t, s in zip(st.totals, scores, strict=True))
    best = max(st.totals)
    reached = best >= st.target and st.totals.count(best) == 1
    if reached or st.hand_no >= HAND_LIMIT:  # WC-16: tied seats then share their place
        st.phase, st.turn = "over", -1
    return scores


def _end_hand(st: ChicaneState, events: list[ChicaneEvent]) -> None:
    """WC-12 scores; WC-13 the target and the tie rule; WC-16 the hand limit; WC-2 the next
    dealer."""
    scores = close_hand(st)
    events.append(
        {
            "type": "hand_end",
            "hand": st.hand_no,
            "bids": list(st.bids),
            "won": list(st.won),
            "scores": list(scores),
            "totals": list(st.totals),
        }
    )
    if st.phase == "over":
        places = places_from_results(st.totals, lower_is_better=False)
        events.append({"type": "match_end", "scores": list(st.totals), "places": list(places)})
        return
    st.hand_no += 1
    st.dealer = (st.dealer + 1) % st.n
    deal_from_rng(st)
    events.append({"type": "deal", "hand": st.hand_no, "dealer": st.dealer})


# --- the deal -----------------------------------------------------------
def all_actions(players: int, options: Mapping[str, Any]) -> list[str]:
    """Ruling cards (WC-4) or the classic calls (WC-15), every bid (WC-7), every card."""
    classic = options["variant"] == "classic"
    choices = list(CALLS) if classic else [RULE[i] for i in RULER_CARDS]
    bids = [BID[b] for b in range(trick_count(players, options["variant"]) + 1)]
    return choices + bids + [PLAY[i] for i in range(36)]


def deal_layout(players: int, options: Mapping[str, Any]) -> DealLayout:
    """WC-3: the 12 Aces and Crowns evenly, then the 24 number cards; classic deals all
    36 evenly (WC-15). The dealer is drawn last."""
    n = players
    if options["variant"] == "classic":
        per = hand_size(n)

        def build_classic(cards: list[Any], seat: int | None) -> dict[str, Any]:
            return {"hands": [cards[per * s : per * s + per] for s in range(n)], "dealer": seat}

        return DealLayout.one_deck(CODES, (1,) * 36, 36, n, build_classic)
    r, m = len(RULER_CARDS) // n, len(NUMBER_CARDS) // n

    def build(cards: list[Any], seat: int | None) -> dict[str, Any]:
        rulers, numbers = cards[:12], cards[12:]
        return {
            "hands": [rulers[r * s : r * s + r] + numbers[m * s : m * s + m] for s in range(n)],
            "dealer": seat,
        }

    pool_of = tuple(0 if ruler else 1 for ruler in IS_RULER)
    slots = (0,) * len(RULER_CARDS) + (1,) * len(NUMBER_CARDS)
    return DealLayout(CODES, (1,) * 36, pool_of, slots, n, build)


def new(players: int, options: dict[str, Any], seed: int) -> ChicaneState:
    """A match dealt from ``seed``, with a random first dealer (WC-2, WC-3)."""
    st = _blank(players, options, seed)
    st.dealer, st.rng = Rng.draw_below(st.rng, players)  # WC-2: a random first dealer
    deal_from_rng(st)
    return st


def from_deal(players: int, options: dict[str, Any], deal: Any, seed: int) -> ChicaneState:
    """A match whose first hand is ``deal`` (checked: WC-1, WC-3); later ones from ``seed``."""
    reader = DealReader("Wildcat Chicane", range(len(CODES)), N_("basic Decktet"), "WC-1")
    hands, dealer = reader.table(deal, players, ("hands", "dealer"))
    size = hand_size(players)
    parsed: list[list[int]] = []
    for s, hand in enumerate(hands):
        cards = reader.hand(hand, s, size, "WC-3")
        rulers = sum(IS_RULER[i] for i in cards)
        if options["variant"] == "wildcat" and rulers != 12 // players:
            raise BadDeal(
                _(
                    "hand {seat} holds {n} Aces and Crowns; each hand gets {rulers} of them "
                    "and {numbers} number cards (WC-3)"
                ).format(seat=s, n=rulers, rulers=12 // players, numbers=24 // players)
            )
        parsed.append(cards)
    st = _blank(players, options, seed)
    st.dealer = dealer
    start_hand(st, parsed)
    return st


def check_position(state: ChicaneState) -> ChicaneState:
    """Besides the cards and counts (seat): readings, trumps, totals and the tricks won
    follow from the rest (the ruling cards or calls, the hands' scores, the tricks); a
    snapshot whose values for them disagree is refused."""
    was = state
    stored = (was.readings, was.trumps, was.totals, was.winners, was.won, was.broken)
    st = seat_knows.check_position(state)
    n = st.n
    st.totals = tuple(sum(h[s] for h in st.history) for s in range(n))
    # Readings and trumps follow from the rulers or the calls; replaying the calls checks them.
    st.readings, st.trumps = (-1,) * n, ("",) * n
    if st.classic:
        calls = st.calls
        st.calls = ()
        for call in calls:
            if call not in PARSE or PARSE[call][0] != "call" or call not in _calls(st):
                raise BadPosition(
                    _("{call} is not a legal call here (WC-15)").format(call=repr(call))
                )
            _record_call(st, PARSE[call][1])
    elif all(c >= 0 for c in st.rulers):
        st.readings = tuple(reading_of_ruler(c) for c in st.rulers)
        st.trumps = tuple(SUIT[c][TOP] for c in st.rulers)
    _check_progress(st)
    if (st.readings, st.trumps, st.totals, st.winners, st.won, st.broken) != stored:
        raise BadPosition(
            _(
                "readings, trumps, totals, winners, won and broken must be what the ruling "
                "cards or calls, the history and the tricks make them"
            )
        )
    return st


def determinizer(view: View) -> Callable[[random.Random], ChicaneState]:
    """Deals of the cards this seat cannot see so that everything it knows still holds
    (seat), the view read once."""
    if view["seat"] is None:
        raise BadPosition(_("determinization is from one seat's view, not a spectator's"))
    return seat_knows.determinizer(view, _blank(view["players"], view["options"], 0))


def determinize(view: View, rng: random.Random) -> ChicaneState:
    """Deal the cards this seat cannot see so that everything it knows still holds
    (seat)."""
    return determinizer(view)(rng)


# --- playing ------------------------------------------------------------------------
def to_act(state: ChicaneState) -> tuple[int, ...]:
    """WC-4: everyone who has not chosen a ruling card; else the seat whose turn it is."""
    if state.phase == "over":
        return ()
    if state.phase == "rule":
        return tuple(s for s, c in enumerate(state.chosen) if c < 0)
    return (state.turn,)


def legal_actions(state: ChicaneState, seat: int) -> list[str]:
    """WC-4: the Aces and Crowns of the hand; WC-15: the calls; WC-7: every bid; WC-10:
    the cards that follow suit as this seat reads it."""
    st = state
    phase = st.phase
    if phase == "play":
        return [PLAY[c] for c in _playable(st, seat)] if seat == st.turn else []
    if phase == "rule":
        if st.chosen[seat] >= 0:
            return []
        return [RULE[c] for c in st.hands[seat] if IS_RULER[c]]
    if seat != st.turn:
        return []
    if phase == "bid":
        return [BID[k] for k in range(trick_count(st.n, st.variant) + 1)]
    if phase == "call":
        return _calls(st)
    return []


def apply(state: ChicaneState, seat: int, action: str) -> tuple[ChicaneState, list[ChicaneEvent]]:
    """``seat`` chooses its ruling card (WC-4), calls (WC-15), bids (WC-7) or plays (WC-10);
    the given state is left as it was."""
    parsed = PARSE.get(action)
    verb, _space, code = action.partition(" ")
    if parsed is None and verb == "rule" and code in INDEX:
        # A number card named as a ruling card: a page asks why it cannot be (hand_action).
        raise IllegalAction(
            _("only an Ace or a Crown can be a ruling card, and {card} is a number card").format(
                card=card_name(code)
            ),
            "WC-4",
        )
    if parsed is None:
        raise IllegalAction(
            _("{action} is not a Wildcat Chicane action: write {notation}").format(
                action=repr(action), notation=_(NOTATION)
            )
        )
    kind, value = parsed
    st = state
    if st.phase == "over":
        raise IllegalAction(_("the match is over"), "WC-13")
    if kind != st.phase:
        raise IllegalAction(_wrong_phase(st, kind), _phase_rule(st))
    if kind == "rule":
        new, events = _rule(st, seat, value)
        new.last_events = events
        return new, events
    if seat != st.turn:
        raise IllegalAction(
            _("it is seat {turn}'s turn, not seat {seat}'s").format(turn=st.turn, seat=seat),
            _phase_rule(st),
        )
    if kind == "call":
        if action not in _calls(st):
            raise IllegalAction(
                _(
                    "the second call is the other kind: a trump suit after TOP or BOTTOM, "
                    "TOP or BOTTOM after a trump suit"
                ),
                "WC-15",
            )
        new = st.copy()
        _record_call(new, value)
        events = [{"type": "call", "seat": seat, "call": action[5:]}]
        if len(new.calls) == 2:
            new.phase, new.turn = "bid", (new.dealer + 1) % new.n
        else:
            new.turn = (seat + 1) % new.n
    elif kind == "bid":
        tricks = trick_count(st.n, st.variant)
        if value > tricks:
            raise IllegalAction(_("a bid is 0 to {n} tricks").format(n=tricks), "WC-7")
        new = st.copy()
        bids = list(st.bids)
        bids[seat] = value
        new.bids = tuple(bids)
        new.turn = (seat + 1) % st.n
        if new.turn == (st.dealer + 1) % st.n:  # everyone has bid: the first bidder leads
            new.phase = "play"
        events = [{"type": "bid", "seat": seat, "bid": value}]
    else:
        new, events = _play(st, seat, value)
    new.last_events = events
    return new, events


def withdraw_choices(state: ChicaneState, seats: tuple[int, ...]) -> ChicaneState:
    """The hidden ruling cards of ``seats`` taken back (WC-4)."""
    if not any(state.chosen[s] >= 0 for s in seats):
        return state
    st = state.copy()
    st.chosen = tuple(-1 if s in seats else c for s, c in enumerate(st.chosen))
    return st


def timeout_action(state: ChicaneState, seat: int) -> str:
    """A uniformly random legal action (the rulebook names no default; see the docs).

    Drawn from a fork of the match's generator so later deals do not shift.
    """
    legal = sorted(legal_actions(state, seat))
    if not legal:
        raise IllegalAction(_("seat {seat} has nothing to decide now").format(seat=seat))
    step = len(state.tricks) * state.n + len(state.trick)
    rng = Rng(state.rng).fork(state.hand_no, PHASES.index(state.phase), step, seat)
    return rng.choice(legal)


# --- scoring --------------------------------------------------------------------------
def scores(state: ChicaneState) -> tuple[float, ...]:
    """The running totals (WC-12)."""
    return tuple(map(float, state.totals))


def hands_played(state: ChicaneState) -> int:
    """Hands finished so far."""
    return len(state.history)


def outcome(state: ChicaneState) -> Outcome | None:
    """WC-13: the highest total wins; None while the match goes on."""
    if state.phase != "over":
        return None
    totals = state.totals
    return Outcome(tuple(totals), places_from_results(totals, lower_is_better=False))


WORKED_DEAL = {
    "hands": [
        ["NY", "1K", "1M", "NS", "8YK", "7VY", "2MK", "3SK", "4MS", "5ML", "6MV", "7ML"],
        ["1S", "1V", "NM", "NV", "2SY", "3MV", "4VL", "5SV", "6SY", "7SK", "8MS", "9MS"],
        ["1L", "1Y", "NL", "NK", "2VL", "3LY", "4YK", "5YK", "6LK", "8VL", "9VY", "9LK"],
    ],
    "dealer": 2,
}
"""A 3-player deal where seat 0 holds the worked example's cards (Calamity, Ace of Knots,
Betrayal, Cave)."""
