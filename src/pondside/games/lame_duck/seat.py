"""What one seat of Lame Duck knows: its view of the table (LD-12: the choices are hidden), the
determinization from that view for the bots that search, and the check of a given position."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from pondside.engine import BadPosition, Game, View
from pondside.engine.rng import shuffle

from .state import COLUMNS, TURNS, LameDuckState, LameDuckView, column_ducks, deck_size


def view(game: Game[LameDuckState], state: LameDuckState, seat: int | None) -> LameDuckView:
    """What ``seat`` sees (a spectator: None): the table, and its own hand and choice (LD-12)."""
    return seat_view(shared_view(game, state), state, seat)


def shared_view(game: Game[LameDuckState], state: LameDuckState) -> LameDuckView:
    """What every seat's view holds alike: a spectator's (the table, LD-12), but ``seat``."""
    st = state
    return {
        # The common keys; mypy cannot know the ** holds no "hand", set by seat_view.
        **game.common_view(st, None, st.round_no, st.hands, st.totals(), st.history),  # type: ignore[typeddict-item]
        "options": {"expert": st.expert, "rounds": st.rounds, "target": st.target},
        "turn_number": min(st.turn + 1, TURNS),
        "turns": TURNS,
        "columns": [list(c) for c in st.columns],
        "column_ducks": [column_ducks(c) for c in st.columns],
        "chosen": [bool(c) for c in st.chosen],
        "revealed": [[s, c] for c, s in st.revealed],
        "awaiting_take": None if st.awaiting < 0 else st.awaiting,
        "taken": [list(t) for t in st.taken],
        "round_ducks": list(st.ducks),
    }


def seat_view(shared: LameDuckView, state: LameDuckState, seat: int | None) -> LameDuckView:
    """``seat``'s view: the ``shared`` part (its values are shared with every view made from
    it, not copied: such views are only read), its seat, and its own hand and choice."""
    v = shared.copy()
    v["seat"] = seat
    if seat is not None:
        v["hand"] = list(state.hands[seat])
        v["my_choice"] = state.chosen[seat] or None
    return v


def determinize(view: View, st: LameDuckState, rng: random.Random) -> LameDuckState:
    """Deal the cards this seat cannot see to the other hands (and the unused pile).

    A seat knows its hand, every column, every revealed and taken card, and how many cards
    each hand holds; the rest of the deck is unseen. ``st`` is a blank state for the view's
    table. Others who have already chosen this turn get a chosen card drawn from their sampled
    hand (choices are hidden, LD-12).
    """
    seat = view["seat"]
    if seat is None:
        raise BadPosition("determinization is from one seat's view, not a spectator's")
    n = st.n
    st.round_no = view["hand_number"]
    st.history = tuple(tuple(r) for r in view["hand_scores"])
    st.last_events = tuple(view["last_events"])
    st.over = view["over"]
    st.columns = tuple(tuple(c) for c in view["columns"])
    st.taken = tuple(tuple(t) for t in view["taken"])
    st.ducks = tuple(view["round_ducks"])
    st.awaiting = -1 if view["awaiting_take"] is None else view["awaiting_take"]
    st.revealed = tuple((c, s) for s, c in view["revealed"])
    st.turn = TURNS if st.over else view["turn_number"] - 1
    seen = {c for col in st.columns for c in col} | {c for t in st.taken for c in t}
    if st.awaiting >= 0:
        seen |= {c for c, _ in st.revealed}
    own = view["hand"]
    seen |= set(own)
    unseen = [c for c in range(1, deck_size(n, st.expert) + 1) if c not in seen]
    shuffle(rng, unseen)
    hands: list[tuple[int, ...]] = []
    for s, size in enumerate(view["hand_sizes"]):
        if s == seat:
            hands.append(tuple(own))
        else:
            hands.append(tuple(sorted(unseen[:size])))
            del unseen[:size]
    st.hands = tuple(hands)
    st.unused = tuple(sorted(unseen))
    st.chosen = tuple(
        (view["my_choice"] or 0) if s == seat else (rng.choice(hands[s]) if ch else 0)
        for s, ch in enumerate(view["chosen"])
    )
    return st


def check_position(state: LameDuckState, column_limit: int) -> LameDuckState:
    """A given position checked (LD-1, LD-4, LD-5, LD-7): every card of the deck once, the
    hands as long as the turn says, a choice only of a card in its hand; ``column_limit`` is
    the rules' (LD-7, tunable)."""
    st = state
    st.hands = tuple(tuple(sorted(h)) for h in st.hands)
    st.unused = tuple(sorted(st.unused))
    n = st.n
    if not -1 <= st.awaiting < n or any(not 0 <= s < n for _, s in st.revealed):
        raise BadPosition(f"awaiting and the revealed cards' seats are seats 0 to {n - 1}")
    if st.revealed and sorted({s for _, s in st.revealed}) != list(range(n)):
        raise BadPosition("a turn reveals one card per seat (LD-5)")
    if not (len(st.hands) == len(st.chosen) == len(st.taken) == len(st.ducks) == n):
        raise BadPosition(f"hands, chosen, taken and ducks need one entry per seat ({n})")
    if len(st.columns) != COLUMNS or any(not col or len(col) > column_limit for col in st.columns):
        raise BadPosition("there are 4 columns of 1 to 5 cards each (LD-4, LD-7)")
    pending = st.revealed if st.awaiting >= 0 else ()
    cards = [c for h in st.hands for c in h] + list(st.unused)
    cards += [c for col in st.columns for c in col] + [c for t in st.taken for c in t]
    cards += [c for c, _ in pending]
    if sorted(cards) != list(range(1, deck_size(n, st.expert) + 1)):
        raise BadPosition("the position's cards are not exactly the deck, each card once (LD-1)")
    # While a too-low card waits for its column, the turn's cards have left the hands.
    held = TURNS - st.turn - (1 if st.awaiting >= 0 else 0)
    if not 0 <= st.turn <= TURNS or any(len(h) != held for h in st.hands):
        raise BadPosition(f"after {st.turn} turns every hand holds {held} cards (LD-5)")
    for s, c in enumerate(st.chosen):
        if c and c not in st.hands[s]:
            raise BadPosition(f"seat {s} chose {c}, which is not in its hand")
    if len(st.history) != st.round_no - (st.turn < TURNS):
        raise BadPosition("history holds one entry per finished round")
    return st


def views(game: Game[Any], state: LameDuckState, seats: Iterable[int | None]) -> list[View]:
    """Every seat's view with the table built once: only the hand and the choice are each
    seat's own (LD-12). The views share the table's values: read them only."""
    shared = shared_view(game, state)
    return [seat_view(shared, state, seat) for seat in seats]
