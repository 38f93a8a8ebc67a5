"""Tutorials in Chromium (issue 28, point 5): from /learn a newcomer without a name is asked for
one, then the tutorial's table opens with the coach speaking at once. Following the coach to
the end of every game's tutorial is ``test_browser_tutorials36.py``'s."""

from __future__ import annotations

from typing import Any

from browserkit import LAPTOP, axe_violations, name_via_api, shot
from serverproc import ServerProcess


def test_a_newcomer_is_asked_a_name_then_the_coach_speaks_at_once(
    new_page: Any, web: ServerProcess
) -> None:
    game = "Down the Drain"
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
    assert not page.errors


def test_the_coachs_move_is_this_windows_own(new_page: Any, web: ServerProcess) -> None:
    """A new player's trial (issue 27): after "Play it for me" in Lame Duck's tutorial, the
    page said "Your card, 1, was chosen in another window": the coach's move is the page's own,
    and a toast about another window is for moves made elsewhere."""
    page = new_page(web, LAPTOP)
    name_via_api(page, "Newcomer")
    page.goto("/learn")
    page.get_by_role("button", name="Learn Lame Duck").click()
    page.wait_for_url("**/t/*")
    page.locator("#hint-panel .hint-do").wait_for()
    seq = page.evaluate("document.body.dataset.seq")
    page.locator("#hint-panel .hint-do").click()
    page.wait_for_function("(s) => document.body.dataset.seq !== s", arg=seq, timeout=15_000)
    page.wait_for_timeout(500)  # the frames of the move and the reveal, each drawn
    toast = page.locator("#toast")
    said = toast.inner_text() if toast.is_visible() else ""
    assert "another window" not in said, said
    assert not page.errors
