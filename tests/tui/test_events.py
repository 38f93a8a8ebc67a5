"""The events under a board and as they happen (found trying issue 16's fixes): a name is
never split over two lines, and a tall terminal shows more than the last four events."""

from __future__ import annotations

from rich.console import Console

from pondside.engine import Match
from pondside.games import get_game
from pondside.tui import get_ui

NAMES = ["You", "heuristic 1", "heuristic 2", "heuristic 3"]


def test_issue16_a_name_is_never_split_over_two_lines() -> None:
    ui = get_ui(get_game("lame-duck"), NAMES, me=0)
    console = Console(width=80, record=True, force_terminal=False)
    # As the trial saw it: "…heuristic 2 9, You 29, heuristic" / "1 83".
    line = (
        "[bold]Revealed[/] (placed lowest first): heuristic 3 2, heuristic 2 9, You 29, "
        "heuristic 1 83"
    )
    ui.tell(console, line)
    lines = console.export_text().splitlines()
    assert len(lines) == 2 and all(len(x) <= 80 for x in lines)
    assert lines[0].rstrip().endswith("You 29,") and lines[1].startswith("heuristic 1 83")
    assert not any(x.rstrip().endswith("heuristic") for x in lines)


def test_issue16_a_tall_terminal_shows_more_of_the_last_events() -> None:
    """Only four event lines were shown under the board, with eight or more empty rows below:
    what the others did since the person's last decision scrolled away."""
    game = get_game("lame-duck")
    match = Match(game, 4, seed=3)
    view = match.view(0)
    shown = {}
    for height in (24, 50):
        ui = get_ui(game, NAMES, me=0)
        for n in range(60):
            ui.log.append(f"event number {n}")
        console = Console(width=80, height=height, record=True, force_terminal=True)
        ui.render(console, view)  # no question asked yet: the last four events
        first = console.export_text(clear=True).count("event number")
        ui._menu_height = 3  # a question was asked (and answered): its menu had 3 lines
        ui.render(console, view)
        screen = console.export_text(clear=True)
        shown[height] = screen.count("event number")
        assert first == 4 and len(screen.splitlines()) <= height - 3 - 1  # menu, question
    assert shown[24] > 4 and shown[50] > shown[24] + 20
