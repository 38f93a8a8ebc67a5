"""Two languages over the wire (issue 28, point 7): the server answers each request and each
socket in its person's language, chosen as ``docs/server.md`` ("Languages") says: the page's
own (``X-Pondside-Lang``, ``?lang=``), the switch's cookie, the browser's ``Accept-Language``."""

from __future__ import annotations

import httpx

from serverproc import GuestClient, ServerProcess
from tablesock import Sock, run, table_with


def test_a_page_comes_in_the_browsers_language_and_says_so(shared_server: ServerProcess) -> None:
    with httpx.Client(base_url=shared_server.url, timeout=10) as http:
        german = http.get("/", headers={"Accept-Language": "de-CH,de;q=0.9,en;q=0.5"})
        assert german.headers["content-language"] == "de"
        assert "Accept-Language" in german.headers["vary"]
        assert '<html lang="de">' in german.text and "Neuer Tisch" in german.text
        # The switch's cookie wins over the browser; the page's own ?lang= over both.
        http.cookies.set("pondside_lang", "en")
        english = http.get("/", headers={"Accept-Language": "de"})
        assert "New table" in english.text
        assert "Neuer Tisch" in http.get("/?lang=de").text
        # A language we do not have: English.
        http.cookies.clear()
        assert "New table" in http.get("/", headers={"Accept-Language": "fr, ja;q=0.5"}).text


def test_the_games_and_a_refusal_come_in_the_language_asked_for(
    shared_server: ServerProcess,
) -> None:
    with httpx.Client(base_url=shared_server.url, timeout=10) as http:
        games = http.get("/api/games", headers={"X-Pondside-Lang": "de"}).json()
        lame = next(g for g in games["games"] if g["slug"] == "lame-duck")
        assert "Enten" in lame["summary"] and lame["score_unit"] == ["Ente", "Enten"]
        rounds = next(o for o in lame["option_specs"] if o["name"] == "rounds")
        assert rounds["label"] == "Runden" and rounds["text"] == "so viele Runden spielen"
        assert [p["words"] for p in games["profiles"]][:3] == ["Schnell", "Normal", "Langsam"]
        # A refusal in German, with the rule's figure filled in.
        r = http.post("/api/guest", json={"name": "x" * 99}, headers={"X-Pondside-Lang": "de"})
        assert r.status_code == 400
        assert r.json()["detail"] == "ein Name hat 1 bis 32 Zeichen"
        english = http.post("/api/guest", json={"name": "x" * 99})
        assert english.json()["detail"] == "a name has 1 to 32 characters"


def test_a_socket_is_told_in_its_pages_language(shared_server: ServerProcess) -> None:
    ann = GuestClient(shared_server, "Ann")
    table = table_with(shared_server, ann, [ann, "heuristic", "heuristic", "heuristic"], seed=3)

    async def main() -> None:
        german = await Sock.open(shared_server, f"{table}?lang=de", ann)
        english = await Sock.open(shared_server, table, ann)
        for sock in (german, english):
            await sock.send({"op": "nonsense"})
        said = await german.next(lambda m: m.get("type") == "error")
        assert said["message"].startswith("Nachricht nicht verstanden"), said
        said = await english.next(lambda m: m.get("type") == "error")
        assert said["message"].startswith("message not understood"), said

    run(main(), timeout=30)


def test_the_frameworks_own_answers_come_in_the_language_asked_for(
    shared_server: ServerProcess,
) -> None:
    """FastAPI's 422 keeps its form (type, loc, msg) for programs; its msg names the field in
    the asker's language. Starlette's 404 for an address the server lacks is said again too."""
    de = {"X-Pondside-Lang": "de"}
    with httpx.Client(base_url=shared_server.url, timeout=10) as http:
        r = http.post("/api/guest", json={"name": "x" * 300}, headers=de)
        assert r.status_code == 422
        (error,) = r.json()["detail"]
        assert error["type"] == "string_too_long" and error["loc"] == ["body", "name"]
        assert error["msg"] == "name: höchstens 200 Zeichen"
        r = http.post("/api/guest", json={}, headers=de)
        assert [e["msg"] for e in r.json()["detail"]] == ["name: das fehlt, wird aber gebraucht"]
        english = http.post("/api/guest", json={})
        assert [e["msg"] for e in english.json()["detail"]] == ["name: this is required"]
        lost = http.get("/api/no-such-thing", headers=de)
        assert lost.status_code == 404
        assert lost.json()["detail"] == "diese Seite oder Adresse gibt es nicht; prüfe den Link"
        assert http.get("/api/no-such-thing").json()["detail"].startswith("there is no such page")
