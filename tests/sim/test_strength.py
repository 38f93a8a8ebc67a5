"""The strength report: rows from simulations, a Markdown table, written between markers."""

from __future__ import annotations

import json
from pathlib import Path

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
