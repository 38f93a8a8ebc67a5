"""Starting the online table as processes: what is checked before the first one serves, and the
sibling processes of ``pondside serve --processes N``, which share the first one's address and
die with it.

Everything here is said to a person in one line: ``Unavailable`` carries that line.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
from collections.abc import Sequence
from types import TracebackType


class Unavailable(Exception):
    """A database or a Redis the server cannot use, said in one line."""


def database_url(database: str | None) -> tuple[str, str]:
    """The SQLAlchemy URL to serve on (``database``, or an SQLite file in the data directory)
    and the same as a person may see it, its password hidden. A ``database`` that is not a URL
    raises ``ValueError``."""
    from pondside.server.settings import default_database

    if database is None:
        path = default_database()
        return f"sqlite:///{path}", str(path)
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return database, make_url(database).render_as_string(hide_password=True)
    except ArgumentError:
        raise ValueError(f"not a database URL: {database!r}") from None


def check_database(url: str, shown: str) -> None:
    """Open the database at ``url`` (shown as ``shown``) and migrate its schema, so that any
    problem is told now, before the server starts, in one line."""
    from sqlalchemy.exc import SQLAlchemyError

    from pondside.server.db import Store

    try:
        Store(url).close()
    except (SQLAlchemyError, ImportError) as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        raise Unavailable(f"cannot open the database {shown}: {reason}") from None


def check_redis(url: str) -> None:
    """Refuse to start on a Redis that is not there."""
    try:
        import redis
    except ImportError:
        raise Unavailable(
            "--redis needs the redis package: pip install 'pondside[cluster]'"
        ) from None
    try:
        # ``with``: the client's connection is closed, whether the ping answered or not.
        with redis.Redis.from_url(url, socket_connect_timeout=2) as client:
            client.ping()
    except (redis.RedisError, ValueError) as exc:
        raise Unavailable(f"cannot reach Redis at {url}: {exc}") from None


class Siblings:
    """The ``count`` other server processes of ``pondside serve --processes``: started by
    ``start`` once the first one is serving (on the port it got, which the kernel then shares
    out between them), each with the first one's command line ``args``; stopped when the first
    one stops, however it stops (``with``, and ``die_with_parent`` for a kill)."""

    def __init__(self, count: int, args: Sequence[str]) -> None:
        self.count = count
        self.args = list(args)
        self.children: list[subprocess.Popen[bytes]] = []

    def __enter__(self) -> Siblings:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

    def start(self, address: str) -> None:
        """Start the siblings on the port of ``address`` (``http://127.0.0.1:8000``)."""
        port = address.rstrip("/").rsplit(":", 1)[1]
        again = [a for a in self.args if a != "--reuse-port"]
        args = without(again, {"--port", "--processes"})
        for _ in range(self.count):
            self.children.append(
                subprocess.Popen(
                    [sys.executable, "-m", "pondside", *args, "--port", port, "--reuse-port"],
                    stdout=subprocess.DEVNULL,
                    preexec_fn=die_with_parent,
                )
            )

    def stop(self) -> None:
        """Ask every sibling to stop, and kill one that has not within 10 s."""
        for child in self.children:
            child.terminate()
        for child in self.children:
            try:
                child.wait(10)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()


def die_with_parent() -> None:
    """In a child server process (Linux): a SIGTERM when the first process ends, however it
    ends (``Siblings`` stops them when the first one stops, but a kill -9 skips that)."""
    import ctypes
    import signal

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def without(args: list[str], options: set[str]) -> list[str]:
    """``args`` without ``options`` and their values (``--port 8000`` or ``--port=8000``).

    >>> without(["serve", "--port", "0", "--processes=2", "-v"], {"--port", "--processes"})
    ['serve', '-v']
    """
    kept: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg in options:
            skip = True
        elif arg.split("=", 1)[0] not in options:
            kept.append(arg)
    return kept
