"""Wildcat Chicane properties over random play: cards, views and determinization (WC-14)."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from pondside.engine import Match
from pondside.games.wildcat_chicane import CODES, GAME, INDEX, IS_RULER, SUIT

variants = st.sampled_from(["wildcat", "classic"])
players = st.sampled_from([3, 4])
seeds = st.integers(0, 2**32)


def random_prefix(n: int, variant: str, seed: int, stop: float) -> Match[Any]:
    """A match played at random for a fraction ``stop`` of its first hand."""
    rng = random.Random(seed)
    m = Match(GAME, n, {"variant": variant}, seed=seed)
    steps = int(stop * (n + 2 + 36))
    for _ in range(steps):
        if m.view(None)["hand_number"] > 1:
            break
        seat = rng.choice(m.to_act())
        m.apply(seat, rng.choice(m.legal(seat)))
    return m


def accounted(m: Match[Any]) -> list[str]:
    pos = m.position()
    cards = [c for h in pos["hands"] for c in h] + [c for c in pos["rulers"] if c]
    cards += [c for t in pos["tricks"] for _, c in t] + [c for _, c in pos["trick"]]
    return cards


@given(players, variants, seeds, st.floats(0, 1))
def test_every_card_is_somewhere_once(n: int, variant: str, seed: int, stop: float) -> None:
    m = random_prefix(n, variant, seed, stop)
    assert sorted(accounted(m), key=INDEX.__getitem__) == list(CODES)


def _strings(x: Any) -> set[str]:
    if isinstance(x, str):
        return {x}
    if isinstance(x, dict):
        return set().union(*(_strings(v) for v in x.values())) if x else set()
    if isinstance(x, list):
        return set().union(*(_strings(v) for v in x)) if x else set()
    return set()


@given(players, variants, seeds, st.floats(0, 1))
def test_wc14_no_view_shows_a_hidden_card(n: int, variant: str, seed: int, stop: float) -> None:
    m = random_prefix(n, variant, seed, stop)
    pos = m.position()
    for seat in [None, *range(n)]:
        v = m.view(seat)
        json.dumps(v)
        hidden = {c for s, h in enumerate(pos["hands"]) if s != seat for c in h}
        hidden |= {c for s, c in enumerate(pos["chosen"]) if c and s != seat}
        # last_events repeat the last action's public events: a card played in the last trick
        # of a hand was public then, though the next deal may have put it in a hidden hand.
        shown = {k: x for k, x in v.items() if k not in ("hand", "last_events")}
        assert not hidden & _strings(shown)
        if seat is not None:
            assert set(v["hand"]) == set(pos["hands"][seat])


@given(players, variants, seeds, st.floats(0, 1))
def test_determinize_keeps_what_the_seat_knows(
    n: int, variant: str, seed: int, stop: float
) -> None:
    m = random_prefix(n, variant, seed, stop)
    rng = random.Random(seed)
    for seat in range(n):
        view = m.view(seat)
        state = GAME.determinize(view, rng)
        assert GAME.view(state, seat) == view
        pos = GAME.position(state)
        real = m.position()
        for s in range(n):
            hand = pos["hands"][s]
            if variant == "wildcat":  # WC-3: each hand keeps its count of Aces and Crowns
                aces = sum(IS_RULER[INDEX[c]] for c in hand)
                assert aces == sum(IS_RULER[INDEX[c]] for c in real["hands"][s])
            if view["readings"][s] is not None:  # proven voids stay void
                reading = ("top", "bottom").index(view["readings"][s])
                assert not {SUIT[INDEX[c]][reading] for c in hand} & set(view["voids"][s])
        # and play continues to the end of the match
        prng = random.Random(seed + 1)
        for _ in range(400):
            to_act = GAME.to_act(state)
            if not to_act:
                break
            s = prng.choice(to_act)
            state, _ = GAME.apply(state, s, prng.choice(GAME.legal_actions(state, s)))


@given(players, variants, seeds)
def test_random_matches_end_and_replay(n: int, variant: str, seed: int) -> None:
    rng = random.Random(seed)
    m = Match(GAME, n, {"variant": variant, "target": 25}, seed=seed)
    while not m.is_over():
        seat = rng.choice(m.to_act())
        if rng.random() < 0.1:
            m.timeout(seat)
        else:
            m.apply(seat, rng.choice(m.legal(seat)))
    out = m.outcome()
    assert (
        out is not None and max(out.scores) >= 25 and list(out.scores).count(max(out.scores)) == 1
    )
    again = Match.from_record(GAME, json.loads(json.dumps(m.record())))
    assert again.position() == m.position() and again.outcome() == out
    assert Match(GAME, n, m.options, position=m.position()).outcome() == out


@given(players, variants, seeds, st.floats(0, 1))
def test_legal_plays_follow_wc9_wc10(n: int, variant: str, seed: int, stop: float) -> None:
    m = random_prefix(n, variant, seed, stop)
    v = m.view(None)
    if v["phase"] != "play":
        return
    seat = m.to_act()[0]
    hand = m.view(seat)["hand"]
    reading = ("top", "bottom").index(v["readings"][seat])
    trump = v["trumps"][seat]
    suit = {c: SUIT[INDEX[c]][reading] for c in hand}
    legal = {a[5:] for a in m.legal(seat)}
    if v["trick"]:
        follow = {c for c in hand if suit[c] == v["led_suit"]}
        assert legal == (follow or set(hand))
    else:
        broken = variant == "classic" and _trump_played(v)
        plain = {c for c in hand if suit[c] != trump}
        assert legal == (set(hand) if broken or not plain else plain)


def _trump_played(v: dict[str, Any]) -> bool:
    for t in v["tricks"]:
        for s, c in t["cards"]:
            reading = ("top", "bottom").index(v["readings"][s])
            if SUIT[INDEX[c]][reading] == v["trumps"][s]:
                return True
    return False
