"""The third trial's findings outside the table frame (issue 27): King of the Quackers on a
phone (1), the leaderboard's own row (2), My matches on a phone (4), the replay bar's buttons
(5), who you are on every page (6) and the lobby's gap (7). Each in the trial's screens: a
390x844 touch phone (and 360 px), a 1366x768 laptop.

Without Chromium (or Playwright) the tests are skipped, except under CI; see browserkit.py.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from browserkit import LAPTOP, TOUCH_PHONE, bots_match, name_via_api, shot, table_via_api
from server.test_browser_pages41 import BAR, SMALL_PHONE, open_page
from serverproc import ServerProcess


def rated(page: Any, name: str) -> None:
    """``name`` on the leaderboard: a Lame Duck match resigned, the bots finishing it."""
    name_via_api(page, name)
    table = table_via_api(page)
    assert page.request.post(f"/api/tables/{table}/resign").ok
    deadline = time.monotonic() + 20
    while page.request.get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)


# --- finding 2: the leaderboard marks the viewer's own row -------------------------------------


@pytest.mark.parametrize("screen", [TOUCH_PHONE, LAPTOP], ids=["390", "laptop"])
def test_the_leaderboard_marks_the_viewers_own_row_among_namesakes(
    web: ServerProcess, new_page: Any, screen: dict[str, int]
) -> None:
    other = new_page(web)
    rated(other, "Tess")
    page = open_page(new_page, web, screen)
    rated(page, "Tess")
    page.goto("/leaderboard#lame-duck")
    rows = page.locator("#board-table tbody tr")
    rows.first.wait_for()
    shot(page, f"pages41b-leaderboard-you-{screen['width']}")
    names = rows.locator(".lb-name").evaluate_all("tds => tds.map((td) => td.textContent)")
    # This match's two guests called Tess (and the server's earlier tests' people).
    assert sum(n.startswith("Tess") for n in names) >= 2, names
    mine = page.locator("#board-table tbody tr.lb-you")
    assert mine.count() == 1, names
    assert mine.locator(".lb-name").text_content() == "Tess (you)"
    assert page.evaluate(
        "getComputedStyle(document.querySelector('tr.lb-you')).backgroundColor"
        " !== getComputedStyle(document.querySelector('tr:not(.lb-you)')).backgroundColor"
        " || getComputedStyle(document.querySelector('tr.lb-you td')).backgroundColor"
        " !== getComputedStyle(document.querySelector('tbody tr:not(.lb-you) td')).backgroundColor"
    )
    # The other Tess, in her own browser, sees her row marked and not this one.
    other.goto("/leaderboard#lame-duck")
    other.locator("#board-table tbody tr").first.wait_for()
    assert other.locator("tr.lb-you").count() == 1
    assert page.errors == [] and other.errors == []


# --- finding 5: the replay bar's Play and Next move look alike --------------------------------

# Each button's glyph drawn black on a 48 px canvas (its ink, pixel by pixel), how much of the
# ink of each pair the two share (intersection over union), and each button's background.
GLYPHS = """async (ids) => {
  const ink = {};
  for (const id of ids) {
    const svg = document.querySelector(`#${id} svg`).cloneNode(true);
    svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    svg.setAttribute('width', '48'); svg.setAttribute('height', '48');
    svg.style.cssText = 'fill:#000; stroke:#000; stroke-width:2.4; stroke-linejoin:round';
    const img = new Image();
    img.src = 'data:image/svg+xml,' + encodeURIComponent(svg.outerHTML);
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 48;
    const g = canvas.getContext('2d');
    g.drawImage(img, 0, 0, 48, 48);
    ink[id] = [...g.getImageData(0, 0, 48, 48).data].filter((_, i) => i % 4 === 3).map((a) => a > 127);
  }
  const iou = (a, b) => {
    let both = 0, either = 0;
    ink[a].forEach((x, i) => { both += x && ink[b][i]; either += x || ink[b][i]; });
    return both / either;
  };
  const bg = (id) => getComputedStyle(document.getElementById(id)).backgroundColor;
  return { play_next: iou('rb-play', 'rb-next'), prev_first: iou('rb-prev', 'rb-first'),
           next_last: iou('rb-next', 'rb-last'), bg: [bg('rb-play'), bg('rb-next')] };
}"""


@pytest.mark.parametrize("screen", [TOUCH_PHONE, LAPTOP], ids=["390", "laptop"])
def test_the_replay_bars_play_and_step_buttons_look_different(
    web: ServerProcess, new_page: Any, screen: dict[str, int]
) -> None:
    host = new_page(web)
    name_via_api(host, "Watcher")
    table = bots_match(host, "lame-duck", 4, {"rounds": 1}, seed=5)
    page = open_page(new_page, web, screen)
    page.goto(f"/replay/{table}")
    page.wait_for_selector("#rb-count:text('The deal')")
    shot(page, f"pages41b-replay-bar-{screen['width']}")
    seen = page.evaluate(GLYPHS, ["rb-first", "rb-prev", "rb-play", "rb-next", "rb-last"])
    # Play's triangle and Next move's share less than two thirds of their ink (they shared
    # most: two right-pointing triangles of nearly one size), and Play is filled apart.
    assert seen["play_next"] < 0.67, seen
    assert seen["prev_first"] < 0.67 and seen["next_last"] < 0.67, seen
    assert seen["bg"][0] != seen["bg"][1], seen
    assert page.evaluate(BAR)["outside"] == []
    assert page.errors == []


# --- finding 4: My matches on a phone ---------------------------------------------------------

# How many lines each cell's own words take (its column's heading, a ::before, not counted).
LINES = """(td) => {
  const range = document.createRange();
  range.selectNodeContents(td);
  return new Set([...range.getClientRects()].filter((r) => r.width).map((r) => Math.round(r.top))).size;
}"""


@pytest.mark.parametrize("screen", [TOUCH_PHONE, SMALL_PHONE], ids=["390", "360"])
def test_my_matches_rows_are_readable_on_a_phone(
    web: ServerProcess, new_page: Any, screen: dict[str, int]
) -> None:
    page = open_page(new_page, web, screen)
    rated(page, "Lena")

    # The longest game's name in the same answer: King of the Quackers.
    def longest(route: Any) -> None:
        answer = route.fetch()
        data = answer.json()
        data["matches"] += [dict(data["matches"][0], game_name="King of the Quackers")]
        route.fulfill(response=answer, json=data)

    page.route("**/api/players/me/matches*", longest)
    page.goto("/history")
    rows = page.locator("#history-table tbody tr")
    rows.nth(1).wait_for()
    shot(page, f"pages41b-history-{screen['width']}")
    for i in range(2):
        for cell in (1, 2):  # when it finished, the game
            td = rows.nth(i).locator(f"td:nth-child({cell})")
            assert td.evaluate(LINES) == 1, (cell, td.text_content())
    assert page.evaluate("document.documentElement.scrollWidth") <= screen["width"]
    # A row is a few lines, not a screenful: several matches to a screen.
    heights = rows.evaluate_all("rs => rs.map((r) => r.getBoundingClientRect().height)")
    assert max(heights) <= screen["height"] / 4, heights
    assert page.errors == []


# --- finding 6: who you are on every page, and nothing alone on the header's rows ---------------

# The top bar's visible parts, each with the others on its row (their boxes overlap in height).
HEADER = """() => {
  const parts = [...document.querySelector('.topbar').children].filter((e) => e.getClientRects().length);
  const box = (e) => e.getBoundingClientRect();
  return parts.map((e) => ({
    part: e.className || e.tagName,
    with: parts.filter((o) => o !== e && box(o).top < box(e).bottom - 2 && box(e).top < box(o).bottom - 2).length,
  }));
}"""


@pytest.mark.parametrize("screen", [TOUCH_PHONE, SMALL_PHONE, LAPTOP], ids=["390", "360", "laptop"])
@pytest.mark.parametrize("path", ["/learn", "/rules", "/leaderboard", "/history", "/replay"])
def test_every_site_page_says_who_you_are_and_leaves_nothing_alone_in_its_header(
    web: ServerProcess, new_page: Any, screen: dict[str, int], path: str
) -> None:
    page = open_page(new_page, web, screen)
    page.goto("/")
    name_via_api(page, "Tess")
    page.goto(path)
    who = page.locator(".topbar #who-name")
    who.wait_for()
    assert who.text_content() == "Tess"
    page.locator(".topbar .lang-switch").wait_for()
    shot(page, f"pages41b-header{path.replace('/', '-')}-{screen['width']}")
    parts = page.evaluate(HEADER)
    # On a phone the nav's links fill their own rows; everything else shares a row.
    alone = [p for p in parts if p["with"] == 0 and p["part"] != "site-nav"]
    assert alone == [], parts
    assert page.evaluate("document.documentElement.scrollWidth") <= screen["width"]
    if screen is LAPTOP:
        assert "Playing as" in page.locator(".topbar .who").inner_text()
    if path == "/learn":  # Change: the lobby's name form, filled with the name
        page.locator(".topbar .who-change").click()
        page.locator("#name-input").wait_for()
        assert page.locator("#name-input").input_value() == "Tess"
    assert page.errors == []


# --- finding 7: the lobby's open tables and the games, one under the other --------------------


def test_the_lobby_has_no_gap_between_open_tables_and_the_games_on_a_laptop(
    web: ServerProcess, new_page: Any
) -> None:
    page = open_page(new_page, web, LAPTOP)
    page.goto("/")
    name_via_api(page, "Tess")

    # No table open, as in the trial (other tests' tables are over, but say so anyway).
    def none_open(route: Any) -> None:
        answer = route.fetch()
        route.fulfill(response=answer, json=dict(answer.json(), tables=[]))

    page.route("**/api/tables?*", none_open)
    page.goto("/")
    page.locator("#game-list li").first.wait_for()
    page.locator("#no-tables").wait_for()
    shot(page, "pages41b-lobby-1366")
    gaps = page.evaluate(
        """() => {
          const box = (s) => document.querySelector(s).getBoundingClientRect();
          const gap = parseFloat(getComputedStyle(document.querySelector('.lobby')).rowGap);
          return [box('.about-panel').top - box('.tables-panel').bottom, gap];
        }"""
    )
    assert gaps[0] <= gaps[1] + 1, gaps
    assert page.errors == []


# --- finding 1: King of the Quackers on a phone -----------------------------------------------

# Each received card's ↓ mark against the card's name and suits: the boxes that overlap.
MARKS = """() => {
  const hit = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const out = [];
  for (const mark of document.querySelectorAll('#hand .kq-new')) {
    const card = mark.closest('.kq-hcard');
    const m = mark.getBoundingClientRect();
    for (const part of card.querySelectorAll('.dcard-name, .dcard-suits > *, .dcard-rank, .dcard-person')) {
      // The name with a little room around it: a mark touching its line reads as over it.
      const r = part.getBoundingClientRect(), room = part.matches('.dcard-name') ? 4 : 0;
      const box = { left: r.left, right: r.right, top: r.top - room, bottom: r.bottom + room };
      if (part.textContent.trim() && hit(m, box)) out.push(`${card.getAttribute('aria-label')}: ${part.className} ${part.textContent}`);
    }
    const c = card.getBoundingClientRect();
    if (m.left < c.left || m.right > c.right || m.top < c.top || m.bottom > c.bottom) out.push(`${card.getAttribute('aria-label')}: outside`);
  }
  return out;
}"""


@pytest.mark.parametrize("screen", [TOUCH_PHONE, SMALL_PHONE, LAPTOP], ids=["390", "360", "laptop"])
def test_the_quackers_received_mark_leaves_the_card_name_readable(
    web: ServerProcess, new_page: Any, screen: dict[str, int]
) -> None:
    page = open_page(new_page, web, screen)
    page.goto("/")
    name_via_api(page, "Kit")
    table = table_via_api(
        page, game="king-of-the-quackers", players=4, bots=3, options={"target": 50}, seed=55
    )
    page.goto(f"/t/{table}")
    cards = page.locator("#hand .kq-hcard")
    cards.nth(10).wait_for()
    cards.nth(0).click()
    cards.nth(1).click()
    page.locator(".kq-give:not([disabled])").click()
    page.locator("#hand .kq-new").first.wait_for()
    shot(page, f"pages41b-kq-received-{screen['width']}")
    assert page.locator("#hand .kq-new").count() == 2
    assert page.evaluate(MARKS) == []
    assert page.errors == []


@pytest.mark.parametrize("screen", [TOUCH_PHONE, LAPTOP], ids=["390", "laptop"])
def test_after_passing_the_keyboards_focus_is_on_something_to_do(
    web: ServerProcess, new_page: Any, screen: dict[str, int]
) -> None:
    """Seed 3: the others lead; the first turn is a play to beat, where some cards are dim."""
    page = open_page(new_page, web, screen)
    page.goto("/")
    name_via_api(page, "Kit")
    table = table_via_api(
        page, game="king-of-the-quackers", players=4, bots=3, options={"target": 50}, seed=3
    )
    page.goto(f"/t/{table}")
    cards = page.locator("#hand .kq-hcard")
    cards.nth(10).wait_for()
    for target in (cards.nth(0), cards.nth(1), page.locator(".kq-give:not([disabled])")):
        target.focus()
        page.keyboard.press("Enter")
    page.locator("#status", has_text="Your turn").wait_for()
    page.locator("#hand .kq-hcard.dim").first.wait_for()
    page.wait_for_timeout(300)
    shot(page, f"pages41b-kq-focus-{screen['width']}")
    focused = page.evaluate(
        "() => { const a = document.activeElement;"
        " return [a.id, a.className, a.getAttribute('aria-label')]; }"
    )
    assert "dim" not in focused[1].split(), focused
    assert focused[0] == "status" or "playable" in focused[1] or "kq-pass-btn" in focused[1], (
        focused
    )
    assert page.errors == []


@pytest.mark.parametrize("screen", [TOUCH_PHONE, SMALL_PHONE], ids=["390", "360"])
def test_the_quackers_pass_leaves_no_empty_band_under_the_slots(
    web: ServerProcess, new_page: Any, screen: dict[str, int]
) -> None:
    page = open_page(new_page, web, screen)
    page.goto("/")
    name_via_api(page, "Kit")
    table = table_via_api(
        page, game="king-of-the-quackers", players=4, bots=3, options={"target": 50}, seed=3
    )
    page.goto(f"/t/{table}")
    page.locator("#hand .kq-hcard").nth(10).wait_for()
    page.locator(".kq-slot").nth(1).wait_for()
    page.wait_for_timeout(300)
    shot(page, f"pages41b-kq-pass-{screen['width']}")
    band = page.evaluate(
        """() => {
          const board = document.getElementById('board').getBoundingClientRect();
          const pad = parseFloat(getComputedStyle(document.getElementById('board')).paddingBottom);
          const slots = [...document.querySelectorAll('.kq-slot')].map((s) => s.getBoundingClientRect().bottom);
          return board.bottom - pad - Math.max(...slots);
        }"""
    )
    assert band <= 24, band
    assert page.errors == []
