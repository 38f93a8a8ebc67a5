"""The bot levels a person may choose from: a fixed list of names, never a bot spec.

The online table's lobby offers these and nothing else, so nothing a web client sends can
name an arbitrary bot (``external:cmd=...`` would run a program on the server).
"""

from __future__ import annotations

from typing import Any

from pondside.engine import Game, PondsideError

from .registry import game_setting

LEVELS = ("random", "heuristic", "search")
"""Weakest first."""

LEVEL_NAMES = {
    "random": "Random (plays any legal card)",
    "heuristic": "Heuristic (a careful rule of thumb)",
    "search": "Search (thinks ahead, about a second a move)",
}

# A person waits for the search level: its budget is capped in seconds as well as iterations.
SEARCH_SECONDS = 1.5


class UnknownLevel(PondsideError):
    """A level name that is not on the list."""


def level_spec(game: Game[Any], level: str) -> str:
    """The bot spec behind ``level`` for ``game``; ``UnknownLevel`` for any other text."""
    if level == "random":
        return "random"
    if level == "heuristic":
        return "heuristic"
    if level == "search":
        search: str = game_setting(game, "SEARCH", "ismcts:iterations=1000:rollout=heuristic")
        return f"{search}:seconds={SEARCH_SECONDS}"
    raise UnknownLevel(f"there is no bot level {level!r}; the levels are: {', '.join(LEVELS)}")


def is_search(level: str) -> bool:
    """Whether the level thinks long enough to need a worker process."""
    return level == "search"
