"""Lame Duck's places as a page shows a step event by event (issue 26: no JavaScript file ranks
players): each take adds its ducks to the taker's total (LD-2, LD-7, LD-8), and the server
sends the places after each event (``Game.standings``, a frame's ``standings``), fewer ducks
first; the page shows them with the take, never working them out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pondside.engine import Match, places_from_results
from pondside.games import get_game
from pondside.server.telling import tell

GOLDEN = Path(__file__).parents[1] / "golden"
RECORDS = sorted(GOLDEN.glob("lame-duck-*.json"))
GAME = get_game("lame-duck")


def places(totals: list[int]) -> list[int]:
    return list(places_from_results(totals, lower_is_better=True))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_the_places_after_each_event_follow_the_ducks_taken(path: Path) -> None:
    """Replaying a golden record: after each event the places are those of the totals before
    the step plus the ducks of every take so far; after the last, the frame's standing."""
    record = json.loads(path.read_text())["record"]
    match: Match[Any] = Match.start_of(GAME, record)
    takes = 0
    for seat, action in record["actions"]:
        totals = list(match.view(None)["totals"])
        events = match.apply(seat, action)
        after = match.view(None)
        shown = GAME.standings(events, after)
        if not any(ev["type"] == "take" for ev in events):
            assert shown == [], "nothing taken: the places do not move"
            continue
        assert len(shown) == len(events)
        for ev, standing in zip(events, shown, strict=True):
            if ev["type"] == "take":
                totals[ev["seat"]] += ev["ducks"]
                takes += 1
            assert standing == places(totals), (action, ev)
        assert shown[-1] == GAME.standing(after)
    assert takes > 5, "the record takes columns"


def test_a_frame_carries_the_standings_of_its_events_and_a_welcome_of_the_last_step() -> None:
    """A live step's frame and a welcome's (the view's last events, told without the view
    before) carry the same places; a frame that tells no step carries none."""
    match: Match[Any] = Match(GAME, 3, seed=11)
    names = ["Ann", "Bob", "Cy"]
    while True:
        before = match.view(0)
        events = []
        for seat in match.to_act():
            events = match.apply(seat, sorted(match.legal(seat))[0])
        if any(e["type"] == "take" for e in events):
            break
    after = match.view(0)
    told = tell(GAME, events, before, after, 0, names)
    assert told["standings"] == GAME.standings(events, after) != []
    assert (
        tell(GAME, after["last_events"], None, after, 0, names)["standings"] == (told["standings"])
    )
    assert tell(GAME, [], None, after, 0, names)["standings"] == []


def test_other_games_send_no_standings_per_event() -> None:
    game = get_game("down-the-drain")
    match: Match[Any] = Match(game, 3, seed=1)
    seat = match.to_act()[0]
    events = match.apply(seat, sorted(match.legal(seat))[0])
    assert tell(game, events, None, match.view(0), 0, ["A", "B", "C"])["standings"] == []
