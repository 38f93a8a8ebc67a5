"""What a table page writes about the rules comes from the game (issue 26: no JavaScript file
states a rule): the line under the scores (``Game.score_notes``), the places while a match is
played (``Game.standing``) and Down the Drain's captions beside its groups and spots
(``Game.captions``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pondside.engine import Match
from pondside.games import get_game
from pondside.server.gamefacts import game_facts

GOLDEN = Path(__file__).parents[1] / "golden"
RECORDS = sorted(GOLDEN.glob("*.json"))


def note_for(slug: str, options: dict[str, Any]) -> str:
    """The note a page shows: the first whose ``when`` the options meet."""
    notes = get_game(slug).score_notes()
    return next(
        n["note"] for n in notes if all(options.get(k) == v for k, v in n.get("when", {}).items())
    )


def test_the_line_under_the_scores_says_what_wins() -> None:
    assert note_for("lame-duck", {}) == "Fewer ducks are better."
    assert note_for("down-the-drain", {"games": 1}).startswith("The first to shed every card wins")
    assert note_for("down-the-drain", {"games": 3}).startswith("Most games won wins")
    assert note_for("ladders", {}) == "More points are better."
    assert note_for("king-of-the-quackers", {}) == "More points are better."


def test_the_games_facts_carry_the_score_notes() -> None:
    facts = game_facts(get_game("down-the-drain"), {})
    assert [n.get("when") for n in facts["score_notes"]] == [{"games": 1}, None]


def test_ladders_prompts_say_every_situation_of_its_page_long_and_short() -> None:
    """The page picks a prompt by what its person has picked (static/games/ladders.js)."""
    prompts = get_game("ladders").prompts()
    for key in ("play or drop", "play", "drop", "ending", "no play", "nothing to draw", "turn"):
        assert prompts[key] and prompts.get(f"{key} short", prompts[key]), key
    assert "{what}" in prompts["drop"] and "RUNG" in prompts["drop"]
    # Wildcat Chicane's view says its prompt; its prompts fill the last hand's rows and name
    # what the board marks (no status line among them).
    wc = get_game("wildcat-chicane").prompts()
    assert wc["bid took"] == "bid {bid}, took {won}"
    assert not any("status" in key or "turn" in key for key in wc)
    assert "{card}" in get_game("lame-duck").prompts()["too low"]
    assert get_game("down-the-drain").prompts()["rule"].startswith("Any card may be played")


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_the_standing_at_the_end_is_the_outcomes_places(path: Path) -> None:
    """While a match is played a page shows the standing; at its end the places it showed are
    the engine's (the standing ranks the scores as the end does)."""
    record = json.loads(path.read_text())["record"]
    game = get_game(record["game"])
    match = Match.start_of(game, record)
    for seat, action in record["actions"]:
        match.apply(seat, action)
    outcome = game.outcome(match.state)
    assert outcome is not None
    assert game.standing(match.view(None)) == list(outcome.places)


def test_a_series_of_down_the_drain_ranks_by_games_won_first() -> None:
    """DD-9: more games won is better, whatever the cards held."""
    view = {"wins": [0, 2, 1], "totals": [3, 20, 5]}
    assert get_game("down-the-drain").standing(view) == [3, 1, 2]


def test_down_the_drains_captions_say_whose_turn_pushes_a_group_through() -> None:
    # The board's captions (the binding adds the status line, from a whole view).
    from pondside.games.down_the_drain.narrate import captions

    names = ["Ann", "Bob", "Cid"]
    view: dict[str, Any] = {
        "seat": 0,
        "groups": [{"number": 7, "seats": [1, 2], "value": 14, "through": 1}],
        "last_events": [
            {"type": "play", "seat": 2, "card": 7},
            {"type": "beaten", "seats": [0]},
        ],
    }
    said = captions(view, names)
    assert said == {
        "group 7": "to be pushed through on Bob's turn unless beaten first",
        "seat 2": "just played",
        "seat 0": "beaten: drew a card",
    }
    view["groups"][0]["through"] = 0
    assert captions(view, names)["group 7"].startswith("to be pushed through on your turn")
    nothing = captions({"seat": 0, "groups": [], "last_events": []}, names)
    assert nothing == {"to beat": "No card in front: any card may be played."}
    own = {"seat": 0, "groups": [{"number": 3, "seats": [0], "value": 3, "through": None}]}
    assert captions({**own, "last_events": [{"type": "deal"}]}, names) == {
        "to beat": "Nothing but your own card in front."
    }
