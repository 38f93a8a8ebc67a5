"""The tables in play: each one's ``Match``, its seats, clients, clock and bots.

The server is authoritative. An action is checked by the engine, committed to the database
with the table's new sequence number and clock, and only then sent to anyone: each client
gets its own seat's view (a spectator the spectator's), the events that became public, and
the sequence number. A table's changes are serialised by its lock; tables never wait on each
other, and bots think in a thread (quick levels) or a worker process (search).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import multiprocessing
import os
import random
import secrets
import socket
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pondside.bots.base import Bot
from pondside.bots.levels import LEVELS, is_level, is_search, level_spec
from pondside.bots.registry import make_bot
from pondside.engine import Game, IllegalAction, Match, PondsideError, View
from pondside.engine.match import new_seed
from pondside.games import get_game

from .db import ActionCommit, LeaseLost, Result, ResultSeat, Seat, Stale, Store, TableData
from .settings import ANIMATION_CAP, ANIMATION_SECONDS, EXPERT_FACTOR, PROFILES, Settings

if TYPE_CHECKING:
    from .cluster import Cluster

log = logging.getLogger("pondside.server")

NAME_LIMIT = 32
# An online match ends in an evening: options that could make it endless are bounded.
LIMITS = {"rounds": 100, "target": 1000, "games": 20}
BOT_RETRY = 1.0  # seconds before a bot whose move failed tries again
PRESENCE_DELAY = 0.25  # seconds: comings and goings are told together
REMOTE_PRESENCE_SECONDS = 30.0  # another process's word on who is online holds this long
OUTBOX_LIMIT = 256  # frames waiting for a slow client before it is dropped (it resyncs)


class Refused(PondsideError):
    """A request the server turns down; ``status`` is the HTTP status it maps to."""

    def __init__(self, message: str, status: int = 400, rule: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.rule = rule


class NotOwner(Exception):
    """This process does not (or no longer) play the table: its lease is another's."""


@dataclass
class Guest:
    id: str
    name: str


