"""Bounds a hostile or careless client meets: ids that are no table, endless matches, a flood
of tables, messages measured in bytes."""

from __future__ import annotations

import asyncio

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from serverproc import GuestClient, ServerProcess
from tablesock import Sock, run, table_with


@pytest.mark.parametrize("table_id", ["a%00b", "no-such-table", "x" * 33, "%2e%2e"])
def test_an_id_that_is_no_table_is_404_over_http(
    shared_server: ServerProcess, table_id: str
) -> None:
    ann = GuestClient(shared_server, "Ann")
    for path in (f"/api/tables/{table_id}", f"/api/tables/{table_id}/record"):
        r = ann.http.get(path)
        assert r.status_code == 404, (path, r.text)
        assert r.json()["detail"] == "there is no such table; check the link"


@pytest.mark.parametrize("table_id", ["a%00b", "no-such-table", "x" * 40])
def test_a_socket_to_no_table_hears_why_4404(shared_server: ServerProcess, table_id: str) -> None:
    async def main() -> int | None:
        async with connect(f"{shared_server.ws_url}/ws/tables/{table_id}") as ws:
            with pytest.raises(ConnectionClosed) as closed:
                await asyncio.wait_for(ws.recv(), 5)
            return closed.value.rcvd.code if closed.value.rcvd else None

    assert run(main()) == 4404  # the page stops reconnecting on it


@pytest.mark.parametrize(
    ("options", "told"),
    [({"rounds": 101}, "rounds up to 100"), ({"target": 10**12}, "target up to 1000")],
)
def test_an_endless_match_is_refused(shared_server: ServerProcess, options, told) -> None:
    ann = GuestClient(shared_server, "Ann")
    r = ann.http.post("/api/tables", json={"players": 4, "options": options})
    assert r.status_code == 400 and told in r.json()["detail"]


def test_a_guest_may_keep_five_tables_waiting(shared_server: ServerProcess) -> None:
    ann = GuestClient(shared_server, "Ann")
    tables = [ann.create(2)["id"] for _ in range(5)]
    r = ann.http.post("/api/tables", json={"players": 2})
    assert r.status_code == 429 and "5 tables waiting to start" in r.json()["detail"]
    # Once one is started, another may be opened.
    assert ann.seat(tables[0], 1, "bot", "random").status_code == 200
    assert ann.start(tables[0]).status_code == 200
    assert ann.http.post("/api/tables", json={"players": 2}).status_code == 201


def test_a_message_is_measured_in_bytes(shared_server: ServerProcess) -> None:
    ann = GuestClient(shared_server, "Ann")
    table = table_with(shared_server, ann, [ann, "random"], start=False)

    async def main() -> None:
        sock = await Sock.open(shared_server, table, ann)
        await sock.next()
        # 2,100 characters, but 4,200 bytes of UTF-8: over the 4,096-byte bound.
        await sock.send('{"op": "ping", "pad": "' + "é" * 2100 + '"}')
        error = await sock.next(lambda m: m["type"] == "error")
        assert "at most 4096 bytes" in error["message"]
        assert (await sock.ping())["type"] == "pong"

    run(main())
