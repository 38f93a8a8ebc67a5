"""``pondside loadtest``: tables of bot clients over real WebSockets against a real server.

Each table has four guests, each with its own cookie and WebSocket, who play random legal
Lame Duck cards after a short think. For every action the figure is the time from the moment
it was sent to the moment the last of the table's four seats received the update it caused:
what a person at the table waits for. The server runs in its own process (started here on a
fresh SQLite file unless ``url`` is given), so its CPU time and memory are its own.

A run is bounded: at most ``MAX_TABLES`` tables (four sockets each) and ``MAX_SECONDS`` of
play, after which every client stops by itself and the server started here is stopped.

``LoadTest`` holds a test's settings, plays a sweep of table counts or a soak, and reports them
as ``pondside loadtest --out`` writes them; its plots are in ``pondside.sim.plots``.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import json
import os
import random
import ssl
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import orjson

SEATS = 4
MAX_TABLES = 2000
MAX_SECONDS = 3600.0
SETUP_SECONDS = 300.0  # setting up the tables, on top of the time of play
GOAL_MS = 100.0  # the goal for p99


@dataclass
class TableLog:
    """What the four clients of one table saw: when each action was sent, by whom, and
    when each seat received each sequence number."""

    sent: dict[int, float] = field(default_factory=dict)  # seat -> when its last action left
    actor_sent: dict[int, float] = field(default_factory=dict)  # seq -> when its action left
    arrivals: dict[int, list[float]] = field(default_factory=dict)  # seq -> arrival per seat
    welcomed: int = 0  # seats whose socket is open and has its first frame


@dataclass
class LoadResult:
    tables: int
    sockets: int
    seconds: float
    actions: int
    latencies_ms: list[float]
    server_cpu_seconds: float | None  # during play
    rss_start_mb: float | None  # the server's, before any table
    rss_end_mb: float | None  # after play
    client_cpu_seconds: float  # this process's: a saturated client inflates the latencies
    errors: int
    rss_samples: list[tuple[float, float]] = field(default_factory=list)  # (s into play, MB)
    matches: int = 0  # matches that ended and were followed by the next one
    warmup_seconds: float = 0.0  # from the start of play until every table had begun
    warmup_latencies_ms: list[float] = field(default_factory=list)  # actions sent meanwhile
    # The server's CPU and the actions from the end of the warm-up on: what an action costs once
    # every table plays (the whole run's figure also counts thousands of sockets connecting).
    steady_cpu_seconds: float | None = None
    steady_actions: int = 0
    # Seconds into play at which each steady latency's action was sent (the same order as
    # ``latencies_ms``): where in the run a tail comes from (a burst, a pause, the end).
    sent_seconds: list[float] = field(default_factory=list)
    started_monotonic: float = 0.0  # play's start on this machine's clock (a server log's)
    client_stalls: dict[int, float] = field(default_factory=dict)  # second -> longest, s

    @property
    def per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    def quantile(self, q: float) -> float:
        return _quantile(self.latencies_ms, q)

    def to_json(self) -> dict[str, Any]:
        cpu = self.server_cpu_seconds

        def mb(value: float | None) -> float | None:
            return None if value is None else round(value, 1)

        return {
            "tables": self.tables,
            "sockets": self.sockets,
            "seconds": round(self.seconds, 1),
            "actions": self.actions,
            "actions_per_second": round(self.per_second, 1),
            "p50_ms": round(self.quantile(0.50), 1),
            "p99_ms": round(self.quantile(0.99), 1),
            "max_ms": round(max(self.latencies_ms, default=float("nan")), 1),
            "server_cpu_seconds": None if cpu is None else round(cpu, 2),
            "server_cpu_ms_per_action": None
            if cpu is None or not self.actions
            else round(1000 * cpu / self.actions, 2),
            "server_cpu_percent": None
            if cpu is None or not self.seconds
            else round(100 * cpu / self.seconds, 1),
            "client_cpu_percent": round(100 * self.client_cpu_seconds / self.seconds, 1)
            if self.seconds
            else None,
            "rss_start_mb": mb(self.rss_start_mb),
            "rss_end_mb": mb(self.rss_end_mb),
            "errors": self.errors,
            "matches_ended": self.matches,
            "warmup_seconds": round(self.warmup_seconds, 1),
            "warmup_actions": len(self.warmup_latencies_ms),
            "warmup_p99_ms": round(_quantile(self.warmup_latencies_ms, 0.99), 1),
            "steady_server_cpu_ms_per_action": None
            if self.steady_cpu_seconds is None or not self.steady_actions
            else round(1000 * self.steady_cpu_seconds / self.steady_actions, 2),
            "started_monotonic": round(self.started_monotonic, 2),
            "timeline": self.timeline(),
        }

    def timeline(self) -> list[dict[str, float]]:
        """The steady latencies second by second of sending: each second's actions, median
        and 99th percentile (a tail spread over the run, or one burst or pause), and the
        client's own longest stall that second (a tail as long is the client's)."""
        by_second: dict[int, list[float]] = {}
        for at, ms in zip(self.sent_seconds, self.latencies_ms, strict=True):
            by_second.setdefault(int(at), []).append(ms)
        return [
            {
                "second": second,
                "actions": len(values),
                "p50_ms": round(_quantile(values, 0.5), 1),
                "p99_ms": round(_quantile(values, 0.99), 1),
                "client_stall_ms": round(1000 * self.client_stalls.get(second, 0.0), 1),
            }
            for second, values in sorted(by_second.items())
        ]


def _quantile(values: list[float], q: float) -> float:
    data = sorted(values)
    if not data:
        return float("nan")
    return data[min(len(data) - 1, int(q * len(data)))]


def _source(url: str, table: int) -> str | None:
    """The loopback address a table's clients connect from, on a server of this machine.

    The server limits new guests per client address (300 an hour); the whole of 127.0.0.0/8
    is this machine, so each table gets an address of its own there and a thousand tables
    are a thousand neighbours, not one address making 4,000 guests.
    """
    if urlsplit(url).hostname not in ("127.0.0.1", "localhost"):
        return None
    return f"127.77.{table // 250}.{table % 250 + 1}"


async def _seat_client(
    url: str,
    table_id: str,
    seat: int,
    headers: dict[str, str],
    source: str | None,
    log: TableLog,
    rng: random.Random,
    think: float,
    stop_at: float,
    counters: dict[str, int],
) -> None:
    import websockets

    ws_url = url.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
    pending: asyncio.Future[None] | None = None
    acted_on: list[str] | None = None
    extra: dict[str, Any] = {} if source is None else {"local_addr": (source, 0)}
    # No pings of the client's own (the server pings, and the client answers): 4,000 sockets'
    # keepalives, twenty seconds after their handshakes, came together in bursts.
    async with websockets.connect(
        ws_url,
        additional_headers=headers,
        max_size=1 << 22,
        open_timeout=60,
        ping_interval=None,
        **extra,
    ) as ws:
        counters["sockets"] += 1

        async def act(legal: list[str], me: int) -> None:
            if think:
                await asyncio.sleep(rng.uniform(0, 2 * think))
            log.sent[me] = time.monotonic()
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
            if now >= stop_at:
                # Read once the run was over: the clients all stop at that moment (thousands of
                # timers at once stalled this process 80-165 ms), which would time it late.
                break
            # orjson, as the server writes them: the client reads four frames for every action
            # of a thousand tables, and a frame read late is timed late (its own stalls were a
            # good part of the tail with the standard library's parser).
            frame = orjson.loads(text)
            if frame["type"] == "error":
                counters["errors"] += 1
                continue
            if frame["type"] != "state":
                continue
            if frame["reason"] == "welcome":
                log.welcomed += 1
            if frame["view"] is None:
                continue
            seq, view = frame["seq"], frame["view"]
            if frame["reason"] == "action":
                log.arrivals.setdefault(seq, [0.0] * SEATS)[seat] = now
                # Whose action it was, as the server says (its seat, not this client's place in
                # the setup: "Play again" seats everyone one seat on), and a player's, not the
                # clock's: its sending time is the one this action's latency counts from.
                by = frame["by"]
                if by and by["how"] == "player" and by["seat"] in log.sent:
                    log.actor_sent.setdefault(seq, log.sent[by["seat"]])
            if view["over"]:
                break
            legal = frame["legal"]
            if not legal:
                acted_on = None
            elif legal != acted_on:
                # One action per decision; the reading goes on while the client thinks, so
                # arrivals are timed as they come.
                acted_on = legal
                pending = asyncio.ensure_future(act(legal, frame["you"]["seat"]))
        if pending is not None:
            pending.cancel()


@functools.cache
def _tls_context() -> ssl.SSLContext:
    """The guests' one TLS context, httpx's own default (a server at an https URL is checked
    as each client would check it)."""
    import httpx

    return httpx.create_ssl_context()


async def _setup(
    url: str, source: str | None, limit: asyncio.Semaphore, rounds: int
) -> tuple[str, list[dict[str, str]], Any, str | None]:
    """Four guests at a new private table, not yet started: the table and their cookies."""
    import httpx

    def client() -> httpx.AsyncClient:
        # One TLS context for every guest: httpx makes one a client by default (the system's
        # certificates read each time), some 20 ms of the generator's CPU a guest, 4,000 guests
        # at 1,000 tables.
        tls = _tls_context()
        transport = httpx.AsyncHTTPTransport(local_address=source, verify=tls) if source else None
        return httpx.AsyncClient(base_url=url, timeout=60, transport=transport, verify=tls)

    async with limit:
        for attempt in range(3):
            guests = [client() for _ in range(SEATS)]
            try:
                for i, g in enumerate(guests):
                    (await g.post("/api/guest", json={"name": f"load {i}"})).raise_for_status()
                body = {
                    "players": SEATS,
                    "options": {"rounds": rounds},
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
            return table_id, headers, guests[0], source
    raise AssertionError("unreachable")


async def _play(
    url: str,
    setup: tuple[str, list[dict[str, str]], Any, str | None],
    rng: random.Random,
    think: float,
    stop_at: float,
    counters: dict[str, int],
    moments: dict[str, float],
    delay: float = 0.0,
) -> list[TableLog]:
    import httpx

    table_id, headers, host, source = setup
    logs = []
    try:
        await asyncio.sleep(delay)  # a ramp: the table sits down this long after the first
        while True:
            log = TableLog()
            logs.append(log)
            tasks = [
                asyncio.ensure_future(
                    _seat_client(
                        url,
                        table_id,
                        s,
                        headers[s],
                        source,
                        log,
                        random.Random(rng.random()),
                        think,
                        stop_at,
                        counters,
                    )
                )
                for s in range(SEATS)
            ]
            # Every socket open before the first card (else its seat would miss the start).
            while log.welcomed < SEATS and time.monotonic() < stop_at:
                await asyncio.sleep(0.05)
            await _start(host, table_id)
            if len(logs) == 1:  # the table's first match: the run is warm once all have begun
                moments["started"] = moments.get("started", 0) + 1
                if moments["started"] == moments["tables"]:
                    moments["all_started"] = time.monotonic()
            await asyncio.gather(*tasks)
            if time.monotonic() >= stop_at:
                return logs
            # The match ended: the same four play again, at the next table (as people do).
            counters["matches"] += 1
            try:
                table_id = await _again(url, headers, source, table_id)
            except httpx.TransportError:
                # A connection the server dropped: counted, and this table's play ends; the
                # run goes on and is reported (a soak's half hour is not lost to one request).
                counters["errors"] += 1
                return logs
    finally:
        await host.aclose()


async def _again(url: str, headers: list[dict[str, str]], source: str | None, table_id: str) -> str:
    """Every guest asks for the next match ("Play again"); the first gets the new table. Each
    on a new connection (a kept-alive one may have been closed by the server meanwhile)."""
    import httpx

    following = ""
    tls = _tls_context()
    transport = (
        httpx.AsyncHTTPTransport(local_address=source, retries=2, verify=tls) if source else None
    )
    async with httpx.AsyncClient(
        base_url=url, timeout=60, transport=transport, verify=tls
    ) as client:
        for h in headers:
            r = await client.post(f"/api/tables/{table_id}/again", headers=h)
            r.raise_for_status()
            following = following or r.json()["id"]
            client.cookies.clear()
    return following


async def _start(host: Any, table_id: str) -> None:
    """Start the table; the host's connection, idle since the setup, may have been closed by
    the server meanwhile (keep-alive ends after a few seconds): then on a new one."""
    import httpx

    for attempt in range(3):
        try:
            (await host.post(f"/api/tables/{table_id}/start")).raise_for_status()
            return
        except httpx.TransportError:
            if attempt == 2:
                raise


def _family(pid: int) -> list[int]:
    """The server process and its children (the other server processes of ``--processes``,
    search workers)."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return [pid]
    return [pid, *(int(c) for c in children)]


