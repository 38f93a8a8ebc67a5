"""A search's random playout of King of the Quackers on one state it owns (issue 29, point 5).

``search.py`` plays a random playout as ``legal_actions`` and ``apply`` step after step, each
copying the state and checking the action anew. ``random_playout`` plays the same playout, the
same action at every step from the same draws of ``getrandbits``, on one copy of the state that
the rules' own passes and plays change in place (``rules.pass_into``, ``rules.play_into``): an
action listed by ``legal_actions`` needs no check, and each play's text is read once
(``parse_play``, ``classify``) for every playout after. The passing of cards (KQ-5) goes through
``rules.apply``. ``tests/games/test_random_playouts.py`` compares the ends.
"""

from __future__ import annotations

from collections.abc import Callable

from . import rules
from .combinations import (
    BOMB,
    CODE,
    EXCUSE,
    PASS,
    RANK,
    SINGLE,
    SINGLE_PLAYS,
    SUITMASK,
    Play,
    action_of,
    count_of,
    plays_of,
    read_play,
)
from .state import QuackersState


def random_playout(
    state: QuackersState,
    hands_done: int,
    last: int,
    limit: int,
    turns: int,
    getrandbits: Callable[[int], int],
) -> QuackersState:
    """``SearchBot.playout``'s loop with the random policy from ``state``: until the hand after
    ``hands_done`` hands ends, ``limit`` decisions were made (-1: no limit) or the turn passed
    from one seat to another ``turns`` times (-1: no limit); ``last`` acted last."""
    st = state.copy()  # the steps below change it in place
    legal_actions, to_act = rules.legal_actions, rules.to_act
    while limit != 0:
        if st.over or len(st.history) > hands_done:
            return st
        # A play that ends the hand the playout stops at leaves the next hand undealt: what
        # the search reads of the end (the hands played, the scores, the outcome) is there.
        deal = len(st.history) < hands_done
        seat = st.turn if st.phase == "play" else to_act(st)[0]  # KQ-7: to_act in a round
        if seat != last:
            if last >= 0:
                turns -= 1
                if turns == 0:
                    return st
            last = seat
        size = st.size
        limit -= 1
        if st.phase == "pass":  # KQ-5: legal_actions' gives, in its order; given by the rules
            hand = st.hands[seat]
            others = len(hand) - 1
            count = len(hand) * others
            k = count.bit_length()
            i = getrandbits(k)
            while i >= count:
                i = getrandbits(k)
            left, right = divmod(i, others)
            if right >= left:
                right += 1
            action = rules.GIVE[hand[left]][hand[right]]
            st, _events = rules.apply(st, seat, action)  # a new state, owned as well
            continue
        if size == 1 and not (st.bidding and st.may_promise() and len(st.hands[seat]) > 1):
            # legal_actions' PASS, then the singles that follow (KQ-13, KQ-15), in hand order.
            lead, low = st.lead, st.last_rank
            if lead == EXCUSE:
                fits = [c for c in st.hands[seat] if c == EXCUSE or RANK[c] >= low]
            else:
                mask = SUITMASK[lead]
                fits = [
                    c
                    for c in st.hands[seat]
                    if c == EXCUSE or (RANK[c] >= low and SUITMASK[c] & mask)
                ]
            count = len(fits) + 1
            k = count.bit_length()
            i = getrandbits(k)
            while i >= count:
                i = getrandbits(k)
            if i == 0:
                rules.pass_into(st, seat, False)
            else:
                card = fits[i - 1]
                kind = BOMB if card == EXCUSE else SINGLE  # KQ-15: a following Excuse bombs
                play = Play((card,), SINGLE, RANK[card], 0)
                rules.play_into(st, seat, play, kind, "play " + CODE[card], False, deal, False)
            continue
        if size != 1 and not st.may_promise():
            # legal_actions' combinations in its order, only the chosen one written as text.
            # A hand new to the search (most of the others' sampled hands) is only counted:
            # the combinations are listed when the draw chose one that is not a single.
            hand, kind, last_rank = st.hands[seat], st.kind, st.last_rank
            first = 1 if size else 0  # KQ-8: the leader may not pass
            count = count_of(hand, size, kind, last_rank) + first
            k = count.bit_length()
            i = getrandbits(k)
            while i >= count:
                i = getrandbits(k)
            if i < first:
                rules.pass_into(st, seat, False)
            else:
                i -= first
                if not size and i < len(hand):  # a lead lists the singles first, in hand order
                    play = SINGLE_PLAYS[hand[i]]
                else:
                    play = plays_of(hand, size, kind, last_rank)[i]
                kind = rules.follow_kind(st, play)
                rules.play_into(st, seat, play, kind, action_of(play), False, deal, False)
            continue
        legal = legal_actions(st, seat)
        count = len(legal)
        k = count.bit_length()
        i = getrandbits(k)
        while i >= count:
            i = getrandbits(k)
        action = legal[i]
        if action == PASS:
            rules.pass_into(st, seat, False)
        else:
            _cards, _ace, promise, play = read_play(action)
            kind = rules.follow_kind(st, play)
            rules.play_into(st, seat, play, kind, action, promise, deal, False)
    return st
