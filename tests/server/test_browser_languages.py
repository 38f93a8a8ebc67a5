"""Two languages (issue 28, point 7), in Chromium against a real ``pondside serve``:

- a browser whose first language is German gets the site in German, and its switch takes a
  person to English and back, remembered on the next visit;
- in the pseudo-locale (``?lang=en-XA``: every catalog message wrapped in ⟦…⟧) no visible text
  of the page is outside the markers, except what is marked ``translate="no"`` (the players'
  names, a command's name): a word a page writes without the catalog shows at once.

Without Chromium (or Playwright) the tests are skipped, except under CI; see browserkit.py.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from browserkit import (
    LAPTOP,
    OUTSIDE_THE_CATALOG,
    TOUCH_PHONE,
    name_via_api,
    shot,
    table_via_api,
)
from serverproc import ServerProcess


def open_tables(page: Any) -> None:
    """A table of people and bots waiting (listed), and a private one: the list's every line."""
    for listed in (True, False):
        r = page.request.post(
            "/api/tables",
            data={
                "game": "king-of-the-quackers",
                "players": 3,
                "profile": "slow",
                "listed": listed,
            },
        )
        assert r.ok, r.text()
        table = r.json()["id"]
        seat = page.request.post(
            f"/api/tables/{table}/seats/1", data={"do": "bot", "level": "casual"}
        )
        assert seat.ok, seat.text()


@pytest.mark.parametrize("phone", [False, True], ids=["laptop", "phone"])
def test_the_lobby_in_the_pseudo_locale_has_no_word_outside_the_catalog(
    new_page: Any, web: ServerProcess, phone: bool
) -> None:
    page = new_page(web, TOUCH_PHONE if phone else LAPTOP, touch=phone)
    name_via_api(page, "Ann")
    open_tables(page)
    page.goto("/?lang=en-XA&game=king-of-the-quackers")
    page.locator("#table-list .table-item").first.wait_for()
    page.wait_for_function("document.querySelectorAll('#game option').length > 1")
    page.locator("#tables-updated:not(:empty)").wait_for()
    found = page.evaluate(OUTSIDE_THE_CATALOG)
    assert found == [], found
    # Every game's options form.
    for slug in page.eval_on_selector_all("#game option", "os => os.map(o => o.value)"):
        page.select_option("#game", slug)
        found = page.evaluate(OUTSIDE_THE_CATALOG)
        assert found == [], (slug, found)
    shot(page, f"lobby-pseudo-{'phone' if phone else 'laptop'}")
    # A newcomer without a name: the name panel and the message that asks for it.
    newcomer = new_page(web, TOUCH_PHONE if phone else LAPTOP, touch=phone)
    newcomer.goto("/?lang=en-XA")
    newcomer.wait_for_function("document.querySelectorAll('#game option').length > 1")
    newcomer.locator("#create-btn").click()
    newcomer.locator("#name-error:not(:empty)").wait_for()
    found = newcomer.evaluate(OUTSIDE_THE_CATALOG)
    assert found == [], found
    assert page.errors == newcomer.errors == []


