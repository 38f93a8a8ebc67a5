"""Bots by name, with parameters as NAME[:key=value...].

Built in: ``random``, ``heuristic`` (each game's own, declared as ``BOTS`` in
``pondside.bots.<game module>``), ``ismcts`` and ``mcs`` (search), ``external:cmd=...``
(a program speaking the decision protocol). One game's own bots are declared with its other
bots (``own`` in its ``GameBots``: Lame Duck's published 6 nimmt! baselines ``randomcard``,
``highest``, ``rowgap``, ``flatmc`` and its trained policy ``learned``; Ladders' ``naive``;
Wildcat Chicane's ``bidsearch``; King of the Quackers' ``splitter``), and another game refuses
them by name.
Others come from the ``pondside.bots`` entry point group or :func:`register_bot`.

The registry names bots by where they live and imports a bot's module when the bot is first
asked for, as it does for plugins: so it sits below every bot, and the search bots take the
game's heuristic (:func:`heuristic_class`) from here. The levels (``levels.py``) sit below it:
a level name stands for a spec the game declares.
"""

from __future__ import annotations

import importlib
import inspect
import random
from collections.abc import Callable, Mapping
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from typing_extensions import TypeIs

from pondside.engine import Game, PondsideError
from pondside.games import MODULES, get_game

from .base import Bot
from .declared import game_bots
from .external import CallableBot, Choose
from .levels import LEVELS, is_level, level_spec

_PACKAGE = __name__.rpartition(".")[0]  # pondside.bots


class UnknownBot(PondsideError):
    """A bot name or parameter that does not exist."""


def _is_bot_class(thing: object) -> TypeIs[type[Bot]]:
    return isinstance(thing, type) and issubclass(thing, Bot)


def _bot_class(module: str, attr: str) -> type[Bot]:
    """The :class:`Bot` subclass ``attr`` of ``pondside.bots.<module>``."""
    found = getattr(importlib.import_module(f"{_PACKAGE}.{module}"), attr, None)
    if not _is_bot_class(found):
        raise UnknownBot(f"{_PACKAGE}.{module}.{attr} is not a Bot subclass, but {found!r}")
    return found


def heuristic_class(game: Game[Any]) -> type[Bot]:
    """The game's heuristic, declared in its bot module (``BOTS = GameBots(heuristic=...)`` in
    ``pondside.bots.<the game's module>``)."""
    if game.info.slug not in MODULES:
        raise UnknownBot(
            f"{game.info.name} is not a registered game (pondside.games.MODULES), "
            "so it has no heuristic bot"
        )
    declared = game_bots(game)
    if declared is None:
        where = f"{_PACKAGE}.{MODULES[game.info.slug]}"
        raise UnknownBot(
            f"{game.info.name} has no heuristic bot yet ({where} would declare "
            "BOTS = GameBots(heuristic=...))"
        )
    return declared.heuristic


def _in(module: str, attr: str) -> Callable[[Game[Any]], type[Bot]]:
    return lambda game: _bot_class(module, attr)


# The built-in bots, in the order they are listed: each one's class for a game.
BUILTIN: dict[str, Callable[[Game[Any]], type[Bot]]] = {
    "random": _in("base", "RandomBot"),
    "heuristic": heuristic_class,
    "ismcts": _in("search", "ISMCTSBot"),
    "mcs": _in("search", "MCSBot"),
    "slips": _in("slips", "SlipBot"),
    "external": _in("external", "ExternalBot"),
}
_REGISTERED: dict[str, type[Bot] | Choose] = {}


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


def _is_bot(thing: object) -> bool:
    """A Bot subclass or a ``choose(view, legal)`` function (any other class is neither)."""
    return _is_bot_class(thing) or (callable(thing) and not isinstance(thing, type))


def register_bot(name: str, bot: type[Bot] | Choose) -> None:
    """Make ``bot`` (a Bot subclass or a ``choose(view, legal)`` callable) available by name."""
    if name in BUILTIN:
        raise UnknownBot(f"{name!r} is a built-in bot's name")
    if not _is_bot(bot):
        raise UnknownBot(
            f"bot {name!r} is neither a Bot subclass nor a choose(view, legal) function"
        )
    _REGISTERED[name] = bot


def _plugins() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group="pondside.bots")}


def _lookup(name: str) -> type[Bot] | Choose | None:
    if name in _REGISTERED:
        return _REGISTERED[name]
    plugin = _plugins().get(name)
    if plugin is None:
        return None
    try:
        loaded = plugin.load()
    except Exception as exc:  # a broken plugin must not take the program down
        raise UnknownBot(f"bot {name!r} ({plugin.value}) failed to load: {exc}") from None
    if not _is_bot(loaded):
        raise UnknownBot(
            f"bot {name!r} ({plugin.value}) is neither a Bot subclass "
            "nor a choose(view, legal) function"
        )
    found: type[Bot] | Choose = loaded
    return found


