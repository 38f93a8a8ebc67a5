"""Resigning a running match in Chromium, on a 1366×768 laptop and a 390×844 touch phone
(issue 27, defect 9): the Resign tool, reached by keyboard, asks first (the safe answer
focused), a bot then plays the seat and the player watches on; the lobby leaves the match, now
of bots alone, out of "Open tables" until asked.

The screenshots (resign-*.png) go where browserkit puts them (docs/screenshots with
``make screenshots``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browserkit import (
    LAPTOP,
    TOUCH_PHONE,
    axe_violations,
    name_via_api,
    shot,
    start_server,
    table_via_api,
)
from serverproc import ServerProcess

SCREENS = [pytest.param(False, id="laptop"), pytest.param(True, id="phone")]


@pytest.fixture(scope="module")
def slow_bots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    # Bots think for a second: the match is still being played while the test looks at it.
    proc = start_server(tmp_path_factory.mktemp("resign"), bot_delay=1.0)
    yield proc
    proc.stop()


@pytest.mark.parametrize("phone", SCREENS)
def test_a_player_resigns_by_keyboard_and_watches_on(
    new_page: Any, slow_bots: ServerProcess, phone: bool
) -> None:
    screen = "phone-390" if phone else "laptop"
    page = new_page(slow_bots, TOUCH_PHONE if phone else LAPTOP, touch=phone)
    name_via_api(page, "Ann")
    table = table_via_api(page, players=3, bots=2, options={"rounds": 5})
    page.goto(f"/t/{table}")
    resign = page.get_by_role("button", name="Resign")
    resign.wait_for()
    # Reached by keyboard like every tool; it asks before anything happens.
    resign.focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Resign this match?")
    dialog.wait_for()
    assert page.evaluate("document.activeElement.id") == "resign-no"
    assert "bot plays your seat" in dialog.inner_text()
    shot(page, f"resign-confirm-{screen}")
    assert axe_violations(page) == []
    # Keep playing: nothing changed.
    page.keyboard.press("Enter")
    dialog.wait_for(state="hidden")
    seats = page.request.get(f"/api/tables/{table}").json()["seats"]
    assert "resigned" not in seats[0]
    # Resign after all: the seat goes to a bot, the page watches on.
    resign.focus()
    page.keyboard.press("Enter")
    dialog.wait_for()
    page.keyboard.press("Tab")  # from Keep playing to Resign
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.id") == "resign-yes"
    page.keyboard.press("Enter")
    dialog.wait_for(state="hidden")
    page.locator("#toast", has_text="You resigned").wait_for()
    resign.wait_for(state="hidden")
    assert page.evaluate("document.activeElement.id") == "status"
    seats = page.request.get(f"/api/tables/{table}").json()["seats"]
    assert seats[0]["resigned"] is True and seats[0]["bot"] == "casual"
    page.locator(".player", has_text="Ann (resigned)").first.wait_for()
    shot(page, f"resign-watching-{screen}")
    # The lobby: the match has nobody playing it, so it is listed only on asking.
    page.goto("/")
    item = page.locator(f'.table-item[data-table="{table}"]')
    toggle = page.get_by_label("Show matches of bots alone")
    toggle.wait_for()
    assert item.count() == 0
    toggle.check()
    item.wait_for()
    item.scroll_into_view_if_needed()
    shot(page, f"resign-lobby-bots-shown-{screen}")
    assert axe_violations(page) == []
    assert page.errors == []
