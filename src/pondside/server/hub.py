"""The tables in play: each one's ``Match``, its seats, clients, clock and bots.

The server is authoritative. An action is checked by the engine, which computes the next
state; that state is committed to the database with the table's new sequence number and clock,
and only then does the match advance to it and is it sent to anyone: each client gets its own
seat's view (a spectator the spectator's), the events that became public, and the sequence
number. A table's changes are serialised by its lock; tables never wait on each other, and bots
think in a thread (quick levels) or a worker process (search).

The hub plays the tables; the rest is by concern: memory.py (the tables kept in memory),
tables.py (a live table and its clients), seating.py (the lobby's changes), leaving.py (resigning,
stand-ins, abandoned matches), clocks.py, thinking.py (bots, hints, analyses), frames.py (what a
client is sent), committer.py (group commit), peers.Peers (none, or cluster.py's over Redis).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
from collections.abc import Callable
from typing import Any

from pondside import i18n
from pondside.engine import IllegalAction
from pondside.i18n import _

from . import clocks, frames, leaving, seating
from .committer import Committer
from .db import ActionCommit, LeaseLost, Seat, Stale, Store
from .memory import Memory
from .peers import Alone, Peers
from .settings import Settings
from .tables import (
    LIMITS,
    NAME_LIMIT,
    OUTBOX_LIMIT,
    Client,
    Guest,
    LiveTable,
    NotOwner,
    Refused,
    advance,
    check_name,
    check_playing,
    next_state,
    replace,
    result_of,
    stop_tasks,
)
from .telling import shown_names, why
from .thinking import Thinking, analysis_playouts

log = logging.getLogger("pondside.server")

PRESENCE_DELAY = 0.25  # seconds: comings and goings are told together


class Hub(Memory):
    """Every live table of one server process, and their play."""

    def __init__(self, store: Store, settings: Settings, peers: Peers | None = None) -> None:
        super().__init__(store, settings, Alone() if peers is None else peers)
        self.committer = Committer(store, self.peers.owner)
        self.thinking = Thinking(settings)
        self._closing = False

    # --- start and stop -----------------------------------------------------------------
    async def startup(self) -> int:
        """Alone: bring back the tables (``restore``). One of several: join the others; the
        tables come to this process as their leases run out (cluster.py)."""
        if self.settings.warm_search:
            self.thinking.warm()
        return await self.peers.start(self)

    def lost(self, table: LiveTable) -> None:
        """Another process plays the table now: stop its clock and bots here, and read the
        table as its new process committed it."""
        table.owned = False
        stop_tasks(table)
        self.later(self.reload(table))

    async def close(self) -> None:
        self._closing = True
        await self.peers.close()
        for table in self.tables.values():
            stop_tasks(table)
            for client in table.clients:
                client.close()
        self.thinking.close()
        await self.committer.close()

    # --- finding tables -----------------------------------------------------------------
    async def lobby(self, guest: Guest | None = None, bots: bool = False) -> list[dict[str, Any]]:
        """The lobby's list (``seating.lobby_list``) of every process's tables, but those
        waiting for players that nobody has been at for long (``leaving.deserted``)."""
        listed = seating.lobby_list(
            await self.peers.lobby(), guest, bots, lambda t: leaving.deserted(self, t)
        )
        return [
            {**self.summary(t), "you": seat, "bots_only": seating.bot_only(t)} for seat, t in listed
        ]

    def summary(self, table: LiveTable) -> dict[str, Any]:
        """The table as the lobby lists it (``frames.TableSummary``)."""
        return dict(frames.live_summary(table))

    # --- the lobby's changes (seating.py) -----------------------------------------------
    async def create(
        self,
        host: Guest,
        game_slug: str,
        players: int,
        options: dict[str, Any],
        profile: str,
        listed: bool,
        seed: int | None,
        seats: list[Seat] | None = None,
        tutorial: bool = False,
    ) -> LiveTable:
        """A new open table; the host sits at seat 0 unless ``seats`` are given."""
        data, game = await seating.new_table(
            self.settings, self.peers, host, game_slug, players, options, profile, listed, seed,
            seats, tutorial,
        )  # fmt: skip
        await asyncio.to_thread(self.store.add_table, data)
        table = LiveTable(data=data, game=game, owned=self.peers.plays_what_it_reads())
        self.tables[data.id] = table
        return table

    async def change_seat(
        self, table: LiveTable, guest: Guest, seat: int, what: str, level: str | None
    ) -> None:
        """``what`` is join, leave or bot (the host fills a seat with a bot of ``level``)."""
        await self.reseat(table, lambda: seating.seats_after(table, guest, seat, what, level))

    async def reseat(self, table: LiveTable, seats: Callable[[], list[Seat]]) -> None:
        """Save ``seats()``, asked under the lock of the table read fresh; then tell everyone."""
        async with table.lock:
            await self._fresh(table)
            await self._save(table, seats=seats())
        self.broadcast(table, [], "table")
        self.schedule(table)

    async def start(self, table: LiveTable, guest: Guest) -> None:
        async with table.lock:
            await self._fresh(table)
            match = seating.starting_match(table, guest)
            clock = clocks.deadlines(table, match.state, {}, self.settings.clock_scale)
            # With several processes, the starting one plays the table: its lease first.
            if not await self.peers.take(table):
                raise Refused(_("the table is being started elsewhere; look again"), 409)
            try:
                await self._save(table, status="playing", clock=clock)
            except Exception:
                await self.peers.release(table)  # not started here after all
                raise
            match.actions = table.data.actions  # one list of the actions: the table's
            table.match = match  # once committed: until then everyone sees the open table
        self.broadcast(table, [], "start")
        self.schedule(table)

    async def again(self, table: LiveTable, guest: Guest) -> LiveTable:
        """The table for the next match with the same people, bots and options."""
        async with table.lock:
            await self._fresh(table)
            d = table.data
            if d.status != "over":
                raise Refused(_("play again once the match is over"), 409)
            following = await self.table(d.next_id) if d.next_id else None
            if following is None:
                seats = seating.seats_again(table, guest)
                following = await self.create(
                    guest, d.game, d.players, d.options, d.profile, d.listed, None, seats
                )
                await self._save(table, next_id=following.data.id)
        pick = seating.seat_again(table, following, guest)
        if pick is not None:
            # A seat taken meanwhile is no error: the table is there to join like any other.
            with contextlib.suppress(Refused):
                await self.change_seat(following, guest, pick, "join", None)
        self.broadcast(table, [], "table")
        return following

    # --- playing ------------------------------------------------------------------------
    async def act(
        self,
        table: LiveTable,
        seat: int,
        action: str,
        how: str = "player",
        request: str | None = None,
    ) -> None:
        """A seat's action. At a table another process plays, it is forwarded to that process
        (``Peers.forward``); ``request`` is a forwarded request's id, applied once only."""
        if not table.owned and request is None:
            check_playing(table)  # nobody plays it else: refused here, at once
            await self.peers.forward(table, seat, action)
            return
        async with table.lock:
            if request is not None and request in table.requests:
                return  # already committed: its answer was lost, not its action
            try:
                await self.apply(table, seat, action, how, request)
                return
            except NotOwner:
                if request is not None:
                    raise
        await self.peers.forward(table, seat, action)  # the table was taken over meanwhile

    async def apply(
        self, table: LiveTable, seat: int, action: str, how: str, request: str | None = None
    ) -> None:
        """Compute the next state with the engine, commit it, then advance the match and
        tell everyone (the lock is held).

        Until the commit returns, the live table stays as committed: a frame built meanwhile (a
        welcome, a sync, a presence change) or a bot looking at the match never shows an action
        that a failed commit or a killed process could still lose.
        """
        match, d = table.match, table.data
        if not table.owned:
            raise NotOwner(d.id)
        check_playing(table)
        assert match is not None  # a table being played has its match
        game, number = table.game, len(match.actions)
        # The decisions before the action, for the clock (kept for a seat whose decision stays).
        before = clocks.decisions(game, match.state) if table.limit() is not None else {}
        state, events = next_state(match, seat, action)  # IllegalAction names the ruling
        over = game.is_over(state)
        status = "over" if over else d.status
        clock = clocks.deadlines(table, state, before, self.settings.clock_scale)
        # The match's result (history, ratings) is committed with its last action: once.
        result = result_of(table, state) if over else None
        pending = dataclasses.replace(d, seq=d.seq + 1, status=status, clock=clock)
        try:
            await self.committer.commit(
                ActionCommit(pending, number, seat, action, how, result, request)
            )
        except LeaseLost:
            # Taken over while this process stalled: nothing of it was saved, and the new
            # owner plays on from the database.
            log.warning("table %s: lease lost, the action of seat %s goes to its owner", d.id, seat)
            self.lost(table)
            raise NotOwner(d.id) from None
        except Exception:
            # Not committed, so not acknowledged: the match is as it was before the action.
            log.exception("table %s: action %r of seat %s not saved", d.id, action, seat)
            # Unless the commit landed and only its answer was lost (a connection cut during
            # COMMIT): then this table is behind its own database, and every later commit
            # would collide with the stored action. Checked once the database answers.
            self.later(self._check_stored(table))
            raise Refused(
                _("the server could not save that action; nothing changed, try again"), 503
            ) from None
        earlier = match.state  # for each receiver's narration of the step
        advance(table, seat, action, state)
        d.seq, d.status, d.clock = pending.seq, status, clock
        if request is not None:
            table.requests[request] = number
        self.peers.committed(table, number, seat, action, how)
        self.broadcast(table, events, "action", {"seat": seat, "how": how}, earlier)
        leaving.timed_out(self, table, seat, how)
        self.schedule(table)

    async def _save(self, table: LiveTable, **changes: Any) -> None:
        """Commit the table with ``changes`` (fields of TableData) and the next sequence number;
        only then does the live table take them, so a failed save changes nothing. With
        several processes, only if nobody else changed the table since it was read."""
        pending = dataclasses.replace(table.data, seq=table.data.seq + 1, **changes)
        expect = self.peers.expected_seq(table)
        try:
            await asyncio.to_thread(self.store.save_table, pending, "seats" in changes, expect)
        except Stale:
            raise Refused(
                _("the table changed at that very moment: look again and retry"), 409
            ) from None
        table.data.seq = pending.seq
        for name in changes:
            setattr(table.data, name, getattr(pending, name))
        self.peers.changed(table)

    async def _fresh(self, table: LiveTable) -> None:
        """Read the table again before changing it (the lock is held), if another process
        changed its seats or started it."""
        data = await self.peers.newer(table)
        if data is not None:
            replace(table, data)

    def schedule(self, table: LiveTable) -> None:
        """Wake the clock and set the bots to act: after every change of a playing table (by
        the process that plays it)."""
        if self._closing or table.match is None or not table.owned:
            return
        table.clock_wake.set()
        if table.data.status != "playing":
            return
        if table.clock_task is None or table.clock_task.done():
            table.clock_task = asyncio.create_task(
                clocks.keep_time(table, self.apply, lambda: self._closing)
            )
        for s in table.match.to_act():
            if table.data.seats[s].bot is not None and s not in table.bot_tasks:
                table.bot_tasks[s] = asyncio.create_task(
                    self.thinking.play_bot(table, s, self.apply, self.schedule)
                )

    def why(self, table: LiveTable, client: Client, action: str) -> str:
        """Whether the client's seat may take ``action`` now: the rule it breaks, or its label
        (``telling.why``), answered to this client alone."""
        match = table.match
        seat = table.seat_of(client.player)
        if match is None:
            raise Refused(_("the match has not started"))
        names = shown_names(frames.live_summary(table))
        return frames.text(why(table.game, match.view(seat), action, names, table.data.seq))

    # --- what each client is sent -------------------------------------------------------
    def welcome(self, table: LiveTable, client: Client) -> str:
        """The full frame a client gets on connecting and on ``sync``."""
        common = frames.live_shared(table, [], "welcome", None, self.settings.clock_scale)
        with i18n.using(client.locale):
            frame = frames.live_frame(table, client.seat, self.is_host(table, client), common)
        return frames.text(frame)

    def broadcast(
        self,
        table: LiveTable,
        events: list[Any],
        reason: str,
        by: frames.By | None = None,
        before: Any = None,
    ) -> None:
        """Each seat's frame built once, then queued for every client at that seat; ``before``
        is the match's state before the step of ``events`` (for its narration), when known."""
        clients = list(table.clients)
        for client in clients:
            # Seats change hands before the start (a guest moves, another sits down): a
            # socket always shows its guest's seat of now, never the one it was opened at.
            client.seat = table.seat_of(client.player)
        if not clients:
            return  # nobody here to tell (another process's clients hear it from it)
        common = frames.live_shared(table, events, reason, by, self.settings.clock_scale)
        keys = {c: (c.seat, self.is_host(table, c), c.locale) for c in clients}
        texts = frames.live_texts(table, keys.values(), common, before)
        for client in clients:
            client.post(texts[keys[client]])

    def presence(self, table: LiveTable) -> None:
        """Someone came or went: one frame for everyone a moment later, however many came
        (a crowd of watchers arriving costs one broadcast, not one each)."""
        table.presence_told = True
        self.heard_presence(table)

    def heard_presence(self, table: LiveTable) -> None:
        """A presence frame for this process's clients soon (another process told of its own
        comings and goings, or ``presence`` of this one's)."""
        if table.presence_due:
            return
        table.presence_due = True

        def send() -> None:
            table.presence_due = False
            leaving.watch(self, table)  # a guest gone (told in this frame), or back
            self.broadcast(table, [], "presence")
            if table.presence_told:
                self.peers.tell_presence(table)
            table.presence_told = False

        asyncio.get_running_loop().call_later(PRESENCE_DELAY, send)

    def is_host(self, table: LiveTable, client: Client) -> bool:
        return client.player is not None and client.player.id == table.data.host_id

    def error(
        self, table: LiveTable, message: str, rule: str | None = None, about: str | None = None
    ) -> str:
        """An error frame; ``about`` names the request it answers when that is not an action
        (``"hint"``), so a page can say it where it asked rather than as a failed move."""
        return json.dumps(frames.error_frame(table.data.seq, message, rule, about, table.game))


__all__ = [
    "LIMITS",
    "NAME_LIMIT",
    "OUTBOX_LIMIT",
    "Client",
    "Committer",
    "Guest",
    "Hub",
    "IllegalAction",
    "LiveTable",
    "NotOwner",
    "Refused",
    "analysis_playouts",
    "check_name",
]
