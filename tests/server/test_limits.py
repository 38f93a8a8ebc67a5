"""Bounds a hostile or careless client meets: ids that are no table, endless matches, a flood
of tables, messages measured in bytes, sockets and messages per client address."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from pondside.server.app import Traffic, create_app
from pondside.server.settings import Settings
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


# --- per client address: sockets and their messages together -------------------------------
# Over loopback (the real server above) an address is not counted (pondside loadtest opens
# thousands of sockets from it): these drive the application in this process, as clients of
# other addresses, with the limits made small.
@contextlib.contextmanager
def app_at(tmp_path: Path, **limits: Any) -> Iterator[Callable[[str], TestClient]]:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'p.db'}", bot_delay=0, **limits)
    app = create_app(settings)
    with TestClient(app):  # runs the application's lifespan (its hub) around the test
        yield lambda address: TestClient(app, client=(address, 40000))


def open_table(client: TestClient) -> str:
    assert client.post("/api/guest", json={"name": "Ann"}).status_code == 200
    r = client.post("/api/tables", json={"players": 2, "profile": "none"})
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def test_an_address_holds_so_many_sockets(tmp_path: Path) -> None:
    with app_at(tmp_path, sockets_per_address=3) as client_at:
        here, there = client_at("198.51.100.7"), client_at("203.0.113.5")
        table = open_table(here)
        with contextlib.ExitStack() as held:
            for _ in range(3):
                ws = held.enter_context(here.websocket_connect(f"/ws/tables/{table}"))
                assert ws.receive_json()["reason"] == "welcome"
            # The fourth from the same address is told why, and closed.
            with here.websocket_connect(f"/ws/tables/{table}") as ws:
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 4429
                assert closed.value.reason == "too many connections from your address"
            # Another address is not concerned.
            with there.websocket_connect(f"/ws/tables/{table}") as ws:
                assert ws.receive_json()["reason"] == "welcome"
        # Once they are closed, the address may connect again.
        with here.websocket_connect(f"/ws/tables/{table}") as ws:
            assert ws.receive_json()["reason"] == "welcome"


def test_the_sockets_of_an_address_share_one_message_budget(tmp_path: Path) -> None:
    # Each socket alone may send 40 at once; the address, 10 in all.
    limits = {"address_message_burst": 10, "address_messages_per_second": 0.001}
    with app_at(tmp_path, **limits) as client_at:
        here, there = client_at("198.51.100.7"), client_at("203.0.113.5")
        table = open_table(here)
        with (
            here.websocket_connect(f"/ws/tables/{table}") as a,
            here.websocket_connect(f"/ws/tables/{table}") as b,
            there.websocket_connect(f"/ws/tables/{table}") as c,
        ):
            for ws in (a, b, c):
                assert ws.receive_json()["reason"] == "welcome"
            answers = []
            for i in range(12):  # alternately: more sockets buy no more messages
                ws = (a, b)[i % 2]
                ws.send_json({"op": "ping"})
                answers.append(next_answer(ws))
            assert [m["type"] for m in answers] == ["pong"] * 10 + ["error"] * 2
            assert answers[-1]["message"] == "too many messages from your address: wait a moment"
            # Another address has its own budget.
            c.send_json({"op": "ping"})
            assert next_answer(c)["type"] == "pong"


def next_answer(ws: Any) -> dict[str, Any]:
    """The next message that answers (not a presence frame telling who came)."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message.get("reason") != "presence":
            return message


def test_loopback_is_not_counted_per_address() -> None:
    assert not Traffic.counted("127.0.0.1") and not Traffic.counted("::1")
    assert Traffic.counted("192.0.2.1") and Traffic.counted("2001:db8::/64")
    assert Traffic.counted("unknown")  # no address known: counted together
