"""The web application: the HTTP API of the lobby, one WebSocket per client, the pages.

A guest is known by a random secret in an HttpOnly cookie (only its hash is stored). Every
state-changing request and every WebSocket must come from this server's own pages (the
Origin check), and every client message is validated before anything reads it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import signal
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, FastAPI, HTTPException, Query, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException

from pondside.bots.levels import LEVEL_NAMES, LEVELS
from pondside.engine import PondsideError
from pondside.games import get_game
from pondside.i18n import _

from . import leaving, seating
from .collector import Collector
from .daily import router as daily_router
from .db import Store, busy
from .gamefacts import game_facts
from .hub import LIMITS, Guest, Hub, LiveTable, Refused, check_name
from .peers import Alone, Peers
from .problems import said_detail, said_invalid
from .puzzles import router as puzzles_router
from .replays import router as replays_router
from .rules_pages import router as rules_router
from .settings import EXPERT_FACTOR, GC_YOUNG, PROFILE_WORDS, PROFILES, Settings
from .sockets import ClientMessage, Traffic
from .sockets import router as sockets_router
from .tutorials import router as tutorials_router
from .web import (
    COOKIE,
    STATIC,
    TABLE_ID,
    Kept,
    Language,
    Window,
    client_address,
    guest_of,
    hub_of,
    kept_of,
    need_guest,
    page,
    same_origin,
)

log = logging.getLogger("pondside.server")


# --- HTTP bodies -------------------------------------------------------------------------
class GuestIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=200)


class TableIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(default="lame-duck", max_length=40)
    players: int = Field(default=4, ge=1, le=64)
    # Option values are JSON scalars (the game checks names, kinds and ranges: BadOption).
    options: dict[
        Annotated[str, Field(max_length=40)],
        bool | int | Annotated[str, Field(max_length=40)] | None,
    ] = Field(default_factory=dict, max_length=16)
    profile: str = Field(default="normal", max_length=16)
    listed: bool = True
    seed: int | None = Field(default=None, ge=0, lt=2**63)


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    do: Literal["join", "leave", "bot"]
    level: str | None = Field(default=None, max_length=16)


async def table_of(table_id: str, request: Request) -> AsyncIterator[LiveTable]:
    """The table a route names; after the request, a finished table nobody watches leaves
    memory again (a request for the record or the next match reads it from the database: kept,
    every finished table would stay)."""
    # Only the characters of our ids reach the database (PostgreSQL refuses a NUL, say).
    if not TABLE_ID.fullmatch(table_id):
        raise HTTPException(404, _("there is no such table; check the link"))
    hub = hub_of(request)
    table = await hub.table(table_id)
    try:
        yield table
    finally:
        hub.forget_if_idle(table)


pages = APIRouter()
"""The lobby's page and each table's."""
api = APIRouter()
"""The lobby's HTTP API: guests, tables, seats, the start, the next match, the record."""


# --- pages --------------------------------------------------------------------------
@pages.get("/", include_in_schema=False)
async def lobbypage() -> Response:
    return page("index.html")


@pages.get("/t/{table_id}", include_in_schema=False)
async def tablepage(table_id: str, request: Request) -> Response:
    # Every game shares one frame around the game's own module. An unknown table gets the
    # frame too, which says so.
    try:
        table = await hub_of(request).table(table_id) if TABLE_ID.fullmatch(table_id) else None
    except Refused:
        table = None
    if table is not None:
        hub_of(request).forget_if_idle(table)
    return page("game.html")


# --- the API ------------------------------------------------------------------------
@api.get("/api/games")
async def games(request: Request) -> dict[str, Any]:
    """The games that can be played online, their options, bot levels and time profiles."""
    out = [game_facts(get_game(slug), LIMITS) for slug in hub_of(request).settings.games]
    return {
        "games": out,
        "levels": [{"id": lv, "name": _(LEVEL_NAMES[lv])} for lv in LEVELS],
        "profiles": [
            {"id": p, "seconds": s, "words": _(PROFILE_WORDS[p])} for p, s in PROFILES.items()
        ],
        "expert_factor": EXPERT_FACTOR,
    }


@api.get("/api/me")
async def me(guest: Annotated[Guest | None, Depends(guest_of)]) -> dict[str, Any]:
    """Who this browser is, or ``{"name": null}`` before a name was chosen."""
    return {"name": None if guest is None else guest.name}


