"""Fixtures of the server's tests: a ``pondside serve`` process on a fresh SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browserkit import browser, new_page, web  # noqa: F401 (the browser tests' fixtures)

from serverproc import ServerProcess


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    proc = ServerProcess(f"sqlite:///{tmp_path / 'pondside.db'}", log=tmp_path / "server.log")
    proc.start()
    yield proc
    proc.stop()


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server (per xdist worker) for the tests that need fresh tables, not a fresh
    process: every test makes its own tables and guests."""
    path = tmp_path_factory.mktemp("shared")
    proc = ServerProcess(f"sqlite:///{path / 'pondside.db'}", log=path / "server.log")
    proc.start()
    yield proc
    proc.stop()
