"""Leaving a match being played. A guest resigns (``resign``): a bot plays their seat to the
end, and the result places them last (``tables.places_with_resigned``). A guest whose every
connection to the table is lost has ``Settings.grace`` to come back (the others see it count
down); past it a bot stands in for them (``Seat.away``; its decisions are recorded as the
stand-in's) until they are back, when the seat is theirs again at once (``watch``). A match
whose guests have all been away for ``Settings.abandon_after`` is abandoned (``sweep``): each
of its guests resigns, so it ends, is recorded and leaves the lobby, rather than stay
"playing" forever with nobody to come back to. Only the process that plays a table looks at
it. A table waiting for players that nobody has been at for as long is ``deserted``: the lobby
no longer lists it to others."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from pondside.i18n import _

from . import frames, seating
from .db import Seat
from .settings import Settings
from .tables import Guest, LiveTable, Refused


class Hub(Protocol):
    """What leaving asks of the hub (hub.py, which calls ``watch``: a protocol, not an import,
    so the two modules do not import each other)."""

    settings: Settings
    tables: dict[str, LiveTable]

    async def reseat(self, table: LiveTable, seats: Callable[[], list[Seat]]) -> None: ...

    def later(self, work: Coroutine[Any, Any, Any]) -> None: ...


log = logging.getLogger("pondside.server")

MOST_BETWEEN_LOOKS = 30.0  # seconds


async def resign(hub: Hub, table: LiveTable, guest: Guest) -> None:
    """The guest resigns the match being played at ``table``."""
    if not table.owned:
        # The process that plays the table reads no seat change made elsewhere during the
        # match (``Memory.reload``), so its bots would not take the seat: refused, not lost.
        raise Refused(
            _(
                "another process of this server plays the table: resigning there is not "
                "possible yet; open the table's page again and retry"
            ),
            409,
        )
    await hub.reseat(
        table, lambda: seating.resigned_seats(table, [seating.seat_to_resign(table, guest)])
    )


def grace_limit(hub: Hub) -> float:
    """Seconds a guest may be gone from a match before a bot stands in for them."""
    return hub.settings.grace * hub.settings.clock_scale


def _players(table: LiveTable) -> list[int]:
    """The seats of the guests who play the match (a bot standing in for some), not resigned."""
    return [i for i, s in enumerate(table.data.seats) if s.player_id and not s.resigned]


def watch(hub: Hub, table: LiveTable) -> set[int]:
    """Who of the match's guests is gone or back, after a presence change (and on each
    sweep): a guest gone starts the grace period (``LiveTable.gone``, shown to the others),
    past which a bot stands in (``_stood_in``); a guest back gets the seat at once. Returns
    the seats connected now (the sweep reads them too)."""
    online, _ = frames.connected(table)
    if table.data.status != "playing" or not table.owned:
        table.gone.clear()
        return online  # not the whole summary: every sweep looks at each table
    for i in _players(table):
        away = table.data.seats[i].away
        if i in online:
            table.gone.pop(i, None)
            if away:
                hub.later(_stood_in(hub, table, i, gone=False))
        elif not away and i not in table.gone:
            wait = grace_limit(hub)
            table.gone[i] = time.time() + wait
            asyncio.get_running_loop().call_later(wait, _grace_over, hub, table, i)
    return online


def _grace_over(hub: Hub, table: LiveTable, seat: int) -> None:
    due = table.gone.get(seat)
    # Back meanwhile (no longer gone), or gone again since (a later timer of its own).
    if due is not None and due <= time.time() + 0.01:
        hub.later(_stood_in(hub, table, seat, gone=True))


def timed_out(hub: Hub, table: LiveTable, seat: int, how: str) -> None:
    """After each action: if the clock ran out for ``seat`` (``how`` is "timeout", its
    timeout action just applied), a guest gone within the grace period gets the stand-in now.
    The grace ends with their time, so that the clock does not decide each of their turns at
    its full length meanwhile, and the others see one countdown (``LiveTable.stand_in_at``),
    not the grace's and the clock's."""
    if how == "timeout" and seat in table.gone:
        hub.later(_stood_in(hub, table, seat, gone=True))


async def _stood_in(hub: Hub, table: LiveTable, seat: int, gone: bool) -> None:
    """A bot stands in for the guest at ``seat`` (``gone``), or the guest is back."""
    table.gone.pop(seat, None)
    with contextlib.suppress(Refused):  # the match ended, or they came and went meanwhile
        await hub.reseat(table, lambda: seating.stood_in_seats(table, seat, gone))
        log.info("table %s: seat %d %s", table.data.id, seat, "stood in for" if gone else "back")
    if not gone:
        task = table.bot_tasks.pop(seat, None)
        if task is not None:
            task.cancel()
        table.bots.pop(seat, None)


async def abandon(hub: Hub, table: LiveTable) -> None:
    """Every guest still playing at ``table`` resigns (unless the match ended meanwhile:
    ``resigned_seats`` refuses then, and there is nothing to do)."""

    def seats() -> list[Seat]:
        return seating.resigned_seats(table, _players(table))

    with contextlib.suppress(Refused):
        await hub.reseat(table, seats)
        log.info("table %s: abandoned by its players; bots play on", table.data.id)


def abandon_limit(hub: Hub) -> float:
    """Seconds a match may go with no guest that plays it connected."""
    return hub.settings.abandon_after * hub.settings.clock_scale


def deserted(hub: Hub, table: LiveTable, now: float | None = None) -> bool:
    """Whether ``table`` waits for players that nobody has been at for the abandon limit (its
    host gone, no seat or watcher connected: issue 27's trial found such tables listed in Open
    tables for ever). Nobody can start it, so the lobby lists it no more; its guests still
    find it among their own. Someone connected now marks it attended (the sweep looks too)."""
    if table.data.status != "open":
        return False
    online, watchers = frames.connected(table)
    now = time.monotonic() if now is None else now
    if online or watchers:
        table.attended = now
        return False
    return now - table.attended >= abandon_limit(hub)


async def keep_sweeping(hub: Hub) -> None:
    """Look for abandoned matches every quarter of the limit (at most every 30 s), for as long
    as the server runs."""
    pause = min(MOST_BETWEEN_LOOKS, max(min(abandon_limit(hub), grace_limit(hub)) / 4, 0.01))
    while True:
        await asyncio.sleep(pause)
        try:
            await sweep(hub)
        except Exception:  # a bug here must not end the looking for good
            log.exception("looking for abandoned matches failed")


async def sweep(hub: Hub) -> list[str]:
    """Abandon every match this process plays whose guests have all been away for the limit;
    the ids of the tables abandoned. A guest counts as there while a socket of theirs is open
    at the table, in any process (``frames.live_summary``'s ``online``)."""
    now, abandoned = time.monotonic(), []
    for n, table in enumerate(list(hub.tables.values())):
        if n % 200 == 199:
            await asyncio.sleep(0)  # thousands of tables: the others' frames go out meanwhile
        if table.data.status == "open":
            deserted(hub, table, now)  # attended while someone is there, between lobby lists
            continue
        if table.data.status != "playing" or not table.owned:
            continue
        online = watch(hub, table)  # a guest who never came back since a restart, say
        people = _players(table)
        if not people or any(i in online for i in people):
            table.attended = now
        elif now - table.attended >= abandon_limit(hub):
            try:
                await abandon(hub, table)
            except Exception:  # one table's trouble (a database hiccup) stops no other
                log.exception("table %s: could not abandon it", table.data.id)
                continue
            abandoned.append(table.data.id)
    return abandoned
