"""What happens at the table is said to a screen reader whatever the explanations setting
(issue 27, defect 6 and the accessibility standard): with the explanations off, the reveal, each
card placed, a take and the turn that follows reach live regions: the narrator's lines in
#announce, the next turn in the table's info and status lines."""

from __future__ import annotations

from typing import Any

from browserkit import name_via_api, table_via_api, too_low_deal
from serverproc import ServerProcess

# Every line added to #announce, kept as it is added (the region itself keeps only the last).
HEARD = """() => {
    window.heard = [];
    new MutationObserver((changes) => {
        for (const c of changes) for (const n of c.addedNodes) window.heard.push(n.textContent);
    }).observe(document.getElementById("announce"), { childList: true });
}"""
LIVE = "(id) => !!document.getElementById(id).closest('[aria-live]:not([aria-live=off])')"


def test_reveals_placements_takes_and_turns_are_announced_with_explanations_off(
    web: ServerProcess, new_page: Any
) -> None:
    seed, low = too_low_deal(4)
    page = new_page(web)
    name_via_api(page, "Ann")
    table = table_via_api(page, seed=seed)
    page.goto(f"/t/{table}")
    page.locator("#hand .hand-card[aria-disabled='false']").first.wait_for()
    assert page.locator("#explain-btn").get_attribute("aria-pressed") == "false"
    assert page.locator("#explain").is_hidden()
    page.evaluate(HEARD)

    page.locator(f"#hand .hand-card[data-card='{low}']").click()
    page.locator(".take-btn:not([disabled])").first.wait_for()
    heard = page.evaluate("window.heard")
    revealed = next(line for line in heard if line.startswith("The cards are revealed"))
    assert f"{low} (you)" in revealed and revealed.count("(Bot ") == 3, revealed
    assert any(f"Your {low} is the lowest card" in line for line in heard), heard

    page.locator(".take-btn:not([disabled])").first.click()
    page.locator("#hand .hand-card[aria-disabled='false']").first.wait_for(timeout=20_000)
    heard = page.evaluate("window.heard")
    said = " ".join(heard)
    assert f"Your {low} is lower than every column: you take column 1" in said, heard
    # The three other cards, each placed in its turn, lowest first.
    assert said.count(" goes to column ") == 3, heard
    # The next turn: said by the table's info line and the status, both live regions.
    assert page.locator("#info-turn").text_content() == "Turn 2 of 10"
    assert page.evaluate(LIVE, "info-turn") and page.evaluate(LIVE, "status")
    assert page.locator("#status").text_content() == "Choose a card to play."
    assert page.locator("#explain").is_hidden()
    assert not page.errors, page.errors


def test_a_turn_based_game_announces_the_others_plays_with_explanations_off(
    web: ServerProcess, new_page: Any
) -> None:
    """Down the Drain: the bots' plays between two of mine are said, then that it is my turn."""
    page = new_page(web)
    name_via_api(page, "Ann")
    table = table_via_api(page, 3, 2, game="down-the-drain", seed=4, options={})
    page.goto(f"/t/{table}")
    mine = page.locator("#hand button:not([disabled])").first
    mine.wait_for()
    page.evaluate(HEARD)
    seq = page.evaluate("document.body.dataset.seq")
    card = mine.get_attribute("data-card")
    # A click selects, a second one plays (the table may ask for it).
    # Each click is answered (the card selected, or the play's frame drawn) before the next: a
    # fixed wait let a loaded machine click a card already played, and wait for it forever.
    pressed = f"#hand button[data-card='{card}'][aria-pressed='true']"
    for _ in range(2):
        was_pressed = page.locator(pressed).count() > 0
        page.locator(f"#hand button[data-card='{card}']").first.click()
        if was_pressed:
            break  # the second click on a selected card plays it
        page.wait_for_function(
            "([s, sel]) => document.body.dataset.seq !== s || document.querySelector(sel) !== null",
            arg=[seq, pressed],
        )
        if page.evaluate("document.body.dataset.seq") != seq:
            break
    page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
    page.locator("#hand button:not([disabled]), #end-dialog[open]").first.wait_for()
    heard = " ".join(page.evaluate("window.heard"))
    assert heard.startswith(f"You play {'an' if card in ('8', '11', '18') else 'a'} {card}."), heard
    assert "Bot 2 plays" in heard or "Bot 2's turn" in heard, heard
    assert "Bot 3 plays" in heard or "Bot 3's turn" in heard, heard
    if not page.locator("#end-dialog[open]").count():
        assert "your turn" in str(page.locator("#status").text_content()).lower()
        assert page.evaluate(LIVE, "status")
    assert not page.errors, page.errors
