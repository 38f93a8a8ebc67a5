"""Playing over real WebSockets: a full match against bots, two people choosing at once,
illegal actions refused with their ruling and without any change."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from pondside.engine import Match
from pondside.games.lame_duck import GAME
from serverproc import GuestClient, ServerProcess
from tablesock import Message, Sock, play_randomly, run, table_with


def replay(record: dict[str, Any]) -> Match[Any]:
    match = Match(GAME, record["players"], record["options"], seed=record["seed"])
    for seat, action in record["actions"]:
        match.apply(seat, action)
    return match


def as_json(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


def test_a_full_match_of_one_person_and_three_bots_of_every_level(
    shared_server: ServerProcess,
) -> None:
    ann = GuestClient(shared_server, "Ann")
    table = table_with(shared_server, ann, [ann, "heuristic", "random", "search"])

    async def main() -> Sock:
        sock = await Sock.open(shared_server, table, ann)
        await play_randomly(sock, random.Random(1), timeout=60)
        return sock

    sock = run(main(), timeout=90)
    frames = sock.states()
    last = frames[-1]
    assert last["view"]["over"] and last["table"]["status"] == "over"
    # Every action reached this seat, in order, with no sequence number skipped.
    action_seqs = [f["seq"] for f in frames if f["reason"] == "action"]
    assert action_seqs == list(range(action_seqs[0], action_seqs[-1] + 1))
    record = ann.http.get(f"/api/tables/{table}/record").json()
    assert record["names"] == ["Ann", "heuristic bot", "random bot", "search bot"]
    # The start took one sequence number, each action one more.
    start_seq = last["seq"] - len(record["actions"])
    assert action_seqs[-1] == last["seq"] and action_seqs[0] > start_seq
    # Each bot played its own seat, a whole round of ten cards.
    plays = [seat for seat, action in record["actions"] if action.startswith("play")]
    assert sorted(plays) == sorted([0, 1, 2, 3] * 10)
    match = replay(record)
    assert match.is_over()
    assert as_json(match.view(0)) == last["view"]
    assert last["view"]["totals"] == list(match.outcome().scores)  # type: ignore[union-attr]


def _turn_frames(sock: Sock) -> list[Message]:
    return [f for f in sock.states() if f["reason"] == "action"]


def test_two_people_choosing_at_the_same_moment_are_both_accepted(
    shared_server: ServerProcess,
) -> None:
    ann, bob = GuestClient(shared_server, "Ann"), GuestClient(shared_server, "Bob")
    table = table_with(shared_server, ann, [ann, bob, "random", "heuristic"], seed=7)

    async def main() -> tuple[Sock, Sock, Sock]:
        a = await Sock.open(shared_server, table, ann)
        b = await Sock.open(shared_server, table, bob)
        watcher = await Sock.open(shared_server, table)
        for _turn in range(10):
            # Wait until the bots have chosen: the two people are the last to choose.
            for sock in (a, b):
                await sock.next(
                    lambda m: m.get("type") == "state" and m["view"]["to_act"] == [0, 1]
                )
            ours = [a.last_state(), b.last_state()]
            cards = [random.choice(f["legal"]) for f in ours]
            seq = max(f["seq"] for f in ours)
            await asyncio.gather(
                a.send({"op": "act", "action": cards[0]}), b.send({"op": "act", "action": cards[1]})
            )
            reveals = []
            for sock in (a, b, watcher):
                reveal = await sock.next(
                    lambda m: (
                        m.get("type") == "error"
                        or any(e["type"] == "reveal" for e in m.get("events", []))
                    )
                )
                assert reveal["type"] == "state", reveal
                assert reveal["seq"] == seq + 2  # one frame for the first choice, one for both
                reveals.append(reveal)
            cards_shown = next(e["cards"] for e in reveals[0]["events"] if e["type"] == "reveal")
            assert [0, int(cards[0].split()[1])] in cards_shown
            assert [1, int(cards[1].split()[1])] in cards_shown
            assert all(r["events"] == reveals[0]["events"] for r in reveals)
            if reveals[0]["view"]["awaiting_take"] is not None:
                taker = reveals[0]["view"]["awaiting_take"]
                if taker in (0, 1):
                    answer = await (a, b)[taker].act("take 0")
                    assert answer["type"] == "state", answer
        for sock in (a, b, watcher):
            await sock.until_over()
        return a, b, watcher

    a, b, watcher = run(main(), timeout=60)
    for sock in (a, b, watcher):
        assert not [m for m in sock.messages if m.get("type") == "error"]
        # The reveal happened once a turn, in one frame.
        reveal_frames = [
            f for f in _turn_frames(sock) if any(e["type"] == "reveal" for e in f["events"])
        ]
        assert len(reveal_frames) == 10
    record = ann.http.get(f"/api/tables/{table}/record").json()
    assert sum(1 for s, act in record["actions"] if s in (0, 1) and act.startswith("play")) == 20


def _hands(table: dict[str, Any], seed: int) -> Match[Any]:
    return Match(GAME, table["players"], table["options"], seed=seed)


def test_illegal_actions_are_refused_with_their_ruling_and_change_nothing(
    shared_server: ServerProcess,
) -> None:
    ann, bob = GuestClient(shared_server, "Ann"), GuestClient(shared_server, "Bob")
    seed = 11
    table = table_with(shared_server, ann, [ann, bob], seed=seed)
    info = ann.http.get(f"/api/tables/{table}").json()
    dealt = _hands(info, seed)
    bobs_card = dealt.state.hands[1][0]
    column_card = dealt.state.columns[0][0]

    async def main() -> None:
        a = await Sock.open(shared_server, table, ann)
        b = await Sock.open(shared_server, table, bob)
        before = await a.sync()

        async def refused(action: str, rule: str | None) -> None:
            answer = await a.act(action)
            assert answer["type"] == "error", answer
            assert answer["rule"] == rule, answer
            assert answer["seq"] == before["seq"]
            now = await a.sync()
            assert now["seq"] == before["seq"]
            assert now["view"] == before["view"] and now["legal"] == before["legal"]

        await refused(f"play {bobs_card}", "LD-5")  # a card in another hand
        await refused(f"play {column_card}", "LD-5")  # a card on the table
        await refused("play 105", None)  # no such card
        await refused("take 2", "LD-8")  # nobody's card is too low
        await refused("pass", None)
        # Bob saw nothing of it: only his welcome and who is here (told together, a moment on).
        assert {m["reason"] for m in b.states()} <= {"welcome", "presence"}
        assert all(m["seq"] == before["seq"] for m in b.states())
        # The table still plays: Ann's card is accepted, and then it is final.
        card = before["legal"][0]
        answer = await a.act(card)
        assert answer["type"] == "state" and answer["seq"] == before["seq"] + 1
        assert answer["view"]["my_choice"] == int(card.split()[1])
        second = await a.act(before["legal"][1])
        assert second["type"] == "error" and second["rule"] == "LD-5"
        frame = await b.next(lambda m: m.get("reason") == "action")
        assert frame["events"] == [{"type": "chose", "seat": 0}]
        assert frame["view"]["chosen"] == [True, False]

    run(main())
