"""Down the Drain's rules as functions of the state: the deal (DD-2), pushing through and playing
(DD-4..DD-8), the end of a game and of the match (DD-9, DD-10). ``game`` binds them to the
engine's ``Game``."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from pondside.engine import (
    BadDeal,
    BadPosition,
    DealLayout,
    IllegalAction,
    Option,
    Outcome,
    Rng,
    View,
    seed_state,
)
from pondside.i18n import _

from . import seat as seat_knows
from .events import DownTheDrainEvent
from .state import (
    COUNTS,
    DECK,
    GUARD_CYCLES,
    NUMBERS,
    OTHERS,
    PLAY,
    DownTheDrainState,
    check_deck,
)

PARSE = {a: c for c, a in PLAY.items()}
"""Each action's number: ``PARSE["play 7"] == 7``."""


HAND_SIZE: int | None = None
"""The designer's lab's setting of DD-2's hand size (``TUNABLES``); None: the rulebook's."""
TUNABLES = (
    Option(
        "hand_size",
        int,
        None,
        "cards dealt to each player (DD-2: 6, or 5 at 7-8 players)",
        minimum=2,
        maximum=10,
        nullable=True,
    ),
)
"""Rule constants the designer's lab may change (``pondside lab --sweep hand_size=5,6,7``):
each names the module constant it sets (upper case) and the ruling it changes."""


def hand_size(players: int) -> int:
    """DD-2: 6 cards each, 5 at 7-8 players."""
    if HAND_SIZE is not None:
        return HAND_SIZE
    return 5 if players >= 7 else 6


def group_value(front: tuple[int, ...], number: int) -> int:
    """DD-3: a group's value is its number times the cards of that number in front."""
    return number * front.count(number)


def beaten_by(front: tuple[int, ...], seat: int) -> list[int]:
    """DD-4d, DD-5: the seats whose group is strictly lower than the group of ``seat``'s card.

    Seats are listed clockwise starting after ``seat`` (the order of the draws, DD-6). A card
    of another number never joins, so a 14 and two 7s are two groups of equal value.
    """
    card = front[seat]
    value = card * front.count(card)
    return [
        t
        for t in OTHERS[len(front)][seat]
        if (c := front[t]) and c != card and c * front.count(c) < value
    ]


def _start_game(
    st: DownTheDrainState, hands: list[list[int]], stack: list[int], start: int
) -> None:
    st.hands = tuple(tuple(sorted(h)) for h in hands)
    st.front = (0,) * st.n
    st.stack = tuple(stack)
    st.top = 0
    st.discard = ()
    st.seat = start
    st.start = start
    st.plays = 0


def _deal_from_rng(st: DownTheDrainState, start: int | None) -> None:
    """DD-2: shuffle the 90 cards, deal 6 each (5 at 7-8), the rest is the stack.

    ``start`` None draws a random start player (the first game of a match).
    """
    rng = Rng(st.rng)
    cards = rng.shuffled(DECK)
    if start is None:
        start = rng.below(st.n)
    st.rng = rng.state
    k = hand_size(st.n)
    hands = [cards[i * k : (i + 1) * k] for i in range(st.n)]
    _start_game(st, hands, cards[st.n * k :], start)


def _places(results: list[tuple[float, ...]]) -> tuple[int, ...]:
    """Competition places over keys where smaller is better (1, 2, 2, 4)."""
    places = []
    for r in results:  # plain loops: a search's every playout ends here
        place = 1
        for o in results:
            if o < r:
                place += 1
        places.append(place)
    return tuple(places)


