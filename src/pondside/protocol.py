"""``pondside engine``: the JSON-lines protocol of shared/protocol.md over standard input/output.

One JSON object per line in, exactly one JSON object per line out. Every failure, from a line
that is not JSON to an illegal action, is answered with ``{"ok": false, "error": ...}`` and
leaves the current match as it was. The session is a thin layer over :class:`Match`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from typing import IO, Any

from pondside.engine import Match, PondsideError, spell
from pondside.games import all_games, get_game

Answer = dict[str, Any]


class ProtocolError(PondsideError):
    """A request that is not of the protocol's form."""


def _refuse_constant(name: str) -> None:
    # NaN and Infinity are not JSON: Python's parser accepts them, the protocol does not.
    raise ValueError(f"{name} is not JSON")


def _field(req: dict[str, Any], name: str, kinds: type | tuple[type, ...], what: str) -> Any:
    if name not in req:
        raise ProtocolError(f"{req.get('op')!r} needs {name!r} ({what})")
    value = req[name]
    if isinstance(value, bool) and bool not in (kinds if isinstance(kinds, tuple) else (kinds,)):
        raise ProtocolError(f"{name!r} must be {what}, not {spell(value)}")
    if not isinstance(value, kinds):
        raise ProtocolError(f"{name!r} must be {what}, not {spell(value)}")
    return value


class Session:
    """One engine session: at most one current match."""

    def __init__(self) -> None:
        self.match: Match[Any] | None = None
        self.ops: dict[str, Callable[[dict[str, Any]], Answer]] = {
            "games": self.op_games,
            "new": self.op_new,
            "legal": self.op_legal,
            "apply": self.op_apply,
            "view": self.op_view,
            "outcome": self.op_outcome,
            "record": self.op_record,
            "replay": self.op_replay,
            "position": self.op_position,
            "schema": self.op_schema,
        }

    def handle_line(self, line: str) -> Answer:
        try:
            req = json.loads(line, parse_constant=_refuse_constant)
        except (ValueError, RecursionError):  # JSONDecodeError is a ValueError, so are huge ints
            return {"ok": False, "error": "that line is not JSON: send one JSON object per line"}
        if not isinstance(req, dict):
            return {"ok": False, "error": 'a request is a JSON object such as {"op": "games"}'}
        return self.handle(req)

    def handle(self, req: dict[str, Any]) -> Answer:
        op = req.get("op")
        handler = self.ops.get(op) if isinstance(op, str) else None
        if handler is None:
            return {
                "ok": False,
                "error": f"unknown op {spell(op)}; the ops are: {', '.join(self.ops)}",
            }
        try:
            return {"ok": True, **handler(req)}
        except PondsideError as exc:
            return {"ok": False, "error": str(exc)}
        except (
            TypeError,
            KeyError,
            IndexError,
            AttributeError,
            RecursionError,
            ValueError,
            ArithmeticError,
            AssertionError,
        ) as exc:
            # A malformed payload that slipped past validation must never stop the engine.
            return {"ok": False, "error": f"malformed {op!r} request ({type(exc).__name__}: {exc})"}

    def current(self) -> Match[Any]:
        if self.match is None:
            raise ProtocolError('no match yet: start one with {"op": "new", ...} or "replay"')
        return self.match

    def _seat(self, req: dict[str, Any], allow_null: bool = False) -> int | None:
        if allow_null and req.get("seat", 0) is None:
            return None
        seat: int = _field(req, "seat", int, "a seat number" + (" or null" if allow_null else ""))
        players = self.current().players
        if not 0 <= seat < players:
            raise ProtocolError(f"seat must be 0 to {players - 1}, not {seat}")
        return seat

    # --- ops ------------------------------------------------------------------------
    def op_games(self, req: dict[str, Any]) -> Answer:
        return {"games": [g.info.to_json() for g in all_games()]}

    def op_schema(self, req: dict[str, Any]) -> Answer:
        """Pondside's addition: the JSON Schema of a game's views (``docs/views.md``)."""
        from pondside.views import view_schema  # pydantic loads only when a schema is asked for

        if "game" in req:
            game = get_game(_field(req, "game", str, "a game slug"))
        else:
            game = self.current().game
        return {"schema": view_schema(game)}

    def op_new(self, req: dict[str, Any]) -> Answer:
        game = get_game(_field(req, "game", str, "a game slug"))
        players = req.get("players", game.info.default_players)
        options = req.get("options") or {}
        if not isinstance(options, dict):
            raise ProtocolError("options must be an object of name → value")
        if "seed" not in req and "deal" not in req and "position" not in req:
            raise ProtocolError("'new' needs a seed, a deal or a position")
        seed = req.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ProtocolError(f"seed must be a whole number, not {spell(seed)}")
        self.match = Match(
            game, players, options, seed=seed, deal=req.get("deal"), position=req.get("position")
        )
        return {"to_act": list(self.match.to_act())}

    def op_legal(self, req: dict[str, Any]) -> Answer:
        match = self.current()
        seat = self._seat(req)
        return {"actions": match.legal(seat) if seat in match.to_act() else []}

    def op_apply(self, req: dict[str, Any]) -> Answer:
        match = self.current()
        seat = self._seat(req)
        action = _field(req, "action", str, "an action in the game's notation")
        assert seat is not None
        events = match.apply(seat, action)
        return {"to_act": list(match.to_act()), "events": events}

    def op_view(self, req: dict[str, Any]) -> Answer:
        if "seat" not in req:
            raise ProtocolError("'view' needs 'seat' (a seat number, or null for a spectator)")
        return {"view": self.current().view(self._seat(req, allow_null=True))}

    def op_outcome(self, req: dict[str, Any]) -> Answer:
        outcome = self.current().outcome()
        return outcome.to_json() if outcome else {"over": False}

    def op_record(self, req: dict[str, Any]) -> Answer:
        return {"record": self.current().record()}

    def op_replay(self, req: dict[str, Any]) -> Answer:
        record = _field(req, "record", dict, "a match record object")
        game = get_game(record.get("game"))
        self.match = Match.from_record(game, record)
        return {"to_act": list(self.match.to_act())}

    def op_position(self, req: dict[str, Any]) -> Answer:
        return {"position": self.current().position()}


def serve(lines: Iterable[str], out: IO[str]) -> None:
    """Answer every non-blank line of ``lines`` on ``out``, flushing after each answer."""
    session = Session()
    for line in lines:
        if not line.strip():
            continue
        out.write(
            json.dumps(session.handle_line(line), separators=(",", ":"), allow_nan=False) + "\n"
        )
        out.flush()


def main() -> None:
    serve(sys.stdin, sys.stdout)
