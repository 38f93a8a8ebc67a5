"""King of the Quackers properties over random play: cards are conserved, views and events never
leak a hidden card, every legal action is exactly what the rules allow (checked against a brute
force over every group of cards in the hand), and determinization keeps what a seat knows."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from pondside.engine import IllegalAction, Match
from pondside.games.king_of_the_quackers import (
    CODE,
    GAME,
    INDEX,
    RANK,
    QuackersState,
    deck_cards,
    play_text,
)
from pondside.games.king_of_the_quackers.combinations import count_of, count_plays, plays_of

OPTIONS = st.fixed_dictionaries(
    {
        "deck": st.sampled_from(["extended", "basic"]),
        "bidding": st.booleans(),
        "lead_passes": st.sampled_from(["right", "left"]),
        "target": st.integers(8, 20),
    }
)


def random_steps(m: Match[Any], rng: random.Random, steps: int) -> list[tuple[int, dict[str, Any]]]:
    """Play ``steps`` random actions, returning the events with the acting seat."""
    out = []
    for _ in range(steps):
        if m.is_over():
            break
        seat = rng.choice(m.to_act())
        action = rng.choice(m.legal(seat))
        out += [(seat, e) for e in m.apply(seat, action)]
    return out


def conserved(state: QuackersState) -> bool:
    cards = [c for h in state.hands for c in h] + list(state.played)
    if state.aside >= 0:
        cards.append(state.aside)
    return sorted(cards) == list(deck_cards(state.deck))


@given(OPTIONS, st.integers(3, 4), st.integers(0, 2**32), st.integers(0, 400))
def test_cards_are_conserved_and_nothing_hidden_leaks(
    options: dict[str, Any], players: int, seed: int, steps: int
) -> None:
    m = Match(GAME, players, options, seed=seed)
    rng = random.Random(seed)
    events = random_steps(m, rng, steps)
    state = m.state
    assert conserved(state)
    hidden = {CODE[state.aside]} if state.aside >= 0 else set()
    public = m.view(None)
    for e in (e for _, e in events):
        if e["type"] in ("gave", "exchange"):
            assert set(e) <= {"type", "seat", "leader"}  # KQ-27: passed cards are not public
    for seat in range(players):
        view = m.view(seat)
        others = {CODE[c] for s, h in enumerate(state.hands) if s != seat for c in h}
        mine = set(view["hand"]) | set(view["gave"] or []) | set(view["received"] or [])
        shown = set(view["played"]) | mine
        assert not (shown - set(public["played"]) - mine) & others
        assert not hidden & shown
        assert len(public["hand_sizes"]) == players


def brute_force(state: QuackersState, seat: int) -> set[str]:
    """Every group of cards (and Ace reading, and promise) that ``apply`` accepts."""
    hand = state.hands[seat]
    sizes = [state.size] if state.size else range(1, min(len(hand), 5) + 1)
    accepted = set()
    for size in sizes:
        for combo in combinations(hand, size):
            aces = [0]
            if size >= 3 and any(RANK[c] == 1 for c in combo):
                aces += list(range(2, 10))
            for ace in aces:
                for suffix in ("", " promise"):
                    action = play_text(combo, ace) + suffix
                    try:
                        GAME.apply(state, seat, action)
                    except IllegalAction:
                        continue
                    accepted.add(action)
    return accepted


def test_legal_actions_match_a_brute_force_over_the_hand() -> None:
    rng = random.Random(7)
    checked = 0
    for seed in range(12):
        m = Match(GAME, 3 + seed % 2, {"bidding": seed % 3 == 0}, seed=seed)
        while not m.is_over() and m.view(None)["hand_number"] == 1:
            seat = m.to_act()[0]
            legal = m.legal(seat)
            state = m.state
            if state.phase == "play":
                want = {a for a in legal if a != "pass"}
                if state.size == 0:  # leading: the brute force stops at five cards
                    want = {a for a in want if len(a.removesuffix(" promise").split()) <= 6}
                assert brute_force(state, seat) == want
                assert ("pass" in legal) == (state.size > 0)
                checked += 1
            m.apply(seat, rng.choice(legal))
    assert checked > 100


@given(st.integers(3, 4), st.integers(0, 2**32), st.integers(0, 300), st.booleans())
def test_determinization_keeps_what_the_seat_knows(
    players: int, seed: int, steps: int, bidding: bool
) -> None:
    m = Match(GAME, players, {"bidding": bidding}, seed=seed)
    rng = random.Random(seed)
    random_steps(m, rng, steps)
    if m.is_over():
        return
    for seat in m.to_act():
        view = m.view(seat)
        det = GAME.determinize(view, random.Random(seed + seat))
        assert conserved(det)
        assert GAME.view(det, seat) == view
        assert GAME.view(det, None) == m.view(None)
        assert sorted(GAME.legal_actions(det, seat)) == m.legal(seat)
        if view["phase"] == "play" and view["gave"]:
            # the cards it gave are with their receivers unless played (KQ-27)
            left, right = (INDEX[c] for c in view["gave"])
            for card, to in ((left, (seat + 1) % players), (right, (seat - 1) % players)):
                assert card in det.played or card in det.hands[to]
        # and the rest is resampled: some other deal appears over a few tries, whenever two
        # other seats each hold cards this seat cannot know (3+ cards: at most one it gave)
        unknown = [s for s in range(players) if s != seat and view["hand_sizes"][s] >= 3]
        if view["phase"] == "play" and len(unknown) >= 2:
            others = {GAME.determinize(view, random.Random(k)).hands for k in range(12)}
            assert len(others) > 1
        # determinized states play on to the end of the hand
        d = det
        while not GAME.is_over(d) and d.hand_no == det.hand_no:
            s = GAME.to_act(d)[0]
            d, _ = GAME.apply(d, s, rng.choice(GAME.legal_actions(d, s)))
        assert conserved(d)


def test_positions_round_trip_mid_round() -> None:
    m = Match(GAME, 4, {"bidding": True}, seed=9)
    random_steps(m, random.Random(1), 60)
    again = Match(GAME, 4, {"bidding": True}, position=m.position())
    assert again.position() == m.position()
    for s in range(4):
        assert again.legal(s) == m.legal(s) and again.view(s) == m.view(s)


@given(
    st.lists(st.integers(0, len(CODE) - 1), min_size=1, max_size=14, unique=True),
    st.sampled_from([0, 0, 2, 3, 4, 5, 8]),
    st.integers(0, 4),
    st.integers(0, 12),
)
def test_a_playout_counts_the_combinations_legal_actions_lists(
    cards: list[int], size: int, kind: int, last_rank: int
) -> None:
    """``count_plays`` (a playout's count of a hand's combinations, issue 29) is the length of
    ``plays_of``'s list (``legal_actions``' order) for every hand and round."""
    hand = tuple(sorted(cards))
    if not size:
        kind = last_rank = 0
    counted = count_plays(hand, size, kind, last_rank)
    assert counted == count_of(hand, size, kind, last_rank)
    assert counted == len(plays_of(hand, size, kind, last_rank))
    assert count_of(hand, size, kind, last_rank) == counted  # once listed, read from the list
