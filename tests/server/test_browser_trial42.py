"""The fourth new-player trial's findings of issue 27 (session 42), each as the player met it, on
the trial's screens (a 1366x768 laptop, a 390x844 touch phone), in Chromium against a real
``pondside serve`` on loopback:

1. "Analyse" in a replay: the analysis appeared below the window's edge and the focus fell to
   the page (the button disabled under it);
2. Enter in the lobby's name field: the focus fell to the page (the form it was in went away);
4. while a turn's cards are placed, Lame Duck's dimmed hand cards kept the names "Play 28 (1
   duck)" of cards that could be played, and a stale preview stayed on the pond;
7. King of the Quackers' pass: with both cards picked the status still said "Choose a card for
   Bot 2…" and a slot stayed outlined as if waiting for a card;
8. Wildcat Chicane's tooltips carried rule codes (test_browser_wc.py);
11. the replay at 1366x768: "Copy link" wrapped to a second row of the bar, and the hand's dock
    covered the card area's lower edge;
10. the deal of the day, finished alone: "Best so far" named the player's own fourth place, and
    the other games' boxes stretched empty to its height;
and the third trial's 3 again: the phone coach's lesson, scrolling within it, hid its "Why:"
line with nothing to say there was more below.

Without Chromium (or Playwright) the tests are skipped, except under CI; see browserkit.py.
"""

from __future__ import annotations

from typing import Any

from browserkit import LAPTOP, bots_match, name_via_api, shot, table_via_api
from server.test_browser_daily import play_through_the_page
from server.test_browser_trial41b import phone_coach
from serverproc import ServerProcess

