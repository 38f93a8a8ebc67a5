"""The strength report: rows from simulations, a Markdown table, written between markers."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from pondside.cli import main
from pondside.sim.strength import END, START, markdown, run, write_between_markers


def test_a_strength_row_and_its_table(tmp_path: Path) -> None:
    row = run("lame-duck", "heuristic", "random", matches=8, seed=1, jobs=1)
    row["command"] = "pondside strength --games lame-duck"
    assert row["players"] == 4 and row["fair"] == 0.25 and row["matches"] == 8
    table = markdown([row])
    assert "| lame-duck | 4 | defaults | `heuristic` | 3 × `random` | 8 |" in table
    page = tmp_path / "bots.md"
    page.write_text(f"# Bots\n\nprose\n{START}\nold\n{END}\nmore prose\n")
    write_between_markers(page, table)
    text = page.read_text()
    assert "old" not in text and "prose" in text and "more prose" in text and table in text


def test_lines_played_again_replace_only_themselves(tmp_path: Path) -> None:
    def strength(*args: str) -> str:
        common = ["strength", "--games", "lame-duck", "--results", str(tmp_path), "--jobs", "1"]
        result = CliRunner().invoke(main, [*common, *args])
        assert result.exit_code == 0, result.output
        return result.output

    strength("--lines", "heuristic-random", "--heuristic-matches", "4")
    strength("--lines", "search-random", "--random-matches", "1", "--search", "mcs:iterations=2")
    out = strength(
        "--lines",
        "heuristic-random",
        "--heuristic-matches",
        "6",
        "--out",
        str(tmp_path / "bots.md"),
    )
    rows = json.loads((tmp_path / "lame-duck.json").read_text())
    assert [(r["line"], r["matches"]) for r in rows] == [
        ("heuristic-random", 6),
        ("search-random", 1),
    ]
    assert rows[0]["command"] == (
        f"pondside strength --games lame-duck --heuristic-matches 6 --lines heuristic-random "
        f"--jobs 1 --results {tmp_path} --out {tmp_path / 'bots.md'}"
    )
    assert "| lame-duck | 4 | defaults | `heuristic` | 3 × `random` | 6 |" in out
    assert (tmp_path / "bots.md").read_text().startswith(START)
    bad = CliRunner().invoke(main, ["strength", "--lines", "search-everything"])
    assert bad.exit_code != 0 and "unknown line 'search-everything'" in bad.output


def test_a_long_line_keeps_a_running_tally_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    run("lame-duck", "heuristic", "random", matches=20, seed=1, jobs=1)
    tally = capsys.readouterr().err.splitlines()
    assert tally[0].startswith("  lame-duck: 10/20 matches, heuristic ")
    assert tally[-1].startswith("  lame-duck: 20/20 matches, heuristic ")
    assert len(tally) == 2


def test_the_ladder_rates_every_level_and_each_against_the_one_below(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pondside.bots.lame_duck as lame_duck

    # The search levels' own budgets take minutes; the ladder's bookkeeping does not need them.
    quick = dataclasses.replace(
        lame_duck.BOTS, strong="mcs:iterations=4", expert="mcs:iterations=8"
    )
    monkeypatch.setattr(lame_duck, "BOTS", quick, raising=True)
    common = ["strength", "--games", "lame-duck", "--results", str(tmp_path), "--jobs", "1"]
    page = tmp_path / "bots.md"
    page.write_text(f"# Bots\n{START}\n{END}\nprose\n")
    args = [*common, "--lines", "ladder", "--ladder-matches", "30", "--out", str(page)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    (row,) = json.loads((tmp_path / "lame-duck.json").read_text())
    # Whole rounds only: 5 choices of 4 levels, each deal played from the 4 seats: 20, not 30.
    assert row["line"] == "ladder" and row["matches"] == 20
    levels = [lv["level"] for lv in row["levels"]]
    assert levels == ["random", "beginner", "casual", "strong", "expert"]
    assert [lv["spec"] for lv in row["levels"]] == [
        "random",
        "slips:rate=0.1:memory=0.5:misjudge=0.6",
        "heuristic",
        "mcs:iterations=4",
        "mcs:iterations=8",
    ]
    assert "below" not in row["levels"][0]
    for lower, higher in zip(row["levels"], row["levels"][1:], strict=False):
        below = higher["below"]
        assert below["level"] == lower["level"] and below["meetings"] > 0
        assert below["ci95"][0] <= below["share"] <= below["ci95"][1]
    # Five levels at four seats: every level sits out one table in five.
    assert all(lv["matches"] == 16 for lv in row["levels"])
    text = page.read_text()
    assert "ladder, 20 matches" in result.output
    assert "| lame-duck | 4 | defaults | 20 | **expert** | `mcs:iterations=8` |" in text
    assert text.index(END) < text.index("<!-- ladder table")


def test_a_stopped_line_is_kept_and_marked(tmp_path: Path) -> None:
    """SIGTERM in the middle of a long line: the matches played are kept in the results and the
    table, marked as stopped, and the command ends with 143."""
    import os
    import signal
    import subprocess
    import sys
    import time

    page = tmp_path / "bots.md"
    args = ["strength", "--games", "lame-duck", "--lines", "search-heuristic", "--matches", "400"]
    args += ["--search", "ismcts:iterations=20", "--jobs", "1", "--results", str(tmp_path)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "pondside", *args, "--out", str(page)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stderr is not None
    line = proc.stderr.readline()  # the first tally: some matches are in
    assert "/400 matches, ismcts:iterations=20" in line, line
    time.sleep(0.3)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 143, err
    assert "Stopped (SIGTERM): the matches played are kept in" in err
    (row,) = json.loads((tmp_path / "lame-duck.json").read_text())
    assert row["partial"] is True and row["planned_matches"] == 400
    assert 0 < row["matches"] < 400
    assert f"| {row['matches']} (stopped; 400 planned) |" in page.read_text()


def test_each_step_of_the_ladder_is_a_level_against_the_one_below_half_the_seats_each(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pondside.bots.lame_duck as lame_duck
    from pondside.sim.strength import STEPS_END, STEPS_START, step_sides

    # Half the seats each; with an odd number both ways, so neither level holds more seats.
    assert step_sides(2) == [1] and step_sides(4) == [2] and step_sides(3) == [2, 1]
    quick = dataclasses.replace(
        lame_duck.BOTS, strong="mcs:iterations=4", expert="mcs:iterations=8"
    )
    monkeypatch.setattr(lame_duck, "BOTS", quick, raising=True)
    page = tmp_path / "bots.md"
    page.write_text(f"# Bots\n{STEPS_START}\n{STEPS_END}\nprose\n")

    def strength(*args: str) -> list[dict[str, Any]]:
        common = ["strength", "--games", "lame-duck", "--results", str(tmp_path), "--jobs", "1"]
        result = CliRunner().invoke(main, [*common, "--lines", "steps", *args])
        assert result.exit_code == 0, result.output
        (row,) = json.loads((tmp_path / "lame-duck.json").read_text())
        assert row["line"] == "steps"
        return list(row["steps"])

    lobby = tmp_path / "steps.json"
    steps = strength("--step-matches", "8", "--out", str(page), "--levels-out", str(lobby))
    assert [(s["lower"], s["upper"]) for s in steps] == [
        ("random", "beginner"),
        ("beginner", "casual"),
        ("casual", "strong"),
        ("strong", "expert"),
    ]
    for step in steps:
        assert step["matches"] == 8  # two deals, each from the four turns of the seats
        assert step["ci95"][0] <= step["share"] <= step["ci95"][1]
        # Two seats of each level: their mean places average the four places, 2.5 (less where
        # seats tie and share the better place).
        assert 1 <= step["upper_mean_place"] <= 4 and 1 <= step["lower_mean_place"] <= 4
        assert step["upper_mean_place"] + step["lower_mean_place"] <= 5.0
    assert "| lame-duck | 4 | defaults | casual → **strong** | 8 |" in page.read_text()
    # The lobby's copy (bots/levels.py reads it) holds the same steps' figures.
    told = json.loads(lobby.read_text())["lame-duck"]
    assert [(s["upper"], s["matches"], s["share"]) for s in told] == [
        (s["upper"], s["matches"], s["share"]) for s in steps
    ]
    # A step played again replaces only itself.
    again = strength("--step-matches", "4", "--steps", "beginner-casual")
    assert [s["matches"] for s in again] == [8, 4, 8, 8]
    assert again[0] == steps[0] and again[2:] == steps[2:]
    # Each step says how it was made: the table lists both commands.
    assert "--steps beginner-casual" in again[1]["command"]
    assert "--steps" not in again[0]["command"]
    bad = CliRunner().invoke(main, ["strength", "--lines", "steps", "--steps", "casual-expert"])
    assert bad.exit_code != 0 and "unknown step 'casual-expert'" in bad.output
    # A better bot takes the expert's place: its old step says nothing of it, so the table
    # says which spec played it and the lobby no longer quotes it.
    better = dataclasses.replace(quick, expert="mcs:iterations=9")
    monkeypatch.setattr(lame_duck, "BOTS", better, raising=True)
    only = ["--report-only", "--results", str(tmp_path), "--out", str(page)]
    report = CliRunner().invoke(main, ["strength", *only, "--levels-out", str(lobby)])
    assert report.exit_code == 0, report.output
    text = page.read_text()
    assert "strong → **expert** | 8 |" in text
    assert "but played with an earlier spec (`mcs:iterations=8`)" in text
    assert "casual → **strong** | 8 |" in text and text.count("earlier spec") == 1
    told = json.loads(lobby.read_text())["lame-duck"]
    assert [s["upper"] for s in told] == ["beginner", "casual", "strong"]


def test_a_step_at_three_seats_seats_each_level_twice_and_once(tmp_path: Path) -> None:
    from pondside.sim.strength import run_steps

    row = run_steps("wildcat-chicane", 6, 1, 1, ["random-beginner"])
    (step,) = row["steps"]
    # Half the matches with two beginners and one random player, half the other way round.
    assert row["players"] == 3 and step["matches"] == 6
    assert 0 <= step["share"] <= 1


def test_a_long_step_is_played_in_pieces_each_with_its_own_seed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pondside.bots.lame_duck as lame_duck
    from pondside.sim.strength import STEPS_END, STEPS_START, run_steps, step_seeds

    quick = dataclasses.replace(lame_duck.BOTS, strong="mcs:iterations=2")
    monkeypatch.setattr(lame_duck, "BOTS", quick, raising=True)
    page = tmp_path / "bots.md"
    page.write_text(f"# Bots\n{STEPS_START}\n{STEPS_END}\n")

    def strength(*args: str) -> CliRunner:
        common = ["strength", "--games", "lame-duck", "--results", str(tmp_path), "--jobs", "1"]
        base = [*common, "--lines", "steps", "--steps", "casual-strong", "--step-matches", "4"]
        return CliRunner().invoke(main, [*base, *args])

    def kept() -> dict[str, Any]:
        (row,) = json.loads((tmp_path / "lame-duck.json").read_text())
        (step,) = row["steps"]
        return dict(step)

    assert strength().exit_code == 0
    first = kept()
    ran = strength("--more", "--seed", "1", "--out", str(page))
    assert ran.exit_code == 0, ran.output
    both = kept()
    # The second piece is the step played alone with seed 1: the two add up.
    (alone,) = run_steps("lame-duck", 4, 1, 1, ["casual-strong"])["steps"]
    assert both["matches"] == 8 and both["wins"] == first["wins"] + alone["wins"]
    assert both["share"] == both["wins"] / 8
    assert both["upper_mean_place"] == pytest.approx(
        (first["upper_mean_place"] + alone["upper_mean_place"]) / 2
    )
    assert step_seeds(both) == [0, 1] and len(both["commands"]) == 2
    text = page.read_text()
    assert "| lame-duck | 4 | defaults | casual → **strong** | 8 |" in text
    # The table lists both pieces' commands.
    assert "--steps casual-strong --lines steps --jobs 1" in text
    assert "--steps casual-strong --lines steps --seed 1" in text and "--more`" in text
    # A seed played already, a line other than the steps, or a level changed since: refused
    # before a match is played, saying why.
    again = strength("--more", "--seed", "1")
    assert again.exit_code != 0 and "played with seed 1 already" in again.output
    assert "played with 0, 1" in again.output
    lines = strength("--more", "--seed", "2", "--lines", "steps,ladder")
    assert lines.exit_code != 0 and "give --lines steps" in lines.output
    monkeypatch.setattr(
        lame_duck, "BOTS", dataclasses.replace(quick, strong="mcs:iterations=3"), raising=True
    )
    changed = strength("--more", "--seed", "2")
    assert changed.exit_code != 0 and "play it again without --more" in changed.output
    assert kept() == both


def test_a_step_kept_before_seeds_were_recorded_was_played_with_its_commands_seed() -> None:
    from pondside.sim.strength import step_seeds

    assert step_seeds({"command": "pondside strength --games ladders --steps casual-strong"}) == [0]
    assert step_seeds({"command": "pondside strength --seed 7 --lines steps"}) == [7]
    assert step_seeds({"seeds": [3, 4], "command": "pondside strength"}) == [3, 4]


def test_more_is_refused_for_every_game_before_any_is_played(tmp_path: Path) -> None:
    from pondside.bots.levels import level_spec
    from pondside.games import get_game

    # Wildcat Chicane's casual -> strong step, kept as played with seed 1.
    wc = get_game("wildcat-chicane")
    step = {
        "lower": "casual",
        "upper": "strong",
        "specs": [level_spec(wc, "strong"), level_spec(wc, "casual")],
        "wins": 3.0,
        "matches": 6,
        "seeds": [1],
    }
    row = {"game": "wildcat-chicane", "line": "steps", "players": 3, "steps": [step]}
    (tmp_path / "wildcat-chicane.json").write_text(json.dumps([row]))
    args = ["strength", "--games", "lame-duck,wildcat-chicane", "--lines", "steps"]
    args += ["--steps", "casual-strong", "--more", "--seed", "1", "--results", str(tmp_path)]
    refused = CliRunner().invoke(main, args)
    assert refused.exit_code != 0
    assert "wildcat-chicane's step casual-strong was played with seed 1 already" in refused.output
    assert not (tmp_path / "lame-duck.json").exists()  # Lame Duck's step was not played first
