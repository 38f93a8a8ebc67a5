"""A search's random playout of Lame Duck in one loop over lists (issue 29, point 5).

``search.py`` plays a random playout as ``to_act``, ``legal_actions`` and ``apply`` step after
step, each copying the state and building its events. ``random_playout`` plays the same playout,
the same choice at every step from the same draws of ``getrandbits``, on lists it owns: the
choices, the reveal and the placing of the turn's cards (LD-5..LD-8) change them as ``rules``
would.

The playout's end is the state the step-by-step playout ends with (``last_events`` aside: no
events are made), but for one thing: where the round ends (LD-9), the next round is not dealt
(``rules.close_round``: the history, the scores and the match's end are those of the rules, and
hands, columns and the generator are the last turn's). A search judges the playout by those
scores; the deal's shuffle of the deck was a tenth of its time.
``tests/games/test_random_playouts.py`` compares the two.
"""

from __future__ import annotations

from collections.abc import Callable

from . import rules
from .state import DUCKS, TURNS, LameDuckState


def random_playout(
    state: LameDuckState,
    hands_done: int,
    last: int,
    limit: int,
    turns: int,
    getrandbits: Callable[[int], int],
) -> LameDuckState:
    """``SearchBot.playout``'s loop with the random policy from ``state``: until the round after
    ``hands_done`` rounds ends, ``limit`` decisions were made (-1: no limit) or the turn passed
    from one seat to another ``turns`` times (-1: no limit); ``last`` acted last.
    ``hands_done`` is the rounds ``state`` has finished, as a search passes it: the playout
    ends with the round in play."""
    st = state
    if st.over or len(st.history) > hands_done or limit == 0:
        return st
    column_limit = rules.COLUMN_LIMIT  # read now: the lab may change it (rules.TUNABLES)
    takes = len(rules.TAKE)
    n = st.n
    hands = [list(h) for h in st.hands]
    chosen = list(st.chosen)
    columns = [list(c) for c in st.columns]
    taken = [list(t) for t in st.taken]
    ducks = list(st.ducks)
    revealed, awaiting, turn = st.revealed, st.awaiting, st.turn
    while limit != 0:
        # to_act's first seat: the one whose card is too low, else the first to choose.
        seat = awaiting if awaiting >= 0 else chosen.index(0)
        if seat != last:
            if last >= 0:
                turns -= 1
                if turns == 0:
                    break
            last = seat
        count = takes if awaiting >= 0 else len(hands[seat])
        k = count.bit_length()
        i = getrandbits(k)
        while i >= count:
            i = getrandbits(k)
        limit -= 1
        take = -1
        if awaiting >= 0:  # LD-8: the too-low card takes column i
            take = i
        else:  # LD-5: a card chosen; the last one reveals the turn
            card = hands[seat][i]
            chosen[seat] = card
            if 0 in chosen:
                continue
            revealed = tuple(sorted(zip(chosen, range(n), strict=True)))
            for s in range(n):
                hands[s].remove(chosen[s])
            chosen = [0] * n
        # rules._place: the revealed cards in order, lowest first (LD-6..LD-8).
        awaiting = -1
        for card, s in revealed:
            col, best_end = -1, 0
            for j in range(len(columns)):
                end = columns[j][-1]
                if best_end < end < card:
                    col, best_end = j, end
            if col < 0:  # LD-8: too low; only the turn's lowest card can be
                if take < 0:
                    awaiting = s
                    break
                col, take = take, -1
            elif len(columns[col]) != column_limit:
                columns[col].append(card)
                continue
            gone = columns[col]  # LD-7: the sixth card, or LD-8: the column taken
            taken[s] += gone
            ducks[s] += sum([DUCKS[c] for c in gone])
            columns[col] = [card]
        else:
            turn += 1
            if turn == TURNS:
                break  # LD-9: the round is over
    st = st.copy()
    st.hands = tuple([tuple(h) for h in hands])
    st.chosen = tuple(chosen)
    st.columns = tuple([tuple(c) for c in columns])
    st.taken = tuple([tuple(t) for t in taken])
    st.ducks = tuple(ducks)
    st.revealed, st.awaiting, st.turn = revealed, awaiting, turn
    st.last_events = []
    if turn == TURNS:
        rules.close_round(st)
    return st
