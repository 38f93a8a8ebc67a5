"""Places (issue 27, defect 13): players tied for the most ducks share a place, and the page's
colours are by place, so they share a colour too, the colour of that place: two players tied
for 3rd of 4 are 3rd in words and in colour, not 3rd in words and red (the colour of 4th).

The match is a record played here by the engine (random legal actions, a seed whose end has the
tie), uploaded and watched to its end: the same end screen and players' bar as a live table."""

from __future__ import annotations

import json
import random
import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from browserkit import LAPTOP, TOUCH_PHONE, name_via_api, shot, table_via_api
from pondside.engine import Match
from pondside.engine.narrate import ordinal
from pondside.games import get_game
from pondside.server.telling import shown_names
from serverproc import ServerProcess
from tablesock import Sock, play_randomly, run

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


def tap_or_click(page: Any, selector: str) -> None:
    """A tap on the touch phone, a click on the laptop (with the page's own time: on a busy
    machine browserkit.press's 2 s is too short for a click that redraws the end)."""
    if page.touch:
        page.locator(selector).tap()
    else:
        page.locator(selector).click()


def test_players_tied_for_the_most_ducks_share_a_place_and_its_colour(
    web: ServerProcess, new_page: Any
) -> None:
    """On a laptop (which uploads the record) and on a touch phone (which opens the same
    replay by its link): the end screen and the players' bar."""
    record, places = tied_for_the_most()
    assert sorted(places) == [1, 2, 3, 3]
    page = new_page(web, LAPTOP)
    name_via_api(page, "Pia")
    page.goto("/replay")
    page.fill("#record-text", json.dumps(record))
    page.click("#upload-btn")
    page.wait_for_url(re.compile(r"/replay/u\.[\w-]+"))
    replay = page.url
    phone = new_page(web, TOUCH_PHONE, touch=True)
    for screen, p in (("laptop", page), ("phone", phone)):
        if p is phone:
            p.goto(replay)
        p.locator("#players .player").first.wait_for()
        tap_or_click(p, "#rb-last")
        p.locator("#end-dialog[open]").wait_for()
        shot(p, f"places-tied-for-the-most-{screen}")
        rows = p.locator("#end-places .end-place")
        seen = [
            (
                str(rows.nth(i).locator(".end-rank").text_content()),
                rows.nth(i).get_attribute("class"),
            )
            for i in range(rows.count())
        ]
        assert sorted(rank for rank, _ in seen) == sorted(ordinal(x) for x in places), screen
        for rank, classes in seen:
            place = int(re.sub(r"\D", "", rank))
            assert COLOUR[place] in str(classes).split(), (screen, rank, classes)
        tap_or_click(p, "#end-close")
        for i, chip in enumerate(p.locator("#players .player").all()):
            place = int(re.sub(r"\D", "", str(chip.locator(".player-place").text_content())))
            assert COLOUR[place] in str(chip.get_attribute("class")).split(), (screen, i, place)
        assert not p.errors, p.errors


def test_my_matches_names_the_seats_as_the_table_did_by_place_with_a_unit(
    web: ServerProcess, new_page: Any
) -> None:
    """13 in "My matches", on a laptop and a touch phone: each seat of a match Rae played
    against bots is named as the table named it ("Bot 2", never "casual bot"), the seats are
    listed by place (first first), and each score has its unit ("3 ducks")."""
    page = new_page(web, LAPTOP)
    name_via_api(page, "Rae")
    table = table_via_api(page, players=3, bots=2)
    header = "; ".join(f"{c['name']}={c['value']}" for c in page.context.cookies())

    async def play() -> None:
        sock = await Sock.open(web, table, headers={"Cookie": header})
        await play_randomly(sock, random.Random(3))
        await sock.close()

    # In a thread of its own: Playwright's sync API holds this thread's event loop.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(run, play()).result()
    names = shown_names(page.request.get(f"/api/tables/{table}").json())
    assert names[1:] == ["Bot 2", "Bot 3"], names
    record = page.request.get(f"/api/tables/{table}/record").json()
    outcome = Match.from_record(get_game("lame-duck"), record).outcome()
    assert outcome is not None
    by_place = sorted(range(3), key=lambda s: (outcome.places[s], s))
    phone = new_page(web, TOUCH_PHONE, touch=True)
    phone.context.add_cookies(page.context.cookies())
    for screen, p in (("laptop", page), ("phone", phone)):
        p.goto("/history")
        row = p.locator(f"#history-table tr[data-table='{table}']")
        row.wait_for()
        seats = row.locator(".seat-names li")
        assert seats.count() == 3, screen
        for i, seat in enumerate(by_place):
            li = seats.nth(i)
            assert li.is_visible(), (screen, i)
            words = li.inner_text()
            assert li.locator("span").first.inner_text() == names[seat], (screen, words)
            assert words.startswith(ordinal(outcome.places[seat])), (screen, words)
            score = get_game("lame-duck").info.score_words(outcome.scores[seat])
            assert "duck" in score and words.endswith(score), (screen, words)
        assert "casual bot" not in row.inner_text(), screen
        shot(p, f"places-my-matches-{screen}")
        assert not p.errors, p.errors
