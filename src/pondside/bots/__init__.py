"""Bots: random, each game's heuristic, search, and bots from elsewhere, made by name.

``make_bot("ismcts:iterations=300", game, seat, seed)``; the names and their parameters are in
:mod:`pondside.bots.registry` and docs/bots.md. The layers, from the bottom: ``base`` (the
interface) and ``external`` (callables and programs), the per-game heuristics, ``registry``,
then ``search``, which takes the game's heuristic from the registry.
"""

from __future__ import annotations

from .base import Bot, RandomBot
from .external import BotFailed, CallableBot, Choose, ExternalBot
from .registry import (
    BUILTIN,
    UnknownBot,
    bot_names,
    check_spec,
    heuristic_class,
    make_bot,
    parse_spec,
    register_bot,
)
from .search import ISMCTSBot, MCSBot

__all__ = [
    "BUILTIN",
    "Bot",
    "BotFailed",
    "CallableBot",
    "Choose",
    "ExternalBot",
    "ISMCTSBot",
    "MCSBot",
    "RandomBot",
    "UnknownBot",
    "bot_names",
    "check_spec",
    "heuristic_class",
    "make_bot",
    "parse_spec",
    "register_bot",
]
