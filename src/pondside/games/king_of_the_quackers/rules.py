"""King of the Quackers' rules as functions of the state: the deal, the pass, the climb and the
scoring (rules/king-of-the-quackers.md, KQ-1..KQ-30). ``game`` binds them to the engine's
``Game``."""

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
from pondside.games.decktet import INDEX, DealReader
from pondside.i18n import _, ngettext

from . import seat as seat_knows
from .combinations import (
    BOMB,
    CODE,
    EXCUSE,
    FLUSH,
    KIND_NAME,
    KNOWN_PLAYS,
    MOUNTAIN,
    NOTATION,
    OPEN,
    PASS,
    POINTS,
    SET,
    SINGLE,
    Play,
    all_plays,
    classify,
    parse_play,
    plays_of,
    remember_play,
    shares_a_suit,
    singles,
    texts_of,
)
from .events import QuackersEvent
from .state import (
    DECK_WORDS,
    QuackersState,
    deal_from_rng,
    deck_cards,
    hand_size,
    left_of,
    next_holding,
    reset_round,
    right_of,
    start_hand,
)


# --- setting up -------------------------------------------------------------------
def _blank(players: int, options: dict[str, Any], seed: int) -> QuackersState:
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


GIVE: tuple[tuple[str, ...], ...] = tuple(tuple(f"give {a} {b}" for b in CODE) for a in CODE)
"""``GIVE[left][right]``: the action that gives card ``left`` to the left and ``right`` to the
right (KQ-5), written once: a search lists every pair of a hand at each pass."""


def _with_promises(
    st: QuackersState, hand: tuple[int, ...], size: int, kind: int, last_rank: int
) -> list[str]:
    """The combinations of ``plays_of`` as actions, each again with a promise where allowed."""
    texts = texts_of(hand, size, kind, last_rank)
    if not (st.bidding and st.may_promise()):
        return list(texts)
    plays = plays_of(hand, size, kind, last_rank)
    left = len(hand)
    return [
        *texts,
        *[
            t + " promise"
            for t, p in zip(texts, plays, strict=True)
            if len(p.cards) < left and MOUNTAIN not in p.cards
        ],
    ]


# --- the pass ----------------------------------------------------------------------
def _give(
    state: QuackersState, seat: int, action: str
) -> tuple[QuackersState, list[QuackersEvent]]:
    if state.phase != "pass":
        raise IllegalAction(_("cards are given only before the first lead of a hand"), "KQ-5")
    if state.gives[seat] is not None:
        raise IllegalAction(
            _("seat {seat} has already chosen its two cards").format(seat=seat), "KQ-5"
        )
    words = action.split(" ")
    if len(words) != 3 or words[1] not in INDEX or words[2] not in INDEX:
        raise IllegalAction(
            _("write 'give LEFT RIGHT' with two card codes, not {action}").format(
                action=repr(action)
            )
        )
    left, right = INDEX[words[1]], INDEX[words[2]]
    hand = state.hands[seat]
    if left == right or left not in hand or right not in hand:
        raise IllegalAction(
            _("give two different cards from your hand, one to each neighbour"), "KQ-5"
        )
    st = state.copy()
    gives = list(st.gives)
    gives[seat] = (left, right)
    st.gives = tuple(gives)
    events: list[QuackersEvent] = [{"type": "gave", "seat": seat}]
    st.last_events = events  # the same list: what is appended below is kept too
    if None not in gives:
        _exchange(st, events)
    return st, events


def _exchange(st: QuackersState, events: list[QuackersEvent]) -> None:
    """KQ-5: the chosen cards move together; KQ-6: the dealer's left neighbour leads."""
    n = st.n
    hands = [list(h) for h in st.hands]
    for s, g in enumerate(st.gives):
        assert g is not None
        hands[s].remove(g[0])
        hands[s].remove(g[1])
    for s, g in enumerate(st.gives):
        assert g is not None
        hands[left_of(s, n)].append(g[0])
        hands[right_of(s, n)].append(g[1])
    st.hands = tuple(tuple(sorted(h)) for h in hands)
    st.phase = "play"
    reset_round(st, left_of(st.dealer, n))
    events.append({"type": "exchange", "leader": st.turn})


