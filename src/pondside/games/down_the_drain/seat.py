"""What one seat of Down the Drain knows: its view of the table (DD-11: everything but the
hands and the stack's order), the determinization from that view for the bots that search, and
the check of a given position."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from pondside.engine import BadPosition, Game, View
from pondside.engine.deal import deal_others
from pondside.engine.rng import seed_state, shuffle
from pondside.i18n import _

from .state import (
    COUNTS,
    DECK,
    DownTheDrainGroup,
    DownTheDrainState,
    DownTheDrainView,
    check_deck,
)


def through(state: DownTheDrainState, card: int) -> int | None:
    """DD-4a: the seat whose turn pushes the group of ``card`` through (unless it is beaten
    first): the first seat holding ``card`` in front, clockwise from the seat to act."""
    if state.over:
        return None
    n = state.n
    return next((t for k in range(n) if state.front[t := (state.seat + k) % n] == card), None)


def view(
    game: Game[DownTheDrainState], state: DownTheDrainState, seat: int | None
) -> DownTheDrainView:
    """DD-11: cards in front, the discard pile, the stack's size and hand sizes are public."""
    st = state
    front = st.front
    groups: list[DownTheDrainGroup] = [
        {
            "number": c,
            "seats": [t for t in range(st.n) if front[t] == c],
            "value": c * front.count(c),
            "through": through(st, c),
        }
        for c in sorted(set(front) - {0}, key=lambda c: (-c * front.count(c), -c))
    ]
    v: DownTheDrainView = {
        # The common keys; mypy cannot know the ** holds no "hand", set below.
        **game.common_view(  # type: ignore[typeddict-item]
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


def determinizer(view: View, st: DownTheDrainState) -> Callable[[random.Random], DownTheDrainState]:
    """Deal the cards this seat cannot see to the other hands and the stack.

    A seat sees its hand, every card in front and the discard pile (DD-11); the rest of
    the deck, in the other hands and the stack, is shuffled and dealt back in the sizes
    the view shows. ``st`` is a blank state for the view's table. The view is read once,
    here: each call of the sampler returned draws the blank's seed and a shuffle (a search
    samples one view a thousand times).
    """
    seat = view["seat"]
    if seat is None:
        raise BadPosition(_("determinization is from one seat's view, not a spectator's"))
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
    st.hands, st.stack, st.top = (), (), 0  # each sample's own
    own = tuple(view["hand"])
    unseen = Counter(DECK)
    unseen.subtract(own)
    unseen.subtract(f for f in st.front if f)
    unseen.subtract(st.discard)
    unseen_cards = list(unseen.elements())
    sizes = list(enumerate(view["hand_sizes"]))

    def sample(rng: random.Random) -> DownTheDrainState:
        new = st.copy()
        new.rng = seed_state(rng.getrandbits(63))
        pool = list(unseen_cards)
        shuffle(rng, pool)
        new.hands, at = deal_others(pool, sizes, seat, own)
        new.stack = tuple(pool[at:])
        return new

    return sample


def check_position(state: DownTheDrainState, hand_limit: int) -> DownTheDrainState:
    """A given position checked (DD-1, DD-2, DD-4): the 90 cards once each, no hand over
    ``hand_limit`` (the rules' DD-2 size, tunable), the player to act able to."""
    st = state
    st.hands = tuple(tuple(sorted(h)) for h in st.hands)
    n = st.n
    if len(st.hands) != n or len(st.front) != n:
        raise BadPosition(_("hands and front need one entry per seat ({n})").format(n=n))
    cards = [c for h in st.hands for c in h] + [f for f in st.front if f]
    if not 0 <= st.top <= len(st.stack):
        raise BadPosition(
            _("top is where the stack's top card is in 'stack' (cards before it are drawn)")
        )
    cards += list(st.stack[st.top :]) + list(st.discard)
    if any(c not in COUNTS for c in cards):
        raise BadPosition(_("the cards are the numbers 2 to 20 (DD-1)"))
    wrong = _("the position holds {held} cards of {number}; the deck has {count} (DD-1)")
    check_deck(Counter(cards), BadPosition, wrong)
    if not (0 <= st.seat < n and 0 <= st.start < n) or st.plays < 0:
        raise BadPosition(_("seat (to act) and start are seats 0 to {last}").format(last=n - 1))
    if any(len(h) > hand_limit for h in st.hands):
        said = _("a hand never holds more than {k} cards (DD-2, DD-4)")
        raise BadPosition(said.format(k=hand_limit))
    if len(st.history) != st.game_no - (0 if st.over else 1) or st.game_no > st.games:
        raise BadPosition(_("history holds one entry per finished game of the series"))
    if not st.over and not st.hands[st.seat]:
        raise BadPosition(_("the player to act has a card in hand (an empty hand has won)"))
    if not st.over and st.front[st.seat]:
        raise BadPosition(
            _("the player to act has no card in front: it was pushed through as the turn began")
        )
    return st
