"""The three departures from docs/server.md an adversarial client found (issue 27), each held to
the docs: messages are validated strictly (a legal action inside a wrong-typed message, or in a
binary frame, is refused, not applied); no path answers a redirect built from the Host header;
every error is JSON in ASCII."""

from __future__ import annotations

import httpx

from serverproc import GuestClient, ServerProcess
from tablesock import Sock, run, table_with


def test_a_legal_action_in_a_wrong_typed_or_binary_message_is_refused_not_applied(
    shared_server: ServerProcess,
) -> None:
    ann, bob = GuestClient(shared_server, "Ann"), GuestClient(shared_server, "Bob")
    table = table_with(shared_server, ann, [ann, bob], game="lame-duck", options={"rounds": 1})

    async def main() -> None:
        sock = await Sock.open(shared_server, table, ann)
        frame = await sock.sync()
        action, seq = frame["legal"][0], frame["seq"]
        for wrong in (
            {"op": "act", "action": action, "seq": "9"},
            {"op": "act", "action": action, "seq": True},
            {"op": "act", "action": action, "seq": 1.0},
            {"op": "act", "action": [action]},
        ):
            await sock.skip_to_end()
            await sock.send(wrong)
            answer = await sock.next()
            assert answer["type"] == "error", (wrong, answer)
            assert "not understood" in answer["message"]
        await sock.skip_to_end()
        await sock.send(f'{{"op": "act", "action": "{action}"}}'.encode())  # binary frame
        answer = await sock.next()
        assert answer["type"] == "error" and "as text" in answer["message"], answer
        # Nothing was applied: the table is where it was, and the action is still to take.
        now = await sock.sync()
        assert now["seq"] == seq and action in now["legal"]
        assert (await sock.act(action))["type"] == "state"
        await sock.close()

    run(main(), timeout=60)


def test_no_redirect_is_built_from_the_host_header(shared_server: ServerProcess) -> None:
    with httpx.Client(base_url=shared_server.url, timeout=10) as http:
        for path in ("/api/tables/%2F", "/api/records/%2F", "/api/tables/", "/api/games/"):
            r = http.get(path, headers={"Host": "evil.example"})
            assert r.status_code == 404, (path, r.status_code, r.headers.get("location"))
            assert "location" not in r.headers
            assert r.headers["content-type"] == "application/json"
            assert r.json()["detail"]


def test_errors_are_json_in_ascii_even_when_the_address_is_not(
    shared_server: ServerProcess,
) -> None:
    with httpx.Client(base_url=shared_server.url, timeout=10) as http:
        for path in ("/api/rules/canard-boiteux-é", "/api/leaderboard/カモ", "/api/nowhere/ü"):
            r = http.get(path)
            assert r.status_code == 404, path
            assert r.content.isascii(), (path, r.content)
            assert r.headers["content-type"] == "application/json"
            assert r.json()["detail"]
        # The person still reads what they asked for, escaped, not dropped.
        assert "canard-boiteux-é" in http.get("/api/rules/canard-boiteux-é").json()["detail"]
