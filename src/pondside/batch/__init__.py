"""Batched engines: many tables of a game at once, as fixed-shape NumPy arrays (issue 29).

Each game's batched engine is a second implementation of its rules, checked move for move
against the exact one (``pondside batch check``, ``batch/check.py``). ``ParallelEnv`` is the
JaxMARL-style step over them; ``pondside.batch.vector_env`` (Gymnasium, optional) has one
learning seat play against batched bots. ``docs/batch.md`` says what each engine covers.

The names are loaded on first use, so that the ``pondside`` command, which registers
``pondside batch``, does not import NumPy to start.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import Step, StepLog, Tables
    from .down_the_drain import DownTheDrainTables
    from .env import ParallelEnv
    from .king_of_the_quackers import KingOfTheQuackersTables
    from .ladders import LaddersTables
    from .lame_duck import LameDuckTables
    from .wildcat_chicane import WildcatChicaneTables

_WHERE = {
    "DownTheDrainTables": ".down_the_drain",
    "KingOfTheQuackersTables": ".king_of_the_quackers",
    "LameDuckTables": ".lame_duck",
    "LaddersTables": ".ladders",
    "Step": ".base",
    "StepLog": ".base",
    "Tables": ".base",
    "ParallelEnv": ".env",
    "WildcatChicaneTables": ".wildcat_chicane",
}

__all__ = [
    "DownTheDrainTables",
    "KingOfTheQuackersTables",
    "LaddersTables",
    "LameDuckTables",
    "ParallelEnv",
    "Step",
    "StepLog",
    "Tables",
    "WildcatChicaneTables",
]


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'pondside.batch' has no attribute {name!r}")
    return getattr(importlib.import_module(where, __name__), name)
