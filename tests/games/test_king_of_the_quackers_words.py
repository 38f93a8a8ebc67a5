"""King of the Quackers told through the catalog at the tables the shared check does not
play (``test_words_catalog.py`` plays three players with the default options): four players
with the bidding rules (promises, KQ-28..KQ-30) and the basic deck with the lead passing
left (KQ-11); and the terminal's table, drawn in the pseudo-locale, with nothing of ours
outside the markers."""

from __future__ import annotations

import importlib.util
import io
import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from pondside import i18n
from pondside.engine import Match
from pondside.games import get_game
from pondside.games.decktet import BY_CODE
from pondside.tui.king_of_the_quackers import UI

# The shared check's own helpers (the tests run in importlib mode: a test module is not
# importable by name), so that both checks find a leak alike.
_spec = importlib.util.spec_from_file_location(
    "words_catalog_check", Path(__file__).with_name("test_words_catalog.py")
)
assert _spec is not None and _spec.loader is not None
check = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check)
NAMES, offered, outside, told = check.NAMES, check.offered, check.outside, check.told

GAME = get_game("king-of-the-quackers")
STEPS = 150


def play(players: int, options: dict[str, Any], seed: int, steps: int = STEPS) -> Any:
    """A match in the pseudo-locale, its seats to act chosen at random, plays before passes
    (so that rounds, promises and places come within ``steps``): each step's match."""
    rng = random.Random(seed)
    with i18n.using(i18n.PSEUDO):
        match: Match[Any] = Match(GAME, players, options=options, seed=seed)
        for _step in range(steps):
            if match.is_over():
                break
            yield match, rng
            seat = rng.choice(match.to_act())
            legal = match.legal(seat)
            plays = [a for a in legal if a != "pass"]
            match.apply(seat, rng.choice(plays if plays and rng.random() < 0.8 else legal))


@pytest.mark.parametrize(
    ("players", "options"),
    [(4, {"bidding": True, "target": 20}), (4, {"deck": "basic", "lead_passes": "left"})],
)
def test_every_sentence_is_inside_the_markers(players: int, options: dict[str, Any]) -> None:
    found: list[str] = []
    before: dict[int | None, Any] = {}
    for step, (match, rng) in enumerate(play(players, options, 7)):
        if not before:
            before = {r: match.view(r) for r in [*range(players), None]}
        if step % check.OFFERS_EVERY == 0:
            for seat in match.to_act():
                found += offered(GAME, match, seat, rng)
        events = match.state.last_events
        if events:
            found += told(GAME, match, before, list(events))
    assert not found, "\n".join(sorted(set(found))[:40])


CODE = re.compile(r"(?<![\w=])[0-9PTN][MSVLYK]*(=\d)?\*?(?!\w)")


def test_the_terminal_table_has_nothing_of_ours_outside_the_markers() -> None:
    names = NAMES[:4]
    found: set[str] = set()
    for match, _rng in play(4, {"bidding": True, "target": 20}, 11, steps=120):
        ui = UI(GAME, names, 0)
        console = Console(record=True, width=120, file=io.StringIO())
        with i18n.using(i18n.PSEUDO):
            ui.draw(console, match.view(0))
            left = outside(console.export_text())
        for name in names + [c.name.removeprefix("the ") for c in BY_CODE.values()]:
            left = left.replace(name, "")
        left = CODE.sub("", left)
        found |= {line.strip() for line in left.splitlines() if re.search(r"[^\W\d_]", line)}
    assert not found, sorted(found)[:20]
