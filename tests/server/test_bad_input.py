"""Malformed, oversized and binary messages: each is answered with an error frame, the
connection stays open, and the table is unharmed."""

from __future__ import annotations

import asyncio

from serverproc import GuestClient, ServerProcess
from tablesock import Sock, run, table_with

DEEP = "[" * 2000 + "]" * 2000
BAD_TEXT = [
    "not json",
    "",
    " ",
    "null",
    "[]",
    "42",
    '"ping"',
    "{",
    '{"op": 5}',
    '{"op": "dance"}',
    '{"op": null}',
    '{"action": "play 1"}',
    '{"op": "act"}',
    '{"op": "act", "action": 37}',
    '{"op": "act", "action": ["play 1"]}',
    '{"op": "act", "action": {"play": 1}}',
    '{"op": "act", "action": "play 1", "seat": 1}',
    '{"op": "ping", "x": 1}',
    '{"op": "act", "action": "play 1", "seq": ' + "9" * 400 + "}",
    '{"op": "act", "action": "play 1", "seq": 1e999}',
    '{"op": "act", "action": "play 1", "seq": -1}',
    '{"op": "act", "action": "play 1", "seq": NaN}',
    '{"op": "act", "action": "play ' + "9" * 40 + '"}',
    '{"op": "act", "action": "play 1' + " " * 100 + '"}',
    '{"op": "act", "action": "\\ud800"}',
    '{"op": "act", "action": "play \\u0000"}',
    '{"op": "sync"}{"op": "sync"}',
    '{"op": "act", "action": ' + DEEP + "}",
    DEEP,
    '{"op": "act", "action": "' + "x" * 5000 + '"}',
    "x" * 100_000,
]
BAD_BYTES = [b"\x00\xff\xfe\xfd", b"\x80" * 10, b"{" * 5000, b"\x00" * 100_000]


def test_bad_messages_get_an_error_each_and_harm_nothing(shared_server: ServerProcess) -> None:
    ann, bob = GuestClient(shared_server, "Ann"), GuestClient(shared_server, "Bob")
    table = table_with(shared_server, ann, [ann, bob], seed=61)

    async def main() -> None:
        a = await Sock.open(shared_server, table, ann)
        b = await Sock.open(shared_server, table, bob)
        start, bob_start = await a.sync(), await b.sync()
        heard = len(b.messages)
        for message in [*BAD_TEXT, *BAD_BYTES]:
            await a.skip_to_end()
            await a.send(message)
            answer = await a.next()
            assert answer["type"] == "error", (message[:80], answer)
            assert answer["seq"] == start["seq"] and answer["message"], message[:80]
            assert "too many" not in answer["message"]  # each one was read, and refused
        assert (await a.ping())["seq"] == start["seq"]  # still open
        now = await a.sync()
        assert now["seq"] == start["seq"] and now["view"] == start["view"]
        assert now["legal"] == start["legal"]
        assert b.messages[heard:] == []  # Bob heard nothing of it
        assert (await b.sync())["view"] == bob_start["view"]
        # The match goes on.
        answer = await a.act(start["legal"][0])
        assert answer["type"] == "state" and answer["seq"] == start["seq"] + 1
        assert answer["view"]["chosen"] == [True, False]

    run(main())


def test_a_flood_is_slowed_down_not_served(shared_server: ServerProcess) -> None:
    ann = GuestClient(shared_server, "Ann")
    table = table_with(shared_server, ann, [ann, "random"])

    async def main() -> None:
        a = await Sock.open(shared_server, table, ann)
        start = await a.sync()
        await a.skip_to_end()
        for _ in range(200):
            await a.send({"op": "sync"})
        answers = [await a.next() for _ in range(200)]
        refused = [m for m in answers if m["type"] == "error"]
        assert refused and all("too many" in m["message"] for m in refused)
        # After a pause the socket is served again, and the table is as it was.
        await asyncio.sleep(1.0)
        assert (await a.ping())["seq"] == start["seq"]

    run(main())


def test_http_bodies_with_a_lone_surrogate_are_refused_not_failed(
    shared_server: ServerProcess,
) -> None:
    """JSON may escape a lone surrogate (\\ud800), which no UTF-8 text can hold: the answer
    that echoes the invalid input must still be a 4xx, not a server error."""
    ann = GuestClient(shared_server, "Ann")
    table = table_with(shared_server, ann, [ann, None], start=False)
    for path, body in [
        ("/api/guest", b'{"name": "\\ud800"}'),
        ("/api/tables", b'{"game": "\\udfff"}'),
        ("/api/tables", b'{"options": {"\\ud800": 1}}'),
        (f"/api/tables/{table}/seats/1", b'{"do": "bot", "level": "\\ud800x"}'),
        (f"/api/tables/{table}/seats/1", b'{"do": "\\ud800"}'),
    ]:
        r = ann.http.post(path, content=body, headers={"Content-Type": "application/json"})
        assert r.status_code in (400, 422), (path, body, r.status_code, r.text)
        assert r.json()["detail"]
    assert ann.http.get("/api/me").json() == {"name": "Ann"}


def test_a_frame_past_a_mebibyte_is_closed_with_1009(shared_server: ServerProcess) -> None:
    """Past 1 MiB a frame is not even read: the server closes the socket (1009, message too
    big, as docs/server.md says). The table is unharmed and the guest reconnects."""
    ann = GuestClient(shared_server, "Ann")
    table = table_with(shared_server, ann, [ann, "random"], start=False)

    async def main() -> None:
        a = await Sock.open(shared_server, table, ann)
        start = await a.sync()
        await a.send("z" * (1 << 21))
        await asyncio.wait_for(a._reader, 10)
        assert a.closed is not None and a.closed.rcvd is not None
        assert a.closed.rcvd.code == 1009
        again = await Sock.open(shared_server, table, ann)
        now = await again.sync()
        assert (now["seq"], now["view"], now["legal"]) == (
            start["seq"],
            start["view"],
            start["legal"],
        )
        await again.close()

    run(main())
