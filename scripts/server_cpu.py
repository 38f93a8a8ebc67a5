"""The server's CPU an action, in process: no load client, no database, no system calls.

The load test's play (``pondside loadtest``: Lame Duck, four guests a table each with a socket,
random legal cards) through the hub itself: ``--tables`` tables of four seated guests, each
guest with a client whose frames are queued and read back, random actions at random tables.
For each action the CPU time (``time.process_time``, so a shared machine's other work is not
counted) of what the server does for it: the client's message validated
(``sockets.ClientMessage``), the next state computed, the match advanced, every receiver's
frame built and turned into text and queued. The commit to the database is left out (a no-op:
it is the group committer's, a thread's, measured by the load test).

With ``--sockets`` the whole server instead: the guests and tables made through the HTTP API,
each guest's WebSocket under uvicorn's protocol (``websockets-sansio``, as ``pondside serve``
runs it) over an in-memory transport, each action a masked client frame handed to the
protocol, timed until every seat's frame is written out (the system calls of real sockets, and
the load client, left out).

Each repeat plays ``--actions`` actions; the medians of ``--repeats`` repeats are printed, and,
with ``--layers``, where the time goes (inclusive times of the layers, from wrappers around
them: they cost a little themselves, so the total of that run is a little higher)::

    PYTHONPATH=src python scripts/server_cpu.py
    PYTHONPATH=src python scripts/server_cpu.py --layers --repeats 3
    PYTHONPATH=src python scripts/server_cpu.py --sockets --tables 50 --actions 2000

To compare two trees, run this script with ``PYTHONPATH`` set to the other tree's ``src``.

On a shared machine the medians of a few repeats move by a fifth from run to run, more than a
change worth measuring. ``--replays K`` plays the same actions (one seed) K times, each time on
a fresh server, and sums each action's least CPU time over the K plays: another process's work
only ever adds to an action's time, so the least of a few is close to the action's own cost::

    PYTHONPATH=src python scripts/server_cpu.py --replays 5 --tables 30 --actions 1500
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import inspect
import json
import random
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pondside.server import frames, sockets, tables, telling
from pondside.server import hub as hub_module
from pondside.server.app import create_app
from pondside.server.hub import Client, Guest, Hub, LiveTable
from pondside.server.settings import GC_YOUNG, Settings

SEATS = 4

spent: dict[str, float] = defaultdict(float)
calls: dict[str, int] = defaultdict(int)


def timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` counting its CPU time under ``name`` (inclusive of what it calls)."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        t = time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            spent[name] += time.process_time() - t
            calls[name] += 1

    return wrapper


def wrap_layers(game: Any) -> None:
    """Wrap the layers of an action's path (module names as their callers read them)."""
    sockets.ClientMessage = _Validator(sockets.ClientMessage)  # type: ignore[assignment]
    hub_module.next_state = timed("compute (next_state)", hub_module.next_state)
    hub_module.advance = timed("advance", hub_module.advance)
    Hub.broadcast = timed("broadcast (all receivers)", Hub.broadcast)  # type: ignore[method-assign]
    frames.live_shared = timed("  shared part (summary, clock)", frames.live_shared)
    frames.live_frame = timed("  receiver's frame (live_frame)", frames.live_frame)
    tables.Views.of = timed("    views", tables.Views.of)  # type: ignore[method-assign]
    frames.tell = timed("    tell", frames.tell)
    cls = type(game)
    for name in ("narrate", "labels", "captions", "standing", "standings"):
        # A game may hold a rule module's function as a static method: wrap it as one.
        raw = inspect.getattr_static(cls, name)
        if isinstance(raw, staticmethod):
            setattr(cls, name, staticmethod(timed(f"      {name}", raw.__func__)))
        else:
            setattr(cls, name, timed(f"      {name}", getattr(cls, name)))
    telling.words_in = timed("      words_in", telling.words_in)
    frames.text = timed("  text (orjson)", frames.text)
    Client.post = timed("  post (queue)", Client.post)  # type: ignore[method-assign]
    Hub.schedule = timed("schedule", Hub.schedule)  # type: ignore[method-assign]


class _Validator:
    def __init__(self, adapter: Any) -> None:
        self.adapter = adapter
        self.validate_json = timed("validate message", adapter.validate_json)


async def _noop_commit(_item: Any) -> None:
    return None


async def _new_table(hub: Hub, n: int) -> tuple[LiveTable, list[Client]]:
    guests = [Guest(f"g{n}-{s}", f"load {s}") for s in range(SEATS)]
    table = await hub.create(guests[0], "lame-duck", SEATS, {"rounds": 1}, "none", False, None)
    for s in range(1, SEATS):
        await hub.change_seat(table, guests[s], s, "join", None)
    clients = []
    for guest in guests:
        client = Client(send=_nowhere, seat=table.seat_of(guest), player=guest)
        table.clients.add(client)
        client.post(hub.welcome(table, client))
        clients.append(client)
    await hub.start(table, guests[0])
    _drain(clients)
    return table, clients


