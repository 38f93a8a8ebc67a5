"""What one seat of Ladders knows and what a whole deck must be (LA-1, LA-16): its view of the
table, the determinization from that view for the bots that search, and the check that a deal
or a position holds exactly the 188-card deck."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from pondside.engine import BadPosition, Game, View
from pondside.engine.deal import deal_others
from pondside.engine.rng import seed_state, shuffle
from pondside.i18n import _, ngettext

from .state import (
    CARD,
    DECK_COUNTS,
    HAND,
    PARSE_CARD,
    RUNGS,
    SLOTS,
    TOP,
    WILD,
    LaddersOptions,
    LaddersState,
    LaddersView,
    show,
)


def options_of(st: LaddersState) -> LaddersOptions:
    """The match's options, as the view shows them."""
    return {"teams": st.teams, "target": st.target, "rounds": st.rounds}


def view(game: Game[LaddersState], state: LaddersState, seat: int | None) -> LaddersView:
    """LA-16: CLIMB tops and sizes, RUNG piles, ACCENT piles, DISCARD, DRAW size, hand sizes.

    DISCARD's cards are listed (sorted): each was public on a completed ACCENT pile.
    """
    st = state
    v: LaddersView = {
        # The common keys; mypy cannot know the ** holds no "hand", set below.
        **game.common_view(st, seat, st.round_no, st.hands, st.totals, st.history),  # type: ignore[typeddict-item]
        "options": options_of(st),
        "dealer": st.dealer,
        "partners": [st.partner(s) if st.teams else None for s in range(st.n)],
        "climb_tops": [CARD[c[-1]] if c else None for c in st.climbs],
        "climb_sizes": [len(c) for c in st.climbs],
        "rungs": [[show(r) for r in rs] for rs in st.rungs],
        "accents": [show(p) for p in st.accents],
        "accent_next": [len(p) + 1 for p in st.accents],
        "discard": show(sorted(st.discard)),
        "draw_size": len(st.draw),
        "played": st.played,
        "idle_turns": st.idle,
    }
    if seat is not None:
        v["hand"] = show(st.hands[seat])
    return v


def determinizer(view: View, st: LaddersState) -> Callable[[random.Random], LaddersState]:
    """Keep every public pile and the seat's hand; resample the rest from the unseen cards.

    ``st`` is a blank state for the view's table. The unseen cards (the deck less the hand,
    CLIMB tops, RUNG, ACCENT and DISCARD piles) are shuffled and dealt to the other hands,
    under each CLIMB top, and into DRAW. The view is read once, here: each call of the sampler
    returned draws the blank's seed, then shuffles and deals (a search samples one view a
    thousand times).
    """
    seat = view["seat"]
    st.round_no = view["hand_number"]
    st.dealer = view["dealer"]
    # Once the match is over no one is to act, and whose turn it was no longer matters.
    st.turn = view["to_act"][0] if view["to_act"] else view["dealer"]
    st.totals = tuple(view["totals"])
    st.history = tuple(tuple(r) for r in view["hand_scores"])
    st.last_events = tuple(view["last_events"])
    st.idle = view["idle_turns"]
    st.played = view["played"]
    st.over = view["over"]

    def cards(x: list[str]) -> tuple[int, ...]:
        return tuple(PARSE_CARD[c] for c in x)

    st.rungs = tuple(tuple(cards(r) for r in rs) for rs in view["rungs"])
    st.accents = tuple(cards(p) for p in view["accents"])
    st.discard = cards(view["discard"])
    own = cards(view["hand"])
    tops = [PARSE_CARD[t] if t is not None else 0 for t in view["climb_tops"]]
    # The deck's counts less every card seen, in a list by card (Counter.subtract, a search's
    # every iteration, was a tenth of its determinization); the pool in the deck's order.
    unseen = [0] * (WILD + 1)
    for c, k in DECK_COUNTS.items():
        unseen[c] = k
    for c in own:
        unseen[c] -= 1
    for c in st.discard:
        unseen[c] -= 1
    for p in st.accents:
        for c in p:
            unseen[c] -= 1
    for rs in st.rungs:
        for r in rs:
            for c in r:
                unseen[c] -= 1
    for t in tops:
        if t:
            unseen[t] -= 1
    unseen_cards = [c for c in DECK_COUNTS for _copy in range(unseen[c])]
    hand_sizes = [(s, size) for s, size in enumerate(view["hand_sizes"])]
    climb_sizes = list(zip(tops, view["climb_sizes"], strict=True))
    dealt = sum(size for s, size in hand_sizes if s != seat)
    dealt += sum(size - 1 for _top, size in climb_sizes if size)
    if len(unseen_cards) - dealt != view["draw_size"]:
        raise BadPosition(_("the view's card counts do not add up to the deck (LA-1)"))
    st.hands, st.climbs, st.draw = (), (), ()  # each sample's own

    def sample(rng: random.Random) -> LaddersState:
        new = st.copy()
        new.rng = seed_state(rng.getrandbits(63))
        pool = unseen_cards.copy()
        shuffle(rng, pool)
        hands, at = deal_others(pool, hand_sizes, seat, own)
        climbs: list[tuple[int, ...]] = []
        for t, size in climb_sizes:
            if size:
                climbs.append((*pool[at : at + size - 1], t))
                at += size - 1
            else:
                climbs.append(())
        new.hands, new.climbs = hands, tuple(climbs)
        new.draw = tuple(pool[at:])
        return new

    return sample


