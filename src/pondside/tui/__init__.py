"""Terminal user interfaces, one module per game (``UI`` there), with a generic fallback."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from pondside.engine import Game
from pondside.games import MODULES

from .base import TableUI


def get_ui(game: Game[Any], names: list[str], *, me: int | None = None) -> TableUI:
    """The game's own table, ``UI`` in ``pondside.tui.<game module>``, else the generic one.

    ``me`` is the seat of the person at the terminal, spoken to as "you" (None: nobody plays)."""
    module = MODULES.get(game.info.slug)
    where = f"{__name__}.{module}"
    try:
        if module is None or importlib.util.find_spec(where) is None:
            return TableUI(game, names, me)
    except ModuleNotFoundError:  # a dotted module name whose package is missing too
        return TableUI(game, names, me)
    cls: type[TableUI] = importlib.import_module(where).UI
    return cls(game, names, me)
