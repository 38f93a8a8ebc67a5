"""The Down the Drain terminal table draws every view and tells every step (the game's
narrator)."""

from __future__ import annotations

import random

from rich.console import Console

from pondside.engine import Match
from pondside.games.down_the_drain import GAME
from pondside.tui import get_ui


def test_the_table_renders_and_describes_a_whole_series() -> None:
    names = ["You", "Ann", "Bob", "Cid"]
    ui = get_ui(GAME, names, me=0)
    console = Console(record=True, width=110)
    m = Match(GAME, 4, {"games": 2}, seed=4)
    rng = random.Random(4)
    kinds = set()
    while not m.is_over():
        (seat,) = m.to_act()
        view = m.view(seat)
        if seat == 0:
            ui.render(console, view)
        legal = m.legal(seat)
        assert all(str(ui.label(view, a)).startswith("play") for a in legal)
        events = m.apply(seat, legal[rng.randrange(len(legal))])
        kinds |= {event["type"] for event in events}
        lines = ui.narrate(events, m.view(0))
        assert lines
        for line in lines:
            console.print(line, markup=False)
    ui.render(console, m.view(None))
    text = console.export_text()
    assert "Down the Drain" in text and "discard pile" in text and "The series is over" in text
    assert "You play" in text and "You plays" not in text and "You's" not in text
    assert {"play", "beaten", "draw", "push", "game_end", "deal", "match_end"} <= kinds


def test_a_label_previews_joining_and_beating() -> None:
    ui = get_ui(GAME, ["You", "Ann", "Bob"])
    view = {"players": 3, "seat": 0, "front": [None, 7, 8]}
    assert ui.label(view, "play 7") == "play 7 → joins Ann: worth 14; beats Bob"
    assert ui.label(view, "play 3") == "play 3 → worth 3"
