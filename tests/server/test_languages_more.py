"""The server's remaining sentences in the asker's language (issue 28, point 7): an upload's
refusals (the engine's own among them), an unknown replay, a deal of the day played twice,
tutorials' and puzzles' refusals; and a replay's analysis, worked out once and read in each
asker's language."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx

from pondside import i18n
from pondside.analysis import choices, decision_labels
from pondside.games import get_game
from replaykit import play_match
from serverproc import GuestClient, ServerProcess
from tablesock import Sock, play_randomly, run

GERMAN = {"X-Pondside-Lang": "de"}


def detail(r: httpx.Response, status: int) -> str:
    assert r.status_code == status, r.text
    said = r.json()["detail"]
    assert isinstance(said, str)
    return said


def test_an_uploads_refusals_come_in_german(shared_server: ServerProcess) -> None:
    ann = GuestClient(shared_server, "Ann")

    def upload(body: str, headers: dict[str, str] | None = None) -> str:
        return detail(ann.http.post("/api/records", content=body, headers=headers), 400)

    assert upload("{not json").startswith("this is not JSON (")
    said = upload("{not json", GERMAN)
    assert said.startswith("das ist kein JSON (") and "erwartet: ein Partieprotokoll" in said
    chess = json.dumps({"game": "chess", "players": 2, "actions": []})
    assert upload(chess, GERMAN).startswith("das Spiel des Protokolls ist 'chess'")
    # The engine's refusal, through the server, in German too.
    bad = {"game": "lame-duck", "players": 4, "options": {"rounds": "x"}, "seed": 1}
    assert upload(json.dumps(bad), GERMAN) == (
        "mit dem Protokoll lässt sich keine Partie beginnen: "
        """die Option 'rounds' ist eine ganze Zahl, nicht "x\""""
    )
    names = {"game": "ladders", "players": 2, "seed": 1, "actions": [], "names": ["A"]}
    assert upload(json.dumps(names), GERMAN) == (
        "die Namen des Protokolls sind eine Liste mit 2 Namen (oder null)"
    )


def test_an_unknown_replay_is_refused_in_german(shared_server: ServerProcess) -> None:
    with httpx.Client(base_url=shared_server.url, timeout=10, headers=GERMAN) as http:
        table = detail(http.get("/api/replays/nosuchtable1"), 404)
        assert table == "diesen Tisch gibt es nicht; prüfe den Link"
        for url in ("/api/replays/u.nosuchrecord", "/api/records/u.nosuchrecord"):
            assert detail(http.get(url), 404) == "dieses Protokoll gibt es nicht; prüfe den Link"
        said = detail(http.get("/api/replays/nosuchtable1/analysis"), 400)
        assert said.startswith("nenne den Platz, der analysiert werden soll")
        games = detail(http.get("/api/leaderboard/chess"), 404)
        assert games.startswith("hier wird kein Spiel 'chess' gespielt")


def test_a_deal_of_the_day_played_twice_is_refused_in_german(shared_server: ServerProcess) -> None:
    ann = GuestClient(shared_server, "Ann")
    table = ann.http.post("/api/daily/lame-duck").json()["id"]

    async def play() -> None:
        sock = await Sock.open(shared_server, table, ann)
        await play_randomly(sock, random.Random(3))
        await sock.close()

    run(play())
    again = detail(ann.http.post("/api/daily/lame-duck", headers=GERMAN), 409)
    assert again.startswith("du hast das heutige Spiel des Tages von ")
    assert again.endswith("; morgen gibt es ein neues")
    english = detail(ann.http.post("/api/daily/lame-duck"), 409)
    assert english.startswith("you have played today's deal of Lame Duck")
    # A game not here: the deal of the day, the tutorial, the puzzle of the day.
    for url, german in (
        ("/api/daily/chess", "es gibt kein Spiel des Tages von 'chess'"),
        ("/api/tutorials/chess", "es gibt kein Tutorial von 'chess'"),
    ):
        assert detail(ann.http.post(url, headers=GERMAN), 404).startswith(german)
    puzzle = detail(ann.http.get("/api/puzzles/daily/chess", headers=GERMAN), 404)
    assert puzzle == "hier gibt es kein Spiel 'chess'"


def test_an_analysis_is_made_once_and_read_in_each_askers_language(
    shared_server: ServerProcess,
) -> None:
    ann = GuestClient(shared_server, "Ann")
    played = play_match(shared_server, ann, "lame-duck", seed=5)

    def analysis(locale: str) -> dict[str, Any]:
        r = ann.http.get(
            f"/api/replays/{played.table}/analysis",
            params={"seat": 1},
            headers={"X-Pondside-Lang": locale},
            timeout=120,
        )
        assert r.status_code == 200, r.text
        found = r.json()
        assert isinstance(found, dict)
        return found

    answers = {locale: analysis(locale) for locale in ("en", "de", i18n.PSEUDO)}
    english = answers["en"]
    assert english["decisions"] and "labels" not in english
    # The same numbers in every language, from one search: made once, its time the same.
    words = ("played_label", "best_label")
    for found in answers.values():
        assert found["seconds"] == english["seconds"]
        assert {k: v for k, v in found.items() if k != "decisions"} == {
            k: v for k, v in english.items() if k != "decisions"
        }
        assert [{k: v for k, v in d.items() if k not in words} for d in found["decisions"]] == [
            {k: v for k, v in d.items() if k not in words} for d in english["decisions"]
        ]
    # Each language's labels, as the game says them in it.
    game = get_game("lame-duck")
    # The record as the server analyses a table's (what was played, no names).
    record = {k: played.record[k] for k in ("game", "players", "options", "seed", "actions")}
    assert len(choices(game, record, [1])) == len(english["decisions"])
    expected = decision_labels(game, record, english["decisions"], list(answers))
    for locale, found in answers.items():
        assert [[d[k] for k in words] for d in found["decisions"]] == expected[locale], locale