# --- playing and passing -----------------------------------------------------------
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
            ngettext(
                "every play of this round has {n} card",
                "every play of this round has {n} cards",
                st.size,
            ).format(n=st.size),
            rule,
        )
    if st.size == 1:
        card = play.cards[0]
        if card == EXCUSE:
            return BOMB  # KQ-15: the Excuse is a one-card Bomb on any single
        if not shares_a_suit(card, st.lead):
            raise IllegalAction(
                _("a single must share a suit with the round's lead card {card}").format(
                    card=CODE[st.lead]
                ),
                "KQ-13",
            )
        if play.rank < st.last_rank:
            raise IllegalAction(_("a single must be of equal or higher rank"), "KQ-13")
        return SINGLE
    if play.kind == BOMB:
        return BOMB  # KQ-22: a Bomb follows a Set, a Straight Flush or a Bomb of its size
    if (play.kind, st.kind) in ((SET, FLUSH), (FLUSH, SET)):
        raise IllegalAction(_("Sets and Straight Flushes never meet in one round"), "KQ-24")
    if play.rank < st.last_rank:
        rule = "KQ-23" if st.last_kind == BOMB else ("KQ-16" if play.kind == SET else "KQ-19")
        raise IllegalAction(
            _("this round needs rank {rank} or higher").format(rank=st.last_rank), rule
        )
    return play.kind


follow_kind = _check_follow
"""The kind a play counts as in this round, for a playout that plays only legal actions."""


def _check_promise(st: QuackersState, hand: tuple[int, ...], cards: tuple[int, ...]) -> None:
    if not st.bidding:
        raise IllegalAction(_("promises belong to the bidding rules (option bidding)"), "KQ-28")
    if st.promise is not None:
        raise IllegalAction(_("only one promise is made a hand"), "KQ-28")
    if st.out:
        raise IllegalAction(_("no promise once a player has gone out"), "KQ-28")
    if MOUNTAIN in st.played or MOUNTAIN in cards:
        raise IllegalAction(_("no promise once the Mountain (4MS) has been played"), "KQ-28")
    if len(cards) == len(hand):
        raise IllegalAction(_("a promise needs cards left in the hand"), "KQ-28")


def _play(
    state: QuackersState, seat: int, play: Play, kind: int, action: str, promise: bool
) -> tuple[QuackersState, list[QuackersEvent]]:
    st = state.copy()
    return st, play_into(st, seat, play, kind, action, promise)


def play_into(
    st: QuackersState,
    seat: int,
    play: Play,
    kind: int,
    action: str,
    promise: bool,
    deal: bool = True,
    tell: bool = True,
) -> list[QuackersEvent]:
    """``_play`` on ``st`` itself (a search's playout owns its state): the play's events.

    ``deal=False``: a play that ends the hand leaves the next hand undealt (a playout that
    stops at the hand's end reads only its scores; the deal was a seventh of a playout).
    ``tell=False``: the play's own event is left out (no playout reads it)."""
    cards = play.cards
    hands = list(st.hands)
    hands[seat] = tuple([c for c in hands[seat] if c not in cards])
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
    events: list[QuackersEvent] = []
    if tell:
        events.append(
            {
                "type": "play",
                "seat": seat,
                "action": action,
                "cards": [CODE[c] for c in cards],
                "kind": KIND_NAME[kind],
                "rank": st.last_rank,
                "left": left,
            }
        )
    st.last_events = events  # the same list: what is appended below is kept too
    if not left:
        _go_out(st, seat, events)
        if len(st.holding()) == 1:  # KQ-12: the hand ends at once, mid-round or not
            _end_hand(st, events, deal)
            return events
    elif promise:  # KQ-29: the value is the cards left after the play
        st.promise = (seat, left)
        events.append({"type": "promise", "seat": seat, "value": left})
    st.turn = next_holding(st, seat, 1)
    return events


def _go_out(st: QuackersState, seat: int, events: list[QuackersEvent]) -> None:
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


def _pass(state: QuackersState, seat: int) -> tuple[QuackersState, list[QuackersEvent]]:
    if seat != state.turn:
        raise IllegalAction(
            _("it is seat {turn}'s turn, not seat {seat}'s").format(turn=state.turn, seat=seat),
            "KQ-7",
        )
    if state.size == 0:
        raise IllegalAction(_("the leader must play a combination, not pass"), "KQ-8")
    st = state.copy()
    return st, pass_into(st, seat)


def pass_into(st: QuackersState, seat: int, tell: bool = True) -> list[QuackersEvent]:
    """``_pass`` on ``st`` itself (a search's playout owns its state): the pass's events
    (``tell=False``: none, as no playout reads them)."""
    st.passed |= 1 << seat
    events: list[QuackersEvent] = [{"type": "pass", "seat": seat}] if tell else []
    st.last_events = events  # the same list: what is appended below is kept too
    hands, last, passed = st.hands, st.last_seat, st.passed
    for s in range(st.n):
        if hands[s] and s != last and not passed >> s & 1:  # someone still to answer the play
            st.turn = next_holding(st, seat, 1)
            return events
    # KQ-10: everyone else passed; KQ-11: a leader without cards hands the lead on
    leader = st.last_seat
    if not st.hands[leader]:
        leader = next_holding(st, leader, -1 if st.lead_passes == "right" else 1)
    reset_round(st, leader)
    if tell:
        events.append({"type": "round_end", "leader": leader})
    return events


