"""Issue 26, point 4: the routers' caches and rate windows live on the application's state
(``web.Kept``), not in module globals that every application of a process would share."""

from __future__ import annotations

import importlib
import pkgutil
from collections import OrderedDict, deque

import pondside.server
from pondside.server.web import Window


def test_no_server_module_keeps_a_cache_or_a_window_of_its_own() -> None:
    found = []
    for info in pkgutil.iter_modules(pondside.server.__path__):
        module = importlib.import_module(f"pondside.server.{info.name}")
        for name, value in vars(module).items():
            if isinstance(value, Window) or (
                isinstance(value, (dict, list, set, OrderedDict, deque))
                and not name.isupper()  # constants (tables of the rules, error codes)
                and not name.startswith("__")
            ):
                found.append(f"{info.name}.{name}")
    assert found == []
