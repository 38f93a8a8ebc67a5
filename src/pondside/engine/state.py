"""Game states whose fields are declared once.

A state class lists its fields as annotations and nothing else; ``__slots__`` and ``copy``
are made from that list, and so are snapshots in ``Game.position`` (see ``snapshot.py``).

    class DuckState(State):
        n: int
        hands: tuple[tuple[int, ...], ...]

``copy`` is generated as straight-line code (``new.n = self.n`` ...), the fastest copy pure
Python has: search copies states hundreds of thousands of times a second, and a loop over
``__slots__`` with getattr/setattr is several times slower (``make bench`` measures both).
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

from .view import Event


def _own_fields(namespace: dict[str, Any]) -> tuple[str, ...]:
    annotations = namespace.get("__annotations__", {})
    return tuple(
        name
        for name, hint in annotations.items()
        if not (isinstance(hint, str) and hint.startswith("ClassVar"))
    )


def _make_copy(cls: type, fields: tuple[str, ...]) -> Any:
    body = "".join(f"    new.{f} = self.{f}\n" for f in fields)
    source = f"def copy(self):\n    new = _new(_cls)\n{body}    return new\n"
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    exec(source, scope)  # straight-line code, as a hand-written copy would be
    copy = scope["copy"]
    copy.__qualname__ = f"{cls.__qualname__}.copy"
    copy.__doc__ = "A shallow copy: fields hold immutable values, so nothing is shared unsafely."
    return copy


class _StateMeta(type):
    """Makes ``__slots__`` from a state class's annotations, and its ``copy``."""

    def __new__(
        mcls, name: str, bases: tuple[type, ...], namespace: dict[str, Any], **kw: Any
    ) -> _StateMeta:
        own = _own_fields(namespace)
        namespace["__slots__"] = own
        cls = super().__new__(mcls, name, bases, namespace, **kw)
        inherited: tuple[str, ...] = ()
        for base in reversed(cls.__mro__[1:]):
            inherited += tuple(f for f in getattr(base, "_fields", ()) if f not in inherited)
        fields = inherited + tuple(f for f in own if f not in inherited)
        cls._fields = fields  # type: ignore[attr-defined]
        cls.copy = _make_copy(cls, fields)  # type: ignore[attr-defined]
        return cls


class State(metaclass=_StateMeta):
    """Base of every game's state. Treated as immutable: ``apply`` returns a new one.

    ``last_events`` holds the public events of the action that made this state, so that a view
    can say what just happened (a reconnecting player's table, the explanations).
    """

    _fields: ClassVar[tuple[str, ...]]

    last_events: tuple[Event, ...]

    def copy(self) -> Self:  # replaced in every class by the generated copy
        raise NotImplementedError

    @classmethod
    def blank(cls) -> Self:
        """A state with no field set yet (games fill it in), and no events."""
        st = object.__new__(cls)
        st.last_events = ()
        return st
