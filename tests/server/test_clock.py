"""Clocks on a fast server (clock_scale 0.05: the "fast" profile's 15 s are 0.75 s): a seat
whose time runs out gets the rules' default (LD-11), a disconnected player keeps their clock
and takes their seat back with the same cookie, and clocks tick on after a restart."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pondside.engine import Match
from pondside.games.lame_duck import GAME, fewest_ducks_column
from pondside.server.settings import ANIMATION_CAP, ANIMATION_SECONDS
from serverproc import GuestClient, ServerProcess
from tablesock import Message, Sock, run, table_with

SCALE = 0.05
LIMIT = 15.0 * SCALE  # the fast profile's decision


def _clock_server(path: Path) -> ServerProcess:
    return ServerProcess(
        f"sqlite:///{path / 'pondside.db'}", clock_scale=SCALE, log=path / "server.log"
    )


@pytest.fixture(scope="module")
def clock_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = _clock_server(tmp_path_factory.mktemp("clock")).start()
    yield proc
    proc.stop()


def _timeouts_until_a_take() -> tuple[int, list[Any]]:
    """A seed whose first turn, everyone timing out, has a card too low for every column;
    and the states of that match, each seat timing out in seat order."""
    for seed in range(1000):
        match = Match(GAME, 2, {"rounds": 1}, seed=seed)
        states = [match.state]
        for _ in range(3):
            for seat in match.to_act():
                match.timeout(seat)
                states.append(match.state)
        if match.actions[2][1].startswith("take"):
            return seed, states
    raise AssertionError("no seed found")


def test_a_seat_out_of_time_gets_a_random_card_and_a_too_low_one_the_fewest_ducks(
    clock_server: ServerProcess,
) -> None:
    seed, states = _timeouts_until_a_take()
    ann, bob = GuestClient(clock_server, "Ann"), GuestClient(clock_server, "Bob")
    table = table_with(clock_server, ann, [ann, bob], start=False, profile="fast", seed=seed)

    async def main() -> tuple[int, list[Message]]:
        # Both players are at the table and let their time run out (a player gone would get a
        # stand-in once their time ran out: test_standin.py).
        present = [await Sock.open(clock_server, table, g) for g in (ann, bob)]
        watcher = await Sock.open(clock_server, table)
        opened = (await watcher.next())["seq"]
        assert ann.start(table).status_code == 200
        started = time.monotonic()
        took = await watcher.next(
            lambda m: any(e["type"] == "take" for e in m.get("events", [])), timeout=10
        )
        # Two turns' clocks ran out, one after the other (the take has a clock of its own).
        assert time.monotonic() - started >= 2 * LIMIT - 0.1
        assert took["seq"] == opened + 1 + 3
        await watcher.close()
        for sock in present:
            await sock.close()
        return opened + 1, [m for m in watcher.messages if m["type"] == "state" and m["view"]]

    start_seq, frames = run(main())
    for frame in frames:
        k = frame["seq"] - start_seq
        expected = json.loads(json.dumps(GAME.view(states[k], None)))
        assert frame["view"] == expected, k  # the actions LD-11 prescribes, in seat order
        assert frame["clock"]["limit"] == pytest.approx(LIMIT)
        # A new decision also gets the time the page takes to place the cards (scaled too).
        bound = LIMIT + ANIMATION_CAP * SCALE
        assert all(left is None or 0 <= left <= bound for left in frame["clock"]["left"])
        if any(e["type"] == "reveal" for e in frame["events"]) and not frame["view"]["over"]:
            shown = sum(ANIMATION_SECONDS.get(e["type"], 0) for e in frame["events"]) * SCALE
            for seat in frame["view"]["to_act"]:
                assert LIMIT - 0.1 < frame["clock"]["left"][seat] <= LIMIT + shown + 0.01
        if frame["reason"] == "action":  # every action here was the clock's
            assert frame["by"]["how"] == "timeout"
    taker = states[2].awaiting
    awaiting = frames[-2]["view"]
    assert awaiting["awaiting_take"] == taker and awaiting["to_act"] == [taker]
    column = fewest_ducks_column(states[2].columns)
    take = next(e for e in frames[-1]["events"] if e["type"] == "take")
    assert take["seat"] == taker and take["column"] == column
    assert take["reason"] == "too low"


def _seat_0_moved(m: Message) -> bool:
    events = m.get("events", [])
    return {"type": "chose", "seat": 0} in events or any(e["type"] == "reveal" for e in events)


def test_a_disconnected_player_keeps_their_clock_and_takes_the_seat_back(tmp_path: Path) -> None:
    """Gone, her clock runs on: its timeout action plays for her, then a stand-in (her time ran
    out while she was gone); back, she has her seat again and plays her own card. The bots
    think a moment here, so the match is still on when she comes back."""
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'pondside.db'}",
        clock_scale=SCALE,
        bot_delay=0.3,
        log=tmp_path / "server.log",
    ).start()
    try:
        _come_back(server)
    finally:
        server.stop()


def _come_back(clock_server: ServerProcess) -> None:
    ann = GuestClient(clock_server, "Ann")
    table = table_with(clock_server, ann, [ann, "random"], profile="fast", options={"rounds": 3})

    async def main() -> None:
        watcher = await Sock.open(clock_server, table)
        a = await Sock.open(clock_server, table, ann)
        assert (await a.next())["you"]["seat"] == 0
        await a.close()
        gone = await watcher.next(
            lambda m: m.get("reason") == "presence" and not m["table"]["seats"][0]["online"]
        )
        # Her cards are chosen for her, turn after turn.
        for _ in range(2):
            await watcher.next(
                lambda m: (
                    {"type": "chose", "seat": 0} in m.get("events", [])
                    or any(e["type"] == "reveal" for e in m.get("events", []))
                ),
                timeout=5,
            )
        assert watcher.last_state()["seq"] >= gone["seq"] + 2
        # She comes back with the same cookie: her seat, her hand, and her own choice.
        a = await Sock.open(clock_server, table, ann)
        welcome = await a.next()
        assert welcome["you"]["seat"] == 0 and "hand" in welcome["view"]
        for _attempt in range(6):
            frame = await a.next(
                lambda m: (
                    m.get("type") == "state"
                    and bool(m["legal"])
                    and m["clock"]["left"][0] is not None
                    and m["clock"]["left"][0] > 0.3
                    and a.cursor == len(a.messages)
                ),
                timeout=5,
            )
            card = frame["legal"][-1]
            number = int(card.split()[1])
            await a.send({"op": "act", "action": card})
            answer = await a.next(lambda m: m.get("type") == "error" or _seat_0_moved(m))
            if answer["type"] == "error":
                continue  # her clock ran out first: the next turn, then
            revealed = [c for e in answer["events"] if e["type"] == "reveal" for c in e["cards"]]
            if answer["view"]["my_choice"] == number or [0, number] in revealed:
                assert answer["table"]["seats"][0]["online"]
                break
        else:
            raise AssertionError("her own card was never taken in time")
        await a.close()
        await watcher.close()

    run(main(), timeout=40)


def test_clocks_tick_on_after_a_restart(tmp_path: Path) -> None:
    server = _clock_server(tmp_path).start()
    try:
        ann = GuestClient(server, "Ann")
        table = table_with(server, ann, [ann, "random"], profile="fast")

        async def timed_out(sock: Sock) -> Message:
            return await sock.next(
                lambda m: (
                    {"type": "chose", "seat": 0} in m.get("events", [])
                    or any(e["type"] == "reveal" for e in m.get("events", []))
                ),
                timeout=3,
            )

        async def before() -> int:
            watcher = await Sock.open(server, table)
            frame = await timed_out(watcher)
            await watcher.close()
            return int(frame["seq"])

        seq = run(before())
        server.restart()

        async def after() -> None:
            watcher = await Sock.open(server, table)
            welcome = await watcher.next()
            assert welcome["seq"] >= seq
            # Still clocks of this table's pace (a restart grants a grace of the same scale),
            # for whoever is to act when the page comes back (seat 0 may have run out again).
            lefts = [welcome["clock"]["left"][s] for s in welcome["view"]["to_act"]]
            bound = LIMIT + ANIMATION_CAP * SCALE
            assert lefts and all(left is not None and 0 <= left <= bound for left in lefts)
            frame = await timed_out(watcher)
            assert frame["seq"] > welcome["seq"]
            await watcher.close()

        run(after())
    finally:
        server.stop()
