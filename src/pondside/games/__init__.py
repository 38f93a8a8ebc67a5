"""The registered games, by slug. Each game lives in one package named after it, every package
with the same modules (docs/adding-a-game.md), and its companions in other packages are modules
of the same name (its bots in ``pondside.bots``, its terminal table in ``pondside.tui``, its
observation codec in ``pondside.adapters``, its tutorial script in its own package):
:func:`companion` finds them, with one error policy."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from functools import cache
from types import ModuleType
from typing import Any

from pondside.engine import Game, UnknownGame
from pondside.i18n import _

# slug -> package under pondside.games; each exports ``GAME``, an instance of its Game.
MODULES = {
    "lame-duck": "lame_duck",
    "king-of-the-quackers": "king_of_the_quackers",
    "wildcat-chicane": "wildcat_chicane",
    "ladders": "ladders",
    "down-the-drain": "down_the_drain",
}


def _present(module: str) -> bool:
    return importlib.util.find_spec(f"{__name__}.{module}") is not None


def slugs() -> list[str]:
    """Slugs of the games this installation has, in the order of rules/README.md."""
    return [slug for slug, module in MODULES.items() if _present(module)]


def get_game(slug: str) -> Game[Any]:
    """The game registered under ``slug``; ``UnknownGame`` lists the ones there are."""
    module = MODULES.get(slug) if isinstance(slug, str) else None
    if module is None or not _present(module):
        raise UnknownGame(
            _("there is no game {given}; the games are: {games}").format(
                given=repr(slug), games=", ".join(slugs())
            )
        )
    return _load(module)


@cache
def _load(module: str) -> Game[Any]:
    game: Game[Any] = importlib.import_module(f"{__name__}.{module}").GAME
    return game


def all_games() -> list[Game[Any]]:
    return [get_game(s) for s in slugs()]


def companion(game: Game[Any], package: str, suffix: str = "") -> ModuleType | None:
    """The game's module in ``package`` (``pondside.bots``, ``pondside.tui``, ...), named as the
    game's own module is and ending in ``suffix`` (its batched rollouts are
    ``companion(game, "pondside.bots", "_rollout")``, its tutorial script
    ``companion(game, "pondside.games", ".tutorial")``), or None where the game has none there.

    One policy for every companion: a module that is not there is None (the caller falls back
    on its generic part or says what is missing); a module that is there but fails on an import
    of its own raises as it is, since hiding that would hide a fault."""
    module = MODULES.get(game.info.slug)
    if module is None:
        return None
    name = f"{package}.{module}{suffix}"
    if name in sys.modules:  # imported already (or put there, as a test or a plugin may)
        return sys.modules[name]
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except ModuleNotFoundError:  # a dotted package that is itself missing
        return None
    return importlib.import_module(name)
