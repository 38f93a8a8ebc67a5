"""The JSON Schema of every game's view and events, from the game's ``TypedDict`` classes.

Each game declares its view once, as a ``TypedDict`` extending ``engine.CommonView``, and
returns it from ``Game.view``; it declares each kind of event as a ``TypedDict`` too, and types
``Game.apply`` with their union. This module turns those declarations into JSON Schemas (draft
2020-12, by pydantic) with each key's docstring as its description. The schemas are published
in ``docs/views.md`` (``python -m pondside.views --write docs/views.md``; a test keeps the page
up to date) and answered by the engine protocol's ``schema`` request, so the browser tables and
outside programs read the same contract the tests check every view against.
"""

from __future__ import annotations

import argparse
import json
import typing
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import ConfigDict, TypeAdapter
from typing_extensions import is_typeddict

from pondside.engine import CommonView, Game
from pondside.games import all_games, get_game

COMMON_KEYS = (*typing.get_type_hints(CommonView), "options", "hand")
"""The keys every view has (``hand`` only in a seat's view)."""


def view_type(game: Game[Any]) -> type:
    """The ``TypedDict`` a game's ``view`` returns, read from its annotation."""
    hint: type = typing.get_type_hints(type(game).view)["return"]
    if not is_typeddict(hint):
        raise TypeError(f"{game.info.name}'s view must return a TypedDict, not {hint!r}")
    return hint


def event_type(game: Game[Any]) -> Any:
    """The union of the ``TypedDict`` classes a game's ``apply`` returns its events as, read from
    its annotation (``tuple[State, list[GameEvent]]``)."""
    hint = typing.get_type_hints(type(game).apply)["return"]
    args = typing.get_args(hint)
    item = typing.get_args(args[1])[0] if len(args) == 2 and typing.get_args(args[1]) else None
    members = typing.get_args(item) or (item,)
    if not all(is_typeddict(m) for m in members):
        raise TypeError(
            f"{game.info.name}'s apply must return its events as a list of TypedDicts (a union "
            f"of one per kind), not {hint!r}"
        )
    return item


def event_types(game: Game[Any]) -> list[type]:
    """Each kind of event the game declares, in the order of its union."""
    union = event_type(game)
    return list(typing.get_args(union) or (union,))


def event_kind(event_class: type) -> str:
    """The ``type`` an event class declares: ``Literal["place"]`` → ``place``."""
    (kind,) = typing.get_args(typing.get_type_hints(event_class)["type"])
    return str(kind)


def _typed_dicts(root: Any) -> list[type]:
    """``root`` and every TypedDict its keys use, however deep."""
    found: list[type] = []

    def walk(t: Any) -> None:
        if is_typeddict(t):
            if t in found:
                return
            found.append(t)
            for hint in typing.get_type_hints(t).values():
                walk(hint)
        for arg in typing.get_args(t):
            walk(arg)

    walk(root)
    return found


def _closed(schema: Any) -> None:
    """A view has exactly its declared keys: ``additionalProperties: false`` on every object.
    (The keys' titles pydantic adds only repeat their names, and are dropped.)"""
    if isinstance(schema, dict):
        if "properties" in schema:
            schema.setdefault("additionalProperties", False)
            for prop in schema["properties"].values():
                prop.pop("title", None)
        for value in schema.values():
            _closed(value)
    elif isinstance(schema, list):
        for value in schema:
            _closed(value)


def _json_schema(root: Any) -> dict[str, Any]:
    for t in [CommonView, *_typed_dicts(root)]:
        # The keys' docstrings become descriptions; set here so the games need no pydantic.
        t.__pydantic_config__ = ConfigDict(use_attribute_docstrings=True)  # type: ignore[attr-defined]
    schema: dict[str, Any] = TypeAdapter(root).json_schema()
    return schema


@cache
def _schema(slug: str) -> str:
    game = get_game(slug)
    schema = _json_schema(view_type(game))
    _closed(schema)
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        **schema,
        "title": f"{game.info.name} view",
    }
    return json.dumps(schema)


def view_schema(game: Game[Any]) -> dict[str, Any]:
    """The JSON Schema of ``game``'s views (a fresh copy)."""
    schema: dict[str, Any] = json.loads(_schema(game.info.slug))
    return schema


EVENT_KEYS = {
    "seat": "The seat it concerns, from 0.",
    "card": "The card, in the game's notation.",
    "scores": "Each seat's final score, as the outcome counts it.",
    "places": "Each seat's place, 1 the best (tied seats share a place).",
    "totals": "Each seat's match score so far.",
    "round": "Which round of the match, from 1.",
    "hand": "Which hand of the match, from 1.",
    "dealer": "The seat that deals, from 0.",
    "leader": "The seat that leads, from 0.",
}
"""What a key means in every game's events, where an event does not say more itself: written
once here rather than on each event's declaration."""


def _describe_keys(schema: dict[str, Any]) -> None:
    for definition in schema.get("$defs", {}).values():
        for key, prop in definition.get("properties", {}).items():
            if key in EVENT_KEYS and "description" not in prop:
                prop["description"] = EVENT_KEYS[key]
            if key == "cards" and "description" not in prop and prop.get("type") == "integer":
                prop["description"] = "How many cards."


@cache
def _events_schema(slug: str) -> str:
    game = get_game(slug)
    schema = _json_schema(event_type(game))
    _closed(schema)
    _describe_keys(schema)
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        **schema,
        "title": f"{game.info.name} event",
        "description": f"One public event of {game.info.name}: one of the kinds below, told "
        'apart by "type".',
    }
    return json.dumps(schema)


