"""Take-over (issue 28, point 2): a player whose every connection to a running match is lost
has a grace period, shown to the others counting down; past it a bot stands in for them, its
decisions recorded as the stand-in's for that seat, until they come back and get the seat at
once. The stand-in outlives a restart and a kill -9 like every other table state."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from serverproc import GuestClient, ServerProcess
from tablesock import Sock, play_randomly, run, table_with

GRACE = 1.5  # seconds: the server's --grace


@pytest.fixture
def graceful(tmp_path: Path) -> Iterator[ServerProcess]:
    proc = ServerProcess(
        f"sqlite:///{tmp_path / 'pondside.db'}",
        log=tmp_path / "server.log",
        extra=["--grace", str(GRACE)],
    ).start()
    yield proc
    proc.stop()


def seat_of(frame: dict[str, Any], i: int) -> dict[str, Any]:
    seat: dict[str, Any] = frame["table"]["seats"][i]
    return seat


async def play_until(sock: Sock, done: Any, timeout: float = 30.0) -> dict[str, Any]:
    """The first frame for which ``done`` holds; meanwhile the socket's player takes the first
    legal action of each new state that asks them (once per sequence number)."""
    acted = -1
    while True:
        m = await sock.next(
            lambda m: done(m) or (m.get("type") == "state" and bool(m["legal"])), timeout=timeout
        )
        if done(m):
            return dict(m)
        # Only on the newest frame received: one still queued behind others may ask for an
        # action the table has moved past (a take due, LD-8: refused, flakily).
        if m["seq"] > acted and sock.cursor == len(sock.messages):
            acted = m["seq"]
            await sock.send({"op": "act", "action": m["legal"][0]})


def test_a_bot_stands_in_for_a_player_gone_past_the_grace_period_until_they_are_back(
    graceful: ServerProcess,
) -> None:
    ann, bob = GuestClient(graceful, "Ann"), GuestClient(graceful, "Bob")
    # Lame Duck, three rounds: long enough for Ann to see Bob's stand-in play.
    table = table_with(graceful, ann, [ann, bob, "random"], options={"rounds": 3})

    async def main() -> None:
        a = await Sock.open(graceful, table, ann)
        b = await Sock.open(graceful, table, bob)
        await b.close()  # Bob's only connection is lost
        # The others see the grace period counting down, then the stand-in.
        counting = await a.next(lambda m: "grace_left" in seat_of(m, 1))
        assert 0 < seat_of(counting, 1)["grace_left"] <= GRACE
        assert seat_of(counting, 1)["online"] is False and seat_of(counting, 1)["bot"] is None
        stood = await a.next(lambda m: seat_of(m, 1).get("away") is True, timeout=GRACE + 10)
        shown = seat_of(stood, 1)
        assert (shown["name"], shown["bot"], shown.get("resigned")) == ("Bob", "casual", None)
        # The stand-in plays Bob's seat: Ann plays on and sees its decisions, told apart.
        a.cursor = 0
        for _ in range(3):
            frame = await a.next(lambda m: m.get("type") == "state" and bool(m["legal"]))
            await a.send({"op": "act", "action": frame["legal"][0]})
            await a.next(lambda m: (m.get("by") or {}).get("seat") == 0)
            a.cursor -= 1  # the frame of Ann's play may itself ask her next (a row to take)
        a.cursor = 0
        by = await a.next(lambda m: (m.get("by") or {}).get("seat") == 1)
        assert by["by"]["how"] == "stand-in"
        # Bob comes back: the seat is his again at once, and he is asked to play.
        b = await Sock.open(graceful, table, bob)
        back = await a.next(lambda m: m.get("reason") == "table" and "away" not in seat_of(m, 1))
        assert seat_of(back, 1)["bot"] is None and seat_of(back, 1)["online"] is True
        mine = await b.sync()
        assert mine["you"]["seat"] == 1
        await a.close()
        await b.close()

    run(main(), timeout=60)
    steps = ann.http.get(f"/api/tables/{table}").json()
    assert steps["seats"][1].get("away") is None


@pytest.mark.parametrize("stop", ["kill -9", "restart"])
def test_a_stand_in_outlives_a_kill_and_a_restart(graceful: ServerProcess, stop: str) -> None:
    """Both ways a server ends: killed (no chance to tidy up) and stopped (SIGTERM, its
    shutdown), then started on the same database. The stand-in plays on, and (played to the
    end once) the match's replay says which decisions the bot made for Bob: every one of his."""
    ann, bob = GuestClient(graceful, "Ann"), GuestClient(graceful, "Bob")
    table = table_with(graceful, ann, [ann, bob, "random"], options={"rounds": 3})

    async def gone() -> None:
        a = await Sock.open(graceful, table, ann)
        await a.next(lambda m: seat_of(m, 1).get("away") is True, timeout=GRACE + 10)
        await a.close()

    run(gone())
    if stop == "kill -9":
        graceful.restart()  # kill -9, then the same database
    else:
        port = graceful.port
        graceful.stop()
        graceful.start(port)
    seats = ann.http.get(f"/api/tables/{table}").json()["seats"]
    assert seats[1]["away"] is True and seats[1]["bot"] == "casual"

    async def after() -> None:
        a = await Sock.open(graceful, table, ann)
        # The stand-in plays at once after the restart (no new grace period for Bob); Ann
        # plays whenever she is asked (a card, or a column to take) until it has, then to
        # the end.
        by = await play_until(a, lambda m: (m.get("by") or {}).get("seat") == 1)
        assert by["by"]["how"] == "stand-in"
        if stop == "restart":
            await play_randomly(a, random.Random(1), timeout=60)
        await a.close()

    run(after(), timeout=90)
    if stop != "restart":
        return
    frames = ann.http.get(f"/api/replays/{table}").json()["frames"]
    hows = {(f["by"]["seat"], f["by"]["how"]) for f in frames if f.get("by")}
    assert hows == {(0, "player"), (1, "stand-in"), (2, "bot")}
    record = ann.http.get(f"/api/tables/{table}/record").json()
    assert record["names"][:2] == ["Ann", "Bob"]  # the seat is still Bob's in the record


