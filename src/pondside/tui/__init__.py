"""Terminal user interfaces, one module per game (``UI`` there), with a generic fallback."""

from __future__ import annotations

from typing import Any

from pondside.engine import Game
from pondside.games import companion

from .base import TableUI


def get_ui(game: Game[Any], names: list[str], *, me: int | None = None) -> TableUI:
    """The game's own table, ``UI`` in ``pondside.tui.<game module>``, else the generic one.

    ``me`` is the seat of the person at the terminal, spoken to as "you" (None: nobody plays)."""
    module = companion(game, __name__)
    if module is None:
        return TableUI(game, names, me)
    cls: type[TableUI] = module.UI
    return cls(game, names, me)
