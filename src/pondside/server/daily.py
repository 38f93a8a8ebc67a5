"""The deal of the day (issue 28, point 3), bridge's duplicate for everyone: each game has one
deal a day (its seed drawn by the day's first request, secret, the same for every guest after
it), played from seat 0 against the same bots (``DAILY_LEVEL``, seeded from the deal: they
play the same way wherever the play is the same). A guest has one attempt a day; once it is
over they see where they stand among every finished attempt (percentile, the spread of the
scores, the best result and its replay) and against the bots' own results seated where they
sat (the deal played out with a bot of each ``BASELINE_LEVELS`` at seat 0).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from pondside.bots.levels import level_spec
from pondside.engine import Game
from pondside.games import get_game
from pondside.i18n import _
from pondside.sim.runner import play_match

from .db import Seat, Store
from .rows import DailyAttemptRow, DailyDealRow, ResultSeatRow
from .tables import Guest, Refused
from .web import guest_of, hub_of, kept_of, need_guest, page, same_origin, today

DAILY_LEVEL = "casual"
"""The bots of every deal of the day: the ladder's middle, a fair table for everyone."""
BASELINE_LEVELS = ("random", "casual")
"""The bots whose result at seat 0 a guest is shown beside their own (quick levels: played out
at the first request, in a thread)."""
DAILY_PROFILE = "none"  # no clock: a deal of the day is played when one has the time
DAY = r"\d{4}-\d{2}-\d{2}"

router = APIRouter()


# --- storage (synchronous: called in a thread) ----------------------------------------------
def deal_seed(store: Store, game: str, day: str) -> int:
    """The seed of ``game``'s deal of ``day``, drawn by the first to ask (two at once: the
    database keeps one, and both read it)."""
    for _attempt in range(2):
        with store.session() as s:
            row = s.get(DailyDealRow, (game, day))
            if row is not None:
                return int(row.seed)
        try:
            with store.session() as s:
                seed = secrets.randbits(63)
                s.add(DailyDealRow(game=game, day=day, seed=seed, created_at=time.time()))
            return seed
        except IntegrityError:
            continue  # drawn by another request meanwhile: read it
    raise RuntimeError(f"the deal of the day of {game} could not be drawn")


def attempt_of(store: Store, game: str, day: str, player_id: str) -> str | None:
    """The table of the guest's attempt at ``game``'s deal of ``day``, if they made one."""
    with store.session() as s:
        found = s.scalars(
            select(DailyAttemptRow.table_id).where(
                DailyAttemptRow.game == game,
                DailyAttemptRow.day == day,
                DailyAttemptRow.player_id == player_id,
            )
        ).first()
        return None if found is None else str(found)


def add_attempt(store: Store, table_id: str, game: str, day: str, player_id: str) -> bool:
    """Note the attempt; False if the guest has one already (two requests at once)."""
    try:
        with store.session() as s:
            s.add(DailyAttemptRow(table_id=table_id, game=game, day=day, player_id=player_id))
        return True
    except IntegrityError:
        return False


def finished_attempts(store: Store, game: str, day: str) -> list[dict[str, Any]]:
    """Every finished attempt at the deal: the guest's seat's result, in the order finished."""
    with store.session() as s:
        rows = s.execute(
            select(DailyAttemptRow.table_id, ResultSeatRow.player_id, ResultSeatRow.name)
            .add_columns(ResultSeatRow.score, ResultSeatRow.place, ResultSeatRow.seat)
            .join(
                ResultSeatRow,
                (ResultSeatRow.table_id == DailyAttemptRow.table_id)
                & (ResultSeatRow.player_id == DailyAttemptRow.player_id),
            )
            .where(DailyAttemptRow.game == game, DailyAttemptRow.day == day)
            .order_by(DailyAttemptRow.table_id)
        ).all()
    return [
        {"table_id": t, "player_id": p, "name": n, "score": sc, "place": pl, "seat": seat}
        for t, p, n, sc, pl, seat in rows
    ]


# --- what a guest is shown -------------------------------------------------------------------
def percentile(mine: float, scores: list[float], lower_is_better: bool) -> float:
    """Where a score stands among ``scores`` (its own among them), as a percentile rank: the
    share doing worse, ties counted half.

    >>> percentile(10, [10, 20, 30, 40], lower_is_better=True)
    87.5
    >>> percentile(10, [10, 10], lower_is_better=False)
    50.0
    """
    worse = sum(1 for s in scores if (s > mine if lower_is_better else s < mine))
    tied = sum(1 for s in scores if s == mine)
    return round(100.0 * (worse + tied / 2) / len(scores), 1)


def daily_bots(game: Game[Any], players: int) -> list[str]:
    return [DAILY_LEVEL] * (players - 1)


def baseline(game: Game[Any], seed: int) -> list[dict[str, Any]]:
    """The deal played out by the bots alone, a bot of each ``BASELINE_LEVELS`` at seat 0: what
    a guest's result compares with, seated where they sat."""
    players = game.info.default_players
    found = []
    for level in BASELINE_LEVELS:
        specs = [level_spec(game, level, online=True)]
        specs += [level_spec(game, b, online=True) for b in daily_bots(game, players)]
        outcome = play_match(game, players, None, specs, seed).outcome()
        assert outcome is not None  # a match played out is over
        found.append({"level": level, "score": outcome.scores[0], "place": outcome.places[0]})
    return found


