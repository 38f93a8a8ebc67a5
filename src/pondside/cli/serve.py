"""The online table: ``serve`` (one process, or several sharing an address over Redis) and
``loadtest`` (bot clients over real WebSockets against it)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click
from rich.table import Table

from .common import check_writable, console, fail, path_option


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option(
    "--database",
    default=None,
    help="SQLAlchemy URL, e.g. postgresql://user:pw@host/db (default: an SQLite file in "
    "your data directory).",
)
@click.option(
    "--bot-delay",
    type=click.FloatRange(min=0),
    default=1.0,
    show_default=True,
    help="Seconds a bot waits before acting, so people can follow.",
)
@click.option("--clock-scale", type=click.FloatRange(min=0.001), default=1.0, hidden=True)
@click.option("--allow-seeds", is_flag=True, hidden=True, help="Tests only: tables name seeds.")
@click.option(
    "--ping-interval",
    type=click.FloatRange(min=0.1),
    default=20.0,
    hidden=True,
    help="Seconds between WebSocket pings; a client silent for as long again is dropped.",
)
@click.option(
    "--redis",
    "redis_url",
    default=None,
    metavar="URL",
    help="Redis URL (redis://127.0.0.1:6379/0): this process is one of several on one "
    "database, each table played by one of them (see docs/server.md).",
)
@click.option(
    "--processes",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Start this many server processes on the one address (needs --redis).",
)
@click.option(
    "--reuse-port",
    is_flag=True,
    help="Share the address with other pondside serve processes started by hand (needs --redis).",
)
@click.option(
    "--grace",
    type=click.FloatRange(min=0),
    default=60.0,
    show_default=True,
    help="Seconds a player may be disconnected from a running match before a bot stands in "
    "for them (until they are back).",
)
@click.option("--lease-seconds", type=click.FloatRange(min=0.3), default=3.0, hidden=True)
@click.option(
    "--gc-young",
    type=click.IntRange(700, 10_000_000),
    default=None,
    help="Allocations between the collector's youngest collections (default 10000; Python's "
    "own is 700). A finished table leaves nothing for the collector, so the rare collections "
    "cost no memory and keep p99 low.",
)
@click.option(
    "--gc-freeze/--no-gc-freeze",
    default=True,
    show_default=True,
    help="Freeze what survives each of the collector's passes, with a young pass every 0.1 s "
    "and a full one every 5 minutes: no pause of the collector over a few milliseconds with "
    "thousands of sockets (without it, passes of 40-800 ms), memory flat over a 28-minute "
    "soak (docs/benchmarks.md).",
)
@click.option(
    "--compress",
    is_flag=True,
    help="Compress WebSocket messages for clients that ask (permessage-deflate): fewer bytes, "
    "more server CPU and memory a socket. Off by default.",
)
@click.option(
    "--lazy-search",
    is_flag=True,
    help="Start the search worker at the first hint or search bot, not with the server: a "
    "process and its memory spared where nobody searches, the first search a few seconds "
    "slower.",
)
def serve(
    host: str,
    port: int,
    database: str | None,
    bot_delay: float,
    clock_scale: float,
    allow_seeds: bool,
    ping_interval: float,
    redis_url: str | None,
    processes: int,
    reuse_port: bool,
    grace: float,
    lease_seconds: float,
    gc_young: int | None,
    gc_freeze: bool,
    compress: bool,
    lazy_search: bool,
) -> None:
    """Run the online table: lobby and tables in the browser (see docs/server.md)."""
    from pondside.server import Settings
    from pondside.server import serve as run
    from pondside.server.app import Stopped
    from pondside.server.supervise import (
        Siblings,
        Unavailable,
        check_database,
        check_redis,
        database_url,
    )

    if (processes > 1 or reuse_port) and not redis_url:
        fail(
            "several processes share their tables' news over Redis: give --redis URL "
            "(e.g. redis://127.0.0.1:6379/0)"
        )
    try:
        url, shown = database_url(database)
    except ValueError:
        fail(f"--database takes a URL such as postgresql://user:pw@host/db, not {database!r}")
    settings = Settings(
        database_url=url,
        bot_delay=bot_delay,
        clock_scale=clock_scale,
        allow_seeds=allow_seeds,
        ping_interval=ping_interval,
        redis_url=redis_url,
        lease_seconds=lease_seconds,
        grace=grace,
        gc_young=gc_young,
        gc_freeze=gc_freeze,
        compress=compress,
        warm_search=not lazy_search,
    )
    try:
        check_database(url, shown)
        if redis_url:
            check_redis(redis_url)
    except Unavailable as exc:
        fail(str(exc))
    with Siblings(processes - 1, sys.argv[1:]) as siblings:

        def announce(address: str) -> None:
            click.echo(f"Database: {shown}")
            if siblings.count:
                siblings.start(address)
                click.echo(f"{processes} processes share this address, over Redis {redis_url}")
            click.echo(f"Pondside is serving at {address}  (Ctrl-C stops it)", nl=True)

        try:
            run(settings, host, port, announce, reuse_port=reuse_port or processes > 1)
        except (KeyboardInterrupt, Stopped):  # uvicorn has shut down and passes the signal on
            click.echo("Pondside stopped; every table is kept for the next start.")
        except OSError as exc:
            fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")


@click.command()
@click.option(
    "--tables",
    default="10",
    show_default=True,
    help="Tables of four bot clients; several runs as a comma-separated list (10,50,100).",
)
@click.option(
    "--seconds",
    type=click.FloatRange(min=1, max=600),
    default=20.0,
    show_default=True,
    help="Seconds of play per run (the tables are set up first).",
)
@click.option(
    "--think",
    type=click.FloatRange(min=0),
    default=0.5,
    show_default=True,
    help="Mean seconds a client waits before each action (uniform on 0..2x).",
)
@click.option(
    "--ramp",
    type=click.FloatRange(min=0),
    default=0.0,
    show_default=True,
    help="Seconds over which the tables sit down, evenly (0: all at once). Actions sent "
    "before the last has begun are reported apart, as the warm-up.",
)
@click.option("--url", default=None, help="A running server (default: start one on SQLite).")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option(
    "--soak",
    type=click.FloatRange(min=0.1, max=60),
    default=None,
    help="Instead of a sweep: play the first table count for MINUTES, the server's memory "
    "sampled every few seconds.",
)
@click.option(
    "--rounds",
    type=click.IntRange(1, 100),
    default=100,
    show_default=True,
    help="Rounds of each Lame Duck match; a match that ends is followed by the next at a new "
    "table (Play again), so finished tables come and go (100: no match ends in a run).",
)
@click.option(
    "--processes",
    type=click.IntRange(1, 16),
    default=1,
    show_default=True,
    help="Server processes on the one address, sharing news over Redis (--redis, or a "
    "redis-server loadtest starts).",
)
@click.option(
    "--redis",
    "redis_url",
    default=None,
    metavar="URL",
    help="Redis for --processes (default: loadtest starts a private redis-server).",
)
@click.option(
    "--database",
    default=None,
    help="The server's database URL (default: a fresh SQLite file per run).",
)
@click.option(
    "--gc-young",
    type=click.IntRange(700, 10_000_000),
    default=None,
    help="Passed to the server it starts (pondside serve --gc-young).",
)
@path_option("--out", help="Write the figures as JSON.")
@path_option(
    "--plot",
    help="Draw a PNG: latency and actions/s against tables, or the memory of a soak.",
)
def loadtest(
    tables: str,
    seconds: float,
    think: float,
    ramp: float,
    url: str | None,
    seed: int,
    soak: float | None,
    rounds: int,
    processes: int,
    redis_url: str | None,
    database: str | None,
    gc_young: int | None,
    out: Path | None,
    plot: Path | None,
) -> None:
    """Bot clients over real WebSockets on loopback: latency from an action to every seat.

    Each run stops by itself after SECONDS of play (a soak after its MINUTES). Without --url
    it starts its own server on a fresh SQLite file for every run and reports that process's
    CPU and memory.
    """
    from pondside.sim.load import MAX_TABLES, LoadTest

    try:
        counts = [int(t) for t in tables.split(",")]
    except ValueError:
        fail(f"--tables is a number or numbers separated by commas, not {tables!r}")
    if any(not 1 <= c <= MAX_TABLES for c in counts):
        fail(f"--tables takes 1 to {MAX_TABLES} tables per run")
    check_writable(out, plot)
    if processes > 1 and not redis_url and url is None:
        import shutil

        if shutil.which("redis-server") is None:
            fail("--processes needs --redis URL, or redis-server installed for loadtest to start")
    if url is not None and (processes > 1 or database):
        fail("--processes and --database are for the server loadtest starts, not with --url")
    if soak is not None:
        seconds = soak * 60
        counts = counts[:1]
    if ramp >= seconds:
        fail(f"--ramp is the first part of a run: under its {seconds:g} s, not {ramp:g}")
    test = LoadTest(
        seconds, think, url, seed, rounds, processes, redis_url, database, gc_young,
        soak=soak is not None, ramp=ramp,
    )  # fmt: skip
    grid = Table(title=f"pondside loadtest: {seconds:g} s per run, think {think:g} s")
    for col in (
        "tables",
        "sockets",
        "actions/s",
        "p50 ms",
        "p99 ms",
        "max ms",
        "warm-up p99",
        "CPU ms/act",
        "after warm-up",
        "server CPU",
        "RSS MB",
        "client CPU",
    ):
        grid.add_column(col, justify="right")
    runs = []
    for count in counts:
        with console.status(f"{count} tables for {seconds:g} s..."):
            try:
                runs.append(test.run(count))
            except RuntimeError as exc:  # the server refused or failed: said, with its log
                fail(str(exc))
        grid.add_row(*row_of(runs[-1].to_json()))
    console.print(grid)
    if plot is not None:
        from pondside.sim.plots import plot_load

        plot_load(test, runs, plot)
    if out is not None:
        out.write_text(json.dumps(test.report(runs), indent=2))


def row_of(run: dict[str, Any]) -> list[str]:
    """A run's figures as the grid of ``pondside loadtest`` shows them."""

    def shown(value: float | None, form: str) -> str:
        return "-" if value is None else form.format(value)

    return [
        str(run["tables"]),
        str(run["sockets"]),
        f"{run['actions_per_second']:.0f}",
        f"{run['p50_ms']:.1f}",
        f"{run['p99_ms']:.1f}",
        f"{run['max_ms']:.1f}",
        f"{run['warmup_p99_ms']:.0f} ({run['warmup_seconds']:.0f} s)",
        shown(run["server_cpu_ms_per_action"], "{:.2f} ms"),
        shown(run.get("steady_server_cpu_ms_per_action"), "{:.2f} ms"),
        shown(run["server_cpu_percent"], "{:.0f}%"),
        f"{shown(run['rss_start_mb'], '{:.0f}')}→{shown(run['rss_end_mb'], '{:.0f}')}",
        shown(run["client_cpu_percent"], "{:.0f}%"),
    ]