@api.post("/api/guest", dependencies=[Depends(same_origin)])
async def guest(
    body: GuestIn,
    request: Request,
    response: Response,
    current: Annotated[Guest | None, Depends(guest_of)],
) -> dict[str, Any]:
    """Choose a name (or change it): sets the HttpOnly cookie that holds the secret."""
    name = check_name(body.name)
    hub = hub_of(request)
    if current is not None:
        await _call(hub.store.rename_player, current.id, name)
        kept_of(request).guests.clear()
        return {"name": name}
    # A guest costs nothing to make, so what is limited per guest (uploads, tables) is
    # limited per address too: guests are made at a bounded rate from one address.
    if not kept_of(request).guest_makers.allow(client_address(request), GUESTS_PER_ADDRESS, 3600):
        raise Refused(_("too many new names from your address in the last hour: wait a while"), 429)
    secret = secrets.token_urlsafe(32)  # 256 bits
    await _call(hub.store.add_player, secrets.token_hex(16), name, secret)
    response.set_cookie(
        COOKIE,
        secret,
        max_age=400 * 24 * 3600,
        httponly=True,
        samesite="strict",
        path="/",
        secure=request.url.scheme == "https",  # behind TLS (proxy_headers), never in clear
    )
    return {"name": name}


@api.get("/api/tables")
async def tables(
    request: Request,
    guest: Annotated[Guest | None, Depends(guest_of)],
    bots: Annotated[bool, Query(description="also list the matches played by bots alone")] = False,
) -> dict[str, Any]:
    """Listed tables that are open or being played and this guest's own, theirs first,
    each with ``you``: the guest's seat there, or null. A match played by bots alone (no
    guest plays it, or every guest resigned) is listed only with ``bots=true``."""
    return {"tables": await hub_of(request).lobby(guest, bots)}


@api.post("/api/tables", dependencies=[Depends(same_origin)], status_code=201)
async def create_table(
    body: TableIn, request: Request, guest: Annotated[Guest, Depends(need_guest)]
) -> dict[str, Any]:
    """Open a table; its creator takes seat 0 and may seat bots and start it."""
    hub = hub_of(request)
    if body.seed is not None and not hub.settings.allow_seeds:
        raise Refused(_("this server does not let a table choose its seed"), 403)
    table = await hub.create(
        guest, body.game, body.players, dict(body.options), body.profile, body.listed, body.seed
    )
    return hub.summary(table)


@api.get("/api/tables/{table_id}")
async def table_info(
    table: Annotated[LiveTable, Depends(table_of)], request: Request
) -> dict[str, Any]:
    return hub_of(request).summary(table)


@api.post("/api/tables/{table_id}/seats/{seat}", dependencies=[Depends(same_origin)])
async def seat_change(
    seat: int,
    body: SeatIn,
    request: Request,
    table: Annotated[LiveTable, Depends(table_of)],
    guest: Annotated[Guest, Depends(need_guest)],
) -> dict[str, Any]:
    """Sit down (join), stand up (leave), or as the host seat a bot of a level."""
    hub = hub_of(request)
    await hub.change_seat(table, guest, seat, body.do, body.level)
    return hub.summary(table)


@api.post("/api/tables/{table_id}/start", dependencies=[Depends(same_origin)])
async def start(
    request: Request,
    table: Annotated[LiveTable, Depends(table_of)],
    guest: Annotated[Guest, Depends(need_guest)],
) -> dict[str, Any]:
    hub = hub_of(request)
    await hub.start(table, guest)
    return hub.summary(table)


@api.post("/api/tables/{table_id}/resign", dependencies=[Depends(same_origin)])
async def resign(
    request: Request,
    table: Annotated[LiveTable, Depends(table_of)],
    guest: Annotated[Guest, Depends(need_guest)],
) -> dict[str, Any]:
    """Resign the match being played at your seat: a bot plays on for you to the end, and the
    result places you last."""
    hub = hub_of(request)
    await leaving.resign(hub, table, guest)
    return hub.summary(table)


@api.post("/api/tables/{table_id}/again", dependencies=[Depends(same_origin)])
async def again(
    request: Request,
    table: Annotated[LiveTable, Depends(table_of)],
    guest: Annotated[Guest, Depends(need_guest)],
) -> dict[str, Any]:
    """The next match with the same people and bots: a new table, returned."""
    hub = hub_of(request)
    return hub.summary(await hub.again(table, guest))


