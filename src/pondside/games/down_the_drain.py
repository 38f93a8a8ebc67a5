"""Down the Drain, a 90-card shedding race (rules/down-the-drain.md, rulings DD-1..DD-11).

On your turn a card still in front of you is *pushed through* (DD-4a): it is discarded without
a replacement, together with every card of the same number in front of the others, and whoever
of that group has an empty hand wins (DD-8). Then you play any card in front of you (DD-4b).
Equal numbers form a group worth number × size (DD-3, DD-4c); every other group strictly lower
than yours is beaten, flushed down the drain and replaced from the stack (DD-4d, DD-6, DD-7).

>>> from pondside.engine import Match
>>> m = Match(GAME, 4, seed=1)
>>> len(m.to_act()), len(m.view(0)["hand"]), m.view(0)["stack_size"]
(1, 6, 66)
>>> group_value((7, 7, 0, 8), 7), group_value((7, 7, 0, 8), 8)
(14, 8)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, cast

from pondside.engine import (
    ActionLabel,
    BadDeal,
    BadPosition,
    CommonView,
    DealLayout,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    NotRequired,
    Option,
    Outcome,
    Rng,
    Speaker,
    TypedDict,
    View,
    seed_state,
)
from pondside.engine.rng import shuffle

from . import down_the_drain_narrate as words
from .down_the_drain_events import DownTheDrainEvent
from .down_the_drain_state import DownTheDrainState as DownTheDrainState

# DD-1: how many cards of each number the deck holds.
COUNTS = {
    2: 16,
    3: 12,
    4: 9,
    5: 8,
    6: 6,
    7: 6,
    8: 5,
    9: 4,
    10: 4,
    11: 4,
    12: 3,
    13: 3,
    14: 3,
    15: 2,
    16: 1,
    17: 1,
    18: 1,
    19: 1,
    20: 1,
}
DECK: tuple[int, ...] = tuple(c for c, k in COUNTS.items() for _ in range(k))
NUMBERS = tuple(COUNTS)
GUARD_CYCLES = 500  # DD-10
PLAY = {c: f"play {c}" for c in NUMBERS}
# OTHERS[n][s]: the other seats of an n-player table clockwise from s+1 (the order of DD-6).
OTHERS = {n: tuple(tuple((s + k) % n for k in range(1, n)) for s in range(n)) for n in range(3, 9)}
_PARSE = {a: c for c, a in PLAY.items()}


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


class DownTheDrainOptions(TypedDict):
    games: int
    """How many games the series has (DD-9)."""


class DownTheDrainGroup(TypedDict):
    number: int
    """The number the group's cards show."""
    seats: list[int]
    """The seats with that number in front of them."""
    value: int
    """The number times the cards in the group (DD-3)."""


class DownTheDrainView(CommonView):
    """What one seat (or a spectator) sees of Down the Drain: everything but the hands and the
    stack's order (DD-11). ``hand_number`` counts the games of a series; ``hand_scores`` holds
    the cards each seat held at the end of each finished game (DD-9)."""

    options: DownTheDrainOptions
    hand: NotRequired[list[int]]
    """The seat's cards, ascending."""
    start: int
    """The seat that played first in this game (DD-2)."""
    plays: int
    """Cards played in this game so far (DD-10 ends a game after 500 rounds)."""
    front: list[int | None]
    """The card in front of each seat, or null."""
    groups: list[DownTheDrainGroup]
    """The groups in front, strongest first (DD-3)."""
    held: list[int]
    """The cards each seat holds, in hand and in front (DD-9)."""
    stack_size: int
    """Cards left in the face-down stack."""
    discard: list[int]
    """The face-up discard pile, in the order the cards reached it."""
    winners: list[list[int]]
    """The winners of each finished game (DD-8; none when DD-10 ended it)."""
    wins: list[int]
    """Games won by each seat in the series so far."""


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
    return tuple(1 + sum(1 for o in results if o < r) for r in results)