def check_deck(cards: list[int], error: type[Exception]) -> None:
    """LA-1: the cards are exactly the 188-card deck."""
    got = Counter(cards)
    if got == DECK_COUNTS:
        return
    for c in sorted(DECK_COUNTS):
        if got[c] > DECK_COUNTS[c]:
            raise error(
                _("there are {n} cards {card}; the deck has {deck} (LA-1)").format(
                    n=got[c], card=repr(CARD[c]), deck=DECK_COUNTS[c]
                )
            )
    missing = sorted((DECK_COUNTS - got).elements())
    raise error(
        ngettext(
            "{n} card of the 188-card deck is missing, e.g. {card} (LA-1)",
            "{n} cards of the 188-card deck are missing, e.g. {card} (LA-1)",
            len(missing),
        ).format(n=len(missing), card=repr(CARD[missing[0]]))
    )


def check_position(state: LaddersState) -> LaddersState:
    """A given position checked (LA-1, LA-4, LA-5, LA-9): the whole deck once, piles and hands
    in their limits; that the seat to act can act is the rules' to check (``has_play``)."""
    st = state
    st.hands = tuple(tuple(sorted(h)) for h in st.hands)
    n = st.n
    if not (len(st.climbs) == len(st.hands) == len(st.rungs) == len(st.totals) == n):
        raise BadPosition(
            _("climbs, hands, rungs and totals need one entry per seat ({n})").format(n=n)
        )
    if any(len(rs) != RUNGS for rs in st.rungs) or len(st.accents) != SLOTS:
        raise BadPosition(_("each seat has 4 RUNG piles and there are 4 ACCENT slots (LA-5, LA-9)"))
    if not (0 <= st.turn < n and 0 <= st.dealer < n):
        raise BadPosition(_("turn and dealer are seats from 0 to {last}").format(last=n - 1))
    if any(len(h) > HAND for h in st.hands):
        raise BadPosition(_("a hand holds at most {n} cards (LA-4)").format(n=HAND))
    for pile in st.accents:
        if len(pile) >= TOP or any(c not in (i + 1, WILD) for i, c in enumerate(pile)):
            raise BadPosition(_("an ACCENT pile runs 1, 2, 3, ... (or W) and is gone at 12 (LA-5)"))
    cards = [c for x in st.climbs for c in x] + [c for h in st.hands for c in h]
    cards += [c for rs in st.rungs for r in rs for c in r] + [c for p in st.accents for c in p]
    check_deck(cards + list(st.draw) + list(st.discard), BadPosition)
    if len(st.history) != st.round_no - (0 if st.over else 1):
        raise BadPosition(_("history holds one entry per finished round"))
    if not st.over and not st.hands[st.turn] and (st.draw or st.discard):
        raise BadPosition(_("the seat to act has an empty hand, refilled at once (LA-8)"))
    return st