async def _nowhere(_text: str) -> None:
    return None


def _drain(clients: list[Client]) -> int:
    got = 0
    for client in clients:
        while not client.outbox.empty():
            got += client.outbox.get_nowait() is not None
    return got


async def _run(args: argparse.Namespace) -> list[dict[str, float]]:
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(database_url=f"sqlite:///{Path(tmp) / 'cpu.db'}", bot_delay=3600.0)
        app = create_app(settings)
        out = []
        async with app.router.lifespan_context(app):
            hub: Hub = app.state.hub
            hub.committer.commit = _noop_commit  # type: ignore[method-assign]
            rng = random.Random(args.seed)
            made = 0
            live = []
            for _n in range(args.tables):
                live.append(await _new_table(hub, made))
                made += 1
            if args.layers:
                wrap_layers(live[0][0].game)
            for _repeat in range(args.repeats):
                spent.clear()
                calls.clear()
                cpu = frames_sent = actions = 0.0
                while actions < args.actions:
                    i = rng.randrange(len(live))
                    table, clients = live[i]
                    match = table.match
                    assert match is not None
                    if match.is_over():
                        for client in clients:
                            table.clients.discard(client)
                        hub.tables.pop(table.data.id, None)
                        live[i] = await _new_table(hub, made)
                        made += 1
                        continue
                    seat = rng.choice(match.to_act())
                    action = rng.choice(match.legal(seat))
                    text = json.dumps({"op": "act", "action": action})
                    t = time.process_time()
                    msg = sockets.ClientMessage.validate_json(text)
                    await hub.act(table, seat, msg.action)
                    cpu += time.process_time() - t
                    frames_sent += _drain(clients)
                    actions += 1
                row = {
                    "us_an_action": 1e6 * cpu / actions,
                    "frames_an_action": frames_sent / actions,
                }
                row.update({f"layer {k}": 1e6 * v / actions for k, v in spent.items()})
                out.append(row)
        return out


async def _play_once(args: argparse.Namespace) -> list[int]:
    """The thread CPU time (ns) of each of ``args.actions`` actions, on a fresh server: the
    same actions for the same seed (the tables' ids differ; their lengths do not)."""
    with tempfile.TemporaryDirectory() as tmp:
        database = f"sqlite:///{Path(tmp) / 'cpu.db'}"
        app = create_app(Settings(database_url=database, bot_delay=3600.0, warm_search=False))
        async with app.router.lifespan_context(app):
            hub: Hub = app.state.hub
            hub.committer.commit = _noop_commit  # type: ignore[method-assign]
            rng = random.Random(args.seed)
            live = [await _new_table(hub, n) for n in range(args.tables)]
            made, times = len(live), []
            while len(times) < args.actions:
                i = rng.randrange(len(live))
                table, clients = live[i]
                match = table.match
                assert match is not None
                if match.is_over():
                    for client in clients:
                        table.clients.discard(client)
                    hub.tables.pop(table.data.id, None)
                    live[i] = await _new_table(hub, made)
                    made += 1
                    continue
                seat = rng.choice(match.to_act())
                text = json.dumps({"op": "act", "action": rng.choice(match.legal(seat))})
                t = time.thread_time_ns()
                msg = sockets.ClientMessage.validate_json(text)
                await hub.act(table, seat, msg.action)
                times.append(time.thread_time_ns() - t)
                _drain(clients)
            return times


# --- with the sockets: uvicorn's WebSocket protocol over transports that keep what is written
class _Transport(asyncio.Transport):
    """A connection's far end in memory: what the server writes is counted, not sent (no
    system calls: the CPU measured is the server's Python, its socket layer included)."""

    def __init__(self, port: int, written: list[int]) -> None:
        super().__init__()
        self.port, self.written, self.closing = port, written, False

    def write(self, data: Any) -> None:
        self.written[0] += 1

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", self.port), "sockname": ("127.0.0.1", 8000)}.get(
            name, default
        )

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


async def _socket_table(
    app: Any, config: Any, state: Any, n: int, written: list[int]
) -> tuple[LiveTable, list[Any]]:
    """A table of four guests made through the HTTP API, each with a WebSocket open."""
    import httpx
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

    hub: Hub = app.state.hub
    # Each table's guests come from an address of their own, as the load test's do: the
    # server makes at most 300 guests an hour from one address.
    source = (f"127.77.{n // 250}.{n % 250 + 1}", 40000 + n)
    transport = httpx.ASGITransport(app=app, client=source)
    cookies = []
    table_id = ""
    for s in range(SEATS):
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
            (await c.post("/api/guest", json={"name": f"load {s}"})).raise_for_status()
            if s == 0:
                body = {"players": SEATS, "options": {"rounds": 1}, "profile": "none"}
                r = await c.post("/api/tables", json={**body, "listed": False})
                table_id = r.json()["id"]
            else:
                r = await c.post(f"/api/tables/{table_id}/seats/{s}", json={"do": "join"})
                r.raise_for_status()
            cookies.append("; ".join(f"{k}={v}" for k, v in c.cookies.items()))
    protocols = []
    for s in range(SEATS):
        proto = WebSocketsSansIOProtocol(config, state, {})
        proto.connection_made(_Transport(10000 + 4 * n + s, written))
        proto.data_received(
            (
                f"GET /ws/tables/{table_id} HTTP/1.1\r\nHost: testserver\r\n"
                "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
                f"cookie: {cookies[s]}\r\n\r\n"  # (ASGI header names are lower case)
            ).encode()
        )
        protocols.append(proto)
    table = await hub.table(table_id)
    while len(table.clients) < SEATS:
        await asyncio.sleep(0.001)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
        c.cookies.update(dict(kv.split("=", 1) for kv in cookies[0].split("; ")))
        (await c.post(f"/api/tables/{table_id}/start")).raise_for_status()
    return table, protocols


