"""A real ``redis-server`` for the tests, on a free loopback port, nothing written to disk.

Found on the PATH (Debian's redis-server; `.ci/run` installs it). Without it the tests that need
it are skipped, except under CI (the ``CI`` variable), where that is a failure.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
from pathlib import Path

import pytest

from pondside.sim.load import start_redis


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RedisProcess:
    def __init__(self, folder: Path) -> None:
        if shutil.which("redis-server") is None:
            reason = "redis-server is not installed (Debian's package redis-server)"
            if os.environ.get("CI"):
                pytest.fail(f"{reason}; the CI variable is set, so the Redis tests must run")
            pytest.skip(reason)
        self.folder = folder
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisProcess:
        """Started (again, after a kill) on the same port, once it answers."""
        self.proc, _ = start_redis(self.folder, self.port)
        return self

    def kill(self) -> None:
        """``kill -9``: Redis gone at once, as in a crash."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None

    stop = kill
