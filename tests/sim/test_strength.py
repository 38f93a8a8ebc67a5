"""The strength report: rows from simulations, a Markdown table, written between markers."""

from __future__ import annotations

from pathlib import Path

from pondside.sim.strength import END, START, markdown, run, write_between_markers


def test_a_strength_row_and_its_table(tmp_path: Path) -> None:
    row = run("lame-duck", "heuristic", "random", matches=8, seed=1, jobs=1)
    row["command"] = "python -m pondside.sim.strength --games lame-duck"
    assert row["players"] == 4 and row["fair"] == 0.25 and row["matches"] == 8
    table = markdown([row])
    assert "| lame-duck | 4 | defaults | `heuristic` | 3 × `random` | 8 |" in table
    page = tmp_path / "bots.md"
    page.write_text(f"# Bots\n\nprose\n{START}\nold\n{END}\nmore prose\n")
    write_between_markers(page, table)
    text = page.read_text()
    assert "old" not in text and "prose" in text and "more prose" in text and table in text
