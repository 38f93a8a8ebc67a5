"""Match history: a guest's finished matches, newest first, with every seat's name, score and
place as the engine ranked them, and the links to each match's replay and record."""

from __future__ import annotations

import httpx

from pondside.engine import Match
from pondside.games import get_game
from replaykit import play_match
from serverproc import GuestClient, ServerProcess


def test_a_guest_sees_their_finished_matches_newest_first(shared_server: ServerProcess) -> None:
    ann, bob = GuestClient(shared_server, "Ann"), GuestClient(shared_server, "Bob")
    first = play_match(shared_server, ann, "lame-duck", seed=21)
    second = play_match(shared_server, ann, "down-the-drain", seed=22)
    play_match(shared_server, bob, "ladders", seed=23)

    r = ann.http.get("/api/players/me/matches")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["name"] == "Ann"
    matches = body["matches"]
    assert [m["table_id"] for m in matches] == [second.table, first.table]
    for m, played in zip(matches, [second, first], strict=True):
        record = played.record
        outcome = Match.from_record(get_game(record["game"]), record).outcome()
        assert outcome is not None
        assert m["game"] == record["game"]
        assert m["game_name"] == get_game(record["game"]).info.name
        assert m["seat"] == 0
        assert m["place"] == outcome.places[0] and m["score"] == outcome.scores[0]
        assert [s["name"] for s in m["seats"]] == record["names"]
        assert [s["place"] for s in m["seats"]] == list(outcome.places)
        assert [s["score"] for s in m["seats"]] == list(outcome.scores)
        assert [s["bot"] for s in m["seats"]][1:] == ["heuristic", "random", "heuristic"][
            : record["players"] - 1
        ]
        assert m["replay"] == f"/replay/{played.table}?seat=0"
        assert m["record"] == f"/api/tables/{played.table}/record"
        assert ann.http.get(m["record"]).json() == record
    assert matches[0]["finished_at"] >= matches[1]["finished_at"]

    # A page at a time: the newest, then those before it.
    page = ann.http.get("/api/players/me/matches", params={"limit": 1}).json()["matches"]
    assert [m["table_id"] for m in page] == [second.table]
    older = ann.http.get(
        "/api/players/me/matches", params={"before": page[0]["finished_at"]}
    ).json()["matches"]
    assert [m["table_id"] for m in older] == [first.table]

    # Bob sees his own match only; a new guest none; without a name there is no history.
    assert [m["game"] for m in bob.http.get("/api/players/me/matches").json()["matches"]] == [
        "ladders"
    ]
    assert GuestClient(shared_server, "Cy").http.get("/api/players/me/matches").json() == {
        "name": "Cy",
        "matches": [],
    }
    anonymous = httpx.get(f"{shared_server.url}/api/players/me/matches")
    assert anonymous.status_code == 401
    assert "choose a name first" in anonymous.json()["detail"]


def test_the_pages_of_history_leaderboard_and_records_are_served(
    shared_server: ServerProcess,
) -> None:
    for path, script in [
        ("/history", "history.js"),
        ("/leaderboard", "leaderboard.js"),
        ("/replay", "upload.js"),
    ]:
        r = httpx.get(f"{shared_server.url}{path}")
        assert r.status_code == 200 and script in r.text, path
    lobby = httpx.get(shared_server.url).text
    for link in ("/leaderboard", "/history", "/replay"):
        assert f'href="{link}"' in lobby
