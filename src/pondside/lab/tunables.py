"""Rule constants a game declares as tunable, and the designer's lab's changes to them.

A game's rules module lists ``TUNABLES``: engine :class:`~pondside.engine.Option` declarations
(name, type, the rulebook's value as default, range, and the ruling in the help), each naming the
module constant it sets in upper case, in the ``rules`` module of the game's package
(``column_limit`` sets ``lame_duck.rules.COLUMN_LIMIT``). The rules read that constant where
they use it, so :func:`tuned` changes the rule for the matches played inside it and restores the
rulebook's value after. Records of tuned matches do not replay at the rulebook's values, so the
lab keeps figures, never records.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator, Mapping
from types import ModuleType
from typing import Any

from pondside.engine import BadOption, Game, Option


def rules_module(game: Game[Any]) -> ModuleType:
    """The module of the game's rules, where its ``TUNABLES`` are declared and read: ``rules``
    beside the game's binding (``lame_duck.rules``), or the binding's own module for a game
    written in one module (a toy game of the tests)."""
    binding = type(game).__module__
    rules = sys.modules.get(f"{binding.rpartition('.')[0]}.rules")
    return rules if rules is not None else sys.modules[binding]


def tunables(game: Game[Any]) -> dict[str, Option]:
    """The game's tunable rule constants by name (none for most games)."""
    declared: tuple[Option, ...] = getattr(rules_module(game), "TUNABLES", ())
    return {o.name: o for o in declared}


def check_tuning(game: Game[Any], given: Mapping[str, Any]) -> dict[str, Any]:
    """``given`` checked against the declarations: an unknown name or a value out of range is
    refused with what was expected."""
    known = tunables(game)
    out = {}
    for name, value in given.items():
        spec = known.get(name)
        if spec is None:
            names = ", ".join(known) or "none"
            raise BadOption(f"{game.info.name} has no tunable {name!r}; its tunables are: {names}")
        out[name] = spec.check(value)
    return out


@contextlib.contextmanager
def tuned(game: Game[Any], values: Mapping[str, Any]) -> Iterator[None]:
    """The game's rules with ``values`` in place of the rulebook's constants, restored after."""
    module = rules_module(game)
    checked = check_tuning(game, values)
    before = {name: getattr(module, name.upper()) for name in checked}
    try:
        for name, value in checked.items():
            setattr(module, name.upper(), value)
        yield
    finally:
        for name, value in before.items():
            setattr(module, name.upper(), value)
