"""The server's tables in the database, as SQLAlchemy declares them (the schema Alembic's
migrations create: migrations/). The store (db.py) reads and writes them."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, Float, ForeignKey, Index, Integer, String, false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


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
    # A tutorial's table (tutorials.py): its player is coached at every decision.
    tutorial: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class SeatRow(Base):
    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(16), nullable=True)  # a level name
    # The guest is gone past the grace period and the bot ``bot`` stands in (leaving.py).
    away: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class ResultRow(Base):
    """A finished match, written once: in the transaction of its last action.

    ``rated`` says whether its ratings were applied (in the same transaction if they could be,
    else at the next start): a result is rated exactly once.
    """

    __tablename__ = "results"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    finished_at: Mapped[float] = mapped_column(Float, index=True)
    rated: Mapped[bool] = mapped_column(Boolean, default=False, index=True)


class ResultSeatRow(Base):
    """One seat of a finished match: who sat there (a guest or a bot level), the name shown,
    the engine's score and place."""

    __tablename__ = "result_seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("results.table_id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    bot: Mapped[str | None] = mapped_column(String(16), nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    score: Mapped[float] = mapped_column(Float)
    place: Mapped[int] = mapped_column(Integer)


class RatingRow(Base):
    """An openskill (Plackett-Luce) rating of one subject in one game: a guest
    (``player:<id>``) or a bot level (``bot:<level>``). ``ordinal`` is mu - 3 sigma, the number
    the leaderboard sorts by."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_board", "game", "ordinal"),)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    subject: Mapped[str] = mapped_column(String(48), primary_key=True)
    player_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(16), nullable=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    ordinal: Mapped[float] = mapped_column(Float)
    matches: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[float] = mapped_column(Float)


class RecordRow(Base):
    """An uploaded match record (checked by replaying it), kept so its replay has a link."""

    __tablename__ = "records"
    __table_args__ = (Index("ix_records_uploads", "uploader_id", "created_at"),)
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    uploader_id: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[float] = mapped_column(Float)
    record: Mapped[dict[str, Any]] = mapped_column(JSON)


class ActionRow(Base):
    """One committed action; ``how`` is player, bot, stand-in (for a guest gone) or timeout."""

    __tablename__ = "actions"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)  # 0, 1, ... in the record
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(64))
    how: Mapped[str] = mapped_column(String(16))
    at: Mapped[float] = mapped_column(Float)
    request: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The id of the forwarded request that made it (several processes), else null."""


class LeaseRow(Base):
    """Which server process plays a table, until when (seconds since the epoch). With several
    processes on one database, only the lease holder commits the table's actions."""

    __tablename__ = "leases"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    owner: Mapped[str] = mapped_column(String(64))
    until: Mapped[float] = mapped_column(Float)


class DailyDealRow(Base):
    """The deal of the day of a game (daily.py): its seed, drawn by the first request of the
    day and the same for every guest after it (secret: a seed tells every hand)."""

    __tablename__ = "daily_deals"
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    day: Mapped[str] = mapped_column(String(10), primary_key=True)  # YYYY-MM-DD, in UTC
    seed: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[float] = mapped_column(Float)


class DailyAttemptRow(Base):
    """A guest's one attempt at a deal of the day: the table it is played at."""

    __tablename__ = "daily_attempts"
    __table_args__ = (Index("ix_daily_attempts_player", "game", "day", "player_id", unique=True),)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    day: Mapped[str] = mapped_column(String(10))
    player_id: Mapped[str] = mapped_column(String(32))


class PuzzleRow(Base):
    """A puzzle from a guest's mistake in a finished match (puzzles.py): the decision, from
    that seat's view, with its answers (``pondside.puzzles.Puzzle`` as JSON)."""

    __tablename__ = "puzzles"
    __table_args__ = (Index("ix_puzzles_decision", "table_id", "seat", "number", unique=True),)
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), index=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"))
    seat: Mapped[int] = mapped_column(Integer)
    number: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[str] = mapped_column(String(32), index=True)
    created_at: Mapped[float] = mapped_column(Float)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
