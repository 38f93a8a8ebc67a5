"""A seat's secret acts for that seat only: another guest, a spectator and a forged cookie
cannot move it, nor change it over HTTP, nor see its hand."""

from __future__ import annotations

import asyncio

from pondside.engine import Match
from pondside.games.lame_duck import GAME
from serverproc import GuestClient, ServerProcess
from tablesock import Sock, run, table_with


def test_a_guest_acts_only_for_their_own_seat(shared_server: ServerProcess) -> None:
    ann, bob = GuestClient(shared_server, "Ann"), GuestClient(shared_server, "Bob")
    seed = 23
    table = table_with(shared_server, ann, [ann, bob, "random"], seed=seed)
    dealt = Match(GAME, 3, {"rounds": 1}, seed=seed).state

    async def main() -> None:
        a = await Sock.open(shared_server, table, ann)
        b = await Sock.open(shared_server, table, bob)
        start = await a.sync()
        # Bob names one of Ann's cards: it is not in *his* hand, and Ann's seat is untouched.
        answer = await b.act(f"play {dealt.hands[0][0]}")
        assert answer["type"] == "error" and answer["rule"] == "LD-5"
        assert "seat 1" in answer["message"]
        # There is no seat field: a message that names one is not understood.
        await b.send({"op": "act", "action": f"play {dealt.hands[1][0]}", "seat": 0})
        answer = await b.next(
            lambda m: m.get("type") in ("error", "state") and m.get("reason") != "presence"
        )
        assert answer["type"] == "error"
        assert (await a.sync())["seq"] == start["seq"]
        # Bob's own card is his seat's choice, never Ann's.
        answer = await b.act(f"play {dealt.hands[1][0]}")
        assert answer["type"] == "state", answer
        assert answer["view"]["chosen"][:2] == [False, True]
        assert answer["view"]["my_choice"] == dealt.hands[1][0]
        frame = await a.next(lambda m: m.get("reason") == "action")
        assert frame["events"] == [{"type": "chose", "seat": 1}]
        assert frame["view"]["my_choice"] is None and frame["legal"] == start["legal"]

    run(main())


def test_a_spectator_and_a_forged_cookie_cannot_act(shared_server: ServerProcess) -> None:
    ann, bob = GuestClient(shared_server, "Ann"), GuestClient(shared_server, "Bob")
    seed = 29
    table = table_with(shared_server, ann, [ann, "random"], seed=seed)
    dealt = Match(GAME, 2, {"rounds": 1}, seed=seed).state
    forged = ann.cookie.split("=", 1)[0] + "=" + "A" * 43

    async def main() -> None:
        a = await Sock.open(shared_server, table, ann)
        before = await a.sync()
        # The random bot chooses its card in a worker, maybe after Ann's socket opens: wait
        # for it, so that the table moves on only if someone below could act.
        for _ in range(200):
            if before["view"]["chosen"][1]:
                break
            await asyncio.sleep(0.05)
            before = await a.sync()
        assert before["view"]["chosen"] == [False, True]
        for who, headers in [
            ("nobody", {}),
            ("forged", {"Cookie": forged}),
            ("too long", {"Cookie": forged + "A" * 300}),
            ("a guest without a seat", bob.socket_headers()),
        ]:
            sock = await Sock.open(shared_server, table, headers=headers)
            welcome = await sock.next(lambda m: m.get("reason") == "welcome")
            assert welcome["you"]["seat"] is None, who
            assert "hand" not in welcome["view"] and welcome["legal"] == [], who
            for card in (dealt.hands[0][0], dealt.hands[1][0]):
                answer = await sock.act(f"play {card}")
                assert answer["type"] == "error", (who, answer)
                assert "spectators watch" in answer["message"]
            await sock.close()
        now = await a.sync()
        assert now["seq"] == before["seq"] and now["view"] == before["view"]
        assert now["table"]["spectators"] == 0

    run(main())


def test_seats_of_others_cannot_be_changed_over_http(shared_server: ServerProcess) -> None:
    ann, bob, cat = (GuestClient(shared_server, n) for n in ("Ann", "Bob", "Cat"))
    table = table_with(shared_server, ann, [ann, bob, "random"], start=False)
    assert bob.seat(table, 0, "leave").status_code == 403  # Ann's seat
    assert bob.seat(table, 0, "join").status_code == 409
    assert bob.seat(table, 0, "bot", "random").status_code == 403  # only the host seats bots
    assert bob.seat(table, 2, "leave").status_code == 403  # nor removes them
    assert cat.seat(table, 1, "join").status_code == 409
    assert ann.seat(table, 1, "bot", "random").status_code == 409  # Bob's seat, even for the host
    assert ann.seat(table, 1, "leave").status_code == 403
    assert bob.start(table).status_code == 403
    assert ann.seat(table, 3, "join").status_code == 404
    assert ann.seat(table, -1, "join").status_code == 404
    seats = ann.http.get(f"/api/tables/{table}").json()["seats"]
    assert [(s["name"], s["bot"]) for s in seats] == [
        ("Ann", None),
        ("Bob", None),
        (None, "random"),
    ]
    assert ann.start(table).status_code == 200
    assert bob.seat(table, 1, "leave").status_code == 409  # the match has started
    assert cat.seat(table, 1, "join").status_code == 409


def test_a_socket_follows_its_guest_to_another_seat(shared_server: ServerProcess) -> None:
    """Bob's socket was opened at seat 1; he moves to seat 2 and Cat sits at 1. When the match
    starts, Bob's socket shows seat 2's hand, never Cat's."""
    ann, bob, cat = (GuestClient(shared_server, n) for n in ("Ann", "Bob", "Cat"))
    seed = 31
    table = table_with(shared_server, ann, [ann, bob, "random"], start=False, seed=seed)
    dealt = Match(GAME, 3, {"rounds": 1}, seed=seed).state

    async def main() -> None:
        b = await Sock.open(shared_server, table, bob)
        assert (await b.next())["you"]["seat"] == 1
        assert ann.seat(table, 2, "leave").status_code == 200  # the host removes the bot
        assert bob.seat(table, 2, "join").status_code == 200  # Bob moves
        assert cat.seat(table, 1, "join").status_code == 200
        assert ann.start(table).status_code == 200
        start = await b.next(lambda m: m.get("reason") == "start")
        assert start["you"]["seat"] == 2
        assert start["view"]["hand"] == list(dealt.hands[2])
        assert not set(start["view"]["hand"]) & set(dealt.hands[1])
        # Bob's seat is online, seat 1 (Cat, with no socket) is not.
        assert [s["online"] for s in start["table"]["seats"]] == [False, False, True]
        answer = await b.act(start["legal"][0])
        assert answer["type"] == "state" and answer["view"]["chosen"] == [False, False, True]

    run(main())
