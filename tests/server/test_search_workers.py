"""The server's search workers end with it, however it ends: a kill -9 of the server once left
its worker processes waiting forever on their queue (each holds the queue's writing end too),
one set per killed server (``pondside.workers.worker_start``)."""

from __future__ import annotations

import time
from pathlib import Path

from serverproc import GuestClient, ServerProcess
from tablesock import table_with


def children(pid: int) -> set[int]:
    """The live processes whose parent is ``pid`` (Linux's /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_killed_server_leaves_no_search_worker(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'p.db'}", log=tmp_path / "server.log").start()
    try:
        assert server.proc is not None
        ann = GuestClient(server, "Ann")
        # Two strong bots: their searches run in the worker processes.
        table_with(server, ann, ["strong", "strong"])
        deadline = time.monotonic() + 60
        while not (workers := children(server.proc.pid)):
            assert time.monotonic() < deadline, "no search worker started"
            time.sleep(0.2)
    finally:
        server.kill()
    deadline = time.monotonic() + 15
    while left := [w for w in workers if alive(w)]:
        assert time.monotonic() < deadline, f"search workers left running: {left}"
        time.sleep(0.1)


def test_the_search_worker_starts_with_the_server_unless_it_is_lazy(tmp_path: Path) -> None:
    """``serve`` starts its search worker at once, so the first hint does not wait for an
    interpreter to start; ``--lazy-search`` (the tests' servers) starts none until a search."""
    for warm in (True, False):
        server = ServerProcess(f"sqlite:///{tmp_path / f'{warm}.db'}", warm_search=warm).start()
        try:
            assert server.proc is not None
            deadline = time.monotonic() + (30 if warm else 1.5)
            while not children(server.proc.pid) and time.monotonic() < deadline:
                time.sleep(0.1)
            assert bool(children(server.proc.pid)) == warm
        finally:
            server.stop()


def test_a_stopped_server_gives_its_workers_queues_back(tmp_path: Path) -> None:
    """A server stopped as a service manager stops it (SIGTERM) after its search workers ran
    closes their pool before it exits: Python's resource tracker found the pool's semaphores
    never given back and warned at every stop (the server had frozen the pool out of the
    collector's sight). It stops as a Ctrl-C stops it: its exit handlers run, multiprocessing's
    among them, which give back whatever the collector had not reached yet (a server stopped
    while its workers were still starting left them to be reported as leaked)."""
    log = tmp_path / "server.log"
    server = ServerProcess(f"sqlite:///{tmp_path / 'p.db'}", log=log, warm_search=True).start()
    try:
        assert server.proc is not None
        deadline = time.monotonic() + 30
        while not children(server.proc.pid):
            assert time.monotonic() < deadline, "no search worker started"
            time.sleep(0.1)
    finally:
        server.stop()
    time.sleep(0.5)  # the resource tracker, a process of its own, writes after the server
    assert server.proc.returncode == 0, log.read_text()
    assert "leaked" not in log.read_text()
