"""A game's own random playout (``random_playout``, issue 29 point 5) ends where the search's
step-by-step loop ends: the same actions from the same draws, the same state at the end."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pondside.bots.search import step_by_step_playout
from pondside.engine import Game, PondsideError
from pondside.games import all_games

FUSED = [g for g in all_games() if g.random_playout is not None]
VARIANTS: dict[str, dict[str, Any]] = {
    "ladders": {"teams": True},
    "lame-duck": {"expert": True},
    "wildcat-chicane": {"variant": "classic"},
    "king-of-the-quackers": {"bidding": True, "deck": "basic"},
    "down-the-drain": {"games": 3},
}
"""Options a game's playout also runs under, at a table they allow (Ladders' partnerships,
Lame Duck's expert deck, Wildcat Chicane's classic variant, King of the Quackers' promises,
Down the Drain's series: a game's end there deals the next)."""


def step_by_step(
    game: Game[Any], state: Any, hands: int, last: int, limit: int, turns: int, rng: random.Random
) -> Any:
    """``SearchBot.playout``'s loop with the random policy, as the rules' functions play it."""
    return step_by_step_playout(game, state, hands, last, limit, turns, rng.getrandbits)


UNDEALT = {"lame-duck", "wildcat-chicane", "king-of-the-quackers", "ladders"}
"""Games whose playout does not deal the next hand where the hand in play ends: there the ends
are compared by what a search reads of them (scores, outcome, hands played)."""


def same_end(game: Game[Any], end: Any, expected: Any, hands: int) -> None:
    if game.info.slug in UNDEALT and game.hands_played(expected) > hands:
        assert game.hands_played(end) == game.hands_played(expected)
        assert game.scores(end) == game.scores(expected)
        assert game.outcome(end) == game.outcome(expected)
        if game.info.slug == "wildcat-chicane":
            same_last_trick(end, expected)
        if game.info.slug == "king-of-the-quackers":
            same_hand_end(end, expected)
        if game.info.slug == "ladders":
            same_round_end(end, expected)
    else:
        assert fields(game, end) == fields(game, expected)


def same_last_trick(end: Any, expected: Any) -> None:
    """Wildcat Chicane's undealt end holds the hand as its last trick left it: the bids, the
    tricks won and the last trick are those the rules' events tell of the hand they ended."""
    from pondside.games.wildcat_chicane.cards import CODES

    told = {e["type"]: e for e in expected.last_events}
    assert told["hand_end"]["bids"] == list(end.bids)
    assert told["hand_end"]["won"] == list(end.won)
    assert told["trick"]["number"] == len(end.tricks)
    assert told["trick"]["cards"] == [[s, CODES[c]] for s, c in end.tricks[-1]]
    assert told["trick"]["winner"] == end.winners[-1]


def same_hand_end(end: Any, expected: Any) -> None:
    """King of the Quackers' undealt end holds the hand as its last play left it: the points
    and totals the rules' events tell of, the hand's number and dealer, one hand holding cards
    (the match's end deals nothing: there the whole state is the same)."""
    if expected.over:
        assert end.snapshot(skip=("last_events",)) == expected.snapshot(skip=("last_events",))
        return
    told = {e["type"]: e for e in expected.last_events}
    assert told["hand_end"]["points"] == list(end.history[-1])
    assert told["hand_end"]["totals"] == list(end.totals)
    assert (end.hand_no, end.dealer) == (expected.hand_no - 1, (expected.dealer - 1) % end.n)
    assert sum(1 for h in end.hands if h) == 1


def same_round_end(end: Any, expected: Any) -> None:
    """Ladders' undealt end holds the round as its last step left it: the points, totals and
    CLIMB sizes the rules' events tell of, the round's number (the match's end deals nothing:
    there the whole state is the same)."""
    if expected.over:
        assert end.snapshot(skip=("last_events",)) == expected.snapshot(skip=("last_events",))
        return
    told = [e for e in expected.last_events if e["type"] == "round_end"][-1]
    assert told["points"] == list(end.history[-1])
    assert told["totals"] == list(end.totals)
    assert told["climb_sizes"] == [len(c) for c in end.climbs]
    assert told["round"] == end.round_no == expected.round_no - 1


def fields(game: Game[Any], state: Any) -> dict[str, Any]:
    snapshot: dict[str, Any] = state.snapshot(skip=("last_events",))
    return snapshot


def start(game: Game[Any], players: int, seed: int, moves: int, variant: bool = False) -> Any:
    """A state ``moves`` random decisions into a match (``seed`` deals and chooses), with the
    game's ``VARIANTS`` options where asked and the table allows them."""
    rng = random.Random(seed)
    given = VARIANTS.get(game.info.slug, {}) if variant else {}
    try:
        options = game.options(players, given)
    except PondsideError:
        options = game.options(players)
    state = game.new(players, options, seed)
    for _ in range(moves):
        seats = game.to_act(state)
        if not seats:
            break
        legal = game.legal_actions(state, seats[0])
        state, _ = game.apply(state, seats[0], rng.choice(legal))
    return state


@pytest.mark.parametrize("game", FUSED, ids=lambda g: g.info.slug)
@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    moves=st.integers(0, 400),
    limit=st.sampled_from([-1, 1, 7, 60, 400]),
    turns=st.sampled_from([-1, 1, 2, 3, 9]),
    players=st.integers(2, 6),
    variant=st.booleans(),
)
def test_random_playout_is_the_step_by_step_playout(
    game: Game[Any], seed: int, moves: int, limit: int, turns: int, players: int, variant: bool
) -> None:
    info = game.info
    players = max(info.min_players, min(info.max_players, players))
    state = start(game, players, seed, moves, variant)
    before = fields(game, state)
    hands = game.hands_played(state)
    seats = game.to_act(state)
    last = seats[0] if seats and seed % 2 else -1
    ours, theirs = random.Random(seed), random.Random(seed)
    end = game.random_playout(state, hands, last, limit, turns, ours.getrandbits)  # type: ignore[attr-defined]
    expected = step_by_step(game, state, hands, last, limit, turns, theirs)
    same_end(game, end, expected, hands)
    assert ours.getrandbits(64) == theirs.getrandbits(64)  # the same draws were used
    assert fields(game, state) == before  # the start is left as it was


def test_long_playouts_reach_the_rules_steps() -> None:
    """Whole rounds played out (DRAW reshuffled, piles completed, a round won), fused and not."""
    for game in FUSED:
        for seed in range(6):
            state = start(
                game, 4 if seed % 2 else game.info.default_players, seed, 0, seed % 2 == 1
            )
            ours, theirs = random.Random(seed), random.Random(seed)
            end = game.random_playout(state, 0, -1, -1, -1, ours.getrandbits)  # type: ignore[attr-defined]
            expected = step_by_step(game, state, 0, -1, -1, -1, theirs)
            assert game.hands_played(end) == 1
            same_end(game, end, expected, 0)


def test_lame_duck_playout_follows_the_labs_column_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The designer's lab sets ``rules.COLUMN_LIMIT`` (LD-7); the playout reads it there."""
    from pondside.games.lame_duck import GAME
    from pondside.games.lame_duck import rules as lame_duck_rules

    monkeypatch.setattr(lame_duck_rules, "COLUMN_LIMIT", 3)
    for seed in range(4):
        state = start(GAME, 4, seed, 0)
        ours, theirs = random.Random(seed), random.Random(seed)
        end = GAME.random_playout(state, 0, -1, -1, -1, ours.getrandbits)  # type: ignore[attr-defined]
        expected = step_by_step(GAME, state, 0, -1, -1, -1, theirs)
        same_end(GAME, end, expected, 0)
