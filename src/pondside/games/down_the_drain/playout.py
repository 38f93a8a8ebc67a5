"""A search's random playout of Down the Drain in one loop over lists (issue 29, point 5).

``search.py`` plays a random playout as ``legal_actions`` and ``apply`` step after step, each
copying the state and building its events. ``random_playout`` plays the same playout, the same
card at every step from the same draws of ``getrandbits``, on lists it owns: the play, the
beaten cards and their draws (DD-4..DD-7) and the push-through (DD-4a) change them in place as
``rules.apply`` would.

A push-through that ends the game (a seat with an empty hand in the group, DD-8) is played
here too, the game then recorded by ``rules.end_game`` on a state written back from the lists (no
look-ahead at every step for whether a card would end it); the guard (DD-10) is left to
``rules.apply``. The lists are read again after either. The playout's end is the state the
step-by-step playout ends with (``last_events`` aside: no events are made);
``tests/games/test_random_playouts.py`` compares them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pondside.engine import Rng

from . import rules
from .state import GUARD_CYCLES, OTHERS, PLAY, DownTheDrainState

# AROUND[n][s]: seat s, then the other seats clockwise (a push-through's order, DD-4a).
AROUND = {n: tuple((s, *others) for s, others in enumerate(seats)) for n, seats in OTHERS.items()}


def random_playout(
    state: DownTheDrainState,
    hands_done: int,
    last: int,
    limit: int,
    turns: int,
    getrandbits: Callable[[int], int],
) -> DownTheDrainState:
    """``SearchBot.playout``'s loop with the random policy from ``state``: until the game after
    ``hands_done`` games ends, ``limit`` decisions were made (-1: no limit) or the turn passed
    from one seat to another ``turns`` times (-1: no limit); ``last`` acted last."""
    st = state
    while True:
        if st.over or len(st.history) > hands_done or limit == 0:
            return st
        n = st.n
        others = OTHERS[n]
        around = AROUND[n]
        guard = GUARD_CYCLES * n - 1
        hands = [list(h) for h in st.hands]
        front = list(st.front)
        stack: Sequence[int] = st.stack
        top, discard = st.top, list(st.discard)
        rng, seat, plays = st.rng, st.seat, st.plays
        delegate = ""  # the action left to the rules
        winners: list[int] = []
        while limit != 0:
            if seat != last:
                if last >= 0:
                    turns -= 1
                    if turns == 0:
                        break
                last = seat
            hand = hands[seat]
            cards = list(dict.fromkeys(hand))  # legal_actions: each number once, ascending
            count = len(cards)
            k = count.bit_length()
            i = getrandbits(k)
            while i >= count:
                i = getrandbits(k)
            limit -= 1
            card = cards[i]
            if plays >= guard:
                delegate = PLAY[card]  # the game ends with it (DD-10)
                break
            hand.remove(card)
            front[seat] = card
            value = card * front.count(card)
            # DD-4d, DD-5: rules.apply's beaten, in the same order; a plain loop (a
            # comprehension's call cost more than its work over a few seats).
            beaten = None
            for t in others[seat]:
                c = front[t]
                if c and c < value and c != card and c * front.count(c) < value:
                    if beaten is None:
                        beaten = [t]
                    else:
                        beaten.append(t)
            if beaten is not None:
                for t in beaten:
                    discard.append(front[t])
                    front[t] = 0
                for t in beaten:  # rules._draw: one card each, the stack reshuffled when empty
                    if top >= len(stack):
                        shuffler = Rng(rng)
                        stack = shuffler.shuffled(discard)
                        rng = shuffler.state
                        top = 0
                        discard = []
                    c = stack[top]
                    top += 1
                    h = hands[t]
                    j = 0
                    while j < len(h) and h[j] < c:
                        j += 1
                    h.insert(j, c)
            plays += 1
            seat = seat + 1 if seat + 1 < n else 0
            pushed = front[seat]
            if pushed:  # DD-4a: the group goes; a seat of it with an empty hand wins (DD-8)
                for t in around[seat]:
                    if front[t] == pushed:
                        front[t] = 0
                        discard.append(pushed)
                        if not hands[t]:
                            winners.append(t)
                if winners:
                    break
        st = st.copy()
        st.hands = tuple([tuple(h) for h in hands])
        st.front = tuple(front)
        st.stack, st.top, st.discard = tuple(stack), top, tuple(discard)
        st.rng, st.seat, st.plays = rng, seat, plays
        st.last_events = []
        if winners:
            rules.end_game(st, tuple(sorted(winners)))
        elif delegate:
            st, _events = rules.apply(st, seat, delegate)
        else:
            return st