def test_with_a_clock_the_stand_in_comes_when_the_gone_players_time_runs_out(
    tmp_path: Path,
) -> None:
    """A clock shorter than the grace period: the gone player's time runs out first. The rules'
    timeout action is played for them (LD-11), then the stand-in plays their seat at once,
    rather than the clock deciding each of their turns at its full length until the grace
    ends; the others see one countdown, ending with the clock."""
    scale = 0.05  # the fast clock: 0.75 s a decision; the grace: 60 s, here 3 s
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'pondside.db'}",
        clock_scale=scale,
        log=tmp_path / "server.log",
        extra=["--grace", "60"],
    ).start()
    try:
        ann, bob = GuestClient(server, "Ann"), GuestClient(server, "Bob")
        table = table_with(server, ann, [ann, bob], options={"rounds": 3}, profile="fast")

        async def main() -> None:
            a = await Sock.open(server, table, ann)
            b = await Sock.open(server, table, bob)
            await b.close()
            counting = await a.next(lambda m: "grace_left" in seat_of(m, 1))
            assert seat_of(counting, 1)["grace_left"] <= 15.0 * scale + 1.0  # the clock's, not 3 s
            timed = await a.next(lambda m: (m.get("by") or {}).get("seat") == 1, timeout=5)
            assert timed["by"]["how"] == "timeout"
            stood = await a.next(lambda m: seat_of(m, 1).get("away") is True, timeout=2)
            assert seat_of(stood, 1)["bot"] == "casual"
            by = await a.next(lambda m: (m.get("by") or {}).get("seat") == 1, timeout=10)
            assert by["by"]["how"] == "stand-in"
            await a.close()

        run(main(), timeout=30)
    finally:
        server.stop()
