"""``GET /api/games``: every fact the lobby's one options form reads, as each game declares it."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from pondside.games import all_games, get_game
from pondside.server.gamefacts import game_facts, players_words
from pondside.server.hub import LIMITS
from serverproc import GuestClient, ServerProcess


@pytest.fixture(scope="module")
def facts(shared_server: ServerProcess) -> dict[str, Any]:
    r = httpx.get(f"{shared_server.url}/api/games", timeout=10)
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def test_every_game_is_listed_with_its_players_and_options(facts: dict[str, Any]) -> None:
    listed = {g["slug"]: g for g in facts["games"]}
    assert set(listed) == {g.info.slug for g in all_games()}
    for game in all_games():
        info, entry = game.info, listed[game.info.slug]
        assert (entry["min_players"], entry["max_players"], entry["default_players"]) == (
            info.min_players,
            info.max_players,
            info.default_players,
        )
        assert entry["name"] == info.name and entry["summary"] == info.summary
        assert [s["name"] for s in entry["option_specs"]] == [o.name for o in info.options]
        for spec, option in zip(entry["option_specs"], info.options, strict=True):
            assert spec["kind"] == option.kind.__name__
            assert spec["choices"] == list(option.choices)
            assert spec["minimum"] == option.minimum
            assert spec["maximum"] == LIMITS.get(option.name, option.maximum)
            assert spec["nullable"] == option.nullable
            assert spec["help"] == option.help
            assert spec["label"] and spec["text"]
        # The form's defaults are the ones the game plays when nothing is given.
        shown = {s["name"]: s["default"] for s in entry["option_specs"]}
        assert shown == game.options(info.default_players)


def test_the_words_a_player_reads_carry_no_ruling_codes(facts: dict[str, Any]) -> None:
    for entry in facts["games"]:
        for spec in entry["option_specs"]:
            assert not re.search(r"\b[A-Z]{2}-\d", spec["text"]), spec
    assert players_words("the optional bidding rules with promises (KQ-28..30)") == (
        "the optional bidding rules with promises"
    )
    assert players_words("two partnerships (4 players, LA-2)") == "two partnerships (4 players)"
    assert players_words("points that end the match (50; 75 with bidding) (KQ-26)") == (
        "points that end the match (50; 75 with bidding)"
    )


def test_each_game_suggests_a_clock_the_server_has(facts: dict[str, Any]) -> None:
    profiles = {p["id"] for p in facts["profiles"]}
    assert all(entry["profile"] in profiles for entry in facts["games"])
    by_slug = {g["slug"]: g["profile"] for g in facts["games"]}
    assert by_slug["lame-duck"] == "normal" and by_slug["king-of-the-quackers"] == "slow"


def test_a_default_that_follows_another_option_is_the_games_own(facts: dict[str, Any]) -> None:
    listed = {g["slug"]: g for g in facts["games"]}
    # KQ-26: 75 points with the bidding rules; a target ends a Lame Duck match instead of its
    # rounds (LD-10), and rounds end a Ladders match instead of its target.
    assert {
        "option": "bidding",
        "value": True,
        "any_number": False,
        "defaults": {"target": 75},
    } in (listed["king-of-the-quackers"]["follows"])
    assert {
        "option": "target",
        "value": None,
        "any_number": True,
        "defaults": {"rounds": None},
    } in (listed["lame-duck"]["follows"])
    assert listed["ladders"]["follows"][0]["defaults"] == {"target": None}
    assert listed["wildcat-chicane"]["follows"] == []
    for entry in facts["games"]:
        game = get_game(entry["slug"])
        n = entry["default_players"]
        for follow in entry["follows"]:
            value = 7 if follow["any_number"] else follow["value"]
            resolved = game.options(n, {follow["option"]: value})
            assert {k: resolved[k] for k in follow["defaults"]} == follow["defaults"]


def test_what_the_form_sends_for_a_following_option_opens_that_table(
    shared_server: ServerProcess,
) -> None:
    # The form sends only what the person changed: bidding alone gives a table to 75.
    ann = GuestClient(shared_server, "Ann")
    table = ann.create(3, game="king-of-the-quackers", options={"bidding": True}, profile="none")
    assert table["options"]["target"] == 75
    table = ann.create(4, options={"target": 66}, profile="none")
    assert (table["options"]["rounds"], table["options"]["target"]) == (None, 66)


def test_the_entry_is_built_from_the_game_alone() -> None:
    for game in all_games():
        entry = game_facts(game, {})
        assert entry["options"] == game.info.option_defaults()
        assert [s["maximum"] for s in entry["option_specs"]] == [
            o.maximum for o in game.info.options
        ]
