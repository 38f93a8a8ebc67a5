"""The Ladders terminal table draws the piles and tells every event of a match (the game's
narrator: one line for each).

(It lives beside the rule tests; tests/tui/ is the lead's to arrange.)"""

from __future__ import annotations

import io
import random

from rich.console import Console

from pondside.engine import Match
from pondside.games.ladders import GAME
from pondside.tui import get_ui
from pondside.tui.ladders import UI


def test_table_shows_accents_climbs_rungs_and_hand() -> None:
    ui = get_ui(GAME, ["Ann", "Bob"])
    assert isinstance(ui, UI)
    m = Match(GAME, 2, seed=4)
    seat = m.to_act()[0]
    out = io.StringIO()
    ui.render(Console(file=out, width=140), m.view(seat))
    text = out.getvalue()
    # The piles are numbered from 1, as on every table.
    assert "ACCENT" in text and "RUNG 4" in text and "RUNG 0" not in text and "CLIMB" in text
    assert f"{ui.names[seat]}'s hand" in text
    for action in m.legal(seat):
        label = str(ui.label(m.view(seat), action))
        assert label.startswith("discard") or " → " in label


def test_every_event_of_a_match_is_described() -> None:
    for players, options in ((2, {"rounds": 1}), (4, {"teams": True, "rounds": 1})):
        ui = get_ui(GAME, [f"P{s}" for s in range(players)])
        rng = random.Random(players)
        m = Match(GAME, players, options, seed=players)
        kinds = set()
        while not m.is_over():
            seat = m.to_act()[0]
            view = m.view(seat)
            legal = m.legal(seat)
            for action in legal:
                assert ui.label(view, action)
            plays = [a for a in legal if a.startswith("play")]
            action = rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal)
            events = m.apply(seat, action)
            kinds |= {event["type"] for event in events}
            assert len(ui.narrate(events, m.view(None))) == len(events), events
        assert {"play", "discard", "draw", "turn", "round_end", "match_end"} <= kinds
        out = io.StringIO()
        ui.render(Console(file=out, width=140), m.view(None))
        assert all(name in out.getvalue() for name in ui.names)
