"""A finished match in the database: its rows of the history (a result and each seat's score
and place) and the ratings it changes, written in the transaction that commits its last action
(``Store.commit_actions``) or later, for a result left unrated (``Store.rate_pending``)."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from sqlalchemy import bindparam, select, update
from sqlalchemy.orm import Session

from .ratings import Skill, rate, subject
from .rows import RatingRow, ResultRow, ResultSeatRow

log = logging.getLogger("pondside.server")


@dataclass
class ResultSeat:
    player_id: str | None
    bot: str | None
    name: str
    score: float
    place: int


@dataclass
class Result:
    """A finished match as the history and the ratings keep it."""

    table_id: str
    game: str
    finished_at: float
    seats: list[ResultSeat]


def add_result(s: Session, result: Result) -> None:
    """The finished match's rows of the history (its result and each seat's), unrated."""
    s.add(
        ResultRow(
            table_id=result.table_id,
            game=result.game,
            players=len(result.seats),
            finished_at=result.finished_at,
            rated=False,
        )
    )
    s.flush()  # before its seats, which refer to it
    for i, seat in enumerate(result.seats):
        s.add(
            ResultSeatRow(
                table_id=result.table_id,
                seat=i,
                player_id=seat.player_id,
                bot=seat.bot,
                name=seat.name,
                score=seat.score,
                place=seat.place,
            )
        )


RATINGS_OF = (
    select(RatingRow)
    .where(
        RatingRow.game == bindparam("game"),
        RatingRow.subject.in_(bindparam("subjects", expanding=True)),
    )
    .with_for_update()
)
"""The ratings of some subjects of one game, to be updated. Built once: an ``in_`` built for
each match leaves its parameter objects in a reference cycle, for the collector to find
(tests/server/test_collector.py)."""


def rate_result(s: Session, result: Result) -> int:
    """Apply one finished match to the ratings and mark it rated; 1 if it was.

    Only the computation is guarded: if it fails (a bug), the result stays unrated for
    ``rate_pending`` and the match still ends. A database error is not caught here: on
    PostgreSQL a failed statement aborts the whole transaction, whose COMMIT would then
    silently roll back the last action and the result too; it goes up to the caller (the
    action is refused, 503, and the match is as it was).
    """
    if not any(x.player_id for x in result.seats):
        # Bots among themselves rate nothing: the leaderboard could be farmed with all-bot
        # tables (a host may seat a bot in their own seat). Marked rated, as there is nothing
        # left to do for it.
        s.execute(update(ResultRow).where(ResultRow.table_id == result.table_id).values(rated=True))
        return 0
    seats = [subject(x.player_id, x.bot) for x in result.seats]
    rows = {
        r.subject: r
        for r in s.scalars(RATINGS_OF, {"game": result.game, "subjects": sorted(set(seats))})
    }
    priors = {k: Skill(r.mu, r.sigma) for k, r in rows.items()}
    try:
        new = rate(priors, seats, [x.place for x in result.seats])
    except Exception:
        log.exception("table %s: its ratings could not be computed", result.table_id)
        return 0
    now = time.time()
    for who, skill in (new or {}).items():
        row = rows.get(who)
        if row is None:
            first = result.seats[seats.index(who)]
            row = RatingRow(
                game=result.game,
                subject=who,
                player_id=first.player_id,
                bot=None if first.player_id else first.bot,
                matches=0,
            )
            s.add(row)
        row.mu, row.sigma, row.ordinal = skill.mu, skill.sigma, skill.ordinal
        row.matches += 1
        row.updated_at = now
    s.execute(update(ResultRow).where(ResultRow.table_id == result.table_id).values(rated=True))
    return 1
