"""Group commit: the actions of all tables go to the database together."""

from __future__ import annotations

import asyncio

from .db import ActionCommit, LeaseLost, Store


class Committer:
    """Actions of all tables to the database, together: while one transaction is written, the
    actions that arrive wait and go in the next one (group commit), so a busy server syncs the
    disk once for many actions instead of once each. ``commit`` returns only once the action's
    transaction has committed, so nothing is acknowledged that could still be lost; if that
    transaction fails, every action in it is refused (nothing of them was saved).

    With several processes (``owner``), the store refuses a batch holding a table whose lease
    this process lost: that table's actions are refused (``LeaseLost``) and the rest of the
    batch is written without them, so one table taken over never costs the others theirs."""

    def __init__(self, store: Store, owner: str | None = None) -> None:
        self.store = store
        self.owner = owner
        self.waiting: list[tuple[ActionCommit, asyncio.Future[None]]] = []
        self.writing: asyncio.Task[None] | None = None

    async def commit(self, item: ActionCommit) -> None:
        done = asyncio.get_running_loop().create_future()
        self.waiting.append((item, done))
        if self.writing is None:
            self.writing = asyncio.create_task(self._write())
        await asyncio.shield(done)  # a caller cancelled still leaves the batch whole

    async def _write(self) -> None:
        try:
            while self.waiting:
                batch, self.waiting = self.waiting, []
                try:
                    while True:
                        try:
                            await asyncio.to_thread(
                                self.store.commit_actions, [c for c, _ in batch], self.owner
                            )
                            break
                        except LeaseLost as lost:
                            for c, done in batch:
                                if c.table.id == lost.table_id and not done.done():
                                    done.set_exception(LeaseLost(lost.table_id))
                            batch = [(c, d) for c, d in batch if c.table.id != lost.table_id]
                            if not batch:
                                break
                except Exception as exc:
                    for _, done in batch:
                        if not done.done():
                            done.set_exception(exc)
                else:
                    for _, done in batch:
                        if not done.done():
                            done.set_result(None)
        finally:
            self.writing = None