def _client_frame(text: str) -> bytes:
    from websockets.frames import Frame, Opcode

    return Frame(Opcode.TEXT, text.encode()).serialize(mask=True, extensions=[])


async def _run_sockets(args: argparse.Namespace) -> list[dict[str, float]]:
    """As ``_run``, through the whole server: the ASGI app under uvicorn's WebSocket protocol
    (``websockets-sansio``, as ``pondside serve`` runs it), a message in, every frame out."""
    import uvicorn
    from uvicorn.server import ServerState

    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(database_url=f"sqlite:///{Path(tmp) / 'cpu.db'}", bot_delay=3600.0)
        app = create_app(settings)
        config = uvicorn.Config(
            app, ws="websockets-sansio", ws_max_size=1 << 20, lifespan="off", log_level="warning"
        )
        config.ws_per_message_deflate = settings.compress
        config.ws_ping_interval = None
        config.load()
        state = ServerState()
        out = []
        written = [0]
        async with app.router.lifespan_context(app):
            hub: Hub = app.state.hub
            hub.committer.commit = _noop_commit  # type: ignore[method-assign]
            rng = random.Random(args.seed)
            live = [await _socket_table(app, config, state, n, written) for n in range(args.tables)]
            made = len(live)
            await asyncio.sleep(0.5)  # the welcomes and presence frames go out
            for _repeat in range(args.repeats):
                cpu = frames_sent = actions = 0.0
                while actions < args.actions:
                    i = rng.randrange(len(live))
                    table, protocols = live[i]
                    match = table.match
                    assert match is not None
                    if match.is_over():
                        for proto in protocols:
                            proto.connection_lost(None)
                        live[i] = await _socket_table(app, config, state, made, written)
                        made += 1
                        await asyncio.sleep(0.3)
                        continue
                    seat = rng.choice(match.to_act())
                    data = _client_frame(
                        json.dumps({"op": "act", "action": rng.choice(match.legal(seat))})
                    )
                    before, seq = written[0], table.data.seq
                    t = time.process_time()
                    protocols[seat].data_received(data)
                    while table.data.seq == seq or written[0] < before + SEATS:
                        await asyncio.sleep(0)
                    cpu += time.process_time() - t
                    frames_sent += written[0] - before
                    actions += 1
                out.append(
                    {"us_an_action": 1e6 * cpu / actions, "frames_an_action": frames_sent / actions}
                )
            for _table, protocols in live:
                for proto in protocols:
                    proto.connection_lost(None)
            await asyncio.sleep(0.2)
        return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--actions", type=int, default=4000, help="actions a repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--layers", action="store_true", help="where the time goes")
    parser.add_argument(
        "--replays", type=int, default=0, help="the same actions K times: each one's least time"
    )
    parser.add_argument(
        "--sockets", action="store_true", help="through uvicorn's WebSocket protocol too"
    )
    args = parser.parse_args()
    gc.set_threshold(GC_YOUNG)  # the server's default
    if args.replays:
        plays = [asyncio.run(_play_once(args)) for _n in range(args.replays)]
        least = [min(p[j] for p in plays) for j in range(args.actions)]
        middle = [sorted(p[j] for p in plays)[len(plays) // 2] for j in range(args.actions)]
        print(f"{args.tables} tables, the same {args.actions} actions x {args.replays} replays")
        print(f"{'us_an_action (sum of each least)':42} {sum(least) / 1000 / args.actions:9.1f}")
        print(f"{'us_an_action (sum of each median)':42} {sum(middle) / 1000 / args.actions:9.1f}")
        shown = " ".join(f"{sum(p) / 1000 / args.actions:.1f}" for p in plays)
        print(f"{'us_an_action (each replay)':42} {'':9}   [{shown}]")
        return
    rows = asyncio.run(_run_sockets(args) if args.sockets else _run(args))
    keys = list(dict.fromkeys(k for row in rows for k in row))
    print(f"{args.tables} tables, {args.actions} actions x {args.repeats} repeats (median; all)")
    for key in keys:
        values = [row.get(key, 0.0) for row in rows]
        shown = " ".join(f"{v:.1f}" for v in values)
        print(f"{key:42} {statistics.median(values):9.1f}   [{shown}]")


if __name__ == "__main__":
    main()
