"""Events as a typed contract: every event of random matches of every game and player count
validates against the JSON Schema generated from the game's event TypedDicts."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from pondside.engine import Match
from pondside.games import get_game, slugs
from pondside.views import event_kind, event_schema, event_types


def player_counts(slug: str) -> list[int]:
    info = get_game(slug).info
    return list(range(info.min_players, info.max_players + 1))


@pytest.mark.parametrize(
    ("slug", "players"), [(slug, n) for slug in slugs() for n in player_counts(slug)]
)
def test_every_event_of_a_random_match_validates_against_its_schema(
    slug: str, players: int
) -> None:
    game = get_game(slug)
    validator = Draft202012Validator(event_schema(game))
    declared = {event_kind(cls) for cls in event_types(game)}
    match: Match[Any] = Match(game, players, seed=players)
    rng = random.Random(players)
    seen: set[str] = set()
    while not match.is_over():
        seat = rng.choice(match.to_act())
        for event in match.apply(seat, rng.choice(match.legal(seat))):
            event = json.loads(json.dumps(event))
            errors = [e.message for e in validator.iter_errors(event)]
            assert not errors, f"{slug}: {event} {errors[:3]}"
            seen.add(event["type"])
    assert seen <= declared
    assert "match_end" in seen


@pytest.mark.parametrize("slug", slugs())
def test_every_kind_is_told_apart_by_its_type(slug: str) -> None:
    kinds = [event_kind(cls) for cls in event_types(get_game(slug))]
    assert len(kinds) == len(set(kinds)), kinds
    assert "match_end" in kinds


def test_an_event_with_an_undeclared_key_or_a_wrong_type_is_refused() -> None:
    validator = Draft202012Validator(event_schema(get_game("lame-duck")))
    place = {"type": "place", "seat": 1, "card": 23, "column": 1}
    assert validator.is_valid(place)
    assert not validator.is_valid({**place, "secret": 7})
    assert not validator.is_valid({**place, "column": "2"})
    assert not validator.is_valid({**place, "type": "teleport"})
    assert not validator.is_valid({k: v for k, v in place.items() if k != "card"})
