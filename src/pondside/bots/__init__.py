"""Bots by name: ``random``, ``heuristic`` (each game's own), and parameters as NAME[:k=v...].

A game's heuristic lives in ``pondside.bots.<game module>`` as the class ``HEURISTIC``
(e.g. ``pondside.bots.lame_duck.HEURISTIC``).
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from typing import Any

from pondside.engine import Game, PondsideError
from pondside.games import MODULES

from .base import Bot, RandomBot

BUILTIN: dict[str, type[Bot]] = {"random": RandomBot}


class UnknownBot(PondsideError):
    """A bot name or parameter that does not exist."""


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"ismcts:iterations=300:rollout=heuristic"`` → ``("ismcts", {...})``; numbers parsed."""
    name, *parts = spec.strip().split(":")
    params: dict[str, Any] = {}
    for part in parts:
        key, eq, raw = part.partition("=")
        if not eq or not key:
            raise UnknownBot(
                f"bot parameters are key=value, as in ismcts:iterations=300; got {part!r}"
            )
        value: Any = raw
        for cast in (int, float):
            try:
                value = cast(raw)
                break
            except ValueError:
                pass
        params[key.strip()] = value
    return name.strip(), params


def heuristic_class(game: Game[Any]) -> type[Bot]:
    module = MODULES[game.info.slug]
    if importlib.util.find_spec(f"{__name__}.{module}") is None:
        raise UnknownBot(f"{game.info.name} has no heuristic bot yet")
    cls: type[Bot] = importlib.import_module(f"{__name__}.{module}").HEURISTIC
    return cls


def bot_class(game: Game[Any], name: str) -> type[Bot]:
    if name == "heuristic":
        return heuristic_class(game)
    if name in BUILTIN:
        return BUILTIN[name]
    raise UnknownBot(f"there is no bot {name!r}; the bots are: {', '.join(bot_names())}")


def bot_names() -> list[str]:
    return ["random", "heuristic"]


def make_bot(spec: str, game: Game[Any], seat: int, seed: int) -> Bot:
    """Build the bot ``spec`` for ``seat`` with its own generator seeded from ``seed``."""
    name, params = parse_spec(spec)
    cls = bot_class(game, name)
    try:
        return cls(game, seat, random.Random(seed), **params)
    except (TypeError, ValueError) as exc:
        raise UnknownBot(f"bad parameters for bot {name!r}: {exc}") from None


def check_spec(spec: str, game: Game[Any]) -> None:
    """Fail early, with a sentence, on a bot spec that cannot be built."""
    make_bot(spec, game, 0, 0)
