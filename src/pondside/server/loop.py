"""The event loop the server runs on: asyncio's own, less one reference cycle per connection.

asyncio's selector transport (CPython 3.11 to 3.13) keeps its read callback as an attribute,
a bound method of itself: every transport is in a reference cycle, freed only by the garbage
collector, long after its connection closed. The server collects rarely (``GC_YOUNG``: short
pauses with thousands of sockets), so every closed connection would wait there, socket object
and all. The transport here lets go of that callback once its connection is lost, and is freed
by reference counting (tests/server/test_collector.py).

uvloop's transports have no such cycle, but it changes the timing of everything the server
does; asyncio's loop is kept, with this one difference.
"""

from __future__ import annotations

import asyncio
import socket
from asyncio import selector_events
from typing import Any

_Transport: Any = getattr(selector_events, "_SelectorSocketTransport")  # noqa: B009 (private)


class _SocketTransport(_Transport):  # type: ignore[misc]  # typeshed does not declare it
    def _call_connection_lost(self, exc: BaseException | None) -> None:
        try:
            super()._call_connection_lost(exc)
        finally:
            self._read_ready_cb = None  # its bound method held the transport in a cycle


class EventLoop(asyncio.SelectorEventLoop):
    """asyncio's selector event loop, its socket transports freed by reference counting."""

    def _make_socket_transport(
        self,
        sock: socket.socket,
        protocol: asyncio.BaseProtocol,
        waiter: asyncio.Future[Any] | None = None,
        *,
        extra: dict[str, Any] | None = None,
        server: Any = None,
    ) -> asyncio.Transport:
        transport: asyncio.Transport = _SocketTransport(self, sock, protocol, waiter, extra, server)
        return transport


def new_event_loop() -> asyncio.AbstractEventLoop:
    """A new ``EventLoop`` (uvicorn's ``loop`` setting names this function)."""
    return EventLoop()
