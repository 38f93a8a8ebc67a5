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
from test_browser_pages41 import open_page

from browserkit import LAPTOP, TOUCH_PHONE, name_via_api, shot, table_via_api
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
