"""A finished table leaves nothing for Python's cycle collector: every object of its match,
its sockets, its clock and its bots is freed by reference counting the moment the table is let
go. So the server can collect its young objects rarely (``Settings.gc_young``, 10,000 by
default: short pauses of the event loop with thousands of sockets) without its memory growing
with every match (issue 26, point 7)."""

from __future__ import annotations

import asyncio
import gc
import json
import weakref
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from pondside.server.app import LOOP, create_app
from pondside.server.collector import YOUNG_SECONDS, Collector
from pondside.server.hub import Guest, Hub
from pondside.server.settings import Settings
from tablesock import run

LIBRARY_CYCLES = frozenset(
    {
        # openskill (compiled) sorts the teams by place with a closure that refers to its own
        # environment: three small objects made and dropped inside one rating, freed by the
        # next young collection; nothing of the table is in them.
        "openskill.models.weng_lin.common._unwind_env",
        "openskill.models.weng_lin.common._pick_zeroth_index__unwind_obj",
        "openskill.models.weng_lin.common._sorter__unwind_obj",
    }
)


@contextmanager
def garbage() -> Iterator[list[Any]]:
    """The objects that only the collector would have freed while the block ran."""
    found: list[Any] = []
    gc.collect()
    gc.disable()  # nothing collected (and so lost to the count) while the block runs
    try:
        yield found
    finally:
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        found.extend(gc.garbage)
        gc.garbage.clear()
        gc.set_debug(0)
        gc.enable()


def _name(o: object) -> str:
    return f"{type(o).__module__}.{type(o).__qualname__}"


def kinds(objects: list[Any]) -> Counter[str]:
    """The objects' types, less the library cycles of ``LIBRARY_CYCLES`` and what, of the
    garbage, only they lead to."""
    among = {id(o): o for o in objects}
    library: set[int] = set()
    todo = [o for o in objects if _name(o) in LIBRARY_CYCLES]
    while todo:
        o = todo.pop()
        if id(o) not in library:
            library.add(id(o))
            todo.extend(r for r in gc.get_referents(o) if id(r) in among)
    return Counter(_name(o) for o in objects if id(o) not in library)


async def _socket(
    app: Any, table_id: str, secret: str, moves: asyncio.Queue[str], vanish: int = 0
) -> None:
    """One player's WebSocket, through the ASGI application as uvicorn calls it: it plays the
    first legal action of every frame that offers some, and leaves once the match is over;
    with ``vanish``, its peer is gone at that frame (sending fails, as uvicorn's does)."""
    incoming: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    incoming.put_nowait({"type": "websocket.connect"})
    sent = 0

    async def receive() -> dict[str, Any]:
        return await incoming.get()

    async def send(message: dict[str, Any]) -> None:
        nonlocal sent
        sent += 1
        if sent == vanish:
            incoming.put_nowait({"type": "websocket.disconnect", "code": 1006})
            raise OSError("the peer is gone")
        text = message.get("text")
        if text is None:
            return
        frame = json.loads(text)
        if frame.get("type") != "state":
            return
        if frame["table"]["status"] == "over":
            incoming.put_nowait({"type": "websocket.disconnect", "code": 1000})
        elif frame["legal"]:
            act = {"op": "act", "action": frame["legal"][0], "seq": frame["seq"]}
            incoming.put_nowait({"type": "websocket.receive", "text": json.dumps(act)})
            moves.put_nowait(frame["legal"][0])

    path = f"/ws/tables/{table_id}"
    scope = {
        "type": "websocket",
        "asgi": {"version": "3.0", "spec_version": "2.4"},
        "http_version": "1.1",
        "scheme": "ws",
        "server": ("127.0.0.1", 8000),
        "client": ("127.0.0.1", 40000),
        "root_path": "",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": [
            (b"host", b"127.0.0.1:8000"),
            (b"cookie", f"pondside_secret={secret}".encode()),
        ],
        "subprotocols": [],
        "state": {},
    }
    await app(scope, receive, send)


def test_a_finished_table_leaves_nothing_for_the_collector(tmp_path: Path) -> None:
    """Two guests play a short Lame Duck match over their sockets against a bot, with a clock,
    watched by one whose peer vanishes; the table ends, its sockets close and it leaves memory:
    nothing of it was in a cycle."""
    app = create_app(
        Settings(database_url=f"sqlite:///{tmp_path / 'gc.db'}", bot_delay=0, allow_seeds=True)
    )

    async def one_match(hub: Hub, seed: int) -> str:
        ann, bob = Guest(f"ann{seed}", "Ann"), Guest(f"bob{seed}", "Bob")
        for guest in (ann, bob):
            hub.store.add_player(guest.id, guest.name, f"secret-{guest.id}")
        table = await hub.create(ann, "lame-duck", 3, {"rounds": 1}, "fast", True, seed)
        await hub.change_seat(table, bob, 1, "join", None)
        await hub.change_seat(table, ann, 2, "bot", "random")
        moves: asyncio.Queue[str] = asyncio.Queue()
        sockets = [
            asyncio.create_task(_socket(app, table.data.id, f"secret-{g.id}", moves))
            for g in (ann, bob)
        ]
        # A watcher whose peer vanishes during the match (a closed laptop).
        sockets.append(asyncio.create_task(_socket(app, table.data.id, "none", moves, vanish=4)))
        while len(table.clients) < 3:
            await asyncio.sleep(0.01)
        await hub.start(table, ann)
        await asyncio.wait_for(asyncio.gather(*sockets), 30)
        await asyncio.sleep(0.3)  # the last presence frame, told a moment after the going
        assert table.data.status == "over" and moves.qsize() > 5
        assert table.data.id not in hub.tables  # let go by the last socket's end
        return table.data.id

    async def main() -> Counter[str]:
        async with app.router.lifespan_context(app):
            hub: Hub = app.state.hub
            await one_match(hub, 1)  # the first builds what every later one reuses
            with garbage() as found:
                await one_match(hub, 2)
            return kinds(found)

    assert run(main()) == Counter()


