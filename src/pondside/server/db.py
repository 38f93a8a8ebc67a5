"""Storage: SQLAlchemy 2 models, Alembic migrations applied at start, and the few
transactions the server makes.

Every method is synchronous (SQLAlchemy's sync engine serves SQLite and PostgreSQL alike);
the server calls them in a worker thread so the event loop never waits on the disk. An action
is committed in one transaction with the table's sequence number and clock before anyone
hears of it (``commit_action``).
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    create_engine,
    event,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker


class Base(DeclarativeBase):
    pass


class PlayerRow(Base):
    """A guest: a chosen name and the hash of a random secret kept in their browser."""

    __tablename__ = "players"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    secret_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    created_at: Mapped[float] = mapped_column(Float)


class TableRow(Base):
    """A table: its match's configuration, where it stands, and its clock.

    ``seq`` counts every committed change (a seat taken, the start, each action); ``clock``
    maps each seat with a decision running to its deadline (seconds since the epoch).
    """

    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    profile: Mapped[str] = mapped_column(String(16))
    listed: Mapped[bool] = mapped_column(Boolean)
    status: Mapped[str] = mapped_column(String(16), index=True)  # open, playing, over
    seed: Mapped[int] = mapped_column(BigInteger)
    host_id: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[float] = mapped_column(Float)
    seq: Mapped[int] = mapped_column(Integer, default=0)
    clock: Mapped[dict[str, float]] = mapped_column(JSON, default=dict)
    next_id: Mapped[str | None] = mapped_column(String(32), nullable=True)


class SeatRow(Base):
    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(16), nullable=True)  # a level name


class ActionRow(Base):
    """One committed action; ``how`` is player, bot or timeout."""

    __tablename__ = "actions"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)  # 0, 1, ... in the record
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(64))
    how: Mapped[str] = mapped_column(String(16))
    at: Mapped[float] = mapped_column(Float)


def hash_secret(secret: str) -> str:
    """Only a hash of a guest's secret is stored: a copy of the database seats nobody."""
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass
class Seat:
    player_id: str | None = None
    name: str | None = None
    bot: str | None = None

    @property
    def taken(self) -> bool:
        return self.player_id is not None or self.bot is not None


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

    def __init__(self, url: str) -> None:
        self.url = normalise_url(url)
        migrate(self.url)
        self.engine: Engine = create_engine(self.url, pool_pre_ping=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

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
        with self.session() as s:
            row = s.scalar(select(PlayerRow).where(PlayerRow.secret_hash == hash_secret(secret)))
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
                    )
                )

    def save_table(self, t: TableData, seats: bool = False) -> None:
        """Write the table's status, sequence number, clock and link (and its seats)."""
        with self.session() as s:
            _write_table(s, t)
            if seats:
                for i, seat in enumerate(t.seats):
                    s.execute(
                        update(SeatRow)
                        .where(SeatRow.table_id == t.id, SeatRow.seat == i)
                        .values(player_id=seat.player_id, name=seat.name, bot=seat.bot)
                    )

    def commit_action(self, t: TableData, number: int, seat: int, action: str, how: str) -> None:
        """One action with the table's new sequence number, status and clock, atomically."""
        with self.session() as s:
            s.add(
                ActionRow(
                    table_id=t.id,
                    number=number,
                    seq=t.seq,
                    seat=seat,
                    action=action,
                    how=how,
                    at=time.time(),
                )
            )
            _write_table(s, t)

    def load_tables(self, statuses: tuple[str, ...]) -> list[TableData]:
        """Every table in one of ``statuses``, with its seats and actions in order."""
        with self.session() as s:
            rows = s.scalars(select(TableRow).where(TableRow.status.in_(statuses))).all()
            return [self._data(s, row) for row in rows]

    def load_table(self, table_id: str) -> TableData | None:
        with self.session() as s:
            row = s.get(TableRow, table_id)
            return None if row is None else self._data(s, row)

    def _data(self, s: Session, row: TableRow) -> TableData:
        seats = [Seat() for _ in range(row.players)]
        for seat_row in s.scalars(select(SeatRow).where(SeatRow.table_id == row.id)):
            seats[seat_row.seat] = Seat(seat_row.player_id, seat_row.name, seat_row.bot)
        actions = s.execute(
            select(ActionRow.seat, ActionRow.action)
            .where(ActionRow.table_id == row.id)
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
        )


def _write_table(s: Session, t: TableData) -> None:
    """The table's row as ``t`` has it: status, sequence number, clock and link."""
    s.execute(
        update(TableRow)
        .where(TableRow.id == t.id)
        .values(
            status=t.status,
            seq=t.seq,
            clock={str(k): v for k, v in t.clock.items()},
            next_id=t.next_id,
        )
    )


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL lets the lobby read while an action is written; a killed process loses nothing
    # committed (the log is in the file system's hands once the commit returns).
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()
