"""``pondside serve`` with counters, for a load test's steady state: where the server's CPU goes.

Every 5 seconds a line of JSON is appended to ``OUT``: the event loop thread's CPU time, the
process's, the actions so far, and the CPU time (each in the thread that spent it) of the
broadcasts, the commits (the committer's thread) and the collector's passes by generation,
with the longest pass of each (a pass of 20 ms or more is also logged to stderr with its
``time.monotonic()``). The load test's own "server CPU ms/action" counts everything
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
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

LONG_PASS = 0.02  # seconds: a collector's pass this long is logged (stderr) when it ends

spent: collections.Counter[str] = collections.Counter()
calls: collections.Counter[str] = collections.Counter()
started: dict[int, float] = {}


def counted(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        t = time.thread_time()
        try:
            return fn(*args, **kwargs)
        finally:
            spent[name] += time.thread_time() - t
            calls[name] += 1

    return wrapper


def collected(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        started[threading.get_ident()] = time.thread_time()
        return
    took = time.thread_time() - started.pop(threading.get_ident(), time.thread_time())
    name = f"gc{info['generation']}"
    spent[name] += took
    calls[name] += 1
    spent[name + " longest"] = max(spent[name + " longest"], took)
    if took >= LONG_PASS:  # when, to set beside the slow actions of the load test
        print(f"{time.monotonic():.1f} {name} pass: {1e3 * took:.0f} ms", file=sys.stderr)


def sample(out: Any) -> None:
    loop = time.pthread_getcpuclockid(threading.main_thread().ident or 0)
    while True:
        time.sleep(5)
        line = {
            "t": time.monotonic(),
            "loop": time.clock_gettime(loop),
            "process": time.process_time(),
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
        if key.endswith("longest"):
            print(f"  {key:12} {1e3 * b['spent'][key]:8.1f} ms (since the start)")
            continue
        d = b["spent"][key] - a["spent"].get(key, 0.0)
        c = b["calls"][key] - a["calls"].get(key, 0)
        print(f"  {key:12} {1e6 * d / n:8.1f} us an action ({c} calls)")


def main() -> None:
    if sys.argv[1:2] == ["--report"]:
        report(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
        return
    from pondside.cli import main as cli
    from pondside.server import db, hub

    hub.Hub.broadcast = counted("broadcast", hub.Hub.broadcast)  # type: ignore[method-assign]
    db.Store.commit_actions = counted("commit", db.Store.commit_actions)  # type: ignore[method-assign]
    hub.next_state = counted("next_state", hub.next_state)
    gc.callbacks.append(collected)
    out = open(sys.argv[1], "w")  # noqa: SIM115 (written until the process ends)
    threading.Thread(target=sample, args=(out,), daemon=True).start()
    sys.argv = ["pondside", "serve", *sys.argv[2:]]
    cli()


if __name__ == "__main__":  # (the search bots' worker processes import this module again)
    main()
