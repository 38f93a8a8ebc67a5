"""When the database cannot take an action (here: another program holds SQLite's write lock
longer than the server waits for it, 5 s), nothing changes for anyone, the player is told to
try again, and the table (its bots included) plays on once the database is back. A request to
the lobby meanwhile is told the server is busy and when to try again (503, Retry-After)."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from serverproc import GuestClient, ServerProcess
from tablesock import Sock, run, table_with


@pytest.fixture
def slow_bots(tmp_path: Path) -> Iterator[ServerProcess]:
    """Bots that wait a second before they act, so a test can act first."""
    proc = ServerProcess(
        f"sqlite:///{tmp_path / 'pondside.db'}", bot_delay=1.0, log=tmp_path / "server.log"
    )
    proc.start()
    yield proc
    proc.stop()


def new_guest(server: ServerProcess, name: str) -> httpx.Response:
    with httpx.Client(base_url=server.url, timeout=20) as http:
        return http.post("/api/guest", json={"name": name})


def test_an_action_the_database_refused_changes_nothing_and_play_goes_on(
    slow_bots: ServerProcess,
) -> None:
    server = slow_bots
    ann, bob, cat = (GuestClient(server, n) for n in ("Ann", "Bob", "Cat"))
    people = table_with(server, ann, [ann, bob], seed=47)
    with_bot = table_with(server, cat, [cat, "random"], seed=53)
    path = server.database.removeprefix("sqlite:///")
    assert server.log is not None

    async def main() -> None:
        a = await Sock.open(server, people, ann)
        b = await Sock.open(server, people, bob)
        c = await Sock.open(server, with_bot, cat)
        start, bob_start = await a.sync(), await b.sync()
        cats = await c.next(lambda m: m.get("type") == "state" and bool(m["legal"]))
        # Cat chooses; her bot chooses a second later, when nobody else is to act.
        assert (await c.act(cats["legal"][0]))["type"] == "state"
        lock = sqlite3.connect(path, isolation_level=None, timeout=10)
        lock.execute("BEGIN IMMEDIATE")  # the server's commits wait, then fail
        # Meanwhile a new guest's name: the lobby's write waits as long, then is refused.
        newcomer = asyncio.create_task(asyncio.to_thread(new_guest, server, "Dan"))
        try:
            held_at = c.last_state()["seq"]
            await a.send({"op": "act", "action": start["legal"][0]})
            await asyncio.sleep(0.3)
            # Not committed, so nobody is shown it.
            pending = await b.sync()
            assert pending["seq"] == start["seq"]
            assert pending["view"]["chosen"] == [False, False]
            answer = await a.next(
                lambda m: m.get("type") == "error" or m.get("seq", 0) > start["seq"], timeout=15
            )
            assert answer["type"] == "error", answer
            assert "could not save" in answer["message"] and answer["seq"] == start["seq"]
            # Busy, not broken: try again in a moment, and when (no 500 with a traceback).
            refused = await newcomer
            assert refused.status_code == 503, refused.text
            assert refused.headers["retry-after"] == "2"
            assert refused.json() == {"detail": "the server is busy; try again in a moment"}
            # Wait for the bot's move to fail as well.
            deadline = time.monotonic() + 10
            while f"{with_bot}: action" not in server.log.read_text():  # type: ignore[union-attr]
                assert time.monotonic() < deadline, "the bot's move was never refused"
                await asyncio.sleep(0.1)
        finally:
            lock.rollback()
            lock.close()
        assert "POST /api/guest: the database is busy" in server.log.read_text()
        assert "Exception in ASGI application" not in server.log.read_text()  # no 500
        assert new_guest(server, "Dan").status_code == 200  # the database back: welcome
        assert not [m for m in b.messages if m.get("seq", 0) > start["seq"]]
        assert (await b.sync())["view"] == bob_start["view"]
        # Try again: accepted now, and Bob hears of it once.
        answer = await a.act(start["legal"][0])
        assert answer["type"] == "state" and answer["seq"] == start["seq"] + 1
        told = await b.next(lambda m: m.get("reason") == "action")
        assert told["seq"] == start["seq"] + 1 and told["view"]["chosen"] == [True, False]
        # The bot whose move was not saved tries again: nobody else was to act.
        moved = await c.next(lambda m: m.get("seq", 0) > held_at, timeout=10)
        assert moved["events"][0]["type"] in ("chose", "reveal")
        assert moved["view"]["to_act"] != [1]

    run(main())