def _end_hand(st: QuackersState, events: list[QuackersEvent], deal: bool = True) -> None:
    """KQ-12, KQ-25, KQ-26: places, points, the target and the tie rule; then the next deal
    (KQ-3, KQ-4) unless ``deal`` is false."""
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
    reset_round(st, -1)
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
        events.append({"type": "match_end", "scores": list(st.totals), "places": list(places_m)})
        return
    if not deal:  # what counted in this hand is in the totals now, as after the deal
        st.out, st.promise, st.bonus = (), None, (0,) * n
        return
    st.hand_no += 1
    st.dealer = (st.dealer + 1) % n  # KQ-3: the deal passes to the left
    deal_from_rng(st)
    events.append({"type": "deal", "hand": st.hand_no, "dealer": st.dealer})


# --- the options and the deal -----------------------------------------------------------
def check_options(players: int, options: dict[str, Any], given: dict[str, Any]) -> dict[str, Any]:
    """KQ-26: the match is played to 75 with the bidding rules, unless a target is given."""
    if options["bidding"] and "target" not in given:
        return {**options, "target": 75}  # KQ-26: 75 with the bidding rules unless set
    return options


def all_actions(players: int, options: Mapping[str, Any]) -> list[str]:
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
        actions += [p + " promise" for p in plays if mountain not in p.split() and p.count(" ") < k]
    return actions


def deal_layout(players: int, options: Mapping[str, Any]) -> DealLayout:
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


def new(players: int, options: dict[str, Any], seed: int) -> QuackersState:
    """A match dealt from ``seed``, with a random first dealer (KQ-3, KQ-4)."""
    st = _blank(players, options, seed)
    st.dealer, st.rng = Rng.draw_below(st.rng, players)  # KQ-3: a random first dealer
    deal_from_rng(st)
    return st


def from_deal(players: int, options: dict[str, Any], deal: Any, seed: int) -> QuackersState:
    """A match whose first hand is ``deal`` (checked: KQ-1, KQ-4); later ones from ``seed``."""
    cards = deck_cards(options["deck"])
    kind = _(DECK_WORDS[options["deck"]])
    reader = DealReader("King of the Quackers", cards, kind, "KQ-1")
    hands, dealer = reader.table(deal, players, ("hands", "aside", "dealer"))
    k = hand_size(players, options["deck"])
    extra = len(cards) - k * players
    parsed = [reader.hand(h, i, k, "KQ-4") for i, h in enumerate(hands)]
    aside = deal["aside"]
    if extra and aside is None:
        raise BadDeal(_("with 4 players and the extended deck one card is put aside (KQ-4)"))
    if not extra and aside is not None:
        raise BadDeal(_("no card is put aside in this deal: give aside as null (KQ-4)"))
    aside_card = reader.card(aside, "aside") if extra else -1
    st = _blank(players, options, seed)
    st.dealer = dealer
    start_hand(st, parsed, aside_card)
    return st


def check_position(state: QuackersState) -> QuackersState:
    """A given position checked against the rules (seat)."""
    return seat_knows.check_position(state)


def determinizer(view: View) -> Callable[[random.Random], QuackersState]:
    """States consistent with what ``view``'s seat knows (KQ-27; seat), the view read once."""
    if view["seat"] is None:
        raise BadPosition(_("determinization is from one seat's view, not a spectator's"))
    return seat_knows.determinizer(view, _blank(view["players"], view["options"], 0))


def determinize(view: View, rng: random.Random) -> QuackersState:
    """A state consistent with what ``view``'s seat knows (KQ-27; seat)."""
    return determinizer(view)(rng)


# --- playing ------------------------------------------------------------------------
def to_act(state: QuackersState) -> tuple[int, ...]:
    """KQ-5: everyone who has not given yet; in a round, the seat whose turn it is (KQ-7)."""
    if state.over:
        return ()
    if state.phase == "pass":
        return tuple(s for s, g in enumerate(state.gives) if g is None)
    return (state.turn,)