def bot_names() -> list[str]:
    """The built-in bots, the levels, then the registered and plugin ones by name."""
    levels = [lv for lv in LEVELS if lv not in BUILTIN]
    own = [name for bots in _every_games_own().values() for name in bots]
    named = {*BUILTIN, *levels, *own}
    return [*BUILTIN, *levels, *own, *sorted({*_REGISTERED, *_plugins()} - named)]


def _own(game: Game[Any]) -> Mapping[str, str]:
    """The game's own bots (its declaration's ``own``), none for a game without a bot module."""
    declared = game_bots(game)
    return {} if declared is None else declared.own


def _every_games_own() -> dict[str, Mapping[str, str]]:
    """Every registered game's own bots, by the game's slug."""
    return {slug: _own(get_game(slug)) for slug in MODULES}


def _game_only(name: str, game: Game[Any]) -> Callable[[Game[Any]], type[Bot]] | None:
    """The class of ``name`` if it is one of ``game``'s own bots; ``UnknownBot`` if it is
    another game's."""
    own = _own(game)
    if name in own:
        return _in(*own[name].split(":"))
    for slug, bots in _every_games_own().items():
        if name in bots:
            raise UnknownBot(
                f"bot {name!r} plays {get_game(slug).info.name} only, not {game.info.name}"
            )
    return None


def bot_parameters(cls: type[Bot]) -> dict[str, Any] | None:
    """The parameters a bot class takes, by name, with their defaults (``inspect.Parameter.empty``
    for none): its ``__init__``'s, and its parents' where it passes ``**params`` on. None when
    it takes any parameter (a parent that accepts ``**params`` itself)."""
    found: dict[str, Any] = {}
    for klass in cls.__mro__:
        init = klass.__dict__.get("__init__")
        if init is None:
            continue
        if klass is Bot:  # the base refuses every parameter itself, with its own sentence
            return found
        passes_on = False
        for p in list(inspect.signature(init).parameters.values())[4:]:  # self, game, seat, rng
            if p.kind is p.VAR_KEYWORD:
                passes_on = True
            elif p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
                found.setdefault(p.name, p.default)
        if not passes_on:
            return found
    return None


def _check_parameters(name: str, cls: type[Bot], params: dict[str, Any]) -> None:
    """Refuse an unknown parameter with the list of those the bot takes (not Python's
    "__init__() got an unexpected keyword argument")."""
    known = bot_parameters(cls)
    if known is None:
        return
    unknown = [key for key in params if key not in known]
    if not unknown:
        return
    if not known:
        raise UnknownBot(f"bot {name!r} takes no parameters, not {unknown[0]!r}")
    listed = ", ".join(
        f"{key}={default}" if default not in (inspect.Parameter.empty, None, "") else key
        for key, default in known.items()
    )
    raise UnknownBot(
        f"bot {name!r} has no parameter {unknown[0]!r}; its parameters (with their defaults) "
        f"are: {listed}, as in {name}:{next(iter(known))}=..."
    )


def make_bot(spec: str, game: Game[Any], seat: int, seed: int) -> Bot:
    """Build the bot ``spec`` for ``seat`` with its own generator seeded from ``seed``."""
    name, params = parse_spec(spec)
    if name not in BUILTIN and name not in _REGISTERED and is_level(name):
        # A level stands for its game's bot spec; it takes no parameters of its own (say
        # the spec itself to change one).
        if params:
            raise UnknownBot(
                f"{name!r} is a bot level and takes no parameters; its bot is "
                f"{level_spec(game, name)}"
            )
        name, params = parse_spec(level_spec(game, name))
    rng = random.Random(seed)
    try:
        factory = BUILTIN.get(name) or _game_only(name, game)
        if factory is not None:
            cls = factory(game)
            _check_parameters(name, cls, params)
            return cls(game, seat, rng, **params)
        found = _lookup(name)
        if found is None:
            raise UnknownBot(f"there is no bot {name!r}; the bots are: {', '.join(bot_names())}")
        if _is_bot_class(found):
            _check_parameters(name, found, params)
            return found(game, seat, rng, **params)
        if params:
            raise UnknownBot(f"bot {name!r} takes no parameters, not {sorted(params)[0]!r}")
        return CallableBot(game, seat, rng, fn=found, name=name)
    except UnknownBot:
        raise
    except (TypeError, ValueError) as exc:
        raise UnknownBot(f"bad parameters for bot {name!r}: {exc}") from None


def check_spec(spec: str, game: Game[Any]) -> None:
    """Fail early, with a sentence, on a bot spec that cannot be built."""
    make_bot(spec, game, 0, 0)
