"""Game states whose fields are declared once.

A state class lists its fields as annotations and nothing else; ``__slots__``, ``copy`` and the
JSON snapshot of ``Game.position`` are all made from that list:

    class DuckState(State):
        hands: tuple[tuple[int, ...], ...]
        awaiting: Annotated[int, NONE_IS_MINUS_ONE]   # -1 in the state, null in a snapshot

``copy`` is generated as straight-line code (``new.n = self.n`` ...), the fastest copy pure
Python has: search copies states hundreds of thousands of times a second, and a loop over
``__slots__`` with getattr/setattr is several times slower.

A snapshot writes each field as its type says: ints, bools and text as themselves, tuples as
lists, ``X | None`` as null or X. A field whose JSON form differs (a Decktet card kept as an
int but written as its code, a -1 kept for "none" but written as null) says so with
``Annotated[int, Notation(...)]``. Loading a snapshot checks every field against its type
and raises ``BadPosition`` naming the field and what was expected; the game then checks what
types cannot (``Game.check_position``).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Self

from pondside.i18n import N_, _

from .errors import BadPosition
from .view import Event


@dataclass(frozen=True)
class Notation:
    """How a value is written in a snapshot when not as itself.

    ``dump`` turns the state's value into JSON; ``load`` turns JSON back, raising ``KeyError``
    or ``ValueError`` on anything else; ``expected`` says what is expected, for the error (a
    catalog message, marked with ``N_``: said in the reader's language when it is raised);
    ``nullable``: null is taken too, and the error says so.
    """

    dump: Callable[[Any], Any]
    load: Callable[[Any], Any]
    expected: str
    around: bool = False
    """True: applied around the value's own form (a list reversed), not instead of it."""
    nullable: bool = False

    @classmethod
    def codes(cls, codes: Sequence[str], what: str, none: int | None = None) -> Notation:
        """Ints written as ``codes[i]`` (cards by their codes); ``none`` is written as null."""
        index = {code: i for i, code in enumerate(codes)}

        def dump(i: int) -> str | None:
            return None if i == none else codes[i]

        def load(x: Any) -> int:
            if x is None and none is not None:
                return none
            return index[x]

        return cls(dump, load, what, nullable=none is not None)

    @classmethod
    def none_is(cls, sentinel: int) -> Notation:
        """An int whose ``sentinel`` means "none", written as null."""

        def dump(i: int) -> int | None:
            return None if i == sentinel else i

        def load(x: Any) -> int:
            if x is None:
                return sentinel
            if isinstance(x, bool) or not isinstance(x, int):
                raise ValueError(x)
            return x

        return cls(dump, load, N_("a whole number"), nullable=True)


TOP_FIRST = Notation(
    lambda x: x[::-1],
    lambda x: x[::-1] if isinstance(x, list) else x,
    N_("a list, top card first"),
    around=True,
)
"""A pile kept with its top card last (cheap to take from), written top card first, as the
deals of shared/protocol.md write face-down piles."""

NONE_IS_MINUS_ONE = Notation.none_is(-1)
NONE_IS_ZERO = Notation.none_is(0)

Dump = Callable[[Any], Any]
Load = Callable[[Any, str], Any]


def _wrong(
    where: str, expected: str, got: Any, nullable: bool = False, n: int | None = None
) -> BadPosition:
    """``expected`` is a catalog message (or a game's, marked where it is declared), said in
    the reader's language here, when the error is raised; ``n`` fills its ``{n}``."""
    shown = repr(got)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    said = _(expected) if n is None else _(expected).format(n=n)
    if nullable:
        said = _("{expected} or null").format(expected=said)
    return BadPosition(
        _("{where} is {expected}, not {given}").format(where=where, expected=said, given=shown)
    )


def _scalar(kind: type, expected: str) -> tuple[Dump, Load]:
    def load(x: Any, where: str) -> Any:
        if type(x) is not kind:  # bool is not an int here, nor an int a bool
            raise _wrong(where, expected, x)
        return x

    return (lambda x: x), load


def _converters(hint: Any) -> tuple[Dump, Load]:
    """How a field of type ``hint`` is written to JSON and read back, checked."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Annotated:
        notation = next(a for a in args[1:] if isinstance(a, Notation))
        if notation.around:
            dump_inner, load_inner = _converters(args[0])
            return (
                lambda x: notation.dump(dump_inner(x)),
                lambda x, where: load_inner(notation.load(x), where),
            )

        def load_notation(x: Any, where: str) -> Any:
            try:
                return notation.load(x)
            except (KeyError, ValueError, TypeError, IndexError):
                raise _wrong(where, notation.expected, x, notation.nullable) from None

        return notation.dump, load_notation
    if hint is int:
        return _scalar(int, N_("a whole number"))
    if hint is bool:
        return _scalar(bool, N_("true or false"))
    if hint is str:
        return _scalar(str, N_("text"))
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        inner = next(a for a in args if a is not type(None))
        dump_inner, load_inner = _converters(inner)
        return (
            lambda x: None if x is None else dump_inner(x),
            lambda x, where: None if x is None else load_inner(x, where),
        )
    if origin is Sequence or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        dump_item, load_item = _converters(args[0])

        def load_all(x: Any, where: str) -> tuple[Any, ...]:
            if not isinstance(x, list):
                raise _wrong(where, N_("a list"), x)
            return tuple(load_item(v, f"{where}[{i}]") for i, v in enumerate(x))

        return (lambda x: [dump_item(v) for v in x]), load_all
    if origin is tuple:
        parts = [_converters(a) for a in args]

        def load_fixed(x: Any, where: str) -> tuple[Any, ...]:
            if not isinstance(x, list) or len(x) != len(parts):
                raise _wrong(where, N_("a list of {n}"), x, n=len(parts))
            pairs = zip(parts, enumerate(x), strict=True)
            return tuple(load(v, f"{where}[{i}]") for (_dump, load), (i, v) in pairs)

        return (lambda x: [dump(v) for (dump, _load), v in zip(parts, x, strict=True)]), load_fixed
    if hint == Event or origin is dict:

        def load_object(x: Any, where: str) -> dict[str, Any]:
            if not isinstance(x, dict):
                raise _wrong(where, N_("an object"), x)
            return dict(x)

        return (lambda x: dict(x)), load_object
    raise TypeError(f"a state field of type {hint!r} has no snapshot form")


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

    ``n`` is the number of seats. ``last_events`` holds the public events of the action that
    made this state, so that a view can say what just happened (a reconnecting player's table,
    the explanations).
    """

    _fields: ClassVar[tuple[str, ...]]

    n: int
    last_events: Sequence[Event]

    def copy(self) -> Self:  # replaced in every class by the generated copy
        raise NotImplementedError

    @classmethod
    def blank(cls) -> Self:
        """A state with no field set yet (games fill it in), and no events yet."""
        st = object.__new__(cls)
        st.last_events = ()
        return st

    @classmethod
    def _converters(cls) -> dict[str, tuple[Dump, Load]]:
        # Built on first use: the annotations name types defined after the class.
        found: dict[str, tuple[Dump, Load]] | None = cls.__dict__.get("_snapshot_converters")
        if found is None:
            hints = typing.get_type_hints(cls, include_extras=True)
            found = {f: _converters(hints[f]) for f in cls._fields}
            type.__setattr__(cls, "_snapshot_converters", found)
        return found

    def snapshot(self, skip: tuple[str, ...] = ()) -> dict[str, Any]:
        """Every field but ``skip`` as JSON, in declaration order."""
        return {
            f: dump(getattr(self, f))
            for f, (dump, _load) in self._converters().items()
            if f not in skip
        }

    @classmethod
    def from_snapshot(
        cls, data: Mapping[str, Any], given: Mapping[str, Any], skip: tuple[str, ...] = ()
    ) -> Self:
        """The state a :meth:`snapshot` describes, every field checked against its type; the
        fields in ``given`` are set as they are (the match's players and options)."""
        st = object.__new__(cls)
        for f, value in given.items():
            setattr(st, f, value)
        for f, (_dump, load) in cls._converters().items():
            if f in given or f in skip:
                continue
            if f not in data:
                raise BadPosition(
                    _("the position lacks {field!r}; take one from the 'position' request").format(
                        field=f
                    )
                )
            setattr(st, f, load(data[f], f))
        return st
