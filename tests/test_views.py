"""Views as a typed contract: every view of random matches of every game validates against the
JSON Schema generated from the game's TypedDict, and docs/views.md publishes those schemas."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from pondside.engine import Match
from pondside.games import get_game, slugs
from pondside.protocol import Session
from pondside.views import COMMON_KEYS, markdown, view_schema

DOCS = Path(__file__).resolve().parents[1] / "docs" / "views.md"


def player_counts(slug: str) -> list[int]:
    info = get_game(slug).info
    return sorted({info.min_players, info.max_players})


@pytest.mark.parametrize(
    ("slug", "players"), [(slug, n) for slug in slugs() for n in player_counts(slug)]
)
def test_every_view_of_random_matches_validates_against_its_schema(slug: str, players: int) -> None:
    game = get_game(slug)
    validator = Draft202012Validator(view_schema(game))
    match: Match[Any] = Match(game, players, seed=players)
    rng = random.Random(players)
    step = 0
    while True:
        # The spectator and the seats to act at every step, every seat at every fifth.
        seats = [None, *(range(players) if step % 5 == 0 else match.to_act())]
        for seat in seats:
            view = json.loads(json.dumps(match.view(seat)))
            errors = [e.message for e in validator.iter_errors(view)]
            assert not errors, f"{slug} seat {seat} at step {step}: {errors[:3]}"
        if match.is_over():
            break
        seat = rng.choice(match.to_act())
        match.apply(seat, rng.choice(match.legal(seat)))
        step += 1


@pytest.mark.parametrize("slug", slugs())
def test_every_schema_has_the_common_keys_and_no_others_unannounced(slug: str) -> None:
    schema = view_schema(get_game(slug))
    assert set(COMMON_KEYS) <= set(schema["properties"])
    assert set(schema["required"]) >= set(COMMON_KEYS) - {"hand"}
    assert "hand" not in schema["required"], "a spectator's view has no hand"
    assert schema["additionalProperties"] is False
    assert "turn" not in schema["properties"], "the seats to act are to_act in every game"


def test_a_view_with_an_undeclared_key_or_a_wrong_type_is_refused() -> None:
    game = get_game("lame-duck")
    validator = Draft202012Validator(view_schema(game))
    view = json.loads(json.dumps(Match(game, 4, seed=1).view(0)))
    assert validator.is_valid(view)
    assert not validator.is_valid({**view, "secret": [1, 2]})
    assert not validator.is_valid({**view, "columns": "12 13"})
    assert not validator.is_valid({k: v for k, v in view.items() if k != "totals"})


def test_the_engine_protocol_answers_with_the_same_schema() -> None:
    session = Session()
    answer = session.handle({"op": "schema", "game": "ladders"})
    assert answer == {"ok": True, "schema": view_schema(get_game("ladders"))}
    assert session.handle({"op": "schema"})["ok"] is False  # no match, no game named
    session.handle({"op": "new", "game": "lame-duck", "players": 4, "seed": 1})
    assert session.handle({"op": "schema"})["schema"]["title"] == "Lame Duck view"


def test_docs_views_md_is_up_to_date() -> None:
    assert DOCS.read_text() == markdown(), (
        "docs/views.md is out of date: python -m pondside.views --write docs/views.md"
    )
