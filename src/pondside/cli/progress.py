"""A long run as a person sees it: its progress (a bar on a terminal, lines in a log) and what
Ctrl-C or SIGTERM do while it plays."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from pondside.tui.base import plural


class RunSignals:
    """Ctrl-C and SIGTERM while a run plays: the first stops it (raised as KeyboardInterrupt,
    which the run turns into ``Stopped`` once its workers have stopped). A later one, or one
    once the run is over, ends the process at once in one line: what is left (writing files) is
    short, and someone who asks twice wants out now. The workers end with it (see
    ``pondside.workers.worker_start``)."""

    SIGNALS = (signal.SIGINT, signal.SIGTERM)

    def __init__(self) -> None:
        self.first: int | None = None
        self.running = True
        self.previous: dict[int, Any] = {}

    def __enter__(self) -> RunSignals:
        self.previous = {s: signal.signal(s, self.handle) for s in self.SIGNALS}
        return self

    def __exit__(self, *exc: object) -> None:
        if self.first is not None:
            # A stopped run ends the process: until it has, another signal still ends it in
            # one line with the stop's exit code, not by the default's death mid-write (a
            # second SIGTERM while the partial results were written ended one test run as -15).
            return
        for s, handler in self.previous.items():
            signal.signal(s, signal.SIG_DFL if handler is None else handler)

    def handle(self, signum: int, frame: FrameType | None) -> None:
        if self.running and self.first is None:
            self.first = signum
            raise KeyboardInterrupt
        os.write(2, f"Stopped at once ({signal_name(signum)}).\n".encode())
        os._exit(128 + signum)


def signal_name(signum: int | None) -> str:
    return "SIGTERM" if signum == signal.SIGTERM else "Ctrl-C"


@contextlib.contextmanager
def progress_display(
    what: str, every: float, unit: str = "match"
) -> Iterator[Callable[[int, int], None]]:
    """``show(done, total)``: a progress bar on a terminal, plain lines elsewhere (a log, a
    pipe), where a bar would print only once it is finished. ``unit`` is what is counted."""
    err = Console(stderr=True)
    if not err.is_terminal:
        yield ProgressLines(what, every, unit)
        return
    with progress_bar(err) as bar:
        task = bar.add_task(what, total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)


def progress_bar(err: Console) -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.percentage:>3.0f}%"),
        TimeRemainingColumn(),
        console=err,
    )


class ProgressLines:
    """Progress as lines on stderr: at the first batch (so a log shows the run started), then
    every ``every`` seconds, and at the end: ``Lame Duck: 1200/5000 matches, 24%, ~40 s left``.
    The time left is reckoned from the first batch on, so the start-up (worker processes, Ray)
    does not inflate it."""

    def __init__(self, what: str, every: float, unit: str = "match") -> None:
        self.what, self.every, self.unit = what, every, unit
        self.started = time.monotonic()
        self.first: tuple[float, int] | None = None
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self.first is not None and now - self.last < self.every and done < total:
            return
        self.last = now
        line = f"{self.what}: {done}/{plural(total, self.unit)}, {done / total:.0%}"
        if done == total:
            line += f", done in {duration(now - self.started)}"
        elif self.first is None:
            self.first = (now, done)
        elif done > self.first[1]:
            rate = (done - self.first[1]) / (now - self.first[0])
            line += f", ~{duration(max(1.0, (total - done) / rate))} left"
        click.echo(line, err=True)


def duration(seconds: float) -> str:
    """``40 s``, ``3 min 20 s``, ``2 h 5 min``."""
    s = round(seconds)
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60} s"
    return f"{s // 3600} h {s % 3600 // 60} min"
