"""The WebSocket of a table: one per client, every message validated before anything reads
it; each client's frames leave through its own queue (``Client.pump``), so a slow client never
holds the others."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import time
from typing import Annotated, Literal

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from pondside import i18n
from pondside.engine import IllegalAction
from pondside.i18n import _

from .hub import Client, Hub, LiveTable, Refused
from .settings import Settings
from .web import COOKIE, TABLE_ID, client_address, from_this_site, guest_by_secret

log = logging.getLogger("pondside.server")

router = APIRouter()


# --- client messages over the WebSocket ------------------------------------------------
class Act(BaseModel):
    """Take an action in the game's notation, e.g. ``play 37`` or ``take 2``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    op: Literal["act"]
    action: str = Field(max_length=64)
    seq: int | None = Field(default=None, ge=0, le=2**31)


class Sync(BaseModel):
    """Ask for the full frame again (after a gap in sequence numbers)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    op: Literal["sync"]


class Ping(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    op: Literal["ping"]


class AskHint(BaseModel):
    """Ask for a hint for one's own seat, on one's turn (answered to this client alone)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    op: Literal["hint"]


class AskWhy(BaseModel):
    """Ask whether one's seat may take an action now (a combination of cards being chosen):
    answered to this client alone with the rule it breaks, or its label."""

    model_config = ConfigDict(extra="forbid", strict=True)
    op: Literal["why"]
    action: str = Field(max_length=64)


ClientMessage = TypeAdapter(
    Annotated[Act | Sync | Ping | AskHint | AskWhy, Field(discriminator="op")]
)
EXPECTED = (
    'a JSON object such as {"op": "act", "action": "play 37"}, {"op": "sync"} or {"op": "ping"}'
)


# --- the WebSocket of a table -------------------------------------------------------
@router.websocket("/ws/tables/{table_id}")
async def socket(websocket: WebSocket, table_id: str) -> None:
    hub: Hub = websocket.app.state.hub
    traffic: Traffic = websocket.app.state.traffic
    address = client_address(websocket)
    origin_ok = from_this_site(websocket.headers.get("origin"), websocket.headers.get("host"))
    secret = websocket.cookies.get(COOKIE)
    guest = await guest_by_secret(websocket, secret) if secret and len(secret) <= 200 else None
    if not origin_ok:
        # Refused at the handshake (HTTP 403): a page of another site gets nothing.
        await websocket.close(code=4403)
        return
    table = None
    if TABLE_ID.fullmatch(table_id):
        with contextlib.suppress(Refused):
            table = await hub.table(table_id)
    await websocket.accept()
    if table is None:
        # Accepted first so that the page hears why (4404) and stops reconnecting.
        await websocket.close(code=4404, reason="there is no such table; check the link")
        return
    if sum(1 for c in table.clients if c.seat is None) >= hub.settings.max_spectators:
        await websocket.close(code=4429, reason="this table has as many watchers as it takes")
        return
    if not traffic.enter(address):
        await websocket.close(code=4429, reason="too many connections from your address")
        return
    # The table may have left memory while this socket was accepted (its last client went
    # just then): it is put back, or the one read since is used, so that this client is
    # on the table the hub keeps and hears its news.
    table = hub.tables.setdefault(table.data.id, table)
    # The socket speaks its page's language (the Language middleware's, for its whole life).
    client = Client(websocket.send_text, table.seat_of(guest), guest, locale=i18n.current())
    table.clients.add(client)
    pump = asyncio.create_task(client.pump())
    serving = asyncio.create_task(_serve(hub, table, client, websocket, traffic, address))
    dropped = asyncio.create_task(client.dropped.wait())
    try:
        client.post(hub.welcome(table, client))
        hub.presence(table)
        await asyncio.wait({serving, dropped}, return_when=asyncio.FIRST_COMPLETED)
        if client.dropped.is_set():
            # Too far behind (its frames would be stale anyway): close, so that it
            # reconnects and starts again from a welcome. A socket that takes nothing
            # cannot take a close frame either: then uvicorn closes it once we return.
            serving.cancel()
            pump.cancel()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(
                    websocket.close(1013, "too far behind: reconnect to catch up"), 1.0
                )
    finally:
        traffic.leave(address)
        client.close()
        table.clients.discard(client)
        for task in (pump, serving, dropped):
            task.cancel()
        # Their ends (a disconnect, most often; a peer gone while a frame was sent, OSError)
        # are retrieved here, not logged as unhandled; anything else is a fault, logged. Never
        # raised through this frame: a task's exception would hold the frame in its traceback
        # and the frame the task, a cycle per socket for the collector.
        tasks = (serving, pump, dropped)
        with contextlib.suppress(asyncio.CancelledError):  # the server stopping: let it
            await asyncio.wait(tasks)
        for task in tasks:
            end = None if not task.done() or task.cancelled() else task.exception()
            if end is not None and not isinstance(end, WebSocketDisconnect | OSError):
                log.error("table %s: a socket failed", table.data.id, exc_info=end)
        del tasks, task, end, serving, pump, dropped
        hub.presence(table)
        hub.forget_if_idle(table)


