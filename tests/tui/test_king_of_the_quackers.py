"""The King of the Quackers terminal table draws every phase, names every combination it offers
and describes every event. (It lives beside the rule tests; tests/tui/ is the lead's.)"""

from __future__ import annotations

import io
import random

from rich.console import Console

from pondside.engine import Match
from pondside.games.king_of_the_quackers import GAME
from pondside.tui import get_ui
from pondside.tui.king_of_the_quackers import UI, play_words


def render(ui: UI, m: Match[object], seat: int | None) -> str:
    out = io.StringIO()
    ui.render(Console(file=out, width=120), m.view(seat))
    return out.getvalue()


def test_combinations_are_offered_by_their_codes_as_the_hand_shows_them() -> None:
    assert play_words("play 1V=9 7VY 8VL") == "Straight Flush of Waves, 7 to 9: 1V=9 7VY 8VL"
    assert play_words("play 3SK 3LY") == "Bomb of 2, rank 3: 3SK 3LY"
    assert play_words("play 5ML") == "5ML the Forest — 5 (Moons/Leaves)"
    assert play_words("play 0") == "0 the Excuse — Excuse (no suit)"


def test_table_shows_the_round_and_the_hand_by_rank_and_suit() -> None:
    ui = get_ui(GAME, ["Ann", "Bob", "Cy"])
    assert isinstance(ui, UI)
    m = Match(GAME, 3, {"bidding": True}, seed=8)
    text = render(ui, m, 0)
    assert "The pass" in text and all(code in text for code in m.view(0)["hand"])
    for s in range(3):
        m.apply(s, m.legal(s)[0])
    leader = m.to_act()[0]
    single = next(a for a in m.legal(leader) if len(a.split()) == 2)
    m.apply(leader, single)
    text = render(ui, m, (leader + 1) % 3)
    assert "lead card" in text and "To beat it" in text and f"{ui.name(leader + 1)} gave" in text
    follower = m.to_act()[0]
    assert ui.label(m.view(follower), "pass").startswith("pass → ")
    promise = next((a for a in m.legal(follower) if a.endswith(" promise")), None)
    if promise:
        left = len(m.view(follower)["hand"]) - 1
        assert ui.label(m.view(follower), promise).endswith(f"(value {left})")


def test_every_event_of_a_match_is_described() -> None:
    ui = get_ui(GAME, ["Ann", "Bob", "Cy", "Di"])
    rng = random.Random(3)
    for options in ({"target": 15}, {"bidding": True, "target": 15}):
        m = Match(GAME, 4, options, seed=3)
        while not m.is_over():
            seat = rng.choice(m.to_act())
            view = m.view(seat)
            legal = m.legal(seat)
            for action in legal[:40]:
                assert ui.label(view, action)
            events = m.apply(seat, rng.choice(legal))
            assert len(ui.narrate(events, m.view(None))) == len(events)
        assert "over" in render(ui, m, None)
