"""The lobby's HTTP API against a real server process."""

from __future__ import annotations

import asyncio

from serverproc import GuestClient, ServerProcess


def test_a_table_is_created_filled_with_bots_and_started(server: ServerProcess) -> None:
    ann = GuestClient(server, "Ann")
    table = ann.create(4, options={"rounds": 1}, profile="none")
    assert table["seats"][0]["name"] == "Ann"
    for seat in (1, 2, 3):
        assert ann.seat(table["id"], seat, "bot", "heuristic").status_code == 200
    r = ann.start(table["id"])
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "playing"


def test_a_bot_spec_is_not_a_level(server: ServerProcess) -> None:
    ann = GuestClient(server, "Ann")
    table = ann.create(4)
    r = ann.seat(table["id"], 1, "bot", "external:cmd=touch /tmp/pwned")
    assert r.status_code == 422 or "levels are" in r.text


def test_play_again_seats_the_same_people_and_bots(shared_server: ServerProcess) -> None:
    import random

    from tablesock import Sock, play_randomly, run, table_with

    ann, bob, carl = (GuestClient(shared_server, n) for n in ("Ann", "Bob", "Carl"))
    table = table_with(shared_server, ann, [ann, "random", bob, "heuristic"], options={"rounds": 1})
    assert ann.http.post(f"/api/tables/{table}/again").status_code == 409  # not over yet

    async def play() -> None:
        socks = [await Sock.open(shared_server, table, g) for g in (ann, bob)]
        await asyncio.gather(*(play_randomly(s, random.Random(i)) for i, s in enumerate(socks)))

    run(play())
    # A spectator cannot open the next table; Bob, seat 2, can. Everyone moves one seat on
    # (issue 28, 6: the seat that plays first goes round): Bob to seat 3, the bots with him.
    assert carl.http.post(f"/api/tables/{table}/again").status_code == 403
    following = bob.http.post(f"/api/tables/{table}/again").json()
    seats = [(s["name"], s["bot"]) for s in following["seats"]]
    assert seats == [(None, "heuristic"), (None, None), (None, "random"), ("Bob", None)]
    # Ann asks too: the same table, her seat one on; once saved it is what is stored.
    again = ann.http.post(f"/api/tables/{table}/again").json()
    assert again["id"] == following["id"]
    stored = ann.http.get(f"/api/tables/{following['id']}").json()
    assert [s["name"] for s in stored["seats"]] == [None, "Ann", None, "Bob"]
    assert ann.http.get(f"/api/tables/{table}").json()["next_id"] == following["id"]
    # The first table's record is there to download.
    record = ann.http.get(f"/api/tables/{table}/record").json()
    assert record["game"] == "lame-duck" and len(record["actions"]) >= 40


def test_frames_say_who_hosts_and_who_made_each_action(shared_server: ServerProcess) -> None:
    from tablesock import Sock, run, table_with

    ann, bob = GuestClient(shared_server, "Ann"), GuestClient(shared_server, "Bob")
    table = table_with(shared_server, ann, [ann, bob, "heuristic"], start=False)

    async def main() -> None:
        a, b, watcher = [await Sock.open(shared_server, table, g) for g in (ann, bob, None)]
        assert (await a.next())["you"] == {"seat": 0, "host": True}
        assert (await b.next())["you"] == {"seat": 1, "host": False}
        assert (await watcher.next())["you"] == {"seat": None, "host": False}
        assert ann.start(table).status_code == 200
        by = (await a.next(lambda m: m.get("reason") == "action"))["by"]
        assert by == {"seat": 2, "how": "bot"}  # the bot chose first: nobody else did
        started = await b.next(lambda m: m.get("reason") == "start")
        await b.send({"op": "act", "action": started["legal"][0]})
        mine = await watcher.next(lambda m: m.get("by") == {"seat": 1, "how": "player"})
        assert mine["reason"] == "action"

    run(main())


def test_two_guests_of_one_name_are_told_apart_at_a_table(shared_server: ServerProcess) -> None:
    first, second = GuestClient(shared_server, "Alice"), GuestClient(shared_server, "Alice")
    table = first.create(3)["id"]
    assert second.seat(table, 2, "join").status_code == 200
    seats = first.http.get(f"/api/tables/{table}").json()["seats"]
    assert [s["name"] for s in seats] == ["Alice", None, "Alice (2)"]


def test_the_lobby_lists_a_guests_own_tables_first_with_their_seat_even_private_ones(
    shared_server: ServerProcess,
) -> None:
    """A player who left a table's page finds the way back from the lobby: their tables come
    first, with ``you`` (their seat), private ones too; nobody else sees a private table."""
    from tablesock import table_with

    ann, bob = GuestClient(shared_server, "Ann"), GuestClient(shared_server, "Bob")
    listed = bob.create(3, game="down-the-drain", options={}, profile="none")["id"]
    private = table_with(
        shared_server, ann, [ann, "random", "random"], game="ladders", listed=False,
        options={"rounds": 1, "target": None},
    )  # fmt: skip
    mine = ann.http.get("/api/tables").json()["tables"]
    assert mine[0]["id"] == private and mine[0]["you"] == 0 and not mine[0]["listed"]
    assert any(t["id"] == listed and t["you"] is None for t in mine)
    others = bob.http.get("/api/tables").json()["tables"]
    assert private not in {t["id"] for t in others}
    assert next(t for t in others if t["id"] == listed)["you"] == 0
