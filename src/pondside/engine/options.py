"""Game options: names, defaults and validation (OpenSpiel calls these game parameters)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import BadOption, spell


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
        if value is None:
            if self.nullable:
                return None
            raise BadOption(f"option {self.name!r} needs a value: {self.expected()}")
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            raise BadOption(f"option {self.name!r} is true or false, not {spell(value)}")
        if self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadOption(f"option {self.name!r} is a whole number, not {spell(value)}")
            if self.minimum is not None and value < self.minimum:
                raise BadOption(
                    f"option {self.name!r} must be at least {self.minimum}, not {value}"
                )
            if self.maximum is not None and value > self.maximum:
                raise BadOption(f"option {self.name!r} must be at most {self.maximum}, not {value}")
            return value
        if not isinstance(value, str):
            raise BadOption(f"option {self.name!r} is text, not {spell(value)}")
        if self.choices and value not in self.choices:
            raise BadOption(
                f"option {self.name!r} must be one of {', '.join(self.choices)}; got {spell(value)}"
            )
        return value

    def expected(self) -> str:
        if self.kind is bool:
            return "true or false"
        if self.kind is int:
            lo = "" if self.minimum is None else f" >= {self.minimum}"
            return "a whole number" + lo + (" or null" if self.nullable else "")
        return " | ".join(self.choices) if self.choices else "text"

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
            raise BadOption(f"option {self.name!r} is true or false, not {spell(text)}")
        if self.kind is int:
            try:
                return int(low)
            except ValueError:
                given = spell(text)
                raise BadOption(f"option {self.name!r} is a whole number, not {given}") from None
        return text.strip()


def resolve_options(
    specs: tuple[Option, ...], given: Mapping[str, Any] | None, game: str
) -> dict[str, Any]:
    """Defaults filled in and every given value checked; unknown names are refused."""
    if given is not None and not isinstance(given, Mapping):
        raise BadOption(f"options must be an object of name → value, not {spell(given)}")
    given = dict(given or {})
    known = {o.name: o for o in specs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        names = ", ".join(known) or "none"
        raise BadOption(f"{game} has no option {unknown[0]!r}; its options are: {names}")
    return {o.name: o.check(given[o.name]) if o.name in given else o.default for o in specs}