@api.post("/api/tables/{table_id}/deal", dependencies=[Depends(same_origin)], status_code=201)
async def play_the_deal(
    request: Request,
    table: Annotated[LiveTable, Depends(table_of)],
    guest: Annotated[Guest, Depends(need_guest)],
    seat: Annotated[int | None, Query(ge=0, le=63)] = None,
) -> dict[str, Any]:
    """Play a finished match's deal yourself ("Play this deal"): the same cards and options,
    the same bots at their seats, you at ``seat`` (default: the first seat a guest played),
    casual bots for the match's other guests; a new private table, started at once."""
    hub = hub_of(request)
    d = table.data
    seats = seating.same_deal_seats(table, guest, seat)
    # Each is a table started at once, its bots waiting on the guest: a few an hour.
    if not kept_of(request).deals.allow(guest.id, DEALS_PER_HOUR, 3600):
        said = _("{n} deals played again in the last hour: wait a while")
        raise Refused(said.format(n=DEALS_PER_HOUR), 429)
    following = await hub.create(guest, d.game, d.players, d.options, "none", False, d.seed, seats)
    await hub.start(following, guest)
    return hub.summary(following)


@api.get("/api/tables/{table_id}/record")
async def record(table: Annotated[LiveTable, Depends(table_of)]) -> dict[str, Any]:
    """The match record (the one ``pondside replay`` reads), once the match is over."""
    if table.match is None or table.data.status != "over":
        raise HTTPException(409, _("the record is shown once the match is over"))
    seats = table.data.seats
    # A guest who resigned stays the seat's player (bots: None); the actions the bot played
    # for them are told apart in the replay (``by.how``), and the record replays the same.
    return table.match.record(
        [s.name or (f"{s.bot} bot" if s.bot else None) for s in seats],
        [None if s.player_id else s.bot for s in seats],
    )


def _peers(store: Store, settings: Settings) -> Peers:
    """The other processes of this server: none, or those on the Redis it was told to use."""
    if not settings.redis_url:
        return Alone()
    from .cluster import RedisPeers  # needs the redis package, only then

    return RedisPeers(settings.redis_url, store, settings)


