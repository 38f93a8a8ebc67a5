"""Only this server's own pages may act for a guest: cross-origin WebSockets and POSTs are
refused, on every route that changes something, and no answer opens CORS. Names are plain text: the API returns exactly what was given (escaping is the
page's job)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from pondside.server.app import api_routes, create_app
from pondside.server.settings import Settings
from serverproc import GuestClient, ServerProcess
from tablesock import Sock, play_randomly, run, table_with

EVIL = "http://evil.example"


@pytest.mark.parametrize("origin", [EVIL, "null", "http://127.0.0.1.evil.example", "file://"])
def test_a_cross_origin_websocket_is_refused(shared_server: ServerProcess, origin: str) -> None:
    ann = GuestClient(shared_server, "Ann")
    table = table_with(shared_server, ann, [ann, "random"])

    async def main() -> None:
        with pytest.raises(InvalidStatus) as refused:
            await connect(
                f"{shared_server.ws_url}/ws/tables/{table}",
                additional_headers={**ann.socket_headers(), "Origin": origin},
            )
        assert refused.value.response.status_code == 403
        # The same page's origin is welcome.
        sock = await Sock.open(shared_server, table, ann, headers={"Origin": shared_server.url})
        assert (await sock.next())["you"]["seat"] == 0
        await sock.close()

    run(main())


def test_cross_origin_posts_are_refused(shared_server: ServerProcess) -> None:
    ann, bob = GuestClient(shared_server, "Ann"), GuestClient(shared_server, "Bob")
    table = table_with(shared_server, ann, [ann, None], start=False)
    evil = {"Origin": EVIL}
    posts: list[tuple[GuestClient, str, dict[str, object]]] = [
        (ann, "/api/guest", {"name": "Mallory"}),
        (ann, "/api/tables", {"players": 2}),
        (bob, f"/api/tables/{table}/seats/1", {"do": "join"}),
        (ann, f"/api/tables/{table}/seats/1", {"do": "bot", "level": "random"}),
        (ann, f"/api/tables/{table}/seats/0", {"do": "leave"}),
        (ann, f"/api/tables/{table}/start", {}),
        (ann, f"/api/tables/{table}/again", {}),
    ]
    for guest, path, body in posts:
        r = guest.http.post(path, json=body, headers=evil)
        assert r.status_code == 403, (path, r.text)
    # A brand-new browser, cross-origin, gets no cookie either.
    r = httpx.post(f"{shared_server.url}/api/guest", json={"name": "Eve"}, headers=evil)
    assert r.status_code == 403 and "set-cookie" not in r.headers
    assert ann.http.get("/api/me").json() == {"name": "Ann"}
    info = ann.http.get(f"/api/tables/{table}").json()
    assert info["status"] == "open"
    assert [(s["name"], s["bot"]) for s in info["seats"]] == [("Ann", None), (None, None)]
    # From the server's own page, the same requests are served.
    same = {"Origin": shared_server.url}
    r = bob.http.post(f"/api/tables/{table}/seats/1", json={"do": "join"}, headers=same)
    assert r.status_code == 200, r.text


NAMES = ["<img src=x onerror=alert(1)>", "</script><b>x</b>&amp;", "a \"b\" & 'c'"]


def test_names_with_html_are_returned_as_the_same_text(shared_server: ServerProcess) -> None:
    # Names have at most 32 characters: a longer one is refused, not cut or altered.
    r = httpx.post(f"{shared_server.url}/api/guest", json={"name": "<img src=x>" * 3})
    assert r.status_code == 400 and "32 characters" in r.text
    guests = [GuestClient(shared_server, name) for name in NAMES]
    for g, name in zip(guests, NAMES, strict=True):
        r = g.http.get("/api/me")
        assert r.json() == {"name": name}
        assert r.headers["content-type"].startswith("application/json")
    host = guests[0]
    table = table_with(shared_server, host, [*guests, "random"])
    info = host.http.get(f"/api/tables/{table}").json()
    assert [s["name"] for s in info["seats"]] == [*NAMES, None]
    listed = host.http.get("/api/tables").json()["tables"]
    assert next(t for t in listed if t["id"] == table)["seats"][0]["name"] == NAMES[0]

    async def main() -> None:
        socks = [await Sock.open(shared_server, table, g) for g in guests]
        welcome = await socks[0].next()
        assert [s["name"] for s in welcome["table"]["seats"]][:3] == NAMES
        await asyncio.gather(*(play_randomly(s, random.Random(i)) for i, s in enumerate(socks)))

    run(main())
    record = host.http.get(f"/api/tables/{table}/record").json()
    assert record["names"] == [*NAMES, "random bot"]


# --- every state-changing route, read from the application itself ---------------------------
def changing_routes() -> list[tuple[str, str]]:
    """Every route that changes something (any method but GET, HEAD and OPTIONS), of every
    router, listed or not in the OpenAPI description: a new one cannot be forgotten here."""
    app = create_app(Settings(database_url="sqlite://"))
    return sorted(
        (method, route.path)
        for route in api_routes(app.routes)
        for method in route.methods or ()
        if method not in ("GET", "HEAD", "OPTIONS")
    )


def every_route() -> list[tuple[str, str]]:
    app = create_app(Settings(database_url="sqlite://"))
    return sorted(
        (method, route.path)
        for route in api_routes(app.routes)
        for method in route.methods or ()
        if method != "HEAD"
    )


def filled(path: str, table: str) -> str:
    return (
        path.replace("{table_id}", table)
        .replace("{seat}", "1")
        .replace("{replay_id}", table)
        .replace("{record_id}", "u.none")
        .replace("{slug}", "lame-duck")
        .replace("{game}", "lame-duck")
    )


def test_the_changing_routes_are_the_known_ones() -> None:
    # Every one of them is tried below; a new one lands here first, to be looked at.
    assert changing_routes() == [
        ("POST", "/api/daily/{game}"),
        ("POST", "/api/guest"),
        ("POST", "/api/records"),
        ("POST", "/api/tables"),
        ("POST", "/api/tables/{table_id}/again"),
        ("POST", "/api/tables/{table_id}/deal"),
        ("POST", "/api/tables/{table_id}/resign"),
        ("POST", "/api/tables/{table_id}/seats/{seat}"),
        ("POST", "/api/tables/{table_id}/start"),
        ("POST", "/api/tutorials/{game}"),
    ]


@pytest.fixture(scope="module")
def host(shared_server: ServerProcess) -> Iterator[tuple[GuestClient, str]]:
    """A guest and a table waiting to start, shared by the tests below (none changes it)."""
    with GuestClient(shared_server, "Ann") as ann:
        yield ann, table_with(shared_server, ann, [ann, None], start=False)


@pytest.mark.parametrize(("method", "path"), changing_routes())
@pytest.mark.parametrize("origin", [EVIL, "null", "http://127.0.0.1.evil.example"])
def test_every_changing_route_refuses_another_site(
    host: tuple[GuestClient, str], method: str, path: str, origin: str
) -> None:
    ann, table = host
    before = ann.http.get(f"/api/tables/{table}").json()
    for body in ({}, {"name": "Mallory", "do": "bot", "level": "random", "players": 2}):
        r = ann.http.request(method, filled(path, table), json=body, headers={"Origin": origin})
        assert r.status_code == 403, (path, body, r.text)
        assert r.json()["detail"] == "requests must come from this server's own pages"
        assert "set-cookie" not in r.headers
    assert ann.http.get(f"/api/tables/{table}").json() == before
    assert ann.http.get("/api/me").json() == {"name": "Ann"}


def test_a_request_without_origin_is_a_program_and_is_served(
    shared_server: ServerProcess,
) -> None:
    """A browser sends Origin with every POST (the Fetch standard), a form's included, and
    the SameSite=Strict cookie is not sent from another site at all: a request without one
    comes from a program (curl, the tests, pondside loadtest), which holds its own cookie.
    So a missing Origin is served, not refused (docs/server.md, "Hostile input")."""
    r = httpx.post(f"{shared_server.url}/api/guest", json={"name": "Curl"})
    assert r.status_code == 200 and "set-cookie" in r.headers


@pytest.mark.parametrize(("method", "path"), every_route())
def test_no_cors_opening(host: tuple[GuestClient, str], method: str, path: str) -> None:
    ann, table = host
    url = filled(path, table)
    preflight = ann.http.options(
        url,
        headers={
            "Origin": EVIL,
            "Access-Control-Request-Method": method,
            "Access-Control-Request-Headers": "content-type",
        },
    )
    answers = [preflight]
    if method == "GET":
        answers.append(ann.http.get(url, headers={"Origin": EVIL}))
    for r in answers:
        opened = [h for h in r.headers if h.lower().startswith("access-control-")]
        assert opened == [], (r.request.method, url, r.status_code, opened)
