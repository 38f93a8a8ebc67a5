"""The other server processes, as the hub sees them: none (``Alone``), or several on one
database and one Redis (``RedisPeers`` in cluster.py). The hub is handed one and asks it
whatever depends on there being others: whether a table read here is played here, how to reach
the process that plays one, what to tell the others after a change. It never asks which kind
it has.

The peers see the hub through ``Host``, the few things of it they call: so neither module
imports the other.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, Protocol

from pondside.games import get_game
from pondside.i18n import _

from .db import Store, TableData
from .frames import By
from .settings import Settings
from .tables import LiveTable, Refused


class Host(Protocol):
    """What the peers use of the hub: its tables, and how it reads, schedules and plays them."""

    store: Store
    settings: Settings
    tables: dict[str, LiveTable]

    def later(self, work: Coroutine[Any, Any, Any]) -> None: ...
    def live(self, data: TableData) -> LiveTable: ...
    async def restore(self) -> int: ...
    async def reload(self, table: LiveTable, force: bool = False) -> None: ...
    def schedule(self, table: LiveTable) -> None: ...
    def lost(self, table: LiveTable) -> None: ...
    async def act(
        self,
        table: LiveTable,
        seat: int,
        action: str,
        how: str = "player",
        request: str | None = None,
    ) -> None: ...
    def broadcast(
        self,
        table: LiveTable,
        events: list[Any],
        reason: str,
        by: By | None = None,
        before: Any = None,
    ) -> None: ...
    def heard_presence(self, table: LiveTable) -> None: ...


class Peers(Protocol):
    """The other processes of this server, and this process's part among them."""

    owner: str | None
    """The name under which this process holds table leases (None: there are none to hold, no
    other process can take a table). The store refuses a commit of a table whose lease this
    owner lost."""

    async def start(self, host: Host) -> int:
        """Begin serving ``host``'s tables; returns how many tables were brought back."""
        ...

    async def close(self) -> None: ...

    def plays_what_it_reads(self) -> bool:
        """Whether a table created or read here is played here (else once its lease is)."""
        ...

    async def adopt(self, table: LiveTable) -> None:
        """A table just read from the database: played here if nobody else plays it."""
        ...

    async def take(self, table: LiveTable) -> bool:
        """Claim the table at its start, to play it here; False if another process has."""
        ...

    async def release(self, table: LiveTable) -> None:
        """Give up a claim that came to nothing (the start was not saved)."""
        ...

    async def forward(self, table: LiveTable, seat: int, action: str) -> None:
        """A seat's action at a table another process plays: done there, or Refused."""
        ...

    def committed(self, table: LiveTable, number: int, seat: int, action: str, how: str) -> None:
        """Tell the others of an action committed here."""
        ...

    def changed(self, table: LiveTable) -> None:
        """Tell the others of a change of the table other than an action."""
        ...

    def tell_presence(self, table: LiveTable) -> None:
        """Tell the others who is online at the table here."""
        ...

    def expected_seq(self, table: LiveTable) -> int | None:
        """The sequence number a change of the table must find stored (None: not checked, as
        nobody else changes it)."""
        ...

    async def newer(self, table: LiveTable) -> TableData | None:
        """The table as stored, if another process changed it since this one read it."""
        ...

    def keeps(self, table: LiveTable) -> bool:
        """Whether an unfinished table nobody here watches stays in this process's memory."""
        ...

    async def lobby(self) -> list[LiveTable]:
        """The tables of every process, for the lobby's list."""
        ...

    async def open_tables_of(self, host_id: str) -> int:
        """How many tables waiting to start a guest opened, in every process."""
        ...


class Alone:
    """One process: every table is played here and nobody else changes one."""

    owner: str | None = None

    def __init__(self) -> None:
        self.host: Host | None = None

    def _host(self) -> Host:
        if self.host is None:
            raise RuntimeError("the peers are asked before the hub started them")
        return self.host

    async def start(self, host: Host) -> int:
        self.host = host
        return await host.restore()

    async def close(self) -> None:
        return None

    def plays_what_it_reads(self) -> bool:
        return True

    async def adopt(self, table: LiveTable) -> None:
        return None

    async def take(self, table: LiveTable) -> bool:
        return True

    async def release(self, table: LiveTable) -> None:
        return None

    async def forward(self, table: LiveTable, seat: int, action: str) -> None:
        # Every table is played here, so there is nowhere to forward to: reached only if a
        # table was marked as not played here, which one process never does.
        raise Refused(_("this table is not being played by this server; reload the page"), 503)

    def committed(self, table: LiveTable, number: int, seat: int, action: str, how: str) -> None:
        return None

    def changed(self, table: LiveTable) -> None:
        return None

    def tell_presence(self, table: LiveTable) -> None:
        return None

    def expected_seq(self, table: LiveTable) -> int | None:
        return None

    async def newer(self, table: LiveTable) -> TableData | None:
        return None

    def keeps(self, table: LiveTable) -> bool:
        return True

    async def lobby(self) -> list[LiveTable]:
        return list(self._host().tables.values())

    async def open_tables_of(self, host_id: str) -> int:
        return sum(
            1
            for t in self._host().tables.values()
            if t.data.host_id == host_id and t.data.status == "open"
        )


async def stored_copy(store: Store, table: LiveTable) -> TableData | None:
    """The table as stored if it is ahead of this process's copy (read in a thread)."""
    data = await asyncio.to_thread(store.load_table, table.data.id)
    return data if data is not None and data.seq > table.data.seq else None


def unplayed(data: TableData) -> LiveTable:
    """A stored table shown in the lobby but not played by this process."""
    return LiveTable(data=data, game=get_game(data.game), owned=False)
