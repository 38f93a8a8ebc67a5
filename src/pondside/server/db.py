"""Storage: SQLAlchemy 2 models, Alembic migrations applied at start, and the few
transactions the server makes.

Every method is synchronous (SQLAlchemy's sync engine serves SQLite and PostgreSQL alike);
the server calls them in a worker thread so the event loop never waits on the disk. An action
is committed in one transaction with the table's sequence number and clock before anyone
hears of it (``commit_action``).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from sqlalchemy import and_, bindparam, create_engine, event, func, or_, select, text, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.orm import Session, sessionmaker

from .results import Result, ResultSeat, add_result, rate_result
from .rows import (
    ActionRow,
    LeaseRow,
    PlayerRow,
    RatingRow,
    RecordRow,
    ResultRow,
    ResultSeatRow,
    SeatRow,
    TableRow,
)
from .rows import (
    Base as Base,  # what migrations/env.py reads the schema from
)

log = logging.getLogger("pondside.server")


class LeaseLost(Exception):
    """This process no longer holds the table's lease: another one plays it now."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id} is played by another process now")
        self.table_id = table_id


class Stale(Exception):
    """The table changed in the database since this process read it (another process saved
    it): nothing was written."""


def _rowcount(result: Any) -> int:
    """Rows an UPDATE changed (SQLAlchemy types a Session.execute result as Result)."""
    return int(result.rowcount)


# The tables of the rows written for every action, for statements over many rows at once.
ACTIONS = Base.metadata.tables["actions"]
TABLES = Base.metadata.tables["tables"]


def hash_secret(secret: str) -> str:
    """Only a hash of a guest's secret is stored: a copy of the database seats nobody."""
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True)
class ActionCommit:
    """One action to commit: the table as it is with the action (``seq``, status, clock), the
    action's number in the match, and the match's result if it is the last."""

    table: TableData
    number: int
    seat: int
    action: str
    how: str
    result: Result | None = None
    request: str | None = None
    """The forwarded request that asked for it, if another process did (see hub)."""


@dataclass
class Seat:
    player_id: str | None = None
    name: str | None = None
    bot: str | None = None
    away: bool = False
    """The guest is gone past the grace period: ``bot`` stands in until they are back."""

    @property
    def taken(self) -> bool:
        return self.player_id is not None or self.bot is not None

    @property
    def resigned(self) -> bool:
        """The guest resigned (leaving.py): the bot ``bot`` plays on in their name."""
        return self.player_id is not None and self.bot is not None and not self.away

    @property
    def person(self) -> bool:
        return self.player_id is not None and self.bot is None


@dataclass
class TableData:
    """A table as stored: what the server needs to rebuild it after a restart."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    profile: str
    listed: bool
    status: str
    seed: int
    host_id: str
    created_at: float
    seq: int
    clock: dict[int, float]
    next_id: str | None
    seats: list[Seat]
    actions: list[tuple[int, str]] = field(default_factory=list)
    tutorial: bool = False


def migrate(url: str) -> None:
    """Bring the database at ``url`` to the newest schema (Alembic, applied at every start)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option(
        "script_location", str(resources.files("pondside.server").joinpath("migrations"))
    )
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    config.attributes["configure_logging"] = False
    command.upgrade(config, "head")


