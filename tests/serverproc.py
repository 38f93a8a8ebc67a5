"""A real ``pondside serve`` process on loopback for the server's tests, and a guest client.

Tests talk to it as browsers do: HTTP with the guest's cookie, and real WebSockets.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

import httpx


class ServerProcess:
    """``pondside serve --port 0`` on a database URL; restartable on the same database."""

    def __init__(
        self,
        database: str,
        bot_delay: float = 0.0,
        clock_scale: float = 1.0,
        allow_seeds: bool = True,
        log: Path | None = None,
        ping_interval: float | None = None,
        extra: list[str] | None = None,
        launcher: list[str] | None = None,
        warm_search: bool = False,
    ) -> None:
        self.database = database
        # What runs ``pondside``: the installed command, or a script that adds to it first
        # (tests/newgame/serve.py adds a game).
        self.launcher = launcher or ["-m", "pondside"]
        self.args = [
            *(extra or []),
            *([] if ping_interval is None else ["--ping-interval", str(ping_interval)]),
            "--bot-delay",
            str(bot_delay),
            "--clock-scale",
            str(clock_scale),
            *(["--allow-seeds"] if allow_seeds else []),
            # Most test servers never search: the worker a server starts at once (a spawned
            # interpreter, ~1.3 s of CPU) waits for the first hint or search bot instead.
            *([] if warm_search else ["--lazy-search"]),
        ]
        self.log = log
        self.proc: subprocess.Popen[str] | None = None
        self._log_file: IO[str] | None = None
        self.url = ""

    def start(self, port: int = 0) -> ServerProcess:
        cmd = [sys.executable, *self.launcher, "serve", "--port", str(port)]
        cmd += ["--database", self.database, *self.args]
        # The log file and the pipe live as long as the process: closed by stop() and kill().
        self._log_file = open(self.log, "a") if self.log else None  # noqa: SIM115
        self.proc = subprocess.Popen(
            cmd,
            stdout=subprocess.PIPE,
            stderr=self._log_file or subprocess.DEVNULL,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        try:
            return self._wait_until_up()
        except BaseException:
            self.kill()
            raise

    def _wait_until_up(self) -> ServerProcess:
        assert self.proc is not None
        assert self.proc.stdout is not None
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"pondside serve exited with {self.proc.wait()}")
            if "serving at" in line:
                self.url = line.split("serving at", 1)[1].split()[0].rstrip("/")
                break
        else:
            raise RuntimeError("pondside serve did not start within 30 s")
        # The socket listens before the database is migrated: wait until the API answers.
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/api/games", timeout=2).status_code == 200:
                    return self
            except httpx.TransportError:
                time.sleep(0.05)
        raise RuntimeError("pondside serve did not answer within 30 s")

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    @property
    def ws_url(self) -> str:
        return self.url.replace("http://", "ws://")

    def kill(self) -> None:
        """``kill -9``: no chance to tidy up."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)
        self._close()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self._close()

    def _close(self) -> None:
        """The pipe and the log file of a process that has ended."""
        if self.proc is not None and self.proc.stdout is not None:
            self.proc.stdout.close()
        if self._log_file is not None:
            self._log_file.close()
            self._log_file = None

    def restart(self) -> ServerProcess:
        """Kill -9, then start again on the same database and port."""
        port = self.port
        self.kill()
        return self.start(port)


class GuestClient:
    """A guest with a name and its cookie, speaking the lobby's HTTP API.

    Its connection pool stays open until ``close()``; tests rarely call it, so every guest is
    registered and ``close_guests`` (an autouse fixture in tests/conftest.py) closes the ones
    a test made when it ends; a fixture wider than a test closes its own.
    """

    def __init__(self, server: ServerProcess, name: str) -> None:
        self.server = server
        self.http = httpx.Client(base_url=server.url, timeout=10)
        _open_guests.append(self)
        try:
            r = self.http.post("/api/guest", json={"name": name})
            r.raise_for_status()
        except BaseException:
            self.close()
            raise
        self.name = name

    def close(self) -> None:
        self.http.close()
        if self in _open_guests:
            _open_guests.remove(self)

    def __enter__(self) -> GuestClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def cookie(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())

    def rebase(self) -> None:
        """Point at the server's address again after a restart (same port, same cookie)."""
        self.http.base_url = httpx.URL(self.server.url)

    def create(self, players: int = 4, **body: Any) -> dict[str, Any]:
        r = self.http.post("/api/tables", json={"players": players, **body})
        assert r.status_code == 201, r.text
        return dict(r.json())

    def seat(self, table: str, seat: int, do: str, level: str | None = None) -> httpx.Response:
        body: dict[str, Any] = {"do": do}
        if level is not None:
            body["level"] = level
        return self.http.post(f"/api/tables/{table}/seats/{seat}", json=body)

    def start(self, table: str) -> httpx.Response:
        return self.http.post(f"/api/tables/{table}/start")

    def socket_headers(self) -> dict[str, str]:
        return {"Cookie": self.cookie}


_open_guests: list[GuestClient] = []


def open_guests() -> int:
    """How many guests are open now: a mark for ``close_guests``."""
    return len(_open_guests)


def close_guests(mark: int = 0) -> None:
    """Close the connections of the guests made since ``mark`` that are still open (at the end
    of a test: the guests of a wider fixture, made before it, stay open)."""
    while len(_open_guests) > mark:
        _open_guests[-1].close()


def dumps(obj: Any) -> str:
    return json.dumps(obj)
