"""One suite over every registered game (OpenSpiel's habit): random play to the end, checking
the engine's invariants at every step. A game is checked here the moment it is registered."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pondside.engine import IllegalAction, Match, PondsideError
from pondside.games import get_game, slugs

SEEDS = (1, 2, 3)
MAX_STEPS = 200_000


def player_counts(slug: str) -> list[int]:
    info = get_game(slug).info
    return sorted({info.min_players, info.default_players, info.max_players})


CASES = [(slug, n, seed) for slug in slugs() for n in player_counts(slug) for seed in SEEDS]


def roundtrip(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


def check_step(
    match: Match[Any], rng: random.Random, check_determinize: bool, every: set[str]
) -> None:
    game, state = match.game, match.state
    to_act = match.to_act()
    assert list(to_act) == sorted(set(to_act)), "to_act is ascending and unique"
    for seat in range(match.players):
        legal = match.legal(seat)
        assert legal == sorted(set(legal)), "legal actions are unique and sorted as strings"
        assert bool(legal) == (seat in to_act), f"seat {seat} has actions iff it is to act"
        assert set(legal) <= every, "every legal action is in the game's list of all actions"
        view = match.view(seat)
        assert roundtrip(view) == view, "a view is plain JSON"
        assert view["seat"] == seat and view["game"] == game.info.slug
        if check_determinize and seat in to_act:
            det = game.determinize(roundtrip(view), random.Random(rng.random()))
            assert game.view(det, seat) == view, "determinization keeps the seat's view"
            assert sorted(game.legal_actions(det, seat)) == legal
            assert game.view(det, None) == match.view(None), "and the public facts"
    spectator = match.view(None)
    assert "hand" not in spectator and spectator["seat"] is None
    # Positions round-trip through JSON and give the same state back.
    position = roundtrip(match.position())
    again = game.from_position(match.players, match.options, position)
    assert game.position(again) == match.position()
    assert game.to_act(again) == to_act
    assert game is not None and state is match.state


@pytest.mark.parametrize(("slug", "players", "seed"), CASES)
def test_random_play_keeps_every_invariant(slug: str, players: int, seed: int) -> None:
    game = get_game(slug)
    match: Match[Any] = Match(game, players, seed=seed)
    assert match.view(None)["last_events"] == [], "no events before the first action"
    every = set(game.all_actions(players, match.options))
    rng = random.Random(seed)
    steps = 0
    while not match.is_over():
        check_step(match, rng, check_determinize=steps % 7 == 0, every=every)
        seat = match.to_act()[0]
        with pytest.raises(IllegalAction):
            match.apply(seat, "no such action")
        if steps % 11 == 0:
            timeout = game.timeout_action(match.state, seat)
            assert timeout in match.legal(seat), "the timeout default is a legal action"
        events = match.apply(seat, rng.choice(match.legal(seat)))
        assert match.view(None)["last_events"] == events, "a view repeats the last events"
        steps += 1
        assert steps < MAX_STEPS, "the match ends"
    check_step(match, rng, check_determinize=False, every=every)
    outcome = match.outcome()
    assert outcome is not None and len(outcome.scores) == players == len(outcome.places)
    assert min(outcome.places) == 1
    assert match.legal(0) == [] and match.to_act() == ()
    # The record replays to the same match.
    record = roundtrip(match.record())
    replayed = Match.from_record(game, record)
    assert replayed.position() == match.position()
    assert replayed.outcome() == outcome


@pytest.mark.parametrize("slug", slugs())
def test_metadata_and_bad_input(slug: str) -> None:
    game = get_game(slug)
    info = game.info
    assert info.min_players <= info.default_players <= info.max_players
    assert game.options(info.default_players) == {
        **info.option_defaults(),
        **game.options(info.default_players),
    }
    for bad in (info.min_players - 1, info.max_players + 1):
        with pytest.raises(PondsideError):
            Match(game, bad, seed=1)
    with pytest.raises(PondsideError):
        Match(game, info.default_players, {"no_such_option": 1}, seed=1)
    with pytest.raises(PondsideError):
        Match(game, info.default_players, deal={"nonsense": True}, seed=1)
    with pytest.raises(PondsideError):
        Match(game, info.default_players, position={"nonsense": True})


@pytest.mark.parametrize("slug", slugs())
def test_same_seed_same_match(slug: str) -> None:
    game = get_game(slug)
    a: Match[Any] = Match(game, seed=42)
    b: Match[Any] = Match(game, seed=42)
    assert a.position() == b.position()
    c: Match[Any] = Match(game, seed=43)
    assert c.position() != a.position()


@pytest.mark.parametrize("slug", slugs())
def test_all_actions_and_the_deal_layout_are_facts_of_the_configuration(slug: str) -> None:
    game = get_game(slug)
    rng = random.Random(7)
    for players in player_counts(slug):
        options = game.options(players)
        every = game.all_actions(players, options)
        assert len(set(every)) == len(every), "each action once"
        layout = game.deal_layout(players, options)
        assert len(layout.counts) == len(layout.alphabet) == len(layout.pool_of)
        # Dealing the layout slot by slot makes a deal the game accepts.
        dealt: list[int] = []
        while not layout.done(dealt):
            outcomes = layout.outcomes(dealt)
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            dealt.append(rng.choice(outcomes)[0])
        match: Match[Any] = Match(game, players, deal=layout.deal(dealt), seed=1)
        assert not match.is_over()