FOCUSED = "() => { const e = document.activeElement; return e ? (e.id || e.tagName) : null; }"
# Whether the element's box is inside the window.
IN_WINDOW = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }"""


def test_analyse_keeps_the_focus_and_then_shows_the_analysis_in_sight(
    new_page: Any, web: ServerProcess
) -> None:
    """Finding 1: at 1366x768 the analysis came under the table, below the window's edge, and
    the focus fell to the page: the person saw nothing happen. The button keeps the focus
    while it works, then offers "Analysis ↓", which brings it into sight with the
    focus (the table itself never moves when the analysis appears: test_browser_focus35)."""
    page = new_page(web, LAPTOP)
    name_via_api(page, "Cal")
    table = bots_match(page, "lame-duck", 3, {"rounds": 1}, seed=23)
    page.goto(f"/replay/{table}")
    page.locator("#rb-seat option").nth(1).wait_for(state="attached")
    page.select_option("#rb-seat", "1")
    page.wait_for_function("document.body.dataset.replaySeat === '1'")
    button = page.locator("#rb-analyse")
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#rb-an-summary:has-text('Analysing')")
    assert page.evaluate(FOCUSED) == "rb-analyse"
    page.wait_for_selector("#rb-an-summary:has-text('decisions judged')", timeout=90_000)
    assert page.evaluate(FOCUSED) == "rb-analyse"
    assert button.inner_text().startswith("Analysis ↓")
    page.keyboard.press("Enter")
    page.wait_for_function(IN_WINDOW, arg="#rb-an-summary", timeout=5_000)
    assert page.evaluate(FOCUSED) == "rb-analysis"
    shot(page, "trial42-replay-analysis-in-sight")
    assert not page.errors


def test_saving_a_name_with_enter_leaves_the_focus_on_the_page(
    new_page: Any, web: ServerProcess
) -> None:
    """Finding 2: a keyboard user typed a name and pressed Enter; the name form went away with
    the focus in it. The focus rests on "Playing as NAME", with Change and the new table's
    form next."""
    page = new_page(web, LAPTOP)
    page.goto("/")
    field = page.locator("#name-input")
    field.wait_for()
    field.focus()
    page.keyboard.type("Keyboard Kim")
    page.keyboard.press("Enter")
    page.locator("#who-name", has_text="Keyboard Kim").wait_for()
    page.wait_for_timeout(200)
    assert page.evaluate(FOCUSED) == "who"
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == "change-name"
    assert not page.errors


# The hand's cards' names and the preview line, at every drawing while a turn's cards are placed.
WATCH_PLACING = """() => {
  const seen = window.__placing = [];
  new MutationObserver(() => {
    // A turn being told: cards flying to the pond, or the status saying so (or blank).
    const status = document.getElementById("status").textContent.trim();
    if (!document.querySelector(".card.flying") && !/Placing/i.test(status) && status) return;
    if (document.querySelector("#hand .hand-card:not([disabled])")) return;
    const names = [...document.querySelectorAll("#hand .hand-card")].map((b) => b.getAttribute("aria-label"));
    const preview = document.getElementById("preview");
    seen.push({ names, preview: preview.classList.contains("on") ? preview.textContent : "",
                ghost: document.querySelectorAll(".cell.ghost").length });
  }).observe(document.body, {childList: true, subtree: true, characterData: true});
}"""


def test_while_the_cards_are_placed_the_hand_offers_nothing(
    new_page: Any, web: ServerProcess
) -> None:
    """Finding 4: while the turn's cards were placed the dimmed hand cards were still named
    "Play 28 (1 duck)" (a screen reader heard plays that could not be made), and the preview
    of a card the pointer rested on ("Play 19 → column 1", a ghost 19) stayed while the real
    cards moved into that column. While cards are placed, every hand card reads its face and
    no preview is shown."""
    page = new_page(web, LAPTOP)
    page.goto("/")
    name_via_api(page, "Hover Hal")
    page.goto(f"/t/{table_via_api(page, seed=5)}")
    live = "#hand .hand-card:not([disabled])"
    page.locator(live).first.wait_for()
    page.evaluate(WATCH_PLACING)
    for _ in range(2):
        page.locator(live).first.wait_for()
        page.wait_for_timeout(200)
        cards = page.locator(live)
        cards.nth(0).click()
        # The pointer rests on another card of the hand while the turn is told.
        page.locator("#hand .hand-card").last.hover()
        page.wait_for_function("window.__placing.length > 3", timeout=20_000)
        page.wait_for_function("!/Placing/i.test(document.getElementById('status').textContent)")
    seen = page.evaluate("window.__placing")
    shot(page, "trial42-placing-hand")
    assert seen
    for drawn in seen:
        assert not any(n and n.startswith("Play ") for n in drawn["names"]), drawn
        assert not drawn["preview"] and not drawn["ghost"], drawn
    assert not page.errors


def test_the_phones_coach_shows_there_is_more_of_its_lesson_below(
    new_page: Any, web: ServerProcess
) -> None:
    """The third trial's 3, seen again: on a 390x844 phone the coach's lesson scrolls within its
    box, above "Play it for me", and its "Why:" line was below the box's edge with no
    scrollbar to show it. While there is more below, the box says so (its last lines fade);
    scrolled to its end, it does not."""
    page = phone_coach(new_page, web)
    overflows = page.evaluate(
        "(() => { const b = document.getElementById('hint-body');"
        " return b.scrollHeight - b.clientHeight > 2; })()"
    )
    more = "document.getElementById('hint-panel').classList.contains('more-below')"
    assert page.evaluate(more) is overflows
    shot(page, "trial42-phone-coach-more-below")
    if overflows:
        mask = page.evaluate("getComputedStyle(document.getElementById('hint-body')).maskImage")
        assert "gradient" in mask, mask
        page.evaluate(
            "(() => { const b = document.getElementById('hint-body'); b.scrollTop = b.scrollHeight; })()"
        )
        page.wait_for_function(f"!{more}", timeout=2_000)
    assert not page.errors


def test_the_pass_with_both_cards_picked_says_so(new_page: Any, web: ServerProcess) -> None:
    """Finding 7: with both cards of the pass picked, King of the Quackers' status still asked
    to choose them and the right-hand slot stayed outlined as if waiting. It says both are
    picked (give them, or pick a slot to change one), and no slot waits until one is picked."""
    page = new_page(web, LAPTOP)
    page.goto("/")
    name_via_api(page, "Kay")
    table = table_via_api(page, game="king-of-the-quackers", options={}, players=4, bots=3, seed=3)
    page.goto(f"/t/{table}")
    page.locator(".kq-give").wait_for(timeout=20_000)
    status = page.locator("#status")
    assert status.inner_text().startswith("Choose a card for")
    for i in range(2):
        page.locator("#hand .kq-hcard").nth(i).click()
    page.locator("#status", has_text="Both cards are picked").wait_for()
    assert page.locator(".kq-slot.active").count() == 0
    assert not page.locator(".kq-give").is_disabled()
    shot(page, "trial42-kq-pass-both-picked")
    page.locator('.kq-slot[data-side="left"]').click()
    page.locator('.kq-slot.active[data-side="left"]').wait_for()
    assert not page.errors


def test_the_deal_of_the_day_finished_alone_names_no_best_and_keeps_its_boxes_short(
    new_page: Any, web: ServerProcess
) -> None:
    """Finding 10: the first to finish today's deal read "Best so far: Daily, 24 ducks", their
    own fourth place, and the games not played yet were boxes as tall as the finished one,
    empty. With nobody else yet there is no best of others; each box is as tall as it holds."""
    page = new_page(web, LAPTOP)
    name_via_api(page, "Daily")
    play_through_the_page(page, web, 1)
    page.goto("/daily")
    mine = page.locator("section.daily-game").first
    mine.locator(".daily-result").wait_for()
    assert "the first to finish" in mine.locator(".daily-result").inner_text()
    assert "Best so far" not in mine.inner_text()
    heights = page.locator("section.daily-game").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().height)"
    )
    shot(page, "trial42-daily-alone")
    assert all(h < heights[0] for h in heights[1:]), heights
    assert not page.errors


def test_the_laptop_replay_bar_is_one_row_and_the_card_area_clear_of_the_dock(
    new_page: Any, web: ServerProcess
) -> None:
    """Finding 11: at 1366x768 the replay bar took two rows ("Copy link" alone on the second)
    and the hand's dock covered the lower edge of the card area ("choosing" cut). The bar is
    one row and the card area ends above the dock."""
    page = new_page(web, LAPTOP)
    name_via_api(page, "Histo")
    table = bots_match(page, "lame-duck", 2, {"rounds": 1}, seed=23)
    page.goto(f"/replay/{table}?seat=0")
    page.locator("#hand .hand-card").first.wait_for()
    page.wait_for_timeout(300)
    where = page.evaluate(
        """() => ({
      rows: new Set([...document.querySelector('.replay-bar').children]
        .filter((e) => e.getClientRects().length)
        .map((e) => Math.round(e.getBoundingClientRect().top / 20))).size,
      slots: document.getElementById('slots').getBoundingClientRect().bottom,
      dock: document.getElementById('act-dock').getBoundingClientRect().top })"""
    )
    shot(page, "trial42-replay-laptop")
    assert where["rows"] == 1, where
    assert where["slots"] <= where["dock"] + 1, where
    assert not page.errors
