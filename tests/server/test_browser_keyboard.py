"""Keyboard-only play (issue 27, 7 and the accessibility standard): the focus is never lost to
the page. Seating bots by keyboard hands the focus from one seat's Add bot to the next free
seat's, then to the start button; playing a card by keyboard leaves the focus in the hand."""

from __future__ import annotations

from typing import Any

from browserkit import name_via_api, shot
from serverproc import ServerProcess

FOCUSED = "document.activeElement === document.body ? 'BODY' : document.activeElement.outerHTML"


def focused(page: Any) -> str:
    return str(page.evaluate(FOCUSED))


def test_bots_are_seated_and_the_match_started_by_keyboard_without_losing_the_focus(
    web: ServerProcess, new_page: Any
) -> None:
    page = new_page(web)
    page.goto("/")
    name_via_api(page, "Ann")
    r = page.request.post(
        "/api/tables",
        data={"game": "down-the-drain", "players": 4, "profile": "none", "listed": False},
    )
    assert r.status == 201, r.text()
    page.goto(f"/t/{r.json()['id']}?speed=0")
    first = page.locator('.seat[data-seat="1"] .bot-pick button')
    first.focus()
    for seat in (1, 2, 3):
        assert f"Add a bot at seat {seat + 1}" in focused(page)
        page.keyboard.press("Enter")
        page.locator(f'.seat[data-seat="{seat}"].bot').wait_for()
        page.wait_for_function("document.activeElement !== document.body")
    # Every seat taken: the focus is on the start button, and Enter starts the match.
    assert 'id="start-btn"' in focused(page)
    shot(page, "keyboard-bots-seated")
    page.keyboard.press("Enter")
    page.locator("#game:not([hidden])").wait_for()


def test_a_card_played_by_keyboard_leaves_the_focus_in_the_hand(
    web: ServerProcess, new_page: Any
) -> None:
    page = new_page(web)
    page.goto("/")
    name_via_api(page, "Ann")
    body = {"game": "down-the-drain", "players": 3, "profile": "none", "seed": 4}
    r = page.request.post("/api/tables", data=body)
    table = r.json()["id"]
    for seat in (1, 2):
        page.request.post(
            f"/api/tables/{table}/seats/{seat}", data={"do": "bot", "level": "random"}
        )
    page.request.post(f"/api/tables/{table}/start")
    page.goto(f"/t/{table}?speed=0")
    played = 0
    for _ in range(60):
        if played >= 3 or page.locator("#end-dialog[open]").count():
            break
        card = page.locator("#hand button:not([disabled])").first
        if not card.count():
            page.wait_for_timeout(100)
            continue
        seq = page.evaluate("document.body.dataset.seq")
        card.focus()
        # Enter until the card is played (a table may ask for a second press to confirm).
        for _ in range(3):
            page.keyboard.press("Enter")
            page.wait_for_timeout(150)
            if page.evaluate("document.body.dataset.seq") != seq:
                break
        page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
        played += 1
        assert focused(page) != "BODY", "the focus fell to the page after a play"
    assert played >= 1
    assert not page.errors, page.errors
