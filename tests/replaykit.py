"""Finished matches for the tests of replays, history and ratings: one guest playing random
legal actions through a real socket, bots in the other seats, small targets so that a match
of any game ends in a second or two; and the engine's own replay of a record, to compare with.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass
from typing import Any

from pondside.engine import Match
from pondside.games import get_game
from pondside.tui import get_ui
from serverproc import GuestClient, ServerProcess
from tablesock import Message, Sock, play_randomly, run, table_with

# Each game at its smallest table, with a target that ends the match after a hand or so.
QUICK: dict[str, tuple[int, dict[str, Any]]] = {
    "lame-duck": (4, {"rounds": 1}),
    "king-of-the-quackers": (3, {"target": 1}),
    "wildcat-chicane": (3, {"target": 1}),
    "ladders": (2, {"rounds": 1}),
    "down-the-drain": (3, {"games": 1}),
}
GAMES = list(QUICK)


@dataclass
class Played:
    table: str
    record: dict[str, Any]
    frames: dict[int | None, list[Message]]
    """What the live sockets received: the guest's seat (0) and a spectator (None)."""


def play_match(
    server: ServerProcess,
    guest: GuestClient,
    game: str,
    seed: int = 11,
    bots: tuple[str, ...] = ("heuristic", "random"),
    before: Any = None,
) -> Played:
    """A match of ``game`` with ``guest`` at seat 0 (random legal actions) and bots of the
    levels ``bots`` (in turn) at the others, played to its end. ``before(table)`` is called
    once it has started, before the guest's first action."""
    players, options = QUICK[game]
    seats: list[Any] = [guest] + [bots[i % len(bots)] for i in range(players - 1)]
    table = table_with(server, guest, seats, game=game, options=options, seed=seed)
    if before is not None:
        before(table)

    async def go() -> dict[int | None, list[Message]]:
        me = await Sock.open(server, table, guest)
        watcher = await Sock.open(server, table)
        await play_randomly(me, random.Random(seed))
        await watcher.until_over()
        await asyncio.sleep(0.05)
        frames = {0: list(me.messages), None: list(watcher.messages)}
        await me.close()
        await watcher.close()
        return frames

    frames = run(go())
    record = guest.http.get(f"/api/tables/{table}/record").json()
    return Played(table, record, frames)


def wait_over(guest: GuestClient, table: str, limit: float = 20.0) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if guest.http.get(f"/api/tables/{table}").json()["status"] == "over":
            return
        time.sleep(0.05)
    raise AssertionError(f"table {table} did not finish within {limit} s")


def engine_steps(record: dict[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """The record replayed by the engine: at each step the view of ``seat`` and the events
    of the action that led there, as JSON would carry them."""
    match = Match.from_record(get_game(record["game"]), {**record, "actions": []})
    steps = [{"view": match.view(seat), "events": []}]
    for s, action in record["actions"]:
        events = match.apply(s, action)
        steps.append({"view": match.view(seat), "events": events})
    out: list[dict[str, Any]] = json.loads(json.dumps(steps))
    out[-1]["outcome"] = match.outcome().to_json() if match.is_over() else None  # type: ignore[union-attr]
    return out


def terminal_lines(record: dict[str, Any], names: list[str], me: int | None) -> list[list[str]]:
    """What the terminal prints for each action of ``record``, told to ``me`` (a seat, or None
    for a spectator): its table's narrator, fed as ``pondside replay`` feeds it (the deal drawn
    first, then each step)."""
    game = get_game(record["game"])
    match: Match[Any] = Match.start_of(game, record)
    ui = get_ui(game, names, me=me)
    ui._before = match.view(me)  # what drawing the deal leaves it
    steps = []
    for seat, action in record["actions"]:
        events = match.apply(seat, action)
        steps.append(ui.narrate(events, match.view(me)))
    return steps