@pytest.mark.parametrize("closes", ["server", "client"])
def test_a_closed_connection_leaves_nothing_for_the_collector(closes: str) -> None:
    """The event loop the server runs on (``LOOP``, loop.py) frees a connection's transport by
    reference counting: asyncio's own selector transport holds itself in a cycle (its bound
    read callback) until the collector finds it, one per connection."""

    async def main() -> Counter[str]:
        async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await reader.read(100)
            writer.close()
            await writer.wait_closed()

        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]

        async def connection() -> None:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"hello")
            if closes == "client":
                writer.close()
                await writer.wait_closed()
            else:
                await reader.read()
                writer.close()
                await writer.wait_closed()

        await connection()
        with garbage() as found:
            for _ in range(5):
                await connection()
            await asyncio.sleep(0.05)
        server.close()
        await server.wait_closed()
        return kinds(found)

    loop_factory = uvicorn.Config(None, loop=LOOP).get_loop_factory()
    with asyncio.Runner(loop_factory=loop_factory) as runner:
        assert runner.run(main()) == Counter()


class _Node:
    """A container object the collector tracks (one of a cycle when it refers to another)."""

    other: Any = None


@contextmanager
def running(collector: Collector) -> Iterator[None]:
    collector.start()
    try:
        yield
    finally:
        collector.stop()
        gc.unfreeze()  # the test process's collector as it was


def test_each_pass_freezes_what_survived_it_and_reference_counting_still_frees_it() -> None:
    """After a young pass nothing is left for the next to scan again; a frozen object is
    freed the moment its last reference goes."""
    with running(Collector(10_000)):
        kept = _Node()
        frozen = gc.get_freeze_count()
        gc.collect(0)
        assert gc.get_freeze_count() > frozen
        assert gc.get_count()[0] == 0
        gone = weakref.ref(kept)
        del kept
        assert gone() is None


def test_the_full_pass_frees_a_cycle_that_formed_among_frozen_objects() -> None:
    """The freezing hides from the collector a cycle that forms once its objects were frozen
    (none is known to form: test_a_finished_table_leaves_nothing_for_the_collector); the full
    pass every ``FULL_SECONDS`` frees it."""
    with running(Collector(10_000)):
        a, b = _Node(), _Node()
        gc.collect(0)  # both frozen, alive
        a.other, b.other = b, a
        gone = weakref.ref(a)
        del a, b
        gc.collect()
        assert gone() is not None  # frozen: out of a full collection's sight
        assert Collector.full() >= 2
        assert gone() is None


def test_the_server_starts_young_passes_on_a_clock_and_stops_with_its_lifespan(
    tmp_path: Path,
) -> None:
    """A young pass every ``YOUNG_SECONDS`` whatever the allocations (Python's own count
    hardly moves while frozen objects die), none while the collector is turned off, and no
    freezing once the server has stopped."""
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'gc.db'}", gc_freeze=True))
    passes: list[int] = []

    def counted(phase: str, info: dict[str, Any]) -> None:
        if phase == "stop":
            passes.append(info["generation"])

    async def main() -> tuple[int, int]:
        async with app.router.lifespan_context(app):
            gc.callbacks.append(counted)
            try:
                await asyncio.sleep(5 * YOUNG_SECONDS)
                on = len(passes)
                gc.disable()
                try:
                    await asyncio.sleep(3 * YOUNG_SECONDS)
                    off = len(passes) - on
                finally:
                    gc.enable()
            finally:
                gc.callbacks.remove(counted)
        return on, off

    on, off = run(main())
    assert on >= 3 and off == 0
    assert all("_freeze_survivors" not in getattr(c, "__name__", "") for c in gc.callbacks)
    gc.unfreeze()


def test_by_default_the_server_freezes_only_what_its_start_made(tmp_path: Path) -> None:
    """``gc_freeze`` off (the default): no pass's survivors frozen, no passes on a clock."""
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'gc.db'}"))

    async def main() -> int:
        async with app.router.lifespan_context(app):
            frozen = gc.get_freeze_count()
            _kept = [_Node() for _n in range(10)]
            gc.collect(0)
            assert not any("_freeze_survivors" in getattr(c, "__name__", "") for c in gc.callbacks)
            return gc.get_freeze_count() - frozen

    assert run(main()) == 0
    gc.unfreeze()


def test_the_freezing_lasts_while_any_server_of_the_process_runs() -> None:
    """Two servers in one process (as tests run them): the first to stop leaves the other's
    passes freezing their survivors; the last one's stop ends it."""
    first, second = Collector(10_000), Collector(10_000)
    try:
        first.start()
        second.start()
        first.stop()
        first.stop()  # twice: counted once
        frozen = gc.get_freeze_count()
        _kept = [_Node() for _n in range(10)]
        gc.collect(0)
        assert gc.get_freeze_count() >= frozen + 10
        second.stop()
        assert Collector.running == 0
        frozen = gc.get_freeze_count()
        _more = [_Node() for _n in range(10)]
        gc.collect(0)
        assert gc.get_freeze_count() == frozen
    finally:
        first.stop()
        second.stop()
        gc.unfreeze()
