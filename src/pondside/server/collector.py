"""Python's cycle collector kept to short passes while thousands of sockets play.

A collector's pass scans every object of the generations it collects. Under load the server's
passes found nothing to free (a finished table and a closed connection leave no cycle:
tests/server/test_collector.py), yet each scanned what the earlier passes had already seen and
kept: with 1,000 tables the middle generation's passes took 40 to 140 ms of CPU and the full
ones 300 ms, the event loop stopped meanwhile (docs/benchmarks.md, issue 26 point 7). So what
survives a pass is frozen (``gc.freeze``, which moves the tracked objects out of the collector's
sight in constant time): each object is scanned by at most one pass, and a pass scans only what
was made since the one before.

Python starts a young pass when its allocations less its deallocations reach a threshold; every
frozen object that dies counts as a deallocation, so while the tables replace their old objects
with new ones that count hardly moves, the new objects pile up, and the pass that finally comes
scans a few hundred thousand of them (200 ms measured). So the server also collects its young
objects on a clock, every ``YOUNG_SECONDS``: a few milliseconds each.

A frozen object is still freed by reference counting the moment nothing refers to it; only a
reference cycle that forms among frozen objects is not found. None is known to form, and so that
one would not be kept forever a full pass over everything runs once every ``FULL_SECONDS``.

Freezing the survivors is what ``pondside serve`` does unless ``--no-gc-freeze``
(``Settings.gc_freeze``, off for a server embedded in another program, whose process it is):
it cut the passes from 40-140 ms to under 3 ms of CPU at 1,000 tables, and the load test's
timeline (each second's 99th percentile) shows it: without it each of six 30-second runs had
seconds in mid-run with a 99th percentile of 200-790 ms (passes of the middle or old
generation); with it, of six runs, one mid-run second reached 161 ms and no other 100
(session 45, docs/benchmarks.md). Its memory is flat with the full passes every
``FULL_SECONDS`` (below). Off, the server freezes what its start made and collects its young
objects every ``young`` allocations.
"""

from __future__ import annotations

import asyncio
import gc
from typing import Any

YOUNG_SECONDS = 0.1
"""Seconds between the young passes the server starts itself (besides Python's own)."""

FULL_SECONDS = 300.0
"""Seconds between full passes over everything, the frozen objects too: one pause of a few
hundred milliseconds at 1,000 tables (a tenth of a percent of the time at this period). With
one every 30 minutes a soak's memory grew all the while (50 tables of one-round matches:
RSS +11.8 MB in 28 minutes, against +5.0 MB without freezing); with one every 5 minutes it was
flat (+1.1 MB from minute 6 to 27, the allocator's live blocks a saw-tooth between 666,000 and
693,000 with no rise: docs/benchmarks.md, issue 26 point 7, session 44). What a full pass
releases there is not garbage of the server's (it finds a few openskill closures), so it is
likely what only a full pass empties, as the interpreter's free lists."""


def _freeze_survivors(phase: str, _info: dict[str, Any]) -> None:
    # Called by the collector itself in whichever thread triggered the pass, when the pass is
    # over and its lists are consistent again; gc.freeze only splices lists together.
    if phase == "stop":
        gc.freeze()


class Collector:
    """The server's collector settings while it runs (``start``: freeze what exists, collect
    young objects every ``young`` allocations, freeze each pass's survivors; ``stop``: no more
    freezing once every server of the process has stopped)."""

    running = 0  # servers of this process whose collector is started (tests run several)

    def __init__(self, young: int, survivors: bool = True) -> None:
        self.young = young
        self.survivors = survivors  # whether each pass's survivors are frozen, on a clock
        self.started = False

    def start(self) -> None:
        gc.collect()  # what the start made and then dropped, before it is frozen for good
        gc.freeze()
        gc.set_threshold(self.young, 10, 10)
        if not self.survivors:
            return
        if not self.started:
            self.started = True
            Collector.running += 1
        if _freeze_survivors not in gc.callbacks:
            gc.callbacks.append(_freeze_survivors)

    def stop(self) -> None:
        if self.started:
            self.started = False
            Collector.running -= 1
        if not Collector.running and _freeze_survivors in gc.callbacks:
            gc.callbacks.remove(_freeze_survivors)

    @staticmethod
    def full() -> int:
        """A pass over every object, the frozen ones included; what survives is frozen
        again. Returns what it freed."""
        gc.unfreeze()
        freed = gc.collect()
        gc.freeze()
        return freed

    async def keep_collecting(
        self, young: float = YOUNG_SECONDS, full: float = FULL_SECONDS
    ) -> None:
        """A young pass every ``young`` seconds and ``full`` every ``full`` seconds, until
        cancelled (with ``survivors`` off: nothing to do)."""
        if not self.survivors:
            return
        loop = asyncio.get_running_loop()
        last_full = loop.time()
        while True:
            await asyncio.sleep(young)
            if not gc.isenabled():  # turned off (a test counting what only it would free)
                continue
            if loop.time() - last_full >= full:
                self.full()
                last_full = loop.time()
            else:
                gc.collect(0)  # its survivors frozen as it ends
