"""The second trial's findings outside the table frame (issue 27): the replay on a phone (3),
King of the Quackers' hand that stays where it is (14), and the leaderboard on a phone (15).
Each in the trial's screens: a 390x844 touch phone (and 360 px), a 1366x768 laptop.

Without Chromium (or Playwright) the tests are skipped, except under CI; see browserkit.py.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from browserkit import (
    LAPTOP,
    TOUCH_PHONE,
    bots_match,
    name_via_api,
    press,
    shot,
    start_server,
    table_via_api,
)
from serverproc import ServerProcess

SMALL_PHONE = {"width": 360, "height": 740}


def open_page(new_page: Any, server: ServerProcess, screen: dict[str, int]) -> Any:
    return new_page(server, screen, touch=screen is not LAPTOP)


# --- finding 3: the replay on a phone ---------------------------------------------------------

# Whether each of the pond's and the card area's points is on the screen and shows that
# element, not the dock (the status and the hand) or the replay's bar over it.
UNCOVERED = """(ids) => {
  const bad = [];
  for (const id of ids) {
    const box = document.getElementById(id).getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight + 0.5) bad.push(`${id} off the screen: ${box.top}-${box.bottom} of ${innerHeight}`);
    for (const fx of [0.1, 0.5, 0.9]) for (const fy of [0.05, 0.5, 0.95]) {
      const x = box.left + fx * box.width, y = box.top + fy * box.height;
      if (y < 0 || y >= innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || !document.getElementById(id).contains(hit) && hit.closest('#act-dock, #replay-bar'))
        bad.push(`${id} covered at ${Math.round(x)},${Math.round(y)} by ${hit && (hit.id || hit.className)}`);
    }
  }
  return bad;
}"""

# The bar's controls, where they are (to compare between moves) and whether each lies within
# the bar; and the seat select's width beside the width its shown words need (a copy of it
# holding the chosen option alone, free to take its own width, in the same place).
BAR = """() => {
  const bar = document.getElementById('replay-bar').getBoundingClientRect();
  const ids = ['rb-first', 'rb-prev', 'rb-play', 'rb-next', 'rb-last', 'rb-step', 'rb-seat', 'rb-analyse', 'rb-download', 'rb-copy'];
  const where = {};
  const outside = [];
  for (const id of ids) {
    const r = document.getElementById(id).getBoundingClientRect();
    if (!r.width) continue;
    where[id] = [Math.round(r.left), Math.round(r.top), Math.round(r.width)];
    if (r.left < bar.left - 0.5 || r.right > bar.right + 0.5 || r.top < bar.top - 0.5 || r.bottom > bar.bottom + 0.5) outside.push(id);
  }
  const select = document.getElementById('rb-seat');
  const copy = select.cloneNode(false);
  copy.removeAttribute('id');
  const option = document.createElement('option');
  option.textContent = select.selectedOptions[0].textContent;
  copy.append(option);
  copy.style.cssText = 'position:absolute; visibility:hidden; width:auto; min-width:0; max-width:none; flex:none';
  select.parentNode.append(copy);
  const needs = copy.getBoundingClientRect().width;
  copy.remove();
  return { where, outside, height: Math.round(bar.height), select: [select.getBoundingClientRect().width, needs, option.textContent],
           wide: document.documentElement.scrollWidth - innerWidth };
}"""


@pytest.mark.parametrize("screen", [TOUCH_PHONE, SMALL_PHONE, LAPTOP], ids=["390", "360", "laptop"])
def test_the_replay_shows_the_pond_and_card_area_whole_under_a_tidy_bar(
    web: ServerProcess, new_page: Any, screen: dict[str, int]
) -> None:
    host = new_page(web)
    name_via_api(host, "Newbie")
    table = bots_match(host, "lame-duck", 4, {"rounds": 1}, seed=17)
    page = open_page(new_page, web, screen)
    page.goto(f"/replay/{table}?seat=0")
    page.wait_for_selector("#rb-count:text('The deal')")
    page.locator("#hand .hand-card").first.wait_for()
    bars = []
    for move, seat in ((0, "0"), (4, "0"), (4, "")):
        if seat == "":
            page.select_option("#rb-seat", "")
            page.wait_for_function("document.body.dataset.replaySeat === ''")
        else:
            page.locator("#rb-step").evaluate(
                f"(el) => {{ el.value = '{move}'; el.dispatchEvent(new Event('input')); }}"
            )
            page.wait_for_selector(
                f"#rb-count:text('{'The deal' if move == 0 else f'Move {move} of'}')"
            )
        page.wait_for_timeout(300)  # the move's animation
        page.evaluate("window.scrollTo(0, 0)")
        shot(page, f"pages41-replay-{screen['width']}-{move}-{seat or 'spectator'}")
        if screen is not LAPTOP:  # the finding's phone: nothing docked over the table
            assert page.evaluate(UNCOVERED, ["pond", "card-area"]) == []
        bar = page.evaluate(BAR)
        assert bar["outside"] == [] and bar["wide"] <= 0, bar
        width, needs, words = bar["select"]
        assert width >= needs - 0.5, f"the seat select shows {words!r} in {width} px of {needs}"
        bars.append(bar)
    # One block: every control keeps its place whatever the move and the seat shown (a
    # phone's rows; the laptop's bar is one line, as before).
    assert screen is LAPTOP or all(
        b["where"] == bars[0]["where"] and b["height"] == bars[0]["height"] for b in bars
    ), bars
    assert page.errors == []


# --- finding 14: King of the Quackers' hand stays put -----------------------------------------


@pytest.fixture(scope="module")
def slow_bots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """Bots that take a moment, as at a real table: their plays come in one by one."""
    proc = start_server(tmp_path_factory.mktemp("kq41"), bot_delay=0.25)
    yield proc
    proc.stop()


# The hand's cards box (its top on the screen), how many rows of cards it has, and the empty
# room between the last thing above it in the dock (the status, the verdict, a button) and
# its first card.
HAND = """() => {
  const hand = document.querySelector('#hand .kq-hand');
  const cards = [...hand.querySelectorAll('.kq-hcard')];
  const rows = new Set(cards.map((c) => c.offsetTop)).size;
  const above = ['clock-slot', 'status', 'pick-play', 'result-btn'].map((id) => document.getElementById(id))
    .concat([...document.getElementById('actions').children])
    .filter((e) => e.getClientRects().length).map((e) => e.getBoundingClientRect().bottom);
  const first = hand.getBoundingClientRect().top + parseFloat(getComputedStyle(hand).paddingTop);
  const tall = ['clock-slot', 'status', 'pick-play', 'result-btn', 'actions'].map((id) => document.getElementById(id))
    .map((e) => e && e.getClientRects().length ? `${e.id}:${Math.round(e.getBoundingClientRect().height)}` : '').filter(Boolean).join(' ');
  return { top: Math.round(hand.getBoundingClientRect().top), rows, band: Math.round(first - Math.max(...above)),
           heights: tall, status: document.getElementById('status').textContent.slice(0, 60) };
}"""


@pytest.mark.parametrize("screen", [LAPTOP, TOUCH_PHONE], ids=["laptop", "390"])
def test_the_quackers_hand_stays_where_it_is_and_has_no_empty_band_above(
    slow_bots: ServerProcess, new_page: Any, screen: dict[str, int]
) -> None:
    page = open_page(new_page, slow_bots, screen)
    page.goto("/")
    name_via_api(page, "Ann")
    table = table_via_api(
        page, game="king-of-the-quackers", players=4, bots=3, options={"target": 8}, seed=55
    )
    page.goto(f"/t/{table}")
    cards = page.locator("#hand .kq-hcard")
    cards.nth(10).wait_for()
    press(page, cards.nth(0))
    press(page, cards.nth(1))
    press(page, page.locator(".kq-give:not([disabled])"))
    page.locator(".kq-lead", has_text="Your lead").wait_for()
    seen: list[tuple[str, dict[str, Any]]] = []

    def look(what: str) -> None:
        page.wait_for_timeout(120)
        seen.append((what, page.evaluate(HAND)))

    look("my lead")
    shot(page, f"pages41-kq-{screen['width']}-lead")
    turns = 0
    deadline = time.monotonic() + 60
    while turns < 4 and time.monotonic() < deadline:
        playable = page.locator("#hand .kq-hcard.playable:not([disabled])")
        passing = page.locator(".kq-pass-btn:not([disabled])")
        if not playable.count() and not passing.count():
            look("waiting")  # the bots' plays come in
            page.wait_for_timeout(150)
            continue
        look("my turn")
        if playable.count():
            press(page, playable.first)
            look("a card selected")
            if turns == 0:
                shot(page, f"pages41-kq-{screen['width']}-selected")
            press(page, page.locator(".kq-clear"))
            look("cleared")
            press(page, page.locator("#hand .kq-hcard.playable:not([disabled])").first)
            play = page.locator(".kq-play-btn:not([disabled])")
            if play.count():
                press(page, play.first)
                look("played")
                turns += 1
                continue
        press(page, page.locator(".kq-pass-btn:not([disabled])"))
        look("passed")
        turns += 1
    assert turns >= 3, seen
    # Wherever the hand has as many rows of cards, its top is in one place.
    for rows in {s["rows"] for _, s in seen}:
        tops = {s["top"] for _, s in seen if s["rows"] == rows}
        assert max(tops) - min(tops) <= 1, [
            (i, w, s)
            for i, (w, s) in enumerate(seen)
            if s["rows"] == rows and s["top"] != seen[0][1]["top"]
        ] + [("first", *seen[0])]
    # No empty room is kept above the cards for buttons not there (the phone's empty band).
    assert max(s["band"] for _, s in seen) <= 48, seen
    assert page.errors == []


# --- finding 15: the leaderboard on a phone -----------------------------------------------------

NAMES = ["PhonePal", "Keys", "Wwwwwwwwwwwwwwwwwwwwwwww", "A name of several words"]


@pytest.mark.parametrize("screen", [TOUCH_PHONE, SMALL_PHONE, LAPTOP], ids=["390", "360", "laptop"])
def test_the_leaderboard_is_a_compact_list_on_a_phone(
    web: ServerProcess, new_page: Any, screen: dict[str, int]
) -> None:
    # A rated person (resigned: the bots finish the match) beside the bots' level.
    host = new_page(web)
    name_via_api(host, "Quitter")
    table = table_via_api(host)
    assert host.request.post(f"/api/tables/{table}/resign").ok
    deadline = time.monotonic() + 20
    while host.request.get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    page = open_page(new_page, web, screen)

    # The server's answer, with more people in its format: a page of a busy server.
    def more(route: Any) -> None:
        answer = route.fetch()
        data = answer.json()
        person = next(r for r in data["ratings"] if not r["bot"])
        n = len(data["ratings"])
        data["ratings"] += [
            dict(person, name=NAMES[i % len(NAMES)], rank=n + i + 1) for i in range(16)
        ]
        route.fulfill(response=answer, json=data)

    page.route("**/api/leaderboard/*", more)
    page.goto("/leaderboard#lame-duck")
    rows = page.locator("#board-table tbody tr")
    rows.nth(17).wait_for()
    rows.nth(2).scroll_into_view_if_needed()
    shot(page, f"pages41-leaderboard-{screen['width']}")
    heights = rows.evaluate_all("rs => rs.map((r) => r.getBoundingClientRect().height)")
    assert page.evaluate("document.documentElement.scrollWidth") <= screen["width"]
    # At least eight rows to a screen (a bot level's row says what it is on a line more).
    assert sorted(heights)[len(heights) // 2] <= screen["height"] / 8, heights
    assert max(heights) <= screen["height"] / 6, heights
    # Every number is still there, each with its column's heading.
    cells = rows.nth(1).locator("td")
    assert cells.count() == 6
    assert page.locator("#board-table tbody td").evaluate_all(
        "tds => tds.every((td) => td.getBoundingClientRect().right <= innerWidth + 0.5)"
    )
    assert page.errors == []