def _cpu_seconds(pid: int) -> float | None:
    """CPU seconds of the server process and its children, together."""
    ticks, total = os.sysconf("SC_CLK_TCK"), 0.0
    for p in _family(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            if p == pid:
                return None
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def _rss_mb(pid: int | None) -> float | None:
    """Resident memory of the server process and its children, together."""
    if pid is None:
        return None
    total = None
    for p in _family(pid):
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total = (total or 0.0) + int(line.split()[1]) / 1024
        except OSError:
            continue
    return total


@dataclass
class _Run:
    logs: list[TableLog]
    counters: dict[str, int]
    elapsed: float
    cpu: float | None
    client_cpu: float
    samples: list[tuple[float, float]]
    warm_at: float  # when every table had begun (monotonic)
    warmup: float  # seconds from the start of play until then
    steady_cpu: float | None  # the server's CPU seconds from then on
    steady_actions: int  # the actions from then on
    client_stalls: dict[int, float]  # second of play -> this process's longest stall, s


async def _client_stalls(start: float, stalls: dict[int, float]) -> None:
    """The client's own event loop, watched: how late a 10 ms sleep wakes, the longest of each
    second of play. A frame the client reads late is timed late; a tail in a second where the
    client stalled as long is the instrument's, not the server's."""
    while True:
        before = time.monotonic()
        await asyncio.sleep(0.01)
        late = time.monotonic() - before - 0.01
        second = int(before - start)
        stalls[second] = max(stalls.get(second, 0.0), late)


async def _run(
    url: str,
    tables: int,
    seconds: float,
    think: float,
    seed: int,
    pid: int | None,
    sample_every: float,
    rounds: int,
    ramp: float = 0.0,
) -> _Run:
    rng = random.Random(seed)
    counters = {"actions": 0, "errors": 0, "sockets": 0, "matches": 0}
    limit = asyncio.Semaphore(20)
    setups = await asyncio.wait_for(
        asyncio.gather(*(_setup(url, _source(url, i), limit, rounds) for i in range(tables))),
        SETUP_SECONDS,
    )
    # The clients are the instrument: their own garbage collector's pauses (hundreds of ms with
    # thousands of sockets in one process) would be counted as the server's latency. What the
    # setup made is frozen out of the collector's sight, and during a run of at most ten
    # minutes the collector rests (a soak's clients collect, rarely: they open sockets all along).
    gc.collect()
    gc.freeze()
    thresholds = gc.get_threshold()
    if seconds <= 600:
        gc.disable()
    else:
        gc.set_threshold(200_000, 100, 1000)
    cpu0 = _cpu_seconds(pid) if pid else None
    client0 = time.process_time()
    start = time.monotonic()
    stop_at = start + seconds
    samples: list[tuple[float, float]] = []

    async def sample() -> None:
        while True:
            rss = _rss_mb(pid)
            if rss is not None:
                samples.append((round(time.monotonic() - start, 1), round(rss, 1)))
            await asyncio.sleep(sample_every)

    moments: dict[str, float] = {"tables": tables}

    async def warmed() -> None:
        # The server's CPU and the actions when every table has begun (within 50 ms of it).
        while "all_started" not in moments:
            await asyncio.sleep(0.05)
        cpu = _cpu_seconds(pid) if pid else None
        if cpu is not None:
            moments["cpu_warm"] = cpu
        moments["actions_warm"] = counters["actions"]

    stalls: dict[int, float] = {}
    sampler = asyncio.ensure_future(sample())
    watcher = asyncio.ensure_future(warmed())
    stall_watch = asyncio.ensure_future(_client_stalls(start, stalls))
    plays = (
        _play(
            url, s, random.Random(rng.random()), think, stop_at, counters, moments,
            ramp * i / max(1, tables - 1),  # the first at once, the last after ``ramp``
        )
        for i, s in enumerate(setups)
    )  # fmt: skip
    try:
        # Every client stops by itself at stop_at; the margin is for the last frames.
        played = await asyncio.wait_for(asyncio.gather(*plays), seconds + 60)
    finally:
        sampler.cancel()
        watcher.cancel()
        stall_watch.cancel()
        gc.set_threshold(*thresholds)
        gc.enable()
        gc.unfreeze()
    elapsed = time.monotonic() - start
    cpu1 = _cpu_seconds(pid) if pid else None
    cpu = None if cpu0 is None or cpu1 is None else cpu1 - cpu0
    logs = [log for table_logs in played for log in table_logs]
    warm = moments.get("all_started", stop_at)
    steady = None if cpu1 is None or "cpu_warm" not in moments else cpu1 - moments["cpu_warm"]
    return _Run(
        logs,
        counters,
        elapsed,
        cpu,
        time.process_time() - client0,
        samples,
        warm,
        warm - start,
        steady,
        counters["actions"] - int(moments.get("actions_warm", counters["actions"])),
        stalls,
    )


def run_load(
    tables: int,
    seconds: float,
    think: float = 0.5,
    url: str | None = None,
    seed: int = 1,
    sample_every: float = 5.0,
    rounds: int = 100,
    processes: int = 1,
    redis: str | None = None,
    database: str | None = None,
    gc_young: int | None = None,
    ramp: float = 0.0,
) -> LoadResult:
    """Play ``tables`` tables for ``seconds`` against ``url`` or a server started here (of
    ``processes`` processes over ``redis``, on ``database`` or a fresh SQLite file). Matches of
    ``rounds`` rounds; one that ends is followed by the next, at a new table. The tables sit
    down evenly over the first ``ramp`` seconds of play (0: all at once)."""
    if not 1 <= tables <= MAX_TABLES:
        raise ValueError(f"a load test plays 1 to {MAX_TABLES} tables, not {tables}")
    if not 0 < seconds <= MAX_SECONDS:
        raise ValueError(f"a load test plays for up to {MAX_SECONDS:g} s, not {seconds:g}")
    if not 0 <= ramp < seconds:
        raise ValueError(f"the tables sit down within the run's {seconds:g} s, not over {ramp:g}")
    proc: subprocess.Popen[str] | None = None
    own_redis: subprocess.Popen[bytes] | None = None
    tmp = tempfile.TemporaryDirectory(prefix="pondside-load-")
    server_log = Path(tmp.name) / "server.log"
    try:
        if url is None:
            db = database or f"sqlite:///{Path(tmp.name) / 'load.db'}"
            if processes > 1 and redis is None:
                own_redis, redis = start_redis(Path(tmp.name))
            proc, url = _start_server(db, processes, redis, gc_young, server_log)
        pid = proc.pid if proc else None
        rss0 = _rss_mb(pid)
        try:
            run = asyncio.run(
                _run(url, tables, seconds, think, seed, pid, sample_every, rounds, ramp)
            )
        except Exception as exc:
            said = _server_said(server_log) if proc is not None else ""
            raise RuntimeError(f"the load test stopped: {exc}{said}") from exc
        rss1 = _rss_mb(pid)
    finally:
        if proc is not None:
            _end(proc)
        if own_redis is not None:
            own_redis.kill()
            own_redis.wait()
        tmp.cleanup()
    latencies: list[float] = []
    sent_seconds: list[float] = []
    warming: list[float] = []
    start = run.warm_at - run.warmup
    for log in run.logs:
        for seq, sent in log.actor_sent.items():
            arrived = log.arrivals.get(seq)
            if arrived and all(arrived):
                # Actions sent while tables were still being started (all at once, as no
                # evening does) are reported apart: the warm-up.
                if sent >= run.warm_at:
                    latencies.append((max(arrived) - sent) * 1000)
                    sent_seconds.append(sent - start)
                else:
                    warming.append((max(arrived) - sent) * 1000)
    return LoadResult(
        tables=tables,
        sockets=run.counters["sockets"],
        seconds=run.elapsed,
        actions=run.counters["actions"],
        latencies_ms=latencies,
        server_cpu_seconds=run.cpu,
        rss_start_mb=rss0,
        rss_end_mb=rss1,
        client_cpu_seconds=run.client_cpu,
        errors=run.counters["errors"],
        rss_samples=run.samples,
        matches=run.counters["matches"],
        warmup_seconds=run.warmup,
        warmup_latencies_ms=warming,
        steady_cpu_seconds=run.steady_cpu,
        steady_actions=run.steady_actions,
        sent_seconds=sent_seconds,
        started_monotonic=start,
        client_stalls=run.client_stalls,
    )


def start_redis(folder: Path, port: int | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """A private redis-server on loopback (on ``port``, else a free one), keeping nothing on
    disk; returned once it answers PING, with its URL."""
    import shutil
    import socket

    binary = shutil.which("redis-server")
    if binary is None:
        raise RuntimeError(
            "several processes need Redis: give --redis URL, or install redis-server "
            "(Debian's package redis-server) for loadtest to start its own"
        )
    if port is None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = int(s.getsockname()[1])
    proc = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", str(folder)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return proc, f"redis://127.0.0.1:{port}/0"
        except OSError:
            time.sleep(0.05)
    proc.kill()
    proc.wait()
    raise RuntimeError(f"redis-server did not start on port {port}")


def _end(proc: subprocess.Popen[str]) -> None:
    """Stop a server started here (kill it if it has not stopped within 10 s) and close its
    pipe."""
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    if proc.stdout is not None:
        proc.stdout.close()


def _server_said(log: Path, lines: int = 40) -> str:
    """The end of the server's log, for an error of the run: a 500 says why only there."""
    try:
        said = log.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:]
    except OSError:
        return ""
    return "\nthe server's log ends:\n" + "\n".join(said) if said else ""


def _start_server(
    database: str, processes: int, redis: str | None, gc_young: int | None, log: Path
) -> tuple[subprocess.Popen[str], str]:
    cmd = [sys.executable, "-m", "pondside", "serve", "--port", "0", "--database", database]
    if gc_young is not None:
        cmd += ["--gc-young", str(gc_young)]
    if processes > 1 or redis:
        cmd += ["--processes", str(processes), "--redis", str(redis)]
    # Its log is kept (a server error in the run is told with the log's end: _server_said).
    with log.open("w") as err:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err, text=True)
    try:
        return proc, _wait_until_up(proc)
    except BaseException:
        _end(proc)
        raise


