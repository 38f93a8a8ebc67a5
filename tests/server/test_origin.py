"""Only this server's own pages may act for a guest: cross-origin WebSockets and POSTs are
refused. Names are plain text: the API returns exactly what was given (escaping is the
page's job)."""

from __future__ import annotations

import asyncio
import random

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

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
