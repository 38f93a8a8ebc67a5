"""What the lobby says of each bot level: how it did against the level below it, as the
ladder's steps measured it (docs/bots.md), in the reader's language and never more than the
figures show."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pondside import i18n
from pondside.bots import levels
from pondside.bots.levels import LEVELS, level_notes, measured_steps
from pondside.games import get_game, slugs
from pondside.server.gamefacts import game_facts
from pondside.sim.strength import merged, steps_summary

DOCS = Path(__file__).resolve().parents[2] / "docs" / "strength"


def test_the_lobby_reads_the_steps_the_documentation_shows() -> None:
    # `pondside strength --out docs/bots.md --levels-out src/pondside/bots/steps.json` writes
    # both from docs/strength: a step measured again must reach the lobby too.
    assert measured_steps() == steps_summary(merged(DOCS))


def step(lower: str, upper: str, share: float, low: float, high: float) -> dict[str, object]:
    return {
        "lower": lower,
        "upper": upper,
        "matches": 400,
        "share": share,
        "ci95": [low, high],
        "partial": False,
    }


@pytest.fixture
def measured(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    steps = {
        "lame-duck": [
            step("random", "beginner", 0.815, 0.797, 0.831),
            step("casual", "strong", 0.52, 0.47, 0.57),
        ]
    }
    path = tmp_path / "steps.json"
    path.write_text(json.dumps(steps))
    monkeypatch.setattr(levels, "STEPS_FILE", path)
    measured_steps.cache_clear()
    yield
    measured_steps.cache_clear()


def test_a_step_whose_interval_is_above_one_half_says_the_level_is_ahead(measured) -> None:
    notes = level_notes("lame-duck")
    assert notes["beginner"] == (
        "Ahead of the random level in 82% of 400 matches against it "
        "(between 80% and 83%, at 95% confidence)."
    )


def test_a_step_not_shown_says_so_and_a_level_not_measured_says_nothing(measured) -> None:
    notes = level_notes("lame-duck")
    assert notes["strong"].startswith("Not yet shown stronger than the casual level")
    assert "casual" not in notes and "expert" not in notes
    assert level_notes("ladders") == {}


def test_the_notes_are_in_the_readers_language(measured) -> None:
    with i18n.using("de"):
        said = level_notes("lame-duck")["beginner"]
    assert "82\u00a0%" in said and "Zufall" in said and "Ahead" not in said


@pytest.mark.parametrize("slug", slugs())
def test_every_game_s_facts_carry_its_notes_for_levels_of_the_ladder(slug: str) -> None:
    notes = game_facts(get_game(slug), {})["level_notes"]
    assert set(notes) <= set(LEVELS) - {"random"}
    assert all(note.endswith(".") for note in notes.values())
