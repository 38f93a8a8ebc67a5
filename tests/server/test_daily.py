"""The deal of the day (issue 28, point 3): the same deal for every guest, against the same
bots, one attempt a day; afterwards where one stands among every finished attempt and against
the bots' own results at one's seat; and any finished match's deal played again by another."""

from __future__ import annotations

import random
from typing import Any

from pondside.engine import Match
from pondside.games.lame_duck import GAME
from pondside.server.daily import DAILY_LEVEL, percentile
from pondside.server.web import today
from pondside.sim.runner import play_match
from serverproc import GuestClient, ServerProcess
from tablesock import Sock, play_randomly, run


def hand_and_play(server: ServerProcess, guest: GuestClient, table: str, seed: int) -> list[int]:
    """The guest's first hand at ``table``, then the match played out at random."""

    async def main() -> list[int]:
        sock = await Sock.open(server, table, guest)
        hand: list[int] = (await sock.sync())["view"]["hand"]
        await play_randomly(sock, random.Random(seed))
        await sock.close()
        return hand

    return run(main())


def test_every_guest_plays_the_same_deal_once_and_sees_where_they_stand(
    server: ServerProcess,
) -> None:
    ann, bob, carl = (GuestClient(server, n) for n in ("Ann", "Bob", "Carl"))
    listed = ann.http.get("/api/daily").json()
    assert listed["day"] == today()
    games = {g["game"]: g for g in listed["games"]}
    assert games["lame-duck"]["players"] == 4 and games["lame-duck"]["mine"] is None
    assert games["lame-duck"]["bots"] == [DAILY_LEVEL] * 3

    first = ann.http.post("/api/daily/lame-duck")
    assert first.status_code == 201, first.text
    table = first.json()
    assert table["status"] == "playing" and table["listed"] is False
    assert [s["name"] for s in table["seats"]] == ["Ann", None, None, None]
    assert [s["bot"] for s in table["seats"]] == [None, *[DAILY_LEVEL] * 3]
    # Asked again while it is played: the same table (one attempt a day).
    assert ann.http.post("/api/daily/lame-duck").json()["id"] == table["id"]
    # Nothing to compare yet: nobody finished; the best is not shown before one has played.
    early = bob.http.get("/api/daily/lame-duck").json()
    assert (early["attempts"], early["mine"], early["best"]) == (0, None, None)

    anns = hand_and_play(server, ann, table["id"], 1)
    bobs_table = bob.http.post("/api/daily/lame-duck").json()["id"]
    assert bobs_table != table["id"]
    assert hand_and_play(server, bob, bobs_table, 2) == anns  # the same deal

    again = ann.http.post("/api/daily/lame-duck")
    assert again.status_code == 409 and "you have played today's deal" in again.json()["detail"]
    mine = ann.http.get("/api/daily").json()["games"][0]["mine"]
    assert mine == {"table_id": table["id"], "status": "over"}

    shown = ann.http.get("/api/daily/lame-duck").json()
    assert shown["attempts"] == 2 and len(shown["scores"]) == 2
    assert shown["mine"]["table_id"] == table["id"]
    assert shown["mine"]["percentile"] == percentile(
        shown["mine"]["score"], shown["scores"], lower_is_better=True
    )
    assert shown["best"]["score"] == min(shown["scores"])
    assert shown["best"]["replay"].startswith("/replay/")
    # The bots' own results at seat 0, on the same deal: the same as a simulation's.
    levels = {b["level"]: b for b in shown["bots"]}
    assert set(levels) == {"random", "casual"}
    # Carl has not played today's deal: no best result to spoil it.
    assert carl.http.get("/api/daily/lame-duck").json()["best"] is None

    # "Play this deal": Carl plays Ann's finished match's deal from her seat.
    r = carl.http.post(f"/api/tables/{table['id']}/deal")
    assert r.status_code == 201, r.text
    replayed = r.json()
    assert replayed["status"] == "playing" and replayed["seats"][0]["name"] == "Carl"
    assert [s["bot"] for s in replayed["seats"]] == [None, *[DAILY_LEVEL] * 3]
    assert hand_and_play(server, carl, replayed["id"], 3) == anns
    # Only a finished match's deal; a seat of the table.
    open_one = carl.create(2)["id"]
    assert carl.http.post(f"/api/tables/{open_one}/deal").status_code == 409
    assert carl.http.post(f"/api/tables/{table['id']}/deal?seat=4").status_code == 400


def test_the_deal_of_the_day_outlives_a_restart(server: ServerProcess) -> None:
    ann, bob = GuestClient(server, "Ann"), GuestClient(server, "Bob")
    table = ann.http.post("/api/daily/down-the-drain").json()["id"]
    anns = hand_and_play(server, ann, table, 4)
    server.restart()
    bobs = bob.http.post("/api/daily/down-the-drain").json()["id"]
    assert hand_and_play(server, bob, bobs, 5) == anns


def test_a_deal_of_the_day_is_refused_for_a_game_not_here(server: ServerProcess) -> None:
    ann = GuestClient(server, "Ann")
    r = ann.http.post("/api/daily/chess")
    assert r.status_code == 404 and "no such game" in r.json()["detail"]
    assert ann.http.get("/api/daily/lame-duck?day=2999-01-01").status_code == 404
    assert ann.http.get("/api/daily/lame-duck?day=yesterday").status_code == 422


def test_the_bots_baseline_is_the_deal_played_by_bots() -> None:
    """What ``baseline`` reports is a simulation of the deal with the level at seat 0."""
    from pondside.bots.levels import level_spec
    from pondside.server.daily import baseline

    seed = 12345
    found = {b["level"]: b for b in baseline(GAME, seed)}
    specs = [level_spec(GAME, lvl, online=True) for lvl in ("random", *[DAILY_LEVEL] * 3)]
    outcome = play_match(GAME, 4, None, specs, seed).outcome()
    assert outcome is not None
    assert (found["random"]["score"], found["random"]["place"]) == (
        outcome.scores[0],
        outcome.places[0],
    )


def test_the_same_play_meets_the_same_bots_play(server: ServerProcess) -> None:
    """ "Played against the same bots": the bots of the deal of the day are seeded from it, so
    two guests who make the same choices meet the same answers, choice for choice, and end
    with the same scores (each seat's decisions compared in order: the bots of a game played
    all at once may be recorded in another order). Today every game's casual bot happens to
    play without chance (checked: unseeded bots pass this too), so the seeding guards the
    bots of tomorrow."""
    ann, bob = GuestClient(server, "Ann"), GuestClient(server, "Bob")

    def played_first_legal(guest: GuestClient) -> dict[str, Any]:
        table = guest.http.post("/api/daily/lame-duck").json()["id"]

        async def main() -> None:
            sock = await Sock.open(server, table, guest)
            await play_randomly(sock, random.Random(0), pick=lambda m, _r: m["legal"][0])
            await sock.close()

        run(main())
        record: dict[str, Any] = guest.http.get(f"/api/tables/{table}/record").json()
        return record

    anns, bobs = played_first_legal(ann), played_first_legal(bob)

    def by_seat(record: dict[str, Any]) -> list[list[str]]:
        return [[a for s, a in record["actions"] if s == seat] for seat in range(record["players"])]

    assert by_seat(anns) == by_seat(bobs)
    outcomes = [Match.from_record(GAME, r).outcome() for r in (anns, bobs)]
    assert outcomes[0] is not None and outcomes[1] is not None
    assert outcomes[0].scores == outcomes[1].scores