def game_places(winners: tuple[int, ...], held: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """DD-9: winners share first place; the others by the cards they hold, fewer first."""
    return _places([(0 if s in winners else 1, h) for s, h in enumerate(held)])


# --- setting up -------------------------------------------------------------------
def _blank(players: int, options: dict[str, Any], seed: int) -> DownTheDrainState:
    st = DownTheDrainState.blank()
    st.n = players
    st.games = options["games"]
    st.game_no = 1
    st.rng = seed_state(seed)
    st.history = ()
    st.over = False
    return st


def _draw(
    st: DownTheDrainState,
    hands: list[tuple[int, ...]],
    seats: list[int],
    events: list[DownTheDrainEvent],
) -> None:
    """DD-6, DD-7: one card each in clockwise order; an empty stack is reshuffled first."""
    for t in seats:
        if st.top >= len(st.stack):
            rng = Rng(st.rng)
            st.stack = tuple(rng.shuffled(st.discard))
            st.rng = rng.state
            st.top = 0
            st.discard = ()
            events.append({"type": "reshuffle", "cards": len(st.stack)})
        c = st.stack[st.top]
        st.top += 1
        h = hands[t]
        j = 0
        while j < len(h) and h[j] < c:
            j += 1
        hands[t] = (*h[:j], c, *h[j:])
        events.append({"type": "draw", "seat": t})


def outcome(state: DownTheDrainState) -> Outcome | None:
    """DD-9: one game ranks winners first, then by cards held; a series ranks by games won,
    then by total cards held. The score is the cards held (summed over a series)."""
    if not state.over:
        return None
    totals = state.totals()
    wins = state.wins()
    places = _places([(-w, t) for w, t in zip(wins, totals, strict=True)])
    return Outcome(tuple(map(float, totals)), places)


def _push_through(st: DownTheDrainState, seat: int, events: list[DownTheDrainEvent]) -> None:
    """DD-4a: the card still in front of ``seat`` and its whole group go to the discard pile.

    Every player of the group whose hand is then empty wins, and the game ends (DD-8).
    """
    n = st.n
    card = st.front[seat]
    group = [t for t in (seat, *OTHERS[n][seat]) if st.front[t] == card]
    front = list(st.front)
    for t in group:
        front[t] = 0
    st.front = tuple(front)
    st.discard = st.discard + (card,) * len(group)
    events.append({"type": "push", "seat": seat, "card": card, "seats": group})
    winners = tuple(sorted(t for t in group if not st.hands[t]))
    if winners:
        _end_game(st, winners, events)


def _end_game(
    st: DownTheDrainState, winners: tuple[int, ...], events: list[DownTheDrainEvent]
) -> None:
    """DD-8, DD-9: record the game; deal the next one of a series with the next start player."""
    held = tuple(st.held())
    st.history = (*st.history, (winners, held))
    places = game_places(winners, held)
    events.append(
        {
            "type": "game_end",
            "game": st.game_no,
            "winners": list(winners),
            "held": list(held),
            "places": list(places),
        }
    )
    if st.game_no >= st.games:
        st.over = True
        out = outcome(st)
        assert out is not None
        events.append({"type": "match_end", "scores": list(out.scores), "places": list(out.places)})
        return
    st.game_no += 1
    _deal_from_rng(st, (st.start + 1) % st.n)
    events.append({"type": "deal", "game": st.game_no, "start": st.start})


def end_game(st: DownTheDrainState, winners: tuple[int, ...]) -> None:
    """``_end_game`` without its events: a search's playout, which reads none."""
    _end_game(st, winners, [])


# --- the deal -------------------------------------------------------------------------
def all_actions(players: int, options: Mapping[str, Any]) -> list[str]:
    """One ``play`` per number of the deck (DD-1)."""
    return [PLAY[c] for c in NUMBERS]


def deal_layout(players: int, options: Mapping[str, Any]) -> DealLayout:
    """DD-2: the hands, then the rest of the deck as the stack; a random start player."""
    k = hand_size(players)

    def build(cards: list[Any], seat: int | None) -> dict[str, Any]:
        hands = [cards[k * s : k * s + k] for s in range(players)]
        return {"hands": hands, "stack": cards[k * players :], "start": seat}

    return DealLayout.one_deck(NUMBERS, tuple(COUNTS.values()), len(DECK), players, build)


def new(players: int, options: dict[str, Any], seed: int) -> DownTheDrainState:
    """A match dealt from ``seed``, with a random start player (DD-2)."""
    st = _blank(players, options, seed)
    _deal_from_rng(st, None)
    return st


def from_deal(players: int, options: dict[str, Any], deal: Any, seed: int) -> DownTheDrainState:
    """A match whose first game is ``deal`` (checked: DD-1, DD-2); later ones from ``seed``."""
    if not isinstance(deal, dict) or set(deal) != {"hands", "stack", "start"}:
        raise BadDeal(
            # TRANSLATORS: not a template (never formatted); the keys are the notation's.
            _(
                'a Down the Drain deal is {"hands": [[cards] per seat], "stack": [cards, top '
                'first], "start": seat}'
            )
        )
    hands, stack, start = deal["hands"], deal["stack"], deal["start"]
    if not isinstance(hands, list) or len(hands) != players:
        raise BadDeal(_("the deal needs {players} hands, one per seat").format(players=players))
    k = hand_size(players)
    for i, h in enumerate(hands):
        if not isinstance(h, list) or len(h) != k:
            said = _("hand {hand} must be a list of {k} cards with {players} players (DD-2)")
            raise BadDeal(said.format(hand=i, k=k, players=players))
    if not isinstance(stack, list):
        raise BadDeal(_("the stack is a list of cards, top card first"))
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < players:
        said = _("start is the seat that plays first, 0 to {last}; not {start}")
        raise BadDeal(said.format(last=players - 1, start=repr(start)))
    cards = [c for h in hands for c in h] + stack
    for c in cards:
        if isinstance(c, bool) or not isinstance(c, int) or c not in COUNTS:
            said = _("the deal holds {card}; the cards are the numbers 2 to 20 (DD-1)")
            raise BadDeal(said.format(card=repr(c)))
    wrong = _("the deal holds {held} cards of {number}; the deck has {count} (DD-1)")
    check_deck(Counter(cards), BadDeal, wrong)
    st = _blank(players, options, seed)
    _start_game(st, hands, stack, start)
    return st


def check_position(state: DownTheDrainState) -> DownTheDrainState:
    """A given position checked against the rules, with the hand size now in force."""
    return seat_knows.check_position(state, hand_size(state.n))


def determinizer(view: View) -> Callable[[random.Random], DownTheDrainState]:
    """Deals of the cards this seat cannot see to the other hands and the stack (seat), the
    view read once."""
    if view["seat"] is None:
        raise BadPosition(_("determinization is from one seat's view, not a spectator's"))
    return seat_knows.determinizer(view, _blank(view["players"], view["options"], 0))


def determinize(view: View, rng: random.Random) -> DownTheDrainState:
    """Deal the cards this seat cannot see to the other hands and the stack (seat)."""
    return determinizer(view)(rng)


# --- playing ------------------------------------------------------------------------
def to_act(state: DownTheDrainState) -> tuple[int, ...]:
    """DD-4: one seat at a time, clockwise."""
    return () if state.over else (state.seat,)


def legal_actions(state: DownTheDrainState, seat: int) -> list[str]:
    """DD-4b: any card of the hand, each number once."""
    if state.over or seat != state.seat:
        return []
    out = []
    last = 0
    for c in state.hands[seat]:
        if c != last:
            out.append(PLAY[c])
            last = c
    return out


def apply(
    state: DownTheDrainState, seat: int, action: str
) -> tuple[DownTheDrainState, list[DownTheDrainEvent]]:
    """``seat`` plays a card (DD-4b..DD-4d), and the next seat's card is pushed through
    (DD-4a); the state is copied once, the given one is left as it was."""
    card = PARSE.get(action)
    if card is None:
        said = _("{action} is not a Down the Drain action: write 'play N' with N from 2 to 20")
        raise IllegalAction(said.format(action=repr(action)))
    if state.over:
        raise IllegalAction(_("the match is over"), "DD-8")
    if seat != state.seat:
        said = _("it is seat {turn}'s turn, not seat {seat}'s")
        raise IllegalAction(said.format(turn=state.seat, seat=seat), "DD-4")
    hand = state.hands[seat]
    try:
        i = hand.index(card)
    except ValueError:
        said = _("seat {seat} holds no {number}")
        raise IllegalAction(said.format(seat=seat, number=card), "DD-4") from None
    st = state.copy()
    n = st.n
    hands = list(st.hands)
    hands[seat] = hand[:i] + hand[i + 1 :]
    front = list(st.front)
    front[seat] = card
    size = front.count(card)
    value = card * size
    events: list[DownTheDrainEvent] = [
        {"type": "play", "seat": seat, "card": card, "value": value, "group": size}
    ]
    # DD-4d, DD-5: inline beaten_by (the hot path); a card at least worth ``value`` is safe.
    beaten = [
        t
        for t in OTHERS[n][seat]
        if (c := front[t]) and c < value and c != card and c * front.count(c) < value
    ]
    if beaten:
        lost = [front[t] for t in beaten]
        for t in beaten:
            front[t] = 0
        st.discard = st.discard + tuple(lost)
        events.append({"type": "beaten", "seats": beaten, "cards": lost})
        _draw(st, hands, beaten, events)
    st.front = tuple(front)
    st.hands = tuple(hands)
    st.plays += 1
    nxt = seat + 1 if seat + 1 < n else 0
    st.seat = nxt
    if st.plays >= GUARD_CYCLES * n:  # DD-10
        events.append({"type": "guard", "cycles": GUARD_CYCLES})
        _end_game(st, (), events)
    elif st.front[nxt]:
        _push_through(st, nxt, events)
    st.last_events = events
    return st, events


def timeout_action(state: DownTheDrainState, seat: int) -> str:
    """No rule gives a default: a uniformly random card, drawn from a fork of the generator
    so the later shuffles are the same as if the player had chosen that card."""
    legal = legal_actions(state, seat)
    if not legal:
        raise IllegalAction(_("seat {seat} has nothing to decide now").format(seat=seat))
    rng = Rng(state.rng).fork(state.game_no, state.plays, seat)
    return rng.choice(legal)


# --- scoring --------------------------------------------------------------------------
def scores(state: DownTheDrainState) -> tuple[float, ...]:
    """Cards held at the end of each finished game, summed (DD-9): search bots judge a game
    by the cards each seat was left holding (a winner holds none)."""
    return tuple(map(float, state.totals()))


def hands_played(state: DownTheDrainState) -> int:
    """Games finished so far (one 'hand' of the benchmark is one game of the series)."""
    return len(state.history)


def standing(view: View) -> list[int]:
    """DD-9: a series ranks by games won, then by the fewest cards held over the games (a
    single game's places while it is played: by the cards held)."""
    return list(_places([(-w, t) for w, t in zip(view["wins"], view["totals"], strict=True)]))
