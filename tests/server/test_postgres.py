"""The server on PostgreSQL (``--database postgresql://...``): a match played, the server
killed mid-match and started again on the same database, nothing acknowledged lost.

Needs a PostgreSQL server: ``PONDSIDE_TEST_POSTGRES`` is a URL of a role that may create
databases (``.ci/run`` starts one). Without it the tests skip, but with ``CI`` set they fail.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from pondside.engine import Match
from pondside.games.lame_duck import GAME
from serverproc import GuestClient, ServerProcess


async def play_turns(server: ServerProcess, guest: GuestClient, table: str, turns: int) -> int:
    """Play ``turns`` decisions of seat 0 (its lowest legal action); the last seq acknowledged."""
    import websockets

    url = f"{server.ws_url}/ws/tables/{table}"
    acked, done = 0, 0
    last: list[str] | None = None
    async with websockets.connect(url, additional_headers=guest.socket_headers()) as ws:
        while done < turns:
            frame: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 30))
            assert frame["type"] == "state", frame
            acked = frame["seq"]
            if frame["view"]["over"]:
                return int(acked)
            legal = frame["legal"]
            if legal and legal != last:
                last = legal
                await ws.send(json.dumps({"op": "act", "action": legal[0]}))
                done += 1
        # Wait for the frame that acknowledges the last action: seat 0's decision changed.
        while True:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
            acked = frame["seq"]
            if frame["legal"] != last or frame["view"]["over"]:
                return int(acked)


def test_a_match_on_postgresql_survives_a_kill(postgres: str, tmp_path: Path) -> None:
    server = ServerProcess(postgres, log=tmp_path / "server.log").start()
    try:
        ann = GuestClient(server, "Ann")
        table = ann.create(4, options={"rounds": 1}, profile="none", seed=7)["id"]
        for seat, level in ((1, "heuristic"), (2, "random"), (3, "heuristic")):
            assert ann.seat(table, seat, "bot", level).status_code == 200
        assert ann.start(table).status_code == 200
        acked = asyncio.run(play_turns(server, ann, table, 4))

        server.restart()
        ann.rebase()
        summary = ann.http.get(f"/api/tables/{table}").json()
        assert summary["status"] == "playing"
        assert summary["seq"] >= acked  # nothing acknowledged was lost

        asyncio.run(play_turns(server, ann, table, 20))
        record = ann.http.get(f"/api/tables/{table}/record").json()
        replayed = Match.from_record(GAME, record)
        assert replayed.is_over()
        assert sum(1 for s, a in record["actions"] if s == 0 and a.startswith("play")) == 10
    finally:
        server.stop()
