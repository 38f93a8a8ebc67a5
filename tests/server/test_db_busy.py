"""Which database errors are the database busy for now (a 503 with Retry-After: the same
request may succeed in a moment) and which are faults of ours (a 500): ``db.busy``."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sqlalchemy.exc import IntegrityError, OperationalError, ProgrammingError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from pondside.server.db import busy


def sqlite_error(path: Path, sql: str, *, lock: bool = False) -> sqlite3.Error:
    held = sqlite3.connect(path, isolation_level=None)
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    try:
        held.execute("CREATE TABLE IF NOT EXISTS t (x)")
        if lock:
            held.execute("BEGIN IMMEDIATE")
        other.execute(sql)
    except sqlite3.Error as exc:
        return exc
    finally:
        held.close()
        other.close()
    raise AssertionError(f"{sql!r} did not fail")


def test_sqlites_write_lock_held_by_another_writer_is_busy(tmp_path: Path) -> None:
    locked = sqlite_error(tmp_path / "db", "INSERT INTO t VALUES (1)", lock=True)
    assert "locked" in str(locked)
    assert busy(OperationalError("INSERT", {}, locked))


def test_a_missing_table_is_a_fault_though_sqlite_calls_it_operational(tmp_path: Path) -> None:
    missing = sqlite_error(tmp_path / "db", "SELECT * FROM nowhere")
    assert isinstance(missing, sqlite3.OperationalError)
    assert not busy(OperationalError("SELECT", {}, missing))


def test_postgresqls_operational_errors_and_a_pool_with_no_connection_free_are_busy() -> None:
    lost = Exception("server closed the connection unexpectedly")
    assert busy(OperationalError("UPDATE", {}, lost))
    assert busy(PoolTimeout("QueuePool limit of size 5 overflow 10 reached"))


def test_a_querys_own_faults_are_not_busy() -> None:
    assert not busy(ProgrammingError("SELECT", {}, Exception("syntax error")))
    assert not busy(IntegrityError("INSERT", {}, Exception("duplicate key")))
    assert not busy(ValueError("not a database error"))
