"""Group commit: the actions of all tables go to the database together."""

from __future__ import annotations

import asyncio
import contextlib
from concurrent.futures import ThreadPoolExecutor

from .db import ActionCommit, LeaseLost, Store


class Committer:
    """Actions of all tables to the database, together: while one transaction is written, the
    actions that arrive wait and go in the next one (group commit), so a busy server syncs the
    disk once for many actions instead of once each. ``commit`` returns only once the action's
    transaction has committed, so nothing is acknowledged that could still be lost; if that
    transaction fails, every action in it is refused (nothing of them was saved).

    With several processes (``owner``), the store refuses a batch holding a table whose lease
    this process lost: that table's actions are refused (``LeaseLost``) and the rest of the
    batch is written without them, so one table taken over never costs the others theirs.

    The transactions are written by a thread of their own, not the event loop's shared pool:
    there an action's commit waited behind every other query of the moment (while 4,000 sockets
    connected, each looking its guest up, the first actions after took half a second)."""

    def __init__(self, store: Store, owner: str | None = None) -> None:
        self.store = store
        self.owner = owner
        self.waiting: list[tuple[ActionCommit, asyncio.Future[None]]] = []
        self.writing: asyncio.Task[None] | None = None
        self._thread: ThreadPoolExecutor | None = None  # made at the first commit
        self._closed = False  # after close, a straggler's commit goes to the shared pool

    async def close(self) -> None:
        """Once the last batch is written: the commit thread ends."""
        self._closed = True
        if self.writing is not None:
            with contextlib.suppress(Exception):
                await asyncio.shield(self.writing)
        if self._thread is not None:
            self._thread.shutdown(wait=True)
            self._thread = None

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
                            if self._thread is None and not self._closed:
                                self._thread = ThreadPoolExecutor(1, "pondside-commit")
                            await asyncio.get_running_loop().run_in_executor(
                                self._thread,
                                self.store.commit_actions,
                                [c for c, _ in batch],
                                self.owner,
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
