"""The engine's own pieces: seeded randomness, options, places, matches and records."""

from __future__ import annotations

import pytest

from pondside.engine import (
    BadOption,
    BadRecord,
    IllegalAction,
    Match,
    Option,
    PondsideError,
    Rng,
    places_from_results,
    seed_state,
)
from pondside.engine.options import resolve_options
from pondside.games import get_game


def test_rng_is_reproducible_and_pinned() -> None:
    # Pinned so that a change to the generator (which would change every deal) is noticed.
    rng = Rng(seed_state(1))
    assert [rng.below(100) for _ in range(8)] == [8, 19, 85, 45, 54, 78, 52, 87]
    assert Rng(seed_state(7)).shuffled(range(10)) == [7, 1, 9, 4, 2, 5, 8, 0, 3, 6]
    assert sorted(Rng(seed_state(7)).shuffled(range(50))) == list(range(50))
    assert Rng(seed_state(1)).next64() != Rng(seed_state(2)).next64()


def test_rng_below_is_roughly_uniform() -> None:
    rng = Rng(seed_state(3))
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(900 < c < 1100 for c in counts)


def test_fork_does_not_advance_the_generator() -> None:
    rng = Rng(seed_state(5))
    before = rng.state
    forked = rng.fork(1, 2, 3)
    assert rng.state == before and forked.state != before
    assert Rng(before).fork(1, 2, 3).next64() == forked.next64()
    assert Rng(before).fork(1, 2, 4).next64() != Rng(before).fork(1, 2, 3).next64()


def test_places_share_ties_and_skip() -> None:
    assert places_from_results([5, 9, 9, 12], lower_is_better=True) == (1, 2, 2, 4)
    assert places_from_results([5, 9, 9, 12], lower_is_better=False) == (4, 2, 2, 1)
    assert places_from_results([3, 3], lower_is_better=True) == (1, 1)


def test_options_validate_and_explain() -> None:
    specs = (
        Option("deck", str, "extended", "", choices=("extended", "basic")),
        Option("target", int, 50, "", minimum=1),
        Option("bidding", bool, False, ""),
    )
    assert resolve_options(specs, None, "g") == {"deck": "extended", "target": 50, "bidding": False}
    assert resolve_options(specs, {"deck": "basic"}, "g")["deck"] == "basic"
    for bad, says in [
        ({"deck": "tiny"}, "one of extended, basic"),
        ({"target": 0}, "at least 1"),
        ({"target": "50"}, "whole number"),
        ({"target": True}, "whole number"),
        ({"bidding": "yes"}, "true or false"),
        ({"colour": 1}, "no option 'colour'"),
    ]:
        with pytest.raises(BadOption, match=says):
            resolve_options(specs, bad, "g")
    with pytest.raises(BadOption):
        resolve_options(specs, ["deck"], "g")  # type: ignore[arg-type]
    assert specs[2].parse_text("yes") is True and specs[1].parse_text("75") == 75


def test_match_checks_seats_and_action_types() -> None:
    match = Match(get_game("lame-duck"), 4, seed=1)
    with pytest.raises(IllegalAction, match="seat must be"):
        match.apply(7, "play 1")
    with pytest.raises(IllegalAction, match="text"):
        match.apply(0, 37)  # type: ignore[arg-type]
    with pytest.raises(PondsideError):
        match.view(9)
    assert match.actions == []


def test_record_replays_and_refuses_garbage() -> None:
    game = get_game("lame-duck")
    match = Match(game, 3, seed=11)
    seat = match.to_act()[0]
    action = match.legal(seat)[0]
    match.apply(seat, action)
    record = match.record()
    assert record == {
        "game": "lame-duck",
        "players": 3,
        "options": {"expert": False, "rounds": 1, "target": None},
        "seed": 11,
        "actions": [[seat, action]],
    }
    assert Match.from_record(game, record).position() == match.position()
    for bad, says in [
        ("nope", "JSON object"),
        ({**record, "game": "ladders"}, 'is for "ladders"'),
        ({**record, "actions": {}}, "list of"),
        ({**record, "actions": [[0]]}, "not a \\[seat, action\\] pair"),
        ({**record, "players": 99}, "cannot start"),
        ({**record, "seed": "x"}, "seed"),
    ]:
        with pytest.raises(BadRecord, match=says):
            Match.from_record(game, bad)


def test_timeout_applies_the_rules_default() -> None:
    match = Match(get_game("lame-duck"), 4, seed=2)
    action, events = match.timeout(2)
    assert action.startswith("play ") and events == [{"type": "chose", "seat": 2}]
    with pytest.raises(IllegalAction):
        match.timeout(2)
