"""Fixtures of the server's tests: a ``pondside serve`` process on a fresh SQLite file."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

from browserkit import browser, new_page, quick_clock, web  # noqa: F401 (the browser tests' fixtures)
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


@pytest.fixture
def postgres() -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test, dropped afterwards: on the server that
    ``PONDSIDE_TEST_POSTGRES`` names (`.ci/run` starts one); skipped without it, except under CI."""
    url = os.environ.get("PONDSIDE_TEST_POSTGRES")
    if not url:
        message = "PONDSIDE_TEST_POSTGRES is not set: no PostgreSQL server to test against"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    import psycopg

    name = f"pondside_{secrets.token_hex(6)}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"{url.rpartition('/')[0]}/{name}"
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
