"""A search's random playout of Ladders in one loop over lists (issue 29, point 5).

``search.py`` plays a random playout as ``legal_actions`` and ``apply`` step after step; in
Ladders those two are nearly all of an ISMCTS's time (sixty decisions a playout, each copying
the state, building its events and the actions' strings). ``random_playout`` plays the same
playout, the same action at every step from the same draws of ``getrandbits``, on lists it owns:
the legal actions are listed in ``legal_actions``' order as tuples (a discard only counted), and a
play or discard changes the piles in place as ``rules`` would (LA-4..LA-9, LA-11).

Turns that pass by themselves (an empty hand with nothing to draw and no play, LA-9, LA-11) and
the idle turns of LA-15 are played on the lists too, and a round ended by them in a deadlock is
closed by the rules (``end_round``) on a state written back from the lists. A step that could
end the round otherwise is played by the rules on such a state (a play of a CLIMB's last card
or a discard that makes the deadlock, LA-12, LA-15: drawn here, as ``legal_actions`` lists it;
a seat whose CLIMB, or whose partner's, is already empty, LA-14), and the lists are read again
after it. The playout's end is a ``LaddersState`` as the step-by-step playout ends it
(``last_events`` aside: no events are made); ``tests/games/test_random_playouts.py`` compares
the two.
"""

from __future__ import annotations

from collections.abc import Callable

from pondside.engine import Rng

from . import rules
from .state import HAND, RUNGS, TOP, WILD, LaddersState

_OPEN: dict[tuple[int, ...], tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]] = {}
"""``_open_slots`` by the ACCENT piles' sizes, for those seen so far."""


