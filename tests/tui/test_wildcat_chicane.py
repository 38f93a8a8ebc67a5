"""The Wildcat Chicane terminal table draws every phase and tells every event (the game's
narrator: a line or more each).

(It lives beside the rule tests; tests/tui/ is the lead's to arrange.)"""

from __future__ import annotations

import io
import random

from rich.console import Console

from pondside.engine import Match
from pondside.games.wildcat_chicane import GAME, WORKED_DEAL
from pondside.tui import get_ui
from pondside.tui.wildcat_chicane import UI


def test_table_shows_rulers_trick_winner_and_read_suits() -> None:
    ui = get_ui(GAME, ["Ann", "Bob", "Cy"])
    assert isinstance(ui, UI)
    m = Match(GAME, 3, deal=WORKED_DEAL, seed=1)
    for s, a in enumerate(("rule NY", "rule NM", "rule 1L")):
        m.apply(s, a)
    for s in (0, 1, 2):
        m.apply(s, "bid 3")
    m.apply(0, "play 7ML")
    m.apply(1, "play 3MV")
    out = io.StringIO()
    ui.render(Console(file=out, width=120), m.view(2))
    text = out.getvalue()
    assert "BOTTOM" in text and "Leaves" in text
    assert "Bob is winning" in text
    assert "2VL=L" in text and "9VY=Y" in text  # seat 2 reads BOTTOM
    assert str(ui.label(m.view(2), "play 2VL")) == "2VL=L the Origin (trump)"


def test_every_event_of_a_match_is_described() -> None:
    ui = get_ui(GAME, ["Ann", "Bob", "Cy", "Di"])
    rng = random.Random(3)
    for variant in ("wildcat", "classic"):
        m = Match(GAME, 4, {"variant": variant, "target": 20}, seed=3)
        while not m.is_over():
            seat = rng.choice(m.to_act())
            view = m.view(seat)
            for action in m.legal(seat):
                assert ui.label(view, action)
            events = m.apply(seat, rng.choice(m.legal(seat)))
            lines = ui.narrate(events, m.view(None))
            assert len(lines) >= len(events)
            assert all("=" not in line.split(":")[0] for line in lines)
        out = io.StringIO()
        ui.render(Console(file=out, width=120), m.view(None))
        assert "Ann" in out.getvalue()


def test_wc16_a_tied_finish_after_the_100th_hand_is_told_as_a_shared_win() -> None:
    ui = UI(GAME, ["Ann", "Bob", "Cy"])
    view = Match(GAME, 3, seed=1).view(None)
    (alone,) = ui.narrate([{"type": "match_end", "scores": [41, 12, 3], "places": [1, 2, 3]}], view)
    assert alone == "The match is over: Ann wins with 41 points."
    (tied,) = ui.narrate([{"type": "match_end", "scores": [12, 12, 3], "places": [1, 1, 3]}], view)
    assert tied == "The match is over: Ann and Bob share first place with 12 points."
