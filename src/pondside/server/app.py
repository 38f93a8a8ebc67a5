"""The web application: the HTTP API of the lobby, one WebSocket per client, the pages.

A guest is known by a random secret in an HttpOnly cookie (only its hash is stored). Every
state-changing request and every WebSocket must come from this server's own pages (the
Origin check), and every client message is validated before anything reads it.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import ipaddress
import json
import logging
import re
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from fastapi import Depends, FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.requests import HTTPConnection
from fastapi.responses import FileResponse, Response
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from pondside.bots.levels import LEVEL_NAMES, LEVELS
from pondside.engine import IllegalAction, PondsideError
from pondside.games import get_game

from .db import Store, hash_secret
from .gamefacts import game_facts
from .hub import LIMITS, Client, Guest, Hub, LiveTable, Refused, check_name
from .rules_pages import router as rules_router
from .settings import EXPERT_FACTOR, PROFILES, Settings

log = logging.getLogger("pondside.server")
COOKIE = "pondside_secret"
STATIC = resources.files("pondside.server").joinpath("static")


# --- client messages over the WebSocket ------------------------------------------------
class Act(BaseModel):
    """Take an action in the game's notation, e.g. ``play 37`` or ``take 2``."""

    model_config = ConfigDict(extra="forbid")
    op: Literal["act"]
    action: str = Field(max_length=64)
    seq: int | None = Field(default=None, ge=0, le=2**31)


class Sync(BaseModel):
    """Ask for the full frame again (after a gap in sequence numbers)."""

    model_config = ConfigDict(extra="forbid")
    op: Literal["sync"]


class Ping(BaseModel):
    model_config = ConfigDict(extra="forbid")
    op: Literal["ping"]


class AskHint(BaseModel):
    """Ask for a hint for one's own seat, on one's turn (answered to this client alone)."""

    model_config = ConfigDict(extra="forbid")
    op: Literal["hint"]


ClientMessage = TypeAdapter(Annotated[Act | Sync | Ping | AskHint, Field(discriminator="op")])
EXPECTED = (
    'a JSON object such as {"op": "act", "action": "play 37"}, {"op": "sync"} or {"op": "ping"}'
)


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


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def guest_of(request: Request) -> Guest | None:
    secret = request.cookies.get(COOKIE)
    if not secret or len(secret) > 200:
        return None
    return await _guest(hub_of(request), secret)


async def need_guest(guest: Annotated[Guest | None, Depends(guest_of)]) -> Guest:
    if guest is None:
        raise HTTPException(401, "choose a name first (POST /api/guest)")
    return guest


def same_origin(request: Request) -> None:
    """Cross-site requests are refused: a page elsewhere cannot act for a guest."""
    if not _same_origin(request.headers.get("origin"), request.headers.get("host")):
        raise HTTPException(403, "requests must come from this server's own pages")


TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


async def table_of(table_id: str, request: Request) -> AsyncIterator[LiveTable]:
    """The table a route names; after the request, a finished table nobody watches leaves
    memory again (a request for the record or the next match reads it from the database: kept,
    every finished table would stay)."""
    # Only the characters of our ids reach the database (PostgreSQL refuses a NUL, say).
    if not TABLE_ID.fullmatch(table_id):
        raise HTTPException(404, "there is no such table; check the link")
    hub = hub_of(request)
    table = await hub.table(table_id)
    try:
        yield table
    finally:
        hub.forget_if_idle(table)