def test_a_german_browser_gets_the_site_in_german_and_the_switch_is_remembered(
    browser: Any, web: ServerProcess
) -> None:
    ctx = browser.new_context(viewport=LAPTOP, base_url=web.url, locale="de-DE")
    try:
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        name_via_api(page, "Änne")
        open_tables(page)
        page.goto("/")
        assert page.locator("html").get_attribute("lang") == "de"
        assert page.locator("#create-title").text_content() == "Neuer Tisch"
        page.locator("#table-list .table-item").first.wait_for()
        item = page.locator("#table-list .table-item").first.inner_text()
        assert "Plätze" in item and "(du)" in item and "Zurück zu deinem Platz" in item, item
        # The game's own words, from its declarations, through the catalog.
        page.select_option("#game", "lame-duck")
        assert "Enten" in page.locator("#game-summary").inner_text()
        assert page.locator("#opt-rounds-label").text_content() == "Runden"
        assert page.locator("#lang-switch").input_value() == "de"
        shot(page, "lobby-de")
        # The switch: English now, and on the next visit (a cookie the server reads).
        page.select_option("#lang-switch", "en")
        # (The switch loads the page again: for a moment there is no document element.)
        page.wait_for_function("document.documentElement?.lang === 'en'")
        assert page.locator("#create-title").text_content() == "New table"
        page.goto("/history")
        assert page.locator("html").get_attribute("lang") == "en"
        page.select_option("#lang-switch", "de")
        page.wait_for_function("document.documentElement?.lang === 'de'")
        assert page.locator("#nav-history").text_content() == "Meine Partien"
        page.set_viewport_size(TOUCH_PHONE)
        page.goto("/")
        page.locator("#table-list .table-item").first.wait_for()
        shot(page, "lobby-de-phone", full=True)
        assert errors == []
    finally:
        ctx.close()


# The rules index too (a game's rules page: below, its cards aside).
SITE_PAGES = ["/learn", "/daily", "/puzzles", "/history", "/leaderboard", "/replay", "/rules"]


@pytest.mark.parametrize("path", SITE_PAGES)
def test_the_sites_pages_in_the_pseudo_locale_have_no_word_outside_the_catalog(
    new_page: Any, web: ServerProcess, path: str
) -> None:
    page = new_page(web, LAPTOP)
    name_via_api(page, "Ann")
    if path in ("/history", "/leaderboard"):
        # A finished match of Ann's (resigned at once: the bots play it out), so the pages
        # have their rows.
        table = table_via_api(page, 4, 3, options={"rounds": 1})
        assert page.request.post(f"/api/tables/{table}/resign").ok
        deadline = time.monotonic() + 30
        while page.request.get(f"/api/tables/{table}").json()["status"] != "over":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)
    page.goto(f"{path}?lang=en-XA")
    page.wait_for_load_state("networkidle")
    found = page.evaluate(OUTSIDE_THE_CATALOG)
    assert found == [], found
    assert page.errors == []


def test_a_tables_waiting_room_in_the_pseudo_locale_has_no_word_outside_the_catalog(
    new_page: Any, web: ServerProcess
) -> None:
    page = new_page(web, LAPTOP)
    name_via_api(page, "Ann")
    r = page.request.post(
        "/api/tables", data={"game": "lame-duck", "players": 4, "profile": "normal"}
    )
    table = r.json()["id"]
    seat = page.request.post(f"/api/tables/{table}/seats/1", data={"do": "bot", "level": "casual"})
    assert seat.ok, seat.text()
    page.goto(f"/t/{table}?lang=en-XA")
    page.locator("#seat-list .seat").nth(3).wait_for()
    found = page.evaluate(OUTSIDE_THE_CATALOG)
    assert found == [], found
    assert page.errors == []


def test_a_rules_page_in_the_pseudo_locale_and_in_german(new_page: Any, web: ServerProcess) -> None:
    """The text of a rules page is the game's translation; in the pseudo-locale the English
    text is marked run by run (server/rules_pages.py), so only the page's words are checked
    here. The cards its examples draw are the table's own (static/cards.js: "7 (1 duck)"),
    not yet in the catalog, as at a table: they are taken out before the check."""
    page = new_page(web, LAPTOP)
    page.goto("/rules/lame-duck?lang=en-XA")
    page.locator("body.examples-drawn").wait_for()
    assert page.locator(".example-card").count() > 0
    page.evaluate("document.querySelectorAll('.example-card').forEach((c) => c.remove())")
    found = page.evaluate(OUTSIDE_THE_CATALOG)
    assert found == [], found
    page.goto("/rules/lame-duck?lang=de")
    assert page.locator("html").get_attribute("lang") == "de"
    assert page.locator("#kurz-gesagt").text_content() == "Kurz gesagt"
    assert page.locator("#lang-switch").input_value() == "de"  # the site's switch is here too
    assert page.errors == []
