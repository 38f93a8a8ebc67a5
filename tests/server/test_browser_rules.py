"""The rules pages in a real browser: reached from the lobby's "Rules" link, examples drawn with
the table's own cards, readable on a 360 px phone, and the table's how-to dialog fed from them.

Screenshots: rules-<slug>-desktop.png and rules-<slug>-phone.png (``make screenshots`` keeps
them in docs/screenshots).
"""

from __future__ import annotations

from typing import Any

from browserkit import DESKTOP, PHONE, name_via_api, shot, table_via_api
from serverproc import ServerProcess


def drawn(page: Any) -> None:
    """Wait until rules.js has drawn every example (or kept its chips)."""
    page.wait_for_selector("body.examples-drawn")


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


def test_rules_from_the_lobby_with_lame_duck_cards(web: ServerProcess, new_page: Any) -> None:
    page = new_page(web)
    page.goto("/")
    page.click("#nav-rules")
    page.wait_for_url("**/rules")
    assert page.locator(".rules-game").count() == 5
    page.click("text=Lame Duck >> nth=0")
    page.wait_for_url("**/rules/lame-duck")
    drawn(page)
    # The duck values are drawn as the pond's own cards, 7 15 30 44 55.
    first = page.locator(".cards-example").first
    assert first.locator(".card").evaluate_all("cs => cs.map(c => c.dataset.card)") == [
        "7",
        "15",
        "30",
        "44",
        "55",
    ]
    assert page.locator(".cards-example .card-chip").count() == 0
    assert page.locator(".rules-toc a[href='#a-card-too-low']").count() == 1
    shot(page, "rules-lame-duck-desktop")
    assert not page.errors


def test_decktet_rules_on_a_phone_and_the_way_to_a_table(web: ServerProcess, new_page: Any) -> None:
    page = new_page(web, viewport=PHONE)
    page.goto("/rules/king-of-the-quackers")
    drawn(page)
    bomb = page.locator(".cards-example .dcard[data-card='3SK']").first
    assert bomb.get_attribute("title").startswith("the Painter")
    assert page.locator(".cards-example .card-chip").count() == 0
    no_sideways_scroll(page)
    page.locator("#straight-flush").scroll_into_view_if_needed()
    shot(page, "rules-king-of-the-quackers-phone")
    # "Open a table" brings the lobby with the game chosen.
    page.click("#open-table")
    page.wait_for_url("**/?game=king-of-the-quackers")
    page.wait_for_function("document.querySelector('#game')?.value === 'king-of-the-quackers'")
    assert not page.errors


def test_every_game_s_examples_are_drawn_at_360_px(web: ServerProcess, new_page: Any) -> None:
    page = new_page(web, viewport=PHONE)
    page.goto("/rules")
    no_sideways_scroll(page)
    for slug in ("lame-duck", "wildcat-chicane", "ladders", "down-the-drain"):
        page.goto(f"/rules/{slug}")
        drawn(page)
        no_sideways_scroll(page)
        # Every card of every row is there: drawn by the game's own table, or as a chip.
        for row in page.locator(".cards[data-cards]").all():
            codes = (row.get_attribute("data-cards") or "").split()
            assert row.evaluate("r => r.children.length") == max(len(codes), 1)
    page.set_viewport_size(DESKTOP)
    page.goto("/rules/ladders#a-worked-turn")
    drawn(page)
    shot(page, "rules-ladders-desktop")
    assert not page.errors


def test_a_table_s_how_to_dialog_shows_the_points_in_short(
    web: ServerProcess, new_page: Any
) -> None:
    page = new_page(web)
    name_via_api(page, "Ann")
    table = table_via_api(page, game="down-the-drain", players=3, bots=2, options={})
    page.goto(f"/t/{table}")
    page.click("#help-btn")
    page.wait_for_selector("#howto li")
    assert 5 <= page.locator("#howto li").count() <= 8
    assert page.locator("#help-title").text_content() == "How to play Down the Drain"
    assert page.locator("#rules-link").get_attribute("href") == "/rules/down-the-drain"
