"""Ladders in the terminal numbers its piles as the board does (issue 27, third trial): the
help's example was "discard 6 to 0" (the protocol's pile 0) under a board of RUNG 1-4."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from pondside.engine import Match
from pondside.games.ladders import GAME
from pondside.tui import get_ui


def test_the_help_example_reads_as_the_board_and_works_typed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match: Match[object] = Match(GAME, 2, seed=3)
    ui = get_ui(GAME, ["Ann", "Bob"], me=0)
    view, legal = match.view(0), match.legal(0)
    console = Console(width=100, record=True)
    ui.show_help(console, view, legal)
    example = re.search(r'e\.g\. "([^"]+)"', console.export_text())
    assert example, console.export_text()
    said = example[1]
    # Every pile number in it is one the board shows (ACCENT and RUNG 1 to 4).
    numbers = re.findall(r"(?:to|rung) (\d+)", said)
    assert numbers and all(1 <= int(n) <= 4 for n in numbers), said
    # Typed at the question, it is the move it reads as: RUNG 1 is the protocol's pile 0.
    answers = iter([said])
    monkeypatch.setattr("pondside.tui.base.Prompt.ask", lambda *a, **k: next(answers))
    chosen = ui.prompt(Console(file=io.StringIO(), width=100), view, legal)
    assert chosen in legal
    assert chosen.split()[:-1] == said.split()[:-1]
    assert int(chosen.split()[-1]) == int(said.split()[-1]) - 1
