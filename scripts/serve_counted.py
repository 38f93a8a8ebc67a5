"""``pondside serve`` with counters, for a load test's steady state: where the server's CPU goes.

Every 5 seconds a line of JSON is appended to ``OUT``: the event loop thread's CPU time, the
process's, the actions so far, and the CPU time (each in the thread that spent it) of the
broadcasts, the commits (the committer's thread) and the collector's passes by generation, in
CPU and in wall time (far more wall than CPU: the thread was descheduled), with the longest pass
of each (a pass of 20 ms or more is also logged to stderr with its ``time.monotonic()``); and
the event loop's stalls (a watchdog's lateness), its turns and its callbacks (each of 50 ms or
more logged with its CPU time and the collector's part). On SIGUSR1 a full pass over every
object, frozen ones too, lists what it freed (what freezing had hidden from the collector) and
what is alive by kind.
The load test's own "server CPU ms/action" counts everything
from the start of play, the thousand tables' warm-up (4,000 sockets connecting) included; the
difference of two lines of the steady state says what an action costs then::

    PYTHONPATH=src python scripts/serve_counted.py OUT --port 8800 --database sqlite:////tmp/x.db
    pondside loadtest --url http://127.0.0.1:8800 --tables 1000 --think 5 --seconds 30
    python scripts/serve_counted.py --report OUT FIRST LAST   # lines, counted from 0 (-1: last)
"""

from __future__ import annotations

import collections
import gc
import json
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

LONG_PASS = 0.02  # seconds (wall): a collector's pass this long is logged (stderr) when it ends
TICK = 0.01  # seconds: the watchdog's sleep; its lateness is how long the event loop stalled
STALL = 0.05  # seconds: a stall of the event loop, or one callback, this long is logged

spent: collections.Counter[str] = collections.Counter()
calls: collections.Counter[str] = collections.Counter()
started: dict[int, tuple[float, float]] = {}
gc_wall = [0.0]  # every collector pass's wall time so far, any thread: what part of a stall


