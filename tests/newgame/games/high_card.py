"""High Card, a toy game that proves a game can be added from its own files alone.

Rules (HC-1..HC-4): HC-1 the deck is 1 to 6 x players; HC-2 each deal gives everyone 3 cards;
HC-3 everyone chooses a card at once, and the highest card revealed scores a point; HC-4 after
``deals`` deals the most points wins.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Annotated, Any

from pondside.engine import (
    NONE_IS_ZERO,
    BadDeal,
    BadPosition,
    CommonView,
    DealLayout,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    NotRequired,
    Option,
    Outcome,
    Rng,
    State,
    TypedDict,
    View,
    places_from_results,
    seed_state,
)

HAND = 3  # HC-2


def deck_size(players: int) -> int:
    return 6 * players  # HC-1


class HighCardOptions(TypedDict):
    deals: int
    """How many deals the match has (HC-4)."""


class HighCardView(CommonView):
    """What a seat sees: its hand, who has chosen, the cards played so far."""

    options: HighCardOptions
    hand: NotRequired[list[int]]
    """The seat's cards."""
    my_choice: NotRequired[int | None]
    """The card this seat has chosen, not yet revealed."""
    chosen: list[bool]
    """Which seats have chosen this turn."""
    played: list[int]
    """Every card revealed this deal."""
    points: list[int]
    """Points this deal."""


class HighCardState(State):
    deals: int
    rng: int
    hand_no: int
    hands: tuple[tuple[int, ...], ...]
    chosen: tuple[Annotated[int, NONE_IS_ZERO], ...]
    played: tuple[int, ...]
    unused: tuple[int, ...]
    points: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    over: bool

    def totals(self) -> list[int]:
        return [sum(h[s] for h in self.history) for s in range(self.n)]


def _start(st: HighCardState, hands: list[list[int]]) -> None:
    used = {c for h in hands for c in h}
    st.hands = tuple(tuple(sorted(h)) for h in hands)
    st.unused = tuple(c for c in range(1, deck_size(st.n) + 1) if c not in used)
    st.chosen, st.played, st.points = (0,) * st.n, (), (0,) * st.n


def _deal(st: HighCardState) -> None:
    rng = Rng(st.rng)
    cards = rng.shuffled(range(1, deck_size(st.n) + 1))
    st.rng = rng.state
    _start(st, [cards[HAND * s : HAND * s + HAND] for s in range(st.n)])


