"""What the server's routers share: who is asking (the guest of a cookie, the client's
address), whether a request comes from this server's own pages, the hub, rate windows, what the
routers keep between requests (``Kept``, on the application's state), pages.

Every router module (app.py's, replays.py, rules_pages.py) imports these from here, and none
imports another router module.
"""

from __future__ import annotations

import asyncio
import datetime
import ipaddress
import re
import time
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import parse_qs, urlsplit

from fastapi import Depends, HTTPException, Request
from fastapi.requests import HTTPConnection
from fastapi.responses import Response
from starlette.datastructures import Headers
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Receive, Scope, Send

from pondside import i18n

from .db import hash_secret
from .hub import Guest, Hub
from .pagewords import translated_page

COOKIE = "pondside_secret"
STATIC = resources.files("pondside.server").joinpath("static")


def hub_of(request: HTTPConnection) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def kept_of(request: HTTPConnection) -> Kept:
    """What this application's routers keep between requests."""
    kept: Kept = request.app.state.kept
    return kept


async def guest_of(request: Request) -> Guest | None:
    secret = request.cookies.get(COOKIE)
    if not secret or len(secret) > 200:
        return None
    return await guest_by_secret(request, secret)


async def need_guest(guest: Annotated[Guest | None, Depends(guest_of)]) -> Guest:
    if guest is None:
        raise HTTPException(401, i18n._("choose a name first (POST /api/guest)"))
    return guest


def same_origin(request: Request) -> None:
    """Cross-site requests are refused: a page elsewhere cannot act for a guest."""
    if not from_this_site(request.headers.get("origin"), request.headers.get("host")):
        raise HTTPException(403, i18n._("requests must come from this server's own pages"))


TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


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


@dataclass(eq=False)
class Kept:
    """What the routers keep between requests, one per application (``app.state.kept``): two
    applications in one process (tests, a restart in place) share no cache and no limit."""

    # Guests looked up by their secret's SHA-256, kept briefly: a page opens several requests
    # at once. Keyed by the hash, never the secret: how long a lookup takes then tells nothing
    # about the secret (no one can choose the bytes of a hash), as with the database's index.
    guests: dict[str, tuple[float, Guest | None]] = field(default_factory=dict)
    guest_makers: Window = field(default_factory=Window)  # new names per address
    deals: Window = field(default_factory=Window)  # deals played again, per guest
    # Replays (replays.py): built frames, gzipped, least recently used first, and their size;
    # builds under way, shared by whoever asks meanwhile; one semaphore bounding builds (it
    # belongs to the event loop it was made in); per-address and per-guest windows.
    replays: OrderedDict[tuple[str, int | None, str], bytes] = field(default_factory=OrderedDict)
    replay_bytes: int = 0
    building: dict[tuple[str, int | None, str], asyncio.Future[bytes]] = field(default_factory=dict)
    builds: tuple[asyncio.AbstractEventLoop, asyncio.Semaphore] | None = None
    builders: Window = field(default_factory=Window)
    attempts: Window = field(default_factory=Window)
    uploaders: Window = field(default_factory=Window)
    # Analyses of a replay's seat: made ones (least recently used first), the one being made.
    analyses: OrderedDict[tuple[str, int], dict[str, Any]] = field(default_factory=OrderedDict)
    analysing: dict[tuple[str, int], asyncio.Future[dict[str, Any]]] = field(default_factory=dict)
    analysers: Window = field(default_factory=Window)
    # The bots' own results at each deal of the day (daily.py), by game and day.
    daily_baselines: dict[tuple[str, str], list[dict[str, Any]]] = field(default_factory=dict)


async def guest_by_secret(conn: HTTPConnection, secret: str) -> Guest | None:
    """The guest of a cookie's secret (None: no such guest), for a request or a socket."""
    guests = kept_of(conn).guests
    key = hash_secret(secret)
    hit = guests.get(key)
    if hit is not None and hit[0] > time.monotonic():
        return hit[1]
    found = await asyncio.to_thread(hub_of(conn).store.player_by_secret, secret)
    guest = None if found is None else Guest(*found)
    if len(guests) > 10_000:
        guests.clear()
    guests[key] = (time.monotonic() + 30.0, guest)
    return guest


def today() -> str:
    """The day of a deal or puzzle of the day, in UTC: the same day for every guest, wherever
    they are."""
    return datetime.datetime.now(datetime.UTC).date().isoformat()


def from_this_site(origin: str | None, host: str | None) -> bool:
    """No Origin (a program, not a browser page) or this very host."""
    if origin is None:
        return True
    return host is not None and urlsplit(origin).netloc == host


def page(name: str) -> Response:
    """A page of ``static/`` in the language of the request (``Language``): its words
    translated, the browser's catalog inside."""
    body = translated_page(Path(str(STATIC.joinpath(name))), i18n.current())
    return Response(body, media_type="text/html; charset=utf-8", headers=language_headers())


def language_headers() -> dict[str, str]:
    """The headers of an answer in the request's language: the same address answers in the
    language of its ?lang=, the cookie or the browser, so caches keep one per language."""
    locale = i18n.current()
    return {
        "Cache-Control": "no-cache",
        "Vary": "Accept-Language, Cookie",
        "Content-Language": i18n.DEFAULT if locale == i18n.PSEUDO else locale,
    }


class Language:
    """ASGI middleware: every request and WebSocket is answered in its person's language
    (``pondside.i18n.negotiate``: the page's own, sent as ``X-Pondside-Lang`` or ``?lang=``,
    else the switch's cookie, else the browser's ``Accept-Language``), for the whole of its
    handling (``i18n.using``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        # A page asks in its own language (the header on its API calls, ?lang= on its socket).
        asked = (
            headers.get("x-pondside-lang")
            or parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [None])[0]
        )
        chosen = asked if i18n.known(asked) else None
        if chosen is None:
            chosen = cookie_parser(headers.get("cookie", "")).get(i18n.COOKIE)
        locale = i18n.negotiate(headers.get("accept-language"), chosen)
        scope.setdefault("state", {})["locale"] = locale
        with i18n.using(locale):
            await self.app(scope, receive, send)
