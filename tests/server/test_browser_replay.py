"""Replays in Chromium: a finished Lame Duck match stepped through with the controls and seen
from another seat; an uploaded record of another game watched by its link; the match history
and the leaderboard. Other games' boards are drawn by their own modules, which change: for
them only the frame's parts are checked (the step counter, the players' bar, the status).

Chromium is found as in test_browser.py; without it the tests skip (fail under CI).
"""

from __future__ import annotations

import json
import random
import re
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from browserkit import bots_match, name_via_api, shot, table_via_api
from pondside.engine import Match
from pondside.games import get_game
from serverproc import ServerProcess
from tablesock import Sock, play_randomly, run


def count(page: Any) -> str:
    return str(page.locator("#rb-count").text_content())


def hand(page: Any) -> list[int]:
    return sorted(
        int(x)
        for x in page.locator("#hand .hand-card").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
    )


def test_a_lame_duck_replay_stepped_through_and_seen_from_another_seat(
    web: ServerProcess, new_page: Any
) -> None:
    page = new_page(web)
    name_via_api(page, "Ann")
    table = bots_match(page, "lame-duck", 4, {"rounds": 1}, seed=17)
    record = page.request.get(f"/api/tables/{table}/record").json()
    n = len(record["actions"])
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))

    page.goto(f"/replay/{table}?seat=1")
    page.wait_for_selector(f"#rb-count:text('The deal · move 0 of {n}')")
    page.locator("#players .player").first.wait_for()  # the game's module is loaded first
    assert page.locator("#waiting").is_hidden()
    assert page.locator("#players .player").count() == 4
    assert page.locator("#players .mine .player-name").first.text_content().startswith("Bot 2")
    match = Match(get_game("lame-duck"), 4, record["options"], seed=record["seed"])
    assert hand(page) == sorted(match.view(1)["hand"])

    page.click("#rb-next")
    page.wait_for_selector(f"#rb-count:text('Move 1 of {n}')")
    assert re.search(r"[?&]seat=1#move=1$", page.url)
    for _ in range(3):
        page.click("#rb-next")
    page.wait_for_selector(f"#rb-count:text('Move 4 of {n}')")
    page.click("#rb-prev")
    page.wait_for_selector(f"#rb-count:text('Move 3 of {n}')")

    # The slider jumps; the seat chooser shows the same move from another seat.
    page.locator("#rb-step").evaluate(
        "(el) => { el.value = '20'; el.dispatchEvent(new Event('input')); }"
    )
    page.wait_for_selector(f"#rb-count:text('Move 20 of {n}')")
    page.select_option("#rb-seat", "")
    page.wait_for_function("document.body.dataset.replaySeat === ''")
    assert "seat=" not in page.url and page.url.endswith("#move=20")
    page.locator(".hand-wrap").wait_for(state="hidden")  # a spectator has no hand
    page.select_option("#rb-seat", "2")
    page.wait_for_function("document.body.dataset.replaySeat === '2'")
    for seat, action in record["actions"][:20]:
        match.apply(seat, action)
    page.wait_for_function(
        f"document.querySelectorAll('#hand .hand-card').length === {len(match.view(2)['hand'])}"
    )
    assert hand(page) == sorted(match.view(2)["hand"])
    assert page.locator("#players .mine .player-name").first.text_content().startswith("Bot 3")
    assert "Choose a card" not in str(page.locator("#status").text_content())  # nobody to ask
    shot(page, "replay-lame-duck")

    # Play runs on by itself until paused.
    page.click("#rb-play")
    page.wait_for_function("Number(document.body.dataset.replayStep) >= 23")
    page.click("#rb-play")
    stopped = page.evaluate("document.body.dataset.replayStep")
    page.wait_for_timeout(400)
    assert page.evaluate("document.body.dataset.replayStep") == stopped

    page.click("#rb-last")
    page.wait_for_selector(f"#rb-count:text('Move {n} of {n}')")
    page.wait_for_selector("#end-dialog[open]")
    assert page.locator("#again-btn").is_hidden()  # nothing to play again in a replay
    assert "(you)" not in str(page.locator("#end-dialog").text_content())
    assert page.locator("#end-title").text_content().startswith("Bot 3 ")
    shot(page, "replay-lame-duck-end")
    page.click("#end-close")
    assert page.locator("#rb-download").get_attribute("href") == f"/api/tables/{table}/record"
    page.click("#rb-copy")
    page.wait_for_selector("#toast:not([hidden])")
    assert sockets == []  # a replay never opens the table's socket
    assert page.errors == []

    # The finished table's own page links its replay from the end dialog.
    page.goto(f"/t/{table}")
    page.wait_for_selector("#end-dialog[open]")
    link = page.locator("#replay-link")
    assert link.is_visible() and link.get_attribute("href") == f"/replay/{table}"
    assert page.errors == []


