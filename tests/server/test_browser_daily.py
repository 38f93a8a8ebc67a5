"""The deal of the day's page (issue 28, point 3) in Chromium, on a 1366×768 laptop and a
390×844 touch phone: two guests play the same deal; afterwards each sees where they stand
(their percentile, the spread of the scores with their own marked, the best result's replay,
the bots' results at their seat); no serious accessibility violation; nothing wider than the
phone."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from browserkit import LAPTOP, TOUCH_PHONE, axe_violations, name_via_api, press, shot
from serverproc import ServerProcess
from tablesock import Sock, play_randomly, run

SCREENS = [pytest.param(False, id="laptop"), pytest.param(True, id="phone")]


def play_through_the_page(page: Any, server: ServerProcess, seed: int) -> str:
    """Open the deal from the page, then play it out over the page's own cookie."""
    page.goto("/daily")
    button = page.get_by_role("button", name="Play today's deal").first
    press(page, button)
    page.wait_for_url("**/t/*")
    table = page.url.rsplit("/", 1)[1]
    cookie = "; ".join(f"{c['name']}={c['value']}" for c in page.context.cookies())

    async def play() -> None:
        sock = await Sock.open(server, table, headers={"Cookie": cookie})
        await play_randomly(sock, random.Random(seed))
        await sock.close()

    # In a thread of its own: Playwright's loop runs in this one.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(run, play()).result()
    return table


@pytest.mark.parametrize("phone", SCREENS)
def test_two_guests_play_the_deal_of_the_day_and_see_where_they_stand(
    new_page: Any, web: ServerProcess, phone: bool
) -> None:
    size = TOUCH_PHONE if phone else LAPTOP
    ann, bob = new_page(web, size, touch=phone), new_page(web, size, touch=phone)
    name_via_api(ann, "Ann")
    name_via_api(bob, "Bob")
    ann.goto("/daily")
    lame = ann.locator("section.daily-game", has_text="Lame Duck")
    lame.get_by_text("you in the first seat against 3 casual bots").wait_for()
    play_through_the_page(ann, web, 1)
    play_through_the_page(bob, web, 2)
    for page in (ann, bob):
        page.goto("/daily")
        mine = page.locator("section.daily-game").first
        mine.locator(".daily-result").wait_for()
        assert "better than" in mine.locator(".daily-result").inner_text()
        assert mine.locator("svg.daily-spread .bar.mine").count() == 1
        assert mine.get_by_role("link", name="Watch it").count() == 1
        assert "random bot" in mine.inner_text() and "casual bot" in mine.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        assert axe_violations(page) == []
        assert not page.errors
    shot(ann, f"daily-{'phone' if phone else 'laptop'}")
