"""What every worker process of Pondside does as it starts: the tournament's and the lab's
pools, and the server's search workers.

Ctrl-C at a terminal reaches every process of the group: only the parent acts on it (it stops
the workers). SIGTERM, which is how a parent stops them, ends a worker whatever handler it
inherited. And a worker ends when its parent ends, however that happens (Linux; a kill -9
included), so none is left behind: a pool's workers otherwise wait forever on a queue whose
writing end they hold themselves (a killed server left its search workers running).
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal


def worker_start() -> None:
    """In a worker process, as it starts (a pool's ``initializer``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    parent = multiprocessing.parent_process()
    if parent is not None and not parent.is_alive():  # it ended before the line above
        os._exit(1)