def normalise_url(url: str) -> str:
    """``postgresql://`` means the psycopg 3 driver (SQLAlchemy would look for psycopg2)."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


class Store:
    """The server's transactions over one database."""

    def __init__(self, url: str, stall_seconds: float = 6.0) -> None:
        """``stall_seconds``, on PostgreSQL: how long a transaction may sit idle (its process
        frozen, or stopped by a debugger, between two statements) before the server ends it. A
        process frozen in mid-commit holds its rows' locks, the lease row and the table row
        among them: without the limit the process taking its tables over would wait on them
        until it woke. Its transaction is rolled back; its next statement fails, as a lost
        lease does."""
        self.url = normalise_url(url)
        migrate(self.url)
        connect: dict[str, Any] = {}
        if self.url.startswith("postgresql"):
            idle_ms = max(1000, round(stall_seconds * 1000))
            connect["options"] = f"-c idle_in_transaction_session_timeout={idle_ms}"
        # A pooled connection to PostgreSQL may have been closed by the server or the network
        # meanwhile: each is tried before use. SQLite's is a file opened in this process, never
        # lost, and its ping was a tenth of the server's time while 4,000 sockets connected.
        self.engine: Engine = create_engine(
            self.url, pool_pre_ping=self.url.startswith("postgresql"), connect_args=connect
        )
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        # Ratings are read and written back: one match's at a time in this process (and the
        # rows read FOR UPDATE, for PostgreSQL).
        self._rating_lock = threading.Lock()

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self.sessions() as s, s.begin():
            yield s

    # --- guests -------------------------------------------------------------------------
    def add_player(self, player_id: str, name: str, secret: str) -> None:
        with self.session() as s:
            s.add(
                PlayerRow(
                    id=player_id, name=name, secret_hash=hash_secret(secret), created_at=time.time()
                )
            )

    def player_by_secret(self, secret: str) -> tuple[str, str] | None:
        # Two columns on a connection, no ORM object: every socket that connects asks (once
        # its guest's 30 s in the server's memory ran out), in a thread holding the
        # interpreter's lock while it builds the row.
        with self.engine.connect() as c:
            row = c.execute(
                select(PlayerRow.id, PlayerRow.name).where(
                    PlayerRow.secret_hash == hash_secret(secret)
                )
            ).first()
            return None if row is None else (row.id, row.name)

    def rename_player(self, player_id: str, name: str) -> None:
        with self.session() as s:
            s.execute(update(PlayerRow).where(PlayerRow.id == player_id).values(name=name))

    # --- tables -------------------------------------------------------------------------
    def add_table(self, t: TableData) -> None:
        with self.session() as s:
            s.add(
                TableRow(
                    id=t.id,
                    game=t.game,
                    players=t.players,
                    options=t.options,
                    profile=t.profile,
                    listed=t.listed,
                    status=t.status,
                    seed=t.seed,
                    host_id=t.host_id,
                    created_at=t.created_at,
                    seq=t.seq,
                    clock={},
                    next_id=None,
                    tutorial=t.tutorial,
                )
            )
            s.flush()  # the table row first: its seats refer to it
            for i, seat in enumerate(t.seats):
                s.add(
                    SeatRow(
                        table_id=t.id,
                        seat=i,
                        player_id=seat.player_id,
                        name=seat.name,
                        bot=seat.bot,
                        away=seat.away,
                    )
                )

    def save_table(self, t: TableData, seats: bool = False, expect_seq: int | None = None) -> None:
        """Write the table's status, sequence number, clock and link (and its seats). With
        ``expect_seq``, only if the stored table is still at that sequence number, else
        ``Stale`` and nothing written (another process changed it first)."""
        with self.session() as s:
            if not _write_table(s, t, expect_seq):
                raise Stale(t.id)
            if seats:
                for i, seat in enumerate(t.seats):
                    s.execute(
                        update(SeatRow)
                        .where(SeatRow.table_id == t.id, SeatRow.seat == i)
                        .values(
                            player_id=seat.player_id, name=seat.name, bot=seat.bot, away=seat.away
                        )
                    )

    def commit_action(
        self,
        t: TableData,
        number: int,
        seat: int,
        action: str,
        how: str,
        result: Result | None = None,
        owner: str | None = None,
    ) -> None:
        """One action with the table's new sequence number, status and clock, atomically; the
        last action of a match brings its ``result`` and the ratings it changes into the same
        transaction, so a match that ended is counted once, whatever happens after."""
        self.commit_actions([ActionCommit(t, number, seat, action, how, result)], owner)

    def commit_actions(self, batch: list[ActionCommit], owner: str | None = None) -> None:
        """Actions of several tables in one transaction: all of them or none. One commit (one
        sync of the log to the disk) for all the actions that arrived while the last commit
        was written is what lets a busy server keep up; each is as durable as if alone.

        With several processes, ``owner`` is the committing process: the batch is committed
        only while it holds a live lease on each of its tables, checked in the same
        transaction, else ``LeaseLost`` and nothing is written (a process that stalled while
        another took a table over). And an action's number is part of its key: the same action
        can never be committed twice, whoever tries."""
        results = any(c.result is not None for c in batch)
        now = time.time()
        with self._rating_lock if results else contextlib.nullcontext(), self.session() as s:
            if owner is not None:
                for table_id in sorted({c.table.id for c in batch}):  # one order: no deadlock
                    held = s.execute(
                        update(LeaseRow)
                        .where(LeaseRow.table_id == table_id, LeaseRow.owner == owner)
                        .where(LeaseRow.until >= now)
                        .values(until=LeaseRow.until)  # a write: locked until the commit
                    )
                    if _rowcount(held) != 1:
                        raise LeaseLost(table_id)
            # Two statements for the whole batch (executemany), not an ORM object each: the
            # commit thread holds the interpreter's lock while it builds them.
            s.execute(
                ACTIONS.insert(),
                [
                    {
                        "table_id": c.table.id,
                        "number": c.number,
                        "seq": c.table.seq,
                        "seat": c.seat,
                        "action": c.action,
                        "how": c.how,
                        "at": now,
                        "request": c.request,
                    }
                    for c in batch
                ],
            )
            s.execute(
                TABLES.update()
                .where(TABLES.c.id == bindparam("table_id"))
                .values(
                    status=bindparam("status"),
                    seq=bindparam("seq"),
                    clock=bindparam("clock"),
                    next_id=bindparam("next_id"),
                ),
                [{"table_id": c.table.id, **_row_values(c.table)} for c in batch],
            )
            for c in batch:
                if c.result is not None:  # the write lock is taken (SQLite): ratings are current
                    add_result(s, c.result)
                    rate_result(s, c.result)

    # --- leases (several processes) ---------------------------------------------------------
    def take_lease(self, table_id: str, owner: str, seconds: float) -> bool:
        """Take (or renew) the table's lease for ``seconds`` if it is free, run out, or already
        ``owner``'s; False if another process holds it. One conditional statement decides, so
        two processes asking at once cannot both get it."""
        try:
            return self._take_lease(table_id, owner, seconds)
        except OperationalError:  # the lease row locked past the timeout: not free now
            return False

    def _take_lease(self, table_id: str, owner: str, seconds: float) -> bool:
        now = time.time()
        with self.session() as s:
            if self.engine.dialect.name == "postgresql":
                # A lease row locked by a process frozen in mid-commit is not waited for: its
                # commit may still land, so the table is not free; asked again next round.
                s.execute(text("SET LOCAL lock_timeout = '500ms'"))
            taken = s.execute(
                update(LeaseRow)
                .where(LeaseRow.table_id == table_id)
                .where(or_(LeaseRow.owner == owner, LeaseRow.until < now))
                .values(owner=owner, until=now + seconds)
            )
            if _rowcount(taken) == 1:
                return True
        try:
            with self.session() as s:  # no lease yet: the first insert wins
                s.add(LeaseRow(table_id=table_id, owner=owner, until=now + seconds))
        except IntegrityError:
            return False
        return True

    def release_lease(self, table_id: str, owner: str) -> None:
        """Give the lease up at once (a process stopping), so another takes the table over
        without waiting for it to run out."""
        with self.session() as s:
            s.execute(
                update(LeaseRow)
                .where(LeaseRow.table_id == table_id, LeaseRow.owner == owner)
                .values(until=0.0)
            )

    def renew_leases(self, owner: str, table_ids: list[str], seconds: float) -> set[str]:
        """Renew ``owner``'s leases on ``table_ids`` that it still holds; returns those (a table
        missing from the answer was taken over while this process stalled)."""
        if not table_ids:
            return set()
        now = time.time()
        with self.session() as s:
            s.execute(
                update(LeaseRow)
                .where(LeaseRow.table_id.in_(table_ids), LeaseRow.owner == owner)
                .where(LeaseRow.until >= now)
                .values(until=now + seconds)
            )
            held = s.scalars(
                select(LeaseRow.table_id).where(
                    LeaseRow.table_id.in_(table_ids),
                    LeaseRow.owner == owner,
                    LeaseRow.until >= now + seconds / 2,
                )
            )
            return set(held)

    def orphans(self, limit: int = 200) -> list[str]:
        """Tables being played whose lease ran out or was never taken: their process died (or
        stopped), so another is to take them over."""
        now = time.time()
        with self.session() as s:
            rows = s.scalars(
                select(TableRow.id)
                .outerjoin(LeaseRow, LeaseRow.table_id == TableRow.id)
                .where(TableRow.status == "playing")
                .where(or_(LeaseRow.table_id.is_(None), LeaseRow.until < now))
                .limit(limit)
            )
            return list(rows)

    def open_tables_of(self, host_id: str) -> int:
        """How many tables ``host_id`` opened that have not started."""
        with self.session() as s:
            count = s.scalar(
                select(func.count())
                .select_from(TableRow)
                .where(TableRow.host_id == host_id, TableRow.status == "open")
            )
            return int(count or 0)

    def sequence_numbers(self, table_ids: list[str]) -> dict[str, int]:
        """The stored sequence number of each of ``table_ids``."""
        with self.session() as s:
            rows = s.execute(select(TableRow.id, TableRow.seq).where(TableRow.id.in_(table_ids)))
            return {str(r.id): int(r.seq) for r in rows}

    def requests_of(self, table_id: str) -> dict[str, int]:
        """The forwarded requests already committed at a table, each with its action's number."""
        with self.session() as s:
            rows = s.execute(
                select(ActionRow.request, ActionRow.number).where(
                    ActionRow.table_id == table_id, ActionRow.request.is_not(None)
                )
            ).all()
            return {str(r.request): int(r.number) for r in rows}

    def lease_of(self, table_id: str) -> tuple[str, float] | None:
        with self.session() as s:
            row = s.get(LeaseRow, table_id)
            return None if row is None else (row.owner, row.until)

    def rate_pending(self) -> int:
        """Apply the ratings of finished matches whose ratings could not be applied with their
        last action (a failure there never holds up the match); each exactly once. Returns how
        many were rated."""
        with self.session() as s:
            pending = s.scalars(
                select(ResultRow.table_id)
                .where(ResultRow.rated.is_(False))
                .order_by(ResultRow.finished_at)
            ).all()
        done = 0
        for table_id in pending:
            try:
                done += self._rate_one(table_id)
            except Exception:
                # Its own transaction, rolled back whole: tried again at the next start.
                log.exception("table %s: its ratings could not be applied", table_id)
        return done

    def _rate_one(self, table_id: str) -> int:
        with self._rating_lock, self.session() as s:
            # Claimed first, by one conditional statement: of several processes starting
            # together, one rates the match (the others change no row and stop).
            claimed = s.execute(
                update(ResultRow)
                .where(ResultRow.table_id == table_id, ResultRow.rated.is_(False))
                .values(rated=True)
            )
            if _rowcount(claimed) != 1:
                return 0
            row = s.get(ResultRow, table_id)
            if row is None:
                return 0
            seats = s.scalars(
                select(ResultSeatRow)
                .where(ResultSeatRow.table_id == table_id)
                .order_by(ResultSeatRow.seat)
            ).all()
            result = Result(
                row.table_id,
                row.game,
                row.finished_at,
                [ResultSeat(r.player_id, r.bot, r.name, r.score, r.place) for r in seats],
            )
            done = rate_result(s, result)
            if not done and any(x.player_id for x in result.seats):
                # Not computed: rolled back, claim included, for the next start.
                raise RuntimeError("the ratings could not be computed")
            return done

    # --- history, ratings, uploaded records -----------------------------------------------
    def matches_of(
        self,
        player_id: str,
        limit: int,
        before: float | None = None,
        before_id: str | None = None,
    ) -> list[dict[str, Any]]:
        """The guest's finished matches, newest first, with every seat's name, score, place.

        A page follows the last one by ``(before, before_id)``: the ``finished_at`` and
        ``table_id`` of its last match (matches that ended at the same instant are neither
        skipped nor shown twice). ``before`` alone: strictly older than that time.
        """
        with self.session() as s:
            query = (
                select(ResultRow, ResultSeatRow.seat)
                .join(ResultSeatRow, ResultSeatRow.table_id == ResultRow.table_id)
                .where(ResultSeatRow.player_id == player_id)
                .order_by(ResultRow.finished_at.desc(), ResultRow.table_id.desc())
                .limit(limit)
            )
            if before is not None and before_id is not None:
                query = query.where(
                    or_(
                        ResultRow.finished_at < before,
                        and_(ResultRow.finished_at == before, ResultRow.table_id < before_id),
                    )
                )
            elif before is not None:
                query = query.where(ResultRow.finished_at < before)
            found = s.execute(query).all()
            ids = [row.table_id for row, _ in found]
            seats: dict[str, list[ResultSeatRow]] = {i: [] for i in ids}
            if ids:
                for r in s.scalars(
                    select(ResultSeatRow)
                    .where(ResultSeatRow.table_id.in_(ids))
                    .order_by(ResultSeatRow.seat)
                ):
                    seats[r.table_id].append(r)
            return [
                {
                    "table_id": row.table_id,
                    "game": row.game,
                    "finished_at": row.finished_at,
                    "seat": mine,
                    "place": seats[row.table_id][mine].place,
                    "score": seats[row.table_id][mine].score,
                    "seats": [
                        {
                            "seat": r.seat,
                            "name": r.name,
                            "bot": None if r.player_id else r.bot,  # None: a guest's
                            "resigned": r.player_id is not None and r.bot is not None,
                            "score": r.score,
                            "place": r.place,
                        }
                        for r in seats[row.table_id]
                    ],
                }
                for row, mine in found
            ]

    def leaderboard(self, game: str, limit: int) -> list[dict[str, Any]]:
        """The game's ratings, best first (mu - 3 sigma, then mu), guests with their name of
        today."""
        with self.session() as s:
            rows = s.execute(
                select(RatingRow, PlayerRow.name)
                .outerjoin(PlayerRow, PlayerRow.id == RatingRow.player_id)
                .where(RatingRow.game == game)
                .order_by(RatingRow.ordinal.desc(), RatingRow.mu.desc(), RatingRow.subject)
                .limit(limit)
            ).all()
            return [
                {
                    "name": name if row.player_id else f"{(row.bot or '').capitalize()} bot",
                    "player_id": row.player_id,
                    "bot": row.bot,
                    "ordinal": row.ordinal,
                    "mu": row.mu,
                    "sigma": row.sigma,
                    "matches": row.matches,
                }
                for row, name in rows
            ]

    def add_record(
        self, record_id: str, game: str, uploader_id: str, record: dict[str, Any]
    ) -> None:
        with self.session() as s:
            s.add(
                RecordRow(
                    id=record_id,
                    game=game,
                    uploader_id=uploader_id,
                    created_at=time.time(),
                    record=record,
                )
            )

    def uploads_since(self, uploader_id: str | None, since: float) -> int:
        """Records uploaded since ``since`` by that guest (None: by anyone)."""
        with self.session() as s:
            query = select(func.count()).select_from(RecordRow)
            query = query.where(RecordRow.created_at >= since)
            if uploader_id is not None:
                query = query.where(RecordRow.uploader_id == uploader_id)
            return int(s.scalar(query) or 0)

    def load_record(self, record_id: str) -> dict[str, Any] | None:
        with self.session() as s:
            row = s.get(RecordRow, record_id)
            return None if row is None else dict(row.record)

    def hows(self, table_id: str) -> list[str]:
        """How each action of a table was made (player, bot, timeout), in the record's order."""
        with self.session() as s:
            return list(
                s.scalars(
                    select(ActionRow.how)
                    .where(ActionRow.table_id == table_id)
                    .order_by(ActionRow.number)
                )
            )

    def load_tables(self, statuses: tuple[str, ...]) -> list[TableData]:
        """Every table in one of ``statuses``, with its seats and actions in order."""
        with self.session() as s:
            rows = s.scalars(select(TableRow).where(TableRow.status.in_(statuses))).all()
            return [self._data(s, row) for row in rows]

    def lobby_tables(self) -> list[TableData]:
        """Every open or playing table with its seats, without actions, in two queries: what a
        lobby lists when the tables are spread over several processes."""
        with self.session() as s:
            rows = s.scalars(select(TableRow).where(TableRow.status.in_(("open", "playing"))))
            tables = {row.id: self._data(s, row, with_seats=False) for row in rows}
            if tables:
                seats = s.scalars(select(SeatRow).where(SeatRow.table_id.in_(list(tables))))
                for r in seats:
                    tables[r.table_id].seats[r.seat] = Seat(r.player_id, r.name, r.bot, r.away)
            return list(tables.values())

    def load_table(self, table_id: str) -> TableData | None:
        with self.session() as s:
            row = s.get(TableRow, table_id)
            return None if row is None else self._data(s, row)

    def _data(self, s: Session, row: TableRow, with_seats: bool = True) -> TableData:
        """The table of ``row``; without ``with_seats``, empty seats and no actions (the
        caller fills the seats)."""
        seats = [Seat() for _ in range(row.players)]
        actions: Any = []
        if with_seats:
            for r in s.scalars(select(SeatRow).where(SeatRow.table_id == row.id)):
                seats[r.seat] = Seat(r.player_id, r.name, r.bot, r.away)
            # The actions up to the row's sequence number: with other processes committing
            # meanwhile, the actions read a moment after the row may hold a newer one
            # (PostgreSQL's READ COMMITTED, SQLite's reads outside a transaction), and the
            # table must be the row's, whole.
            actions = s.execute(
                select(ActionRow.seat, ActionRow.action)
                .where(ActionRow.table_id == row.id, ActionRow.seq <= row.seq)
                .order_by(ActionRow.number)
            ).all()
        return TableData(
            id=row.id,
            game=row.game,
            players=row.players,
            options=dict(row.options),
            profile=row.profile,
            listed=row.listed,
            status=row.status,
            seed=row.seed,
            host_id=row.host_id,
            created_at=row.created_at,
            seq=row.seq,
            clock={int(k): float(v) for k, v in (row.clock or {}).items()},
            next_id=row.next_id,
            seats=seats,
            actions=[(a.seat, a.action) for a in actions],
            tutorial=row.tutorial,
        )


