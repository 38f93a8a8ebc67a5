"""Several server processes on one database and one Redis (issue 15): a table is played by the
process holding its lease, the others forward their clients' actions to it and follow its news.

Each test starts real ``pondside serve --redis`` processes and a real ``redis-server``; the
database is PostgreSQL when ``PONDSIDE_TEST_POSTGRES`` names a server (CI), else an SQLite file
shared by the processes. The faults: ``kill -9`` of one of two processes under load, Redis
restarted mid-match, and a process that stalls past its lease and wakes believing it still owns
its tables. In each, every frame anyone received (each acknowledged action) must be in the final
record in its place, no action applied twice, and every match must end.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select
from websockets.asyncio.client import connect

from framecheck import check_frames
from pondside.server.db import LeaseRow, Store
from redisproc import RedisProcess
from serverproc import GuestClient, ServerProcess
from tablesock import Message, Sock, run, table_with

LEASE = 1.0  # seconds: a dead process's tables are taken over within about this long


@pytest.fixture
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if os.environ.get("PONDSIDE_TEST_POSTGRES"):
        return str(request.getfixturevalue("postgres"))
    return f"sqlite:///{tmp_path / 'cluster.db'}"


@pytest.fixture
def redis(tmp_path: Path) -> Iterator[RedisProcess]:
    proc = RedisProcess(tmp_path).start()
    yield proc
    proc.kill()


def process(database: str, redis: RedisProcess, log: Path, one_address: bool) -> ServerProcess:
    extra = ["--redis", redis.url, "--lease-seconds", str(LEASE)]
    return ServerProcess(
        database, bot_delay=0.02, log=log, extra=extra + (["--reuse-port"] if one_address else [])
    )


@pytest.fixture
def two(database: str, redis: RedisProcess, tmp_path: Path) -> Iterator[list[ServerProcess]]:
    """Two processes on two addresses, so a test chooses which process each client uses."""
    servers = [process(database, redis, tmp_path / f"server{i}.log", False) for i in range(2)]
    for s in servers:
        s.start()
    yield servers
    for s in servers:
        s.stop()


def owners(database: str) -> dict[str, str]:
    """Each leased table's owner, as the database says."""
    store = Store(database)
    try:
        with store.session() as s:
            rows = s.execute(select(LeaseRow.table_id, LeaseRow.owner))
            return {str(r[0]): str(r[1]) for r in rows}
    finally:
        store.close()


def pid_of(owner: str) -> int:
    return int(owner.rsplit("-", 2)[1])


async def play_on(
    base: str, table: str, guest: GuestClient, rng: random.Random, frames: list[Message]
) -> list[str]:
    """A person at a seat playing random legal actions to the end through whichever process
    ``base`` leads to, reconnecting when that process dies (as the page does), catching up from
    the welcome frame. Returns the errors it was told (a refused action is not acknowledged)."""
    errors: list[str] = []
    while True:
        try:
            ws = await connect(
                f"{base}/ws/tables/{table}",
                additional_headers=guest.socket_headers(),
                open_timeout=5,
                max_size=2**22,
            )
        except Exception:  # refused, reset, timed out: its process is gone or starting
            await asyncio.sleep(0.2)
            continue
        sock = Sock(ws)
        try:
            if await _play(sock, rng, errors):
                return errors
        finally:
            frames.extend(m for m in sock.messages if m.get("type") == "state")
            with contextlib.suppress(Exception):
                await sock.ws.close()
        await asyncio.sleep(0.1)


async def _play(sock: Sock, rng: random.Random, errors: list[str]) -> bool:
    """Play on one connection: True once the match is over, False when the socket closed."""
    waiting_on: list[str] | None = None
    while True:
        try:
            message = await sock.next(timeout=60)
        except AssertionError:  # closed: its process died
            return False
        if message.get("type") == "error":
            errors.append(str(message.get("message")))
            waiting_on = None
            await sock.send({"op": "sync"})
            continue
        if message.get("type") != "state":
            continue
        mine = message.get("by") and message["by"]["seat"] == message["you"]["seat"]
        if waiting_on is not None and (mine or message["legal"] != waiting_on):
            waiting_on = None
        if message["view"] is not None and message["view"]["over"]:
            return True
        if waiting_on is None and message["legal"] and sock.cursor == len(sock.messages):
            await asyncio.sleep(rng.uniform(0.02, 0.1))  # a moment's thought
            if sock.cursor != len(sock.messages):
                continue  # news meanwhile: decide on the newest frame
            waiting_on = message["legal"]
            with contextlib.suppress(Exception):
                await sock.send({"op": "act", "action": rng.choice(message["legal"])})


