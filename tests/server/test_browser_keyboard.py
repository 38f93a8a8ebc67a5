"""Keyboard-only play (issue 27, 7 and the accessibility standard): the focus is never lost to
the page. Seating bots by keyboard hands the focus from one seat's Add bot to the next free
seat's, then to the start button; playing a card by keyboard leaves the focus in the hand; a whole
Lame Duck round (a too-low card's column chosen too) and a whole King of the Quackers hand are
played by Tab, typing, Enter and Space alone, the focus checked after every action."""

from __future__ import annotations

import re
from typing import Any

from browserkit import name_via_api, shot, table_via_api, too_low_deal
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


# --- whole matches by keyboard alone (issue 27, accessibility as a standard) ------------------
def acted(page: Any, what: str) -> None:
    """After each keyboard action: the focus is still on a control, never on the page."""
    assert focused(page) != "BODY", f"the focus fell to the page after {what}"


def tab_to(page: Any, selector: str, limit: int = 80, back: bool = False) -> None:
    """Tab (or Shift+Tab) until the focused element matches `selector`: the way a keyboard
    player walks to a control. Leaving the end of the page and coming round again is allowed."""
    for _ in range(limit):
        if page.evaluate("s => !!document.activeElement?.matches(s)", selector):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"{limit} Tabs never reached {selector} (the focus: {focused(page)})")


LD_NEXT = "#end-dialog[open], .take-btn:not([disabled]), #hand .hand-card[aria-disabled='false']"


def test_a_whole_lame_duck_round_by_keyboard_alone(web: ServerProcess, new_page: Any) -> None:
    """Ten turns against bots, by keyboard: Tab into the hand, type a card's number, Enter;
    the first card is too low, so a column is chosen with Tab and Enter. The card area then
    reads the revealed cards with their order, not bare badges (defect 6)."""
    seed, low = too_low_deal(4)
    page = new_page(web)
    name_via_api(page, "Kay")
    table = table_via_api(page, seed=seed)
    page.goto(f"/t/{table}")
    page.locator(LD_NEXT).first.wait_for()
    tab_to(page, "#hand .hand-card")
    acted(page, "tabbing into the hand")
    plays = takes = 0
    while not page.locator("#end-dialog[open]").count():
        page.locator(LD_NEXT).first.wait_for(timeout=20_000)
        if page.locator("#end-dialog[open]").count():
            break
        seq = page.evaluate("document.body.dataset.seq")
        if page.locator(".take-btn:not([disabled])").count():
            # The reveal, read as cards: mine too low, each revealed card with its owner (the
            # second trial, 13) and its order.
            mine = page.locator('.slot[data-seat="0"]').get_by_role("img")
            said = str(mine.get_attribute("aria-label"))
            assert re.fullmatch(r"\d+ \(\d ducks?\), your card, placed 1st, too low", said), said
            if takes == 0:
                assert said.startswith(f"{low} ("), said
            names = (
                page.locator("#slots")
                .get_by_role("img")
                .evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
            )
            assert len(names) == 4 and all("placed" in n for n in names), names
            tab_to(page, ".take-btn:not([disabled])")
            acted(page, "tabbing to a TAKE button")
            page.keyboard.press("Enter")
            takes += 1
        else:
            card = low if plays == 0 else None
            if card is None:
                card = int(
                    page.locator("#hand .hand-card[aria-disabled='false']").first.get_attribute(
                        "data-card"
                    )
                )
            # Typing a card's number moves the focus to it; Enter plays it.
            page.keyboard.type(str(card))
            page.wait_for_function("c => document.activeElement?.dataset.card === c", arg=str(card))
            page.keyboard.press("Enter")
            plays += 1
        acted(page, f"an action (plays {plays}, takes {takes})")
        page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
        # Settled: the next decision is offered (or the match is over) and the focus stayed.
        page.locator(LD_NEXT).first.wait_for(timeout=20_000)
        acted(page, f"play {plays} / take {takes} settled")
    assert plays == 10 and takes >= 1, (plays, takes)
    shot(page, "keyboard-lame-duck-end")
    assert not page.errors, page.errors


KQ_NEXT = (
    "#end-dialog[open], .kq-give, .kq-pass-btn:not([disabled]), .kq-hcard:not([disabled]).playable"
)


def test_a_whole_king_of_the_quackers_hand_by_keyboard_alone(
    web: ServerProcess, new_page: Any
) -> None:
    """The two-card pass and the climb to the end of the hand (a target of 1 point ends the
    match with it), by keyboard: Tab to a card, Enter to pick it, Tab to Give, Pass or Play."""
    page = new_page(web)
    name_via_api(page, "Kay")
    options = {"target": 1, "deck": "basic"}
    table = table_via_api(page, 3, 2, game="king-of-the-quackers", seed=7, options=options)
    page.goto(f"/t/{table}")
    page.locator(KQ_NEXT).first.wait_for(timeout=20_000)
    done: list[str] = []
    for _ in range(80):
        if page.locator("#end-dialog[open]").count():
            break
        seq = page.evaluate("document.body.dataset.seq")
        if page.locator(".kq-give").count():
            # The pass: the focused card is picked for the left, the next for the right.
            for _picked in range(2):
                tab_to(page, ".kq-hcard[aria-pressed='false']:not([disabled])")
                page.keyboard.press("Enter")
                acted(page, "picking a card to give")
            tab_to(page, ".kq-give:not([disabled])")
            page.keyboard.press("Enter")
            done.append("give")
        else:
            # The first card that plays alone (Space selects it, as Enter would): a lead, or a
            # single card beating one; else a pass.
            played = False
            for k in range(page.locator(".kq-hcard.playable").count()):
                tab_to(page, f".kq-hcard[data-focus='{card_key(page, k)}']")
                page.keyboard.press("Space")
                acted(page, "selecting a card")
                if page.locator(".kq-play-btn:not([disabled])").count():
                    played = True
                    break
                page.keyboard.press("Space")  # not a play alone: unselected
            if played:
                tab_to(page, ".kq-play-btn:not([disabled])")
                page.keyboard.press("Enter")
                done.append("play")
            else:
                tab_to(page, ".kq-pass-btn:not([disabled])")
                page.keyboard.press("Enter")
                done.append("pass")
        acted(page, done[-1])
        page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
        page.locator(KQ_NEXT).first.wait_for(timeout=20_000)
        acted(page, f"{done[-1]} settled")
    assert page.locator("#end-dialog[open]").count(), done
    assert "give" in done and "play" in done, done
    shot(page, "keyboard-kq-end")
    assert not page.errors, page.errors


def card_key(page: Any, k: int) -> str:
    return str(page.locator(".kq-hcard.playable").nth(k).get_attribute("data-focus"))
