"""Shared fixtures: where ../shared is, and a hypothesis profile that keeps the suite quick."""

from __future__ import annotations

import json
import os
import signal
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

# The commands speak the terminal's language (pondside.i18n.from_environment): the tests read
# English, whatever the machine's LANG; a test of another language sets it itself.
os.environ["PONDSIDE_LANG"] = "en"


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """A command run in-process (click's CliRunner) sets the process's language from the
    environment it was given: put back English after each test, so none leaks into the next."""
    yield
    from pondside import i18n

    i18n.use_for_process("en")


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


@pytest.fixture(autouse=True)
def _signal_handlers_restored() -> Iterator[None]:
    """The signal handlers a test changed in this process are put back when it ends. A terminal
    session stopped by a signal ignores the next ones on purpose (tui/session.py), and a test
    that plays one in-process (test_play's hang-up tests) left SIGINT ignored in its pytest
    worker: every later Ctrl-C test there failed, and the programs it started inherited the
    ignored signal (a lab, a `pondside play` that never heard its Ctrl-C). Ray's ``init`` (the
    --ray tests) leaves a SIGTERM handler of its own too."""
    stops = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        # Left ignored outside any test's body (seen twice under load in a full run, in the
        # worker whose Ctrl-C tests then failed: a tournament never stopped, a `pondside
        # play` started there never heard its Ctrl-C): each test starts with Python's own.
        signal.signal(signal.SIGINT, signal.default_int_handler)
    saved = {s: signal.getsignal(s) for s in stops}
    yield
    for s, handler in saved.items():
        if signal.getsignal(s) is not handler and handler is not None:
            signal.signal(s, handler)


def load_json(path: Path) -> object:
    return json.loads(path.read_text())