def _write_table(s: Session, t: TableData, expect_seq: int | None = None) -> bool:
    """The table's row as ``t`` has it: status, sequence number, clock and link; False if
    ``expect_seq`` is given and the stored row is no longer at it (nothing written)."""
    statement = update(TableRow).where(TableRow.id == t.id)
    if expect_seq is not None:
        statement = statement.where(TableRow.seq == expect_seq)
    done = s.execute(statement.values(**_row_values(t)))
    return _rowcount(done) == 1


def _row_values(t: TableData) -> dict[str, Any]:
    """What a save of the table writes to its row (a batch of actions writes the same)."""
    return {
        "status": t.status,
        "seq": t.seq,
        "clock": {str(k): v for k, v in t.clock.items()},
        "next_id": t.next_id,
    }


def busy(exc: BaseException) -> bool:
    """Whether a database error says the database is busy or out of reach for now, so that the
    same request may succeed in a moment (an HTTP 503 with Retry-After), rather than a fault of
    ours (a 500). SQLite: its write lock held past the busy timeout by another writer (another
    process, a backup). PostgreSQL: every error its driver calls operational (a lock or
    statement timeout, a deadlock, a connection lost or refused); a query's own fault is a
    ProgrammingError or an IntegrityError there, while SQLite's driver calls a missing table
    operational too, hence its codes. Either: no connection free in the pool in time."""
    if isinstance(exc, PoolTimeout):
        return True
    if not isinstance(exc, OperationalError):
        return False
    if isinstance(exc.orig, sqlite3.Error):
        code = getattr(exc.orig, "sqlite_errorcode", 0) & 0xFF  # the primary code
        return code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return True


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL lets the lobby read while an action is written; a killed process loses nothing
    # committed (the log is in the file system's hands once the commit returns).
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()
