"""The answers the web framework words itself, in the asker's language: a request of the wrong
shape (FastAPI's 422, whose ``msg`` pydantic writes in English) and an address or method the
server does not have (Starlette's 404 and 405, whose detail is the HTTP reason phrase).

A 422 keeps FastAPI's form (``detail``: a list of ``type``, ``loc``, ``msg``, ``input``, and
``ctx`` where pydantic gives one), so a program reads it as before; only ``msg`` is said again,
naming the field, for the person who reads it (the pages join the messages). A type this
table does not know keeps pydantic's English words, behind the field's name.

>>> said = said_invalid([{"type": "missing", "loc": ("body", "name"), "msg": "Field required"}])
>>> said[0]["msg"]
'name: this is required'
>>> from pondside import i18n
>>> with i18n.using("de"):
...     said_invalid([{"type": "less_than_equal", "loc": ("query", "n"), "ctx": {"le": 64}}])[0][
...         "msg"
...     ]
'n: höchstens 64'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from http import HTTPStatus
from typing import Any

from pondside.i18n import N_, _

# pydantic's error types our requests can meet (a query, a path, a JSON body of the models in
# app.py and replays.py), each with the context fields its sentence names.
SAID: dict[str, str] = {
    "missing": N_("this is required"),
    "extra_forbidden": N_("this is not expected here"),
    "int_type": N_("a whole number is expected"),
    "int_parsing": N_("a whole number is expected"),
    "int_from_float": N_("a whole number is expected"),
    "float_type": N_("a number is expected"),
    "float_parsing": N_("a number is expected"),
    "bool_type": N_("true or false is expected"),
    "bool_parsing": N_("true or false is expected"),
    "string_type": N_("text is expected"),
    "dict_type": N_("an object is expected"),
    "model_type": N_("an object is expected"),
    "model_attributes_type": N_("an object is expected"),
    "list_type": N_("a list is expected"),
    "json_invalid": N_("this is not valid JSON"),
    "string_too_short": N_("at least {min_length} characters"),
    "string_too_long": N_("at most {max_length} characters"),
    "too_short": N_("at least {min_length} items"),
    "too_long": N_("at most {max_length} items"),
    "greater_than": N_("more than {gt}"),
    "greater_than_equal": N_("at least {ge}"),
    "less_than": N_("less than {lt}"),
    "less_than_equal": N_("at most {le}"),
    "literal_error": N_("expected {expected}"),
    "enum": N_("expected {expected}"),
    "union_tag_invalid": N_("expected {expected_tags}"),
    "union_tag_not_found": N_("the field {discriminator} is required"),
}

# Starlette's own details (the reason phrase) for the statuses it answers by itself.
PHRASES: dict[int, str] = {
    404: N_("there is no such page or address; check the link"),
    405: N_("this address does not take that method"),
}


def _field(loc: Iterable[Any]) -> str:
    """The field an error is about: the last name of its location (not ``body``/``query``)."""
    names = [str(part) for part in loc if not isinstance(part, int)]
    names = [n for n in names if n not in {"body", "query", "path", "header", "cookie"}]
    return ".".join(names)


def said_invalid(errors: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """FastAPI's validation errors, each ``msg`` in the current language, naming its field."""
    out = []
    for error in errors:
        said = dict(error)
        words = SAID.get(str(error.get("type")))
        ctx = error.get("ctx") or {}
        try:
            msg = _(words).format(**ctx) if words else str(error.get("msg", ""))
        except (KeyError, IndexError):  # a context without the field the sentence names
            msg = str(error.get("msg", ""))
        field = _field(error.get("loc", ()))
        said["msg"] = f"{field}: {msg}" if field else msg
        out.append(said)
    return out


def said_detail(status: int, detail: Any) -> str:
    """An HTTP error's detail: Starlette's reason phrase said again, ours as it is."""
    text = str(detail)
    words = PHRASES.get(status)
    try:
        phrase = HTTPStatus(status).phrase
    except ValueError:
        return text
    return _(words) if words is not None and text == phrase else text