def test_an_uploaded_record_of_another_game_is_watched_and_a_bad_one_explained(
    web: ServerProcess, new_page: Any
) -> None:
    page = new_page(web)
    name_via_api(page, "Bea")
    table = bots_match(page, "king-of-the-quackers", 3, {"target": 1}, seed=8)
    record = page.request.get(f"/api/tables/{table}/record").json()
    n = len(record["actions"])

    page.goto("/replay")
    page.fill("#record-text", "this is no record")
    page.click("#upload-btn")
    page.wait_for_selector("#upload-error:has-text('not JSON')")
    page.fill("#record-text", json.dumps(record))
    page.click("#upload-btn")
    page.wait_for_url(re.compile(r"/replay/u\.[\w-]+"))
    page.wait_for_selector(f"#rb-count:text('The deal · move 0 of {n}')")
    # The frame's parts (not the game module's board): players' bar, status, counter.
    chips = page.locator("#players .player")
    chips.first.wait_for()  # the game's module is loaded first
    assert chips.count() == 3
    assert [chips.nth(i).locator(".player-name").text_content() for i in range(3)] == [
        "random bot",
        "heuristic bot",
        "random bot (2)",  # told apart, as at a table
    ]
    page.click("#rb-next")
    page.wait_for_selector(f"#rb-count:text('Move 1 of {n}')")
    page.wait_for_function("document.getElementById('status')?.textContent.length > 0")
    page.click("#rb-last")
    page.wait_for_selector("#end-dialog[open]")
    assert page.locator("#status").text_content() == "The match is over."
    page.click("#end-close")
    assert page.locator("#rb-download").get_attribute("href").startswith("/api/records/u.")
    assert page.locator("#deal-btn").is_hidden()  # an upload's deal is not played again
    shot(page, "replay-upload")
    assert page.errors == []


def test_my_matches_lists_a_played_match_and_opens_its_replay(
    web: ServerProcess, new_page: Any
) -> None:
    page = new_page(web)
    name_via_api(page, "Cal")
    r = page.request.post(
        "/api/tables",
        data={"game": "down-the-drain", "players": 3, "profile": "none", "options": {"games": 1}},
    )
    table = r.json()["id"]
    for seat in (1, 2):
        page.request.post(
            f"/api/tables/{table}/seats/{seat}", data={"do": "bot", "level": "heuristic"}
        )
    assert page.request.post(f"/api/tables/{table}/start").ok
    cookie = "; ".join(f"{c['name']}={c['value']}" for c in page.context.cookies())

    async def play() -> None:
        sock = await Sock.open(web, table, headers={"Cookie": cookie})
        await play_randomly(sock, random.Random(3))
        await sock.close()

    # In a thread of its own: Playwright's sync API holds this thread's event loop.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(run, play()).result()

    page.goto("/history")
    row = page.locator(f"#history-table tr[data-table='{table}']")
    row.wait_for()
    assert "Down the Drain" in str(row.text_content()) and "Cal" in str(row.text_content())
    shot(page, "history")
    row.locator("a", has_text="Replay").click()
    page.wait_for_url(re.compile(rf"/replay/{table}\?seat=0"))
    page.wait_for_selector("#rb-count:text('The deal')")
    assert page.locator("#rb-seat").input_value() == "0"

    page.goto("/leaderboard#down-the-drain")
    page.wait_for_selector("#board-table")
    names = page.locator("#board-table tbody td:nth-child(2)").all_text_contents()
    assert any(x.startswith("Cal") for x in names) and any("Heuristic bot" in x for x in names)
    explained = str(page.locator("#board-explain").text_content())
    assert "very probably has at least" in explained and "σ" not in explained
    shot(page, "leaderboard")
    assert page.errors == []