def create_app(settings: Settings) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.database_url, stall_seconds=2 * settings.lease_seconds)
        hub = Hub(store, settings, _peers(store, settings))
        restored = await hub.startup()
        # Python's collector scans every live object in a full collection: with thousands of
        # sockets and tables that is half a second of a stopped event loop, several times a
        # minute when many tables start together (measured: docs/benchmarks.md). What the start
        # made is frozen out of its sight, and so is what survives each later pass
        # (collector.py); the young objects are collected rarely (``GC_YOUNG``): nothing of a
        # finished table or a closed connection waits for the collector
        # (tests/server/test_collector.py), so rarely costs no memory.
        collector = Collector(settings.gc_young or GC_YOUNG, survivors=settings.gc_freeze)
        collector.start()
        if restored:
            log.info("restored %d tables", restored)
        app.state.hub = hub
        app.state.traffic = Traffic(settings)
        sweeper = asyncio.create_task(leaving.keep_sweeping(hub))  # abandoned matches
        passes = asyncio.create_task(collector.keep_collecting())
        try:
            yield
        finally:  # the process's collector as it was, for whatever runs in it next (tests)
            passes.cancel()
            collector.stop()
        sweeper.cancel()
        await hub.close()
        store.close()

    app = FastAPI(
        title="Pondside",
        summary="The online card table: lobby, tables and the WebSocket of each table.",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        # No redirect from "/api/tables/" to "/api/tables": its Location would be built from
        # the request's Host header (a 307 to any site); an unknown path is a plain 404.
        redirect_slashes=False,
    )
    app.state.kept = Kept()  # caches and rate windows: this application's own

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> Response:
        # Every error is JSON in ASCII, as docs/server.md says (Starlette's own would carry
        # raw UTF-8, and a detail may quote the input).
        # Starlette's own detail (its 404 and 405: the reason phrase) in the asker's language.
        detail = said_detail(exc.status_code, exc.detail)
        body = json.dumps({"detail": detail}, ensure_ascii=True)
        return Response(
            body, status_code=exc.status_code, media_type="application/json", headers=exc.headers
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> Response:
        # FastAPI's own answer, its messages in the asker's language (problems.py), and in
        # ASCII JSON: it echoes the invalid input, and a lone surrogate ("\ud800", valid JSON)
        # cannot be encoded as UTF-8 (a 500 otherwise).
        detail = said_invalid(exc.errors())
        body = json.dumps({"detail": jsonable_encoder(detail)}, ensure_ascii=True)
        return Response(body, status_code=422, media_type="application/json")

    @app.exception_handler(PondsideError)
    async def refused(_request: Request, exc: PondsideError) -> Response:
        # ASCII JSON too: a message may quote the input (an uploaded record's "\ud800"), and
        # a lone surrogate cannot be encoded as UTF-8.
        status = exc.status if isinstance(exc, Refused) else 400
        body = json.dumps({"detail": str(exc)}, ensure_ascii=True)
        return Response(body, status_code=status, media_type="application/json")

    @app.exception_handler(OperationalError)
    @app.exception_handler(PoolTimeout)
    async def database_busy(request: Request, exc: Exception) -> Response:
        # A database busy for now (SQLite's lock held by another writer past its timeout, many
        # tables at once under load) is not a fault: the asker is told to try again and when.
        # Anything else is ours, a 500 with its traceback in the log.
        if not busy(exc):
            raise exc
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        log.warning("%s %s: the database is busy: %s", request.method, request.url.path, first)
        said = _("the server is busy; try again in a moment")
        return Response(
            json.dumps({"detail": said}, ensure_ascii=True),
            status_code=503,
            media_type="application/json",
            headers={"Retry-After": str(RETRY_AFTER_BUSY)},
        )

    # The table's WebSocket first: a connection is matched against the routes in order, and
    # behind the pages and the API a tenth of a socket's connecting was the matching.
    app.include_router(sockets_router)
    app.include_router(pages)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    app.include_router(rules_router)  # /rules, /rules/<slug>, /api/rules/<slug>
    app.include_router(api)
    # Replays, uploaded records, match history and the leaderboard.
    app.include_router(replays_router)
    app.include_router(daily_router)  # the deal of the day
    app.include_router(puzzles_router)  # puzzles from guests' mistakes
    app.include_router(tutorials_router)  # a coached first deal of each game
    _describe_errors(app)
    app.add_middleware(Language)  # every answer in its person's language
    return app


RETRY_AFTER_BUSY = 2
"""Seconds a request that found the database busy is asked to wait (its Retry-After): longer
than most lock holds, short enough that a person does not give up."""

# What each operation may answer besides its success and FastAPI's own 422, so that the
# OpenAPI description is true (tests/server/test_fuzz_http.py holds the server to it). Every
# POST may be refused (403) as a request from another site's page; every operation may find
# the database busy (503, added to each below).
ERRORS: dict[tuple[str, str], tuple[int, ...]] = {
    ("POST", "/api/guest"): (400, 403, 429),
    ("POST", "/api/tables"): (400, 401, 403, 429),
    ("GET", "/api/tables/{table_id}"): (404,),
    ("POST", "/api/tables/{table_id}/seats/{seat}"): (400, 401, 403, 404, 409),
    ("POST", "/api/tables/{table_id}/start"): (401, 403, 404, 409),
    ("POST", "/api/tables/{table_id}/resign"): (401, 403, 404, 409),
    ("POST", "/api/tables/{table_id}/again"): (401, 403, 404, 409),
    ("POST", "/api/tables/{table_id}/deal"): (400, 401, 403, 404, 409, 429),
    ("GET", "/api/daily/{game}"): (404,),
    ("POST", "/api/daily/{game}"): (401, 403, 404, 409),
    ("POST", "/api/tutorials/{game}"): (401, 403, 404),
    ("GET", "/api/puzzles"): (401,),
    ("GET", "/api/puzzles/{puzzle_id}"): (404,),
    ("GET", "/api/puzzles/{puzzle_id}/answer"): (400, 404),
    ("GET", "/api/puzzles/{puzzle_id}/frame"): (404,),
    ("GET", "/api/puzzles/daily/{game}"): (404,),
    ("GET", "/api/tables/{table_id}/record"): (404, 409),
    ("GET", "/api/rules/{slug}"): (404,),
    ("GET", "/api/replays/{replay_id}"): (404, 409, 410, 429),
    ("GET", "/api/replays/{replay_id}/analysis"): (400, 404, 409, 410, 413, 429, 503),
    ("POST", "/api/records"): (400, 401, 403, 413, 429, 503),
    ("GET", "/api/records/{record_id}"): (404,),
    ("GET", "/api/players/me/matches"): (401,),
    ("GET", "/api/leaderboard/{game}"): (404,),
}
MEANING = {
    400: "Refused: the detail says what was expected.",
    401: "No guest yet: choose a name first (POST /api/guest).",
    403: "Not allowed: a request from another site's page, or not yours to do.",
    404: "There is no such table, seat, record, game or rulebook.",
    409: "Not now: the table or match is not in the state this needs.",
    410: "Gone: this version of Pondside cannot replay it (the record can be downloaded).",
    413: "Too large.",
    429: "Too many lately: wait a while.",
    503: "Busy: the server takes no more of these for now, or its database is busy; try again"
    " later (after the Retry-After header's seconds, where it has one).",
}
PROBLEM = {
    "type": "object",
    "properties": {"detail": {"type": "string"}},
    "required": ["detail"],
}


def api_routes(routes: Any) -> list[APIRoute]:
    """The API's routes, those of included routers too (FastAPI keeps those apart; the
    routers here add no prefix)."""
    found: list[APIRoute] = []
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:
            found += api_routes(inner.routes)
        elif isinstance(route, APIRoute):
            found.append(route)
    return found


def _describe_errors(app: FastAPI) -> None:
    for route in api_routes(app.routes):
        if not route.include_in_schema:
            continue
        for method in route.methods or ():
            for code in sorted({*ERRORS.get((method, route.path), ()), 503}):
                route.responses.setdefault(
                    code,
                    {
                        "description": MEANING[code],
                        "content": {"application/json": {"schema": PROBLEM}},
                    },
                )


GUESTS_PER_ADDRESS = 300
DEALS_PER_HOUR = 20  # "Play this deal", per guest


async def _call(fn: Any, *args: Any) -> Any:
    return await asyncio.to_thread(fn, *args)


class Stopped(Exception):
    """The server was asked to stop (SIGTERM, as a service manager stops it) and has shut down:
    the command ends as after a Ctrl-C, its ``finally`` blocks and exit handlers run."""


def _stopped(signum: int, frame: object) -> None:
    raise Stopped(signum)


LOOP = "pondside.server.loop:new_event_loop"
"""uvicorn's event loop: asyncio's, whose transports leave no reference cycle (loop.py)."""


def serve(
    settings: Settings, host: str, port: int, announce: Any = print, reuse_port: bool = False
) -> None:
    """Run the server until interrupted; ``announce`` is told the address once it listens.
    With ``reuse_port``, several processes listen on one address and the kernel shares the
    connections out among them (SO_REUSEPORT)."""
    import socket

    import uvicorn

    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if reuse_port:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError:
        sock.close()  # a port in use: the caller says so in one line
        raise
    bound = sock.getsockname()[1]
    config = uvicorn.Config(
        create_app(settings),
        log_level="warning",
        ws="websockets-sansio",
        loop=LOOP,
        ws_max_size=1 << 20,
        ws_per_message_deflate=settings.compress,
        ws_ping_interval=settings.ping_interval,
        ws_ping_timeout=settings.ping_interval,
        lifespan="on",
        proxy_headers=True,
    )
    server = uvicorn.Server(config)
    shown = f"[{host}]" if ":" in host else host
    announce(f"http://{shown}:{bound}/")
    # uvicorn shuts down on a SIGTERM, then raises it again with the handler it found: the
    # default one ended the process at once, skipping the exit handlers, among them
    # multiprocessing's, which give back the search pool's semaphores whatever the collector
    # had reached (otherwise its resource tracker warned of them as leaked).
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _stopped) if main else None
    try:
        server.run(sockets=[sock])
    finally:
        if main:
            signal.signal(signal.SIGTERM, previous)


__all__ = [
    "LOOP",
    "ClientMessage",
    "Stopped",
    "Traffic",
    "Window",
    "api_routes",
    "create_app",
    "serve",
]
