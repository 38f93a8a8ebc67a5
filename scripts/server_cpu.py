"""The server's CPU an action, in process: no sockets, no load client, no database.

The load test's play (``pondside loadtest``: Lame Duck, four guests a table each with a socket,
random legal cards) through the hub itself: ``--tables`` tables of four seated guests, each
guest with a client whose frames are queued and read back, random actions at random tables.
For each action the CPU time (``time.process_time``, so a shared machine's other work is not
counted) of what the server does for it: the client's message validated
(``sockets.ClientMessage``), the next state computed, the match advanced, every receiver's
frame built and turned into text and queued. The commit to the database is left out (a no-op:
it is the group committer's, a thread's, measured by the load test); so is the socket's send.

Each repeat plays ``--actions`` actions; the medians of ``--repeats`` repeats are printed, and,
with ``--layers``, where the time goes (inclusive times of the layers, from wrappers around
them: they cost a little themselves, so the total of that run is a little higher)::

    PYTHONPATH=src python scripts/server_cpu.py
    PYTHONPATH=src python scripts/server_cpu.py --layers --repeats 3
"""

from __future__ import annotations

import argparse
import asyncio
import gc
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--actions", type=int, default=4000, help="actions a repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--layers", action="store_true", help="where the time goes")
    args = parser.parse_args()
    gc.set_threshold(GC_YOUNG)  # the server's default
    rows = asyncio.run(_run(args))
    keys = list(dict.fromkeys(k for row in rows for k in row))
    print(f"{args.tables} tables, {args.actions} actions x {args.repeats} repeats (median; all)")
    for key in keys:
        values = [row.get(key, 0.0) for row in rows]
        shown = " ".join(f"{v:.1f}" for v in values)
        print(f"{key:42} {statistics.median(values):9.1f}   [{shown}]")


if __name__ == "__main__":
    main()
