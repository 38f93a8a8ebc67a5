"""Golden transcripts: a recorded match's every event and final position, pinned.

An unintended change to the rules, the deal or the bots shows up here. To re-pin after an
intended change: ``PONDSIDE_REGOLD=1 pytest tests/test_golden.py`` and review the diff.
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
CASES = [("lame-duck", 4, {"rounds": 2}, ["heuristic", "random", "heuristic", "random"], 2026)]


def transcript(
    slug: str, players: int, options: dict[str, Any], bots: list[str], seed: int
) -> dict[str, Any]:
    events: list[Event] = []
    match = play_match(get_game(slug), players, options, bots, seed, on_events=events.extend)
    outcome = match.outcome()
    assert outcome is not None
    return {
        "record": match.record(),
        "events": events,
        "final_position": match.position(),
        "outcome": outcome.to_json(),
    }


@pytest.mark.parametrize(("slug", "players", "options", "bots", "seed"), CASES)
def test_golden_transcript(
    slug: str, players: int, options: dict[str, Any], bots: list[str], seed: int
) -> None:
    path = GOLDEN / f"{slug}-{players}p-seed{seed}.json"
    fresh = json.loads(json.dumps(transcript(slug, players, options, bots, seed)))
    if os.environ.get("PONDSIDE_REGOLD"):
        path.write_text(json.dumps(fresh, indent=1) + "\n")
    golden = json.loads(path.read_text())
    assert fresh["record"] == golden["record"], "the bots or the deal changed"
    assert fresh["events"] == golden["events"]
    assert fresh["final_position"] == golden["final_position"]
    assert fresh["outcome"] == golden["outcome"]
    replayed = Match.from_record(get_game(slug), golden["record"])
    assert replayed.position() == golden["final_position"]
