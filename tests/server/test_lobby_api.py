"""The lobby's HTTP API against a real server process."""

from __future__ import annotations

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
