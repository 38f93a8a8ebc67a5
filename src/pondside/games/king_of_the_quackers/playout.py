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
    FLUSH,
    PASS,
    RANK,
    SET,
    SINGLE,
    Play,
    action_of,
    bombs,
    classify,
    flushes,
    parse_play,
    sets,
)
from .state import QuackersState

_READ: dict[str, tuple[Play, bool]] = {}
"""Each play's combination and whether it promises, by its text (the legal ones seen so far)."""
_READ_MOST = 200_000
"""Texts kept at most (a hand's plays are far fewer): past it the table starts again."""


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
        seat = to_act(st)[0]
        if seat != last:
            if last >= 0:
                turns -= 1
                if turns == 0:
                    return st
            last = seat
        size = st.size
        if st.phase == "play" and size != 1 and not st.bidding:
            # legal_actions' combinations in its order, only the chosen one written as text.
            hand = st.hands[seat]
            if size == 0:  # KQ-8: the leader plays any combination and may not pass
                plays = [Play((c,), SINGLE, RANK[c], 0) for c in hand]
                plays += sets(hand, 0, 0)
                plays += flushes(hand, 0, 0)
                plays += bombs(hand, 0)
                first = 0
            else:  # PASS, then a Bomb, or the round's kind higher (KQ-16..KQ-24)
                plays = bombs(hand, size)
                if st.kind != FLUSH:
                    plays += sets(hand, size, st.last_rank)
                if st.kind != SET and size >= 3:
                    plays += flushes(hand, size, st.last_rank)
                first = 1
            count = len(plays) + first
            k = count.bit_length()
            i = getrandbits(k)
            while i >= count:
                i = getrandbits(k)
            action = action_of(plays[i - first]) if i >= first else PASS
        else:
            legal = legal_actions(st, seat)
            count = len(legal)
            k = count.bit_length()
            i = getrandbits(k)
            while i >= count:
                i = getrandbits(k)
            action = legal[i]
        limit -= 1
        if st.phase == "pass":  # KQ-5: the cards given, by the rules
            st, _events = rules.apply(st, seat, action)  # a new state, owned as well
        elif action == PASS:
            rules.pass_into(st, seat)
        else:
            read = _READ.get(action)
            if read is None:
                if len(_READ) >= _READ_MOST:
                    _READ.clear()
                cards, ace, promise = parse_play(action)
                read = _READ[action] = (classify(cards, ace), promise)
            play, promise = read
            rules.play_into(st, seat, play, rules.follow_kind(st, play), action, promise)
    return st
