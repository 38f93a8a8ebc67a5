"""Leaving a running match (issue 27, defect 9): a player resigns and a bot plays on for them,
the result places them last; a match its players all left is abandoned to bots and ends; the
lobby lists the matches played by bots alone only when asked."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pondside.engine import Match
from pondside.games.lame_duck import GAME
from pondside.server.ratings import rate
from pondside.server.tables import places_with_resigned
from serverproc import GuestClient, ServerProcess
from tablesock import Sock, play_randomly, run, table_with

SCALE = 0.001  # abandon_after's 600 s are 0.6 s


@given(
    st.lists(st.integers(1, 6), min_size=2, max_size=6).flatmap(
        lambda places: st.tuples(
            st.just(places), st.lists(st.booleans(), min_size=len(places), max_size=len(places))
        )
    )
)
def test_resigned_seats_come_last_and_the_others_keep_their_order(
    case: tuple[list[int], list[bool]],
) -> None:
    places, resigned = case
    new = places_with_resigned(places, resigned)
    kept = [i for i, r in enumerate(resigned) if not r]
    gone = [i for i, r in enumerate(resigned) if r]
    for i in kept:
        for j in kept:
            assert (new[i] < new[j]) == (places[i] < places[j])  # order and ties kept
        assert 1 <= new[i] <= len(kept)
    assert all(new[i] == len(kept) + 1 for i in gone)


def test_a_player_resigns_and_a_bot_finishes_the_match_for_them(
    shared_server: ServerProcess,
) -> None:
    ann, bob, carl = (GuestClient(shared_server, n) for n in ("Ann", "Bob", "Carl"))
    table = table_with(shared_server, ann, [ann, bob, "random"], start=False, seed=31)
    # Before the start there is nothing to resign: a player leaves their seat instead.
    early = ann.http.post(f"/api/tables/{table}/resign")
    assert early.status_code == 409 and "leave your seat" in early.json()["detail"]
    assert ann.start(table).status_code == 200
    # Only a player of the match resigns it.
    watcher = carl.http.post(f"/api/tables/{table}/resign")
    assert watcher.status_code == 403 and "only a player" in watcher.json()["detail"]

    async def main() -> None:
        a = await Sock.open(shared_server, table, ann)
        b = await Sock.open(shared_server, table, bob)
        await a.sync()
        r = await asyncio.to_thread(ann.http.post, f"/api/tables/{table}/resign")
        assert r.status_code == 200, r.text
        seat = r.json()["seats"][0]
        assert (seat["name"], seat["bot"], seat["resigned"]) == ("Ann", "casual", True)
        # Everyone is told; Ann's seat is the bot's now: her own actions are refused.
        told = await b.next(lambda m: m.get("reason") == "table")
        assert told["table"]["seats"][0]["resigned"] is True
        assert "resigned" not in told["table"]["seats"][1]
        card = Match(GAME, 3, {"rounds": 1}, seed=31).state.hands[0][0]
        await a.send({"op": "act", "action": f"play {card}"})
        answer = await a.next(lambda m: m.get("type") == "error")
        assert "not seated" in answer["message"] or "spectator" in answer["message"], answer
        # She watches on, as a spectator: no hand shown, nothing to play.
        watching = await a.sync()
        assert watching["you"]["seat"] is None and watching["legal"] == []
        again = await asyncio.to_thread(ann.http.post, f"/api/tables/{table}/resign")
        assert again.status_code == 409 and "already resigned" in again.json()["detail"]
        await play_randomly(b, random.Random(7))
        await a.close()
        await b.close()

    run(main())
    # Ann is recorded as having resigned, last whatever her bot made of the seat.
    mine = ann.http.get("/api/players/me/matches").json()["matches"][0]
    assert mine["table_id"] == table and mine["resigned"] is True
    assert mine["place"] == 3
    shown = {s["seat"]: s for s in mine["seats"]}
    assert shown[0]["name"] == "Ann (resigned)" and shown[0]["place"] == 3
    assert {shown[1]["place"], shown[2]["place"]} <= {1, 2}
    assert bob.http.get("/api/players/me/matches").json()["matches"][0]["resigned"] is False
    # The record names Ann at her seat and replays exactly; the bot's actions for her are
    # told apart in the replay.
    record = ann.http.get(f"/api/tables/{table}/record").json()
    assert record["names"][0] == "Ann" and record["bots"] == [None, None, "random"]
    replayed = Match.from_record(GAME, record)
    assert replayed.is_over()
    steps = ann.http.get(f"/api/replays/{table}").json()["frames"]
    hows = {(f["by"]["seat"], f["by"]["how"]) for f in steps if f.get("by")}
    assert (0, "bot") in hows


def test_the_lobby_lists_bot_only_matches_when_asked(shared_server: ServerProcess) -> None:
    ann, dora = GuestClient(shared_server, "Ann"), GuestClient(shared_server, "Dora")
    bots = table_with(shared_server, ann, ["random", "random"], options={"rounds": 100})
    people = table_with(shared_server, ann, [ann, "random"], options={"rounds": 3})

    def listed(who: GuestClient, query: str = "") -> list[str]:
        return [t["id"] for t in who.http.get(f"/api/tables{query}").json()["tables"]]

    assert people in listed(dora) and bots not in listed(dora)
    assert {people, bots} <= set(listed(dora, "?bots=true"))
    assert bots not in listed(dora, "?bots=false")
    assert dora.http.get("/api/tables?bots=maybe").status_code == 422
    # Once Ann resigns, nobody plays her match: bots alone, and no longer Ann's own.
    assert ann.http.post(f"/api/tables/{people}/resign").status_code == 200
    assert people not in listed(dora) and people not in listed(ann)
    assert people in listed(ann, "?bots=true")


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    path: Path = tmp_path_factory.mktemp("abandon")
    # Nobody stands in for the gone players before the match is abandoned (grace 1 s > 0.6 s).
    proc = ServerProcess(
        f"sqlite:///{path / 'pondside.db'}",
        clock_scale=SCALE,
        log=path / "server.log",
        extra=["--grace", "1000"],
    ).start()
    yield proc
    proc.stop()


def test_a_match_nobody_comes_back_to_is_abandoned_to_bots_and_ends(
    quick_server: ServerProcess,
) -> None:
    ann, bob, dora = (GuestClient(quick_server, n) for n in ("Ann", "Bob", "Dora"))
    table = table_with(quick_server, ann, [ann, bob, "random"])
    # A player connected keeps the match theirs however long it takes.
    kept = table_with(quick_server, dora, [dora, "random"])

    async def stay() -> None:
        d = await Sock.open(quick_server, kept, dora)
        await asyncio.sleep(2.0)
        assert (await d.sync())["table"]["status"] == "playing"
        await d.close()

    run(stay())
    deadline = time.monotonic() + 30
    while ann.http.get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the abandoned match never ended"
        time.sleep(0.1)
    ids = [t["id"] for t in dora.http.get("/api/tables?bots=true").json()["tables"]]
    assert table not in ids
    for who in (ann, bob):
        found = who.http.get("/api/players/me/matches").json()["matches"][0]
        assert found["table_id"] == table and found["resigned"] is True
        assert found["place"] == 2  # both tied last, after the random bot


def test_a_resignation_outlives_a_restart_and_its_bot_plays_on(server: ServerProcess) -> None:
    ann, bob = GuestClient(server, "Ann"), GuestClient(server, "Bob")
    table = table_with(server, ann, [ann, bob])
    assert ann.http.post(f"/api/tables/{table}/resign").status_code == 200
    server.restart()
    seats = bob.http.get(f"/api/tables/{table}").json()["seats"]
    assert seats[0]["resigned"] is True and seats[0]["bot"] == "casual"

    async def main() -> None:
        b = await Sock.open(server, table, bob)
        await play_randomly(b, random.Random(3))
        await b.close()

    run(main())
    found = bob.http.get("/api/players/me/matches").json()["matches"][0]
    assert found["table_id"] == table and found["place"] == 1  # the only one who played it out


def test_a_leaver_is_rated_as_finishing_last(server: ServerProcess) -> None:
    """Issue 28, point 2: "the leaver is rated as finishing last", whatever the bot that played
    on for them made of the seat. A fresh server, so every rating starts from the prior and the
    expected one is exact."""
    leaver, stayer = GuestClient(server, "Leaver"), GuestClient(server, "Stayer")
    table = table_with(server, leaver, [leaver, stayer, "random"], seed=12)
    assert leaver.http.post(f"/api/tables/{table}/resign").status_code == 200

    async def main() -> None:
        s = await Sock.open(server, table, stayer)
        await play_randomly(s, random.Random(2))
        await s.close()

    run(main())
    record = leaver.http.get(f"/api/tables/{table}/record").json()
    outcome = Match.from_record(GAME, record).outcome()
    assert outcome is not None
    # The casual bot that played the leaver's seat beat someone: its own place is not last,
    # so a rating by the match's own places would not be the leaver's.
    assert outcome.places[0] < 3, outcome.places
    rows = {r["name"]: r for r in leaver.http.get("/api/leaderboard/lame-duck").json()["ratings"]}
    assert set(rows) == {"Leaver", "Stayer", "Random bot"}
    subjects = ["player:leaver", "player:stayer", "bot:random"]
    last = places_with_resigned([int(p) for p in outcome.places], [True, False, False])
    want = rate({}, subjects, last)
    assert want is not None
    for name, who in zip(("Leaver", "Stayer", "Random bot"), subjects, strict=True):
        assert rows[name]["mu"] == pytest.approx(want[who].mu)
        assert rows[name]["sigma"] == pytest.approx(want[who].sigma)
    assert rows["Leaver"]["mu"] < min(rows["Stayer"]["mu"], rows["Random bot"]["mu"])
    own = rate({}, subjects, [int(p) for p in outcome.places])
    assert own is not None and rows["Leaver"]["mu"] < own["player:leaver"].mu

    # The table's end screen says the same: the frames' outcome places the leaver last.
    async def end() -> dict[str, Any]:
        s = await Sock.open(server, table, stayer)
        shown = await s.sync()
        await s.close()
        return shown

    assert run(end())["outcome"]["places"] == last