def legal_actions(state: QuackersState, seat: int) -> list[str]:
    """KQ-5: every two cards to give; KQ-8: the leader any combination; KQ-9..KQ-24: a
    follower the same kind and size, higher, a Bomb, or pass; KQ-28: with a promise where
    allowed."""
    st = state
    if st.over:
        return []
    hand = st.hands[seat]
    if st.phase == "pass":
        if st.gives[seat] is not None:
            return []
        return [GIVE[a][b] for a in hand for b in hand if a != b]
    if seat != st.turn:
        return []
    if st.size == 0:  # KQ-8: the leader plays any combination and may not pass
        return _with_promises(st, hand, 0, 0, 0)
    if st.size == 1:
        texts = singles(hand, st.lead, st.last_rank)
        if st.bidding and st.may_promise() and len(hand) > 1:
            texts += [t + " promise" for t in texts if t != "play 4MS"]
        return [PASS, *texts]
    return [PASS, *_with_promises(st, hand, st.size, st.kind, st.last_rank)]


def apply(
    state: QuackersState, seat: int, action: str
) -> tuple[QuackersState, list[QuackersEvent]]:
    """``seat`` gives (KQ-5), passes or plays (KQ-8..KQ-24, a promise KQ-28); the given state
    is left as it was."""
    if state.over:
        raise IllegalAction(_("the match is over"), "KQ-26")
    if action.startswith("give "):
        return _give(state, seat, action)
    if state.phase == "pass":
        if action == PASS or action.startswith("play "):
            raise IllegalAction(_("first every player gives two cards: 'give LEFT RIGHT'"), "KQ-5")
        raise IllegalAction(
            _("{action} is not an action: {notation}").format(
                action=repr(action), notation=_(NOTATION)
            )
        )
    if action == PASS:
        return _pass(state, seat)
    if not action.startswith("play "):
        raise IllegalAction(
            _("{action} is not an action: {notation}").format(
                action=repr(action), notation=_(NOTATION)
            )
        )
    if seat != state.turn:
        raise IllegalAction(
            _("it is seat {turn}'s turn, not seat {seat}'s").format(turn=state.turn, seat=seat),
            "KQ-7",
        )
    known = KNOWN_PLAYS.get(action)  # a play read before needs no parsing or classifying
    if known is None:
        cards, ace, promise = parse_play(action)
    else:
        cards, ace, promise, play = known
    hand = state.hands[seat]
    for c in cards:
        if c not in hand:
            raise IllegalAction(
                _("{card} is not in seat {seat}'s hand").format(card=CODE[c], seat=seat)
            )
    if known is None:
        play = classify(cards, ace)
        remember_play(action, (cards, ace, promise, play))
    kind = _check_follow(state, play)
    if promise:
        _check_promise(state, hand, cards)
    return _play(state, seat, play, kind, action, promise)


def withdraw_choices(state: QuackersState, seats: tuple[int, ...]) -> QuackersState:
    """At the pass (KQ-5), the given seats have not chosen their two cards yet."""
    if state.phase != "pass" or all(state.gives[s] is None for s in seats):
        return state
    st = state.copy()
    st.gives = tuple(None if s in seats else g for s, g in enumerate(st.gives))
    return st


def timeout_action(state: QuackersState, seat: int) -> str:
    """A seat out of time passes when it may, leads its lowest single when it leads, and at
    the pass gives two random cards (from a fork of the match's generator)."""
    legal = legal_actions(state, seat)
    if not legal:
        raise IllegalAction(_("seat {seat} has nothing to decide now").format(seat=seat))
    if state.phase == "pass":
        rng = Rng(state.rng).fork(state.hand_no, seat)
        return rng.choice(legal)
    if state.size:
        return PASS
    return "play " + CODE[state.hands[seat][0]]


# --- scoring --------------------------------------------------------------------------
def scores(state: QuackersState) -> tuple[float, ...]:
    """Totals so far plus what this hand has already settled: the places of the players
    out (KQ-25) and a resolved promise (KQ-30)."""
    st = state
    if st.over or st.phase == "pass":
        return tuple(map(float, st.totals))
    table = POINTS[(st.n, st.bidding)]
    now = [float(t + b) for t, b in zip(st.totals, st.bonus, strict=True)]
    for place, seat in enumerate(st.out):
        now[seat] += table[place]
    return tuple(now)


def hands_played(state: QuackersState) -> int:
    """Hands finished so far."""
    return len(state.history)


def outcome(state: QuackersState) -> Outcome | None:
    """KQ-26: the most points wins; None while the match goes on."""
    if not state.over:
        return None
    return Outcome(tuple(state.totals), places_from_results(state.totals, lower_is_better=False))
