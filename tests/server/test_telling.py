"""What a frame tells its receiver (issue 26): the narration a frame carries for a step is the
terminal's lines for the same step of the same record, for a seat and a spectator, and the
labels are the game's for the receiver's seat, the seats called as the table shows them."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from pondside.engine import Match
from pondside.games import get_game
from pondside.server import frames as frames_module
from pondside.server.replays import frames
from pondside.server.telling import shown_names, tell
from replaykit import terminal_lines
from serverproc import GuestClient, ServerProcess
from tablesock import Sock, play_randomly, run, table_with

GOLDEN = Path(__file__).parents[1] / "golden"
RECORDS = sorted(GOLDEN.glob("*.json"))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
@pytest.mark.parametrize("me", [0, None], ids=["seat", "spectator"])
def test_a_replay_frame_narrates_its_step_as_the_terminal_does(path: Path, me: int | None) -> None:
    record = json.loads(path.read_text())["record"]
    players = record["players"]
    # A person's name, a bot's (the page calls it "Bot N"), nobody's ("Seat N").
    names: list[str | None] = ["Ann", *[None] * (players - 1)]
    bots: list[str | None] = [None, "heuristic", *[None] * (players - 2)]
    built = frames(record, me, "upload-x", names, bots)
    shown = shown_names(built["frames"][0]["table"])
    assert shown[:3] == ["Ann", "Bot 2", "Seat 3"]
    told = [f["narration"] for f in built["frames"]]
    assert told[0] == []  # the deal: no step to tell
    assert told[1:] == terminal_lines(record, shown, me)
    assert any(told), "a golden record has something to tell"
    # A replay offers nothing: no legal actions, no labels.
    assert all(f["labels"] == {"actions": [], "unplayable": []} for f in built["frames"])


def test_a_frame_with_no_view_or_no_events_tells_nothing() -> None:
    game = get_game("lame-duck")
    match: Match[Any] = Match(game, 4, seed=3)
    empty = {"actions": [], "unplayable": []}
    nothing = {"narration": [], "narration_events": [], "labels": empty}
    nothing |= {"card_words": {}, "standing": [], "standings": [], "captions": {}}
    assert tell(game, [], None, None, 0, ["A", "B", "C", "D"]) == nothing
    told = tell(game, [], None, match.view(0), 0, ["A", "B", "C", "D"])
    assert told["narration"] == []
    assert told["labels"] == game.labels(match.view(0), ["A", "B", "C", "D"])
    assert told["labels"]["actions"], "seat 0 has a card to choose at the deal"
    assert tell(game, [], None, match.view(None), None, ["A"] * 4)["labels"] == empty


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_labels_read_from_the_matchs_own_state_are_those_of_the_view(path: Path) -> None:
    """A live table labels a seat's actions from the match's own state (no determinizing, for
    speed): at every step of every golden record, for every seat to act, the labels are those
    of the seat's view alone, unplayable cards' reasons included."""
    record = json.loads(path.read_text())["record"]
    game = get_game(record["game"])
    match = Match.start_of(game, record)
    names = [f"P{i + 1}" for i in range(match.players)]
    for seat_acting, action in record["actions"]:
        for seat in match.to_act():
            view = game.view(match.state, seat)
            alone = game.labels(view, names)
            assert game.labels(view, names, match.state) == alone
            # The legal actions handed in (a live frame lists them already): the same labels.
            assert game.labels(view, names, match.state, match.legal(seat)) == alone
        match.apply(seat_acting, action)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_each_line_names_the_event_it_tells(path: Path) -> None:
    """A page showing a step event by event tells each line with its event: the lines of the
    events up to one are the narration of those events alone (where the narrator does not
    tell several events in one line, as Down the Drain's draws together)."""
    record = json.loads(path.read_text())["record"]
    game = get_game(record["game"])
    match: Match[Any] = Match.start_of(game, record)
    names = [f"P{i + 1}" for i in range(record["players"])]
    for seat, action in record["actions"]:
        before = match.view(0)
        events = match.apply(seat, action)
        after = match.view(0)
        told = tell(game, events, before, after, 0, names)
        assert len(told["narration_events"]) == len(told["narration"])
        for k in range(len(events)):
            pairs = zip(told["narration"], told["narration_events"], strict=True)
            upto = [line for line, i in pairs if i <= k]
            alone = game.narrate(before, events[: k + 1], after, 0, names)
            if alone == told["narration"][: len(alone)]:
                assert upto == alone, (record["game"], k)
            else:  # a line telling events k and k + 1 together waits for the last of them
                assert upto == alone[:-1], (record["game"], k)


def test_a_welcome_retells_the_last_step() -> None:
    """A page that connects or reloads is told the last step again, from the view alone."""
    game = get_game("lame-duck")
    match: Match[Any] = Match(game, 3, seed=5)
    for seat in range(3):
        match.apply(seat, match.legal(seat)[0])
    view = match.view(1)
    common = frames_module.shared(
        "welcome", 9, None, {"seats": [{"name": "Ann"}] * 3}, [], {}, None
    )
    frame = frames_module.for_receiver(common, game, 1, False, view, [])
    assert frame["narration"] == game.narrate(None, view["last_events"], view, 1, ["Ann"] * 3)
    assert frame["narration"], "the reveal and the placements are told again"


@pytest.mark.parametrize("slug", ["lame-duck", "down-the-drain"])
def test_a_live_tables_frames_narrate_and_label_as_the_terminal(
    shared_server: ServerProcess, slug: str
) -> None:
    """Through the hub: every action frame a seated person gets carries the terminal's lines
    for that step (with the view before it) and the game's labels of the view it shows."""
    ann = GuestClient(shared_server, "Ann")
    options = {"rounds": 1} if slug == "lame-duck" else {}
    table = table_with(shared_server, ann, [ann, "random", "random"], game=slug, options=options)

    async def main() -> Sock:
        sock = await Sock.open(shared_server, table, ann)
        await play_randomly(sock, random.Random(2), timeout=60)
        return sock

    sock = run(main(), timeout=90)
    states = [f for f in sock.states() if f["view"] is not None]
    game = get_game(slug)
    names = ["Ann", "Bot 2", "Bot 3"]
    assert shown_names(states[-1]["table"]) == names
    actions = [f for f in states if f["reason"] == "action"]
    assert actions and any(f["narration"] for f in actions)
    record = ann.http.get(f"/api/tables/{table}/record").json()
    said = terminal_lines(record, names, 0)
    start = states[-1]["seq"] - len(said)  # the start took one sequence number, each action one
    for frame in actions:
        assert frame["narration"] == said[frame["seq"] - start - 1]
    for frame in states:
        labels = frame["labels"]
        assert labels == json.loads(json.dumps(game.labels(frame["view"], names)))
        assert sorted(a["action"] for a in labels["actions"]) == sorted(frame["legal"])


def test_a_page_asks_whether_an_action_is_allowed_and_hears_the_engines_words(
    shared_server: ServerProcess,
) -> None:
    """``{"op": "why"}``: the rule an action breaks, in the engine's own sentence, or the
    label of a legal one, answered to the asking client alone; nonsense is judged, not fatal."""
    ann = GuestClient(shared_server, "Ann")
    table = table_with(
        shared_server, ann, [ann, "random", "random"], game="lame-duck", options={"rounds": 1}
    )

    async def main() -> list[dict[str, Any]]:
        sock = await Sock.open(shared_server, table, ann)
        frame = await sock.next(lambda m: m.get("type") == "state" and bool(m.get("legal")))
        answers = []
        for action in (frame["legal"][0], "play 105", "take 9", "x" * 64, "play"):
            await sock.send({"op": "why", "action": action})
            answers.append(await sock.next(lambda m: m.get("type") in ("why", "error")))
        await sock.send({"op": "why", "action": "x" * 65})  # too long: not understood
        answers.append(await sock.next(lambda m: m.get("type") in ("why", "error")))
        await sock.close()
        return answers

    legal, beyond, take, junk, bare, long = run(main(), timeout=60)
    assert legal["type"] == "why" and legal["reason"] is None
    assert legal["label"]["label"].startswith("play ")
    assert beyond["label"] is None and "105" in beyond["reason"]
    assert "is not a Lame Duck action" in beyond["reason"]
    for answer in (take, junk, bare):
        assert answer["type"] == "why" and answer["reason"], answer
    assert long["type"] == "error" and "not understood" in long["message"]
