"""One voice per game, in the browser (issue 26): the explanations a person reads on the table
page are the server's narration, the very lines the terminal prints for the same steps of the
same match, for every game; and a reload comes back to them (issue 27, point 4).

A person watches a table of bots (bots that take a moment, so the page sees the match unfold)
with the explanations open; the lines the page shows are compared with the terminal's narrator
fed the table's record."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from browserkit import LAPTOP, TOUCH_PHONE, name_via_api, press, shot, start_server, table_via_api
from pondside.engine import Match
from pondside.engine.narrate import with_names
from pondside.games import get_game
from pondside.server.telling import shown_names
from replaykit import terminal_lines
from serverproc import ServerProcess
from tablesock import Sock, play_randomly, run

# A short match of each game, played by bots at a pace a page can follow: players, options,
# seed. Ladders' deal 43 is a round of about 170 actions where 41's is 300, each a bot's
# 0.15 s (the slowest test of the suite's, for the same checks).
MATCHES: dict[str, tuple[int, dict[str, Any], int]] = {
    "lame-duck": (4, {"rounds": 1}, 41),
    "king-of-the-quackers": (3, {"target": 1}, 41),
    "wildcat-chicane": (3, {"variant": "wildcat", "target": 1}, 41),
    "ladders": (2, {"target": 1}, 43),
    "down-the-drain": (3, {}, 41),
}


@pytest.fixture(scope="module")
def slow_bots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = start_server(tmp_path_factory.mktemp("voice"), bot_delay=0.15)
    yield proc
    proc.stop()


def retold_lines(record: dict[str, Any], names: list[str]) -> set[str]:
    """The lines of each step as a welcome retells it, from the view after it alone (the page
    that reloads reads those: a narrator may say less without the view before)."""
    game = get_game(record["game"])
    match: Match[Any] = Match.start_of(game, record)
    out: set[str] = set()
    for seat, action in record["actions"]:
        events = match.apply(seat, action)
        lines = game.narrate(None, events, match.view(None), None, names)
        out.update(with_names(t, game.card_spans(t)) for t in lines)
    return out


def bots_table(page: Any, game: str) -> str:
    players, options, seed = MATCHES[game]
    body = {"game": game, "players": players, "profile": "none", "options": options, "seed": seed}
    r = page.request.post("/api/tables", data=body)
    assert r.status == 201, r.text()
    table = str(r.json()["id"])
    for seat in range(players):
        r = page.request.post(
            f"/api/tables/{table}/seats/{seat}", data={"do": "bot", "level": "heuristic"}
        )
        assert r.ok, r.text()
    return table


def shown_lines(page: Any) -> list[str]:
    return [t.strip() for t in page.locator("#explain-list .explain-line").all_inner_texts()]


def wait_over(page: Any, table: str, limit: float = 120) -> None:
    deadline = time.monotonic() + limit
    while page.request.get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        page.wait_for_timeout(200)


@pytest.mark.parametrize("game", list(MATCHES))
def test_the_explanations_are_the_terminals_lines_and_survive_a_reload(
    slow_bots: ServerProcess, new_page: Any, game: str, tmp_path: Path
) -> None:
    page = new_page(slow_bots)
    page.add_init_script("localStorage.setItem('pondside.explain', '1')")
    page.goto("/")
    name_via_api(page, "Watcher")
    table = bots_table(page, game)
    page.goto(f"/t/{table}?speed=0")
    assert page.request.post(f"/api/tables/{table}/start").ok
    # Some steps in, the page is reloaded: what it had explained comes back, then goes on.
    page.wait_for_function("document.querySelectorAll('#explain-list .explain-line').length >= 3")
    before = shown_lines(page)
    left_at = int(page.evaluate("document.body.dataset.seq"))
    page.reload()
    page.locator("#game:not([hidden])").wait_for()
    back_at = int(page.evaluate("document.body.dataset.seq"))
    page.wait_for_function(
        "n => document.querySelectorAll('#explain-list .explain-line').length >= n",
        arg=len(before),
    )
    after = shown_lines(page)
    assert all(line in after for line in before), "a reload lost explanations"
    wait_over(page, table)
    page.locator("#end-dialog[open]").wait_for(timeout=30_000)
    shot(page, f"voice-{game}")
    seen = shown_lines(page)
    last_seq = int(page.evaluate("document.body.dataset.seq"))

    record = page.request.get(f"/api/tables/{table}/record").json()
    names = shown_names(page.request.get(f"/api/tables/{table}").json())
    # The page reads each card by the name the server gives (issue 27: "the Mountain" where the
    # terminal prints "the Mountain (4MS)"), the same sentence otherwise.
    cards = get_game(game).card_spans
    steps = [
        [with_names(t, cards(t)) for t in step] for step in terminal_lines(record, names, None)
    ]
    said = [line for step in steps for line in step]
    # Every line the page shows is one the terminal prints for this match...
    retold = retold_lines(record, names)
    strangers = [line for line in seen if line not in said and line not in retold]
    assert not strangers, strangers[:5]
    # ...and every step told since the page first looked is there, in full (the first step
    # seen may be the welcome's retelling; the list keeps the newest 200 lines).
    # The steps made while the page was reloading are not shown, but the last of them, which
    # the welcome retells (from the view after it alone).
    first = next(i for i, step in enumerate(steps) if step and step[0] in seen)
    seq_of = {i: last_seq - (len(steps) - 1 - i) for i in range(len(steps))}
    gone = {i for i in seq_of if left_at < seq_of[i] <= back_at}
    missing = [
        line
        for i, step in enumerate(steps)
        if i >= first and i not in gone
        for line in step
        if line not in seen
    ]
    assert not missing or len(seen) >= 200, missing[:5]
    assert len(steps) - first >= 3, "the page saw the match unfold"
    assert not page.errors, page.errors


def test_the_clocks_choice_is_told_and_every_step_announced_with_explanations_off(
    quick_clock: ServerProcess, new_page: Any
) -> None:
    """Issue 27, 8 and accessibility: when time runs out, the explanations say the clock chose
    (not only a toast), and every step is said in a live region even with explanations off; on
    a laptop and on a touch phone: both tables are opened, then started together (the quick
    clock's match lasts some 20 s: the second page's checks come while it runs)."""
    pages = []
    for viewport, touch in ((LAPTOP, False), (TOUCH_PHONE, True)):
        page = new_page(quick_clock, viewport, touch=touch)
        page.goto("/")
        name_via_api(page, "Ann")
        body = {"game": "down-the-drain", "players": 3, "profile": "fast", "seed": 5}
        r = page.request.post("/api/tables", data=body)
        assert r.status == 201, r.text()
        table = r.json()["id"]
        for seat in (1, 2):
            assert page.request.post(
                f"/api/tables/{table}/seats/{seat}", data={"do": "bot", "level": "random"}
            ).ok
        page.goto(f"/t/{table}?speed=0")
        page.locator(".seat").first.wait_for()
        pages.append((page, table))
    for page, table in pages:
        assert page.request.post(f"/api/tables/{table}/start").ok
    for page, _ in pages:
        where = "phone" if page.touch else "laptop"
        assert page.locator("#explain").is_hidden()  # explanations are off by default
        # Ann's time runs out at each of her turns: a toast each time, in sight.
        toast = page.locator("#toast", has_text="Your time ran out: the clock chose for you.")
        toast.wait_for(timeout=20_000)
        assert "What just happened" not in page.locator("#toast").inner_text(), where
        box = toast.bounding_box()
        width = page.viewport_size["width"]
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, (where, box)
        announced = page.locator("#announce")
        announced.locator("p", has_text="Your time ran out: the clock chose for you.").wait_for()
        assert "You play " in announced.inner_text() or "You play" in " ".join(shown_lines(page))
        lines = shown_lines(page)
        assert "Your time ran out: the clock chose for you." in lines, where
        shot(page, f"voice-clock-chose-{where}")
        assert not page.errors, page.errors


# What the explanations box says while nothing has been told, in English and in German.
NOTHING_YET = {
    "en": "Sentences about each play will appear here.",
    "de": "Hier erscheinen Sätze zu jedem Zug.",
}


def says_what_it_will_hold(page: Any, where: str, lang: str = "en") -> None:
    """The explanations box is open and, nothing told yet, says what it will hold, as a list
    item a screen reader reaches: never an empty "What just happened"."""
    page.locator("#game:not([hidden])").wait_for()
    assert page.locator("#explain").is_visible(), where
    items = page.locator("#explain-list li")
    assert items.all_inner_texts() == [NOTHING_YET[lang]], (where, items.all_inner_texts())
    assert items.first.is_visible(), where


def play_to_the_end_by_socket(page: Any, server: ServerProcess, table: str) -> None:
    """This page's guest plays their seat of `table` by random legal actions, to the end."""
    header = "; ".join(f"{c['name']}={c['value']}" for c in page.context.cookies())

    async def play() -> None:
        sock = await Sock.open(server, table, headers={"Cookie": header})
        await play_randomly(sock, random.Random(5))
        await sock.close()

    # In a thread of its own: Playwright's sync API holds this thread's event loop.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(run, play()).result()


