"""Leases between server processes (issue 15): a table is played by one process at a time. Two
processes on one database (two stores here, as two processes would hold): the lease decides who
commits, a lease that ran out is taken over, a process that lost its lease commits nothing, and
the same action is never committed twice, whoever believes they own the table. On SQLite, and
on PostgreSQL when PONDSIDE_TEST_POSTGRES is set."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError

from pondside.server.db import LeaseLost, Seat, Store, TableData


def _table(store: Store, table_id: str = "t1") -> TableData:
    data = TableData(
        id=table_id, game="lame-duck", players=2, options={"rounds": 1}, profile="none",
        listed=False, status="playing", seed=1, host_id="p1", created_at=time.time(), seq=3,
        clock={}, next_id=None, seats=[Seat(None, None, "random"), Seat(None, None, "random")],
    )  # fmt: skip
    store.add_table(data)
    return data


def _two(url: str) -> tuple[Store, Store]:
    return Store(url), Store(url)  # each migrates the database, the second finds it done


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'leases.db'}"
    else:
        yield request.getfixturevalue("postgres")


def test_the_lease_decides_who_plays_a_table_and_a_lost_lease_commits_nothing(url: str) -> None:
    a, b = _two(url)
    t = _table(a)
    assert a.take_lease("t1", "process-a", 0.5)
    assert not b.take_lease("t1", "process-b", 5)  # held: refused
    assert a.take_lease("t1", "process-a", 0.5)  # renewed by its holder
    a.commit_action(_next(t), 0, 0, "play 5", "bot", owner="process-a")
    time.sleep(0.6)  # process a stalls: its lease runs out
    assert b.take_lease("t1", "process-b", 5)  # taken over
    with pytest.raises(LeaseLost):  # a wakes up believing it still plays the table
        a.commit_action(_next(t), 1, 1, "play 9", "bot", owner="process-a")
    stored = b.load_table("t1")
    assert stored is not None and stored.seq == 4  # a's late action left no trace
    b.commit_action(_next(stored), 1, 1, "play 9", "bot", owner="process-b")
    assert b.lease_of("t1")[0] == "process-b"  # type: ignore[index]
    b.release_lease("t1", "process-b")  # stopping: another may take it at once
    assert a.take_lease("t1", "process-a", 5)
    a.close()
    b.close()


def test_two_processes_believing_they_own_a_table_cannot_both_commit_an_action(url: str) -> None:
    """Even without the lease check (the worst case: both think they hold it), an action's
    number is its key in the table: the second commit of action 0 fails, nothing twice."""
    a, b = _two(url)
    t = _table(a)
    a.commit_action(_next(t), 0, 0, "play 5", "bot")
    with pytest.raises(IntegrityError):
        b.commit_action(_next(t), 0, 0, "play 7", "bot")
    stored = a.load_table("t1")
    assert stored is not None and stored.seq == 4
    a.close()
    b.close()


def test_two_processes_taking_a_free_lease_at_once_get_it_once(url: str) -> None:
    a, b = _two(url)
    _table(a)
    got = [a.take_lease("t1", "process-a", 5), b.take_lease("t1", "process-b", 5)]
    assert got == [True, False]
    a.close()
    b.close()


def _next(t: TableData) -> TableData:
    t.seq += 1
    return t


def test_a_process_frozen_in_mid_commit_does_not_keep_its_tables_from_the_others(
    postgres: str,
) -> None:
    """On PostgreSQL a process frozen between two statements of a transaction holds its rows'
    locks, the lease row's among them: the others cannot take its tables over while it sleeps.
    The server ends a transaction idle past ``stall_seconds`` (rolled back, its locks freed), so
    the table is taken over, and the frozen process's commit fails when it wakes."""
    from sqlalchemy import update
    from sqlalchemy.exc import DBAPIError

    from pondside.server.rows import LeaseRow

    a, b = Store(postgres, stall_seconds=2.0), Store(postgres)
    _table(a)
    assert a.take_lease("t1", "process-a", 0.5)
    with pytest.raises(DBAPIError), a.session() as s:  # a renews ... and freezes
        s.execute(update(LeaseRow).where(LeaseRow.table_id == "t1").values(until=time.time() + 0.5))
        time.sleep(0.6)  # its lease ran out, but its row is locked: not taken yet
        assert not b.take_lease("t1", "process-b", 5)  # (after waiting its 0.5 s for the lock)
        time.sleep(1.5)  # past stall_seconds: the server ended a's transaction
        assert b.take_lease("t1", "process-b", 5)
    assert b.lease_of("t1")[0] == "process-b"  # type: ignore[index]
    a.close()
    b.close()