def standing(
    game: Game[Any], day: str, attempts: list[dict[str, Any]], me: Guest | None
) -> dict[str, Any]:
    """Where the guest stands among every finished attempt (their own result, percentile,
    place among the attempts), the spread of the scores, and the best attempt (with its
    replay) once the guest has played: shown earlier, it would tell them the deal."""
    lower = game.info.lower_score_is_better
    scores = [float(a["score"]) for a in attempts]
    mine = next((a for a in attempts if me is not None and a["player_id"] == me.id), None)
    shown: dict[str, Any] = {
        "game": game.info.slug,
        "day": day,
        "attempts": len(attempts),
        "scores": sorted(scores, reverse=not lower),
        "lower_is_better": lower,
        "mine": None,
        "best": None,
    }
    if mine is not None:
        shown["mine"] = {
            "table_id": mine["table_id"],
            "score": mine["score"],
            "score_words": game.info.score_words(mine["score"]),
            "place": mine["place"],
            "percentile": percentile(float(mine["score"]), scores, lower),
            "rank": 1
            + sum(1 for s in scores if (s < mine["score"] if lower else s > mine["score"])),
        }
    if mine is not None or day != today():
        best = min(attempts, key=lambda a: a["score"] if lower else -a["score"], default=None)
        if best is not None:
            shown["best"] = {
                "name": best["name"],
                "score": best["score"],
                "score_words": game.info.score_words(best["score"]),
                "replay": f"/replay/{best['table_id']}?seat={best['seat']}",
            }
    return shown


def _game(request: Request, slug: str) -> Game[Any]:
    if slug not in hub_of(request).settings.games:
        raise Refused(
            _("there is no deal of the day of {game!r}: no such game here").format(game=slug), 404
        )
    return get_game(slug)


def _day(day: str | None) -> str:
    if day is None:
        return today()
    if day > today():
        raise Refused(_("that day's deal is not dealt yet"), 404)
    return day


# --- the page and the API ------------------------------------------------------------------
@router.get("/daily", include_in_schema=False)
async def daily_page() -> Response:
    return page("daily.html")


@router.get("/api/daily")
async def daily(
    request: Request, guest: Annotated[Guest | None, Depends(guest_of)]
) -> dict[str, Any]:
    """Today's deal of every game: what it is (players, bots) and whether the guest played it
    (their table, and whether it is over)."""
    hub, day = hub_of(request), today()
    shown = []
    for slug in hub.settings.games:
        game = get_game(slug)
        players = game.info.default_players
        mine = None
        if guest is not None:
            table_id = await asyncio.to_thread(attempt_of, hub.store, slug, day, guest.id)
            if table_id is not None:
                table = await hub.table(table_id)
                mine = {"table_id": table_id, "status": table.data.status}
        shown.append(
            {
                "game": slug,
                "game_name": _(game.info.name),
                "players": players,
                "bots": daily_bots(game, players),
                "seat": 0,
                "mine": mine,
            }
        )
    return {"day": day, "games": shown}


@router.post("/api/daily/{game}", dependencies=[Depends(same_origin)], status_code=201)
async def play_daily(
    game: str, request: Request, guest: Annotated[Guest, Depends(need_guest)]
) -> dict[str, Any]:
    """Sit down at today's deal of ``game`` (seat 0, against ``DAILY_LEVEL`` bots), started at
    once; the guest's table if they began it already. One attempt a day: once it is over,
    409 (see ``GET /api/daily/{game}``)."""
    hub, day, found = hub_of(request), today(), _game(request, game)
    slug = found.info.slug
    existing = await asyncio.to_thread(attempt_of, hub.store, slug, day, guest.id)
    if existing is None:
        seed = await asyncio.to_thread(deal_seed, hub.store, slug, day)
        players = found.info.default_players
        seats = [Seat(player_id=guest.id, name=guest.name)]
        seats += [Seat(bot=level) for level in daily_bots(found, players)]
        table = await hub.create(guest, slug, players, {}, DAILY_PROFILE, False, seed, seats)
        if await asyncio.to_thread(add_attempt, hub.store, table.data.id, slug, day, guest.id):
            await hub.start(table, guest)
            return hub.summary(table)
        existing = await asyncio.to_thread(attempt_of, hub.store, slug, day, guest.id)
        assert existing is not None  # the other request's attempt
    table = await hub.table(existing)
    if table.data.status == "over":
        raise Refused(
            _(
                "you have played today's deal of {game}: see where you stand "
                "(GET /api/daily/{slug}); tomorrow brings another"
            ).format(game=_(found.info.name), slug=slug),
            409,
        )
    return hub.summary(table)


@router.get("/api/daily/{game}")
async def daily_standing(
    game: str,
    request: Request,
    guest: Annotated[Guest | None, Depends(guest_of)],
    day: Annotated[str | None, Query(pattern=f"^{DAY}$")] = None,
) -> dict[str, Any]:
    """Where the guest stands at ``game``'s deal of ``day`` (today by default) among every
    finished attempt, and the bots' own results at their seat."""
    hub, found = hub_of(request), _game(request, game)
    slug, when = found.info.slug, _day(day)
    attempts = await asyncio.to_thread(finished_attempts, hub.store, slug, when)
    shown = standing(found, when, attempts, guest)
    kept = kept_of(request)
    bots = kept.daily_baselines.get((slug, when))
    if bots is None:
        seed = await asyncio.to_thread(deal_seed, hub.store, slug, when)
        bots = await asyncio.to_thread(baseline, found, seed)
        kept.daily_baselines[(slug, when)] = bots
        while len(kept.daily_baselines) > 64:  # a few days of every game
            kept.daily_baselines.pop(next(iter(kept.daily_baselines)))
    shown["bots"] = [{**b, "score_words": found.info.score_words(b["score"])} for b in bots]
    return shown


__all__ = ["DAILY_LEVEL", "percentile", "router", "today"]