def create_app(settings: Settings) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.database_url)
        hub = Hub(store, settings)
        restored = await hub.startup()
        # Python's collector scans every live object in a full collection: with thousands of
        # sockets and tables that is half a second of a stopped event loop, several times a
        # minute when many tables start together (measured: docs/benchmarks.md). What the start
        # made (modules, the app, restored tables) is frozen out of its sight. Collecting more
        # rarely (``gc_young``) cuts those pauses, but lets the reference cycles of finished
        # matches pile up: Python's own thresholds unless the deployment chooses.
        gc.collect()
        gc.freeze()
        if settings.gc_young is not None:
            gc.set_threshold(settings.gc_young, 10, 10)
        if restored:
            log.info("restored %d tables", restored)
        app.state.hub = hub
        app.state.traffic = Traffic(settings)
        yield
        await hub.close()
        store.close()

    app = FastAPI(
        title="Pondside",
        summary="The online card table: lobby, tables and the WebSocket of each table.",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> Response:
        # FastAPI's own answer, but in ASCII JSON: it echoes the invalid input, and a lone
        # surrogate ("\ud800", valid JSON) cannot be encoded as UTF-8 (a 500 otherwise).
        body = json.dumps({"detail": jsonable_encoder(exc.errors())}, ensure_ascii=True)
        return Response(body, status_code=422, media_type="application/json")

    @app.exception_handler(PondsideError)
    async def refused(_request: Request, exc: PondsideError) -> Response:
        # ASCII JSON too: a message may quote the input (an uploaded record's "\ud800"), and
        # a lone surrogate cannot be encoded as UTF-8.
        status = exc.status if isinstance(exc, Refused) else 400
        body = json.dumps({"detail": str(exc)}, ensure_ascii=True)
        return Response(body, status_code=status, media_type="application/json")

    # --- pages --------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby_page() -> Response:
        return _page("index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str, request: Request) -> Response:
        # Every game shares one frame around the game's own module. An unknown table gets the
        # frame too, which says so.
        try:
            table = await hub_of(request).table(table_id) if TABLE_ID.fullmatch(table_id) else None
        except Refused:
            table = None
        if table is None:
            return _page("game.html")
        hub_of(request).forget_if_idle(table)
        return _page("game.html")

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    app.include_router(rules_router)  # /rules, /rules/<slug>, /api/rules/<slug>

    # --- the API ------------------------------------------------------------------------
    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        """The games that can be played online, their options, bot levels and time profiles."""
        out = [game_facts(get_game(slug), LIMITS) for slug in settings.games]
        return {
            "games": out,
            "levels": [{"id": lv, "name": LEVEL_NAMES[lv]} for lv in LEVELS],
            "profiles": [{"id": p, "seconds": s} for p, s in PROFILES.items()],
            "expert_factor": EXPERT_FACTOR,
        }

    @app.get("/api/me")
    async def me(guest: Annotated[Guest | None, Depends(guest_of)]) -> dict[str, Any]:
        """Who this browser is, or ``{"name": null}`` before a name was chosen."""
        return {"name": None if guest is None else guest.name}

    @app.post("/api/guest", dependencies=[Depends(same_origin)])
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
            _GUESTS.clear()
            return {"name": name}
        # A guest costs nothing to make, so what is limited per guest (uploads, tables) is
        # limited per address too: guests are made at a bounded rate from one address.
        if not GUEST_MAKERS.allow(client_address(request), GUESTS_PER_ADDRESS, 3600):
            raise Refused(
                "too many new names from your address in the last hour: wait a while", 429
            )
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

    @app.get("/api/tables")
    async def tables(
        request: Request, guest: Annotated[Guest | None, Depends(guest_of)]
    ) -> dict[str, Any]:
        """Listed tables that are open or being played and this guest's own, theirs first,
        each with ``you``: the guest's seat there, or null."""
        return {"tables": await hub_of(request).lobby(guest)}

    @app.post("/api/tables", dependencies=[Depends(same_origin)], status_code=201)
    async def create_table(
        body: TableIn, request: Request, guest: Annotated[Guest, Depends(need_guest)]
    ) -> dict[str, Any]:
        """Open a table; its creator takes seat 0 and may seat bots and start it."""
        hub = hub_of(request)
        table = await hub.create(
            guest, body.game, body.players, dict(body.options), body.profile, body.listed, body.seed
        )
        return hub.summary(table)

    @app.get("/api/tables/{table_id}")
    async def table_info(
        table: Annotated[LiveTable, Depends(table_of)], request: Request
    ) -> dict[str, Any]:
        return hub_of(request).summary(table)

    @app.post("/api/tables/{table_id}/seats/{seat}", dependencies=[Depends(same_origin)])
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

    @app.post("/api/tables/{table_id}/start", dependencies=[Depends(same_origin)])
    async def start(
        request: Request,
        table: Annotated[LiveTable, Depends(table_of)],
        guest: Annotated[Guest, Depends(need_guest)],
    ) -> dict[str, Any]:
        hub = hub_of(request)
        await hub.start(table, guest)
        return hub.summary(table)

    @app.post("/api/tables/{table_id}/again", dependencies=[Depends(same_origin)])
    async def again(
        request: Request,
        table: Annotated[LiveTable, Depends(table_of)],
        guest: Annotated[Guest, Depends(need_guest)],
    ) -> dict[str, Any]:
        """The next match with the same people and bots: a new table, returned."""
        hub = hub_of(request)
        return hub.summary(await hub.again(table, guest))

    @app.get("/api/tables/{table_id}/record")
    async def record(table: Annotated[LiveTable, Depends(table_of)]) -> dict[str, Any]:
        """The match record (the one ``pondside replay`` reads), once the match is over."""
        if table.match is None or table.data.status != "over":
            raise HTTPException(409, "the record is shown once the match is over")
        seats = table.data.seats
        return table.match.record(
            [s.name or (f"{s.bot} bot" if s.bot else None) for s in seats],
            [s.bot or None for s in seats],
        )

    # Replays, uploaded records, match history and the leaderboard (imported here: that
    # module builds on this one's dependencies).
    from .replays import router as replays_router

    app.include_router(replays_router)
    _describe_errors(app)

    # --- the WebSocket of a table -------------------------------------------------------
    @app.websocket("/ws/tables/{table_id}")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        hub: Hub = websocket.app.state.hub
        traffic: Traffic = websocket.app.state.traffic
        address = client_address(websocket)
        origin_ok = _same_origin(websocket.headers.get("origin"), websocket.headers.get("host"))
        secret = websocket.cookies.get(COOKIE)
        guest = await _guest(hub, secret) if secret and len(secret) <= 200 else None
        if not origin_ok:
            # Refused at the handshake (HTTP 403): a page of another site gets nothing.
            await websocket.close(code=4403)
            return
        table = None
        if TABLE_ID.fullmatch(table_id):
            with contextlib.suppress(Refused):
                table = await hub.table(table_id)
        await websocket.accept()
        if table is None:
            # Accepted first so that the page hears why (4404) and stops reconnecting.
            await websocket.close(code=4404, reason="there is no such table; check the link")
            return
        if sum(1 for c in table.clients if c.seat is None) >= hub.settings.max_spectators:
            await websocket.close(code=4429, reason="this table has as many watchers as it takes")
            return
        if not traffic.enter(address):
            await websocket.close(code=4429, reason="too many connections from your address")
            return
        # The table may have left memory while this socket was accepted (its last client went
        # just then): it is put back, or the one read since is used, so that this client is
        # on the table the hub keeps and hears its news.
        table = hub.tables.setdefault(table.data.id, table)
        client = Client(send=websocket.send_text, seat=table.seat_of(guest), player=guest)
        table.clients.add(client)
        pump = asyncio.create_task(client.pump())
        serving = asyncio.create_task(_serve(hub, table, client, websocket, traffic, address))
        dropped = asyncio.create_task(client.dropped.wait())
        try:
            client.post(hub.welcome(table, client))
            hub.presence(table)
            await asyncio.wait({serving, dropped}, return_when=asyncio.FIRST_COMPLETED)
            if client.dropped.is_set():
                # Too far behind (its frames would be stale anyway): close, so that it
                # reconnects and starts again from a welcome. A socket that takes nothing
                # cannot take a close frame either: then uvicorn closes it once we return.
                serving.cancel()
                pump.cancel()
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(
                        websocket.close(1013, "too far behind: reconnect to catch up"), 1.0
                    )
        finally:
            traffic.leave(address)
            client.close()
            table.clients.discard(client)
            for task in (pump, serving, dropped):
                task.cancel()
            # Its end (a disconnect, most often) is retrieved here, not logged as unhandled.
            for task in (serving, pump, dropped):
                with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect):
                    await task
            hub.presence(table)
            hub.forget_if_idle(table)

    return app


# What each operation may answer besides its success and FastAPI's own 422, so that the
# OpenAPI description is true (tests/server/test_fuzz_http.py holds the server to it). Every
# POST may be refused (403) as a request from another site's page.
ERRORS: dict[tuple[str, str], tuple[int, ...]] = {
    ("POST", "/api/guest"): (400, 403, 429),
    ("POST", "/api/tables"): (400, 401, 403, 429),
    ("GET", "/api/tables/{table_id}"): (404,),
    ("POST", "/api/tables/{table_id}/seats/{seat}"): (400, 401, 403, 404, 409),
    ("POST", "/api/tables/{table_id}/start"): (401, 403, 404, 409),
    ("POST", "/api/tables/{table_id}/again"): (401, 403, 404, 409),
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
    503: "The server takes no more of these for now.",
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
            for code in ERRORS.get((method, route.path), ()):
                route.responses.setdefault(
                    code,
                    {
                        "description": MEANING[code],
                        "content": {"application/json": {"schema": PROBLEM}},
                    },
                )


async def _serve(
    hub: Hub,
    table: LiveTable,
    client: Client,
    websocket: WebSocket,
    traffic: Traffic,
    address: str,
) -> None:
    """Read one client's messages until it goes; every bad one gets an error, nothing more."""
    settings = hub.settings
    allowance, last = float(settings.message_burst), time.monotonic()
    while not client.closed:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if text is None:
            raw = message.get("bytes") or b""
            text = (
                raw.decode("utf-8", "replace") if len(raw) <= settings.max_message_bytes else None
            )
        now = time.monotonic()
        allowance = min(
            settings.message_burst, allowance + (now - last) * settings.messages_per_second
        )
        last = now
        if allowance < 1:
            client.post(hub.error(table, "too many messages: wait a moment"))
            continue
        allowance -= 1
        if not traffic.allow(address):
            client.post(hub.error(table, "too many messages from your address: wait a moment"))
            continue
        if text is None or len(text.encode("utf-8", "surrogatepass")) > settings.max_message_bytes:
            client.post(
                hub.error(table, f"a message is at most {settings.max_message_bytes} bytes")
            )
            continue
        try:
            msg = ClientMessage.validate_json(text)
        except ValidationError:
            client.post(hub.error(table, f"message not understood: expected {EXPECTED}"))
            continue
        if isinstance(msg, Ping):
            client.post(json.dumps({"type": "pong", "seq": table.data.seq}))
        elif isinstance(msg, AskHint):
            # Worked out in the background: the client can act (or ask for a sync) meanwhile.
            hub.later(_hint(hub, table, client))
        elif isinstance(msg, Sync):
            # Seats may have changed hands (a join by another tab): look again.
            client.seat = table.seat_of(client.player)
            client.post(hub.welcome(table, client))
        else:
            # Shielded: a client dropped meanwhile (its reading cancelled) must not cancel an
            # action whose commit is under way; it completes and is told to everyone.
            await asyncio.shield(_act(hub, table, client, msg))


async def _act(hub: Hub, table: LiveTable, client: Client, msg: Act) -> None:
    seat = table.seat_of(client.player)
    if seat is None:
        client.post(hub.error(table, "only a seated player can act; spectators watch"))
        return
    try:
        await hub.act(table, seat, msg.action)
    except IllegalAction as exc:
        client.post(hub.error(table, str(exc), exc.rule))
    except Refused as exc:
        client.post(hub.error(table, str(exc), exc.rule))


async def _hint(hub: Hub, table: LiveTable, client: Client) -> None:
    try:
        client.post(json.dumps(await hub.hint(table, client)))
    except Refused as exc:
        client.post(hub.error(table, str(exc), exc.rule, about="hint"))
    except Exception:  # a fault of ours: said to the client, and logged
        log.exception("table %s: a hint failed", table.data.id)
        client.post(hub.error(table, "the hint could not be worked out; try again", about="hint"))


class Window:
    """How often each key (a client's address, a guest) did something lately: a sliding
    window per key. Bounded: past ``keys`` keys, the one heard from least recently is
    forgotten (never all at once, which would reset everybody's limit)."""

    def __init__(self, keys: int = 10_000) -> None:
        self.keys = keys
        self.times: OrderedDict[str, deque[float]] = OrderedDict()

    def count(self, key: str, seconds: float) -> int:
        """How many times ``key`` did it in the last ``seconds``."""
        times = self.times.get(key)
        if times is None:
            return 0
        since = time.monotonic() - seconds
        while times and times[0] <= since:
            times.popleft()
        return len(times)

    def note(self, key: str) -> None:
        times = self.times.get(key)
        if times is None:
            times = self.times[key] = deque()
        self.times.move_to_end(key)
        times.append(time.monotonic())
        while len(self.times) > self.keys:
            self.times.popitem(last=False)

    def allow(self, key: str, most: int, seconds: float) -> bool:
        """Note one more time for ``key`` unless it did it ``most`` times in ``seconds``."""
        if self.count(key, seconds) >= most:
            return False
        self.note(key)
        return True


class Traffic:
    """The WebSockets open from each client address and how fast they talk together: one
    address holds at most so many sockets, and its sockets share a budget of messages (a token
    bucket per address, besides each socket's own), so opening more sockets buys no more.

    Loopback is not counted: it is this machine (``pondside loadtest`` opens thousands of
    sockets from it), and behind a proxy the real address comes from its forwarded header."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.open: dict[str, int] = {}
        self.budget: dict[str, tuple[float, float]] = {}  # address -> (allowance, when)

    @staticmethod
    def counted(address: str) -> bool:
        with contextlib.suppress(ValueError):
            return not ipaddress.ip_network(address, strict=False).network_address.is_loopback
        return True

    def enter(self, address: str) -> bool:
        """One more socket from ``address``, unless it has as many as it may."""
        if not self.counted(address):
            return True
        held = self.open.get(address, 0)
        if held >= self.settings.sockets_per_address:
            return False
        self.open[address] = held + 1
        return True

    def leave(self, address: str) -> None:
        if address not in self.open:
            return
        self.open[address] -= 1
        if self.open[address] <= 0:  # its last socket: forget it (memory stays bounded)
            del self.open[address]
            self.budget.pop(address, None)

    def allow(self, address: str) -> bool:
        """One more message from ``address``, unless its sockets together sent too many."""
        if address not in self.open:
            return True
        rate, burst = self.settings.address_messages_per_second, self.settings.address_message_burst
        now = time.monotonic()
        allowance, then = self.budget.get(address, (float(burst), now))
        allowance = min(burst, allowance + (now - then) * rate)
        allowed = allowance >= 1
        self.budget[address] = (allowance - 1 if allowed else allowance, now)
        return allowed


# New guests per client address per hour: generous (a classroom behind one address), but a
# script cannot make guests without end to get around the limits of each guest.
GUESTS_PER_ADDRESS = 300
GUEST_MAKERS = Window()


def client_address(request: HTTPConnection) -> str:
    """The client's address for the limits (behind a proxy, uvicorn's proxy_headers make it the
    real one). An IPv6 client counts by its /64 network: one home or phone has a whole /64 to
    pick addresses from.

    >>> from types import SimpleNamespace as N
    >>> client_address(N(client=N(host="2001:db8::1:2")))  # type: ignore[arg-type]
    '2001:db8::/64'
    """
    host = request.client.host if request.client else "unknown"
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:  # an IPv4 client of a dual-stack socket
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return host


# Guests looked up by their secret's SHA-256, kept briefly: a page opens several requests at
# once. Keyed by the hash, never the secret: how long a lookup takes then tells nothing about
# the secret (no one can choose the bytes of a hash), as with the database's index.
_GUESTS: dict[str, tuple[float, Guest | None]] = {}


async def _guest(hub: Hub, secret: str) -> Guest | None:
    key = hash_secret(secret)
    hit = _GUESTS.get(key)
    if hit is not None and hit[0] > time.monotonic():
        return hit[1]
    found = await _call(hub.store.player_by_secret, secret)
    guest = None if found is None else Guest(*found)
    if len(_GUESTS) > 10_000:
        _GUESTS.clear()
    _GUESTS[key] = (time.monotonic() + 30.0, guest)
    return guest


async def _call(fn: Any, *args: Any) -> Any:
    return await asyncio.to_thread(fn, *args)


def _same_origin(origin: str | None, host: str | None) -> bool:
    """No Origin (a program, not a browser page) or this very host."""
    if origin is None:
        return True
    return host is not None and urlsplit(origin).netloc == host


def _page(name: str) -> Response:
    path = STATIC.joinpath(name)
    return FileResponse(str(path), headers={"Cache-Control": "no-cache"})


def serve(
    settings: Settings, host: str, port: int, announce: Any = print, reuse_port: bool = False
) -> None:
    """Run the server until interrupted; ``announce`` is told the address once it listens.
    With ``reuse_port``, several processes listen on one address and the kernel shares the
    connections out among them (SO_REUSEPORT)."""
    import socket

    import uvicorn

    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(2048)
    bound = sock.getsockname()[1]
    config = uvicorn.Config(
        create_app(settings),
        log_level="warning",
        ws="websockets-sansio",
        ws_max_size=1 << 20,
        ws_ping_interval=settings.ping_interval,
        ws_ping_timeout=settings.ping_interval,
        lifespan="on",
        proxy_headers=True,
    )
    server = uvicorn.Server(config)
    shown = f"[{host}]" if ":" in host else host
    announce(f"http://{shown}:{bound}/")
    server.run(sockets=[sock])
