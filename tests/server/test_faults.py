"""Faults, each a test (issue 15): a client that vanishes without closing, a client that comes
back with an old sequence number and replays an old message, PostgreSQL restarted mid-match.
(A kill -9 of the server is tests/server/test_restart.py, for every game; a database refusing
writes is test_storage.py.)"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from framecheck import check_frames
from pgproc import PostgresProcess
from serverproc import GuestClient, ServerProcess
from tablesock import Message, Sock, play_randomly, run, table_with

# A client in its own process, so it can be frozen (SIGSTOP): its socket stays open and silent,
# as a laptop closed mid-match or a network gone, with no close and no reset.
FROZEN_CLIENT = """
import sys
from websockets.sync.client import connect
ws = connect(sys.argv[1], additional_headers={"Cookie": sys.argv[2], "Origin": sys.argv[3]})
ws.recv()
print("ready", flush=True)
import time
time.sleep(600)
"""


@pytest.fixture
def quick_pings(tmp_path: Path) -> Iterator[ServerProcess]:
    proc = ServerProcess(
        f"sqlite:///{tmp_path / 'pondside.db'}", log=tmp_path / "server.log", ping_interval=0.5
    )
    proc.start()
    yield proc
    proc.stop()


def test_a_client_that_vanishes_without_closing_is_dropped_and_the_table_goes_on(
    quick_pings: ServerProcess,
) -> None:
    server = quick_pings
    ann, bob = GuestClient(server, "Ann"), GuestClient(server, "Bob")
    table = table_with(server, ann, [ann, bob], seed=5)
    child = subprocess.Popen(
        [sys.executable, "-c", FROZEN_CLIENT, f"{server.ws_url}/ws/tables/{table}", bob.cookie,
         server.url],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"

        async def main() -> None:
            a = await Sock.open(server, table, ann)
            start = await a.sync()
            assert start["table"]["seats"][1]["online"]
            os.kill(child.pid, signal.SIGSTOP)  # frozen: no pong, no close, no reset
            frozen = time.monotonic()
            away = await a.next(
                lambda m: m.get("type") == "state" and not m["table"]["seats"][1]["online"],
                timeout=10,
            )
            # Dropped after a missed ping: the interval and as long again, give or take.
            assert time.monotonic() - frozen < 5
            assert away["seq"] == start["seq"] or away["reason"] == "presence"
            # The table is unharmed: Ann plays on.
            acted = await a.act(start["legal"][0])
            assert acted["type"] == "state" and acted["view"]["my_choice"] is not None
            await a.close()

        run(main())
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        if child.stdout is not None:
            child.stdout.close()


def test_a_client_back_with_an_old_sequence_number_is_brought_up_to_date_and_old_messages_change_nothing(
    shared_server: ServerProcess,
) -> None:
    server = shared_server
    ann, bob = GuestClient(server, "Ann"), GuestClient(server, "Bob")
    table = table_with(server, ann, [ann, bob, "random"], seed=8)

    async def main() -> None:
        a = await Sock.open(server, table, ann)
        first = await a.sync()
        card = first["legal"][0]
        await a.send({"op": "act", "action": card})
        await a.next(lambda m: m.get("reason") == "action" and m["by"]["seat"] == 0)
        await a.close()  # gone, with seq n in mind
        b = await Sock.open(server, table, bob)
        bob_frame = await b.sync()
        after_bob = await b.act(bob_frame["legal"][0])
        # Ann comes back: the welcome is the table as it is now, whatever she saw last.
        a2 = await Sock.open(server, table, ann)
        welcome = await a2.next()
        assert welcome["reason"] == "welcome" and welcome["seq"] >= after_bob["seq"]
        assert welcome["seq"] > first["seq"]
        # Her old message, sent again (a replay): refused with its ruling, nothing changes.
        await a2.send({"op": "act", "action": card})
        error = await a2.next(lambda m: m.get("type") in ("error", "state"))
        assert error["type"] == "error" and error["message"], error
        now = await a2.sync()
        assert now["seq"] == welcome["seq"] or now["view"]["turn_number"] > 1
        await a2.close()
        await b.close()

    run(main())


def test_postgresql_restarted_mid_match_loses_no_acknowledged_action(tmp_path: Path) -> None:
    pg = PostgresProcess().start()
    server = ServerProcess(pg.url, log=tmp_path / "server.log").start()
    try:
        ann, bob = GuestClient(server, "Ann"), GuestClient(server, "Bob")
        table = table_with(
            server, ann, [ann, bob, "random", "heuristic"], options={"rounds": 2}, seed=12
        )

        async def main() -> tuple[dict[int | None, list[Message]], int]:
            socks = [await Sock.open(server, table, g) for g in (ann, bob)]
            watcher = await Sock.open(server, table)
            tasks = [
                asyncio.create_task(play_randomly(s, random.Random(i))) for i, s in enumerate(socks)
            ]
            first = await watcher.next(lambda m: m.get("reason") == "action")
            await watcher.next(lambda m: m.get("seq", 0) >= first["seq"] + 12)
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await asyncio.to_thread(pg.stop)  # a crash: connections cut, nothing flushed
            # Whoever of the two has a decision open tries it while the database is down.
            refused = 0
            for sock in socks:
                down = await sock.sync()
                if not down["legal"] or refused:
                    continue
                await sock.send({"op": "act", "action": down["legal"][0]})
                reply = await sock.next(
                    lambda m: m.get("type") in ("error", "state") and m.get("reason") != "presence",
                    timeout=20,
                )
                assert reply["type"] == "error", reply  # not saved, so not acknowledged
                assert "try again" in reply["message"]
                refused = 1
            await asyncio.sleep(1.0)  # the bots try too, and wait
            await asyncio.to_thread(pg.start)
            for sock in socks:  # a fresh frame each, to play on from (the refused one waits)
                await sock.send({"op": "sync"})
            await asyncio.gather(
                *(play_randomly(s, random.Random(10 + i), timeout=90) for i, s in enumerate(socks))
            )
            await watcher.until_over(timeout=60)
            frames: dict[int | None, list[Message]] = {i: s.messages for i, s in enumerate(socks)}
            frames[None] = watcher.messages
            for s in [*socks, watcher]:
                await s.close()
            return frames, refused

        frames, refused = run(main(), timeout=150)
        assert refused == 1  # an action was tried, and refused, while the database was down
        record = ann.http.get(f"/api/tables/{table}/record").json()
        # Every frame anyone received (each acknowledged action) is in the final record, in its
        # place; the refused action is not (its frame never came).
        assert check_frames(record, frames, errors=True) > 0
        seqs = [m["seq"] for m in frames[None] if m.get("reason") == "action"]
        assert seqs == sorted(set(seqs))
        assert json.dumps(record)  # a whole record, over
    finally:
        server.stop()
        pg.remove()
