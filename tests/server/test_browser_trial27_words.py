"""Issue 27's new-player trial, the words on the Lame Duck table: the status line of the seat
that must take a column (finding 2), and whose each revealed card is (finding 8).

Without Chromium (or Playwright) the tests are skipped, except under CI; see browserkit.py.
"""

from __future__ import annotations

from typing import Any

from browserkit import name_via_api, table_via_api, too_low_deal
from serverproc import ServerProcess

SLOT_NAMES = """() => [...document.querySelectorAll('#slots .slot')].filter(
    (s) => s.querySelector('.slot-card')).map((s) => [
        s.querySelector('.slot-name').textContent,
        s.querySelector('.slot-card').getAttribute('aria-label')])"""


def test_a_too_low_card_says_so_in_the_status_and_each_revealed_card_names_its_owner(
    web: ServerProcess, new_page: Any
) -> None:
    seed, low = too_low_deal(4)
    page = new_page(web)
    name_via_api(page, "Ann")
    page.goto(f"/t/{table_via_api(page, seed=seed)}")
    page.locator(f"#hand .hand-card[data-card='{low}']").click()
    page.locator(".take-btn:not([disabled])").first.wait_for()
    status = page.locator("#status").text_content()
    assert status == f"Your {low} is lower than every column: choose a column to take.", status
    slots = page.evaluate(SLOT_NAMES)
    assert len(slots) == 4, slots
    for name, said in slots:
        owner = "your card" if name.startswith("Ann") else f"{name}'s card"
        assert owner in said, (name, said)
    assert not page.errors, page.errors


def test_the_lobby_options_read_in_players_words_with_seats_as_the_table_numbers_them(
    web: ServerProcess, new_page: Any
) -> None:
    """Finding 5: no "1..10·players+4", no seats numbered from 0."""
    page = new_page(web)
    page.goto("/")
    name_via_api(page, "Ann")
    page.goto("/")
    page.locator("#game").select_option("lame-duck")
    expert = page.locator("#opt-expert-help")
    expert.wait_for()
    assert expert.text_content().startswith("a smaller deck: 10 cards per player plus 4")
    page.locator("#game").select_option("ladders")
    teams = page.locator("#opt-teams-help")
    teams.wait_for()
    said = teams.text_content()
    assert "seats 1 and 3 against seats 2 and 4" in said and "0+2" not in said, said
    assert not page.errors, page.errors
