"""Rounds recorded by independent implementations (../shared/conformance): every one must pass.

Each file ``<slug>-traces.json`` holds scenarios ``{"name", "ruling", "players", "options",
"deal", "steps", "expect_deal_scores", "expect_places"?}``: start from the deal, apply every
step (each must be legal), and the hand must end with exactly those scores (and places).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pondside.engine import Match
from pondside.games import get_game, slugs

CONFORMANCE = Path(__file__).resolve().parents[2] / "shared" / "conformance"


def scenarios() -> list[Any]:
    out = []
    for path in sorted(CONFORMANCE.glob("*-traces.json")):
        slug = path.name.removesuffix("-traces.json")
        for entry in json.loads(path.read_text()):
            out.append(pytest.param(slug, entry, id=f"{slug}:{entry['name']}"))
    return out


def test_conformance_data_is_present() -> None:
    assert CONFORMANCE.is_dir(), f"expected ../shared/conformance at {CONFORMANCE}"
    files = list(CONFORMANCE.glob("*-traces.json"))
    assert files, "no conformance traces found"
    for path in files:
        assert path.name.removesuffix("-traces.json") in slugs(), f"{path.name}: unknown game"


def hand_scores(match: Match[Any]) -> list[int]:
    """The scores of the deal just finished: every game's view lists them, one per deal."""
    return list(match.view(None)["hand_scores"][-1])


@pytest.mark.parametrize(("slug", "entry"), scenarios())
def test_conformance_scenario(slug: str, entry: dict[str, Any]) -> None:
    game = get_game(slug)
    match: Match[Any] = Match(game, entry["players"], entry["options"], deal=entry["deal"], seed=0)
    for i, (seat, action) in enumerate(entry["steps"]):
        legal = match.legal(seat)
        assert action in legal, f"step {i}: {action!r} by seat {seat} is not legal; legal: {legal}"
        match.apply(seat, action)
    assert match.is_over(), "the scenario's hand has ended"
    assert hand_scores(match) == entry["expect_deal_scores"]
    if entry.get("expect_places"):
        outcome = match.outcome()
        assert outcome is not None and list(outcome.places) == entry["expect_places"]


def test_conformance_count() -> None:
    path = Path(CONFORMANCE / "lame-duck-traces.json")
    assert len(json.loads(path.read_text())) == 44
