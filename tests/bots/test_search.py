"""ISMCTS and flat Monte-Carlo: legal, reproducible, budget-bounded, and sensible where the
answer is clear. Strength is measured by benchmarks (docs/bots.md), not here."""

from __future__ import annotations

import pytest

from pondside.bots import UnknownBot, make_bot
from pondside.bots.search import ISMCTSBot, MCSBot
from pondside.engine import Match
from pondside.games import get_game, slugs

GAME = get_game("lame-duck")

# 15 is the sixth card on column 0 (11 ducks) for sure; every other card is safe.
DEAL = {
    "hands": [
        [15, 41, 42, 43, 44, 45, 46, 47, 48, 49],
        [61, 62, 63, 64, 65, 66, 67, 68, 69, 71],
    ],
    "columns": [14, 40, 60, 80],
}


@pytest.mark.parametrize("spec", ["ismcts:iterations=30", "mcs:iterations=30"])
@pytest.mark.parametrize("slug", slugs())
def test_search_bots_play_legal_actions_in_every_game(spec: str, slug: str) -> None:
    game = get_game(slug)
    match = Match(game, seed=3)
    bot = make_bot(spec, game, 0, 1)
    for _ in range(12):
        if match.is_over():
            break
        seat = match.to_act()[0]
        legal = match.legal(seat)
        action = bot.choose(match.view(seat), legal) if seat == 0 else legal[0]
        assert action in legal
        match.apply(seat, action)


@pytest.mark.parametrize("spec", ["ismcts:iterations=50", "mcs:iterations=50:rollout=heuristic"])
def test_search_is_reproducible_from_its_seed(spec: str) -> None:
    match = Match(GAME, 4, seed=8)
    view, legal = match.view(1), match.legal(1)
    picks = {make_bot(spec, GAME, 1, 99).choose(view, legal) for _ in range(3)}
    assert len(picks) == 1


@pytest.mark.parametrize("cls", [ISMCTSBot, MCSBot])
def test_search_avoids_a_sure_sixth_card(cls: type) -> None:
    match = Match(GAME, 2, deal=DEAL, seed=1)
    bot = make_bot(f"{cls.name}:iterations=200", GAME, 0, 5)
    assert bot.choose(match.view(0), match.legal(0)) != "play 15"


def test_budget_in_iterations_and_seconds() -> None:
    match = Match(GAME, 4, seed=2)
    bot = make_bot("ismcts:iterations=40", GAME, 0, 1)
    bot.choose(match.view(0), match.legal(0))
    assert bot.iterations_done == 40  # type: ignore[attr-defined]
    timed = make_bot("mcs:seconds=0.05", GAME, 0, 1)
    timed.choose(match.view(0), match.legal(0))
    assert timed.iterations_done >= 1  # type: ignore[attr-defined]


def test_search_sees_only_its_view_mid_turn() -> None:
    # Seat 0 has chosen; seat 1's search must sample seat 0's hidden card, not read it.
    match = Match(GAME, 2, deal=DEAL, seed=1)
    match.apply(0, "play 41")
    view = match.view(1)
    assert view["my_choice"] is None and "hand" in view
    action = make_bot("ismcts:iterations=100", GAME, 1, 2).choose(view, match.legal(1))
    assert action in match.legal(1)


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:iterations=0",
        "ismcts:c=-1",
        "mcs:rollout=smart",
        "mcs:seconds=-2",
        "ismcts:depth=3",
        "ismcts:reward=draw",
        "mcs:horizon=0",
    ],
)
def test_bad_search_parameters_are_refused(spec: str) -> None:
    with pytest.raises(UnknownBot):
        make_bot(spec, GAME, 0, 1)


@pytest.mark.parametrize("reward", ["rank", "mixed", "win"])
def test_rewards_share_out_the_result(reward: str) -> None:
    bot = make_bot(f"mcs:reward={reward}", GAME, 0, 1)
    match = Match(GAME, 3, seed=4)
    while not match.is_over():
        seat = match.to_act()[0]
        match.apply(seat, match.legal(seat)[0])
    rewards = bot.reward(match.state, (0.0, 0.0, 0.0))  # type: ignore[attr-defined]
    places = match.outcome().places  # type: ignore[union-attr]
    best = [s for s in range(3) if places[s] == 1]
    assert all(0.0 <= r <= 1.0 for r in rewards)
    assert all(rewards[s] == max(rewards) for s in best)
    if reward == "win":
        assert sum(rewards) == pytest.approx(1.0)


def test_heuristic_prior_keeps_the_heuristics_choice_without_evidence() -> None:
    match = Match(GAME, 4, seed=6)
    view, legal = match.view(0), match.legal(0)
    heuristic = make_bot("heuristic", GAME, 0, 1).choose(view, legal)
    # With a single iteration the search has no evidence: the heuristic's card stands.
    assert (
        make_bot("ismcts:iterations=1:prior=heuristic", GAME, 0, 3).choose(view, legal) == heuristic
    )
    with pytest.raises(UnknownBot):
        make_bot("ismcts:prior=oracle", GAME, 0, 1)
