"""A hint over the WebSocket (issue 17, point 4): for a person's own seat on their turn only,
worked out where the search bots think, answered to that client alone."""

from __future__ import annotations

import asyncio

from serverproc import GuestClient, ServerProcess
from tablesock import Sock, run, table_with


def test_a_seated_person_gets_a_hint_for_their_own_seat_on_their_turn(
    shared_server: ServerProcess,
) -> None:
    ann, bob = GuestClient(shared_server, "Ann"), GuestClient(shared_server, "Bob")
    table = table_with(shared_server, ann, [ann, bob, "heuristic", "heuristic"], seed=5)

    async def main() -> None:
        a = await Sock.open(shared_server, table, ann)
        b = await Sock.open(shared_server, table, bob)
        watcher = await Sock.open(shared_server, table)
        legal = (await a.next(lambda m: m.get("reason") == "welcome"))["legal"]
        await a.skip_to_end()
        await a.send({"op": "hint"})
        await a.send({"op": "hint"})  # a second while the first is worked out: one at a time
        answers = [
            await a.next(lambda m: m.get("type") in ("hint", "error"), timeout=60) for _ in range(2)
        ]
        refused = next(m for m in answers if m["type"] == "error")
        assert "one at a time" in refused["message"]
        hint = next(m for m in answers if m["type"] == "hint")
        assert hint["seat"] == 0 and hint["level"] == "heuristic" and hint["action"] in legal
        assert hint["samples"] >= 1
        places = {e["action"]: e["place"] for e in hint["estimates"]}
        assert hint["action"] in places and set(places) <= set(legal)
        # The suggestion never contradicts its own estimates: the best of them, or the rule of
        # thumb's (with its reason) and a note when another is rated about as well.
        # Listed best first: the actions judged on every game by place, then those the search
        # dropped early (judged on fewer, so a rougher place that may even read better).
        listed = hint["estimates"]
        assert all(1 <= e["samples"] <= hint["samples"] for e in listed)
        assert [e["samples"] for e in listed] == sorted(
            (e["samples"] for e in listed), reverse=True
        )
        full = [e["place"] for e in listed if e["samples"] == hint["samples"]]
        assert full == sorted(full)
        best = listed[0]["action"]
        if hint["why"] is None:
            assert hint["action"] == best and "clearly better" in hint["note"]
        else:
            assert isinstance(hint["why"], str)
            assert hint["action"] == best or "about as well" in hint["note"]
        assert all(1 <= p <= 4 for p in places.values())
        # Nobody else hears of it.
        await asyncio.sleep(0.2)
        assert not [m for m in b.messages + watcher.messages if m.get("type") == "hint"]
        # A spectator has no seat to hint at, and a client names nothing but the hint.
        await watcher.send({"op": "hint"})
        said = await watcher.next(lambda m: m.get("type") == "error")
        assert "only a seated player" in said["message"]
        await a.send({"op": "hint", "seat": 1})
        said = await a.next(lambda m: m.get("type") == "error")
        assert "message not understood" in said["message"]
        # Once Ann has chosen, it is not her turn until Bob has.
        answer = await a.act(legal[0])
        assert answer["type"] == "state", answer
        await a.send({"op": "hint"})
        said = await a.next(lambda m: m.get("type") in ("hint", "error"))
        assert said["type"] == "error" and "a hint is for your turn" in said["message"]

    run(main(), timeout=90)