async def _serve(
    hub: Hub,
    table: LiveTable,
    client: Client,
    websocket: WebSocket,
    traffic: Traffic,
    address: str,
) -> None:
    """Read one client's messages until it goes; every bad one gets an error, nothing more."""
    settings = hub.settings
    allowance, last = float(settings.message_burst), time.monotonic()
    while not client.closed:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        # Messages are JSON text (docs/server.md): a binary frame is refused, whatever it holds.
        text = message.get("text")
        now = time.monotonic()
        allowance = min(
            settings.message_burst, allowance + (now - last) * settings.messages_per_second
        )
        last = now
        if allowance < 1:
            client.post(hub.error(table, _("too many messages: wait a moment")))
            continue
        allowance -= 1
        if not traffic.allow(address):
            client.post(hub.error(table, _("too many messages from your address: wait a moment")))
            continue
        if text is None:
            said = _("message not understood: expected {expected}, as text")
            client.post(hub.error(table, said.format(expected=EXPECTED)))
            continue
        if len(text.encode("utf-8", "surrogatepass")) > settings.max_message_bytes:
            client.post(
                hub.error(
                    table,
                    _("a message is at most {n} bytes").format(n=settings.max_message_bytes),
                )
            )
            continue
        try:
            msg = ClientMessage.validate_json(text)
        except ValidationError:
            said = _("message not understood: expected {expected}")
            client.post(hub.error(table, said.format(expected=EXPECTED)))
            continue
        if isinstance(msg, Ping):
            client.post(json.dumps({"type": "pong", "seq": table.data.seq}))
        elif isinstance(msg, AskHint):
            # Worked out in the background: the client can act (or ask for a sync) meanwhile.
            hub.later(_hint(hub, table, client))
        elif isinstance(msg, AskWhy):
            try:
                client.post(hub.why(table, client, msg.action))
            except Refused as exc:
                client.post(hub.error(table, str(exc), exc.rule, about="why"))
            except Exception:  # a fault of ours: said to the client, and logged
                log.exception("table %s: a why failed", table.data.id)
                client.post(hub.error(table, _("that could not be judged; try again"), about="why"))
        elif isinstance(msg, Sync):
            # Seats may have changed hands (a join by another tab): look again.
            client.seat = table.seat_of(client.player)
            client.post(hub.welcome(table, client))
        else:
            # Shielded: a client dropped meanwhile (its reading cancelled) must not cancel an
            # action whose commit is under way; it completes and is told to everyone.
            await asyncio.shield(_act(hub, table, client, msg))


async def _act(hub: Hub, table: LiveTable, client: Client, msg: Act) -> None:
    seat = table.seat_of(client.player)
    if seat is None:
        client.post(hub.error(table, _("only a seated player can act; spectators watch")))
        return
    try:
        await hub.act(table, seat, msg.action)
    except IllegalAction as exc:
        client.post(hub.error(table, str(exc), exc.rule))
    except Refused as exc:
        client.post(hub.error(table, str(exc), exc.rule))


async def _hint(hub: Hub, table: LiveTable, client: Client) -> None:
    try:
        client.post(json.dumps(await hub.thinking.hint(table, client)))
    except Refused as exc:
        client.post(hub.error(table, str(exc), exc.rule, about="hint"))
    except Exception:  # a fault of ours: said to the client, and logged
        log.exception("table %s: a hint failed", table.data.id)
        client.post(
            hub.error(table, _("the hint could not be worked out; try again"), about="hint")
        )


class Traffic:
    """The WebSockets open from each client address and how fast they talk together: one
    address holds at most so many sockets, and its sockets share a budget of messages (a token
    bucket per address, besides each socket's own), so opening more sockets buys no more.

    Loopback is not counted: it is this machine (``pondside loadtest`` opens thousands of
    sockets from it), and behind a proxy the real address comes from its forwarded header."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.open: dict[str, int] = {}
        self.budget: dict[str, tuple[float, float]] = {}  # address -> (allowance, when)

    @staticmethod
    def counted(address: str) -> bool:
        with contextlib.suppress(ValueError):
            return not ipaddress.ip_network(address, strict=False).network_address.is_loopback
        return True

    def enter(self, address: str) -> bool:
        """One more socket from ``address``, unless it has as many as it may."""
        if not self.counted(address):
            return True
        held = self.open.get(address, 0)
        if held >= self.settings.sockets_per_address:
            return False
        self.open[address] = held + 1
        return True

    def leave(self, address: str) -> None:
        if address not in self.open:
            return
        self.open[address] -= 1
        if self.open[address] <= 0:  # its last socket: forget it (memory stays bounded)
            del self.open[address]
            self.budget.pop(address, None)

    def allow(self, address: str) -> bool:
        """One more message from ``address``, unless its sockets together sent too many."""
        if address not in self.open:
            return True
        rate, burst = self.settings.address_messages_per_second, self.settings.address_message_burst
        now = time.monotonic()
        allowance, then = self.budget.get(address, (float(burst), now))
        allowance = min(burst, allowance + (now - then) * rate)
        allowed = allowance >= 1
        self.budget[address] = (allowance - 1 if allowed else allowance, now)
        return allowed


# New guests per client address per hour: generous (a classroom behind one address), but a
# script cannot make guests without end to get around the limits of each guest.
