"""Shared fixtures: where ../shared is, and a hypothesis profile that keeps the suite quick."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"

settings.register_profile(
    "pondside", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "pondside"))


@pytest.fixture(scope="session")
def shared() -> Path:
    if not SHARED.is_dir():
        pytest.fail(f"../shared is missing: expected it at {SHARED} (CI puts it beside the repo)")
    return SHARED


@pytest.fixture(autouse=True)
def _close_guests() -> Iterator[None]:
    """The guests' HTTP connections a test opened are closed when it ends (serverproc.py)."""
    from serverproc import close_guests, open_guests

    mark = open_guests()
    yield
    close_guests(mark)


def load_json(path: Path) -> object:
    return json.loads(path.read_text())
