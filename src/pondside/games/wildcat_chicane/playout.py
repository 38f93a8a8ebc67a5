"""A search's random playout of Wildcat Chicane in one loop over lists (issue 29, point 5).

``search.py`` plays a random playout as ``legal_actions`` and ``apply`` step after step, each
copying the state and building its events. ``random_playout`` plays the tricks of the same
playout, the same card at every step from the same draws of ``getrandbits``, on lists it owns:
the cards each seat may play (WC-9, WC-10, WC-15), the trick and its winner (WC-8, WC-11) as
``rules`` makes them.

Every other step (ruling cards, calls, bids) is played by the rules on a state written back
from the lists. Where the playout stops at the hand's end, its last trick is played here and the
hand scored by ``rules.close_hand``: the history, the totals and the match's end are the rules',
and the next hand is not dealt (its deal, a tenth of a search's time, is read by no reward);
where it plays on, the trick that ends the hand (WC-12) is left to ``rules.apply``. The
playout's end is the state the step-by-step playout ends with (``last_events`` aside: no events
are made), or where the hand ended, the same hands played, scores and outcome;
``tests/games/test_random_playouts.py`` compares them.
"""

from __future__ import annotations

from collections.abc import Callable

from . import rules
from .cards import PLAY, SUIT, trick_winner
from .state import ChicaneState


def random_playout(
    state: ChicaneState,
    hands_done: int,
    last: int,
    limit: int,
    turns: int,
    getrandbits: Callable[[int], int],
) -> ChicaneState:
    """``SearchBot.playout``'s loop with the random policy from ``state``: until the hand after
    ``hands_done`` hands ends, ``limit`` decisions were made (-1: no limit) or the turn passed
    from one seat to another ``turns`` times (-1: no limit); ``last`` acted last."""
    st = state
    while True:
        if st.phase == "over" or len(st.history) > hands_done or limit == 0:
            return st
        n = st.n
        hands = [list(h) for h in st.hands]
        readings, trumps, classic = st.readings, st.trumps, st.classic
        trick = list(st.trick)
        tricks, winners, won = list(st.tricks), list(st.winners), list(st.won)
        turn, broken = st.turn, st.broken
        playing = st.phase == "play"
        seat = turn if playing else rules.to_act(st)[0]
        delegate = ""  # the action left to the rules
        # The hand's end stops the playout unless it is to play on: then the rules end it
        # (and deal the next); else it is scored here, the next hand not dealt (close_hand).
        closing = len(st.history) + 1 > hands_done
        ended = False
        while limit != 0:
            if seat != last:
                if last >= 0:
                    turns -= 1
                    if turns == 0:
                        break
                last = seat
            if not playing:  # ruling cards, calls and bids: the rules' own step
                legal = rules.legal_actions(st, seat)
                count = len(legal)
            else:  # rules.legal_actions: cards.playable with this seat's reading and trump
                hand = hands[seat]
                reading = readings[seat]
                if trick:
                    leader, first = trick[0]
                    led = SUIT[first][readings[leader]]
                    cards = [c for c in hand if SUIT[c][reading] == led] or hand
                elif classic and broken:
                    cards = hand
                else:
                    trump = trumps[seat]
                    cards = [c for c in hand if SUIT[c][reading] != trump] or hand
                count = len(cards)
            k = count.bit_length()
            i = getrandbits(k)
            while i >= count:
                i = getrandbits(k)
            limit -= 1
            if not playing:
                delegate = legal[i]
                break
            card = cards[i]
            if not closing and len(trick) == n - 1 and (len(hand) == 1 or not all(hands)):
                delegate = PLAY[card]  # the hand could end with this trick (WC-12)
                break
            hand.remove(card)
            trick.append((seat, card))
            broken = broken or SUIT[card][reading] == trumps[seat]  # WC-6: a trump played
            if len(trick) < n:
                seat = turn = (seat + 1) % n
                continue
            winner = trick_winner(trick, readings, trumps)
            won[winner] += 1
            tricks.append(tuple(trick))
            winners.append(winner)
            trick = []
            seat = turn = winner  # WC-8: the winner leads next
            if not hands[winner]:  # WC-12: the hand is over (closing: else delegated)
                ended = True
                break
        if playing:
            st = st.copy()
            st.hands = tuple([tuple(h) for h in hands])
            st.trick, st.tricks = tuple(trick), tuple(tricks)
            st.winners, st.won = tuple(winners), tuple(won)
            st.turn, st.broken = turn, broken
            st.last_events = []
        if ended:
            rules.close_hand(st)
            return st
        if not delegate:
            return st
        st, _events = rules.apply(st, seat, delegate)
