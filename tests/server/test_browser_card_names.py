"""Cards by name in the browser (issue 27: a new player's trial found "Give the Mountain (4MS)"
and "1V=4 2VL 3MV" on King of the Quackers' and Wildcat Chicane's buttons and explanations).
A person plays a short match against bots on a 1366×768 laptop and a 390×844 phone; at every
decision, no sentence the page shows (the explanations, the status, the buttons, the verdicts,
the notes, a toast, and their titles and accessible names) holds a card's code. The terminal's
lines for the same steps still do (a person types the codes there): the page's lines are the
terminal's, each card read by the name the server gives (``card_words``)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from browserkit import LAPTOP, name_via_api, press, shot, table_via_api
from browserkit import play_until_end as kit_play_until_end
from pondside.engine.narrate import with_names
from pondside.games import get_game
from pondside.server.telling import shown_names
from replaykit import terminal_lines
from serverproc import ServerProcess

PHONE_390 = {"width": 390, "height": 844}
CODE = re.compile(r"(?<![\w-])(?:1[MSVLYK]|[2-9][MSVLYK]{2}|N[MSVLYK]|[PT][MSVLYK]{3})(?![\w])")
"""A Decktet card code (the Excuse's "0" is left out: "0 points" is a number)."""

TABLES = {
    "king-of-the-quackers": (4, {"target": 1}, 55),
    "wildcat-chicane": (3, {"variant": "wildcat", "target": 1}, 5),
}

# What a person reads about the game: the explanations, the status, the actions with their
# verdicts and notes, a toast, the hint panel (the hand's faces draw cards: no sentence there).
READ = "#explain, #status, #actions, #toast, #hint-panel, .wc-why, .wc-note, .kq-verdict"
SAID = """sel => [...document.querySelectorAll(sel)].filter(e => e.offsetParent !== null)
  .flatMap(e => [e.innerText, ...[e, ...e.querySelectorAll('[title], [aria-label]')]
  .flatMap(x => [x.getAttribute('title') || '', x.getAttribute('aria-label') || ''])])"""


def codes_shown(page: Any) -> list[str]:
    """Each sentence the page shows now that holds a card's code."""
    return [t for t in page.evaluate(SAID, READ) if CODE.search(t)]


def act_kq(page: Any) -> str:
    """King of the Quackers by clicking: two cards given, a single card led, else a pass.

    One tap a call, each on a card that can be tapped now: taps aimed at the pass's cards that
    landed after the hand had moved on to the play (CI, session 43) selected two cards that make
    no combination, and the player then led nothing for ever; such a selection is cleared."""
    give = page.locator(".kq-give")
    if give.count():
        if not give.is_disabled():
            press(page, give)
            return "give"
        free = page.locator("#hand .kq-hcard:not([disabled]):not(.selected)")
        if page.locator("#hand .kq-hcard.selected").count() < 2 and free.count():
            press(page, free.first)
        return ""
    passing = page.locator(".kq-pass-btn")
    if passing.count():
        press(page, passing)
        return "pass"
    if not page.locator(".kq-verdict").count():
        return ""
    play = page.locator(".kq-play-btn:not([disabled])")
    if play.count():
        press(page, play.first)
        return "play"
    clear = page.locator(".kq-clear:not([disabled])")
    if clear.count():
        press(page, clear)
        return ""
    lead = page.locator("#hand .kq-hcard.playable")
    if lead.count():
        press(page, lead.first)
    return ""


def act_wc(page: Any) -> str:
    """Wildcat Chicane by clicking: a ruling card chosen and confirmed, a bid, a card."""
    confirm = page.locator(".wc-confirm:not([disabled])")
    if confirm.count():
        press(page, confirm.first)
        return "play"
    ruler = page.locator(".wc-hand.active .wc-card.choosable")
    if ruler.count():
        press(page, ruler.first)
        return "play"
    bids = page.locator(".wc-bid:not([disabled])")
    if bids.count():
        press(page, bids.nth(min(1, bids.count() - 1)))
        return "play"
    card = page.locator(".wc-hand.active .wc-card.playable")
    if card.count():
        press(page, card.first)
        return "play"
    return ""


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE_390], ids=["laptop", "phone"])
@pytest.mark.parametrize("game", list(TABLES))
def test_no_sentence_on_the_page_holds_a_card_code(
    new_page: Any, web: ServerProcess, game: str, viewport: dict[str, int]
) -> None:
    players, options, seed = TABLES[game]
    touch = viewport is PHONE_390
    page = new_page(web, viewport, touch=touch)
    frames: list[dict[str, Any]] = []
    page.on(
        "websocket",
        lambda ws: ws.on("framereceived", lambda payload: frames.append(json.loads(payload))),
    )
    page.add_init_script("localStorage.setItem('pondside.explain', '1')")
    page.goto("/")
    name_via_api(page, "Ann")
    table = table_via_api(
        page, game=game, players=players, bots=players - 1, options=options, seed=seed
    )
    page.goto(f"/t/{table}?speed=0")
    page.locator("#game:not([hidden])").wait_for()
    act = act_kq if game == "king-of-the-quackers" else act_wc
    found: list[str] = []
    shots = 0

    def looked_then_acted(p: Any) -> str:
        nonlocal shots
        found.extend(codes_shown(p))
        if shots < 2 and p.locator("#explain-list .explain-line").count() >= 2:
            shots += 1
            shot(p, f"card-names-{game}-{'phone' if touch else 'laptop'}-{shots}")
        return act(p)

    kit_play_until_end([page], looked_then_acted, {"give": 0, "pass": 0, "play": 0}, 180, 40)
    found.extend(codes_shown(page))
    assert not found, sorted(set(found))[:5]

    # The terminal reads the same steps with the codes; the page, the same lines by name.
    record = page.request.get(f"/api/tables/{table}/record").json()
    names = shown_names(page.request.get(f"/api/tables/{table}").json())
    said = [line for step in terminal_lines(record, names, 0) for line in step]
    cards = get_game(game).card_spans
    as_read = {with_names(line, cards(line)): line for line in said}
    seen = [t.strip() for t in page.locator("#explain-list .explain-line").all_inner_texts()]
    told = [t for t in seen if t in as_read]
    assert len(told) >= len(seen) - 1, [t for t in seen if t not in as_read][:3]
    assert any(CODE.search(as_read[t]) for t in told), "the terminal reads the codes"
    # Every frame reads its pieces by the names the game gives them.
    words = {w for f in frames for w in (f.get("card_words") or {}).values()}
    assert words and not any(CODE.search(w) for w in words)
    assert not page.errors, page.errors
