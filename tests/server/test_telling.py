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
from pondside.server.replays import frames
from pondside.server.telling import shown_names, tell
from pondside.tui import get_ui
from serverproc import GuestClient, ServerProcess
from tablesock import Sock, play_randomly, run, table_with

GOLDEN = Path(__file__).parents[1] / "golden"
RECORDS = sorted(GOLDEN.glob("*.json"))


def terminal_lines(record: dict[str, Any], names: list[str], me: int | None) -> list[list[str]]:
    """What the terminal prints for each action of ``record``, told to ``me``: its table's
    narrator, fed as ``pondside replay`` feeds it (the deal drawn first, then each step)."""
    game = get_game(record["game"])
    match: Match[Any] = Match.start_of(game, record)
    ui = get_ui(game, names, me=me)
    ui._before = match.view(me)  # what drawing the deal leaves it
    steps = []
    for seat, action in record["actions"]:
        events = match.apply(seat, action)
        steps.append(ui.narrate(events, match.view(me)))
    return steps


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
    assert tell(game, [], None, None, 0, ["A", "B", "C", "D"]) == {"narration": [], "labels": empty}
    told = tell(game, [], None, match.view(0), 0, ["A", "B", "C", "D"])
    assert told["narration"] == []
    assert told["labels"] == game.labels(match.view(0), ["A", "B", "C", "D"])
    assert told["labels"]["actions"], "seat 0 has a card to choose at the deal"
    assert tell(game, [], None, match.view(None), None, ["A"] * 4)["labels"] == empty


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
