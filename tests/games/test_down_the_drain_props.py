"""Down the Drain properties over random play: cards conserved, views hide what they must,
determinization keeps a seat's knowledge, records replay (DD-1, DD-11)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from pondside.engine import Match
from pondside.games.down_the_drain import DECK, GAME

players = st.integers(min_value=3, max_value=8)
seeds = st.integers(min_value=0, max_value=2**40)


def random_match(n: int, seed: int, steps: int, games: int = 1) -> Match[Any]:
    m = Match(GAME, n, {"games": games}, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if m.is_over():
            break
        (seat,) = m.to_act()
        legal = m.legal(seat)
        m.apply(seat, legal[rng.randrange(len(legal))])
    return m


def all_cards(m: Match[Any]) -> Counter[int]:
    p = m.position()
    cards = [c for h in p["hands"] for c in h] + [f for f in p["front"] if f]
    return Counter(cards + p["stack"][p["top"] :] + p["discard"])


@given(players, seeds, st.integers(min_value=0, max_value=400))
def test_dd1_every_card_is_somewhere_exactly_once(n: int, seed: int, steps: int) -> None:
    m = random_match(n, seed, steps, games=2)
    assert all_cards(m) == Counter(DECK)
    v = m.view(None)
    assert v["stack_size"] + len(v["discard"]) + sum(v["held"]) == 90


@given(players, seeds, st.integers(min_value=0, max_value=300))
def test_dd11_determinization_keeps_the_view_and_plays_on(n: int, seed: int, steps: int) -> None:
    m = random_match(n, seed, steps)
    rng = random.Random(seed)
    for seat in range(n):
        view = m.view(seat)
        st_ = GAME.determinize(view, rng)
        assert GAME.view(st_, seat) == view
        assert Counter(
            [c for h in st_.hands for c in h]
            + [f for f in st_.front if f]
            + list(st_.stack[st_.top :])
            + list(st_.discard)
        ) == Counter(DECK)
        # the sampled state plays on to its end
        for _ in range(3000):
            if GAME.is_over(st_):
                break
            (s,) = GAME.to_act(st_)
            legal = GAME.legal_actions(st_, s)
            st_, _ = GAME.apply(st_, s, legal[rng.randrange(len(legal))])
        assert GAME.is_over(st_)


@given(players, seeds, st.integers(min_value=0, max_value=300))
def test_dd11_other_hands_and_the_stack_order_never_show(n: int, seed: int, steps: int) -> None:
    """Two states that differ only in hidden cards give the same view to the seat."""
    m = random_match(n, seed, steps)
    rng = random.Random(seed + 1)
    for seat in range(n):
        other = GAME.determinize(m.view(seat), rng)
        assert GAME.view(other, seat) == m.view(seat)
        assert GAME.view(other, None) == m.view(None)


@given(players, seeds, st.integers(min_value=0, max_value=200))
def test_records_replay_and_positions_round_trip(n: int, seed: int, steps: int) -> None:
    m = random_match(n, seed, steps, games=2)
    again = Match.from_record(GAME, m.record())
    assert again.position() == m.position()
    loaded = Match(GAME, n, m.options, position=m.position(), seed=0)
    assert loaded.position() == m.position()
    for seat in range(n):
        assert loaded.legal(seat) == m.legal(seat)
        assert loaded.view(seat) == m.view(seat)
    assert loaded.outcome() == m.outcome()


@given(players, seeds, st.integers(min_value=0, max_value=200))
def test_timeout_action_is_legal_and_does_not_shift_the_deals(
    n: int, seed: int, steps: int
) -> None:
    m = random_match(n, seed, steps)
    if m.is_over():
        return
    (seat,) = m.to_act()
    action = GAME.timeout_action(m.state, seat)
    assert action in m.legal(seat)
    assert GAME.timeout_action(m.state, seat) == action  # drawn from a fork: same every time
    chosen = Match.from_record(GAME, m.record())
    chosen.apply(seat, action)
    taken, _ = m.timeout(seat)
    assert taken == action and m.position() == chosen.position()


def test_hand_sizes_never_grow_and_the_player_to_act_holds_a_card() -> None:
    for seed in range(60):
        n = 3 + seed % 6
        m = Match(GAME, n, seed=seed)
        rng = random.Random(seed)
        k = 5 if n >= 7 else 6
        while not m.is_over():
            v = m.view(None)
            assert max(v["hand_sizes"]) <= k
            (seat,) = m.to_act()
            assert v["hand_sizes"][seat] >= 1 and v["front"][seat] is None
            legal = m.legal(seat)
            m.apply(seat, legal[rng.randrange(len(legal))])
        out = m.outcome()
        assert out is not None
        winners = m.view(None)["winners"][0]
        assert all(out.places[s] == 1 and out.scores[s] == 0 for s in winners)
