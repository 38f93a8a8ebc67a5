"""Tutorials in Chromium (issue 28, point 5): from /learn a newcomer opens a game's tutorial and
finishes it by following the coach's prompts alone (the hint panel, which speaks at every
decision unasked, and the control it marks), without opening the rules page."""

from __future__ import annotations

from typing import Any

import pytest

from browserkit import LAPTOP, axe_violations, shot
from serverproc import ServerProcess


def follow_the_coach(page: Any, limit: float = 120) -> int:
    """Click what the coach marks until the end screen; how many prompts were followed."""
    followed = 0
    deadline = page.evaluate("Date.now()") + limit * 1000
    while not page.locator("#end-dialog[open]").count():
        assert page.evaluate("Date.now()") < deadline, f"the tutorial did not end ({followed})"
        marked = page.locator(".hint-mark")
        if page.locator(".hint-action").count() and marked.count():
            try:
                marked.first.click(timeout=2000)
                followed += 1
            except Exception:  # the table moved on under the click: look again
                pass
        page.wait_for_timeout(150)
    return followed


@pytest.mark.parametrize("game", ["Lame Duck", "Down the Drain"])
def test_a_newcomer_finishes_a_tutorial_by_following_the_coach(
    new_page: Any, web: ServerProcess, game: str
) -> None:
    page = new_page(web, LAPTOP)
    page.goto("/learn")
    page.get_by_role("button", name=f"Learn {game}").click()
    page.locator("#learn-name-input").fill("Newcomer")  # asked for a name first
    page.get_by_role("button", name="Save name").click()
    page.locator("#learn-name").wait_for(state="hidden")
    assert axe_violations(page) == []
    page.get_by_role("button", name=f"Learn {game}").click()
    page.wait_for_url("**/t/*")
    page.locator("#hint-panel .hint-main", has_text="Try this:").wait_for()
    shot(page, f"tutorial-{game.lower().replace(' ', '-')}")
    assert follow_the_coach(page) > 0
    assert not page.errors
