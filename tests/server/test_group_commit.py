"""Group commit: the actions that arrive while one transaction is written go together in the
next, and each is acknowledged only once its own transaction has committed."""

from __future__ import annotations

import asyncio
import threading
from types import SimpleNamespace
from typing import Any

import pytest

from pondside.server.db import ActionCommit, LeaseLost
from pondside.server.hub import Committer


class SlowStore:
    """A store whose every transaction takes a while, recording what each one held."""

    def __init__(self, fail: bool = False) -> None:
        self.transactions: list[list[str]] = []
        self.fail = fail
        self.gate = threading.Event()

    def commit_action(self, t: Any, number: int, seat: int, action: str, how: str, result: Any):
        self.commit_actions([ActionCommit(t, number, seat, action, how, result)])

    def commit_actions(self, batch: list[ActionCommit], owner: str | None = None) -> None:
        self.gate.wait(5)
        if self.fail:
            raise OSError("disk full")
        lost = [c.table.id for c in batch if c.table is not None and c.table.id in self.lost]
        if lost:  # as the store does: the whole batch refused, naming one table
            raise LeaseLost(lost[0])
        self.transactions.append([c.action for c in batch])

    lost: frozenset[str] = frozenset()


def item(action: str, table: str | None = None) -> ActionCommit:
    data = None if table is None else SimpleNamespace(id=table)
    return ActionCommit(table=data, number=0, seat=0, action=action, how="player")  # type: ignore[arg-type]


def test_actions_arriving_during_a_commit_share_the_next_one() -> None:
    store = SlowStore()

    async def main() -> None:
        committer = Committer(store)  # type: ignore[arg-type]
        first = asyncio.ensure_future(committer.commit(item("play 1")))
        await asyncio.sleep(0.05)  # the first transaction is being written
        others = [asyncio.ensure_future(committer.commit(item(f"play {n}"))) for n in (2, 3, 4)]
        await asyncio.sleep(0.05)
        assert not first.done() and not any(o.done() for o in others)  # nothing acknowledged
        store.gate.set()
        await asyncio.gather(first, *others)

    asyncio.run(main())
    assert store.transactions == [["play 1"], ["play 2", "play 3", "play 4"]]


def test_a_failed_transaction_refuses_every_action_in_it() -> None:
    store = SlowStore(fail=True)
    store.gate.set()

    async def main() -> list[Any]:
        committer = Committer(store)  # type: ignore[arg-type]
        tasks = [committer.commit(item(f"play {n}")) for n in (1, 2)]
        return await asyncio.gather(*tasks, return_exceptions=True)

    answers = asyncio.run(main())
    assert all(isinstance(a, OSError) for a in answers)
    assert store.transactions == []


def test_a_table_whose_lease_was_lost_is_left_out_and_the_others_are_committed() -> None:
    """Several processes: a batch holding two tables taken over by another process refuses
    their actions (LeaseLost: the new owner plays them) and commits the rest."""
    store = SlowStore()
    store.lost = frozenset({"b", "c"})
    store.gate.set()

    async def main() -> list[Any]:
        committer = Committer(store, owner="me")  # type: ignore[arg-type]
        first = asyncio.ensure_future(committer.commit(item("play 1", "a")))
        await asyncio.sleep(0)
        rest = [
            committer.commit(item(a, t))
            for a, t in [("play 2", "b"), ("play 3", "a"), ("play 4", "c"), ("play 5", "d")]
        ]
        return await asyncio.gather(first, *rest, return_exceptions=True)

    answers = asyncio.run(main())
    assert [type(a).__name__ for a in answers] == [
        "NoneType", "LeaseLost", "NoneType", "LeaseLost", "NoneType"
    ]  # fmt: skip
    assert store.transactions == [["play 1"], ["play 3", "play 5"]]


@pytest.mark.parametrize("n", [1, 3])
def test_the_store_writes_a_batch_in_one_transaction(tmp_path, n: int) -> None:
    import dataclasses
    import time

    from pondside.server.db import Seat, Store, TableData

    store = Store(f"sqlite:///{tmp_path / 'x.db'}")
    store.add_player("p", "Ann", "secret")
    tables = [
        TableData(
            id=f"t{i}",
            game="lame-duck",
            players=2,
            options={},
            profile="none",
            listed=False,
            status="playing",
            seed=1,
            host_id="p",
            created_at=time.time(),
            seq=0,
            clock={},
            next_id=None,
            seats=[Seat(bot="random"), Seat(bot="random")],
        )
        for i in range(n)
    ]
    for t in tables:
        store.add_table(t)
    store.commit_actions(
        [
            ActionCommit(dataclasses.replace(t, seq=1, clock={1: 2.5}), 0, 0, "play 3", "bot")
            for t in tables
        ]
    )
    for t in tables:
        stored = store.load_table(t.id)
        assert stored is not None
        assert stored.seq == 1 and stored.clock == {1: 2.5}
        assert stored.actions == [(0, "play 3")]
    store.close()
