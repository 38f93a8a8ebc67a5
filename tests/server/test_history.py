"""Match history: a guest's finished matches, newest first, with every seat's name, score and
place as the engine ranked them, and the links to each match's replay and record."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import select

from pondside.engine import Match
from pondside.games import get_game
from pondside.server import db
from pondside.server.app import create_app
from pondside.server.settings import Settings
from replaykit import play_match
from serverproc import GuestClient, ServerProcess
from tablesock import run


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
        # Issue 27, 13: the seats by place, named as the table named them ("Bot 2", where
        # the record keeps the level), each score with the game's unit.
        seats = m["seats"]
        assert [(s["place"], s["seat"]) for s in seats] == sorted(
            (place, seat) for seat, place in enumerate(outcome.places)
        )
        by_seat = sorted(seats, key=lambda s: s["seat"])
        assert [s["name"] for s in by_seat] == ["Ann"] + [
            f"Bot {seat + 1}" for seat in range(1, record["players"])
        ]
        assert record["names"][1].endswith(" bot")
        assert [s["score"] for s in by_seat] == list(outcome.scores)
        assert [s["bot"] for s in by_seat][1:] == ["heuristic", "random", "heuristic"][
            : record["players"] - 1
        ]
        info = get_game(record["game"]).info
        assert [s["score_words"] for s in by_seat] == [info.score_words(x) for x in outcome.scores]
        assert m["score_words"] == info.score_words(outcome.scores[0])
        unit = {"lame-duck": "duck", "down-the-drain": "card"}[record["game"]]
        assert unit in m["score_words"]
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


def test_history_pages_through_matches_that_ended_together_and_games_gone_since(
    tmp_path: Path,
) -> None:
    """Pages follow (finished_at, table_id): matches that ended at the same instant are neither
    skipped nor shown twice. A match of a game this version no longer has stays in the history
    under its name, and its replay (like a stored record that no longer replays) says why it
    cannot be shown, not a server error."""
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'p.db'}", bot_delay=0))

    async def go() -> None:
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as http:
                assert (await http.post("/api/guest", json={"name": "Ann"})).status_code == 200
                store = app.state.hub.store
                with store.session() as s:
                    me = s.scalar(select(db.PlayerRow.id))
                    for table_id, game, at in [
                        ("t1", "ladders", 100.0),
                        ("t2", "ladders", 200.0),
                        ("t3", "ladders", 200.0),
                        ("t4", "old-game", 300.0),
                    ]:
                        s.add(db.TableRow(**table_row(table_id, game, me)))
                        s.flush()
                        s.add(
                            db.ResultRow(
                                table_id=table_id, game=game, players=1, finished_at=at, rated=True
                            )
                        )
                        s.flush()
                        s.add(
                            db.ResultSeatRow(
                                table_id=table_id,
                                seat=0,
                                player_id=me,
                                name="Ann",
                                score=1.0,
                                place=1,
                            )
                        )
                    s.add(
                        db.RecordRow(
                            id="u.gone",
                            game="old-game",
                            uploader_id=me,
                            created_at=1.0,
                            record={
                                "game": "old-game",
                                "players": 2,
                                "options": {},
                                "seed": 1,
                                "actions": [],
                            },
                        )
                    )
                    ladder = {"game": "ladders", "players": 2, "options": {"rounds": 1}, "seed": 1}
                    s.add(
                        db.RecordRow(
                            id="u.changed",
                            game="ladders",
                            uploader_id=me,
                            created_at=1.0,
                            record={**ladder, "actions": [[0, "no such action"]]},
                        )
                    )
                    s.add(
                        db.RecordRow(
                            id="u.position",
                            game="ladders",
                            uploader_id=me,
                            created_at=1.0,
                            record={**ladder, "position": {"last_events": [{}]}, "actions": []},
                        )
                    )

                seen: list[str] = []
                params: dict[str, Any] = {"limit": 1}
                for _ in range(5):
                    r = await http.get("/api/players/me/matches", params=params)
                    assert r.status_code == 200, r.text
                    page = r.json()["matches"]
                    if not page:
                        break
                    seen += [m["table_id"] for m in page]
                    last = page[-1]
                    params = {
                        "limit": 1,
                        "before": last["finished_at"],
                        "before_id": last["table_id"],
                    }
                assert seen == ["t4", "t3", "t2", "t1"]
                first = (await http.get("/api/players/me/matches")).json()["matches"][0]
                assert first["game_name"] == "old-game"

                r = await http.get("/api/replays/u.position")
                assert r.status_code == 410 and "starts from a position" in r.json()["detail"]
                for replay_id in ("u.gone", "u.changed"):
                    r = await http.get(f"/api/replays/{replay_id}")
                    assert r.status_code == 410, r.text
                    assert "cannot be replayed by this version" in r.json()["detail"]

    run(go())


def table_row(table_id: str, game: str, host: str | None) -> dict[str, Any]:
    return {
        "id": table_id,
        "game": game,
        "players": 1,
        "options": {},
        "profile": "none",
        "listed": False,
        "status": "over",
        "seed": 1,
        "host_id": host or "",
        "created_at": 0.0,
        "seq": 1,
        "clock": {},
        "next_id": None,
    }
