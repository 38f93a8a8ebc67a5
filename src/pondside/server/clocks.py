"""A table's clock: a deadline per seat to act, and the rules' timeout action (LD-11) for a
seat whose time ran out. Deadlines are stored with the table (absolute times), so a restarted
or another process keeps them."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from pondside.engine import Game

from .settings import ANIMATION_CAP, ANIMATION_SECONDS
from .tables import LiveTable, NotOwner

log = logging.getLogger("pondside.server")

Apply = Callable[[LiveTable, int, str, str], Awaitable[None]]
"""The hub's way to play an action at a table whose lock is held: (table, seat, action, how)."""


def decisions(game: Game[Any], state: Any) -> dict[int, list[str]]:
    """Each seat to act and its legal actions, sorted as the protocol sorts them."""
    return {s: sorted(game.legal_actions(state, s)) for s in game.to_act(state)}


def deadlines(
    table: LiveTable, state: Any, before: dict[int, list[str]], scale: float
) -> dict[int, float]:
    """A deadline per seat to act in ``state``: kept while its decision is the same as
    ``before`` (the decisions of the state it follows), else a new one."""
    limit, game = table.limit(), table.game
    if limit is None or game.is_over(state):
        return {}
    now, old = time.time(), table.data.clock
    # What the page shows of the last action (the placing of the cards) is not the
    # players' time: a new decision starts after it.
    shown = sum(ANIMATION_SECONDS.get(e.get("type"), 0.0) for e in state.last_events)
    limit = (limit + min(ANIMATION_CAP, shown)) * scale
    clock = {}
    for s, legal in decisions(game, state).items():
        same = s in old and before.get(s) == legal
        clock[s] = old[s] if same else now + limit
    return clock


async def keep_time(table: LiveTable, apply: Apply, closing: Callable[[], bool]) -> None:
    """Apply the rules' timeout action to every seat whose time runs out, while the match is
    played (woken by ``table.clock_wake`` when the deadlines change)."""
    d = table.data
    while d.status == "playing" and not closing():
        table.clock_wake.clear()
        delay = min(d.clock.values()) - time.time() if d.clock else None
        if delay is not None and delay <= 0:
            try:
                await expire(table, apply)
            except NotOwner:
                return
            except Exception:
                log.exception("table %s: a timeout failed; retrying", d.id)
                await asyncio.sleep(1.0)
            continue
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(table.clock_wake.wait(), delay)


async def expire(table: LiveTable, apply: Apply) -> None:
    """The timeout action of the seat whose deadline passed first."""
    async with table.lock:
        match, d = table.match, table.data
        if match is None or d.status != "playing":
            return
        now = time.time()
        for seat in sorted(d.clock, key=d.clock.__getitem__):
            if d.clock.get(seat, now + 1) <= now and seat in match.to_act():
                action = match.game.timeout_action(match.state, seat)
                await apply(table, seat, action, "timeout")
                return  # the clock loop looks again at the new deadlines
        # Nothing was due after all (a deadline of a seat no longer to act): drop those, so
        # the clock loop cannot spin on them.
        to_act = set(match.to_act())
        d.clock = {s: t for s, t in d.clock.items() if s in to_act}