def event_schema(game: Game[Any]) -> dict[str, Any]:
    """The JSON Schema of one of ``game``'s events (a fresh copy): any one of its kinds."""
    schema: dict[str, Any] = json.loads(_events_schema(game.info.slug))
    return schema


def _type_text(schema: dict[str, Any], defs: dict[str, Any]) -> str:
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[1]
    if "anyOf" in schema:
        return " or ".join(_type_text(s, defs) for s in schema["anyOf"])
    kind = schema.get("type")
    if kind == "array":
        items = schema.get("items", {})
        return f"list of {_type_text(items, defs)}" if items else "list"
    if kind == "object" and "properties" not in schema:
        return "object"
    if "const" in schema:
        return f"`{json.dumps(schema['const'])}`"
    if "enum" in schema:
        return " or ".join(f"`{json.dumps(v)}`" for v in schema["enum"])
    return {"integer": "int", "string": "text", "boolean": "bool", "number": "number"}.get(
        str(kind), str(kind or "any")
    )


def _key_table(
    schema: dict[str, Any],
    defs: dict[str, Any],
    skip: tuple[str, ...],
    optional: str = " (seat views only)",
) -> list[str]:
    required = set(schema.get("required", ()))
    rows = ["| key | type | meaning |", "|---|---|---|"]
    for key, prop in schema["properties"].items():
        if key in skip:
            continue
        mark = "" if key in required else optional if key != "seat" else ""
        text = " ".join(str(prop.get("description", "")).split())
        rows.append(f"| `{key}` | {_type_text(prop, defs)}{mark} | {text} |")
    return rows


def markdown() -> str:
    """``docs/views.md``: the common keys, then each game's own keys and full schema."""
    common = _json_schema(CommonView)
    out = [
        "# Views: what each seat sees",
        "",
        "<!-- Generated by `python -m pondside.views --write docs/views.md`; do not edit. -->",
        "",
        "A view is the JSON object that `Game.view`, `Match.view`, the engine protocol's `view`",
        "request and the decision protocol give a seat (or, with seat null, a spectator). It",
        "never holds a card that seat may not see. Each game declares its view once, as a",
        "`TypedDict` in its module; the JSON Schemas below are generated from those",
        "declarations (draft 2020-12), every view of random matches of every game is checked",
        'against them in the tests, and `{"op": "schema", "game": SLUG}` answers with',
        "the same schema in the engine protocol.",
        "",
        "## Keys every game's view has",
        "",
        *_key_table(common, {}, ()),
        "| `options` | object | The match's options (each game's are listed below). |",
        "| `hand` | list (seat views only) | The seat's own cards, in the game's notation. |",
        "",
        "Every game declares its events the same way, one `TypedDict` per kind told apart by",
        "`type`; each game's section lists them after its view.",
        "",
        "Counters and scores have one name in every game: `hand_number` counts the deals (a",
        "round of Lame Duck or Ladders, a game of a Down the Drain series), `totals` are the",
        "match scores as the outcome counts them, `hand_scores` the score of each finished",
        "deal, and the seats to act are `to_act` (there is no separate `turn` seat).",
    ]
    for game in all_games():
        schema = view_schema(game)
        defs = schema.get("$defs", {})
        out += ["", f"## {game.info.name} (`{game.info.slug}`)", ""]
        out += [" ".join(str(schema.get("description", "")).split()), ""]
        out += _key_table(schema, defs, COMMON_KEYS[:-2])
        for name, sub in defs.items():
            if "properties" in sub:
                out += ["", f"`{name}`:", "", *_key_table(sub, defs, ())]
        out += _details(schema)
        out += _events_markdown(game)
    return "\n".join(out) + "\n"


def _details(schema: dict[str, Any]) -> list[str]:
    return [
        "",
        "<details><summary>JSON Schema</summary>",
        "",
        "```json",
        json.dumps(schema, indent=1),
        "```",
        "",
        "</details>",
    ]


def _events_markdown(game: Game[Any]) -> list[str]:
    """A game's events: each kind, what it means and its keys, then the union's schema."""
    schema = event_schema(game)
    defs = schema.get("$defs", {})
    out = ["", f"### {game.info.name}'s events", ""]
    out += [
        "Each action's events, in `last_events` and in what `apply` returns; seats, columns",
        "and piles are numbered from 0 here, as in the notation (the narrator numbers them",
        "as the table shows them, `docs/narration.md`).",
    ]
    for cls in event_types(game):
        sub = defs.get(cls.__name__, {})
        meaning = " ".join(str(sub.get("description", cls.__doc__ or "")).split())
        out += ["", f"`{event_kind(cls)}`: {meaning}", ""]
        out += _key_table(sub, defs, ("type",), " (when it applies)")
    return out + _details(schema)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Print or write the views' JSON Schemas.")
    parser.add_argument("game", nargs="?", help="one game's schema as JSON")
    parser.add_argument("--events", action="store_true", help="the game's events' schema")
    parser.add_argument("--write", type=Path, help="write the markdown page to this file")
    args = parser.parse_args(argv)
    if args.game:
        game = get_game(args.game)
        print(json.dumps((event_schema if args.events else view_schema)(game), indent=1))
    elif args.write:
        args.write.write_text(markdown())
    else:
        print(markdown(), end="")


if __name__ == "__main__":
    main()
