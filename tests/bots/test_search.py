"""ISMCTS and flat Monte-Carlo: legal, reproducible, budget-bounded, and sensible where the
answer is clear. Strength is measured by benchmarks (docs/bots.md), not here."""

from __future__ import annotations

import copy

import pytest

from pondside.bots import UnknownBot, make_bot
from pondside.bots.rollout import reward_of
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


def sure_sixth_card() -> Match:
    """Column 0 holds five cards (10-14): seat 0's 15 is its sixth card for sure (LD-7), and
    seat 0's other cards (41-49) are safe against seat 1's 61-71."""
    position = Match(GAME, 2, deal=DEAL, seed=1).position()
    position["columns"][0] = [10, 11, 12, 13, 14]
    position["unused"] = [c for c in position["unused"] if c not in (10, 11, 12, 13)]
    return Match(GAME, 2, position=position)


@pytest.mark.parametrize("spec", ["ismcts", "mcs", "ismcts:reward=margin", "mcs:prior=heuristic"])
@pytest.mark.parametrize("seed", [1, 5])
def test_search_avoids_a_sure_sixth_card(spec: str, seed: int) -> None:
    match = sure_sixth_card()
    bot = make_bot(f"{spec}:iterations=200", GAME, 0, seed)
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


@pytest.mark.parametrize("kind", ["ismcts", "mcs"])
def test_heuristic_prior_keeps_the_heuristics_choice_without_evidence(kind: str) -> None:
    match = Match(GAME, 4, seed=6)
    view, legal = match.view(0), match.legal(0)
    # With a single sample a round the search has no evidence: the heuristic's card stands.
    # (One by one: these few random playouts' draws are the one-by-one generator's.)
    bot = make_bot(f"{kind}:iterations=1:prior=heuristic:batch=0", GAME, 0, 3)
    heuristic = copy.deepcopy(bot.prior).choose(view, legal)  # type: ignore[attr-defined]
    assert bot.choose(view, legal) == heuristic
    with pytest.raises(UnknownBot):
        make_bot(f"{kind}:prior=oracle", GAME, 0, 1)


def test_a_playout_cut_after_some_turns_stops_when_the_turn_passes() -> None:
    game = get_game("ladders")
    match = Match(game, 2, {"rounds": 1}, seed=4)
    seat = match.to_act()[0]
    bot = make_bot("mcs:turns=1:rollout=heuristic", game, seat, 1)
    end = bot.playout(match.state, 0)  # type: ignore[attr-defined]
    # One turn: the seat to act played until its discard ended the turn (LA-9).
    assert game.to_act(end) == (1 - seat,)
    assert game.progress(end) is not None
    with pytest.raises(UnknownBot):
        make_bot("mcs:turns=0", game, 0, 1)


def test_the_margin_reward_grows_with_the_lead_and_keeps_first_place_for_the_winner() -> None:
    game = get_game("ladders")
    match = Match(game, 2, {"rounds": 1}, seed=4)
    bot = make_bot("ismcts:reward=margin", game, 0, 1)
    start = game.progress(match.state)
    assert start is not None
    ahead = (start[0] + 2, start[1])
    rewards = bot.reward(match.state, (0.0, 0.0), 0, ahead)  # type: ignore[attr-defined]
    assert rewards == pytest.approx([0.5 - 0.5 * 2 / 3, 0.5 + 0.5 * 2 / 3])
    assert bot.reward(match.state, (0.0, 0.0), 0, start) == [0.5, 0.5]  # type: ignore[attr-defined]


def test_the_score_reward_is_the_seats_own_gain_whatever_the_others_made() -> None:
    """WC-12 pays a bid made whatever the others took: ``score`` judges a seat by its own
    points for the hand, where ``rank`` and ``margin`` also reward spoiling another's bid."""
    game = get_game("ladders")
    match = Match(game, 2, {"rounds": 1}, seed=4)
    bot = make_bot("ismcts:reward=score", game, 0, 1)
    start = game.progress(match.state)
    assert start is not None
    # Both seats moved two points on: each is rewarded for its own two (a margin would be 0.5).
    before = (start[0] - 2, start[1] - 2)
    rewards = bot.reward(match.state, (0.0, 0.0), 0, before)  # type: ignore[attr-defined]
    assert rewards == pytest.approx([0.5 + 0.5 * 2 / 3, 0.5 + 0.5 * 2 / 3])
    assert reward_of([4.0, 8.0, 0.0], "score", False) == pytest.approx(
        [0.9, 8 / 9 * 0.5 + 0.5, 0.5]
    )
    # Once the match is over, only first place counts, as for a win rate.
    assert reward_of([-2.0, -1.0, -3.0], "score", True) == [0.0, 1.0, 0.0]


@pytest.mark.parametrize("budget", [40, 400])
def test_flat_search_halves_the_candidates_within_its_budget(budget: int) -> None:
    match = Match(GAME, 4, seed=6)
    view, legal = match.view(0), match.legal(0)
    bot = make_bot(f"mcs:iterations={budget}", GAME, 0, 3)
    assert bot.choose(view, legal) in legal
    # Every action is sampled at least once; beyond that the budget is not exceeded.
    assert len(legal) <= bot.iterations_done <= max(budget, 2 * len(legal))  # type: ignore[attr-defined]


def test_a_playout_already_past_the_horizon_is_judged_where_it_stands() -> None:
    # The tree's own moves count towards the horizon: past it, the playout adds none.
    game = get_game("ladders")
    match = Match(game, 2, {"rounds": 1}, seed=4)
    bot = make_bot("ismcts:horizon=5", game, 0, 1)
    assert bot.playout(match.state, 0, 0, 7) is match.state  # type: ignore[attr-defined]
    assert bot.playout(match.state, 0, 0, 5) is match.state  # type: ignore[attr-defined]
    assert bot.playout(match.state, 0, 0, 4) is not match.state  # type: ignore[attr-defined]


def test_the_ismcts_prior_is_tried_first_when_actions_outnumber_iterations() -> None:
    # A King of the Quackers pass: some 110 pairs of cards, and only 3 iterations.
    game = get_game("king-of-the-quackers")
    match = Match(game, 4, seed=2)
    seat = match.to_act()[0]
    view, legal = match.view(seat), match.legal(seat)
    assert len(legal) > 100
    bot = make_bot("ismcts:iterations=3:prior=heuristic", game, seat, 1)
    favourite = copy.deepcopy(bot.prior).choose(view, legal)  # type: ignore[attr-defined]
    assert bot.choose(view, legal) == favourite
    assert (seat, favourite) in bot.tree.children  # type: ignore[attr-defined]
