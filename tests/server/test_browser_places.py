"""Places (issue 27, defect 13): players tied for the most ducks share a place, and the page's
colours are by place, so they share a colour too, the colour of that place: two players tied
for 3rd of 4 are 3rd in words and in colour, not 3rd in words and red (the colour of 4th).

The match is a record played here by the engine (random legal actions, a seed whose end has the
tie), uploaded and watched to its end: the same end screen and players' bar as a live table."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from browserkit import name_via_api, shot
from pondside.engine import Match
from pondside.engine.narrate import ordinal
from pondside.games import get_game
from serverproc import ServerProcess

# The colour classes of room.js's placeClass, by place.
COLOUR = {1: "place-1", 2: "place-2", 3: "place-3"}


def tied_for_the_most(players: int = 4) -> tuple[dict[str, Any], tuple[int, ...]]:
    """A one-round Lame Duck record whose end has exactly two players tied for the most ducks
    (and the others apart): the record and its places."""
    game = get_game("lame-duck")
    for seed in range(300):
        match = Match(game, players, {"rounds": 1}, seed=seed)
        rng = random.Random(seed)
        while not match.is_over():
            for seat in match.to_act():
                match.apply(seat, rng.choice(match.legal(seat)))
        outcome = match.outcome()
        assert outcome is not None
        most = max(outcome.scores)
        if outcome.scores.count(most) == 2 and len(set(outcome.scores)) == players - 1:
            return match.record(), tuple(outcome.places)
    raise AssertionError("no such match in 300 seeds")


def test_players_tied_for_the_most_ducks_share_a_place_and_its_colour(
    web: ServerProcess, new_page: Any
) -> None:
    record, places = tied_for_the_most()
    assert sorted(places) == [1, 2, 3, 3]
    page = new_page(web)
    name_via_api(page, "Pia")
    page.goto("/replay")
    page.fill("#record-text", json.dumps(record))
    page.click("#upload-btn")
    page.wait_for_url(re.compile(r"/replay/u\.[\w-]+"))
    page.locator("#players .player").first.wait_for()
    page.click("#rb-last")
    page.locator("#end-dialog[open]").wait_for()
    shot(page, "places-tied-for-the-most")
    rows = page.locator("#end-places .end-place")
    seen = [
        (str(rows.nth(i).locator(".end-rank").text_content()), rows.nth(i).get_attribute("class"))
        for i in range(rows.count())
    ]
    assert sorted(rank for rank, _ in seen) == sorted(ordinal(p) for p in places)
    for rank, classes in seen:
        place = int(re.sub(r"\D", "", rank))
        assert COLOUR[place] in str(classes).split(), (rank, classes)
    page.click("#end-close")
    for i, chip in enumerate(page.locator("#players .player").all()):
        place = int(re.sub(r"\D", "", str(chip.locator(".player-place").text_content())))
        assert COLOUR[place] in str(chip.get_attribute("class")).split(), (i, place)
    assert not page.errors, page.errors
