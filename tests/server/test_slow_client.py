"""A client that stops reading is dropped once its queue of frames is full, so that it
reconnects and catches up; it must not stay connected and silently frozen.

On loopback the kernel buffers megabytes for a reader that stalls, so this test drives the
application through ASGI directly: its ``send`` blocks like a socket whose peer stopped reading
(uvicorn's send waits while the transport's buffer is full)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from pondside.server.app import create_app
from pondside.server.hub import OUTBOX_LIMIT, Guest, Hub
from pondside.server.settings import Settings
from tablesock import run


def test_a_client_too_far_behind_is_dropped(tmp_path: Path) -> None:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'pondside.db'}", bot_delay=0))

    async def main() -> list[dict[str, Any]]:
        async with app.router.lifespan_context(app):
            hub: Hub = app.state.hub
            table = await hub.create(Guest("g", "Ann"), "lame-duck", 2, {}, "none", True, None)
            incoming: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
            incoming.put_nowait({"type": "websocket.connect"})
            sent: list[dict[str, Any]] = []
            never = asyncio.Event()

            async def receive() -> dict[str, Any]:
                return await incoming.get()

            async def send(message: dict[str, Any]) -> None:
                sent.append(message)
                if len(sent) > 3:
                    await never.wait()  # the peer stopped reading: the buffer stays full

            path = f"/ws/tables/{table.data.id}"
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
                "headers": [(b"host", b"127.0.0.1:8000")],
                "subprotocols": [],
                "state": {},
            }
            served = asyncio.create_task(app(scope, receive, send))
            while not table.clients:
                await asyncio.sleep(0.01)
            for _ in range(OUTBOX_LIMIT + 10):
                hub.broadcast(table, [], "presence")
            # The application lets go of the connection (uvicorn then closes it) ...
            await asyncio.wait_for(served, 5)
            # ... and forgets the client: the table shows nobody watching.
            assert not table.clients
            assert hub.summary(table)["spectators"] == 0
            return sent

    sent = run(main())
    assert sent[0]["type"] == "websocket.accept"
    # It was told why, if the socket could still take a close frame.
    closes = [m for m in sent if m["type"] == "websocket.close"]
    assert len(closes) <= 1 and all(m["code"] == 1013 for m in closes)
