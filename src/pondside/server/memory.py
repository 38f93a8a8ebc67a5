"""The tables in this process's memory: brought back at a start, read from the database when
a client opens one, read again when the database is ahead, let go when nobody needs them."""

from __future__ import annotations

import asyncio
import logging
import time
from abc import ABC, abstractmethod
from collections.abc import Coroutine
from typing import Any

from pondside.games import get_game
from pondside.i18n import _

from .db import Store, TableData
from .frames import By
from .peers import Peers
from .settings import Settings
from .tables import LiveTable, Refused, rebuilt, replace

log = logging.getLogger("pondside.server")


class Memory(ABC):
    """Every live table of one process (``tables``), and its background work; the hub
    (hub.py) plays them."""

    def __init__(self, store: Store, settings: Settings, peers: Peers) -> None:
        self.store = store
        self.settings = settings
        self.peers = peers
        self.tables: dict[str, LiveTable] = {}
        self._background: set[asyncio.Task[Any]] = set()

    @abstractmethod
    def schedule(self, table: LiveTable) -> None:
        """Wake the table's clock and bots after a change."""

    @abstractmethod
    def broadcast(
        self,
        table: LiveTable,
        events: list[Any],
        reason: str,
        by: By | None = None,
        before: Any = None,
    ) -> None:
        """Send every client of the table its frame; ``before`` is the match's state before the
        step of ``events``, when known (for its narration)."""

    async def restore(self) -> int:
        """Bring back every open or playing table after a start, clocks included."""
        rated = await asyncio.to_thread(self.store.rate_pending)
        if rated:
            log.info("rated %d finished matches left unrated", rated)
        rows = await asyncio.to_thread(self.store.load_tables, ("open", "playing"))
        now = time.time()
        for data in rows:
            table = self.live(data)
            if table.match is not None:
                # A clock that ran out while the server was down gets a short grace, scaled
                # like every time limit (a fast test clock must not wait seconds).
                floor = now + self.settings.restore_grace * self.settings.clock_scale
                data.clock = {s: max(d, floor) for s, d in data.clock.items()}
                self.schedule(table)
        return len(rows)

    def live(self, data: TableData) -> LiveTable:
        """A stored table, in memory from now on."""
        owned = self.peers.plays_what_it_reads()
        table = LiveTable(data=data, game=get_game(data.game), owned=owned)
        table.match = rebuilt(table.game, data)
        self.tables[data.id] = table
        return table

    async def reload(self, table: LiveTable, force: bool = False) -> None:
        """Read the table again from the database (the truth) and show it to this process's
        clients: a copy that missed news, a table taken over (``force``), a change made
        elsewhere. A table this process plays is its own truth: left alone unless forced."""
        if table.reloading and not force:
            return  # one read at a time: news after it shows any gap that is left
        table.reloading = True
        try:
            data = await asyncio.to_thread(self.store.load_table, table.data.id)
        finally:
            table.reloading = False
        if data is None:
            return
        async with table.lock:
            if data.seq < table.data.seq:
                return  # an older read than what this copy already has
            if table.owned and table.data.status == "playing" and not force:
                return  # taken over by this process since the read was asked for
            changed = data.seq != table.data.seq
            replace(table, data)
        if changed:
            self.broadcast(table, [], "welcome")
            self.schedule(table)

    def later(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run ``work`` in the background, kept until it ends, its failure logged."""
        task = asyncio.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._ended)

    def _ended(self, task: asyncio.Task[Any]) -> None:
        self._background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background work failed", exc_info=task.exception())

    async def _check_stored(self, table: LiveTable) -> None:
        """After a commit that failed: if the database has more than this table (the commit
        landed after all), read it again; retried until the database answers."""
        for pause in (0.5, 1, 2, 4, 8, 15, 30):
            await asyncio.sleep(pause)
            try:
                stored = await asyncio.to_thread(self.store.sequence_numbers, [table.data.id])
            except Exception:
                continue
            if stored.get(table.data.id, -1) > table.data.seq:
                log.warning("table %s: its commit had landed; read again", table.data.id)
                await self.reload(table, force=True)
            return

    async def table(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is None:
            data = await asyncio.to_thread(self.store.load_table, table_id)
            if data is None:
                raise Refused(_("there is no such table; check the link"), 404)
            table = self.tables.get(table_id)
            if table is None:
                table = self.live(data)
                await self.peers.adopt(table)
        return table

    def forget_if_idle(self, table: LiveTable) -> None:
        """A finished table nobody watches leaves memory (it is read again when opened); with
        several processes, so does any table this process does not play (the database and the
        owner's news bring it back when needed)."""
        idle = not table.clients and not table.lock.locked()
        done = table.data.status == "over" or not self.peers.keeps(table)
        if done and idle and self.tables.get(table.data.id) is table:
            del self.tables[table.data.id]
