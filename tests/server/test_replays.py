"""Replays: every finished match, of every game, can be watched move by move from any seat or
as a spectator; the frames are the record replayed by the engine, and the very frames the live
table sent. A match still in play has no replay (its hands stay hidden). Records can be
uploaded, checked by the engine, and watched by their link."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from replaykit import GAMES, engine_steps, play_match
from serverproc import GuestClient, ServerProcess
from tablesock import Sock, play_randomly, run, table_with


def replay(guest: GuestClient, replay_id: str, seat: int | None = None) -> httpx.Response:
    return guest.http.get(
        f"/api/replays/{replay_id}", params={} if seat is None else {"seat": seat}
    )


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_match_replays_move_for_move_from_every_seat(
    shared_server: ServerProcess, game: str
) -> None:
    ann = GuestClient(shared_server, "Ann")
    refused: list[httpx.Response] = []
    played = play_match(
        shared_server, ann, game, before=lambda t: refused.append(replay(ann, t, 0))
    )
    # While it was played: no replay, from any seat, with a message saying why.
    assert refused[0].status_code == 409
    assert "not over yet" in refused[0].json()["detail"]

    record, n = played.record, played.record["players"]
    for seat in [None, *range(n)]:
        r = replay(ann, played.table, seat)
        assert r.status_code == 200, r.text
        body = r.json()
        frames, expected = body["frames"], engine_steps(record, seat)
        assert body["steps"] == len(record["actions"]) == len(frames) - 1
        assert body["seat"] == seat and body["over"] is True
        assert body["record"] == f"/api/tables/{played.table}/record"
        for k, (frame, step) in enumerate(zip(frames, expected, strict=True)):
            assert frame["type"] == "state" and frame["seq"] == k
            assert frame["reason"] == ("start" if k == 0 else "action")
            assert frame["view"] == step["view"], (seat, k)
            assert frame["events"] == step["events"], (seat, k)
            assert frame["legal"] == []
            assert frame["you"] == {"seat": seat, "host": False}
            assert frame["clock"] == {"limit": None, "left": [None] * n}
            assert frame["table"]["id"] == played.table and frame["table"]["replay"]
            if k:
                who, _ = record["actions"][k - 1]
                assert frame["by"] == {"seat": who, "how": "player" if who == 0 else "bot"}
            assert frame["outcome"] == (step.get("outcome") if k == len(frames) - 1 else None)
        assert frames[-1]["outcome"]["over"] is True
        assert frames[0]["table"]["seats"][0]["name"] == "Ann"

    # The very frames the live table sent: the guest's seat and the spectator's, move for move.
    for seat, messages in played.frames.items():
        frames = replay(ann, played.table, seat).json()["frames"]
        live = [m for m in messages if m.get("type") == "state" and m["view"] is not None]
        end = max(m["seq"] for m in live)
        start = end - len(record["actions"])
        actions = [m for m in live if m["reason"] == "action"]
        assert len(actions) == len(record["actions"]) or seat is None or len(actions) > 0
        for m in actions:
            k = m["seq"] - start
            assert m["view"] == frames[k]["view"], (seat, k)
            assert m["events"] == frames[k]["events"], (seat, k)
            assert m["by"] == frames[k]["by"], (seat, k)


def test_no_replay_of_an_unknown_or_unstarted_table(shared_server: ServerProcess) -> None:
    ann = GuestClient(shared_server, "Ann")
    assert replay(ann, "nosuchtable1").status_code == 404
    assert replay(ann, "no such table").status_code == 404
    assert replay(ann, "u.nosuchrecord").status_code == 404
    table = ann.create(4, profile="none")["id"]
    r = replay(ann, table)
    assert r.status_code == 409
    assert "has not started" in r.json()["detail"]


# --- uploads -----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def finished(shared_server: ServerProcess) -> Iterator[tuple[GuestClient, dict[str, Any], str]]:
    """A finished Lame Duck match, its record and table."""
    with GuestClient(shared_server, "Ann") as ann:
        played = play_match(shared_server, ann, "lame-duck", seed=5)
        yield ann, played.record, played.table


def upload(guest: GuestClient, body: Any, raw: bool = False) -> httpx.Response:
    content = body if raw else json.dumps(body)
    return guest.http.post("/api/records", content=content)


def test_an_uploaded_record_is_watched_by_its_link_like_the_table_it_came_from(
    shared_server: ServerProcess, finished: tuple[GuestClient, dict[str, Any], str]
) -> None:
    ann, record, table = finished
    bob = GuestClient(shared_server, "Bob")
    # Whatever else a record holds is dropped: nothing in it is a path, a command or a bot.
    r = upload(bob, {**record, "bots": ["external:cmd=rm -rf /"], "path": "/etc/passwd"})
    assert r.status_code == 201, r.text
    up = r.json()
    assert up["id"].startswith("u.") and up["link"] == f"/replay/{up['id']}"
    stored = bob.http.get(f"/api/records/{up['id']}").json()
    assert record["names"] == ["Ann", "heuristic bot", "random bot", "heuristic bot"]
    # The engine's own record and the names (two of one name told apart), nothing else: the
    # table's record names its bots' levels, an upload keeps no bots.
    assert record["bots"] == [None, "heuristic", "random", "heuristic"]
    names = ["Ann", "heuristic bot", "random bot", "heuristic bot (2)"]
    engine_record = {k: v for k, v in record.items() if k != "bots"}
    assert stored == {**engine_record, "names": names}
    assert "bots" not in stored and "path" not in stored

    for seat in (None, 1):
        mine, theirs = replay(bob, up["id"], seat).json(), replay(ann, table, seat).json()
        assert [f["view"] for f in mine["frames"]] == [f["view"] for f in theirs["frames"]]
        assert [f["events"] for f in mine["frames"]] == [f["events"] for f in theirs["frames"]]
        assert mine["names"] == names
        assert mine["record"] == f"/api/records/{up['id']}"
    # The page of the link is the game's table page; the upload page exists.
    assert "game.js" in bob.http.get(up["link"]).text
    assert bob.http.get("/replay").status_code == 200


@pytest.mark.parametrize(
    ("body", "raw", "status", "says"),
    [
        ("{not json", True, 400, "this is not JSON"),
        ("[1, 2]", True, 400, "not a JSON list"),
        ({"game": "chess", "players": 2, "actions": []}, False, 400, "the games here are"),
        (
            {"game": "lame-duck", "players": 4, "seed": 1, "actions": [[0, "play 999"]]},
            False,
            400,
            "action 0 of the record",
        ),
        (
            {"game": "lame-duck", "players": 4, "seed": 1, "actions": [[0]]},
            False,
            400,
            "not a [seat, action] pair",
        ),
        (
            {"game": "lame-duck", "players": 40, "seed": 1, "actions": []},
            False,
            400,
            "cannot start a match",
        ),
        (
            {"game": "lame-duck", "players": 4, "seed": 1, "actions": [[0, "play 1"]] * 4001},
            False,
            400,
            "at most 4000 actions",
        ),
        (
            {"game": "lame-duck", "players": 2, "seed": 1, "actions": [], "names": ["A"]},
            False,
            400,
            "a list of 2 names",
        ),
        ("x" * 300_000, True, 413, "at most 256 KB"),
        # A starting position carries free-form fields (its last events) into every frame:
        # positions are for `pondside replay` at home, not for links.
        (
            {
                "game": "down-the-drain",
                "players": 3,
                "options": {"games": 1},
                "position": {"players": "\ud800", "last_events": [{"type": "beaten"}]},
                "actions": [],
            },
            False,
            400,
            "starts from a position cannot be uploaded",
        ),
        # As a table's: a seed in 0 .. 2**63 - 1, options within the online limits.
        *[
            (
                {"game": "ladders", "players": 2, "seed": seed, "actions": []},
                False,
                400,
                "seed is a whole number from 0 to 2**63 - 1",
            )
            for seed in (-1, 2**63, 2**70, "7", 1.5, True)
        ],
        (
            {"game": "lame-duck", "players": 4, "options": {"rounds": 101}, "seed": 1},
            False,
            400,
            "an online table plays rounds up to 100, not 101",
        ),
    ],
)
def test_a_bad_upload_says_what_was_expected(
    shared_server: ServerProcess, body: Any, raw: bool, status: int, says: str
) -> None:
    r = upload(GuestClient(shared_server, "Cy"), body, raw)
    assert r.status_code == status, r.text
    assert says in r.json()["detail"]


def test_uploads_need_a_guest_of_this_site_and_are_limited(shared_server: ServerProcess) -> None:
    small = {"game": "ladders", "players": 2, "options": {"rounds": 1}, "seed": 3, "actions": []}
    anonymous = httpx.post(f"{shared_server.url}/api/records", content=json.dumps(small))
    assert anonymous.status_code == 401
    dee = GuestClient(shared_server, "Dee")
    elsewhere = dee.http.post(
        "/api/records", content=json.dumps(small), headers={"Origin": "https://evil.example"}
    )
    assert elsewhere.status_code == 403
    for _ in range(20):
        assert upload(dee, small).status_code == 201
    r = upload(dee, small)
    assert r.status_code == 429
    assert "wait a while" in r.json()["detail"]
    assert upload(GuestClient(shared_server, "Eve"), small).status_code == 201  # per guest
    # Attempts, good or bad, are limited by the minute as well (each one is replayed).
    fay = GuestClient(shared_server, "Fay")
    answers = [upload(fay, "{not json", raw=True).status_code for _ in range(31)]
    assert answers == [400] * 30 + [429]


def test_a_table_still_watched_when_it_ends_replays_in_full(shared_server: ServerProcess) -> None:
    """The replay of a table still in memory (a socket open on it) is its whole match, asked
    for while the socket is open and again after: an empty replay must never be kept."""
    ann = GuestClient(shared_server, "Ann")
    table = table_with(shared_server, ann, [ann, "random"], game="ladders", options={"rounds": 1})

    async def go() -> tuple[int, list[int]]:
        me = await Sock.open(shared_server, table, ann)
        await play_randomly(me, random.Random(3))
        end = await me.until_over()
        steps = [replay(ann, table, seat).json()["steps"] for seat in (None, 0, 1, None)]
        await me.close()
        return end["seq"], steps

    _, steps = run(go())
    record = ann.http.get(f"/api/tables/{table}/record").json()
    assert len(record["actions"]) > 0
    assert steps == [len(record["actions"])] * 4
    assert replay(ann, table).json()["steps"] == len(record["actions"])  # once it left memory


def test_replays_are_sent_zipped_only_to_whom_takes_them(
    shared_server: ServerProcess, finished: tuple[GuestClient, dict[str, Any], str]
) -> None:
    ann, record, table = finished
    for accept, zipped in [
        ("gzip, deflate", True),
        ("gzip;q=0, identity", False),
        ("identity", False),
        ("br;q=1.0, *;q=0.1", True),
    ]:
        r = ann.http.get(f"/api/replays/{table}", headers={"Accept-Encoding": accept})
        assert r.status_code == 200, accept
        assert (r.headers.get("content-encoding") == "gzip") is zipped, accept
        assert r.headers["vary"] == "Accept-Encoding"
        assert r.json()["steps"] == len(record["actions"])  # httpx unzips what was zipped


def test_many_asking_for_one_replay_at_once_get_it_from_one_build(
    shared_server: ServerProcess,
) -> None:
    ann = GuestClient(shared_server, "Ann")
    played = play_match(shared_server, ann, "wildcat-chicane", seed=41)

    async def ask() -> list[httpx.Response]:
        async with httpx.AsyncClient(base_url=shared_server.url, timeout=30) as http:
            asks = [http.get(f"/api/replays/{played.table}", params={"seat": 1})] * 12
            return list(await asyncio.gather(*asks))

    answers = run(ask())
    assert {r.status_code for r in answers} == {200}
    assert len({r.content for r in answers}) == 1
    assert answers[0].json()["steps"] == len(played.record["actions"])