def game_places(winners: tuple[int, ...], held: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """DD-9: winners share first place; the others by the cards they hold, fewer first."""
    return _places([(0 if s in winners else 1, h) for s, h in enumerate(held)])


class DownTheDrain(Game[DownTheDrainState]):
    state_type = DownTheDrainState
    info = GameInfo(
        slug="down-the-drain",
        name="Down the Drain",
        min_players=3,
        max_players=8,
        default_players=4,
        options=(Option("games", int, 1, "play a series of this many games (DD-9)", minimum=1),),
        simultaneous=False,
        lower_score_is_better=True,
        summary="Play a card in front of you; equal numbers join forces and beat every lower "
        "group, flushing it down the drain. Push your card through a whole round to shed it; "
        "the first to shed every card wins.",
        # DD-9: the score is the cards left in hand (summed over a series).
        score_unit=("card held", "cards held"),
    )

    # --- facts of a configuration ---------------------------------------------------------
    def all_actions(self, players: int, options: Mapping[str, Any]) -> list[str]:
        """One ``play`` per number of the deck (DD-1)."""
        return [PLAY[c] for c in NUMBERS]

    def deal_layout(self, players: int, options: Mapping[str, Any]) -> DealLayout:
        """DD-2: the hands, then the rest of the deck as the stack; a random start player."""
        k = hand_size(players)

        def build(cards: list[Any], seat: int | None) -> dict[str, Any]:
            hands = [cards[k * s : k * s + k] for s in range(players)]
            return {"hands": hands, "stack": cards[k * players :], "start": seat}

        return DealLayout.one_deck(NUMBERS, tuple(COUNTS.values()), len(DECK), players, build)

    # --- setting up -------------------------------------------------------------------
    def _blank(self, players: int, options: dict[str, Any], seed: int) -> DownTheDrainState:
        st = DownTheDrainState.blank()
        st.n = players
        st.games = options["games"]
        st.game_no = 1
        st.rng = seed_state(seed)
        st.history = ()
        st.over = False
        return st

    def new(self, players: int, options: dict[str, Any], seed: int) -> DownTheDrainState:
        st = self._blank(players, options, seed)
        _deal_from_rng(st, None)
        return st

    def from_deal(
        self, players: int, options: dict[str, Any], deal: Any, seed: int
    ) -> DownTheDrainState:
        expect = '{"hands": [[cards] per seat], "stack": [cards, top first], "start": seat}'
        if not isinstance(deal, dict) or set(deal) != {"hands", "stack", "start"}:
            raise BadDeal(f"a Down the Drain deal is {expect}")
        hands, stack, start = deal["hands"], deal["stack"], deal["start"]
        if not isinstance(hands, list) or len(hands) != players:
            raise BadDeal(f"the deal needs {players} hands, one per seat")
        k = hand_size(players)
        for i, h in enumerate(hands):
            if not isinstance(h, list) or len(h) != k:
                raise BadDeal(f"hand {i} must be a list of {k} cards with {players} players (DD-2)")
        if not isinstance(stack, list):
            raise BadDeal("the stack is a list of cards, top card first")
        if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < players:
            raise BadDeal(f"start is the seat that plays first, 0 to {players - 1}; not {start!r}")
        cards = [c for h in hands for c in h] + stack
        for c in cards:
            if isinstance(c, bool) or not isinstance(c, int) or c not in COUNTS:
                raise BadDeal(f"the deal holds {c!r}; the cards are the numbers 2 to 20 (DD-1)")
        _check_deck(Counter(cards), BadDeal, "the deal")
        st = self._blank(players, options, seed)
        _start_game(st, hands, stack, start)
        return st

    # --- positions --------------------------------------------------------------------
    def check_position(self, state: DownTheDrainState) -> DownTheDrainState:
        st = state
        st.hands = tuple(tuple(sorted(h)) for h in st.hands)
        n = st.n
        if len(st.hands) != n or len(st.front) != n:
            raise BadPosition(f"hands and front need one entry per seat ({n})")
        cards = [c for h in st.hands for c in h] + [f for f in st.front if f]
        if not 0 <= st.top <= len(st.stack):
            raise BadPosition(
                "top is where the stack's top card is in 'stack' (cards before it are drawn)"
            )
        cards += list(st.stack[st.top :]) + list(st.discard)
        if any(c not in COUNTS for c in cards):
            raise BadPosition("the cards are the numbers 2 to 20 (DD-1)")
        _check_deck(Counter(cards), BadPosition, "the position")
        if not (0 <= st.seat < n and 0 <= st.start < n) or st.plays < 0:
            raise BadPosition(f"seat (to act) and start are seats 0 to {n - 1}")
        if any(len(h) > hand_size(n) for h in st.hands):
            raise BadPosition(f"a hand never holds more than {hand_size(n)} cards (DD-2, DD-4)")
        if len(st.history) != st.game_no - (0 if st.over else 1) or st.game_no > st.games:
            raise BadPosition("history holds one entry per finished game of the series")
        if not st.over and not st.hands[st.seat]:
            raise BadPosition("the player to act has a card in hand (an empty hand has won)")
        if not st.over and st.front[st.seat]:
            raise BadPosition(
                "the player to act has no card in front: it was pushed through as the turn began"
            )
        return st

    # --- playing ----------------------------------------------------------------------
    def to_act(self, state: DownTheDrainState) -> tuple[int, ...]:
        return () if state.over else (state.seat,)

    def legal_actions(self, state: DownTheDrainState, seat: int) -> list[str]:
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
        self, state: DownTheDrainState, seat: int, action: str
    ) -> tuple[DownTheDrainState, list[DownTheDrainEvent]]:
        card = _PARSE.get(action)
        if card is None:
            raise IllegalAction(
                f"{action!r} is not a Down the Drain action: write 'play N' with N from 2 to 20"
            )
        if state.over:
            raise IllegalAction("the match is over", "DD-8")
        if seat != state.seat:
            raise IllegalAction(f"it is seat {state.seat}'s turn, not seat {seat}'s", "DD-4")
        hand = state.hands[seat]
        try:
            i = hand.index(card)
        except ValueError:
            raise IllegalAction(f"seat {seat} holds no {card}", "DD-4") from None
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
            self._draw(st, hands, beaten, events)
        st.front = tuple(front)
        st.hands = tuple(hands)
        st.plays += 1
        nxt = seat + 1 if seat + 1 < n else 0
        st.seat = nxt
        if st.plays >= GUARD_CYCLES * n:  # DD-10
            events.append({"type": "guard", "cycles": GUARD_CYCLES})
            self._end_game(st, (), events)
        elif st.front[nxt]:
            self._push_through(st, nxt, events)
        st.last_events = events
        return st, events

    def _draw(
        self,
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

    def _push_through(
        self, st: DownTheDrainState, seat: int, events: list[DownTheDrainEvent]
    ) -> None:
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
            self._end_game(st, winners, events)

    def _end_game(
        self, st: DownTheDrainState, winners: tuple[int, ...], events: list[DownTheDrainEvent]
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
            out = self.outcome(st)
            assert out is not None
            events.append(
                {"type": "match_end", "scores": list(out.scores), "places": list(out.places)}
            )
            return
        st.game_no += 1
        _deal_from_rng(st, (st.start + 1) % st.n)
        events.append({"type": "deal", "game": st.game_no, "start": st.start})

    # --- telling people (down_the_drain_narrate) -----------------------------------------
    def narrate(
        self,
        before: View | None,
        events: Sequence[Event],
        after: View,
        receiver: int | None,
        names: Sequence[str],
    ) -> list[str]:
        told = cast(Sequence[DownTheDrainEvent], events)
        return words.narrate(before, told, after, names, receiver)

    def action_label(self, view: View, action: str, names: Sequence[str]) -> ActionLabel:
        """A card and what it would do now: the group it joins, its worth, what it beats."""
        seat, card = view["seat"], _PARSE[action]
        front = [f or 0 for f in view["front"]]
        front[seat] = card
        trial = tuple(front)
        sp = Speaker(names, seat)
        mates = [t for t in OTHERS[len(trial)][seat] if trial[t] == card]
        beaten = list(beaten_by(trial, seat))
        value = group_value(trial, card)
        joins = [sp.who(t, False) for t in mates]
        beats = [sp.who(t, False) for t in beaten]
        effect = words.play_effect(joins, value, beats)
        # The page's preview draws these (the seats it joins and beats, the group's worth);
        # it never works them out itself.
        shows = {"card": card, "joins": mates, "beats": beaten, "value": value}
        return {"action": action, "label": action, "effect": effect, "shows": shows}

    # --- what a seat sees -------------------------------------------------------------
    def view(self, state: DownTheDrainState, seat: int | None) -> DownTheDrainView:
        """DD-11: cards in front, the discard pile, the stack's size and hand sizes are public."""
        st = state
        front = st.front
        groups: list[DownTheDrainGroup] = [
            {
                "number": c,
                "seats": [t for t in range(st.n) if front[t] == c],
                "value": c * front.count(c),
            }
            for c in sorted(set(front) - {0}, key=lambda c: (-c * front.count(c), -c))
        ]
        v: DownTheDrainView = {
            # The common keys; mypy cannot know the ** holds no "hand", set below.
            **self.common_view(  # type: ignore[typeddict-item]
                st, seat, st.game_no, st.hands, st.totals(), (h for _, h in st.history)
            ),
            "options": {"games": st.games},
            "start": st.start,
            "plays": st.plays,
            "front": [f or None for f in front],
            "groups": groups,
            "held": st.held(),
            "stack_size": len(st.stack) - st.top,
            "discard": list(st.discard),
            "winners": [list(w) for w, _ in st.history],
            "wins": st.wins(),
        }
        if seat is not None:
            v["hand"] = list(st.hands[seat])
        return v

    def outcome(self, state: DownTheDrainState) -> Outcome | None:
        """DD-9: one game ranks winners first, then by cards held; a series ranks by games won,
        then by total cards held. The score is the cards held (summed over a series)."""
        if not state.over:
            return None
        totals = state.totals()
        wins = state.wins()
        places = _places([(-w, t) for w, t in zip(wins, totals, strict=True)])
        return Outcome(tuple(float(t) for t in totals), places)

    def scores(self, state: DownTheDrainState) -> tuple[float, ...]:
        """Cards held at the end of each finished game, summed (DD-9): search bots judge a game
        by the cards each seat was left holding (a winner holds none)."""
        return tuple(float(t) for t in state.totals())

    def hands_played(self, state: DownTheDrainState) -> int:
        """Games finished so far (one 'hand' of the benchmark is one game of the series)."""
        return len(state.history)

    def determinize(self, view: View, rng: random.Random) -> DownTheDrainState:
        """Deal the cards this seat cannot see to the other hands and the stack.

        A seat sees its hand, every card in front and the discard pile (DD-11); the rest of
        the deck, in the other hands and the stack, is shuffled and dealt back in the sizes
        the view shows.
        """
        seat = view["seat"]
        if seat is None:
            raise BadPosition("determinization is from one seat's view, not a spectator's")
        n = view["players"]
        st = self._blank(n, view["options"], rng.getrandbits(63))
        st.game_no = view["hand_number"]
        st.history = tuple(
            (tuple(w), tuple(h)) for w, h in zip(view["winners"], view["hand_scores"], strict=True)
        )
        st.last_events = tuple(view["last_events"])
        st.over = view["over"]
        st.front = tuple(f or 0 for f in view["front"])
        st.discard = tuple(view["discard"])
        st.start = view["start"]
        st.plays = view["plays"]
        st.seat = view["to_act"][0] if view["to_act"] else st.start
        own = view["hand"]
        unseen = Counter(DECK)
        unseen.subtract(own)
        unseen.subtract(f for f in st.front if f)
        unseen.subtract(st.discard)
        pool = list(unseen.elements())
        shuffle(rng, pool)
        hands: list[tuple[int, ...]] = []
        for s, size in enumerate(view["hand_sizes"]):
            if s == seat:
                hands.append(tuple(own))
            else:
                hands.append(tuple(sorted(pool[:size])))
                del pool[:size]
        st.hands = tuple(hands)
        st.stack = tuple(pool)
        st.top = 0
        return st

    def timeout_action(self, state: DownTheDrainState, seat: int) -> str:
        """No rule gives a default: a uniformly random card, drawn from a fork of the generator
        so the later shuffles are the same as if the player had chosen that card."""
        legal = self.legal_actions(state, seat)
        if not legal:
            raise IllegalAction(f"seat {seat} has nothing to decide now")
        rng = Rng(state.rng).fork(state.game_no, state.plays, seat)
        return rng.choice(legal)


def _check_deck(cards: Counter[int], error: type[Exception], where: str) -> None:
    """DD-1: exactly the 90 cards, each number as often as the deck holds it."""
    for c, k in COUNTS.items():
        if cards[c] != k:
            raise error(f"{where} holds {cards[c]} cards of {c}; the deck has {k} (DD-1)")


GAME = DownTheDrain()
