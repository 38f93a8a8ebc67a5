"""Wildcat Chicane's bids by expected score (``bidsearch``) and the inference from rulers, bids
and plays (``WildcatChicaneInference``): legal and reproducible, the obvious bid on hands
written out for it, and weights that never pick a deal the seat's view rules out."""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterator
from typing import Any

import pytest

from pondside.bots import make_bot
from pondside.bots.inference import Inference
from pondside.bots.wildcat_chicane import WildcatChicaneHeuristic, WildcatChicaneInference
from pondside.bots.wildcat_chicane_search import ExpectedScore, lean_view
from pondside.engine import Match, View
from pondside.games.wildcat_chicane import GAME

QUICK = "bidsearch:bids=60:iterations=30:rollout=heuristic"


def play(specs: list[str], seed: int, **options: Any) -> list[tuple[int, str]]:
    """Every action of a match to 12 points, each checked legal."""
    m = Match(GAME, len(specs), {"target": 12, **options}, seed=seed)
    bots = [make_bot(spec, GAME, s, seed * 10 + s) for s, spec in enumerate(specs)]
    done = []
    while not m.is_over():
        s = m.to_act()[0]
        legal = m.legal(s)
        action = bots[s].choose(m.view(s), legal)
        assert action in legal
        m.apply(s, action)
        done.append((s, action))
    return done


@pytest.mark.parametrize("variant", ["wildcat", "classic"])
def test_bid_search_plays_legally_and_replays_the_same(variant: str) -> None:
    specs = [QUICK, f"{QUICK}:infer=heuristic:pool=20", "casual"]
    assert play(specs, 5, variant=variant) == play(specs, 5, variant=variant)


def test_bid_search_with_casual_play_differs_from_casual_only_in_its_bids() -> None:
    m = Match(GAME, 3, {"target": 12}, seed=2)
    bot = make_bot("bidsearch:bids=30:play=casual", GAME, 0, 1)
    casual = WildcatChicaneHeuristic(GAME, 0, random.Random(1))
    while not m.is_over():
        s = m.to_act()[0]
        action = (bot if s == 0 else casual).choose(m.view(s), m.legal(s))
        if s == 0 and not action.startswith("bid"):
            assert action == casual.choose(m.view(0), m.legal(0))
        m.apply(s, action)


def at_bid(hands: list[list[str]], rulers: tuple[str, str, str]) -> Match[Any]:
    """Seat 0 to bid first (the dealer is seat 2) after the rulers are revealed."""
    m = Match(GAME, 3, deal={"hands": hands, "dealer": 2}, seed=1)
    for s, ruler in enumerate(rulers):
        m.apply(s, f"rule {ruler}")
    assert m.to_act() == (0,) and m.legal(0)[0].startswith("bid")
    return m


def bid_of(m: Match[Any], aim: str = "score") -> int:
    bot = make_bot(f"bidsearch:bids=600:play=casual:aim={aim}", GAME, 0, 3)
    return int(bot.choose(m.view(0), m.legal(0)).split()[1])


def test_every_moon_a_trump_bids_high() -> None:
    """The Crown of Moons as ruler (TOP, Moons trump, WC-5/WC-6) over all eight Moon-topped
    number cards and three other Crowns: nearly every trick is this hand's."""
    m = at_bid(
        [
            ["NM", "NS", "NV", "NL", "2MK", "3MV", "4MS", "5ML", "6MV", "7ML", "8MS", "9MS"],
            ["1M", "1S", "1V", "1L", "2SY", "3SK", "4VL", "5SV", "6SY", "7SK", "8VL", "9VY"],
            ["1Y", "1K", "NY", "NK", "2VL", "3LY", "4YK", "5YK", "6LK", "7VY", "8YK", "9LK"],
        ],
        ("NM", "1S", "NY"),
    )
    assert bid_of(m) >= 8


def test_a_hand_with_no_trump_and_no_high_card_bids_two() -> None:
    """The Ace of Moons as ruler (BOTTOM, Moons trump): no card of the hand reads as a Moon, and
    its best cards are 5s. It takes no trick; a bid of 1 or 2 then scores 2 (WC-12, one or two
    off), a bid of 0 nothing, a higher bid nothing; 2 also scores more if a trick comes."""
    m = at_bid(
        [
            ["1M", "1S", "1V", "1L", "2SY", "2VL", "3SK", "3LY", "4VL", "4YK", "5SV", "5YK"],
            ["NM", "NS", "NV", "NL", "2MK", "3MV", "4MS", "5ML", "6MV", "7ML", "8MS", "9MS"],
            ["1Y", "1K", "NY", "NK", "6SY", "6LK", "7SK", "7VY", "8VL", "8YK", "9VY", "9LK"],
        ],
        ("1M", "NM", "NY"),
    )
    assert bid_of(m) == 2
    # Aiming at the exact bid instead of the points, the same hand bids the nothing it takes.
    assert bid_of(m, aim="exact") == 0


