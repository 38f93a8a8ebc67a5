"""Ratings: openskill's Plackett-Luce over each finished match's places, per game, for guests
and bot levels together; updated once per finished match, in the transaction of its last
action, never twice (a restart, a failure in between); the leaderboard best first."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from pondside.engine import Match
from pondside.games import get_game
from pondside.server import db, results
from pondside.server.app import create_app
from pondside.server.db import Seat, Store, TableData
from pondside.server.ratings import Skill, rate, subject
from pondside.server.replays import shown_rating
from pondside.server.results import Result, ResultSeat
from pondside.server.settings import Settings
from replaykit import play_match
from serverproc import GuestClient, ServerProcess
from tablesock import run


# --- the model ----------------------------------------------------------------------------------
def test_a_win_raises_a_rating_and_a_loss_lowers_it() -> None:
    new = rate({}, ["player:a", "player:b", "player:c"], [1, 2, 3])
    assert new is not None
    assert new["player:a"].mu > Skill().mu > new["player:c"].mu
    assert new["player:a"].ordinal > new["player:b"].ordinal > new["player:c"].ordinal
    assert all(s.sigma < Skill().sigma for s in new.values())  # every match makes it surer


def test_a_tie_as_the_engine_ranks_it_leaves_equals_equal() -> None:
    new = rate({}, ["player:a", "player:b", "player:c"], [1, 1, 3])
    assert new is not None
    assert new["player:a"] == new["player:b"]


def test_a_bot_level_at_several_seats_is_rated_once_with_the_mean_of_its_seats() -> None:
    seats = ["player:a", "bot:random", "bot:random"]
    new = rate({}, seats, [2, 1, 3])
    assert new is not None and set(new) == {"player:a", "bot:random"}
    alone = rate({}, ["player:a", "bot:x", "bot:y"], [2, 1, 3])
    assert alone is not None
    assert new["bot:random"].mu == pytest.approx((alone["bot:x"].mu + alone["bot:y"].mu) / 2)


def test_a_match_of_one_subject_says_nothing() -> None:
    assert rate({}, ["bot:heuristic"] * 4, [1, 2, 3, 4]) is None
    assert subject("abc", None) == "player:abc" and subject(None, "search") == "bot:search"


# --- through the server ---------------------------------------------------------------------------
def expected_board(records: list[dict[str, Any]], guest_ids: dict[str, str]) -> dict[str, Skill]:
    """The ratings the records should have given, by subject (a guest by name here)."""
    skills: dict[str, Skill] = {}
    for record in records:
        outcome = Match.from_record(get_game(record["game"]), record).outcome()
        assert outcome is not None
        who = [
            guest_ids.get(name) or f"bot:{name.removesuffix(' bot')}" for name in record["names"]
        ]
        new = rate(skills, who, list(outcome.places))
        assert new is not None
        skills.update(new)
    return skills


def board(guest: GuestClient, game: str) -> list[dict[str, Any]]:
    r = guest.http.get(f"/api/leaderboard/{game}")
    assert r.status_code == 200, r.text
    return list(r.json()["ratings"])


def ranks_shown(rows: list[dict[str, Any]]) -> list[int]:
    """1 + how many are shown higher (one decimal): 1, 2, 2, 4 for two shown alike."""
    shown = [shown_rating(r["ordinal"]) for r in rows]
    return [1 + sum(other > mine for other in shown) for mine in shown]


def test_the_leaderboard_ranks_alike_those_shown_alike(tmp_path: Path) -> None:
    """The board shows ratings to one decimal: two that look the same share their rank."""
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'p.db'}", bot_delay=0))

    async def go() -> list[dict[str, Any]]:
        async with app.router.lifespan_context(app):
            with app.state.hub.store.session() as s:
                for level, ordinal in [("a", 3.04), ("b", 2.96), ("c", 2.25), ("d", 2.2)]:
                    s.add(
                        db.RatingRow(
                            game="ladders",
                            subject=f"bot:{level}",
                            bot=level,
                            mu=ordinal + 3,
                            sigma=1.0,
                            ordinal=ordinal,
                            matches=1,
                            updated_at=0.0,
                        )
                    )
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as http:
                return list((await http.get("/api/leaderboard/ladders")).json()["ratings"])

    rows = run(go())
    # 3.0, 3.0, 2.3 (as the page's toFixed(1) shows 2.25), 2.2
    assert [r["rank"] for r in rows] == [1, 1, 3, 4] == ranks_shown(rows)


def check_ratings_once_across_a_restart(server: ServerProcess) -> None:
    ann = GuestClient(server, "Ann")
    ids = {"Ann": "Ann"}
    first = play_match(server, ann, "lame-duck", seed=31)
    rows = board(ann, "lame-duck")
    assert [r["name"] for r in rows if not r["bot"]] == ["Ann"]
    assert {r["name"] for r in rows} == {"Ann", "Heuristic bot", "Random bot"}
    assert all(r["matches"] == 1 for r in rows)
    want = expected_board([first.record], ids)
    for r in rows:
        key = "Ann" if not r["bot"] else f"bot:{r['bot']}"
        assert r["mu"] == pytest.approx(want[key].mu)
        assert r["sigma"] == pytest.approx(want[key].sigma)
        assert r["ordinal"] == pytest.approx(r["mu"] - 3 * r["sigma"])
    # Best first; ranked by the rating shown (one decimal), equals equal: the places of the
    # match decide (the random bot plays differently each time), so two may tie.
    assert [r["ordinal"] for r in rows] == sorted((r["ordinal"] for r in rows), reverse=True)
    assert [r["rank"] for r in rows] == ranks_shown(rows)

    server.restart()  # kill -9, then the same database
    ann.rebase()
    assert board(ann, "lame-duck") == rows  # a match that ended is never counted twice

    second = play_match(server, ann, "lame-duck", seed=32)
    again = {r["name"]: r for r in board(ann, "lame-duck")}
    assert {name: r["matches"] for name, r in again.items()} == {
        "Ann": 2,
        "Heuristic bot": 2,
        "Random bot": 2,
    }
    want = expected_board([first.record, second.record], ids)
    assert again["Ann"]["mu"] == pytest.approx(want["Ann"].mu)
    assert again["Random bot"]["mu"] == pytest.approx(want["bot:random"].mu)
    history = ann.http.get("/api/players/me/matches").json()["matches"]
    assert [m["table_id"] for m in history] == [second.table, first.table]
    # Other games keep their own ratings.
    assert board(ann, "ladders") == []
    assert httpx.get(f"{server.url}/api/leaderboard/chess").status_code == 404


def test_ratings_change_once_per_finished_match_even_across_a_restart(
    server: ServerProcess,
) -> None:
    check_ratings_once_across_a_restart(server)


def test_ratings_on_postgresql(postgres: str, tmp_path: Path) -> None:
    server = ServerProcess(postgres, log=tmp_path / "server.log").start()
    try:
        check_ratings_once_across_a_restart(server)
    finally:
        server.stop()


# --- a failure between the end and its ratings ------------------------------------------------------
def finish(store: Store, table_id: str, seats: list[ResultSeat]) -> None:
    """A table row and the last action of its match, with its result."""
    data = TableData(
        id=table_id,
        game="lame-duck",
        players=len(seats),
        options={"rounds": 1},
        profile="none",
        listed=False,
        status="over",
        seed=1,
        host_id="p1",
        created_at=time.time(),
        seq=1,
        clock={},
        next_id=None,
        seats=[Seat(s.player_id, s.name, s.bot) for s in seats],
    )
    store.add_table(data)
    result = Result(table_id, "lame-duck", time.time(), seats)
    store.commit_action(data, 0, 0, "play 1", "player", result)


def test_ratings_that_fail_at_the_end_are_applied_once_at_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'p.db'}")
    store.add_player("p1", "Ann", "secret")
    seats = [ResultSeat("p1", None, "Ann", 3, 1), ResultSeat(None, "random", "random bot", 9, 2)]

    def broken(*_: Any) -> None:
        raise RuntimeError("a bug in the ratings")

    monkeypatch.setattr(results, "rate", broken)
    finish(store, "t1", seats)  # the match still ends, with its result
    assert store.leaderboard("lame-duck", 10) == []
    assert [m["table_id"] for m in store.matches_of("p1", 10)] == ["t1"]
    monkeypatch.undo()

    assert store.rate_pending() == 1
    assert [(r["name"], r["matches"]) for r in store.leaderboard("lame-duck", 10)] == [
        ("Ann", 1),
        ("Random bot", 1),
    ]
    assert store.rate_pending() == 0  # rated once: a second start changes nothing
    finish(store, "t2", seats)  # rated with its last action
    assert store.rate_pending() == 0
    assert [r["matches"] for r in store.leaderboard("lame-duck", 10)] == [2, 2]
    store.close()


def test_matches_of_bots_alone_are_not_rated(tmp_path: Path) -> None:
    """A host may seat a bot in their own seat: such a match is history, not a rating (the
    leaderboard could be farmed with bots playing bots)."""
    store = Store(f"sqlite:///{tmp_path / 'p.db'}")
    bots = [
        ResultSeat(None, "search", "search bot", 3, 1),
        ResultSeat(None, "random", "random bot", 9, 2),
    ]
    finish(store, "t1", bots)
    assert store.leaderboard("lame-duck", 10) == []
    assert store.rate_pending() == 0  # nothing left to rate for it, at any start
    store.add_player("p1", "Ann", "secret")
    finish(store, "t2", [ResultSeat("p1", None, "Ann", 3, 1), bots[1]])
    assert [(r["name"], r["matches"]) for r in store.leaderboard("lame-duck", 10)] == [
        ("Ann", 1),
        ("Random bot", 1),
    ]
    store.close()


def test_a_database_error_while_rating_refuses_the_last_action_on_postgresql(
    postgres: str,
) -> None:
    """On PostgreSQL a failed statement aborts its transaction, and COMMIT then rolls it all
    back without a word: a failure to read the ratings must refuse the last action (the table
    then answers 503 and the match is as it was), never lose it while claiming it saved."""
    import psycopg
    from sqlalchemy import event
    from sqlalchemy.exc import OperationalError

    store = Store(postgres)
    event.listen(
        store.engine, "connect", lambda conn, _: conn.execute("SET lock_timeout = '300ms'")
    )
    store.engine.dispose()  # every connection from now on waits 300 ms for a lock at most
    store.add_player("p1", "Ann", "secret")
    seats = [ResultSeat("p1", None, "Ann", 3, 1), ResultSeat(None, "random", "random bot", 9, 2)]
    finish(store, "t1", seats)
    assert [r["matches"] for r in store.leaderboard("lame-duck", 10)] == [1, 1]

    url = postgres.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(url) as other:  # holds the ratings rows, as a long transaction would
        other.execute("SELECT * FROM ratings FOR UPDATE")
        with pytest.raises(OperationalError):
            finish(store, "t2", seats)
        other.rollback()
    # Nothing of that last action was kept: not the result, not the ratings.
    assert [m["table_id"] for m in store.matches_of("p1", 10)] == ["t1"]
    assert [r["matches"] for r in store.leaderboard("lame-duck", 10)] == [1, 1]
    assert store.load_table("t2").actions == []  # type: ignore[union-attr]
    store.close()
