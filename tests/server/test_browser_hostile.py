"""Names that are HTML are shown as text everywhere another guest sees them: the lobby's list,
the waiting room, a Lame Duck table, another game's table (game.html), the end dialog, My
matches, the leaderboard and a replay. No dialog fires, no element is made from a name.

Two guests with such names and Vic play whole matches over WebSockets (from Python, with the
cookies of their browser contexts) while Vic's browser looks at every page."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Callable
from typing import Any

from browserkit import DESKTOP, name_via_api, shot
from serverproc import ServerProcess
from tablesock import Sock, play_randomly, run

NAMES = ["<img src=x onerror=alert(1)>", '"><script>alert(1)</script>']
MADE = """() => document.querySelectorAll('img[src="x"], img[onerror]').length
    + [...document.scripts].filter(s => s.textContent.includes('alert(1)')).length"""


def cookie_of(page: Any) -> dict[str, str]:
    secret = next(c["value"] for c in page.context.cookies() if c["name"] == "pondside_secret")
    return {"Cookie": f"pondside_secret={secret}"}


def shown_as_text(page: Any, where: str, scope: str = "body") -> None:
    """Both names are in the page's text (within ``scope``), and nothing was made of them."""
    for name in NAMES:
        page.wait_for_function(
            "([scope, name]) => document.querySelector(scope)?.textContent.includes(name)",
            arg=[scope, name],
            timeout=10_000,
        )
    assert page.evaluate(MADE) == 0, where
    assert page.dialogs == [], where
    assert page.errors == [], where


def play_in_background(server: ServerProcess, table: str, cookies: list[dict[str, str]]) -> Any:
    """Every seat plays random legal actions to the end, in a thread (the browser goes on)."""
    failed: list[BaseException] = []

    async def main() -> None:
        socks = [await Sock.open(server, table, headers=c) for c in cookies]
        await asyncio.gather(*(play_randomly(s, random.Random(i)) for i, s in enumerate(socks)))
        for s in socks:
            await s.close()

    def go() -> None:
        try:
            run(main())
        except BaseException as exc:  # reported by the test, not lost in the thread
            failed.append(exc)

    thread = threading.Thread(target=go, daemon=True)
    thread.start()

    def join() -> None:
        thread.join(60)
        assert not thread.is_alive() and not failed, failed

    return join


def api(page: Any) -> Callable[..., Any]:
    def post(path: str, data: dict[str, Any] | None = None) -> Any:
        r = page.request.post(path, data=data or {})
        assert r.ok, (path, r.status, r.text())
        return r.json()

    return post


def test_names_that_are_html_are_shown_as_text(new_page: Any, web: ServerProcess) -> None:
    evil = [new_page(web) for _ in NAMES]
    for page, name in zip(evil, NAMES, strict=True):
        name_via_api(page, name)
    vic = new_page(web, DESKTOP)
    vic.dialogs = []
    vic.on("dialog", lambda d: (vic.dialogs.append(d.message), d.dismiss()))
    vic.goto("/")
    name_via_api(vic, "Vic")
    first, second = api(evil[0]), api(evil[1])
    cookies = [cookie_of(p) for p in [*evil, vic]]

    # A Lame Duck table opened by the first, joined by the second: the lobby lists it.
    ld = first("/api/tables", {"players": 3, "profile": "none", "options": {"rounds": 1}})["id"]
    second(f"/api/tables/{ld}/seats/1", {"do": "join"})
    vic.goto("/")
    vic.locator(".table-item").first.wait_for()
    shown_as_text(vic, "the lobby's list")
    shot(vic, "hostile-lobby")
    # Vic joins: the waiting room.
    api(vic)(f"/api/tables/{ld}/seats/2", {"do": "join"})
    vic.goto(f"/t/{ld}?speed=0")
    shown_as_text(vic, "the waiting room")
    shot(vic, "hostile-waiting-room")
    first(f"/api/tables/{ld}/start")
    done = play_in_background(web, ld, cookies)
    shown_as_text(vic, "the Lame Duck table")
    vic.locator("#end-dialog[open]").wait_for(timeout=30_000)
    done()
    shown_as_text(vic, "Lame Duck's end dialog", "#end-dialog")
    shot(vic, "hostile-ld-end")

    # Another game's table (game.html): Down the Drain, opened by the second.
    dd = second(
        "/api/tables",
        {"game": "down-the-drain", "players": 3, "profile": "none", "options": {"games": 1}},
    )["id"]
    first(f"/api/tables/{dd}/seats/1", {"do": "join"})
    api(vic)(f"/api/tables/{dd}/seats/2", {"do": "join"})
    vic.goto(f"/t/{dd}?speed=0")
    shown_as_text(vic, "game.html's waiting room")
    second(f"/api/tables/{dd}/start")
    done = play_in_background(web, dd, [cookies[1], cookies[0], cookies[2]])
    shown_as_text(vic, "the Down the Drain table")
    shot(vic, "hostile-dd-table")
    vic.locator("#end-dialog[open]").wait_for(timeout=30_000)
    done()
    shown_as_text(vic, "game.html's end dialog", "#end-dialog")

    # My matches, the leaderboard and a replay.
    vic.goto("/history")
    vic.locator(f"#history-table tr[data-table='{ld}']").wait_for()
    shown_as_text(vic, "My matches", "#history-table")
    shot(vic, "hostile-history")
    vic.goto("/leaderboard#lame-duck")
    shown_as_text(vic, "the leaderboard")
    shot(vic, "hostile-leaderboard")
    vic.goto(f"/replay/{ld}?speed=0")
    shown_as_text(vic, "a replay")
    shot(vic, "hostile-replay")