def _playing(server: ServerProcess, table: str) -> bool:
    return bool(httpx.get(f"{server.url}/api/tables/{table}").json()["status"] == "playing")


def check_table(
    host: GuestClient, table: str, frames: dict[int | None, list[Message]]
) -> dict[str, Any]:
    """The table's record is over and every frame anyone received is in it, in its place; each
    connection's sequence numbers only grow."""
    record = host.http.get(f"/api/tables/{table}/record").json()
    assert record.get("actions"), record
    assert check_frames(record, frames, errors=True) > 0
    return dict(record)


GAMES = [
    ("lame-duck", {"rounds": 2}),
    ("king-of-the-quackers", {"target": 20}),
    ("wildcat-chicane", {"target": 15}),
    ("ladders", {"rounds": 1, "target": None, "teams": True}),
    ("down-the-drain", {"games": 2}),
]


def test_two_processes_play_one_table_each_client_on_its_own_process(
    two: list[ServerProcess], database: str
) -> None:
    """Ann is on one process, Bob on the other; whichever plays the table, each sees every
    action (the other's forwarded, the owner's news followed) and the match ends once."""
    a, b = two
    ann, bob = GuestClient(a, "Ann"), GuestClient(b, "Bob")
    table = table_with(a, ann, [ann, bob, "random", "heuristic"], options={"rounds": 2}, seed=5)
    owner = owners(database)[table]
    assert pid_of(owner) == a.proc.pid  # type: ignore[union-attr]  # the starter plays it

    async def main() -> dict[int | None, list[Message]]:
        frames: dict[int | None, list[Message]] = {0: [], 1: [], None: []}
        watcher = await Sock.open(b, table)  # a copy's spectator
        errors = await asyncio.gather(
            play_on(a.ws_url, table, ann, random.Random(1), frames[0]),
            play_on(b.ws_url, table, bob, random.Random(2), frames[1]),
        )
        assert errors == [[], []]
        await watcher.until_over()
        frames[None] = watcher.states()
        await watcher.close()
        return frames

    frames = run(main(), timeout=120)
    check_table(ann, table, frames)
    # The watcher on the copy saw every action, in order, one frame each.
    seqs = [m["seq"] for m in frames[None] if m["reason"] == "action"]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))
    # The lobby of either process lists the tables of both.
    other = table_with(b, bob, [bob, "random"], start=False)
    for guest in (ann, bob):
        time.sleep(1.1)  # the lobby's list is read at most once a second
        listed = {t["id"] for t in guest.http.get("/api/tables").json()["tables"]}
        assert other in listed


def test_a_forwarded_action_is_refused_in_the_askers_language(
    two: list[ServerProcess], database: str
) -> None:
    """Bob's process forwards his action to the process that plays the table: its refusal is
    said there, in the language of Bob's page (the pseudo-locale's markers show it)."""
    a, b = two
    ann, bob = GuestClient(a, "Ann"), GuestClient(b, "Bob")
    table = table_with(a, ann, [ann, bob, "random", "random"], options={"rounds": 1}, seed=5)
    assert pid_of(owners(database)[table]) == a.proc.pid  # type: ignore[union-attr]

    async def main() -> list[str]:
        said = []
        for lang in ("en-XA", "en"):
            sock = await Sock.open(b, f"{table}?lang={lang}", bob)
            hand = (await sock.sync())["view"]["hand"]
            await sock.send({"op": "act", "action": f"play {max(hand) + 1}"})
            refused = await sock.next(lambda m: m.get("type") == "error", timeout=20)
            said.append(str(refused["message"]))
            await sock.close()
        return said

    pseudo, english = run(main(), timeout=60)
    # The ruling's code is appended through the catalog, at the owner.
    assert pseudo.startswith("⟦") and pseudo.endswith("(LD-5)⟧"), pseudo
    assert english.startswith("card ") and english.endswith("(LD-5)"), english


