"""The server killed (``kill -9``) mid-match and started again on the same database: the
match goes on from the last acknowledged action, with its sequence numbers and clocks."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import time

import pytest

from framecheck import check_frames
from serverproc import GuestClient, ServerProcess
from tablesock import Message, Sock, play_randomly, run, table_with


def _by_seat(socks: list[Sock], watcher: Sock) -> dict[int | None, list[Message]]:
    frames: dict[int | None, list[Message]] = {i: list(s.messages) for i, s in enumerate(socks)}
    frames[None] = list(watcher.messages)
    return frames


@pytest.mark.parametrize(
    ("game", "options", "kill_after"),
    [
        ("lame-duck", {"rounds": 2}, 25),
        ("king-of-the-quackers", {"target": 20}, 25),
        ("wildcat-chicane", {"target": 15}, 12),
        ("ladders", {"rounds": 1, "target": None, "teams": True}, 15),
        ("down-the-drain", {"games": 2}, 15),
    ],
)
def test_a_match_goes_on_after_a_kill_from_the_last_acknowledged_action(
    server: ServerProcess, game: str, options: dict[str, object], kill_after: int
) -> None:
    ann, bob = GuestClient(server, "Ann"), GuestClient(server, "Bob")
    guests = [ann, bob]
    table = table_with(
        server,
        ann,
        [ann, bob, "heuristic", "random"],
        game=game,
        options=options,
        seed=41,
    )
    # A second table whose only person never acts: its clock must survive the restart.
    idle = table_with(server, ann, [ann, "random"], profile="slow")
    started = time.time()

    async def until_killed() -> dict[int | None, list[Message]]:
        socks = [await Sock.open(server, table, g) for g in guests]
        watcher = await Sock.open(server, table)
        players = [
            asyncio.create_task(play_randomly(s, random.Random(i))) for i, s in enumerate(socks)
        ]
        first = await watcher.next(lambda m: m.get("reason") == "action")
        await watcher.next(lambda m: m.get("seq", 0) >= first["seq"] + kill_after)
        await asyncio.to_thread(server.kill)  # while the people and bots are acting
        for task in players:
            task.cancel()
        await asyncio.gather(*players, return_exceptions=True)
        for s in [*socks, watcher]:
            await s._reader
        return _by_seat(socks, watcher)

    before = run(until_killed())
    acknowledged = max(m["seq"] for ms in before.values() for m in ms if m["type"] == "state")
    server.start(server.port)
    for g in guests:
        g.rebase()

    async def to_the_end() -> tuple[dict[int | None, list[Message]], Message]:
        socks = [await Sock.open(server, table, g) for g in guests]
        watcher = await Sock.open(server, table)
        welcome = await socks[0].next()
        assert welcome["reason"] == "welcome" and welcome["you"]["seat"] == 0
        assert welcome["seq"] >= acknowledged  # the sequence numbers go on
        await asyncio.gather(
            *(play_randomly(s, random.Random(10 + i), timeout=120) for i, s in enumerate(socks))
        )
        await watcher.until_over()
        frames = _by_seat(socks, watcher)
        for s in [*socks, watcher]:
            await s.close()
        idle_sock = await Sock.open(server, idle, ann)
        idle_welcome = await idle_sock.next()
        await idle_sock.close()
        return frames, idle_welcome

    after, idle_welcome = run(to_the_end())
    record = ann.http.get(f"/api/tables/{table}/record").json()
    start_seq = max(m["seq"] for m in after[None]) - len(record["actions"])
    assert start_seq < acknowledged < start_seq + len(record["actions"])  # killed mid-match
    # Every frame received before the kill shows the match as the final record replays it at
    # that sequence number: each acknowledged action is in the record, in its place.
    frames = {who: before[who] + after[who] for who in before}
    assert check_frames(record, frames) > 0
    for who, messages in frames.items():
        seqs = [m["seq"] for m in messages if m.get("reason") == "action"]
        assert seqs == sorted(set(seqs)), who
    # The idle table's clock kept its deadline: not reset to 60 s by the restart.
    left = idle_welcome["clock"]["left"][0]
    assert left is not None
    assert left < 60.0 - (time.time() - started) + 1.0
    assert idle_welcome["table"]["status"] == "playing" and idle_welcome["clock"]["limit"] == 60.0


def test_no_frame_tells_of_an_action_that_a_kill_can_lose(server: ServerProcess) -> None:
    """While an action's commit waits for the database, no frame may show it: a kill then
    loses it, and someone would have seen a move that never happened."""
    ann, bob = GuestClient(server, "Ann"), GuestClient(server, "Bob")
    table = table_with(server, ann, [ann, bob], seed=43)
    path = server.database.removeprefix("sqlite:///")

    async def main() -> list[Message]:
        a = await Sock.open(server, table, ann)
        b = await Sock.open(server, table, bob)
        start = await a.sync()
        lock = sqlite3.connect(path, isolation_level=None, timeout=10)
        lock.execute("BEGIN IMMEDIATE")  # the server's next commit waits for this
        try:
            await a.send({"op": "act", "action": start["legal"][0]})
            await asyncio.sleep(0.3)
            await b.sync()  # asks for the table as it is now
            late = await Sock.open(server, table)  # and so does a newcomer
            await late.next()
            await asyncio.sleep(0.1)
            await asyncio.to_thread(server.kill)
        finally:
            lock.rollback()
            lock.close()
        seen = [m for s in (a, b, late) for m in s.messages if m["type"] == "state"]
        return seen

    seen = run(main())
    server.start(server.port)
    bob.rebase()

    async def again() -> Message:
        b = await Sock.open(server, table, bob)
        welcome = await b.next()
        await b.close()
        return welcome

    welcome = run(again())
    assert max(m["seq"] for m in seen) <= welcome["seq"]
    assert all(m["view"]["chosen"] == welcome["view"]["chosen"] for m in seen)