def test_the_lean_view_gives_the_heuristic_the_choices_of_the_whole_view() -> None:
    rng = random.Random(4)
    bots = [WildcatChicaneHeuristic(GAME, s, random.Random(s)) for s in range(3)]
    for seed in range(3):
        state = GAME.new(3, GAME.options(3), seed)
        while seats := GAME.to_act(state):
            s = seats[0]
            legal = GAME.legal_actions(state, s)
            action = bots[s].choose(GAME.view(state, s), legal)
            assert bots[s].choose(lean_view(state, s), legal) == action
            state, _ = GAME.apply(state, s, rng.choice(legal) if rng.random() < 0.3 else action)


def casual_views(seed: int, players: int = 3) -> Iterator[tuple[View, Any]]:
    """Seat 0's views at its decisions in one hand of casual players, with the true state."""
    state = GAME.new(players, GAME.options(players), seed)
    bots = [WildcatChicaneHeuristic(GAME, s, random.Random(s)) for s in range(players)]
    while GAME.hands_played(state) == 0:
        s = GAME.to_act(state)[0]
        view = GAME.view(state, s)
        if s == 0:
            yield view, state
        state, _ = GAME.apply(state, s, bots[s].choose(view, GAME.legal_actions(state, s)))


def test_the_true_deal_explains_rulers_bids_and_plays_better_than_uniform_deals() -> None:
    rng = random.Random(2)
    shares = []
    for seed in range(4):
        model = WildcatChicaneInference(GAME, 0, 0.1)
        for view, state in casual_views(seed):
            model.observe(view)
            if view["phase"] == "play" and len(view["tricks"]) >= 2:
                true = model.likelihood(state)
                sampled = [model.likelihood(GAME.determinize(view, rng)) for _ in range(40)]
                shares.append(sum(w < true for w in sampled) / len(sampled))
    # The others are the heuristic itself: their true hands fit what they did far better than
    # most uniform deals (late in a hand few cards are unseen, and some deals tie the truth).
    assert statistics.median(shares) > 0.8, shares


def test_nothing_is_inferred_before_the_rulers_are_shown() -> None:
    view, state = next(casual_views(1))
    assert view["phase"] == "rule"
    model = WildcatChicaneInference(GAME, 0, 0.1)
    model.observe(view)
    assert model.likelihood(state) == 1.0


@pytest.mark.parametrize("players", [3, 4])
def test_weighted_deals_keep_everything_the_seat_knows(players: int) -> None:
    rng = random.Random(players)
    for view, _ in casual_views(players, players):
        inference = Inference(GAME, 0, 0.1, pool=30)
        inference.observe(view)
        draw = inference.sampler(view, rng)
        for _ in range(10):
            assert GAME.view(draw(), 0) == view


def test_a_bid_is_valued_by_the_seats_own_score_for_the_hand() -> None:
    """ExpectedScore's value of a playout is each seat's WC-12 score for the hand, not a rank."""
    bot = ExpectedScore(GAME, 0, random.Random(1), iterations=10, rollout="heuristic")
    state = GAME.new(3, GAME.options(3), 4)
    base = GAME.scores(state)
    events: list[Any] = []
    while GAME.hands_played(state) == 0:
        s = GAME.to_act(state)[0]
        action = bot.policy(state, s, GAME.legal_actions(state, s))
        state, happened = GAME.apply(state, s, action)
        events.extend(happened)
    end = next(e for e in events if e["type"] == "hand_end")
    assert bot.reward(state, base) == [float(x) for x in end["scores"]]


def test_an_exact_aim_judges_a_hand_by_the_bids_made_not_the_points() -> None:
    """``aim=exact``: 1 for each seat that took exactly the tricks it bid (WC-12's d = 0), in
    the search of the cards as in the bid's, whatever the points."""
    bot = make_bot("bidsearch:bids=10:iterations=10:rollout=heuristic:aim=exact", GAME, 0, 1)
    policy = ExpectedScore(GAME, 0, random.Random(1), iterations=10, rollout="heuristic").policy
    for seed in range(4):
        state = GAME.new(3, GAME.options(3), seed)
        base = GAME.scores(state)
        assert bot.reward(state, base) == [0.0, 0.0, 0.0]  # type: ignore[attr-defined]
        events: list[Any] = []
        while GAME.hands_played(state) == 0:
            s = GAME.to_act(state)[0]
            state, happened = GAME.apply(state, s, policy(state, s, GAME.legal_actions(state, s)))
            events.extend(happened)
        end = next(e for e in events if e["type"] == "hand_end")
        made = [1.0 if b == w else 0.0 for b, w in zip(end["bids"], end["won"], strict=True)]
        assert bot.reward(state, base) == made  # type: ignore[attr-defined]
        assert bot.bidder.reward(state, base) == made  # type: ignore[attr-defined]
    # The fused random playout scores the hand without dealing the next: read from the table,
    # not from the events an earlier step left on the state.
    fused = GAME.random_playout
    assert fused is not None
    start = GAME.new(3, GAME.options(3), 9)
    end = fused(start, 0, -1, -1, -1, random.Random(3).getrandbits)
    assert GAME.hands_played(end) == 1
    made = [1.0 if b == w else 0.0 for b, w in zip(end.bids, end.won, strict=True)]
    assert bot.reward(end, GAME.scores(start)) == made  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="aim is score or exact"):
        make_bot("bidsearch:aim=close", GAME, 0, 1)
