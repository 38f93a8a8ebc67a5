"""What one client can cost the server: new guests, uploads and replay builds are bounded per
client address (guests are free to make, so a limit per guest alone is none), uploads in all,
and a replay asked for by many at once is built once, a few builds at a time.

These drive the application in this process (httpx's ASGI transport, one client address per
transport), with the limits made small."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from pondside.server import app as app_module
from pondside.server import replays
from pondside.server.app import Window, create_app
from pondside.server.hub import Refused
from pondside.server.settings import Settings
from tablesock import run

SMALL = {"game": "ladders", "players": 2, "options": {"rounds": 1}, "seed": 3, "actions": []}
Open = Callable[[str], Awaitable[httpx.AsyncClient]]


@asynccontextmanager
async def served(tmp_path: Path) -> AsyncIterator[tuple[Any, Open]]:
    """The application and a way to open a client from an address, as a guest of that name."""
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'p.db'}", bot_delay=0))
    clients: list[httpx.AsyncClient] = []

    async def client(address: str) -> httpx.AsyncClient:
        transport = httpx.ASGITransport(app=app, client=(address, 40000))
        http = httpx.AsyncClient(transport=transport, base_url="http://testserver")
        clients.append(http)
        return http

    async with app.router.lifespan_context(app):
        try:
            yield app, client
        finally:
            for http in clients:
                await http.aclose()


async def guest(open_client: Open, address: str, name: str) -> httpx.AsyncClient:
    http = await open_client(address)
    r = await http.post("/api/guest", json={"name": name})
    assert r.status_code == 200, r.text
    return http


def test_new_guests_are_limited_per_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_module, "GUESTS_PER_ADDRESS", 3)

    async def go() -> None:
        async with served(tmp_path) as (_, open_client):
            here = [await open_client("10.0.0.1") for _ in range(4)]
            answers = [(await h.post("/api/guest", json={"name": "A"})).status_code for h in here]
            assert answers == [200, 200, 200, 429]
            r = await here[3].post("/api/guest", json={"name": "A"})
            assert "too many new names from your address" in r.json()["detail"]
            # A guest that has a name may change it; another address is not held back.
            assert (await here[0].post("/api/guest", json={"name": "B"})).status_code == 200
            elsewhere = await open_client("10.0.0.2")
            assert (await elsewhere.post("/api/guest", json={"name": "C"})).status_code == 200

    run(go())


def test_each_application_keeps_its_own_limits_and_caches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Caches and rate windows are the application's (``app.state.kept``), not the module's: a
    second application in the same process (a test, a restart in place) starts afresh."""
    monkeypatch.setattr(app_module, "GUESTS_PER_ADDRESS", 1)

    async def go() -> None:
        for _ in range(2):
            async with served(tmp_path) as (app, open_client):
                http = await open_client("10.0.0.1")
                assert (await http.post("/api/guest", json={"name": "A"})).status_code == 200
                assert app.state.kept.guest_makers.count("10.0.0.1", 3600) == 1

    run(go())


def test_uploads_are_limited_per_address_and_in_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(replays, "UPLOADS_PER_ADDRESS", 2)
    monkeypatch.setattr(replays, "UPLOADS_PER_HOUR_IN_ALL", 3)

    async def go() -> None:
        async with served(tmp_path) as (_, open_client):
            body = json.dumps(SMALL)
            # Three guests of one address: the third upload is one too many for the address.
            here = [await guest(open_client, "10.0.0.1", f"G{i}") for i in range(3)]
            answers = [(await h.post("/api/records", content=body)) for h in here]
            assert [r.status_code for r in answers] == [201, 201, 429]
            assert "uploaded from your address" in answers[2].json()["detail"]
            # Another address may, until the server's own hourly cap.
            there = await guest(open_client, "10.0.0.2", "H")
            assert (await there.post("/api/records", content=body)).status_code == 201
            r = await there.post("/api/records", content=body)
            assert r.status_code == 503
            assert "no more uploads this hour" in r.json()["detail"]

    run(go())


def test_the_limits_forget_the_longest_quiet_first() -> None:
    window = Window(keys=3)
    for key in ("a", "b", "c", "a", "d"):
        window.note(key)
    # "b" was the quietest: forgotten; "a" (heard from again) is kept with both its times.
    assert [window.count(k, 60) for k in "abcd"] == [2, 0, 1, 1]
    assert window.allow("a", 3, 60) and not window.allow("a", 3, 60)


def test_an_error_that_quotes_a_lone_surrogate_is_answered_in_ascii_json(
    tmp_path: Path,
) -> None:
    async def go() -> None:
        async with served(tmp_path) as (app, open_client):

            async def refuse() -> None:
                raise Refused("not a card: \ud800", 400)

            app.add_api_route("/test/refuse", refuse)
            r = await (await open_client("10.0.0.1")).get("/test/refuse")
            assert r.status_code == 400
            assert b"\\ud800" in r.content  # escaped, not an encoding error (a 500)
            assert r.json() == {"detail": "not a card: \ud800"}

    run(go())


def test_a_replay_asked_for_at_once_is_built_once_and_builds_are_few_and_limited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int | None] = []
    running, most = 0, 0
    lock = threading.Lock()
    real = replays.frames

    def slow_frames(*args: Any, **kwargs: Any) -> dict[str, Any]:
        nonlocal running, most
        with lock:
            calls.append(args[1])
            running += 1
            most = max(most, running)
        time.sleep(0.1)
        with lock:
            running -= 1
        return real(*args, **kwargs)

    monkeypatch.setattr(replays, "frames", slow_frames)
    monkeypatch.setattr(replays, "BUILDS_PER_MINUTE", 3)
    monkeypatch.setattr(replays, "BUILDS_AT_ONCE", 2)

    async def go() -> None:
        async with served(tmp_path) as (_, open_client):
            uploader = await guest(open_client, "10.0.0.1", "Ann")
            link = (await uploader.post("/api/records", content=json.dumps(SMALL))).json()["id"]
            url = f"/api/replays/{link}"
            # Twelve at once for one replay: one build; its bytes for each of them.
            viewers = [await open_client(f"10.0.1.{i}") for i in range(12)]
            same = await asyncio.gather(*(v.get(url, params={"seat": 0}) for v in viewers))
            assert {r.status_code for r in same} == {200} and len({r.content for r in same}) == 1
            assert calls == [0]
            # Three builds at once (two seats, another record): never more than
            # BUILDS_AT_ONCE together.
            calls.clear()
            other = (await uploader.post("/api/records", content=json.dumps(SMALL))).json()["id"]
            here = await open_client("10.0.2.1")
            three = await asyncio.gather(
                here.get(url, params={"seat": 1}),
                here.get(url),
                here.get(f"/api/replays/{other}"),
            )
            assert {r.status_code for r in three} == {200}
            assert len(calls) == 3 and most == replays.BUILDS_AT_ONCE
            # A fourth build from that address in the minute is one too many (cycling seats to
            # get past the cache); what is built is still given.
            r = await here.get(url, params={"seat": 0})
            assert r.status_code == 200  # built already: free
            r = await here.get(url, params={"seat": 2})
            assert r.status_code == 429 and "too many replays" in r.json()["detail"]

    run(go())
