"""The King of the Quackers heuristic: legal choices in every phase and option, a sensible plan
for the hand, Bombs kept until they matter, and an edge over random (the 1000-match measurement
is in the report and src/pondside/rules/king-of-the-quackers.md, not a test)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kq_positions import position
from pondside.bots import make_bot
from pondside.bots.king_of_the_quackers import KingOfTheQuackersHeuristic as HEURISTIC
from pondside.bots.king_of_the_quackers import _longest_flush, plan_cost
from pondside.engine import Match
from pondside.games.king_of_the_quackers import ACE_OF, CODE, GAME, INDEX, NUMBER_OF, PERSONALITY


def run(specs: list[str], seed: int, **options: Any) -> Match[Any]:
    m = Match(GAME, len(specs), options, seed=seed)
    bots = [make_bot(spec, GAME, s, seed * 10 + s) for s, spec in enumerate(specs)]
    while not m.is_over():
        for s in m.to_act():
            legal = m.legal(s)
            action = bots[s].choose(m.view(s), legal)
            assert action in legal
            m.apply(s, action)
    return m


@pytest.mark.parametrize(
    "options", [{}, {"bidding": True, "target": 40}, {"deck": "basic", "target": 30}]
)
@pytest.mark.parametrize("players", [3, 4])
def test_heuristic_plays_whole_matches_legally(players: int, options: dict[str, Any]) -> None:
    run(["heuristic"] * players, seed=players, **{"target": 30, **options})


def test_heuristic_beats_random_in_a_short_run() -> None:
    wins = 0
    for seed in range(8):
        specs = ["random"] * 4
        seat = seed % 4
        specs[seat] = "heuristic"
        m = run(specs, seed, target=20)
        outcome = m.outcome()
        assert outcome is not None
        wins += outcome.places[seat] == 1
    assert wins >= 5


def choose(m: Match[Any], seat: int) -> str:
    bot = HEURISTIC(GAME, seat, random.Random(0))
    return bot.choose(m.view(seat), m.legal(seat))


def test_plan_cost_prefers_combinations_to_loose_cards() -> None:
    def cost(*codes: str) -> float:
        return plan_cost(frozenset(INDEX[c] for c in codes))

    assert cost() == 0
    assert cost("2VL", "3MV", "4VL", "5SV") < cost("2VL", "3SK", "4YK", "5ML")
    assert cost("2SY") > cost("NL")  # a low loose single is a liability
    assert cost("3SK", "6MV", "NM") < cost("3MV", "6LK", "NL")  # a Bomb is an asset


def test_leads_a_low_single_before_a_crown() -> None:
    m = position([["2SY", "NL", "NK"], ["5ML", "9VY", "PVLY"], ["3MV", "TSVY", "7SK"]], turn=0)
    assert choose(m, 0) == "play 2SY"


def test_keeps_its_bomb_until_an_opponent_is_close() -> None:
    bot_hand = ["2MK", "3SK", "5ML", "7VY", "8YK", "NK"]
    far = [
        ["9MS", "9VY", "NL", "1M", "1S", "1V", "2SY"],
        bot_hand,
        ["4VL", "TSVY", "7SK", "1K", "1Y"],
    ]
    m = position(far, turn=0)
    m.apply(0, "play 9MS 9VY")
    assert choose(m, 1) == "pass"
    near = [["9MS", "9VY", "NL"], bot_hand, ["4VL", "TSVY", "7SK", "1M", "1S"]]
    m = position(near, turn=0)
    m.apply(0, "play 9MS 9VY")
    assert choose(m, 1) == "play 2MK 3SK"


def test_gives_away_low_loose_cards_not_bombs_or_crowns() -> None:
    m = Match(GAME, 3, seed=5)
    for seat in range(3):
        action = choose(m, seat)
        given = [INDEX[c] for c in action.split()[1:]]
        hand = [INDEX[c] for c in m.view(seat)["hand"]]
        people = [c for c in hand if PERSONALITY[c]]
        for card in given:
            assert not (PERSONALITY[card] and len(people) >= 2)
            assert CODE[card][0] != "N"


def _flush_by_search(cards: frozenset[int]) -> tuple[int, ...]:
    """The longest Straight Flush by trying every suit, start and length (the plan's own
    looks it up in per-suit tables): of equal lengths the first suit's, then the lowest start;
    an Ace fills the first gap."""
    found: list[tuple[int, int, int, tuple[int, ...]]] = []
    for s, (numbers, ace) in enumerate(zip(NUMBER_OF, ACE_OF, strict=True)):
        for low in range(2, 8):
            for high in range(low + 2, 10):
                run = [numbers[r] if numbers[r] in cards else ace for r in range(low, high + 1)]
                gaps = sum(numbers[r] not in cards for r in range(low, high + 1))
                if gaps == 0 or (gaps == 1 and ace in cards):
                    found.append((-len(run), s, low, tuple(run)))
    return min(found)[3] if found else ()


@settings(max_examples=400, deadline=None)
@given(st.frozensets(st.integers(0, len(CODE) - 1), max_size=18))
def test_longest_flush_is_the_first_longest_in_suit_and_start_order(hand: frozenset[int]) -> None:
    assert _longest_flush(hand) == _flush_by_search(hand)