def _open_slots(
    piles: tuple[int, ...],
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Per card, the slots ``rules.open_slots`` offers it with ACCENT piles of ``piles`` cards
    (LA-5: a pile takes the next number or a SKIP PORTAL; only the lowest empty slot is
    offered), and their numbers. Worked out once for each of the piles' sizes (at most 12**4)."""
    found = _OPEN.get(piles)
    if found is None:
        fits: list[list[int]] = [[] for _card in range(WILD + 1)]
        empty = False
        for s, size in enumerate(piles):
            if size:
                fits[size + 1].append(s)
            elif empty:
                continue
            else:
                empty = True
                fits[1].append(s)
            fits[WILD].append(s)
        found = _OPEN[piles] = (tuple(map(tuple, fits)), tuple(map(len, fits)))
    return found


def random_playout(
    state: LaddersState,
    hands_done: int,
    last: int,
    limit: int,
    turns: int,
    getrandbits: Callable[[int], int],
) -> LaddersState:
    """``SearchBot.playout``'s loop with the random policy from ``state``: until the round after
    ``hands_done`` rounds ends, ``limit`` decisions were made (-1: no limit) or the turn passed
    from one seat to another ``turns`` times (-1: no limit); ``last`` acted last."""
    st = state
    while True:
        if st.over or len(st.history) > hands_done or limit == 0:
            return st
        # A round ended where the playout stops is left undealt: the search reads the totals.
        deal = len(st.history) < hands_done
        n, teams = st.n, st.teams
        hands = [list(h) for h in st.hands]
        climbs = [list(c) for c in st.climbs]
        rungs = [[list(p) for p in r] for r in st.rungs]
        accents = [list(p) for p in st.accents]
        draw, discard = list(st.draw), list(st.discard)
        rng, turn, played, idle = st.rng, st.turn, st.played, st.idle
        fits: tuple[tuple[int, ...], ...] | None = None  # per card, its open_slots
        sizes: tuple[int, ...] = ()
        chosen = -1  # an action drawn here that the rules play (the round may end, LA-12, LA-15)
        ended = False  # the round ended by itself in a deadlock (LA-15): ``st`` says how
        while limit != 0:
            seat = turn
            if seat != last:
                if last >= 0:
                    turns -= 1
                    if turns == 0:
                        break
                last = seat
            partner = (seat + 2) % 4 if teams else -1
            if not climbs[seat] or (partner >= 0 and not climbs[partner]):
                break  # the rules play this step (the module's docstring says why)
            # legal_actions' order: plays from the hand (set order), the CLIMB top, the RUNG
            # tops, a partner's CLIMB and RUNG tops, then every discard of the hand. Only
            # counted: the chosen one is found by walking the same order.
            if fits is None:  # the ACCENT piles changed: open_slots for every card again
                fits, sizes = _open_slots(tuple(map(len, accents)))
            hand = hands[seat]
            cards = list(set(hand))
            own = rungs[seat]
            # Loops, not sums of comprehensions: at most five cards and four piles each, and a
            # comprehension's call cost more than its work (a fifth of the playout).
            plays = sizes[climbs[seat][-1]]  # the CLIMB is never empty here
            for c in cards:
                plays += sizes[c]
            for p in own:
                if p:
                    plays += sizes[p[-1]]
            if partner >= 0:
                other = rungs[partner]
                plays += sizes[climbs[partner][-1]]
                for p in other:
                    if p:
                        plays += sizes[p[-1]]
            count = plays + RUNGS * len(cards)
            if not count:
                break
            k = count.bit_length()
            i = getrandbits(k)
            while i >= count:
                i = getrandbits(k)
            limit -= 1
            drawn = i
            if i >= plays:  # LA-9: a discard ends the turn
                i -= plays
                busy = played or draw or discard
                if not busy and idle + 1 >= n:  # LA-15: the round ends in a deadlock
                    chosen = drawn
                    limit += 1  # counted when the rules play it
                    break
                card = cards[i // RUNGS]
                hand.remove(card)
                rungs[seat][i % RUNGS].append(card)
                idle = 0 if busy else idle + 1  # LA-15
                turn = (turn + 1) % n
                played = False
                refill = HAND - len(hands[turn])
            else:  # LA-5: a card onto an ACCENT pile
                # The sources in legal_actions' order (the hand's cards, the CLIMB top, the RUNG
                # tops, then a partner's), walked until the i-th play: kind 0 the hand, 1 a
                # CLIMB (x its seat), 2 a RUNG pile (x = seat * RUNGS + pile).
                kind = x = card = -1
                for c in cards:
                    if i < sizes[c]:
                        kind, x, card = 0, c, c
                        break
                    i -= sizes[c]
                for s in () if kind >= 0 else (seat, partner) if partner >= 0 else (seat,):
                    card = climbs[s][-1]
                    if i < sizes[card]:
                        kind, x = 1, s
                        break
                    i -= sizes[card]
                    for r, p in enumerate(rungs[s]):
                        if p:
                            if i < sizes[p[-1]]:
                                kind, x, card = 2, s * RUNGS + r, p[-1]
                                break
                            i -= sizes[p[-1]]
                    if kind >= 0:
                        break
                if kind == 1 and len(climbs[x]) == 1:  # LA-12: the round may be won
                    chosen = drawn
                    limit += 1  # counted when the rules play it
                    break
                slot = fits[card][i]
                if kind == 0:
                    hand.remove(card)
                elif kind == 1:
                    climbs[x].pop()  # LA-6: the next card is face up; the round goes on
                else:
                    rungs[x // RUNGS][x % RUNGS].pop()
                pile = accents[slot]
                pile.append(card)
                if len(pile) == TOP:  # LA-7: the completed pile goes to DISCARD
                    discard += pile
                    accents[slot] = []
                fits = None
                played = True
                refill = 0 if hand else HAND  # LA-8: an emptied hand is refilled
            while True:  # rules._settle: the seat to act refilled, or its turn passes by itself
                if refill > 0:  # _draw_cards: off the top, DISCARD reshuffled when DRAW runs out
                    target = hands[turn]
                    while refill > 0:
                        if not draw:
                            if not discard:
                                break  # LA-11: both empty, draw what there is
                            shuffler = Rng(rng)
                            draw = shuffler.shuffled(discard)
                            rng = shuffler.state
                            discard = []
                        got = min(refill, len(draw))
                        target += draw[-got:]
                        del draw[-got:]
                        refill -= got
                    target.sort()
                if hands[turn]:
                    break
                # An empty hand with nothing to draw: a play from the piles, or the turn passes.
                if fits is None:
                    fits, sizes = _open_slots(tuple(map(len, accents)))
                holders = (turn, (turn + 2) % 4) if teams else (turn,)
                if any(
                    sizes[c]
                    for h in holders
                    for c in [*climbs[h][-1:], *[p[-1] for p in rungs[h] if p]]
                ):
                    break
                idle = 0 if played or draw or discard else idle + 1  # LA-15
                if idle >= n:  # the round ends in a deadlock, by the rules
                    ended = True
                    break
                turn = (turn + 1) % n
                played = False
                refill = HAND - len(hands[turn])
            if ended:
                break
        st = st.copy()
        st.hands = tuple([tuple(h) for h in hands])
        st.climbs = tuple([tuple(c) for c in climbs])
        st.rungs = tuple([tuple([tuple(p) for p in r]) for r in rungs])
        st.accents = tuple([tuple(p) for p in accents])
        st.draw, st.discard = tuple(draw), tuple(discard)
        st.rng, st.turn, st.played, st.idle = rng, turn, played, idle
        st.last_events = []
        if ended:
            rules.end_round(st, rules.fewest_climb_side(st), "deadlock", [], deal)
            continue
        if limit == 0 or turns == 0:
            return st
        # The step the lists leave to the rules, as the step-by-step loop plays it.
        legal = rules.legal_actions(st, turn)
        i = chosen
        if i < 0:
            count = len(legal)
            k = count.bit_length()
            i = getrandbits(k)
            while i >= count:
                i = getrandbits(k)
        st, _events = rules.apply(st, turn, legal[i], deal)
        limit -= 1
