"""No frame shows anyone a card they may not see (LD-12), and every view is the engine's.

Whole matches are played with a socket at every seat (people playing random legal actions)
and a spectator; every frame each of them received is then checked against the match record
replayed by the engine: the view is ``Match.view(seat)`` at that frame's sequence number, and
no card hidden from that receiver at that moment appears anywhere in the frame.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from framecheck import cards_in, check_frames
from serverproc import GuestClient, ServerProcess
from tablesock import Message, Sock, play_randomly, run, table_with


def test_cards_in_finds_every_card_like_value() -> None:
    frame = {
        "view": {
            "hand": [3, 9],
            "my_choice": 9,
            "columns": [[1, 2], [40]],
            "revealed": [[0, 77], [1, 5]],
            "taken": [[], [60]],
            "chosen": [True, False],
            "column_ducks": [2, 3],
            "last_events": [
                {"type": "reveal", "cards": [[2, 88]]},
                {"type": "take", "seat": 1, "card": 70, "cards": [61, 62], "column": 3},
            ],
        },
        "legal": ["play 3", "take 2"],
        "message": "card 99 is not in seat 1's hand",
        "seq": 44,
    }
    assert cards_in(frame) == {3, 9, 1, 2, 40, 77, 5, 60, 88, 70, 61, 62, 99}


async def _play_all(
    server: ServerProcess, table: str, guests: list[GuestClient], seed: int
) -> dict[int | None, list[Message]]:
    socks = [await Sock.open(server, table, g) for g in guests]
    watcher = await Sock.open(server, table)
    rng = random.Random(seed)
    await asyncio.gather(
        *(play_randomly(s, random.Random(rng.random())) for s in socks), watcher.until_over()
    )
    for s in socks:  # the other seats' last frames
        await s.until_over()
    frames: dict[int | None, list[Message]] = {i: s.messages for i, s in enumerate(socks)}
    frames[None] = watcher.messages
    for s in [*socks, watcher]:
        await s.close()
    return frames


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [
        (4, {"rounds": 2}, 1),
        (2, {"rounds": 1}, 2),
        (5, {"rounds": 1}, 3),
        (2, {"expert": True, "rounds": 2}, 4),
        (5, {"expert": True, "rounds": 1}, 5),
        (3, {"target": 15}, 6),
    ],
)
def test_no_frame_shows_a_hidden_card(
    shared_server: ServerProcess, players: int, options: dict[str, Any], seed: int
) -> None:
    guests = [GuestClient(shared_server, f"P{i}") for i in range(players)]
    table = table_with(shared_server, guests[0], list(guests), options=options, seed=seed)
    frames = run(_play_all(shared_server, table, guests, seed))
    record = guests[0].http.get(f"/api/tables/{table}/record").json()
    assert record["seed"] == seed
    checked = check_frames(record, frames)
    assert checked >= (players + 1) * len(record["actions"])


# Every other game, its variants among them: each frame the engine's view at its step, and no
# Decktet card shown to a seat that does not know it.
@pytest.mark.parametrize(
    ("game", "players", "options", "seed"),
    [
        ("king-of-the-quackers", 4, {"target": 10}, 1),
        ("king-of-the-quackers", 3, {"target": 10, "bidding": True, "deck": "basic"}, 2),
        ("wildcat-chicane", 3, {"target": 10}, 3),
        ("wildcat-chicane", 4, {"target": 10, "variant": "classic"}, 4),
        ("ladders", 2, {"rounds": 1, "target": None}, 5),
        ("ladders", 4, {"rounds": 1, "target": None, "teams": True}, 6),
        ("down-the-drain", 4, {"games": 2}, 7),
        ("down-the-drain", 8, {"games": 1}, 8),
    ],
)
def test_no_frame_of_any_game_shows_a_hidden_card(
    shared_server: ServerProcess, game: str, players: int, options: dict[str, Any], seed: int
) -> None:
    guests = [GuestClient(shared_server, f"P{i}") for i in range(players)]
    table = table_with(
        shared_server, guests[0], list(guests), game=game, options=options, seed=seed
    )
    frames = run(_play_all(shared_server, table, guests, seed))
    record = guests[0].http.get(f"/api/tables/{table}/record").json()
    assert record["game"] == game
    checked = check_frames(record, frames)
    assert checked >= (players + 1) * len(record["actions"])


def test_closed_sockets_leave_nothing_behind(shared_server: ServerProcess) -> None:
    ann = GuestClient(shared_server, "Ann")
    table = table_with(shared_server, ann, [ann, "random"])

    async def main() -> None:
        for _ in range(3):
            socks = [
                await Sock.open(shared_server, table, ann if i % 2 else None) for i in range(10)
            ]
            info = ann.http.get(f"/api/tables/{table}").json()
            assert info["spectators"] == 5 and info["seats"][0]["online"]
            await asyncio.gather(*(s.close() for s in socks))
        await asyncio.sleep(0.2)

    run(main())
    info = ann.http.get(f"/api/tables/{table}").json()
    assert info["spectators"] == 0 and not info["seats"][0]["online"]
