"""The events under a board and as they happen (found trying issue 16's fixes): a name is
never split over two lines, and a tall terminal shows more than the last four events."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from pondside.engine import Match
from pondside.games import get_game
from pondside.tui import get_ui
from pondside.tui.base import Command, TableUI

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
CLEAR = "\x1b[2J"

NAMES = ["You", "heuristic 1", "heuristic 2", "heuristic 3"]


def test_issue16_a_name_is_never_split_over_two_lines() -> None:
    ui = get_ui(get_game("lame-duck"), NAMES, me=0)
    console = Console(width=80, record=True, force_terminal=False)
    # As the trial saw it: "…heuristic 2 9, You 29, heuristic" / "1 83".
    line = "Revealed (placed lowest first): heuristic 3 2, heuristic 2 9, You 29, heuristic 1 83"
    ui.tell(console, line)
    lines = console.export_text().splitlines()
    assert len(lines) == 2 and all(len(x) <= 80 for x in lines)
    assert lines[0].rstrip().endswith("You 29,") and lines[1].startswith("heuristic 1 83")
    assert not any(x.rstrip().endswith("heuristic") for x in lines)


def test_a_narrators_line_is_printed_as_it_is_written() -> None:
    """The narrator's lines are plain text: brackets in them are not markup."""
    ui = get_ui(get_game("lame-duck"), NAMES, me=0)
    console = Console(width=80, record=True, force_terminal=False)
    ui.tell(console, "[bold]a card[/] [1, 2]")
    assert console.export_text().strip() == "[bold]a card[/] [1, 2]"


def terminal_screen(out: io.StringIO) -> list[str]:
    """The lines on screen since it was last cleared."""
    return ANSI.sub("", out.getvalue().rsplit(CLEAR, 1)[-1]).splitlines()


def next_decision(ui: TableUI, match: Match[object], rng: random.Random, me: int) -> int:
    """Random play (its events told) until seat ``me`` decides; the event lines told."""
    told = 0
    while me not in match.to_act():
        seat = rng.choice(match.to_act())
        events = match.apply(seat, rng.choice(match.legal(seat)))
        told += len(ui.narrate(events, match.view(me)))
    return told


@pytest.mark.parametrize("height", [24, 40])
def test_issue16_a_decision_shows_every_event_since_the_last_one_that_fits(height: int) -> None:
    """The trial's Down the Drain: after "3", seven events, of which the four last were shown
    ("You play 3 / heuristic 2 plays 2 / heuristic 0 pushes the 20 through" only in the
    scrollback above a cleared screen) with eight empty lines under the question."""
    game = get_game("down-the-drain")
    names = ["heuristic 0", "Alice", "heuristic 2"]
    ui = get_ui(game, names, me=1)
    match: Match[object] = Match(game, 3, seed=8)
    rng = random.Random(8)
    out = io.StringIO()
    console = Console(file=out, width=80, height=height, force_terminal=True)
    ui.ask = lambda console, view, legal, question: legal[0]  # type: ignore[method-assign]
    longest = 0
    for _ in range(12):
        told = next_decision(ui, match, rng, 1)
        view, legal = match.view(1), match.legal(1)
        ui.decide(console, view, legal)
        screen = terminal_screen(out)
        assert len(screen) <= height - 1  # the question's line
        # The narrator's lines of those events, as wrapped on this screen.
        told_lines = list(ui.log)[-told:] if told else []
        new = [t.plain.rstrip() for line in told_lines for t in ui.wrapped(console, line)]
        screen = [line.rstrip() for line in screen]
        board = len(screen) - sum(1 for line in screen if line in new)
        if len(new) <= height - 1 - board:  # all of them fit: all of them are there, in order
            assert [line for line in screen if line in new] == new
            longest = max(longest, len(new))
        else:  # as many of the last as fit, filling the screen
            assert len(screen) >= height - 2 and screen[-1] == new[-1]
        match.apply(1, legal[0])
    assert longest > 4


def test_issue16_events_seen_at_the_last_decision_make_up_at_most_the_last_four_lines() -> None:
    game = get_game("lame-duck")
    match: Match[object] = Match(game, 4, seed=3)
    ui = get_ui(game, NAMES, me=0)
    view = match.view(0)
    for n in range(60):
        ui.narrate([{"type": "deal", "round": n, "columns": [[1], [2], [3], [4]]}], view)
    out = io.StringIO()
    console = Console(file=out, width=80, height=50, force_terminal=True)
    ui.ask = lambda console, view, legal, question: legal[0]  # type: ignore[method-assign]
    ui.decide(console, match.view(0), match.legal(0))
    assert sum("Round" in line for line in terminal_screen(out)) > 30  # all new: as many as fit
    ui.narrate([{"type": "deal", "round": 60, "columns": [[1], [2], [3], [4]]}], view)
    ui.decide(console, match.view(0), match.legal(0))
    shown = [line for line in terminal_screen(out) if "Round" in line]
    new_columns = "ten new cards each and four new columns (1, 2, 3, 4)."
    assert shown == [f"Round {n}: {new_columns}" for n in (57, 58, 59, 60)]
    assert "\x1b[2m" in out.getvalue().rsplit(CLEAR, 1)[-1]  # the three seen before are dimmed


def test_issue16_a_commands_help_wraps_beside_its_name() -> None:
    """The trial's ``help``: the quit line wrapped to a bare "later)" under the names."""
    ui = get_ui(get_game("lame-duck"), NAMES, me=0)
    text = "leave the match (not recorded: start with --record FILE to resume it later)"
    ui.commands = (Command("quit", text, lambda c, v, legal: None),)
    match: Match[object] = Match(get_game("lame-duck"), 4, seed=3)
    console = Console(width=80, record=True, force_terminal=False)
    ui.show_help(console, match.view(0), match.legal(0))
    lines = console.export_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  quit   leave the match"))
    assert lines[at + 1] == " " * 9 + "later)" and all(len(x) <= 80 for x in lines)


def test_issue16_a_menus_next_step_leaves_the_events_room_under_its_note() -> None:
    """King of the Quackers' second card to give: "Giving 1L to …" under the board, then as
    many events as fit, then the menu and its question, the board's first line still there."""
    game = get_game("king-of-the-quackers")
    ui = get_ui(game, NAMES, me=0)
    match: Match[object] = Match(game, 4, seed=3)
    for n in range(40):
        ui.narrate([{"type": "deal", "hand": n, "dealer": 1}], match.view(0))
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=True)
    answers = iter(["1", "1"])
    screens: list[list[str]] = []

    def ask(console: Console, view: object, legal: list[str], question: str) -> str:
        console.print(f"{question}: ", end="")
        screens.append(terminal_screen(out))
        return next(answers)

    ui.ask = ask  # type: ignore[method-assign]
    ui.decide(console, match.view(0), match.legal(0))
    assert len(screens) == 2
    for screen in screens:
        assert len(screen) == 24 and screen[0].startswith("─") and "Hand 39" in screen[-4]
    assert screens[1][8].startswith("Giving ")