class HighCard(Game[HighCardState]):
    state_type = HighCardState
    info = GameInfo(
        slug="high-card",
        name="High Card",
        min_players=2,
        max_players=4,
        default_players=3,
        options=(Option("deals", int, 2, "deals in a match (HC-4)", minimum=1),),
        simultaneous=True,
        lower_score_is_better=False,
        summary="Everyone plays a card at once; the highest scores.",
    )

    def all_actions(self, players: int, options: Mapping[str, Any]) -> list[str]:
        return [f"play {c}" for c in range(1, deck_size(players) + 1)]

    def deal_layout(self, players: int, options: Mapping[str, Any]) -> DealLayout:
        size = deck_size(players)

        def build(cards: list[Any], seat: int | None) -> dict[str, Any]:
            return {"hands": [cards[HAND * s : HAND * s + HAND] for s in range(players)]}

        return DealLayout.one_deck(range(1, size + 1), (1,) * size, HAND * players, 0, build)

    def _blank(self, players: int, options: Mapping[str, Any], seed: int) -> HighCardState:
        st = HighCardState.blank()
        st.n, st.deals, st.rng = players, options["deals"], seed_state(seed)
        st.hand_no, st.history, st.over = 1, (), False
        return st

    def new(self, players: int, options: dict[str, Any], seed: int) -> HighCardState:
        st = self._blank(players, options, seed)
        _deal(st)
        return st

    def from_deal(
        self, players: int, options: dict[str, Any], deal: Any, seed: int
    ) -> HighCardState:
        hands = deal.get("hands") if isinstance(deal, dict) else None
        if not isinstance(hands, list) or len(hands) != players:
            raise BadDeal(f'a High Card deal is {{"hands": [[3 cards] x {players}]}}')
        cards = [c for h in hands if isinstance(h, list) and len(h) == HAND for c in h]
        if len(cards) != HAND * players or len(set(cards)) != len(cards):
            raise BadDeal("every hand holds 3 different cards (HC-2)")
        if not all(type(c) is int and 1 <= c <= deck_size(players) for c in cards):
            raise BadDeal(f"the cards are 1 to {deck_size(players)} (HC-1)")
        st = self._blank(players, options, seed)
        _start(st, hands)
        return st

    def check_position(self, state: HighCardState) -> HighCardState:
        cards = [c for h in state.hands for c in h] + list(state.played) + list(state.unused)
        if sorted(cards) != list(range(1, deck_size(state.n) + 1)):
            raise BadPosition("the cards are not the deck, each once (HC-1)")
        return state

    def to_act(self, state: HighCardState) -> tuple[int, ...]:
        return () if state.over else tuple(s for s, c in enumerate(state.chosen) if not c)

    def legal_actions(self, state: HighCardState, seat: int) -> list[str]:
        if state.over or state.chosen[seat]:
            return []
        return [f"play {c}" for c in state.hands[seat]]

    def apply(
        self, state: HighCardState, seat: int, action: str
    ) -> tuple[HighCardState, list[Event]]:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(f"seat {seat} cannot {action!r} now", "HC-3")
        st = state.copy()
        chosen = list(st.chosen)
        chosen[seat] = int(action.split()[1])
        st.chosen = tuple(chosen)
        if 0 in chosen:
            st.last_events = events = [{"type": "chose", "seat": seat}]
            return st, events
        best = max(range(st.n), key=chosen.__getitem__)
        st.points = tuple(p + (s == best) for s, p in enumerate(st.points))
        st.played = st.played + tuple(chosen)
        st.hands = tuple(tuple(c for c in h if c != chosen[s]) for s, h in enumerate(st.hands))
        st.chosen = (0,) * st.n
        events: list[Event] = [{"type": "reveal", "cards": chosen, "winner": best}]
        if not st.hands[0]:
            st.history = (*st.history, st.points)
            st.over = st.hand_no == st.deals
            if not st.over:
                st.hand_no += 1
                _deal(st)
            events.append({"type": "deal_end", "points": list(st.history[-1])})
        st.last_events = events
        return st, events

    def view(self, state: HighCardState, seat: int | None) -> HighCardView:
        st = state
        v: HighCardView = {
            # The common keys; mypy cannot know the ** holds no "hand", set below.
            **self.common_view(st, seat, st.hand_no, st.hands, st.totals(), st.history),  # type: ignore[typeddict-item]
            "options": {"deals": st.deals},
            "chosen": [bool(c) for c in st.chosen],
            "played": list(st.played),
            "points": list(st.points),
        }
        if seat is not None:
            v["hand"] = list(st.hands[seat])
            v["my_choice"] = st.chosen[seat] or None
        return v

    def outcome(self, state: HighCardState) -> Outcome | None:
        if not state.over:
            return None
        totals = state.totals()
        return Outcome(tuple(totals), places_from_results(totals, lower_is_better=False))

    def scores(self, state: HighCardState) -> tuple[float, ...]:
        return tuple(float(t + p) for t, p in zip(state.totals(), state.points, strict=True))

    def determinize(self, view: View, rng: random.Random) -> HighCardState:
        seat = view["seat"]
        if seat is None:
            raise BadPosition("determinization is from one seat's view")
        st = self._blank(view["players"], view["options"], rng.getrandbits(63))
        st.hand_no, st.over = view["hand_number"], view["over"]
        st.history = tuple(tuple(h) for h in view["hand_scores"])
        st.last_events = tuple(view["last_events"])
        st.played, st.points = tuple(view["played"]), tuple(view["points"])
        known = set(view["hand"]) | set(st.played)
        unseen = [c for c in range(1, deck_size(st.n) + 1) if c not in known]
        rng.shuffle(unseen)
        hands = []
        for s, size in enumerate(view["hand_sizes"]):
            hands.append(tuple(view["hand"]) if s == seat else tuple(sorted(unseen[:size])))
            del unseen[: 0 if s == seat else size]
        st.hands, st.unused = tuple(hands), tuple(sorted(unseen))
        st.chosen = tuple(
            (view["my_choice"] or 0) if s == seat else (rng.choice(hands[s]) if chose else 0)
            for s, chose in enumerate(view["chosen"])
        )
        return st

    def withdraw_choices(self, state: HighCardState, seats: tuple[int, ...]) -> HighCardState:
        st = state.copy()
        st.chosen = tuple(0 if s in seats else c for s, c in enumerate(st.chosen))
        return st

    def timeout_action(self, state: HighCardState, seat: int) -> str:
        rng = Rng(state.rng).fork(state.hand_no, len(state.played), seat)
        return rng.choice(self.legal_actions(state, seat))


GAME = HighCard()