def test_kill_9_of_one_of_two_processes_under_load_loses_no_acknowledged_action(
    database: str, redis: RedisProcess, tmp_path: Path
) -> None:
    """Two processes behind one address (SO_REUSEPORT), ten tables of every game with two
    people and two bots each; one process is killed with SIGKILL mid-match. Its clients
    reconnect to the other, which takes its tables over: every match ends, and every frame
    anyone received before or after the kill is in the final record, in its place."""
    first = process(database, redis, tmp_path / "a.log", True).start()
    second = process(database, redis, tmp_path / "b.log", True).start(first.port)
    try:
        tables: list[tuple[str, list[GuestClient]]] = []
        for i in range(10):
            game, options = GAMES[i % len(GAMES)]
            # Each guest has its own connection, which the kernel gives to either process: the
            # tables are started (so owned) by both.
            people = [GuestClient(first, f"P{i}a"), GuestClient(first, f"P{i}b")]
            tid = table_with(
                first, people[0], [*people, "random", "random"], game=game, options=options,
                seed=100 + i,
            )  # fmt: skip
            tables.append((tid, people))
        pids = {pid_of(o) for o in owners(database).values()}
        assert len(pids) == 2, pids  # both processes play tables
        victim = first
        victim_pid = first.proc.pid  # type: ignore[union-attr]

        async def main() -> list[dict[int | None, list[Message]]]:
            frames = [{0: [], 1: []} for _ in tables]  # type: ignore[var-annotated]
            players = [
                asyncio.create_task(
                    play_on(first.ws_url, tid, g, random.Random(10 * n + s), frames[n][s])
                )
                for n, (tid, people) in enumerate(tables)
                for s, g in enumerate(people)
            ]
            await asyncio.sleep(3.0)  # under way: actions of every table
            held = [t for t, o in owners(database).items() if pid_of(o) == victim_pid]
            await asyncio.to_thread(victim.kill)
            playing = [t for t in held if _playing(second, t)]
            assert playing, "the victim played no table at the kill"
            victims.extend(playing)
            errors = await asyncio.gather(*players)
            # Refusals during the take-over say to try again; none breaks a rule.
            for told in errors:
                assert all("try again" in e or "not your turn" in e for e in told), told
            return frames

        victims: list[str] = []
        every = run(main(), timeout=240)
        after = owners(database)
        assert all(pid_of(after[t]) != victim_pid for t in victims)  # taken over
        for (tid, people), frames in zip(tables, every, strict=True):
            people[0].http.base_url = httpx.URL(second.url)
            check_table(people[0], tid, frames)
    finally:
        first.stop()
        second.stop()


def test_redis_restarted_mid_match_the_copies_catch_up_and_the_match_ends(
    two: list[ServerProcess], redis: RedisProcess, database: str
) -> None:
    a, b = two
    ann, bob = GuestClient(a, "Ann"), GuestClient(b, "Bob")
    table = table_with(a, ann, [ann, bob, "random", "random"], options={"rounds": 3}, seed=9)

    async def main() -> dict[int | None, list[Message]]:
        frames: dict[int | None, list[Message]] = {0: [], 1: [], None: []}
        watcher = await Sock.open(b, table)
        players = [
            asyncio.create_task(play_on(a.ws_url, table, ann, random.Random(1), frames[0])),
            asyncio.create_task(play_on(b.ws_url, table, bob, random.Random(2), frames[1])),
        ]
        first = await watcher.next(lambda m: m.get("reason") == "action", timeout=20)
        await watcher.next(lambda m: m.get("seq", 0) >= first["seq"] + 10, timeout=30)
        await asyncio.to_thread(redis.kill)
        await asyncio.sleep(1.5)  # the owner's own clients and bots play on meanwhile
        await asyncio.to_thread(redis.start)
        errors = await asyncio.gather(*players)
        for told in errors:  # Bob's actions could not reach the owner while Redis was away
            assert all("try again" in e for e in told), told
        await watcher.until_over(timeout=60)
        frames[None] = watcher.states()
        await watcher.close()
        return frames

    frames = run(main(), timeout=150)
    check_table(ann, table, frames)