def counted(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        t = time.thread_time()
        try:
            return fn(*args, **kwargs)
        finally:
            spent[name] += time.thread_time() - t
            calls[name] += 1

    return wrapper


def longest(key: str, took: float) -> None:
    spent[key + " longest"] = max(spent[key + " longest"], took)


def collected(phase: str, info: dict[str, Any]) -> None:
    """Each pass's CPU (``thread_time``) and wall time (``perf_counter``): a pass whose wall
    time is far above its CPU time was descheduled (the other core's work), not scanning."""
    if phase == "start":
        started[threading.get_ident()] = (time.perf_counter(), time.thread_time())
        return
    now = (time.perf_counter(), time.thread_time())
    wall0, cpu0 = started.pop(threading.get_ident(), now)
    wall, cpu = now[0] - wall0, now[1] - cpu0
    gc_wall[0] += wall
    name = f"gc{info['generation']}"
    spent[name] += cpu
    spent[name + " wall"] += wall
    calls[name] += 1
    calls[name + " wall"] += 1
    longest(name, cpu)
    longest(name + " wall", wall)
    if wall >= LONG_PASS:  # when, to set beside the slow actions of the load test
        where = "" if threading.current_thread() is threading.main_thread() else " (not loop)"
        print(
            f"{time.monotonic():.1f} {name} pass: {1e3 * wall:.0f} ms wall, {1e3 * cpu:.0f} ms "
            f"CPU, {info['collected']} collected{where}",
            file=sys.stderr,
        )


async def watchdog() -> None:
    """Sleeps ``TICK`` again and again: how late it wakes is how long the loop could not run
    anything (a callback, a collector's pass in the loop or the GIL held by another thread)."""
    import asyncio

    while True:
        gc0, t = gc_wall[0], time.perf_counter()
        await asyncio.sleep(TICK)
        late = time.perf_counter() - t - TICK
        calls["ticks"] += 1
        for limit in (0.02, 0.05, 0.1):
            if late >= limit:
                calls[f"stalls >= {int(limit * 1e3)} ms"] += 1
        longest("stall", late)
        if late >= STALL:
            print(
                f"{time.monotonic():.1f} loop stalled {1e3 * late:.0f} ms "
                f"(collector {1e3 * (gc_wall[0] - gc0):.0f} ms of it)",
                file=sys.stderr,
            )


def time_callbacks() -> None:
    """Every callback of the event loop timed (wall and CPU); one of ``STALL`` or more is
    logged with what it ran and how much of it was the collector."""
    from asyncio import events

    run = events.Handle._run

    def timed(self: Any) -> None:
        gc0, wall0, cpu0 = gc_wall[0], time.perf_counter(), time.thread_time()
        try:
            run(self)
        finally:
            wall = time.perf_counter() - wall0
            calls["callbacks"] += 1
            if wall >= STALL:
                cpu = time.thread_time() - cpu0
                calls["long callbacks"] += 1
                print(
                    f"{time.monotonic():.1f} callback {1e3 * wall:.0f} ms wall, "
                    f"{1e3 * cpu:.0f} ms CPU (collector {1e3 * (gc_wall[0] - gc0):.0f} ms): "
                    f"{_what(self)}",
                    file=sys.stderr,
                )

    events.Handle._run = timed  # type: ignore[method-assign]


def kind(o: object) -> str:
    return f"{type(o).__module__}.{type(o).__qualname__}"


def full_pass(_signum: int, _frame: Any) -> None:
    """On SIGUSR1: a full pass over everything, the frozen objects too, that lists (stderr) the
    kinds of what it freed: what the server's freezing of each pass's survivors
    (server/collector.py) had hidden from the collector until its next full pass."""
    from pondside.server.collector import _freeze_survivors

    # The server's own freezing (server/collector.py) waits: it would freeze what this pass
    # kept before it is counted below.
    freezing = [c for c in gc.callbacks if c is _freeze_survivors]
    for c in freezing:
        gc.callbacks.remove(c)
    gc.set_debug(gc.DEBUG_SAVEALL)
    gc.unfreeze()
    wall = time.perf_counter()
    gc.collect()
    wall = time.perf_counter() - wall
    kinds = collections.Counter(map(kind, gc.garbage))
    # What the garbage's objects belong to: the server's own kinds, apart from the builtins.
    ours = collections.Counter(
        k for k in kinds.elements() if not k.startswith(("builtins.", "collections.", "asyncio."))
    )
    print(
        f"{time.monotonic():.1f} full pass on SIGUSR1: {1e3 * wall:.0f} ms, "
        f"{len(gc.garbage)} objects freed; {kinds.most_common(12)}; not builtins: "
        f"{ours.most_common(25)}",
        file=sys.stderr,
    )
    gc.garbage.clear()
    gc.set_debug(0)
    # What is alive, by kind: two servers' lists side by side say what one keeps that the other
    # does not (the collector's settings apart, the same code and the same load).
    alive = collections.Counter(map(kind, gc.get_objects()))
    print(
        f"{time.monotonic():.1f} alive after it: {sum(alive.values())} objects the collector "
        f"tracks, {sys.getallocatedblocks()} blocks; {alive.most_common(40)}",
        file=sys.stderr,
    )
    gc.freeze()
    gc.callbacks.extend(freezing)


def time_iterations() -> None:
    """Every turn of the event loop timed, less its wait in ``select``: a turn of ``STALL`` or
    more is logged with its CPU time (far less than its wall time: the thread was not running,
    descheduled or waiting for the interpreter's lock), its callbacks and the collector's part."""
    import selectors
    from asyncio import base_events

    waited = [0.0]
    select = selectors.EpollSelector.select

    def timed_select(self: Any, timeout: float | None = None) -> Any:
        t = time.perf_counter()
        try:
            return select(self, timeout)
        finally:
            waited[0] += time.perf_counter() - t

    run_once = base_events.BaseEventLoop._run_once

    def timed_turn(self: Any) -> None:
        gc0, n0, waited[0] = gc_wall[0], calls["callbacks"], 0.0
        wall0, cpu0 = time.perf_counter(), time.thread_time()
        run_once(self)
        wall = time.perf_counter() - wall0 - waited[0]
        cpu = time.thread_time() - cpu0
        calls["turns"] += 1
        spent["turns wall"] += wall
        spent["turns CPU"] += cpu
        if wall >= STALL:
            calls["long turns"] += 1
            spent["long turns wall"] += wall
            spent["long turns CPU"] += cpu
            print(
                f"{time.monotonic():.1f} turn {1e3 * wall:.0f} ms wall, {1e3 * cpu:.0f} ms CPU, "
                f"{calls['callbacks'] - n0} callbacks (collector {1e3 * (gc_wall[0] - gc0):.0f} "
                f"ms)",
                file=sys.stderr,
            )

    selectors.EpollSelector.select = timed_select  # type: ignore[method-assign]
    base_events.BaseEventLoop._run_once = timed_turn  # type: ignore[attr-defined]


def _what(handle: Any) -> str:
    callback = getattr(handle, "_callback", None)
    task = getattr(callback, "__self__", None)
    coro = getattr(task, "get_coro", None)
    if coro is not None:
        c = coro()
        frame = getattr(c, "cr_frame", None)
        at = f" at line {frame.f_lineno}" if frame is not None else ""
        return f"task {getattr(c, '__qualname__', c)}{at}"
    return repr(callback)[:160]


def sample(out: Any) -> None:
    loop = time.pthread_getcpuclockid(threading.main_thread().ident or 0)
    while True:
        time.sleep(5)
        line = {
            "t": time.monotonic(),
            "loop": time.clock_gettime(loop),
            "process": time.process_time(),
            "blocks": sys.getallocatedblocks(),  # the allocator's live blocks: objects kept
            # gc.get_freeze_count() walks every frozen object, holding the interpreter's lock:
            # 130 ms every 5 s with 1,000 tables frozen, a stall of the counter's own making.
            # sys.getallocatedblocks() walks only the allocator's arenas.
            "spent": dict(spent),
            "calls": dict(calls),
        }
        out.write(json.dumps(line) + "\n")
        out.flush()


def report(path: str, first: int, last: int) -> None:
    with open(path) as f:
        lines = [json.loads(line) for line in f]
    a, b = lines[first], lines[last]
    n = b["calls"].get("next_state", 0) - a["calls"].get("next_state", 0)
    seconds = b["t"] - a["t"]
    if not n:
        sys.exit("no action between those lines")
    print(f"{seconds:.0f} s, {n} actions ({n / seconds:.0f} a second)")
    print(f"process CPU {1e3 * (b['process'] - a['process']) / n:.3f} ms an action")
    print(f"event loop  {1e3 * (b['loop'] - a['loop']) / n:.3f} ms an action", end=" ")
    print(f"(busy {100 * (b['loop'] - a['loop']) / seconds:.0f} %)")
    for key in sorted(b["spent"]):
        c = b["calls"].get(key, 0) - a["calls"].get(key, 0)
        if key.endswith("longest"):
            print(f"  {key:12} {1e3 * b['spent'][key]:8.1f} ms (since the start)")
            continue
        d = b["spent"][key] - a["spent"].get(key, 0.0)
        if not c:
            continue
        print(f"  {key:12} {1e6 * d / n:8.1f} us an action ({c} calls, {1e3 * d / c:.1f} ms each)")
    for key in sorted(set(b["calls"]) - set(b["spent"])):  # counts alone: ticks, stalls
        print(f"  {key:18} {b['calls'][key] - a['calls'].get(key, 0)}")


def main() -> None:
    if sys.argv[1:2] == ["--report"]:
        report(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
        return
    import os

    from pondside.cli import main as cli
    from pondside.server import db, hub
    from pondside.server.collector import YOUNG_SECONDS, Collector

    if os.environ.get("PONDSIDE_FULL_SECONDS"):  # the full passes' period, for a soak with freezing
        full = float(os.environ["PONDSIDE_FULL_SECONDS"])
        Collector.keep_collecting.__defaults__ = (YOUNG_SECONDS, full)

    hub.Hub.broadcast = counted("broadcast", hub.Hub.broadcast)  # type: ignore[method-assign]
    db.Store.commit_actions = counted("commit", db.Store.commit_actions)  # type: ignore[method-assign]
    hub.next_state = counted("next_state", hub.next_state)
    gc.callbacks.append(collected)
    time_callbacks()
    time_iterations()
    signal.signal(signal.SIGUSR1, full_pass)
    startup = hub.Hub.startup

    async def watched(self: Any) -> int:
        import asyncio

        self.watchdog = asyncio.get_running_loop().create_task(watchdog())
        return await startup(self)

    hub.Hub.startup = watched  # type: ignore[method-assign]
    out = open(sys.argv[1], "w")  # noqa: SIM115 (written until the process ends)
    threading.Thread(target=sample, args=(out,), daemon=True).start()
    sys.argv = ["pondside", "serve", *sys.argv[2:]]
    cli()


if __name__ == "__main__":  # (the search bots' worker processes import this module again)
    main()
