"""A tutorial for each game (issue 28, point 5): the same coached first deal for everyone, in
the game's shortest form, against casual bots; at every decision the coach says what to play
and why, at once, and following it alone finishes the match."""

from __future__ import annotations

import asyncio

import pytest

from pondside.games import slugs
from serverproc import GuestClient, ServerProcess
from tablesock import Sock, run


@pytest.mark.parametrize("game", slugs())
def test_following_the_coach_alone_finishes_the_tutorial(
    shared_server: ServerProcess, game: str
) -> None:
    ann = GuestClient(shared_server, "Ann")
    listed = {t["game"]: t for t in ann.http.get("/api/tutorials").json()["tutorials"]}
    assert set(listed) == set(slugs())
    r = ann.http.post(f"/api/tutorials/{game}")
    assert r.status_code == 201, r.text
    table = r.json()
    assert table["tutorial"] is True and table["status"] == "playing"
    assert table["listed"] is False and table["seats"][0]["name"] == "Ann"
    assert table["options"] == listed[game]["options"]

    async def follow() -> int:
        sock = await Sock.open(shared_server, table["id"], ann)
        prompts = 0
        loop, paced = asyncio.get_running_loop(), 0.0
        frame = await sock.sync()
        while not frame["view"]["over"]:
            if not frame["legal"] or sock.cursor < len(sock.messages):
                frame = await sock.next(lambda m: m.get("type") == "state", timeout=20)
                continue
            # A person's pace: the socket's rate limit (20 messages a second) is for people, so
            # a prompt (a hint and an action) comes 0.1 s after the last one at the soonest; the
            # time the server took to answer counts towards it, not on top of it.
            await asyncio.sleep(max(0.0, paced - loop.time()))
            paced = loop.time() + 0.1
            await sock.send({"op": "hint"})
            coach = await sock.next(lambda m: m.get("type") in ("hint", "error"), timeout=10)
            if coach["seq"] > frame["seq"]:
                # The frame was not the latest (the bots' frames of a step were still coming):
                # the coach spoke of a later position. The newest frame decides again.
                frame = sock.last_state()
                if frame["seq"] < coach["seq"]:
                    frame = await sock.next(
                        lambda m, seq=coach["seq"]: m.get("type") == "state" and m["seq"] >= seq,
                        timeout=20,
                    )
                continue
            assert coach["type"] == "hint", coach
            assert coach["coach"] is True and coach["label"] and coach["action"] in frame["legal"]
            prompts += 1
            frame = await sock.act(coach["action"], timeout=20)
            assert frame["type"] == "state", frame
        await sock.close()
        return prompts

    assert run(follow(), timeout=240) > 0

    # The same first deal for everyone: two new tutorials deal Ann the same first hand.
    async def first_hand(table_id: str) -> object:
        sock = await Sock.open(shared_server, table_id, ann)
        hand = (await sock.sync())["view"].get("hand")
        await sock.close()
        return hand

    one, two = (ann.http.post(f"/api/tutorials/{game}").json()["id"] for _ in range(2))
    assert run(first_hand(one)) == run(first_hand(two))
