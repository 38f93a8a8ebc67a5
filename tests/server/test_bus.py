"""Redis pub/sub between server processes (``pondside.server.bus``), against a real
redis-server: every process hears every table's messages in order, its own too; a Redis
restart is survived by reconnecting, and said (the caller reloads from the database what the
outage made it miss); bad messages and failing handlers stop nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pondside.server.bus import PREFIX, RedisBus
from redisproc import RedisProcess
from tablesock import run


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisProcess]:
    proc = RedisProcess(tmp_path).start()
    yield proc
    proc.stop()


class Heard:
    def __init__(self) -> None:
        self.messages: list[tuple[str, dict[str, Any]]] = []
        self.arrived = asyncio.Event()

    def __call__(self, table: str, message: dict[str, Any]) -> None:
        self.messages.append((table, message))
        self.arrived.set()

    async def until(self, count: int, timeout: float = 5.0) -> None:
        async with asyncio.timeout(timeout):
            while len(self.messages) < count:
                self.arrived.clear()
                await self.arrived.wait()


def test_two_processes_hear_every_table_in_order_their_own_messages_too(
    redis_server: RedisProcess,
) -> None:
    async def main() -> None:
        heard_a, heard_b = Heard(), Heard()
        a = RedisBus(redis_server.url, heard_a, origin="a")
        b = RedisBus(redis_server.url, heard_b, origin="b")
        await a.start()
        await b.start()
        try:
            for seq in range(1, 101):
                table = "t1" if seq % 2 else "t2"
                assert await a.publish(table, {"seq": seq, "action": f"play {seq}"}) == 2
            await heard_b.until(100)
            await heard_a.until(100)
            for heard in (heard_a, heard_b):
                assert [m["seq"] for t, m in heard.messages if t == "t1"] == list(range(1, 101, 2))
                assert [m["seq"] for t, m in heard.messages if t == "t2"] == list(range(2, 101, 2))
                assert {m["origin"] for _, m in heard.messages} == {"a"}
        finally:
            await a.close()
            await b.close()

    run(main())


def test_a_redis_restart_is_survived_and_said_so_the_tables_are_reloaded(
    redis_server: RedisProcess,
) -> None:
    async def main() -> None:
        heard = Heard()
        reloads: list[int] = []
        bus = RedisBus(redis_server.url, heard, on_reconnect=lambda: reloads.append(1))
        await bus.start()
        publisher = RedisBus(redis_server.url, Heard())
        await publisher.start()
        try:
            await publisher.publish("t", {"seq": 1})
            await heard.until(1)
            await asyncio.to_thread(redis_server.kill)
            with pytest.raises(Exception):  # noqa: B017 (redis-py's ConnectionError or a timeout)
                await publisher.publish("t", {"seq": 2})  # lost: nobody can hear it
            await asyncio.to_thread(redis_server.start)
            async with asyncio.timeout(10):
                while not reloads:
                    await asyncio.sleep(0.05)
            assert bus.reconnects == 1 and bus.connected.is_set()
            await publisher.publish("t", {"seq": 3})
            await heard.until(2)
            # The subscriber knows it missed seq 2 (a gap) and was told to reload anyway.
            assert [m["seq"] for _, m in heard.messages] == [1, 3]
        finally:
            await bus.close()
            await publisher.close()

    run(main(), timeout=30)


def test_a_bad_message_or_a_failing_handler_stops_nothing(redis_server: RedisProcess) -> None:
    async def main() -> None:
        heard = Heard()

        def handler(table: str, message: dict[str, Any]) -> None:
            if message.get("boom"):
                raise RuntimeError("one table's trouble")
            heard(table, message)

        bus = RedisBus(redis_server.url, handler)
        await bus.start()
        try:
            raw = bus._redis
            await raw.publish(PREFIX + "t", b"{not json")
            await raw.publish(PREFIX + "t", b"[1, 2]")
            await bus.publish("t", {"boom": True})
            await bus.publish("t", {"seq": 7})
            await heard.until(1)
            assert heard.messages == [("t", {"seq": 7, "origin": ""})]
        finally:
            await bus.close()

    run(main())


def test_a_server_told_to_use_a_redis_that_is_down_does_not_start(tmp_path: Path) -> None:
    down = RedisProcess(tmp_path)  # never started: nothing listens on its port

    async def main() -> None:
        bus = RedisBus(down.url, Heard())
        try:
            with pytest.raises(Exception):  # noqa: B017 (redis-py's ConnectionError)
                await bus.start()
        finally:
            await bus.close()

    run(main())
