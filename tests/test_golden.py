"""Golden transcripts: recorded matches of every game, with every kind of bot, pinned.

Each case plays a whole match between bots (heuristics, random, ISMCTS and flat Monte-Carlo
search) and compares its record (every decision), every public event and the outcome with the
file in ``golden/``. An unintended change to the rules, the deal, a view a bot reads or a bot's
search shows up here as the first decision that differs. To re-pin after an intended change:
``PONDSIDE_REGOLD=1 pytest tests/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from pondside.engine import Event, Match
from pondside.games import get_game
from pondside.sim.runner import play_match

GOLDEN = Path(__file__).parent / "golden"
Case = tuple[str, int, dict[str, Any], list[str], int]
CASES: list[Case] = [
    ("lame-duck", 4, {"rounds": 2}, ["heuristic", "random", "heuristic", "random"], 2026),
    (
        "lame-duck",
        5,
        {"expert": True},
        [
            "ismcts:iterations=40:rollout=heuristic",
            "mcs:iterations=40:prior=heuristic",
            "heuristic",
            "random",
            "heuristic",
        ],
        7,
    ),
    (
        "king-of-the-quackers",
        4,
        {"target": 15},
        ["heuristic", "ismcts:iterations=20", "random", "mcs:iterations=20:prior=heuristic"],
        3,
    ),
    (
        "king-of-the-quackers",
        3,
        {"deck": "basic", "bidding": True, "target": 15},
        ["heuristic", "heuristic", "random"],
        4,
    ),
    (
        "wildcat-chicane",
        4,
        {"target": 15},
        ["heuristic", "random", "ismcts:iterations=20:rollout=heuristic", "heuristic"],
        5,
    ),
    (
        "wildcat-chicane",
        3,
        {"variant": "classic", "target": 15},
        ["heuristic", "mcs:iterations=20", "random"],
        6,
    ),
    (
        "ladders",
        3,
        {"rounds": 1},
        ["heuristic", "ismcts:iterations=10:rollout=heuristic", "random"],
        8,
    ),
    (
        "ladders",
        4,
        {"teams": True, "rounds": 1},
        ["heuristic", "random", "heuristic", "mcs:iterations=10:prior=heuristic"],
        9,
    ),
    (
        "down-the-drain",
        4,
        {"games": 2},
        ["heuristic", "random", "ismcts:iterations=20", "mcs:iterations=20:prior=heuristic"],
        10,
    ),
]


def transcript(
    slug: str, players: int, options: dict[str, Any], bots: list[str], seed: int
) -> dict[str, Any]:
    events: list[Event] = []
    match = play_match(get_game(slug), players, options, bots, seed, on_events=events.extend)
    outcome = match.outcome()
    assert outcome is not None
    return {"bots": bots, "record": match.record(), "events": events, "outcome": outcome.to_json()}


def dump(golden: dict[str, Any]) -> str:
    """One action or event a line, so that a diff points at the first decision that moved."""

    def one(x: Any) -> str:
        return json.dumps(x, separators=(",", ":"))

    record = dict(golden["record"])
    actions = record.pop("actions")
    return (
        "{\n"
        f' "bots": {one(golden["bots"])},\n'
        f' "record": {one(record)[:-1]},"actions":[\n  '
        + ",\n  ".join(one(a) for a in actions)
        + "\n ]},\n"
        ' "events": [\n  ' + ",\n  ".join(one(e) for e in golden["events"]) + "\n ],\n"
        f' "outcome": {one(golden["outcome"])}\n'
        "}\n"
    )


def case_id(case: Case) -> str:
    slug, players, _, _, seed = case
    return f"{slug}-{players}p-seed{seed}"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_golden_transcript(case: Case) -> None:
    slug, players, options, bots, seed = case
    path = GOLDEN / f"{case_id(case)}.json"
    fresh = json.loads(json.dumps(transcript(slug, players, options, bots, seed)))
    if os.environ.get("PONDSIDE_REGOLD"):
        path.write_text(dump(fresh))
    golden = json.loads(path.read_text())
    assert fresh["record"]["actions"] == golden["record"]["actions"], "a decision changed"
    assert fresh["record"] == golden["record"], "the record changed"
    assert fresh["events"] == golden["events"]
    assert fresh["outcome"] == golden["outcome"]
    replayed = Match.from_record(get_game(slug), golden["record"])
    assert replayed.outcome() is not None
    assert replayed.outcome().to_json() == golden["outcome"]  # type: ignore[union-attr]
