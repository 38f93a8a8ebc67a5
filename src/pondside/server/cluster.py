"""Several ``pondside serve`` processes behind one address, on one database and one Redis.

Any process takes any client. Each table being played has one owner: the process holding its
lease in the database (``leases``), which alone runs its clock and bots and commits its actions
(the commit checks the lease in the same transaction, so a process that lost it commits
nothing). The other processes with clients at that table keep a copy of it:

- a client's action there is *forwarded* to the owner as a request on the table's Redis
  channel, with an id; the owner applies it and answers ``done`` (or ``refused``, with the
  rule), and the id is stored with the action, so a request sent again after its answer was
  lost (the owner died) is recognised, never applied twice;
- after every commit the owner publishes the action with the table's new sequence number; each
  copy applies it with the engine (deterministic, so the copy is the owner's match) and sends
  its own clients their own views. A copy that sees a gap, or whose stored sequence number
  stays ahead of it, or whose Redis connection came back, reads the table again from the
  database: Redis carries news, the database is the truth.

Every process renews its leases every third of ``lease_seconds`` and looks for tables whose
lease ran out (their process died): it takes them over (one conditional statement decides who),
reads them from the database and plays on, clocks and bots included. The clients of a dead
process reconnect by themselves (the page does), to whichever process the address sends them,
and catch up by sequence number. Changes of open tables (seats, the start) may be made by any
process: each is saved only if the stored table is still at the sequence number read, and is
announced so the copies read it again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import secrets
import socket
import time
from collections import OrderedDict, deque
from typing import Any

from pondside import i18n
from pondside.engine import IllegalAction
from pondside.i18n import _

from .bus import RedisBus
from .db import Store, TableData
from .peers import Host, stored_copy, unplayed
from .settings import Settings
from .tables import LiveTable, NotOwner, Refused, advance, next_state

log = logging.getLogger("pondside.cluster")

ANSWER_SECONDS = 1.0  # a forwarded request is sent again after this long without an answer
FORWARD_SECONDS = 15.0  # ... and given up after this long (the table's process is gone)
LOBBY_SECONDS = 1.0  # the lobby's list of every process's tables is read at most this often
PRESENCE_EVERY = 5  # lease rounds between reminders of who is online here
REQUEST_MEMORY = 4096  # forwarded request ids an owner remembers (see LiveTable, answered)
TAKE_OVERS_PER_ROUND = 20  # orphans taken over per lease round (more wait for the next)


class RedisPeers:
    """One process's part among several (``peers.Peers``): the bus, its leases, forwarding
    and following."""

    def __init__(self, url: str, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.lease = settings.lease_seconds
        # This process's name in leases and on the bus: unique, and readable in the database.
        self.origin = f"{socket.gethostname()[:40]}-{os.getpid()}-{secrets.token_hex(4)}"
        self.owner: str | None = self.origin
        self.bus = RedisBus(url, self.heard, self.reconnected, origin=self.origin)
        self.answers: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.outbox: deque[tuple[str, dict[str, Any]]] = deque(maxlen=100_000)
        self.wake = asyncio.Event()
        self.tasks: list[asyncio.Task[None]] = []
        self._lobby: tuple[float, list[TableData]] = (0.0, [])
        self._lobby_reading: asyncio.Task[list[TableData]] | None = None
        self.answered: OrderedDict[str, dict[str, Any]] = OrderedDict()
        """The answers this process gave to forwarded requests (the last few thousand): a
        request sent again gets the same answer, never a second try."""
        self.answering: set[str] = set()
        self._hub: Host | None = None

    @property
    def hub(self) -> Host:
        if self._hub is None:
            raise RuntimeError("the peers are asked before the hub started them")
        return self._hub

    def later(self, work: Any) -> None:
        self.hub.later(work)

    async def start(self, host: Host) -> int:
        """Join the others on Redis: the tables come to this process as their leases run out,
        so none is brought back here at the start."""
        self._hub = host
        await asyncio.to_thread(self.store.rate_pending)
        await self.bus.start()
        self.tasks = [
            asyncio.create_task(self._publisher()),
            asyncio.create_task(self._renewals()),
            asyncio.create_task(self._leases()),
        ]
        return 0

    async def close(self) -> None:
        """Stop, giving up this process's leases at once so another takes its tables over
        without waiting for them to run out."""
        for task in self.tasks:
            task.cancel()
        await self._flush()
        mine = [t.data.id for t in self.hub.tables.values() if t.owned]
        for table_id in mine:
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self.store.release_lease, table_id, self.origin)
        with contextlib.suppress(Exception):
            await self.bus.close()

    # --- leases ------------------------------------------------------------------------------
    async def take(self, table: LiveTable) -> bool:
        """Take the table's lease (at its start, or found without an owner)."""
        got = await asyncio.to_thread(self.store.take_lease, table.data.id, self.origin, self.lease)
        if got:
            table.owned = True
        return got

    async def adopt(self, table: LiveTable) -> None:
        """A table just read from the database: played here if nobody else plays it."""
        if table.data.status == "playing":
            await self.take_over(table.data.id)

    async def take_over(self, table_id: str) -> None:
        """Play a table whose process died: its lease, then the table as stored, its clock
        given a moment's grace (its process may have been dead a while)."""
        if not await asyncio.to_thread(self.store.take_lease, table_id, self.origin, self.lease):
            return
        table = self.hub.tables.get(table_id)
        read = None  # the table read after the lease was taken: current, nothing to reload
        if table is None:
            read = await asyncio.to_thread(self.store.load_table, table_id)
            if read is None:
                return
            table = self.hub.tables.get(table_id) or self.hub.live(read)
        requests = await asyncio.to_thread(self.store.requests_of, table_id)
        if table.data is not read:  # in memory before the lease: perhaps behind the database
            await self.hub.reload(table, force=True)
        async with table.lock:
            table.owned = True
            table.requests = requests
            grace = time.time() + self.settings.restore_grace * self.settings.clock_scale
            table.data.clock = {s: max(d, grace) for s, d in table.data.clock.items()}
        log.info("table %s: taken over by %s", table_id, self.origin)
        self.hub.schedule(table)

    async def _renewals(self) -> None:
        """Every third of a lease, this process's leases renewed: in a task of its own, so
        that nothing else (take-overs of many tables, a slow read) can let them run out."""
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                await self._renew()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database away a moment: try again next round
                log.exception("renewing the leases failed")

    async def _leases(self) -> None:
        """Every third of a lease: take over the orphans (a few at a time), and read again
        the copies that stayed behind the database."""
        rounds = 0
        while True:
            await asyncio.sleep(self.lease / 3)
            rounds += 1
            try:
                orphans = await asyncio.to_thread(self.store.orphans)
                random.shuffle(orphans)  # several processes at once take different ones first
                for table_id in orphans[:TAKE_OVERS_PER_ROUND]:
                    await self.take_over(table_id)
                await self._catch_up()
                if rounds % PRESENCE_EVERY == 0:
                    for table in list(self.hub.tables.values()):
                        if table.clients:
                            self.tell_presence(table)
            except asyncio.CancelledError:
                raise
            except Exception:  # the database away a moment: try again next round
                log.exception("the lease round failed")

    async def _renew(self) -> None:
        mine = [
            t.data.id for t in self.hub.tables.values() if t.owned and t.data.status == "playing"
        ]
        held = await asyncio.to_thread(self.store.renew_leases, self.origin, mine, self.lease)
        for table_id in mine:
            table = self.hub.tables.get(table_id)
            if table_id not in held and table is not None and table.owned:
                log.warning("table %s: lease lost (this process stalled?)", table_id)
                self.hub.lost(table)

    async def _catch_up(self) -> None:
        """Copies whose stored sequence number was ahead at the last look too are read again:
        news lost (a publish that failed, Redis away) cannot leave a table behind for long."""
        copies = {t.data.id: t for t in self.hub.tables.values() if not t.owned and t.clients}
        if not copies:
            return
        stored = await asyncio.to_thread(self.store.sequence_numbers, list(copies))
        for table_id, seq in stored.items():
            table = copies[table_id]
            if seq <= table.data.seq:
                table.behind = 0
            elif table.behind and table.data.seq < table.behind:
                # Behind at the last look and still short of what the database had then: news
                # was lost, not merely on its way.
                table.behind = 0
                self.later(self.hub.reload(table))
            else:
                table.behind = seq

    # --- the bus -----------------------------------------------------------------------------
    def send(self, table_id: str, message: dict[str, Any]) -> None:
        """Publish soon, in order (one task publishes, many messages per round trip)."""
        self.outbox.append((table_id, message))
        self.wake.set()

    async def _publisher(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            await self._flush()

    async def _flush(self) -> None:
        while self.outbox:
            batch = [self.outbox.popleft() for _ in range(min(len(self.outbox), 500))]
            try:
                await self.bus.publish_many(batch)
            except Exception as exc:
                # Lost news: the copies find the gap and read the database (see _catch_up).
                log.warning("publishing %d messages failed: %s", len(batch), exc)

    def committed(self, table: LiveTable, number: int, seat: int, action: str, how: str) -> None:
        d = table.data
        self.send(
            d.id,
            {
                "type": "action",
                "seq": d.seq,
                "number": number,
                "seat": seat,
                "action": action,
                "how": how,
                "status": d.status,
                "clock": {str(s): t for s, t in d.clock.items()},
            },
        )

    def changed(self, table: LiveTable) -> None:
        """A change of the table other than an action (seats, the start, the next match)."""
        self.send(table.data.id, {"type": "table", "seq": table.data.seq})

    def tell_presence(self, table: LiveTable) -> None:
        self.send(
            table.data.id,
            {
                "type": "presence",
                "seats": sorted({c.seat for c in table.clients if c.seat is not None}),
                "watchers": sum(1 for c in table.clients if c.seat is None),
            },
        )

    async def heard(self, table_id: str, message: dict[str, Any]) -> None:
        """A message on a table's channel (this process's own come back too: ignored)."""
        if message.get("origin") == self.origin:
            return
        kind = message.get("type")
        if kind in ("done", "refused"):
            answer = self.answers.get(str(message.get("rid")))
            if answer is not None and not answer.done():
                answer.set_result(message)
            return
        table = self.hub.tables.get(table_id)
        if table is None:
            return
        if kind == "request":
            if table.owned:
                self.later(self._answer(table, message))
        elif kind == "cancel":
            rid = message.get("rid")
            if isinstance(rid, str) and rid not in self.answered and rid not in self.answering:
                self._remember(rid, {"type": "refused", "rid": rid, "message": "given up"})
        elif kind == "action":
            # Applied in order by a task of the table's own: the listener never waits for a
            # table's lock (a slow change of one table must not hold every table's news).
            table.news.append(message)
            if len(table.news) == 1:
                self.later(self._follow_all(table))
        elif kind == "table":
            if _int(message.get("seq")) > table.data.seq:
                self.later(self.hub.reload(table))
        elif kind == "presence":
            seats = message.get("seats")
            watchers = message.get("watchers")
            if isinstance(seats, list) and isinstance(watchers, int):
                found = frozenset(s for s in seats if isinstance(s, int))
                origin = str(message.get("origin"))
                before = table.remote.get(origin)
                table.remote[origin] = (time.monotonic(), found, watchers)
                if before is None or before[1:] != (found, watchers):
                    self.hub.heard_presence(table)  # a reminder of the same changes nothing

    async def _follow_all(self, table: LiveTable) -> None:
        try:
            while table.news:
                await self._follow(table, table.news[0])
                table.news.pop(0)
        except Exception:
            log.exception("table %s: following the owner failed; read again", table.data.id)
            table.news.clear()
            await self.hub.reload(table)

    async def _follow(self, table: LiveTable, message: dict[str, Any]) -> None:
        """The owner's committed action, applied to this process's copy."""
        if table.owned:
            return
        async with table.lock:
            d, match = table.data, table.match
            seq, number = _int(message.get("seq")), _int(message.get("number"))
            if seq <= d.seq:
                return  # already known (read from the database meanwhile)
            if match is None or seq != d.seq + 1 or number != len(match.actions):
                self.later(self.hub.reload(table))  # a gap: the database has what was missed
                return
            seat, action = _int(message.get("seat")), str(message.get("action"))
            try:
                state, events = next_state(match, seat, action)
            except Exception:
                log.exception("table %s: the owner's action %r does not apply here", d.id, action)
                self.later(self.hub.reload(table))
                return
            earlier = match.state  # for each receiver's narration of the step
            advance(table, seat, action, state)
            d.seq, d.status = seq, str(message.get("status"))
            clock = message.get("clock")
            d.clock = (
                {int(s): float(t) for s, t in clock.items()} if isinstance(clock, dict) else {}
            )
            how = str(message.get("how"))
        self.hub.broadcast(table, events, "action", {"seat": seat, "how": how}, earlier)

    async def reconnected(self) -> None:
        """Redis came back: what was published meanwhile is lost to this process."""
        for table in list(self.hub.tables.values()):
            if not table.owned:
                self.later(self.hub.reload(table))

    # --- forwarding --------------------------------------------------------------------------
    async def forward(self, table: LiveTable, seat: int, action: str) -> None:
        """A client's action at a table another process plays: sent to it, answered once it
        is committed (or refused). Sent again, same id, until answered: if the owner died, the
        process that takes the table over answers (and knows the id if it was committed)."""
        rid = secrets.token_hex(8)
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.answers[rid] = answer
        deadline = time.monotonic() + FORWARD_SECONDS
        try:
            while True:
                if table.owned:  # taken over by this process meanwhile
                    try:
                        await self.hub.act(table, seat, action, "player", request=rid)
                        return
                    except NotOwner:  # and taken from it again: ask the new owner
                        pass
                # The asker's language goes along: the owner's refusal is said in it.
                asked = {"rid": rid, "seat": seat, "action": action, "lang": i18n.current()}
                self.send(table.data.id, {"type": "request", **asked})
                try:
                    reply = await asyncio.wait_for(asyncio.shield(answer), ANSWER_SECONDS)
                    break
                except TimeoutError:
                    if time.monotonic() > deadline:
                        # Told to the owner too: a late copy of the request is refused there.
                        self.send(table.data.id, {"type": "cancel", "rid": rid})
                        raise Refused(
                            _("the server playing this table does not answer; try again"), 503
                        ) from None
        finally:
            self.answers.pop(rid, None)
        if reply.get("type") == "refused":
            status = _int(reply.get("status"))
            status = status if 400 <= status < 600 else 400
            rule = reply.get("rule")
            rule = rule if isinstance(rule, str) else None
            raise Refused(str(reply.get("message")), status, rule)

    async def _answer(self, table: LiveTable, message: dict[str, Any]) -> None:
        """The owner's side of a forwarded request (from another process of this server: its
        client's seat was checked there)."""
        rid, seat, action = message.get("rid"), message.get("seat"), message.get("action")
        if not (isinstance(rid, str) and isinstance(seat, int) and isinstance(action, str)):
            return
        if rid in self.answering:
            return  # sent again while the first is being applied: that one answers
        if rid in self.answered:
            self.send(table.data.id, self.answered[rid])  # the same answer again
            return
        self.answering.add(rid)
        lang = message.get("lang")
        try:
            # Refused in the asker's language, which the forwarding process sent along.
            with i18n.using(lang if isinstance(lang, str) else i18n.DEFAULT):
                reply = await self._apply_request(table, rid, seat, action)
        finally:
            self.answering.discard(rid)
        if reply is not None:
            self._remember(rid, reply)
            self.send(table.data.id, reply)

    def _remember(self, rid: str, reply: dict[str, Any]) -> None:
        self.answered[rid] = reply
        while len(self.answered) > REQUEST_MEMORY:
            self.answered.popitem(last=False)

    async def _apply_request(
        self, table: LiveTable, rid: str, seat: int, action: str
    ) -> dict[str, Any] | None:
        reply: dict[str, Any] = {"type": "done", "rid": rid}
        try:
            await self.hub.act(table, seat, action, "player", request=rid)
        except NotOwner:
            return None  # the new owner answers the request sent again
        except IllegalAction as exc:
            reply = {"type": "refused", "rid": rid, "message": str(exc), "rule": exc.rule}
        except Refused as exc:
            reply = {
                "type": "refused",
                "rid": rid,
                "message": str(exc),
                "rule": exc.rule,
                "status": exc.status,
            }
        if len(table.requests) > REQUEST_MEMORY:  # the oldest half forgotten
            for old in list(table.requests)[: REQUEST_MEMORY // 2]:
                del table.requests[old]
        return reply

    # --- the lobby ---------------------------------------------------------------------------
    async def lobby_tables(self) -> list[TableData]:
        """Every process's open and playing tables, read at most once a second (one read
        shared by the requests that arrive meanwhile)."""
        read_at, tables = self._lobby
        if time.monotonic() - read_at < LOBBY_SECONDS:
            return tables
        if self._lobby_reading is None or self._lobby_reading.done():
            self._lobby_reading = asyncio.create_task(asyncio.to_thread(self.store.lobby_tables))
        tables = await asyncio.shield(self._lobby_reading)
        self._lobby = (time.monotonic(), tables)
        return tables

    # --- what the hub asks of its peers ----------------------------------------------------
    def plays_what_it_reads(self) -> bool:
        return False

    async def release(self, table: LiveTable) -> None:
        table.owned = False
        await asyncio.to_thread(self.store.release_lease, table.data.id, self.origin)

    def expected_seq(self, table: LiveTable) -> int | None:
        return table.data.seq

    async def newer(self, table: LiveTable) -> TableData | None:
        return await stored_copy(self.store, table)

    def keeps(self, table: LiveTable) -> bool:
        # A table this process does not play is a copy: the database and the owner's news
        # bring it back when a client opens it.
        return table.owned and table.data.status == "playing"

    async def lobby(self) -> list[LiveTable]:
        stored = await self.lobby_tables()
        return [self.hub.tables.get(d.id) or unplayed(d) for d in stored]

    async def open_tables_of(self, host_id: str) -> int:
        return await asyncio.to_thread(self.store.open_tables_of, host_id)


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else -1
