"""A finished table leaves the server's memory once nobody watches it, whichever request read
it back from the database (a record, the next match): the 30-minute soak of issue 15 found every
finished table kept by "Play again" (19 kB a match)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx

from pondside.server.app import create_app
from pondside.server.settings import Settings


def test_a_finished_table_read_back_by_a_request_leaves_memory_again(tmp_path: Path) -> None:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'm.db'}", bot_delay=0))

    async def go() -> None:
        async with app.router.lifespan_context(app):
            hub = app.state.hub
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as http:
                await http.post("/api/guest", json={"name": "Ann"})
                body = {"players": 2, "options": {"rounds": 1}, "profile": "none"}
                table = (await http.post("/api/tables", json=body)).json()["id"]
                for seat in (0, 1):  # two bots play it out alone
                    r = await http.post(
                        f"/api/tables/{table}/seats/{seat}", json={"do": "bot", "level": "random"}
                    )
                    assert r.status_code == 200, r.text
                assert (await http.post(f"/api/tables/{table}/start")).status_code == 200
                for _ in range(200):
                    if hub.tables[table].data.status == "over":
                        break
                    await asyncio.sleep(0.05)
                hub.forget_if_idle(hub.tables[table])  # as the last socket's end does
                assert table not in hub.tables
                assert (await http.get(f"/api/tables/{table}/record")).status_code == 200
                assert table not in hub.tables  # read back for the record, then let go
                again = await http.post(f"/api/tables/{table}/again")
                assert again.status_code == 403  # Ann did not play it; a refusal lets go too
                assert table not in hub.tables
                assert (await http.get(f"/api/tables/{table}")).status_code == 200
                assert table not in hub.tables

    asyncio.run(go())
