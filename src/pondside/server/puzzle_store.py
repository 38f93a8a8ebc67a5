"""The stored puzzles (``puzzles``; the routes are puzzles.py's): kept after a guest's seat is
analysed (``make_after_analysis``, called by the replays' analysis), listed per guest, one
drawn a day per game."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from pondside.games import get_game
from pondside.i18n import _
from pondside.puzzles import Puzzle

from .db import Store
from .rows import PuzzleRow
from .web import TABLE_ID

log = logging.getLogger("pondside.server")
LISTED = 100  # a guest's newest puzzles listed


# --- storage (synchronous: called in a thread) ----------------------------------------------
def keep(store: Store, table_id: str, player_id: str, found: list[dict[str, Any]]) -> int:
    """Store the puzzles of a guest's seat; those already kept (an analysis made again) are
    skipped. Returns how many were new."""
    new = 0
    for data in found:
        try:
            with store.session() as s:
                s.add(
                    PuzzleRow(
                        id=secrets.token_urlsafe(9),
                        game=data["game"],
                        table_id=table_id,
                        seat=data["seat"],
                        number=data["number"],
                        player_id=player_id,
                        created_at=time.time(),
                        data=data,
                    )
                )
            new += 1
        except IntegrityError:
            continue
    return new


def puzzles_of(store: Store, player_id: str) -> list[dict[str, Any]]:
    with store.session() as s:
        rows = s.scalars(
            select(PuzzleRow)
            .where(PuzzleRow.player_id == player_id)
            .order_by(PuzzleRow.created_at.desc(), PuzzleRow.id)
            .limit(LISTED)
        ).all()
        return [_listed(r) for r in rows]


def _listed(row: PuzzleRow) -> dict[str, Any]:
    game = get_game(row.game)
    return {
        "id": row.id,
        "game": row.game,
        "game_name": _(game.info.name),
        "table_id": row.table_id,
        "created_at": row.created_at,
        "loss": row.data["loss"],
    }


def one(store: Store, puzzle_id: str) -> tuple[PuzzleRow, Puzzle] | None:
    with store.session() as s:
        row = s.get(PuzzleRow, puzzle_id)
        if row is None:
            return None
        s.expunge(row)
        return row, Puzzle.from_json(row.data)


def of_the_day(store: Store, game: str, day: str) -> str | None:
    """The puzzle of the day of ``game``: one of all its puzzles, the same all day (drawn by a
    hash of the day, so it changes every day and nobody can choose it)."""
    with store.session() as s:
        count = s.scalar(select(func.count()).where(PuzzleRow.game == game)) or 0
        if not count:
            return None
        pick = int.from_bytes(hashlib.sha256(f"{game}:{day}".encode()).digest()[:8]) % count
        found = s.scalars(
            select(PuzzleRow.id)
            .where(PuzzleRow.game == game)
            .order_by(PuzzleRow.created_at, PuzzleRow.id)
            .offset(pick)
            .limit(1)
        ).first()
        return None if found is None else str(found)


# --- made after an analysis ------------------------------------------------------------------
async def make_after_analysis(
    hub: Any, replay_id: str, record: dict[str, Any], analysis: dict[str, Any], seat: int
) -> None:
    """Turn a guest's analysed seat of a finished table into their puzzles (nothing for an
    uploaded record or a bot's seat)."""
    if not TABLE_ID.fullmatch(replay_id):
        return
    table = await hub.table(replay_id)
    player_id = table.data.seats[seat].player_id
    if player_id is None or table.data.status != "over":
        return
    found = await hub.thinking.puzzles(record, analysis, seat)
    new = await asyncio.to_thread(keep, hub.store, replay_id, player_id, found)
    log.info("table %s seat %d: %d new puzzles", replay_id, seat, new)