@dataclass(eq=False)
class Client:
    """One WebSocket: who it is, and its queue of frames (a slow client never holds others)."""

    send: Callable[[str], Any]
    seat: int | None
    player: Guest | None
    outbox: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(OUTBOX_LIMIT))
    closed: bool = False
    dropped: asyncio.Event = field(default_factory=asyncio.Event)
    """Set when the client fell too far behind: its socket is to be closed (it reconnects)."""
    hinting: bool = False
    """Whether a hint for this client is being worked out (one at a time)."""

    def post(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.close()
            self.dropped.set()

    def close(self) -> None:
        self.closed = True
        with contextlib.suppress(asyncio.QueueFull):
            self.outbox.put_nowait(None)

    async def pump(self) -> None:
        """Send the queued frames in order until the client is closed."""
        while True:
            text = await self.outbox.get()
            if text is None:
                return
            await self.send(text)


@dataclass(eq=False)
class LiveTable:
    data: TableData
    game: Game[Any]
    match: Match[Any] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    bots: dict[int, Bot] = field(default_factory=dict)
    bot_tasks: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    clock_wake: asyncio.Event = field(default_factory=asyncio.Event)
    clock_task: asyncio.Task[None] | None = None
    presence_due: bool = False
    presence_told: bool = False
    """Whether this process's own comings and goings are to be told to the other processes."""
    owned: bool = True
    """Whether this process plays the table (always, alone; with several, while it holds the
    table's lease). A table not owned is a copy that follows the owner's news."""
    requests: dict[str, int] = field(default_factory=dict)
    """Forwarded requests committed here, each with its action's number: one sent again (its
    answer lost) is not applied twice."""
    remote: dict[str, tuple[float, frozenset[int], int]] = field(default_factory=dict)
    """Other processes' clients here: when told, the seats online there, the watchers."""
    behind: int = 0
    """The stored sequence number last seen ahead of this copy (it reloads if still behind)."""
    reloading: bool = False
    news: list[dict[str, Any]] = field(default_factory=list)
    """The owner's messages not yet applied to this copy, in order (see cluster.py)."""

    def seat_of(self, player: Guest | None) -> int | None:
        if player is None:
            return None
        for i, seat in enumerate(self.data.seats):
            if seat.player_id == player.id:
                return i
        return None

    def limit(self) -> float | None:
        """Seconds per decision at this table, or None without a clock."""
        base = PROFILES[self.data.profile]
        if base is None:
            return None
        return base * (EXPERT_FACTOR if self.data.options.get("expert") else 1.0)


def _think(slug: str, spec: str, seat: int, seed: int, view: View, legal: list[str]) -> str:
    """A search bot's decision, in a worker process (top level, so it can be pickled)."""
    game = get_game(slug)
    return make_bot(spec, game, seat, seed).choose(view, legal)


HINT_LEVEL = "heuristic"
HINT_PLAYOUTS = 600
HINT_SECONDS = 0.8  # the search behind a hint stops at whichever comes first
HINT_SHOWN = 5


def _hint(slug: str, seat: int, seed: int, view: View, legal: list[str]) -> dict[str, Any]:
    """A hint for a person's seat, in a worker process: the heuristic's action and reason, and
    a short search's expected place of the best few actions (``pondside.analysis.hint``)."""
    from pondside.analysis import hint

    found = hint(
        get_game(slug),
        view,
        legal,
        HINT_LEVEL,
        seed,
        iterations=HINT_PLAYOUTS,
        seconds=HINT_SECONDS,
    )
    estimates = found.estimates
    shown = [] if estimates is None else estimates.actions[:HINT_SHOWN]
    mine = None if estimates is None else estimates.of(found.action)
    if mine is not None and mine not in shown:
        shown.append(mine)
    return {
        "level": found.level,
        "action": found.action,
        "why": found.why,
        "estimates": [
            {"action": e.action, "place": round(e.place, 2), "win": round(e.win, 3)} for e in shown
        ],
        "samples": 0 if estimates is None else estimates.samples,
    }


# A replay's analysis (``pondside.analysis.analyze`` of one seat), in the same worker pool as
# hints and search bots: short enough that a match takes seconds and bots are not held up long.
ANALYSIS_PLAYOUTS = 60
"""Playouts per decision, for a match of up to ``ANALYSIS_BUDGET // ANALYSIS_PLAYOUTS``."""
ANALYSIS_BUDGET = 6000
"""Playouts per analysis in all: a seat with more decisions gets fewer per decision..."""
ANALYSIS_LEAST = 20
"""...but never fewer than this (below it a decision's loss is mostly noise)..."""
ANALYSIS_MOST_DECISIONS = 300
"""...and a seat with more decisions than this (a long Ladders match) is not analysed online:
``pondside analyze`` on the downloaded record does it with no one else waiting."""


def analysis_playouts(decisions: int) -> int:
    """Playouts per decision for a seat with ``decisions`` to judge.

    >>> analysis_playouts(9), analysis_playouts(150), analysis_playouts(300)
    (60, 40, 20)
    """
    return max(ANALYSIS_LEAST, min(ANALYSIS_PLAYOUTS, ANALYSIS_BUDGET // max(1, decisions)))


def _analysis(record: dict[str, Any], seat: int, iterations: int) -> dict[str, Any]:
    """One seat's analysis of a record, in a worker process (seed 0: the same every time, so
    a cached answer and a fresh one agree)."""
    from pondside.analysis import analyze

    return analyze(get_game(record["game"]), record, seat, iterations=iterations).to_json()


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


class Hub:
    """Every live table of one server process."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.tables: dict[str, LiveTable] = {}
        # This process's name in leases and on the bus: unique, and readable in the database.
        self.origin = f"{socket.gethostname()[:40]}-{os.getpid()}-{secrets.token_hex(4)}"
        self.cluster: Cluster | None = None
        self.committer = Committer(store, self.origin if settings.redis_url else None)
        self._pool: ProcessPoolExecutor | None = None
        self._closing = False
        self._background: set[asyncio.Task[Any]] = set()

    # --- start and stop -----------------------------------------------------------------
    async def startup(self) -> int:
        """Alone: bring back the tables (``restore``). One of several: join the others on
        Redis; the tables come to this process as their leases run out (cluster.py)."""
        if not self.settings.redis_url:
            return await self.restore()
        from .cluster import Cluster

        await asyncio.to_thread(self.store.rate_pending)
        self.cluster = Cluster(self, self.settings.redis_url)
        await self.cluster.start()
        return 0

    async def restore(self) -> int:
        """Bring back every open or playing table after a start, clocks included."""
        rated = await asyncio.to_thread(self.store.rate_pending)
        if rated:
            log.info("rated %d finished matches left unrated", rated)
        rows = await asyncio.to_thread(self.store.load_tables, ("open", "playing"))
        now = time.time()
        for data in rows:
            table = self._live(data)
            if table.match is not None:
                # A clock that ran out while the server was down gets a short grace, scaled
                # like every time limit (a fast test clock must not wait seconds).
                floor = now + self.settings.restore_grace * self.settings.clock_scale
                data.clock = {s: max(d, floor) for s, d in data.clock.items()}
                self._schedule(table)
        return len(rows)

    def _live(self, data: TableData) -> LiveTable:
        table = LiveTable(data=data, game=get_game(data.game), owned=self.cluster is None)
        table.match = _rebuilt(table.game, data)
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
            _replace(table, data)
        if changed:
            self.broadcast(table, [], "welcome")
            self._schedule(table)

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

    def lost(self, table: LiveTable) -> None:
        """Another process plays the table now: stop its clock and bots here, and read the
        table as its new process committed it."""
        table.owned = False
        _stop_tasks(table)
        if self.cluster is not None:
            self.later(self.reload(table))

    async def close(self) -> None:
        self._closing = True
        if self.cluster is not None:
            await self.cluster.close()
        for table in self.tables.values():
            _stop_tasks(table)
            for client in table.clients:
                client.close()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)

    # --- finding tables -----------------------------------------------------------------
    async def table(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is None:
            data = await asyncio.to_thread(self.store.load_table, table_id)
            if data is None:
                raise Refused("there is no such table; check the link", 404)
            table = self.tables.get(table_id)
            if table is None:
                table = self._live(data)
                if self.cluster is not None:
                    await self.cluster.adopt(table)
        return table

    async def lobby(self, guest: Guest | None = None) -> list[dict[str, Any]]:
        """The lobby's list (``listed``), of every process's tables when there are several."""
        if self.cluster is None:
            return self.listed(guest)
        stored = await self.cluster.lobby_tables()
        tables = [
            self.tables.get(d.id) or LiveTable(data=d, game=get_game(d.game), owned=False)
            for d in stored
        ]
        return self.listed(guest, tables)

    def listed(
        self, guest: Guest | None = None, among: list[LiveTable] | None = None
    ) -> list[dict[str, Any]]:
        """The lobby's list: listed tables still open or in play, and the guest's own (listed
        or not, so a player who left the page finds the way back), theirs first, then newest
        first; with ``you``, the guest's seat at each (null where they do not sit)."""
        tables = []
        for t in self.tables.values() if among is None else among:
            if t.data.status not in ("open", "playing"):
                continue
            seat = None if guest is None else t.seat_of(guest)
            if t.data.listed or seat is not None:
                tables.append((seat, t))
        tables.sort(key=lambda st: (st[0] is None, -st[1].data.created_at))
        return [{**self.summary(t), "you": seat} for seat, t in tables]

    def summary(self, table: LiveTable) -> dict[str, Any]:
        d = table.data
        online = {c.seat for c in table.clients if c.seat is not None}
        watchers = sum(1 for c in table.clients if c.seat is None)
        if table.remote:  # other processes' clients, as they last told (if lately)
            recent = time.monotonic() - REMOTE_PRESENCE_SECONDS
            for when, seats, seen in table.remote.values():
                if when >= recent:
                    online |= seats
                    watchers += seen
        return {
            "id": d.id,
            "game": d.game,
            "game_name": table.game.info.name,
            "lower_is_better": table.game.info.lower_score_is_better,
            "players": d.players,
            "options": d.options,
            "profile": d.profile,
            "seconds": table.limit(),
            "listed": d.listed,
            "status": d.status,
            "seq": d.seq,
            "next_id": d.next_id,
            "seats": [
                {
                    "seat": i,
                    "name": s.name if s.player_id else None,
                    "bot": s.bot,
                    "taken": s.taken,
                    "online": s.bot is not None or i in online,
                }
                for i, s in enumerate(d.seats)
            ],
            "spectators": watchers,
        }

    # --- the lobby's changes ------------------------------------------------------------
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
    ) -> LiveTable:
        """A new open table; the host sits at seat 0 unless ``seats`` are given."""
        if game_slug not in self.settings.games:
            raise Refused(
                f"{game_slug!r} cannot be played online yet; the online games are: "
                f"{', '.join(self.settings.games)}"
            )
        game = get_game(game_slug)
        if profile not in PROFILES:
            raise Refused(f"the time profiles are {', '.join(PROFILES)}, not {profile!r}")
        if seed is not None and not self.settings.allow_seeds:
            raise Refused("this server does not let a table choose its seed", 403)
        resolved = game.options(players, options)  # BadOption says what was expected
        for name, most in LIMITS.items():
            value = resolved.get(name)
            if isinstance(value, int) and not isinstance(value, bool) and value > most:
                raise Refused(f"an online table plays {name} up to {most}, not {value}")
        if seats is None:  # a table of the lobby (a next match is one the guest played)
            if self.cluster is None:
                hosting = sum(
                    1
                    for t in self.tables.values()
                    if t.data.host_id == host.id and t.data.status == "open"
                )
            else:  # every process's tables: the database's count
                hosting = await asyncio.to_thread(self.store.open_tables_of, host.id)
            if hosting >= self.settings.open_tables_per_guest:
                raise Refused(
                    f"you already have {hosting} tables waiting to start: start or leave one first",
                    429,
                )
            seats = [Seat() for _ in range(players)]
            seats[0] = Seat(player_id=host.id, name=host.name)
        data = TableData(
            id=secrets.token_urlsafe(9),
            game=game.info.slug,
            players=players,
            options=resolved,
            profile=profile,
            listed=listed,
            status="open",
            seed=new_seed() if seed is None else seed,
            host_id=host.id,
            created_at=time.time(),
            seq=0,
            clock={},
            next_id=None,
            seats=seats,
        )
        await asyncio.to_thread(self.store.add_table, data)
        table = LiveTable(data=data, game=game, owned=self.cluster is None)
        self.tables[data.id] = table
        return table

    async def change_seat(
        self, table: LiveTable, guest: Guest, seat: int, what: str, level: str | None
    ) -> None:
        """``what`` is join, leave or bot (the host fills a seat with a bot of ``level``)."""
        async with table.lock:
            await self._fresh(table)
            d = table.data
            if d.status != "open":
                raise Refused("the match has started: seats no longer change", 409)
            if not 0 <= seat < d.players:
                raise Refused(f"seats are numbered 0 to {d.players - 1}", 404)
            target, mine = d.seats[seat], table.seat_of(guest)
            seats = list(d.seats)
            if what == "join":
                if target.taken:
                    raise Refused("that seat is taken", 409)
                if mine is not None:
                    seats[mine] = Seat()
                seats[seat] = Seat(player_id=guest.id, name=table_name(seats, guest.name))
            elif what == "leave":
                mine_to_clear = target.player_id == guest.id
                if mine_to_clear or (target.bot is not None and guest.id == d.host_id):
                    seats[seat] = Seat()
                else:
                    raise Refused(
                        "you can only leave your own seat (or remove a bot you seated)", 403
                    )
            elif what == "bot":
                if guest.id != d.host_id:
                    raise Refused("only the player who opened the table seats bots", 403)
                # A name from the fixed ladder (or an older level's name), never a bot spec.
                if not isinstance(level, str) or not is_level(level):
                    raise Refused(f"the bot levels are {', '.join(LEVELS)}, not {level!r}")
                if target.player_id is not None and target.player_id != guest.id:
                    raise Refused("that seat is taken by a player", 409)
                seats[seat] = Seat(bot=level)
            else:
                raise Refused("a seat change is join, leave or bot")
            await self._save(table, seats=seats)
        self.broadcast(table, [], "table")

    async def start(self, table: LiveTable, guest: Guest) -> None:
        async with table.lock:
            await self._fresh(table)
            d = table.data
            if d.status != "open":
                raise Refused("the match has already started", 409)
            if guest.id != d.host_id:
                raise Refused("only the player who opened the table starts it", 403)
            if not all(s.taken for s in d.seats):
                raise Refused("every seat needs a player or a bot before the start", 409)
            match = Match(table.game, d.players, d.options, seed=d.seed)
            clock = self._next_clock(table, match, {})
            # With several processes, the starting one plays the table: its lease first.
            if self.cluster is not None and not await self.cluster.take(table):
                raise Refused("the table is being started elsewhere; look again", 409)
            try:
                await self._save(table, status="playing", clock=clock)
            except Exception:
                if self.cluster is not None:  # not started here after all
                    table.owned = False
                    await asyncio.to_thread(self.store.release_lease, d.id, self.origin)
                raise
            table.match = match  # once committed: until then everyone sees the open table
        self.broadcast(table, [], "start")
        self._schedule(table)

    async def again(self, table: LiveTable, guest: Guest) -> LiveTable:
        """The table for the next match with the same people, bots and options."""
        async with table.lock:
            await self._fresh(table)
            d = table.data
            if d.status != "over":
                raise Refused("play again once the match is over", 409)
            following = await self.table(d.next_id) if d.next_id else None
            if following is None:
                if table.seat_of(guest) is None:
                    raise Refused("only the players of this match can ask for another", 403)
                # The bots keep their seats and levels, the asker theirs; the others sit down
                # again when they ask too.
                seats = [Seat(bot=old.bot) if old.bot else Seat() for old in d.seats]
                seats[table.seat_of(guest) or 0] = Seat(player_id=guest.id, name=guest.name)
                following = await self.create(
                    guest, d.game, d.players, d.options, d.profile, d.listed, None, seats
                )
                await self._save(table, next_id=following.data.id)
        old_seat = table.seat_of(guest)
        nxt = following.data
        if old_seat is not None and following.seat_of(guest) is None and nxt.status == "open":
            # A player of this match sits down again (their old seat if it is free); a seat
            # taken meanwhile is no error: the table is there to join like any other.
            free = [i for i, s in enumerate(nxt.seats) if not s.taken]
            if free:
                pick = old_seat if old_seat in free else free[0]
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
        (``cluster.forward``); ``request`` is a forwarded request's id, applied once only."""
        if not table.owned and self.cluster is not None and request is None:
            _check_playing(table)  # nobody plays it else: refused here, at once
            await self.cluster.forward(table, seat, action)
            return
        async with table.lock:
            if request is not None and request in table.requests:
                return  # already committed: its answer was lost, not its action
            try:
                await self._apply(table, seat, action, how, request)
                return
            except NotOwner:
                if request is not None or self.cluster is None:
                    raise
        await self.cluster.forward(table, seat, action)  # the table was taken over meanwhile

    async def _apply(
        self, table: LiveTable, seat: int, action: str, how: str, request: str | None = None
    ) -> None:
        """Check with the engine, commit, then tell everyone (the lock is held).

        Until the commit returns, the live table stays as committed: a frame built meanwhile (a
        welcome, a sync, a presence change) or a bot looking at the match never shows an action
        that a failed commit or a killed process could still lose.
        """
        match, d = table.match, table.data
        if not table.owned:
            raise NotOwner(d.id)
        _check_playing(table)
        assert match is not None  # a table being played has its match
        before_state, number = match.state, len(match.actions)
        # The decisions before the action, for the clock (kept for a seat whose decision stays).
        timed = table.limit() is not None
        before = {s: match.legal(s) for s in match.to_act()} if timed else {}
        events = match.apply(seat, action)  # IllegalAction names the ruling; nothing changed
        after_state = match.state
        status = "over" if match.is_over() else d.status
        clock = self._next_clock(table, match, before)
        match.state = before_state
        del match.actions[number:]
        pending = dataclasses.replace(d, seq=d.seq + 1, status=status, clock=clock)
        # The match's result (history, ratings) is committed with its last action: once.
        result = None
        if status == "over":
            match.state = after_state
            result = self._result(table, match)
            match.state = before_state
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
                "the server could not save that action; nothing changed, try again", 503
            ) from None
        match.state = after_state
        match.actions.append((seat, action))
        # The table's record as stored, kept in step: a replay of a table still in memory
        # reads it (as it reads a stored table's).
        d.actions.append((seat, action))
        d.seq, d.status, d.clock = pending.seq, status, clock
        if request is not None:
            table.requests[request] = number
        if self.cluster is not None:
            self.cluster.committed(table, number, seat, action, how)
        self.broadcast(table, events, "action", {"seat": seat, "how": how})
        self._schedule(table)

    def _result(self, table: LiveTable, match: Match[Any]) -> Result | None:
        outcome = match.outcome()
        if outcome is None:
            return None
        return Result(
            table_id=table.data.id,
            game=table.game.info.slug,
            finished_at=time.time(),
            seats=[
                ResultSeat(
                    player_id=s.player_id,
                    bot=None if s.player_id else s.bot,
                    name=shown_name(s),
                    score=float(score),
                    place=int(place),
                )
                for s, score, place in zip(
                    table.data.seats, outcome.scores, outcome.places, strict=True
                )
            ],
        )

    def _next_clock(
        self, table: LiveTable, match: Match[Any], before: dict[int, list[str]]
    ) -> dict[int, float]:
        """A deadline per seat to act: kept while its decision is the same, else a new one."""
        limit = table.limit()
        if limit is None or match.is_over():
            return {}
        now, old = time.time(), table.data.clock
        # What the page shows of the last action (the placing of the cards) is not the
        # players' time: a new decision starts after it.
        shown = sum(ANIMATION_SECONDS.get(e.get("type"), 0.0) for e in match.state.last_events)
        limit = (limit + min(ANIMATION_CAP, shown)) * self.settings.clock_scale
        clock = {}
        for s in match.to_act():
            same = s in old and before.get(s) == match.legal(s)
            clock[s] = old[s] if same else now + limit
        return clock

    async def _save(self, table: LiveTable, **changes: Any) -> None:
        """Commit the table with ``changes`` (fields of TableData) and the next sequence number;
        only then does the live table take them, so a failed save changes nothing. With
        several processes, only if nobody else changed the table since it was read."""
        pending = dataclasses.replace(table.data, seq=table.data.seq + 1, **changes)
        expect = None if self.cluster is None else table.data.seq
        try:
            await asyncio.to_thread(self.store.save_table, pending, "seats" in changes, expect)
        except Stale:
            raise Refused(
                "the table changed at that very moment: look again and retry", 409
            ) from None
        table.data.seq = pending.seq
        for name in changes:
            setattr(table.data, name, getattr(pending, name))
        if self.cluster is not None:
            self.cluster.changed(table)

    async def _fresh(self, table: LiveTable) -> None:
        """With several processes, read the table again before changing it (the lock is
        held): another process may have changed its seats or started it."""
        if self.cluster is None:
            return
        data = await asyncio.to_thread(self.store.load_table, table.data.id)
        if data is not None and data.seq > table.data.seq:
            _replace(table, data)

    def _schedule(self, table: LiveTable) -> None:
        """Wake the clock and set the bots to act: after every change of a playing table (by
        the process that plays it)."""
        if self._closing or table.match is None or not table.owned:
            return
        table.clock_wake.set()
        if table.data.status != "playing":
            return
        if table.clock_task is None or table.clock_task.done():
            table.clock_task = asyncio.create_task(self._clock(table))
        for s in table.match.to_act():
            if table.data.seats[s].bot is not None and s not in table.bot_tasks:
                table.bot_tasks[s] = asyncio.create_task(self._bot(table, s))

    async def _clock(self, table: LiveTable) -> None:
        """Apply the rules' timeout action (LD-11) to every seat whose time ran out."""
        d = table.data
        while d.status == "playing" and not self._closing:
            table.clock_wake.clear()
            delay = min(d.clock.values()) - time.time() if d.clock else None
            if delay is not None and delay <= 0:
                try:
                    await self._expire(table)
                except NotOwner:
                    return
                except Exception:
                    log.exception("table %s: a timeout failed; retrying", d.id)
                    await asyncio.sleep(1.0)
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(table.clock_wake.wait(), delay)

    async def _expire(self, table: LiveTable) -> None:
        async with table.lock:
            match, d = table.match, table.data
            if match is None or d.status != "playing":
                return
            now = time.time()
            for seat in sorted(d.clock, key=d.clock.__getitem__):
                if d.clock.get(seat, now + 1) <= now and seat in match.to_act():
                    action = match.game.timeout_action(match.state, seat)
                    await self._apply(table, seat, action, "timeout")
                    return  # the clock loop looks again at the new deadlines
            # Nothing was due after all (a deadline of a seat no longer to act): drop those, so
            # the clock loop cannot spin on them.
            to_act = set(match.to_act())
            d.clock = {s: t for s, t in d.clock.items() if s in to_act}

    async def _bot(self, table: LiveTable, seat: int) -> None:
        me = asyncio.current_task()
        try:
            await asyncio.sleep(self.settings.bot_delay)
            match = table.match
            assert match is not None
            view, legal = match.view(seat), match.legal(seat)
            if not legal:
                return
            action = await self._think(table, seat, view, legal)
            async with table.lock:
                if table.bot_tasks.get(seat) is me:
                    del table.bot_tasks[seat]
                playing = table.data.status == "playing"
                if playing and seat in match.to_act() and match.legal(seat) == legal:
                    await self._apply(table, seat, action, "bot")
                else:
                    self._schedule(table)
        except asyncio.CancelledError:
            raise
        except NotOwner:
            return  # the table's new process runs its bots
        except Exception:
            # E.g. its move could not be saved: it tries again in a moment, as nobody else may
            # act before it does (the last seat of a turn without a clock would wait forever).
            log.exception("table %s: the bot in seat %s failed; retrying", table.data.id, seat)
            asyncio.get_running_loop().call_later(BOT_RETRY, self._schedule, table)
        finally:
            if table.bot_tasks.get(seat) is me:
                del table.bot_tasks[seat]

    async def _think(self, table: LiveTable, seat: int, view: View, legal: list[str]) -> str:
        level = table.data.seats[seat].bot
        assert level is not None
        spec = level_spec(table.game, level, online=True)
        seed = random.getrandbits(63)
        if is_search(level):
            loop = asyncio.get_running_loop()
            slug = table.game.info.slug
            try:
                return await loop.run_in_executor(
                    self._search_pool(), _think, slug, spec, seat, seed, view, legal
                )
            except BrokenProcessPool:
                # The worker died (killed, out of memory): the next decision gets a new one.
                self._pool = None
                raise
        bot = table.bots.get(seat)
        if bot is None:
            bot = table.bots[seat] = make_bot(spec, table.game, seat, seed)
        return await asyncio.to_thread(bot.choose, view, legal)

    def _search_pool(self) -> ProcessPoolExecutor:
        """The worker processes where searches run, away from the event loop."""
        if self._pool is None:
            # spawn: a fresh interpreter, not a fork of the server's threads and sockets.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.settings.search_workers, mp_context=context)
        return self._pool

    async def hint(self, table: LiveTable, client: Client) -> dict[str, Any]:
        """A hint for the client's own seat, on its turn: the client names nothing, the seat is
        the one it sits in and the level the fixed ``HINT_LEVEL``. The search runs where the
        search bots think (a worker process), one hint at a time per client; the answer says
        the sequence number it was worked out at, so a hint that arrives late can be dropped."""
        seat = table.seat_of(client.player)
        if seat is None:
            raise Refused("only a seated player can ask for a hint, for their own seat")
        _check_playing(table)
        match = table.match
        assert match is not None
        legal = match.legal(seat)
        if not legal:
            raise Refused("a hint is for your turn: there is nothing for you to choose now")
        if client.hinting:
            raise Refused("a hint is already being worked out: one at a time")
        client.hinting = True
        seq, view = table.data.seq, match.view(seat)
        loop = asyncio.get_running_loop()
        try:
            found = await loop.run_in_executor(
                self._search_pool(),
                _hint,
                table.game.info.slug,
                seat,
                random.getrandbits(63),
                view,
                legal,
            )
        except BrokenProcessPool:
            self._pool = None
            raise Refused("the hint could not be worked out; try again", 503) from None
        finally:
            client.hinting = False
        return {"type": "hint", "seq": seq, "seat": seat, **found}

    async def analyse(self, record: dict[str, Any], seat: int) -> dict[str, Any]:
        """``pondside.analysis.analyze`` of one seat of a checked ``record`` (a finished table's
        or an upload's, never a client's own JSON), in the search worker pool. Refused when
        the seat has more decisions than ``ANALYSIS_MOST_DECISIONS``; the caller limits how
        many run at once."""
        from pondside.analysis import choices

        game = get_game(record["game"])
        todo = await asyncio.to_thread(choices, game, record, [seat])
        if len(todo) > ANALYSIS_MOST_DECISIONS:
            raise Refused(
                f"this seat made {len(todo)} decisions; the analysis here judges at most "
                f"{ANALYSIS_MOST_DECISIONS}: download the record and run `pondside analyze` "
                "on it",
                413,
            )
        iterations = analysis_playouts(len(todo))
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(
                self._search_pool(), _analysis, record, seat, iterations
            )
        except BrokenProcessPool:
            self._pool = None
            raise Refused("the analysis could not be worked out; try again", 503) from None

    # --- what each client is sent -------------------------------------------------------
    def _shared(
        self, table: LiveTable, events: list[Any], reason: str, by: dict[str, Any] | None
    ) -> dict[str, Any]:
        """What every receiver of one frame is told alike, built once per broadcast: the
        public events, the sequence number, the table, ``by`` (who made an action frame's action
        and how: player, bot, timeout) and the clock (seconds left, so clients need no clock
        sync)."""
        d, limit, now = table.data, table.limit(), time.time()
        outcome = None if table.match is None else table.match.outcome()
        return {
            "type": "state",
            "reason": reason,
            "seq": d.seq,
            "by": by,
            "table": self.summary(table),
            "events": events,
            "clock": {
                "limit": None if limit is None else limit * self.settings.clock_scale,
                "left": [
                    None if s not in d.clock else max(0.0, round(d.clock[s] - now, 2))
                    for s in range(d.players)
                ],
            },
            # The engine's scores and places once the match is over (null before), so a page
            # need not know how each game ranks its players.
            "outcome": None if outcome is None else outcome.to_json(),
        }

    def _for(
        self, table: LiveTable, seat: int | None, host: bool, shared: dict[str, Any]
    ) -> dict[str, Any]:
        """The shared part of a frame with one receiver's own: its seat, whether it opened the
        table (``host``), its seat's view (a spectator's for ``None``) and legal actions."""
        match = table.match
        return {
            **shared,
            "you": {"seat": seat, "host": host},
            # The game's own view, not Match.view's copy of it: it is turned into JSON at once
            # and never kept, so nothing can change the match through it.
            "view": None if match is None else table.game.view(match.state, seat),
            "legal": [] if match is None or seat is None else match.legal(seat),
        }

    def welcome(self, table: LiveTable, client: Client) -> str:
        """The full frame a client gets on connecting and on ``sync``."""
        shared = self._shared(table, [], "welcome", None)
        return json.dumps(self._for(table, client.seat, self.is_host(table, client), shared))

    def broadcast(
        self,
        table: LiveTable,
        events: list[Any],
        reason: str,
        by: dict[str, Any] | None = None,
    ) -> None:
        """Each seat's frame built once, then queued for every client at that seat."""
        clients = list(table.clients)
        for client in clients:
            # Seats change hands before the start (a guest moves, another sits down): a
            # socket always shows its guest's seat of now, never the one it was opened at.
            client.seat = table.seat_of(client.player)
        shared = self._shared(table, events, reason, by)
        texts: dict[tuple[int | None, bool], str] = {}
        for client in clients:
            key = (client.seat, self.is_host(table, client))
            if key not in texts:
                texts[key] = json.dumps(self._for(table, key[0], key[1], shared))
            client.post(texts[key])

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
            self.broadcast(table, [], "presence")
            if table.presence_told and self.cluster is not None:
                self.cluster.tell_presence(table)
            table.presence_told = False

        asyncio.get_running_loop().call_later(PRESENCE_DELAY, send)

    def forget_if_idle(self, table: LiveTable) -> None:
        """A finished table nobody watches leaves memory (it is read again when opened); with
        several processes, so does any table this process does not play (the database and the
        owner's news bring it back when needed)."""
        idle = not table.clients and not table.lock.locked()
        done = table.data.status == "over" or (
            self.cluster is not None and not (table.owned and table.data.status == "playing")
        )
        if done and idle and self.tables.get(table.data.id) is table:
            del self.tables[table.data.id]

    def is_host(self, table: LiveTable, client: Client) -> bool:
        return client.player is not None and client.player.id == table.data.host_id

    def error(
        self, table: LiveTable, message: str, rule: str | None = None, about: str | None = None
    ) -> str:
        """An error frame; ``about`` names the request it answers when that is not an action
        (``"hint"``), so a page can say it where it asked rather than as a failed move."""
        frame: dict[str, Any] = {
            "type": "error",
            "seq": table.data.seq,
            "message": message,
            "rule": rule,
        }
        if about is not None:
            frame["about"] = about
        return json.dumps(frame)


def _check_playing(table: LiveTable) -> None:
    """Refused unless the table's match is being played."""
    if table.match is None or table.data.status != "playing":
        raise Refused(
            "the match is not being played" if table.match else "the match has not started"
        )


def _stop_tasks(table: LiveTable) -> None:
    """Cancel the table's clock and bots (but the task calling, which ends by itself)."""
    me = asyncio.current_task()
    for task in [*table.bot_tasks.values(), table.clock_task]:
        if task is not None and task is not me:
            task.cancel()
    table.bot_tasks.clear()


def _replace(table: LiveTable, data: TableData) -> None:
    """The live table becomes the stored ``data``, in place: the same TableData and Match
    objects, so a task that holds them (a clock, a bot thinking) sees the new table, never a
    stale copy."""
    for f in dataclasses.fields(TableData):
        setattr(table.data, f.name, getattr(data, f.name))
    match = _rebuilt(table.game, data)
    if table.match is None or match is None:
        table.match = match
    else:
        table.match.state, table.match.actions = match.state, match.actions


def _rebuilt(game: Game[Any], data: TableData) -> Match[Any] | None:
    """The match of a stored table, its actions replayed (None before the start)."""
    if data.status == "open":
        return None
    match = Match(game, data.players, data.options, seed=data.seed)
    for seat, action in data.actions:
        match.apply(seat, action)
    return match


def table_name(seats: list[Seat], name: str) -> str:
    """``name``, or ``name (2)``, ``(3)``... when someone at the table is already called so:
    "Waiting for Alice" must say which Alice.

    >>> table_name([Seat("a", "Alice"), Seat(bot="random")], "Alice")
    'Alice (2)'
    """
    taken = {s.name for s in seats if s.player_id is not None}
    n, candidate = 1, name
    while candidate in taken:
        n += 1
        candidate = f"{name} ({n})"
    return candidate


def shown_name(seat: Seat) -> str:
    """A seat's name in records, results and replays: the guest's, or the bot's level."""
    if seat.player_id is not None and seat.name:
        return seat.name
    return f"{seat.bot} bot" if seat.bot else "nobody"


def check_name(name: object) -> str:
    """A guest's name: 1 to 32 printable characters (always shown as text, never as HTML)."""
    if not isinstance(name, str):
        raise Refused("a name is text")
    name = " ".join(name.split())
    if not 1 <= len(name) <= NAME_LIMIT:
        raise Refused(f"a name has 1 to {NAME_LIMIT} characters")
    if any(not ch.isprintable() for ch in name):
        raise Refused("a name holds only printable characters")
    return name


__all__ = [
    "Client",
    "Guest",
    "Hub",
    "IllegalAction",
    "LiveTable",
    "NotOwner",
    "Refused",
    "check_name",
]
