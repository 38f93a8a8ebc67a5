"""Leaving a match being played. A guest resigns (``resign``): a bot plays their seat to the
end, and the result places them last (``tables.places_with_resigned``). A match whose guests
have all been away for ``Settings.abandon_after`` is abandoned (``sweep``): each of its guests
resigns, so it ends, is recorded and leaves the lobby, rather than stay "playing" forever with
nobody to come back to. Only the process that plays a table looks at it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING

from . import frames, seating
from .db import Seat
from .tables import Guest, LiveTable, Refused

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("pondside.server")

MOST_BETWEEN_LOOKS = 30.0  # seconds


async def resign(hub: Hub, table: LiveTable, guest: Guest) -> None:
    """The guest resigns the match being played at ``table``."""
    if not table.owned:
        # The process that plays the table reads no seat change made elsewhere during the
        # match (``Memory.reload``), so its bots would not take the seat: refused, not lost.
        raise Refused(
            "another process of this server plays the table: resigning there is not "
            "possible yet; open the table's page again and retry",
            409,
        )
    await hub.reseat(
        table, lambda: seating.resigned_seats(table, [seating.seat_to_resign(table, guest)])
    )


async def abandon(hub: Hub, table: LiveTable) -> None:
    """Every guest still playing at ``table`` resigns (unless the match ended meanwhile:
    ``resigned_seats`` refuses then, and there is nothing to do)."""

    def seats() -> list[Seat]:
        people = [i for i, s in enumerate(table.data.seats) if s.person]
        return seating.resigned_seats(table, people)

    with contextlib.suppress(Refused):
        await hub.reseat(table, seats)
        log.info("table %s: abandoned by its players; bots play on", table.data.id)


def abandon_limit(hub: Hub) -> float:
    """Seconds a match may go with no guest that plays it connected."""
    return hub.settings.abandon_after * hub.settings.clock_scale


async def keep_sweeping(hub: Hub) -> None:
    """Look for abandoned matches every quarter of the limit (at most every 30 s), for as long
    as the server runs."""
    pause = min(MOST_BETWEEN_LOOKS, max(abandon_limit(hub) / 4, 0.01))
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
    for table in list(hub.tables.values()):
        if table.data.status != "playing" or not table.owned:
            continue
        seats = frames.live_summary(table)["seats"]
        people = [i for i, s in enumerate(table.data.seats) if s.person]
        if not people or any(seats[i]["online"] for i in people):
            table.attended = now
        elif now - table.attended >= abandon_limit(hub):
            try:
                await abandon(hub, table)
            except Exception:  # one table's trouble (a database hiccup) stops no other
                log.exception("table %s: could not abandon it", table.data.id)
                continue
            abandoned.append(table.data.id)
    return abandoned