@pytest.fixture
def two_on_postgresql(
    postgres: str, redis: RedisProcess, tmp_path: Path
) -> Iterator[tuple[list[ServerProcess], str]]:
    servers = [process(postgres, redis, tmp_path / f"server{i}.log", False) for i in range(2)]
    for s in servers:
        s.start()
    yield servers, postgres
    for s in servers:
        s.stop()


def test_a_process_that_stalls_past_its_lease_commits_nothing_when_it_wakes(
    two_on_postgresql: tuple[list[ServerProcess], str],
) -> None:
    """Two processes believe they own a table: the owner is frozen (SIGSTOP) past its lease,
    the other takes the table over and plays on; the first wakes (SIGCONT) with its bots about
    to act. The lease decides: nothing of the first is committed after the take-over, nothing
    is applied twice, and the match ends. (On PostgreSQL only: SQLite has one writer at a time,
    and a process frozen in mid-commit would stop every other.)"""
    (a, b), database = two_on_postgresql
    ann, bob = GuestClient(a, "Ann"), GuestClient(b, "Bob")
    table = table_with(a, ann, ["random", bob, "random", "random"], options={"rounds": 2}, seed=21)
    assert pid_of(owners(database)[table]) == a.proc.pid  # type: ignore[union-attr]

    async def main() -> dict[int | None, list[Message]]:
        frames: dict[int | None, list[Message]] = {1: [], None: []}
        watcher = await Sock.open(b, table)
        stalled = await Sock.open(a, table)  # a watcher on the process that stalls
        bob_plays = asyncio.create_task(play_on(b.ws_url, table, bob, random.Random(2), frames[1]))
        first = await watcher.next(lambda m: m.get("reason") == "action", timeout=20)
        await watcher.next(lambda m: m.get("seq", 0) >= first["seq"] + 4, timeout=30)
        os.kill(a.proc.pid, signal.SIGSTOP)  # type: ignore[union-attr]
        try:
            deadline = time.monotonic() + 20
            while pid_of(owners(database)[table]) != b.proc.pid:  # type: ignore[union-attr]
                assert time.monotonic() < deadline, "the table was not taken over"
                await asyncio.sleep(0.2)
            seq_taken = (await watcher.sync())["seq"]
            await watcher.next(lambda m: m.get("seq", 0) >= seq_taken + 3, timeout=30)
        finally:
            os.kill(a.proc.pid, signal.SIGCONT)  # type: ignore[union-attr]
        told = await bob_plays
        assert all("try again" in e for e in told), told
        await watcher.until_over(timeout=60)
        await stalled.until_over(timeout=30)  # the woken process follows the new owner
        frames[None] = watcher.states()
        woken.extend(stalled.states())
        for s in (watcher, stalled):
            await s.close()
        return frames

    woken: list[Message] = []
    frames = run(main(), timeout=150)
    check_table(ann, table, frames)
    check_table(ann, table, {None: woken})
    assert pid_of(owners(database)[table]) == b.proc.pid  # type: ignore[union-attr]


def test_several_processes_share_one_address_from_one_command(
    database: str, redis: RedisProcess, tmp_path: Path
) -> None:
    """``pondside serve --processes 2 --redis URL``: one address, two processes, each taking
    connections (the tables started through it are played by both)."""
    server = ServerProcess(
        database, log=tmp_path / "serve.log", extra=["--redis", redis.url, "--processes", "2"]
    ).start()
    try:
        host = GuestClient(server, "Host")
        for _ in range(16):
            with httpx.Client(base_url=server.url, cookies=host.http.cookies) as fresh:
                table = fresh.post("/api/tables", json={"players": 2, "profile": "none"}).json()
                fresh.post(
                    f"/api/tables/{table['id']}/seats/1", json={"do": "bot", "level": "random"}
                )
                fresh.post(f"/api/tables/{table['id']}/start")
        deadline = time.monotonic() + 10
        while len({pid_of(o) for o in owners(database).values()}) < 2:
            assert time.monotonic() < deadline, owners(database)
            time.sleep(0.2)
    finally:
        server.stop()
    # Stopping the first stops the other too: nothing is left listening.
    time.sleep(0.5)
    with socket.socket() as s, pytest.raises(OSError):
        s.connect(("127.0.0.1", server.port))
