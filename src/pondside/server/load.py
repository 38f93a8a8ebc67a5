"""``pondside loadtest``: tables of bot clients over real WebSockets against a real server.

Each table has four guests, each with its own cookie and WebSocket, who play random legal
Lame Duck cards after a short think. For every action the figure is the time from the moment
it was sent to the moment the last of the table's four seats received the update it caused:
what a person at the table waits for. The server runs in its own process (started here on a
fresh SQLite file unless ``url`` is given), so its CPU time is its own.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEATS = 4


@dataclass
class TableLog:
    """What the four clients of one table saw: when each action was sent, by whom, and
    when each seat received each sequence number."""

    sent: dict[int, float] = field(default_factory=dict)  # seat -> when its last action left
    actor_sent: dict[int, float] = field(default_factory=dict)  # seq -> when its action left
    arrivals: dict[int, list[float]] = field(default_factory=dict)  # seq -> arrival per seat


@dataclass
class LoadResult:
    tables: int
    sockets: int
    seconds: float
    actions: int
    latencies_ms: list[float]
    server_cpu: float | None  # share of one core, 0..n
    server_rss_mb: float | None
    errors: int

    @property
    def per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    def quantile(self, q: float) -> float:
        data = sorted(self.latencies_ms)
        if not data:
            return float("nan")
        return data[min(len(data) - 1, int(q * len(data)))]

    def to_json(self) -> dict[str, Any]:
        return {
            "tables": self.tables,
            "sockets": self.sockets,
            "seconds": round(self.seconds, 1),
            "actions": self.actions,
            "actions_per_second": round(self.per_second, 1),
            "p50_ms": round(self.quantile(0.50), 1),
            "p99_ms": round(self.quantile(0.99), 1),
            "max_ms": round(max(self.latencies_ms, default=float("nan")), 1),
            "median_ms": round(statistics.median(self.latencies_ms), 1)
            if self.latencies_ms
            else None,
            "server_cpu": None if self.server_cpu is None else round(self.server_cpu, 3),
            "server_rss_mb": None if self.server_rss_mb is None else round(self.server_rss_mb, 1),
            "errors": self.errors,
        }


def _actor(events: list[dict[str, Any]], before: list[bool] | None) -> int | None:
    """The seat whose action made this Lame Duck update (from its first event)."""
    if not events:
        return None
    first = events[0]
    if first["type"] in ("chose", "take"):
        return int(first["seat"])
    if first["type"] == "reveal" and before is not None and before.count(False) == 1:
        return before.index(False)
    return None


async def _seat_client(
    url: str,
    table_id: str,
    seat: int,
    headers: dict[str, str],
    log: TableLog,
    rng: random.Random,
    think: float,
    stop_at: float,
    counters: dict[str, int],
) -> None:
    import websockets

    ws_url = url.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
    chosen_before: list[bool] | None = None
    pending: asyncio.Future[None] | None = None
    acted_on: list[str] | None = None
    async with websockets.connect(ws_url, additional_headers=headers, max_size=1 << 22) as ws:

        async def act(legal: list[str]) -> None:
            if think:
                await asyncio.sleep(rng.uniform(0, 2 * think))
            log.sent[seat] = time.monotonic()
            await ws.send(json.dumps({"op": "act", "action": rng.choice(legal)}))
            counters["actions"] += 1

        while time.monotonic() < stop_at:
            try:
                text = await asyncio.wait_for(
                    ws.recv(), timeout=max(0.01, stop_at - time.monotonic())
                )
            except TimeoutError:
                break
            now = time.monotonic()
            frame = json.loads(text)
            if frame["type"] == "error":
                counters["errors"] += 1
                continue
            if frame["type"] != "state" or frame["view"] is None:
                continue
            seq, view = frame["seq"], frame["view"]
            if frame["reason"] == "action":
                log.arrivals.setdefault(seq, [0.0] * SEATS)[seat] = now
                actor = _actor(frame["events"], chosen_before)
                if actor is not None and actor in log.sent and seq not in log.actor_sent:
                    log.actor_sent[seq] = log.sent[actor]
            chosen_before = list(view["chosen"])
            if view["over"]:
                break
            legal = frame["legal"]
            if not legal:
                acted_on = None
            elif legal != acted_on:
                # One action per decision; the reading goes on while the client thinks, so
                # arrivals are timed as they come.
                acted_on = legal
                pending = asyncio.ensure_future(act(legal))
        if pending is not None:
            pending.cancel()


async def _setup(url: str, limit: asyncio.Semaphore) -> tuple[str, list[dict[str, str]], Any]:
    """Four guests at a new private table, not yet started: the table and their cookies."""
    import httpx

    async with limit:
        for attempt in range(3):
            guests = [httpx.AsyncClient(base_url=url, timeout=60) for _ in range(SEATS)]
            try:
                for i, g in enumerate(guests):
                    (await g.post("/api/guest", json={"name": f"load {i}"})).raise_for_status()
                body = {
                    "players": SEATS,
                    "options": {"rounds": 100},
                    "profile": "none",
                    "listed": False,
                }
                r = await guests[0].post("/api/tables", json=body)
                r.raise_for_status()
                table_id = r.json()["id"]
                for i in range(1, SEATS):
                    path = f"/api/tables/{table_id}/seats/{i}"
                    (await guests[i].post(path, json={"do": "join"})).raise_for_status()
            except httpx.TransportError:
                # A kept-alive connection the server closed just then: set the table up anew.
                for g in guests:
                    await g.aclose()
                if attempt == 2:
                    raise
                continue
            headers = [
                {"Cookie": "; ".join(f"{k}={v}" for k, v in g.cookies.items())} for g in guests
            ]
            for g in guests[1:]:
                await g.aclose()
            return table_id, headers, guests[0]
    raise AssertionError("unreachable")


async def _play(
    url: str,
    setup: tuple[str, list[dict[str, str]], Any],
    rng: random.Random,
    think: float,
    stop_at: float,
    counters: dict[str, int],
) -> TableLog:
    table_id, headers, host = setup
    log = TableLog()
    try:
        tasks = [
            asyncio.ensure_future(
                _seat_client(
                    url,
                    table_id,
                    s,
                    headers[s],
                    log,
                    random.Random(rng.random()),
                    think,
                    stop_at,
                    counters,
                )
            )
            for s in range(SEATS)
        ]
        await asyncio.sleep(0.5)  # every socket open before the first card
        (await host.post(f"/api/tables/{table_id}/start")).raise_for_status()
        await asyncio.gather(*tasks)
    finally:
        await host.aclose()
    return log


def _cpu_seconds(pid: int) -> float | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def _rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


async def _run(
    url: str, tables: int, seconds: float, think: float, seed: int, pid: int | None
) -> tuple[list[TableLog], dict[str, int], float, float | None]:
    rng = random.Random(seed)
    counters = {"actions": 0, "errors": 0}
    limit = asyncio.Semaphore(20)
    setups = await asyncio.gather(*(_setup(url, limit) for _ in range(tables)))
    cpu0 = _cpu_seconds(pid) if pid else None
    start = time.monotonic()
    stop_at = start + seconds
    logs = await asyncio.gather(
        *(_play(url, s, random.Random(rng.random()), think, stop_at, counters) for s in setups)
    )
    elapsed = time.monotonic() - start
    cpu1 = _cpu_seconds(pid) if pid else None
    cpu = None if cpu0 is None or cpu1 is None else (cpu1 - cpu0) / elapsed
    return list(logs), counters, elapsed, cpu


def run_load(
    tables: int,
    seconds: float,
    think: float = 0.5,
    url: str | None = None,
    seed: int = 1,
) -> LoadResult:
    """Play ``tables`` tables for ``seconds`` against ``url`` or a server started here."""
    proc: subprocess.Popen[str] | None = None
    tmp = tempfile.TemporaryDirectory(prefix="pondside-load-")
    try:
        if url is None:
            proc, url = _start_server(Path(tmp.name) / "load.db")
        pid = proc.pid if proc else None
        logs, counters, elapsed, cpu = asyncio.run(_run(url, tables, seconds, think, seed, pid))
        rss = _rss_mb(pid) if pid else None
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
        tmp.cleanup()
    latencies = []
    for log in logs:
        for seq, sent in log.actor_sent.items():
            arrived = log.arrivals.get(seq)
            if arrived and all(arrived):
                latencies.append((max(arrived) - sent) * 1000)
    return LoadResult(
        tables=tables,
        sockets=tables * SEATS,
        seconds=elapsed,
        actions=counters["actions"],
        latencies_ms=latencies,
        server_cpu=cpu,
        server_rss_mb=rss,
        errors=counters["errors"],
    )


def _start_server(database: Path) -> tuple[subprocess.Popen[str], str]:
    cmd = [sys.executable, "-m", "pondside", "serve", "--port", "0"]
    cmd += ["--database", f"sqlite:///{database}"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        if "serving at" in line:
            url = line.split("serving at", 1)[1].split()[0].rstrip("/")
            break
    else:
        raise RuntimeError(f"pondside serve exited with {proc.wait()}")
    import httpx

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/api/games", timeout=2).status_code == 200:
                return proc, url
        except httpx.TransportError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("pondside serve did not answer within 30 s")
