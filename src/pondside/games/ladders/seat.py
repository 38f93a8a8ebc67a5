"""What one seat of Ladders knows and what a whole deck must be (LA-1, LA-16): the
determinization from a seat's view, for the bots that search, and the check that a deal or a
position holds exactly the 188-card deck. Kept out of ``ladders.py`` so that the game module
holds the rules of play."""

from __future__ import annotations

import random
from collections import Counter

from pondside.engine import BadPosition, View
from pondside.engine.rng import shuffle

from .state import CARD, DECK_COUNTS, PARSE_CARD, LaddersState


def determinize(view: View, st: LaddersState, rng: random.Random) -> LaddersState:
    """Keep every public pile and the seat's hand; resample the rest from the unseen cards.

    ``st`` is a blank state for the view's table. The unseen cards (the deck less the hand,
    CLIMB tops, RUNG, ACCENT and DISCARD piles) are shuffled and dealt to the other hands,
    under each CLIMB top, and into DRAW.
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
    unseen = DECK_COUNTS.copy()
    unseen.subtract(own)
    unseen.subtract(st.discard)
    unseen.subtract(c for p in st.accents for c in p)
    unseen.subtract(c for rs in st.rungs for r in rs for c in r)
    unseen.subtract(t for t in tops if t)
    pool = list(unseen.elements())
    shuffle(rng, pool)
    hands: list[tuple[int, ...]] = []
    for s, size in enumerate(view["hand_sizes"]):
        hands.append(own if s == seat else tuple(sorted(pool[:size])))
        if s != seat:
            del pool[:size]
    climbs: list[tuple[int, ...]] = []
    for t, size in zip(tops, view["climb_sizes"], strict=True):
        if size:
            climbs.append((*pool[: size - 1], t))
            del pool[: size - 1]
        else:
            climbs.append(())
    st.hands, st.climbs = tuple(hands), tuple(climbs)
    if len(pool) != view["draw_size"]:
        raise BadPosition("the view's card counts do not add up to the deck (LA-1)")
    st.draw = tuple(pool)
    return st


def check_deck(cards: list[int], error: type[Exception]) -> None:
    """LA-1: the cards are exactly the 188-card deck."""
    got = Counter(cards)
    if got == DECK_COUNTS:
        return
    for c in sorted(DECK_COUNTS):
        if got[c] > DECK_COUNTS[c]:
            raise error(
                f"there are {got[c]} cards {CARD[c]!r}; the deck has {DECK_COUNTS[c]} (LA-1)"
            )
    missing = sorted((DECK_COUNTS - got).elements())
    raise error(
        f"{len(missing)} cards of the 188-card deck are missing, e.g. {CARD[missing[0]]!r} (LA-1)"
    )