def test_another_guest_plays_a_left_matchs_deal_from_its_replay(
    web: ServerProcess, new_page: Any
) -> None:
    """Issue 28, points 2 and 3, with two guests: Ann leaves her match at once and a bot plays
    on for her; Bob, watching its replay, is told which moves the bot made for Ann, sees her
    placed last, and plays the same deal from her seat with "Play this deal"."""
    ann = new_page(web)
    name_via_api(ann, "Ann")
    table = table_via_api(ann, 3, 2, seed=23)  # Ann at seat 0, two heuristic bots
    assert ann.request.post(f"/api/tables/{table}/resign").ok
    deadline = time.monotonic() + 30
    while ann.request.get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish Ann's match"
        time.sleep(0.1)
    actions = ann.request.get(f"/api/tables/{table}/record").json()["actions"]
    n = len(actions)
    anns = next(k for k, (seat, _a) in enumerate(actions, 1) if seat == 0)
    bots = next(k for k, (seat, _a) in enumerate(actions, 1) if seat == 1)

    bob = new_page(web)
    name_via_api(bob, "Bob")
    bob.goto(f"/replay/{table}?seat=0#move={anns}")
    bob.locator("#rb-count", has_text=f"Move {anns} of {n}").wait_for()
    assert bob.locator("#rb-count .rb-by").text_content() == "a bot played for Ann"
    shot(bob, "replay-a-bot-played-for")
    bob.evaluate(f"location.hash = '#move={bots}'")  # a bot's own seat: nothing to tell
    bob.wait_for_function(
        f"document.getElementById('rb-count')?.textContent === 'Move {bots} of {n}'"
    )
    bob.evaluate("location.hash = '#move=0'")
    bob.locator("#rb-count", has_text="The deal").wait_for()
    bob.locator("#hand .hand-card").nth(9).wait_for()
    dealt = hand(bob)
    # At the end of the replay: the same deal, played from Ann's seat.
    bob.click("#rb-last")
    bob.locator("#end-dialog[open]").wait_for()
    # Ann left: last, as her result and her rating say, whatever the bot made of her seat.
    assert bob.locator("#end-title").text_content() == "Ann finishes 3rd"
    shot(bob, "replay-play-this-deal")
    bob.get_by_role("button", name="Play this deal").click()
    bob.wait_for_url(re.compile(r"/t/[\w-]+$"))
    bob.locator('#players .player[data-seat="0"]', has_text="Bob").wait_for()
    bob.locator("#hand .hand-card").nth(9).wait_for()
    assert hand(bob) == dealt  # Ann's cards, from her seat
    following = bob.url.rsplit("/", 1)[1]
    seats = bob.request.get(f"/api/tables/{following}").json()["seats"]
    assert [s["bot"] for s in seats] == [None, "heuristic", "heuristic"]
    # A visitor without a name is told what to do, in the dialog where they clicked.
    cid = new_page(web)
    cid.goto(f"/replay/{table}#move={n}")
    cid.locator("#end-dialog[open]").wait_for()
    cid.get_by_role("button", name="Play this deal").click()
    cid.locator("#end-error", has_text="Choose a name first").wait_for()
    # In German: the seat of the guest who left says so, as the bot's moves for her do.
    cid.goto(f"/replay/{table}?seat=0&lang=de#move={anns}")
    ann_chip = cid.locator('#players .player[data-seat="0"] .player-name')
    ann_chip.filter(has_text="Ann (aufgegeben)").wait_for()
    assert cid.locator("#rb-count .rb-by").text_content() == "ein Bot spielte für Ann"
    assert not ann.errors and not bob.errors
