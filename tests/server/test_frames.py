"""The frames' JSON Schema, generated from frames.py's types, is the one docs/server.md
publishes, and every frame of real matches of every game (live, to seats and spectators, and
replayed) is valid against it."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from pondside.engine import IllegalAction
from pondside.games import get_game
from pondside.server.app import create_app
from pondside.server.frames import frame_schema, published
from pondside.server.hub import Client, Guest, Hub
from pondside.server.replays import frames as replay_frames
from pondside.server.settings import Settings

DOCS = Path(__file__).resolve().parents[2] / "docs" / "server.md"
GOLDEN = Path(__file__).resolve().parents[1] / "golden"
GAMES = ("lame-duck", "king-of-the-quackers", "wildcat-chicane", "ladders", "down-the-drain")


def test_docs_server_md_publishes_the_frame_schema_of_now() -> None:
    page = DOCS.read_text()
    assert published(page) == page, (
        "docs/server.md's frame schema is out of date: "
        "python -m pondside.server.frames --write docs/server.md"
    )


async def _nowhere(_text: str) -> None:
    return None


async def _frames_of(hub: Hub, slug: str, seed: int) -> list[Any]:
    """Every frame a seat, a bot's neighbour and a spectator get in a match's first actions
    (on a clock), an error included."""
    ann, bob = Guest("ann", "Ann"), Guest("bob", "Bob")
    players = get_game(slug).info.min_players
    table = await hub.create(ann, slug, max(players, 3), {}, "fast", True, seed)
    clients = [Client(send=_nowhere, seat=None, player=g) for g in (ann, bob, None)]
    table.clients.update(clients)
    got = [json.loads(hub.welcome(table, c)) for c in clients]
    await hub.change_seat(table, bob, 1, "join", None)
    for s in range(2, table.data.players):
        await hub.change_seat(table, ann, s, "bot", "random")
    await hub.start(table, ann)
    match = table.match
    assert match is not None
    pick = random.Random(seed)
    with pytest.raises(IllegalAction):
        await hub.act(table, match.to_act()[0], "nonsense 99")
    got.append(json.loads(hub.error(table, "nonsense", "LD-5", about="hint")))
    for _ in range(30):
        if match.is_over():
            break
        seat = pick.choice(match.to_act())
        await hub.act(table, seat, pick.choice(match.legal(seat)), "player")
    for client in clients:
        while not client.outbox.empty():
            text = client.outbox.get_nowait()
            if text is not None:
                got.append(json.loads(text))
    return got


def test_every_frame_of_real_matches_is_valid_against_the_schema(tmp_path: Path) -> None:
    validator = Draft202012Validator(frame_schema())
    app = create_app(
        Settings(database_url=f"sqlite:///{tmp_path / 'f.db'}", bot_delay=3600.0, allow_seeds=True)
    )

    async def main() -> list[Any]:
        async with app.router.lifespan_context(app):
            hub: Hub = app.state.hub
            found = []
            for n, slug in enumerate(GAMES):
                found += await _frames_of(hub, slug, 10 + n)
            return found

    live = asyncio.run(main())
    assert {f["type"] for f in live} == {"state", "error"}
    assert {f.get("reason") for f in live} >= {"welcome", "table", "start", "action"}
    for frame in live:
        validator.validate(frame)
    for path in sorted(GOLDEN.glob("*.json"))[:3]:
        rec = json.loads(path.read_text())["record"]
        names: list[str | None] = [f"P{i}" for i in range(rec["players"])]
        bots: list[str | None] = [None] * rec["players"]
        for seat in (None, 0):
            for frame in replay_frames(rec, seat, "r", names, bots)["frames"]:
                validator.validate(frame)
