"""The events of every table, carried between server processes by Redis pub/sub.

With more than one ``pondside serve`` process behind one address, a table is played by the one
process that holds its lease (in the database); the other processes have clients of that table
too. After each committed action the owner publishes it on the table's channel
(``pondside:table:<id>``): the sequence number, who acted and how, the action, the clock, the
table's status. Every process keeps its own copy of each table its clients watch, applies the
published action to it (the engine is deterministic, so the copy is the owner's match), and
sends its own clients their own views, as the owner does for its clients.

Redis pub/sub forgets what nobody heard: a message published while a process was cut off from
Redis (or while Redis restarted) is lost to it. That is safe here because every message carries
the table's sequence number and the database holds every action: a process that sees a gap, or
that reconnects to Redis, reloads the table from the database (``on_reconnect``), as a client
that sees a gap asks its server for a full frame.

Why Redis rather than PostgreSQL's LISTEN/NOTIFY: NOTIFY is delivered only at commit and only
to sessions that hold a connection each (one per process, kept outside SQLAlchemy's pool, and
reconnected by hand), its payload is limited to 8000 bytes, and it adds its load to the database
that already commits every action; Redis pub/sub is made for this fan-out, costs the database
nothing, and redis-py's asyncio client reconnects. The database stays the only truth: Redis
carries news of it, never state that exists nowhere else.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger(__name__)

PREFIX = "pondside:table:"

Handler = Callable[[str, dict[str, Any]], Awaitable[None] | None]
"""Called with a table's id and a message published for it (by another process or this one)."""


class RedisBus:
    """One process's connection to the table channels: ``publish`` a table's message, and every
    message of every table (``pondside:table:*``) handed to ``handler``. It reconnects by itself
    when Redis goes away, with a growing pause, and calls ``on_reconnect`` once it is back (the
    messages published meanwhile are lost: the caller reloads what it keeps from the database).
    """

    def __init__(
        self,
        url: str,
        handler: Handler,
        on_reconnect: Callable[[], Awaitable[None] | None] | None = None,
        origin: str = "",
    ) -> None:
        from redis import asyncio as aioredis
        from redis.asyncio.retry import Retry
        from redis.backoff import ExponentialBackoff
        from redis.exceptions import ConnectionError as RedisConnectionError
        from redis.exceptions import TimeoutError as RedisTimeoutError

        self.url = url
        self.handler = handler
        self.on_reconnect = on_reconnect
        self.origin = origin
        """This process's name, put in every message it publishes (its own come back too)."""
        # After a Redis restart the pool's connections are dead: a command is tried again on a
        # new one (redis-py's own retry) before its caller hears of a failure.
        self._redis: Any = aioredis.from_url(
            url,
            socket_connect_timeout=2,
            socket_timeout=5,
            retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), 3),
            retry_on_error=[RedisConnectionError, RedisTimeoutError],
        )
        self._task: asyncio.Task[None] | None = None
        self.connected = asyncio.Event()
        self.reconnects = 0

    async def start(self) -> None:
        """Subscribe, and return once the subscription is live (or raise if Redis is down:
        a server does not start without the Redis it was told to use)."""
        await self._redis.ping()
        self._task = asyncio.create_task(self._listen())
        await asyncio.wait_for(self.connected.wait(), timeout=5)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self._redis.aclose()

    async def publish(self, table_id: str, message: dict[str, Any]) -> int:
        """Publish a table's message; returns how many processes heard it. Raises if Redis is
        unreachable: the caller decides (the action is committed already, so the others will
        reload the table when they see the gap or reconnect)."""
        return int(await self._redis.publish(PREFIX + table_id, self._body(message)))

    async def publish_many(self, messages: list[tuple[str, dict[str, Any]]]) -> None:
        """Publish several tables' messages in one round trip (a pipeline), in order."""
        pipe = self._redis.pipeline(transaction=False)
        for table_id, message in messages:
            pipe.publish(PREFIX + table_id, self._body(message))
        await pipe.execute()

    def _body(self, message: dict[str, Any]) -> str:
        """A message as published: compact JSON naming this process."""
        return json.dumps({**message, "origin": self.origin}, separators=(",", ":"))

    async def _listen(self) -> None:
        pause = 0.1
        first = True
        while True:
            pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.psubscribe(PREFIX + "*")
                self.connected.set()
                if not first:
                    self.reconnects += 1
                    log.info("Redis is back: the tables are reloaded from the database")
                    if self.on_reconnect is not None:
                        await _maybe_await(self.on_reconnect())
                first, pause = False, 0.1
                async for raw in pubsub.listen():
                    await self._deliver(raw)
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                raise
            except Exception as exc:  # Redis went away: wait, then subscribe again
                self.connected.clear()
                log.warning("lost Redis (%s): retrying in %.1f s", exc, pause)
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                await asyncio.sleep(pause)
                pause = min(pause * 2, 2.0)

    async def _deliver(self, raw: dict[str, Any]) -> None:
        if raw.get("type") != "pmessage":
            return
        channel = raw["channel"].decode() if isinstance(raw["channel"], bytes) else raw["channel"]
        try:
            message = json.loads(raw["data"])
        except ValueError:
            log.warning("a message on %s is not JSON: ignored", channel)
            return
        if not isinstance(message, dict):
            return
        try:
            await _maybe_await(self.handler(channel.removeprefix(PREFIX), message))
        except Exception:  # one table's trouble must not stop the others' news
            log.exception("handling a message of %s failed", channel)


async def _maybe_await(value: Awaitable[None] | None) -> None:
    if value is not None:
        await value
