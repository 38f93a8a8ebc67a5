"""WebSocket clients of a table for the server's tests: real sockets on loopback.

``Sock`` records every message a socket receives, in order, and waits for the ones a test
needs; ``play_randomly`` is a person at a seat who plays random legal actions to the end.
Tests are plain functions that run their coroutine with ``run`` (no pytest plugin needed).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from serverproc import GuestClient, ServerProcess

T = TypeVar("T")
Message = dict[str, Any]


def run(coro: Coroutine[Any, Any, T], timeout: float = 60.0) -> T:
    """Run one test's coroutine, failing it rather than hanging past ``timeout``."""

    async def bounded() -> T:
        try:
            return await asyncio.wait_for(coro, timeout)
        finally:
            # The sockets the test left open (most do, to the end): closed before the loop
            # ends, else their transports are only found, unclosed, by the garbage collector.
            while _open_socks:
                with contextlib.suppress(Exception):
                    await _open_socks[-1].close()

    return asyncio.run(bounded())


_open_socks: list[Sock] = []


class Sock:
    """One WebSocket of a table and every message it received, in order."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.messages: list[Message] = []
        self.cursor = 0  # messages before it have been looked at by ``next``
        self.closed: ConnectionClosed | None = None
        self._arrived = asyncio.Event()
        self._reader = asyncio.create_task(self._read())
        _open_socks.append(self)

    @classmethod
    async def open(
        cls,
        server: ServerProcess,
        table_id: str,
        guest: GuestClient | None = None,
        headers: dict[str, str] | None = None,
        welcome: bool = True,
    ) -> Sock:
        all_headers = {**(guest.socket_headers() if guest else {}), **(headers or {})}
        ws = await connect(
            f"{server.ws_url}/ws/tables/{table_id}",
            additional_headers=all_headers,
            open_timeout=10,
            max_size=2**22,
        )
        sock = cls(ws)
        if welcome:  # wait for it, but leave it to be looked at
            await sock.next(lambda m: m.get("reason") == "welcome")
            sock.cursor -= 1
        return sock

    async def _read(self) -> None:
        try:
            while True:
                text = await self.ws.recv()
                self.messages.append(json.loads(text))
                self._arrived.set()
        except ConnectionClosed as exc:
            self.closed = exc
        finally:
            self._arrived.set()

    async def close(self) -> None:
        if self in _open_socks:
            _open_socks.remove(self)
        await self.ws.close()
        await self._reader

    async def send(self, message: Message | str | bytes) -> None:
        await self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    async def next(
        self, match: Callable[[Message], bool] | None = None, timeout: float = 10.0
    ) -> Message:
        """The next message (after the ones already looked at) for which ``match`` holds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            while self.cursor < len(self.messages):
                message = self.messages[self.cursor]
                self.cursor += 1
                if match is None or match(message):
                    return message
            if self.closed is not None:
                raise AssertionError(f"the socket closed while waiting: {self.closed!r}")
            self._arrived.clear()
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError(f"no such message within {timeout} s; last: {self.brief()}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._arrived.wait(), left)

    def brief(self, last: int = 5) -> list[tuple[Any, ...]]:
        """The last messages in short: type, reason, seq, and an error's message."""
        return [
            (m.get("type"), m.get("reason"), m.get("seq"), m.get("message"))
            for m in self.messages[-last:]
        ]

    async def skip_to_end(self) -> None:
        """Mark every message received so far as looked at."""
        self.cursor = len(self.messages)

    def states(self) -> list[Message]:
        return [m for m in self.messages if m.get("type") == "state"]

    def last_state(self) -> Message:
        return self.states()[-1]

    async def ping(self, timeout: float = 10.0) -> Message:
        await self.skip_to_end()
        await self.send({"op": "ping"})
        return await self.next(lambda m: m.get("type") == "pong", timeout)

    async def sync(self) -> Message:
        """The table as it is now: the answer to a sync (messages before it are skipped)."""
        await self.skip_to_end()
        await self.send({"op": "sync"})
        return await self.next(lambda m: m.get("reason") == "welcome")

    async def act(self, action: str, timeout: float = 10.0) -> Message:
        """Send an action; its answer is an error or the state frame where it took effect."""
        before = self.last_state()["seq"] if self.states() else -1
        await self.skip_to_end()
        await self.send({"op": "act", "action": action})
        return await self.next(
            lambda m: m.get("type") == "error" or (m.get("type") == "state" and m["seq"] > before),
            timeout,
        )

    async def until_over(self, timeout: float = 30.0) -> Message:
        """The frame where the match ended (looked for among every frame received)."""
        self.cursor = 0
        return await self.next(
            lambda m: m.get("type") == "state" and bool(m["view"]) and m["view"]["over"], timeout
        )


def table_with(
    server: ServerProcess,
    host: GuestClient,
    seats: list[GuestClient | str | None],
    start: bool = True,
    **body: Any,
) -> str:
    """A table whose seat i is ``seats[i]``: a guest, a bot level, or None (left empty; seat 0
    is the host's unless it names a bot); started unless ``start`` is false. Returns its id."""
    body.setdefault("profile", "none")
    body.setdefault("options", {"rounds": 1})
    table = host.create(len(seats), **body)["id"]
    for i, who in enumerate(seats):
        if isinstance(who, str):
            r = host.seat(table, i, "bot", who)
        elif who is host or who is None:
            continue
        else:
            r = who.seat(table, i, "join")
        assert r.status_code == 200, r.text
    if start:
        r = host.start(table)
        assert r.status_code == 200, r.text
    return table


async def play_randomly(
    sock: Sock,
    rng: random.Random,
    pick: Callable[[Message, random.Random], str] | None = None,
    timeout: float = 30.0,
) -> None:
    """Play a random legal action whenever the newest frame asks this seat for one, until the
    match is over. After an action it waits for the frame where that action took effect (its
    legal actions changed, or the frame names this seat as the one that acted) before it acts
    again; an error frame fails the test."""
    waiting_on: list[str] | None = None  # the legal actions when this seat last acted
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        message = await sock.next(timeout=deadline - loop.time())
        if message.get("type") == "error":
            raise AssertionError(f"a legal action was refused: {message}")
        if message.get("type") != "state":
            continue
        mine = message.get("by") and message["by"]["seat"] == message["you"]["seat"]
        # The action took effect: its frame says so, or the legal actions changed (a game with
        # many copies of a card, Ladders, can leave them the same after a play).
        if waiting_on is not None and (mine or message["legal"] != waiting_on):
            waiting_on = None
        if message["view"] is not None and message["view"]["over"]:
            return
        if waiting_on is None and message["legal"] and sock.cursor == len(sock.messages):
            waiting_on = message["legal"]
            action = pick(message, rng) if pick else rng.choice(message["legal"])
            await sock.send({"op": "act", "action": action})


async def gather_all(*coros: Coroutine[Any, Any, T]) -> list[T]:
    return list(await asyncio.gather(*coros))
