"""`pondside engine` over a real subprocess: every request of shared/protocol.md, bad lines,
illegal actions, and the engine keeps running with its match unchanged."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

DEAL = {
    "hands": [
        [3, 8, 12, 17, 21, 24, 60, 61, 62, 63],
        [2, 14, 26, 27, 28, 29, 31, 32, 34, 35],
        [56, 57, 58, 59, 64, 65, 66, 67, 68, 69],
        [33, 36, 37, 38, 39, 40, 41, 42, 43, 44],
    ],
    "columns": [5, 30, 50, 70],
}


class Engine:
    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "pondside.cli", "engine"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def send_line(self, line: str) -> dict[str, Any]:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        assert answer, "the engine answered"
        result: dict[str, Any] = json.loads(answer)
        return result

    def send(self, **req: Any) -> dict[str, Any]:
        return self.send_line(json.dumps(req))

    def close(self) -> int:
        """End of input: the engine exits; its exit status, with both pipes closed."""
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.close()
        try:
            return self.proc.wait(timeout=10)
        finally:
            self.proc.stdout.close()


@pytest.fixture
def engine() -> Iterator[Engine]:
    eng = Engine()
    yield eng
    assert eng.close() == 0


@pytest.fixture(scope="module")
def shared_engine() -> Iterator[Engine]:
    """One engine for the many refused lines (each starts a process of its own otherwise, a
    couple of seconds of imports): every case starts its own match or needs none, and that a
    refused line leaves the engine as it was is what they test."""
    eng = Engine()
    yield eng
    assert eng.close() == 0


def test_games_lists_every_game_with_option_defaults(engine: Engine) -> None:
    answer = engine.send(op="games")
    assert answer["ok"] is True
    lame = next(g for g in answer["games"] if g["slug"] == "lame-duck")
    assert lame == {
        "slug": "lame-duck",
        "name": "Lame Duck",
        "min_players": 2,
        "max_players": 10,
        "options": {"expert": False, "rounds": 1, "target": None},
    }


def test_a_whole_round_over_the_protocol(engine: Engine) -> None:
    answer = engine.send(op="new", game="lame-duck", players=4, seed=7, deal=DEAL)
    assert answer == {"ok": True, "to_act": [0, 1, 2, 3]}
    legal = engine.send(op="legal", seat=0)["actions"]
    assert legal == sorted(f"play {c}" for c in DEAL["hands"][0])  # sorted as strings
    assert engine.send(op="apply", seat=0, action="play 3") == {
        "ok": True,
        "to_act": [1, 2, 3],
        "events": [{"type": "chose", "seat": 0}],
    }
    assert engine.send(op="legal", seat=0) == {"ok": True, "actions": []}
    view = engine.send(op="view", seat=1)["view"]
    assert view["chosen"] == [True, False, False, False] and "my_choice" in view
    assert view["my_choice"] is None and view["hand"] == DEAL["hands"][1]  # seat 0's 3 is hidden
    spectator = engine.send(op="view", seat=None)["view"]
    assert "hand" not in spectator
    engine.send(op="apply", seat=1, action="play 2")
    engine.send(op="apply", seat=2, action="play 56")
    answer = engine.send(op="apply", seat=3, action="play 33")
    # LD-8: seat 1's 2 is too low, so seat 1 alone must choose a column.
    assert answer["to_act"] == [1]
    assert engine.send(op="legal", seat=1)["actions"] == ["take 0", "take 1", "take 2", "take 3"]
    answer = engine.send(op="apply", seat=1, action="take 3")
    kinds = [e["type"] for e in answer["events"]]
    assert kinds[0] == "take" and answer["to_act"] == [0, 1, 2, 3]
    assert engine.send(op="outcome") == {"ok": True, "over": False}
    record = engine.send(op="record")["record"]
    assert record["actions"][:2] == [[0, "play 3"], [1, "play 2"]]
    position = engine.send(op="position")["position"]
    # Play the round out at random through the protocol.
    while True:
        to_act = engine.send(op="outcome")
        if to_act["over"]:
            break
        view = engine.send(op="view", seat=None)["view"]
        seat = view["to_act"][0]
        engine.send(op="apply", seat=seat, action=engine.send(op="legal", seat=seat)["actions"][0])
    outcome = engine.send(op="outcome")
    assert outcome["over"] is True and len(outcome["scores"]) == 4 and min(outcome["places"]) == 1
    full = engine.send(op="record")["record"]
    assert engine.send(op="replay", record=full)["to_act"] == []
    assert engine.send(op="outcome") == outcome
    # A snapshot loads back to the same legal actions and views.
    answer = engine.send(op="new", game="lame-duck", players=4, position=position)
    assert answer["ok"] and answer["to_act"] == [0, 1, 2, 3]
    assert engine.send(op="position")["position"] == position


@pytest.mark.parametrize(
    "line",
    [
        "this is not json",
        "[1, 2, 3]",
        "{}",
        '{"op": "dance"}',
        '{"op": "new"}',
        '{"op": "new", "game": "chess", "players": 2, "seed": 1}',
        '{"op": "new", "game": "lame-duck", "players": 11, "seed": 1}',
        '{"op": "new", "game": "lame-duck", "players": 4, "seed": 1, "options": {"rounds": 2, "target": 66}}',
        '{"op": "new", "game": "lame-duck", "players": 4, "seed": 1, "options": {"colour": "red"}}',
        '{"op": "new", "game": "lame-duck", "players": 2, "deal": {"hands": [[1], [2]], "columns": [3]}}',
        '{"op": "new", "game": "lame-duck", "players": 4, "position": {"game": "lame-duck"}}',
        '{"op": "apply", "seat": 0, "action": "play 999"}',
        '{"op": "apply", "seat": 0, "action": 37}',
        '{"op": "apply", "seat": "zero", "action": "play 3"}',
        '{"op": "apply", "seat": 9, "action": "play 3"}',
        '{"op": "apply", "seat": 0, "action": "take 1"}',
        '{"op": "view"}',
        '{"op": "replay", "record": {"game": "lame-duck", "actions": "no"}}',
        '{"op": "replay", "record": {"game": "lame-duck", "players": 4, "seed": 1, "actions": [[0, "play 200"]]}}',
    ],
)
def test_bad_lines_get_an_error_and_leave_the_match_unchanged(
    shared_engine: Engine, line: str
) -> None:
    engine = shared_engine
    engine.send(op="new", game="lame-duck", players=4, seed=7, deal=DEAL)
    engine.send(op="apply", seat=0, action="play 3")
    before = engine.send(op="position")["position"]
    answer = engine.send_line(line)
    assert answer["ok"] is False and isinstance(answer["error"], str) and answer["error"]
    assert engine.send(op="position")["position"] == before


def test_illegal_action_names_the_rule(engine: Engine) -> None:
    engine.send(op="new", game="lame-duck", players=4, seed=7, deal=DEAL)
    answer = engine.send(op="apply", seat=0, action="play 2")
    assert answer["ok"] is False and "LD-5" in answer["error"] and "hand" in answer["error"]
    engine.send(op="apply", seat=0, action="play 3")
    answer = engine.send(op="apply", seat=0, action="play 8")
    assert answer["ok"] is False and "final" in answer["error"]


def test_no_match_yet(engine: Engine) -> None:
    for op in ("legal", "apply", "view", "outcome", "record", "position"):
        answer = engine.send(op=op, seat=0, action="play 1")
        assert answer["ok"] is False and "new" in answer["error"]


def test_blank_lines_are_ignored_and_eof_ends_cleanly() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "pondside.cli", "engine"],
        input='\n{"op": "games"}\n\n{"op":"outcome"}\n',
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    lines = proc.stdout.splitlines()
    assert len(lines) == 2 and json.loads(lines[0])["ok"] and not json.loads(lines[1])["ok"]


@pytest.mark.parametrize(
    "line",
    [
        '{"op": "new", "game": "lame-duck", "players": 4, "position": {"game": "lame-duck", "players": 4, "options": {"expert": false, "rounds": 1, "target": null}, "rng": Infinity}}',
        '{"op": "legal", "seat": ' + "9" * 5000 + "}",
        '{"op": "games", "x": NaN}',
    ],
)
def test_lines_python_would_half_accept_are_refused(shared_engine: Engine, line: str) -> None:
    engine = shared_engine
    answer = engine.send_line(line)
    assert answer["ok"] is False
    assert engine.send(op="games")["ok"] is True  # still running


def test_a_position_that_cannot_be_played_on_is_refused(engine: Engine) -> None:
    engine.send(op="new", game="lame-duck", players=4, seed=0)
    position = engine.send(op="position")["position"]
    for key, value in [("awaiting", 7), ("over", None), ("revealed", [[3, 9]])]:
        answer = engine.send(
            op="new", game="lame-duck", players=4, position={**position, key: value}
        )
        assert answer["ok"] is False, key
