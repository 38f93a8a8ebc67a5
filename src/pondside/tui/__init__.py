"""Terminal user interfaces, one module per game (``UI`` there), with a generic fallback."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from pondside.engine import Game
from pondside.games import MODULES

from .base import TableUI


def get_ui(game: Game[Any], names: list[str]) -> TableUI:
    module = f"{__name__}.{MODULES[game.info.slug]}"
    if importlib.util.find_spec(module) is None:
        return TableUI(game, names)
    cls: type[TableUI] = importlib.import_module(module).UI
    return cls(game, names)
