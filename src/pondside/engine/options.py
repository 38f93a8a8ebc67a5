"""Game options: names, defaults and validation (OpenSpiel calls these game parameters)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pondside.i18n import _

from .errors import BadOption, spell

_CODE = re.compile(r",?\s*\b[A-Z]{2}-\d+(?:\.\.\d+)?\b")
_PARENS = re.compile(r"\s*\(([^()]*)\)")


def players_words(text: str) -> str:
    """An option's help without the rulings' codes: "(KQ-28..30)" goes, "(4 players, LA-2)"
    keeps "(4 players)"."""

    def keep(m: re.Match[str]) -> str:
        inside = _CODE.sub("", m.group(1)).strip(" ,;")
        return f" ({inside})" if inside else ""

    return _PARENS.sub(keep, text).strip()


@dataclass(frozen=True)
class Option:
    """One option of a game.

    ``kind`` is ``bool``, ``int`` or ``str``; ``choices`` limits a ``str``; ``minimum`` and
    ``maximum`` bound an ``int``; ``nullable`` admits ``None`` (JSON ``null``), meaning "not set".
    """

    name: str
    kind: type
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False

    def check(self, value: Any) -> Any:
        name = self.name
        if value is None:
            if self.nullable:
                return None
            raise BadOption(
                _("option {name!r} needs a value: {expected}").format(
                    name=name, expected=self.expected()
                )
            )
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            raise BadOption(
                _("option {name!r} is true or false, not {given}").format(
                    name=name, given=spell(value)
                )
            )
        if self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadOption(
                    _("option {name!r} is a whole number, not {given}").format(
                        name=name, given=spell(value)
                    )
                )
            if self.minimum is not None and value < self.minimum:
                raise BadOption(
                    _("option {name!r} must be at least {least}, not {given}").format(
                        name=name, least=self.minimum, given=value
                    )
                )
            if self.maximum is not None and value > self.maximum:
                raise BadOption(
                    _("option {name!r} must be at most {most}, not {given}").format(
                        name=name, most=self.maximum, given=value
                    )
                )
            return value
        if not isinstance(value, str):
            raise BadOption(
                _("option {name!r} is text, not {given}").format(name=name, given=spell(value))
            )
        if self.choices and value not in self.choices:
            raise BadOption(
                _("option {name!r} must be one of {choices}; got {given}").format(
                    name=name, choices=", ".join(self.choices), given=spell(value)
                )
            )
        return value

    def expected(self) -> str:
        """What a value of this option is, in the reader's words (a choice is its own name)."""
        if self.kind is bool:
            return _("true or false")
        if self.kind is int:
            if self.minimum is None:
                return _("a whole number or null") if self.nullable else _("a whole number")
            said = (
                _("a whole number >= {least} or null")
                if self.nullable
                else _("a whole number >= {least}")
            )
            return said.format(least=self.minimum)
        return " | ".join(self.choices) if self.choices else _("text")

    def parse_text(self, text: str) -> Any:
        """Read a value typed on a command line (``--rounds 3``, ``deck=basic``)."""
        low = text.strip().lower()
        if low in ("none", "null", "") and self.nullable:
            return None
        if self.kind is bool:
            if low in ("1", "true", "yes", "on"):
                return True
            if low in ("0", "false", "no", "off"):
                return False
            raise BadOption(
                _("option {name!r} is true or false, not {given}").format(
                    name=self.name, given=spell(text)
                )
            )
        if self.kind is int:
            try:
                return int(low)
            except ValueError:
                raise BadOption(
                    _("option {name!r} is a whole number, not {given}").format(
                        name=self.name, given=spell(text)
                    )
                ) from None
        return text.strip()


def resolve_options(
    specs: tuple[Option, ...], given: Mapping[str, Any] | None, game: str
) -> dict[str, Any]:
    """Defaults filled in and every given value checked; unknown names are refused."""
    if given is not None and not isinstance(given, Mapping):
        raise BadOption(
            _("options must be an object of name → value, not {given}").format(given=spell(given))
        )
    given = dict(given or {})
    known = {o.name: o for o in specs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        names = ", ".join(known) or _("none")
        raise BadOption(
            _("{game} has no option {name!r}; its options are: {names}").format(
                game=game, name=unknown[0], names=names
            )
        )
    return {o.name: o.check(given[o.name]) if o.name in given else o.default for o in specs}
