"""Wildcat Chicane's table in Chromium (Playwright) against a real ``pondside serve``: a ruling
card chosen, bids made and cards played by clicking, in wildcat against bots and in classic
between two guests, each to the end of a short match (target 1: usually one hand).

The table must say what a person needs without the rulings: the ruling card's reading before
it is confirmed (WC-5), each player's reading and trump beside their name, the bids against
the tricks, the cards that may be played marked and the others dimmed with the reason (WC-9,
WC-10), the classic calls (WC-15). Every frame a page receives is checked against the match's
record: another seat's hand never appears in it (WC-14).
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from browserkit import DESKTOP, PHONE, name_via_api, press, shot, table_via_api
from browserkit import play_until_end as kit_play_until_end
from framecheck import check_game_frames
from pondside.engine import Match
from pondside.games.wildcat_chicane import CODES, GAME, IS_RULER
from serverproc import ServerProcess

GAME_SLUG = "wildcat-chicane"


# --- what a page received ----------------------------------------------------------------------
def listen(page: Any) -> list[dict[str, Any]]:
    """Every frame the page's table socket receives, parsed."""
    frames: list[dict[str, Any]] = []

    def on_ws(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_ws)
    return frames


def card_strings(obj: Any) -> set[str]:
    """The card codes a frame holds: a string that is a code, or ends in one ('play 8YK')."""
    found: set[str] = set()
    if isinstance(obj, dict):
        for v in obj.values():
            found |= card_strings(v)
    elif isinstance(obj, list):
        for v in obj:
            found |= card_strings(v)
    elif isinstance(obj, str) and obj.split(" ")[-1] in CODES:
        found.add(obj.split(" ")[-1])
    return found


def check_no_hidden_cards(record: dict[str, Any], seat: int, frames: list[dict[str, Any]]) -> int:
    """WC-14: no frame shows a card then in another seat's hand (its view, its legal actions);
    an action's events show none that stayed in another hand through that action."""
    match = Match(GAME, record["players"], record["options"], seed=record["seed"])
    hands = [[set(h) for h in match.state.hands]]
    for s, action in record["actions"]:
        match.apply(s, action)
        hands.append([set(h) for h in match.state.hands])
    states = [f for f in frames if f.get("type") == "state"]
    start = max(f["seq"] for f in states) - len(record["actions"])
    checked = 0
    for f in states:
        k = f["seq"] - start
        if k < 0 or f["view"] is None:
            continue
        assert f["you"]["seat"] == seat
        others = {CODES[c] for t, h in enumerate(hands[k]) if t != seat for c in h}
        now = card_strings(
            {**f, "table": None, "events": [], "view": {**f["view"], "last_events": []}}
        )
        assert not now & others, (f["seq"], "shows another seat's cards", now & others)
        kept = {
            CODES[c]
            for t, h in enumerate(hands[k])
            if t != seat and k > 0
            for c in h & hands[k - 1][t]
        }
        told = card_strings(f["events"]) | card_strings(f["view"]["last_events"])
        assert not told & kept, (f["seq"], "events show another seat's cards", told & kept)
        checked += 1
    return checked


def last_legal(frames: list[dict[str, Any]]) -> list[str]:
    states = [f for f in frames if f.get("type") == "state"]
    return states[-1]["legal"] if states else []


def last_unplayable(frames: list[dict[str, Any]]) -> list[dict[str, str]]:
    """The engine's reasons, in the last state frame, why cards of the hand cannot be played."""
    states = [f for f in frames if f.get("type") == "state"]
    return states[-1]["labels"]["unplayable"] if states else []


# --- clicking through a match -------------------------------------------------------------------
def act(page: Any, bid: int = 1) -> str:
    """Whatever this page must do now, by clicking: a ruling card, a call, a bid or a card."""
    confirm = page.locator(".wc-confirm:not([disabled])")
    if confirm.count():
        press(page, confirm.first)
        return "rule"
    ruler = page.locator(".wc-hand.active .wc-card.choosable")
    if ruler.count():
        press(page, ruler.first)
        page.locator(".wc-confirm").wait_for(timeout=2000)
        return ""
    call = page.locator(".wc-call:not([disabled])")
    if call.count():
        press(page, call.first)
        return "call"
    bids = page.locator(".wc-bid:not([disabled])")
    if bids.count():
        press(page, bids.nth(min(bid, bids.count() - 1)))
        return "bid"
    card = page.locator(".wc-hand.active .wc-card.playable")
    if card.count():
        press(page, card.first)
        return "play"
    return ""


