"""Bots by name, with parameters as NAME[:key=value...].

Built in: ``random``, ``heuristic`` (each game's own, ``HEURISTIC`` in
``pondside.bots.<game module>``), ``ismcts`` and ``mcs`` (search), ``external:cmd=...``
(a program speaking the decision protocol). Others come from the ``pondside.bots`` entry
point group or :func:`register_bot`.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from importlib.metadata import entry_points
from typing import Any

from pondside.engine import Game, PondsideError
from pondside.games import MODULES

from .base import Bot, RandomBot
from .external import CallableBot, Choose, ExternalBot
from .search import ISMCTSBot, MCSBot

BUILTIN: dict[str, type[Bot]] = {
    "random": RandomBot,
    "ismcts": ISMCTSBot,
    "mcs": MCSBot,
    "external": ExternalBot,
}
_REGISTERED: dict[str, type[Bot] | Choose] = {}


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


def register_bot(name: str, bot: type[Bot] | Choose) -> None:
    """Make ``bot`` (a Bot subclass or a ``choose(view, legal)`` callable) available by name."""
    if name in BUILTIN or name == "heuristic":
        raise UnknownBot(f"{name!r} is a built-in bot's name")
    _REGISTERED[name] = bot


def _plugins() -> dict[str, Any]:
    return {ep.name: ep for ep in entry_points(group="pondside.bots")}


def _lookup(name: str) -> type[Bot] | Choose | None:
    if name in _REGISTERED:
        return _REGISTERED[name]
    plugin = _plugins().get(name)
    if plugin is None:
        return None
    try:
        loaded: type[Bot] | Choose = plugin.load()
    except Exception as exc:  # a broken plugin must not take the program down
        raise UnknownBot(f"bot {name!r} ({plugin.value}) failed to load: {exc}") from None
    return loaded


def bot_names() -> list[str]:
    return [
        "random",
        "heuristic",
        "ismcts",
        "mcs",
        "external",
        *sorted({*_REGISTERED, *_plugins()}),
    ]


def make_bot(spec: str, game: Game[Any], seat: int, seed: int) -> Bot:
    """Build the bot ``spec`` for ``seat`` with its own generator seeded from ``seed``."""
    name, params = parse_spec(spec)
    rng = random.Random(seed)
    try:
        if name == "heuristic":
            return heuristic_class(game)(game, seat, rng, **params)
        if name in BUILTIN:
            return BUILTIN[name](game, seat, rng, **params)
        found = _lookup(name)
        if found is None:
            raise UnknownBot(f"there is no bot {name!r}; the bots are: {', '.join(bot_names())}")
        if isinstance(found, type) and issubclass(found, Bot):
            return found(game, seat, rng, **params)
        if params:
            raise ValueError(f"a function bot takes no parameters, got {sorted(params)}")
        return CallableBot(game, seat, rng, fn=found, name=name)
    except UnknownBot:
        raise
    except (TypeError, ValueError) as exc:
        raise UnknownBot(f"bad parameters for bot {name!r}: {exc}") from None


def check_spec(spec: str, game: Game[Any]) -> None:
    """Fail early, with a sentence, on a bot spec that cannot be built."""
    make_bot(spec, game, 0, 0)