def _wait_until_up(proc: subprocess.Popen[str]) -> str:
    """The URL of a server just started, once it answers."""
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
                return url
        except httpx.TransportError:
            time.sleep(0.05)
    raise RuntimeError("pondside serve did not answer within 30 s")


@dataclass(frozen=True)
class LoadTest:
    """The settings of a load test: each run plays for ``seconds`` (a ``soak`` samples the
    server's memory every 5 s rather than every second, for the plot of its memory)."""

    seconds: float = 20.0
    think: float = 0.5
    url: str | None = None
    seed: int = 1
    rounds: int = 100
    processes: int = 1
    redis: str | None = None
    database: str | None = None
    gc_young: int | None = None
    soak: bool = False
    ramp: float = 0.0

    def run(self, tables: int) -> LoadResult:
        """One run of ``tables`` tables."""
        return run_load(
            tables, self.seconds, self.think, self.url, self.seed, 5.0 if self.soak else 1.0,
            self.rounds, self.processes, self.redis, self.database, self.gc_young, self.ramp,
        )  # fmt: skip

    def report(self, runs: list[LoadResult]) -> dict[str, Any]:
        """The settings and every run's figures (a soak's with its memory samples), as JSON."""
        report: dict[str, Any] = {
            "think": self.think,
            "seconds": self.seconds,
            "rounds": self.rounds,
            "ramp": self.ramp,
            "processes": self.processes,
            "database": "sqlite" if not self.database else self.database.split(":", 1)[0],
            "runs": [run.to_json() for run in runs],
        }
        if self.soak and runs:
            report["rss_samples"] = runs[-1].rss_samples
        return report