@pytest.mark.parametrize("screen", ["laptop", "phone"])
def test_the_explanations_box_says_what_it_will_hold_at_every_start(
    web: ServerProcess, new_page: Any, screen: str
) -> None:
    """Issue 27, 4: with the explanations on (the setting remembered), a new match's table
    says what the box will hold until the first play is told: a Lame Duck match started with
    Play again, the same table reloaded, a Down the Drain table in German; on a laptop and on a
    touch phone."""
    phone = screen == "phone"
    page = new_page(web, TOUCH_PHONE if phone else LAPTOP, touch=phone)
    page.add_init_script("localStorage.setItem('pondside.explain', '1')")
    page.goto("/")
    name_via_api(page, "Ann")
    first = table_via_api(page, players=3, bots=2)
    play_to_the_end_by_socket(page, web, first)
    page.goto(f"/t/{first}")
    page.locator("#end-dialog[open]").wait_for()
    again = page.locator("#again-btn")
    # A tap on the phone; either way with the page's own time to navigate (press allows 2 s).
    if phone:
        again.tap()
    else:
        again.click()
    page.wait_for_url(lambda url: not url.endswith(first))
    press(page, page.locator("#start-btn:not([disabled])"))
    page.locator("#hand .hand-card:not([disabled])").first.wait_for()
    says_what_it_will_hold(page, "a new match")
    shot(page, f"explain-nothing-yet-{screen}")
    page.reload()
    page.locator("#hand .hand-card:not([disabled])").first.wait_for()
    says_what_it_will_hold(page, "reloaded")
    # The first line told takes the sentence's place.
    press(page, page.locator("#hand .hand-card:not([disabled])").first)
    if phone:  # a first tap selects, a second plays (issue 27, 2)
        press(page, page.locator("#hand .hand-card.selected"))
    page.locator("#explain-list .explain-line").first.wait_for()
    assert NOTHING_YET["en"] not in page.locator("#explain-list").inner_text()

    # Seed 1: Ann leads, so nothing is told before her first play.
    drain = table_via_api(page, players=3, bots=2, game="down-the-drain", options={}, seed=1)
    page.goto(f"/t/{drain}?lang=de")
    page.locator(".dd-hand.active .dd-hand-card:not([disabled])").first.wait_for()
    says_what_it_will_hold(page, "Down the Drain", "de")
    assert not page.errors, page.errors
