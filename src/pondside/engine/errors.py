"""Typed errors. Each subclasses ValueError and speaks to the person who made the mistake."""

from __future__ import annotations

import json
from typing import Any

from pondside.i18n import _


def spell(value: Any) -> str:
    """A value as the person wrote it: in JSON (``true``, ``[0, "play 999"]``), since records,
    options and requests arrive as JSON; Python's spelling (``True``, ``'play'``) is not theirs.

    >>> spell([0, "play 999"]), spell(True), spell(None)
    ('[0, "play 999"]', 'true', 'null')
    """
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):  # not a JSON value (an object from Python code): say what
        return repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


class PondsideError(ValueError):
    """Base of every error the engine raises on bad input."""


class IllegalAction(PondsideError):
    """An action that the rules forbid; ``rule`` names the ruling it breaks (e.g. ``"LD-8"``)."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.rule = rule
        # The ruling's code stays as the rulebook writes it, in every language.
        super().__init__(
            _("{message} ({rule})").format(message=message, rule=rule) if rule else message
        )


class BadOption(PondsideError):
    """An unknown option, a value of the wrong kind, or options that contradict each other."""


class BadDeal(PondsideError):
    """A deal that is not a legal deal for the game."""


class BadPosition(PondsideError):
    """A position snapshot that does not describe a reachable, complete state."""


class BadRecord(PondsideError):
    """A match record that cannot be replayed."""


class UnknownGame(PondsideError):
    """A game slug that is not registered."""
