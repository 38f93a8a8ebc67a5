"""The Wildcat Chicane heuristic: legal choices everywhere, sensible rulers and bids, and a
clear edge over random (the 1000-match measurement is in the report, not a test)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pondside.bots import make_bot
from pondside.bots.wildcat_chicane import WildcatChicaneHeuristic as HEURISTIC
from pondside.bots.wildcat_chicane import estimate
from pondside.engine import Match
from pondside.games.wildcat_chicane import (
    GAME,
    INDEX,
    SUIT,
    TOP,
    WORKED_DEAL,
    reading_of_ruler,
)


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


@pytest.mark.parametrize("variant", ["wildcat", "classic"])
@pytest.mark.parametrize("players", [3, 4])
def test_heuristic_plays_whole_matches_legally(variant: str, players: int) -> None:
    run(["heuristic"] * players, seed=players, variant=variant)


def test_heuristic_picks_the_ruler_it_values_most() -> None:
    m = Match(GAME, 3, deal=WORKED_DEAL, seed=1)
    bot = HEURISTIC(GAME, 0, random.Random(0))
    choice = bot.choose(m.view(0), m.legal(0))
    hand = [INDEX[c] for c in m.view(0)["hand"]]

    def value(code: str) -> float:
        ruler = INDEX[code]
        rest = [c for c in hand if c != ruler]
        return estimate(rest, reading_of_ruler(ruler), SUIT[ruler][TOP], 3)

    assert value(choice[5:]) == max(value(a[5:]) for a in m.legal(0))


def after_betrayal(bid_1: int) -> Match[Any]:
    """Seat 2 leads a low Wyrm; seat 0 must follow with its only Wyrm, the Betrayal (a trump)."""
    m = Match(GAME, 3, deal={**WORKED_DEAL, "dealer": 1}, seed=1)
    for s, a in enumerate(("rule NY", "rule NM", "rule 1L")):
        m.apply(s, a)
    for s, b in ((2, 1), (0, 0), (1, bid_1)):
        m.apply(s, f"bid {b}")
    m.apply(2, "play 3LY")
    m.apply(0, "play 8YK")
    return m


def test_heuristic_wins_the_trick_when_it_needs_tricks() -> None:
    m = after_betrayal(1)
    action = HEURISTIC(GAME, 1, random.Random(0)).choose(m.view(1), m.legal(1))
    assert action == "play 9MS"  # its only card above the trump 8: a trump 9


def test_heuristic_ducks_once_its_bid_is_made() -> None:
    m = after_betrayal(0)
    action = HEURISTIC(GAME, 1, random.Random(0)).choose(m.view(1), m.legal(1))
    m.apply(1, action)
    assert m.view(None)["tricks"][-1]["winner"] == 0


def test_heuristic_beats_random_on_a_small_sample() -> None:
    wins = 0
    for seed in range(24):
        rot = seed % 3
        specs = ["random"] * 3
        specs[rot] = "heuristic"
        m = run(specs, seed)
        out = m.outcome()
        assert out is not None
        wins += out.places[rot] == 1
    assert wins >= 14  # fair share is 8


def test_exact_bids_count_each_seats_hands_made_exactly() -> None:
    """WC-12's d = 0, per seat, over the hand_end events of a match (Game.tallies)."""
    events = [
        {"type": "hand_end", "bids": [2, 0, 3], "won": [2, 1, 8], "scores": [8, 0, 0]},
        {"type": "play"},
        {"type": "hand_end", "bids": [1, 0, 5], "won": [4, 0, 7], "scores": [0, 0, 5]},
    ]
    assert GAME.tallies(events, 3) == {"exact bids": [(1, 2), (1, 2), (0, 2)]}
    assert "exact bids" in GAME.tally_notes()