def play_until_end(pages: list[Any], limit: float = 60) -> dict[str, int]:
    return kit_play_until_end(
        pages, act, {"rule": 0, "call": 0, "bid": 0, "play": 0}, limit, pause_ms=30
    )


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page scrolls sideways ({width} px)"


def seed_where(players: int, options: dict[str, Any], ok: Any) -> int:
    for seed in range(1, 400):
        if ok(Match(GAME, players, options, seed=seed)):
            return seed
    raise AssertionError("no seed fits")


def wait_my_turn_to_play(page: Any, limit: float = 20) -> None:
    page.locator(".wc-hand.active .wc-card.playable").first.wait_for(timeout=limit * 1000)


# --- 1. wildcat against two bots ------------------------------------------------------------------
def test_wildcat_a_ruling_card_a_bid_and_the_tricks_by_clicking(
    new_page: Any, web: ServerProcess
) -> None:
    options = {"variant": "wildcat", "target": 1}
    # Seat 0 holds a Crown (so it reads TOP) and bids after a bot (the dealer is seat 0 or 1).
    seed = seed_where(
        3,
        options,
        lambda m: (
            any(CODES[c].startswith("N") for c in m.state.hands[0]) and m.state.dealer in (0, 1)
        ),
    )
    page = new_page(web)
    frames = listen(page)
    page.goto("/")
    name_via_api(page, "Ann")
    page.evaluate("localStorage.setItem('pondside.explain', '1')")
    table = table_via_api(page, game=GAME_SLUG, players=3, bots=2, options=options, seed=seed)
    page.goto(f"/t/{table}?speed=0")

    # The ruling card: only Aces and Crowns are offered; the others say why not.
    page.locator(".wc-hand.active .wc-card.choosable").first.wait_for()
    # The game's words, open under the hand the first time; the suits named, not only drawn.
    page.locator(".wc-legend[open] dt", has_text="Ruling card").wait_for()
    words = page.locator(".wc-legend[open]").inner_text()
    for term in ("Ruling card", "TOP / BOTTOM", "Trump", "Bid", "☾ Moons", "★ Crown"):
        assert term in words, term
    assert "Choose your ruling card" in page.locator("#status").inner_text()
    hand = page.locator("#hand .wc-card").evaluate_all("els => els.map(e => e.dataset.card)")
    rulers = [c for c in hand if IS_RULER[CODES.index(c)]]
    assert len(hand) == 12 and len(rulers) == 4
    assert page.locator(".wc-card.choosable").count() == 4
    other = page.locator(".wc-card.unplayable").first
    assert "Only an Ace or a Crown can be a ruling card" in (other.get_attribute("title") or "")
    assert "(WC-" not in (other.get_attribute("aria-label") or "")
    assert "(WC-" not in (other.get_attribute("title") or "")
    crown = next(c for c in rulers if c.startswith("N"))
    page.locator(f'.wc-card[data-card="{crown}"]').click()
    confirm = page.locator(".wc-confirm")
    confirm.wait_for()
    assert confirm.inner_text().startswith("Rule with the ")
    note = page.locator(".wc-note").inner_text()
    assert "would read TOP" in note and "faded suit of your two-suit cards does not" in note
    assert page.locator(".wc-hand.preview .wc-card.read-top").count() > 0
    shot(page, "wildcat-chicane-ruling-desktop")
    confirm.click()

    # The reveal: each player's reading and trump beside the name; this player's in words.
    page.locator(".wc-bid").first.wait_for()
    readings = page.locator(".player .wc-reading")
    assert readings.count() == 3
    mine = page.locator(".player.mine .wc-reading")
    assert mine.inner_text().startswith("TOP · trump")
    assert "You read TOP" in (mine.get_attribute("title") or "")
    assert page.locator(".wc-note").inner_text().startswith("You read TOP")
    assert page.locator(".wc-spot.mine .wc-ruler .dcard").get_attribute("data-card") == crown
    page.locator(".explain-line", has_text="Your ruling card is the ").wait_for()

    # The bid: 0 to 11, with what each scores; the bids so far shown against the tricks.
    bids = page.locator(".wc-bid").evaluate_all("els => els.map(e => e.dataset.bid)")
    assert bids == [str(n) for n in range(12)], "0 to 11, in order"
    assert "Bid 3: exactly 3 → 12 points" in (
        page.locator('.wc-bid[data-bid="3"]').get_attribute("title") or ""
    )
    # WC-12 in text on the table too (a phone cannot hover): the rule (the view's choice_rule),
    # then the bid pointed at (its label); the status is the server's prompt.
    view = [f for f in frames if f.get("view")][-1]["view"]
    assert page.locator("#status").inner_text() == view["prompt"]
    page.mouse.move(2, 2)  # no bid under the pointer (it may rest where the confirm was)
    assert page.locator(".wc-bidinfo").inner_text() == view["choice_rule"]
    assert "4 × the bid if you take exactly" in view["choice_rule"]
    # The hand as this player reads it is the view's: its order (by suit, trumps last) and
    # its trump tags, none worked out by the page.
    order = page.locator("#hand .wc-card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert order == [r["card"] for r in view["hand_read"]]
    tagged = page.locator("#hand .wc-card.trump").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    assert tagged == [r["card"] for r in view["hand_read"] if r["trump"]]
    page.locator('.wc-bid[data-bid="3"]').hover()
    assert page.locator(".wc-bidinfo").inner_text() == (
        "Bid 3: exactly 3 → 12 points, one off → 6, two off → 3, further → 0."
    )
    # At 1280 x 800 the whole hand is in view while bidding.
    box = page.locator("#hand .wc-card").last.bounding_box()
    assert box and box["y"] + box["height"] <= DESKTOP["height"], box
    shot(page, "wildcat-chicane-bid-desktop")
    # The legend's ranks are the basic deck's (WC-1), low to high, as the game serves them.
    assert "low to high: A Ace · 2–9 the numbers · ★ Crown." in (
        page.locator(".wc-legend").text_content() or ""
    )
    assert page.locator(".wc-bidsum").inner_text().startswith("bids: ")
    page.locator('.wc-bid[data-bid="2"]').click()
    page.locator(".explain-line", has_text="You bid 2 tricks.").wait_for()
    # The explanations are the server's narration of each step, exactly, in order.
    told = page.locator(".explain-line").all_inner_texts()
    step = next(f["narration"] for f in frames if "You bid 2 tricks." in f.get("narration", []))
    assert any(told[i : i + len(step)] == step for i in range(len(told))), (step, told)
    page.locator(".player.mine .wc-bidwon", has_text="won 0 of 2 bid").wait_for()
    assert "Your bid 2: exactly 2 → 8 points" in page.locator(".wc-note").inner_text()

    # The tricks: the marked cards are exactly the legal ones; the dimmed ones say why.
    reasons = 0
    shown = False
    for _ in range(4):
        wait_my_turn_to_play(page)
        legal = {a.split(" ")[1] for a in last_legal(frames) if a.startswith("play ")}
        marked = page.locator(".wc-card.playable").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
        assert set(marked) == legal
        view = [f for f in frames if f.get("view")][-1]["view"]
        assert page.locator("#status").inner_text() == view["prompt"]
        # A bid taken past or met exactly is marked as the game judges it (WC-12, its captions).
        said = [f for f in frames if f.get("view")][-1]["captions"]
        marks = page.locator("#players [data-seat] .wc-bidwon").evaluate_all(
            "els => els.map(e => [Number(e.closest('[data-seat]').dataset.seat),"
            " e.classList.contains('over'), e.classList.contains('exact')])"
        )
        assert len(marks) == 3
        assert marks == [
            [s, f"seat bid over {s}" in said, f"seat bid exact {s}" in said] for s, _o, _e in marks
        ]
        # Each card in the trick as its player read it: the view's trick_read.
        for r in view["trick_read"]:
            cap = page.locator(f'.wc-slot:has(.dcard[data-card="{r["card"]}"]) .wc-cap')
            assert ("trump" in cap.inner_text().lower()) == r["trump"], r
        for title in page.locator(".wc-card.unplayable").evaluate_all(
            "els => els.map(e => e.title)"
        ):
            assert "You must follow" in title or "may not lead your trump" in title
            reasons += 1
        if not shown and reasons and page.locator(".wc-spot .wc-slot:not(.last) .dcard").count():
            shown = True
            # A dimmed card, clicked (or tapped, where no title shows), says why beside the
            # status, not over the hand.
            dimmed = page.locator(".wc-card.unplayable").first
            card = dimmed.get_attribute("data-card")
            reason = next(u["reason"] for u in last_unplayable(frames) if u["card"] == card)
            # The engine's sentence in words, without its rule code, in the tooltip and when
            # said (a code means nothing to a player hovering a card: the fourth trial, 8).
            words = re.sub(r" \(WC-\d+\)$", "", reason)
            assert dimmed.get_attribute("title") == f"{words[0].upper()}{words[1:]}."
            label = dimmed.get_attribute("aria-label") or ""
            assert label.endswith(f"{words[0].upper()}{words[1:]}.") and "(WC-" not in label
            dimmed.click(force=True)  # aria-disabled: Playwright would wait for it to enable
            assert page.locator(".wc-why").inner_text().endswith(f": {words}.")
            assert page.locator("#toast").is_hidden()
            shot(page, "wildcat-chicane-desktop")  # a trick under way, a dimmed card's reason
            # The keyboard: a marked card, focused, is played with Enter.
            page.locator(".wc-card.playable").first.focus()
            page.keyboard.press("Enter")
        else:
            page.locator(".wc-card.playable").first.click()
    assert reasons and shown, "no trick showed a card that may not be played"
    assert page.locator(".wc-table.n3 .wc-spot").count() == 3
    page.set_viewport_size(PHONE)
    wait_my_turn_to_play(page)
    no_sideways_scroll(page)
    shot(page, "wildcat-chicane-phone", full=True)
    page.set_viewport_size(DESKTOP)

    t0 = time.monotonic()
    play_until_end([page])
    print("END", time.monotonic() - t0)
    table_id = page.url.split("/t/")[1].split("?")[0]
    record = page.request.get(f"/api/tables/{table_id}/record").json()
    match = Match.from_record(GAME, record)
    print("HANDS", match.view(0)["hand_number"], time.monotonic() - t0)
    totals = match.view(0)["totals"]
    end = page.locator("#end-dialog")
    assert end.locator(".end-place.mine .end-ducks").inner_text().strip() == str(totals[0])
    assert check_no_hidden_cards(record, 0, frames) > 20
    assert check_game_frames(record, {0: frames}) > 20
    assert not page.errors


# --- 2. classic at four: two guests and two bots ----------------------------------------------------
def test_classic_two_guests_call_bid_and_play_to_the_end(new_page: Any, web: ServerProcess) -> None:
    options = {"variant": "classic", "target": 1}
    # Seat 0 calls first, seat 1 (the other guest) second (WC-15: from the dealer's left).
    seed = seed_where(4, options, lambda m: m.state.dealer == 3)
    ann = new_page(web)
    ann_frames = listen(ann)
    ann.goto("/")
    name_via_api(ann, "Ann")
    table = table_via_api(ann, game=GAME_SLUG, players=4, bots=0, options=options, seed=seed)
    for seat in (2, 3):
        r = ann.request.post(
            f"/api/tables/{table}/seats/{seat}", data={"do": "bot", "level": "heuristic"}
        )
        assert r.ok, r.text()
    bea = new_page(web, PHONE, touch=True)
    bea_frames = listen(bea)
    bea.goto("/")
    name_via_api(bea, "Bea")
    r = bea.request.post(f"/api/tables/{table}/seats/1", data={"do": "join"})
    assert r.ok, r.text()
    r = ann.request.post(f"/api/tables/{table}/start")
    assert r.ok, r.text()
    # At the kit's quick speed, so each finished trick is shown (animate) before the next lead.
    ann.goto(f"/t/{table}")
    bea.goto(f"/t/{table}")

    # The first call: TOP, BOTTOM or any of the six suits; Bea waits for it.
    calls = ann.locator(".wc-call")
    calls.nth(7).wait_for()
    order = calls.evaluate_all("els => els.map(e => e.dataset.call)")
    assert order == ["top", "bottom", *(f"trump {s}" for s in "MSVLYK")], "the rulebook's order"
    assert "Your call: TOP or BOTTOM" in ann.locator("#status").inner_text()
    bea.locator("#status", has_text="Waiting for Ann to make the first call").wait_for()
    # Said once, in the middle of the table: who calls first; the variant is named.
    assert "Ann calls first" in bea.locator(".wc-mid").inner_text()
    assert bea.locator(".wc-calls").count() == 0
    assert bea.locator("#info-turn").inner_text() == "classic Chicane · Calls"
    ann.locator(".wc-legend[open] dt", has_text="Calls").wait_for()
    assert bea.locator(".wc-call").count() == 0
    assert bea.locator("#hand .wc-card").count() == 9
    ann.get_by_role("button", name="Call BOTTOM").click()
    # The second call is the other kind: a suit, each with how many trumps Bea would hold.
    bea.locator(".wc-call").nth(5).wait_for()
    assert bea.locator(".wc-call").count() == 6
    assert "now call the trump suit" in bea.locator("#status").inner_text()
    bea.locator(".wc-calls", has_text="BOTTOM (Ann)").wait_for()
    no_sideways_scroll(bea)
    # The call is about Bea's cards: while calling, the board is compact and the hand in view.
    top = bea.locator("#hand .wc-card").first.bounding_box()
    assert top and top["y"] + top["height"] <= PHONE["height"], top
    shot(bea, "wildcat-chicane-classic-call-phone")
    # What each call does and the trumps it would leave are the server's label (its effect,
    # shows.trumps), not worked out by the page.
    said = next(
        a
        for a in [f for f in bea_frames if "labels" in f][-1]["labels"]["actions"]
        if a["action"] == "call trump Y"
    )
    wyrms = bea.locator('.wc-call[data-call="trump Y"]')
    assert wyrms.get_attribute("title") == f"{said['effect'][0].upper()}{said['effect'][1:]}."
    assert wyrms.inner_text().endswith(f" · {said['shows']['trumps']}")
    press(bea, bea.get_by_role("button", name="Call trump Wyrms"))
    for p in (ann, bea):
        p.locator(".wc-calls", has_text="Wyrms trump (").wait_for()
        assert p.locator(".player .wc-reading", has_text="BOTTOM").count() == 4
    # Bids 0 to 9: all 36 cards are played in classic, 9 tricks at four.
    ann.locator(".wc-bid").first.wait_for()
    assert ann.locator(".wc-bid").count() == 10
    box = ann.locator("#hand .wc-card").last.bounding_box()
    assert box and box["y"] + box["height"] <= DESKTOP["height"], box
    ann.get_by_role("button", name="Bid 3 tricks").click()
    bea.locator(".wc-bid").first.wait_for()
    bea.locator(".wc-spot[data-seat='0'] .wc-bid-big", has_text="3").wait_for()
    no_sideways_scroll(bea)  # ten bid buttons wrap at 360 px
    press(bea, bea.get_by_role("button", name="Bid 1 trick", exact=True))
    ann.locator(".wc-bidsum", has_text="for 9 tricks").wait_for()
    assert ann.locator(".wc-table.n4 .wc-spot").count() == 4
    shot(ann, "wildcat-chicane-classic-desktop")

    play_until_end([ann, bea])
    for p in (ann, bea):
        assert p.locator(".end-place").count() == 4
    record = ann.request.get(f"/api/tables/{table}/record").json()
    assert record["actions"][:2] == [[0, "call bottom"], [1, "call trump Y"]]
    assert check_no_hidden_cards(record, 0, ann_frames) > 20
    assert check_no_hidden_cards(record, 1, bea_frames) > 20
    assert check_game_frames(record, {0: ann_frames, 1: bea_frames}) > 40
    assert not ann.errors and not bea.errors
