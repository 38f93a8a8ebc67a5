"""Issue 27 as a new player's second trial found it (slice s35): focus, keyboard, touch and
things that jump, in Chromium on the trial's screens (a 1366x768 laptop, a 390x844 touch phone).

1. King of the Quackers sent the focus to the rules link after Play or Pass, the clock's pick
   left it nowhere useful, and a dialog closed with Escape left it on the page.
2. Lame Duck's place badges showed the place of a step before while cards were placed.
3. Layout jumps: KQ's "Give" label, Down the Drain's selection, the replay's "Analyse".
4. Wildcat Chicane's header said "Trick 2" while the table still showed trick 1.
5. Lame Duck's status line told the hovered card while the keyboard ring was on another.
6. Lame Duck's TAKE buttons: arrow keys between them, and one tap on a phone did not commit.
7. The lobby's "Save name" opened a table.

Without Chromium (or Playwright) the tests are skipped, except under CI; see browserkit.py.
"""

from __future__ import annotations

import json
from typing import Any

from browserkit import (
    LAPTOP,
    TOUCH_PHONE,
    bots_match,
    name_via_api,
    press,
    shot,
    table_via_api,
    too_low_deal,
)
from pondside.engine import Match
from pondside.games import get_game
from serverproc import ServerProcess

KQ = "king-of-the-quackers"
# The focused element, as a test reads it: BODY when the focus is lost to the page.
FOCUSED = (
    "document.activeElement === document.body ? 'BODY' : "
    "document.activeElement.outerHTML.slice(0, 160)"
)
# The focus is on a control a keyboard player can use now: an enabled button of the hand or
# the actions.
ON_A_CONTROL = """() => {
    const a = document.activeElement;
    return !!a && a.matches('button:not([disabled])') && !!a.closest('#hand, #actions');
}"""


def focused(page: Any) -> str:
    return str(page.evaluate(FOCUSED))


def on_result(page: Any) -> None:
    """The focus reaches the Result button. The dialog's "close" event, which moves it there, is
    a task queued after the dialog loses its open attribute: waited for, not read at once."""
    try:
        page.wait_for_function(
            "document.activeElement && document.activeElement.id === 'result-btn'", timeout=5_000
        )
    except Exception as e:
        raise AssertionError(f"the focus is on {focused(page)}, not the Result button") from e


def kq_lead(page: Any, server: ServerProcess, speed: str = "") -> None:
    """A KQ table at seed 55 (seat 0 holds the Straight Flush 7ML 8MS 9MS), past the pass, at
    the player's lead, all by mouse."""
    page.goto("/")
    name_via_api(page, "Ann")
    table = table_via_api(page, game=KQ, players=4, bots=3, options={"target": 8}, seed=55)
    page.goto(f"/t/{table}{speed}")
    page.locator("#hand .kq-hcard").nth(10).wait_for()
    for code in ("1S", "6SY"):
        page.locator(f'#hand .kq-hcard[data-card="{code}"]').click()
    page.locator(".kq-give").click()
    page.locator(".kq-lead", has_text="Your lead").wait_for()


# --- 1. focus after Play, Pass, the clock's pick and a dialog ---------------------------------
def test_kq_play_and_pass_by_mouse_keep_the_focus_on_the_table(
    new_page: Any, web: ServerProcess
) -> None:
    """After Play (and after Pass) the focus goes to what the player can do next (Pass, a
    card), never to the rules link in the legend under the hand, nor to the page."""
    page = new_page(web, LAPTOP)
    kq_lead(page, web)
    page.locator('#hand .kq-hcard[data-card="7ML"]').click()
    seq = page.evaluate("document.body.dataset.seq")
    page.locator(".kq-play-btn").click()
    page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
    # The others play on: the player's next decision gets the focus when it comes.
    page.wait_for_function(ON_A_CONTROL)
    assert "rules" not in focused(page)
    shot(page, "focus35-kq-focus-after-play-laptop")
    for _ in range(6):
        if not page.locator(".kq-pass-btn:not([disabled])").count():
            break
        seq = page.evaluate("document.body.dataset.seq")
        page.locator(".kq-pass-btn").click()
        page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
        assert "/rules/" not in focused(page) and focused(page) != "BODY", focused(page)
        page.wait_for_function(
            f"() => ({ON_A_CONTROL})() || !document.querySelector('.kq-hand.active')"
        )
    assert not page.errors


def test_after_the_clocks_pick_the_keyboard_player_goes_on_from_the_hand(
    new_page: Any, quick_clock: ServerProcess
) -> None:
    """The clock gives two cards for a player whose focus is on a card: the focus waits on the
    hand (never the page, never a link) and is on a card or a button once the player has a
    decision again."""
    page = new_page(quick_clock, LAPTOP)
    page.goto("/")
    name_via_api(page, "Ann")
    table = table_via_api(
        page, game=KQ, players=4, bots=3, options={"target": 8}, seed=55, profile="slow"
    )
    # The card the clock gives first: the focus is on it when it leaves the hand.
    match = Match(get_game(KQ), 4, {"target": 8}, seed=55)
    given = str(get_game(KQ).timeout_action(match.state, 0)).split()[1]
    page.goto(f"/t/{table}")
    card = page.locator(f'#hand .kq-hcard[data-card="{given}"]:not([disabled])')
    card.focus()
    assert given in focused(page)
    page.locator("#toast", has_text="Your time ran out").wait_for(timeout=20_000)
    assert focused(page) != "BODY" and "/rules/" not in focused(page), focused(page)
    page.wait_for_function(ON_A_CONTROL, timeout=20_000)
    assert not page.errors


def test_escape_closes_the_dialogs_and_the_focus_comes_back(
    new_page: Any, web: ServerProcess
) -> None:
    """The end dialog (opened by itself) and the score dialog close on Escape, and the focus
    comes back to the page's controls (the Result button that opens the end again), never to
    the page itself."""
    page = new_page(web, LAPTOP)
    page.goto("/")
    name_via_api(page, "Ann")
    table = bots_match(page, "lame-duck", 3, {"rounds": 1}, seed=4)
    page.goto(f"/t/{table}")
    page.locator("#end-dialog[open]").wait_for()
    page.keyboard.press("Escape")
    page.locator("#end-dialog:not([open])").wait_for(state="attached")
    on_result(page)
    page.keyboard.press("Enter")
    page.locator("#end-dialog[open]").wait_for()
    page.locator("#end-scores").focus()
    page.keyboard.press("Enter")
    page.locator("#score-dialog[open]").wait_for()
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]')")
    on_result(page)
    assert not page.errors


# --- 7. the lobby's "Save name" --------------------------------------------------------------
def test_save_name_saves_the_name_and_says_when_it_also_opens_the_table(
    new_page: Any, web: ServerProcess
) -> None:
    """On the phone: "Save name" by itself saves the name and stays in the lobby (the person
    then chooses a table); after "Open the table" without a name, the button says that it opens
    the table too ("Save name and open the table"), and does."""
    page = new_page(web, TOUCH_PHONE, touch=True)
    page.goto("/")
    page.wait_for_function("document.querySelectorAll('#game option').length > 1")
    save = page.locator("#name-form button[type=submit]")
    assert save.inner_text() == "Save name"
    page.fill("#name-input", "Noor")
    press(page, save)
    page.locator("#who-name", has_text="Noor").wait_for()
    page.wait_for_timeout(300)
    assert "/t/" not in page.url
    other = new_page(web, TOUCH_PHONE, touch=True)
    other.goto("/")
    other.wait_for_function("document.querySelectorAll('#game option').length > 1")
    press(other, other.locator("#create-btn"))
    other.locator("#name-error", has_text="open the table").wait_for()
    save = other.locator("#name-form button[type=submit]")
    assert save.inner_text() == "Save name and open the table"
    shot(other, "focus35-lobby-save-name-says-what-it-does-phone")
    other.fill("#name-input", "Omar")
    press(other, save)
    other.wait_for_url("**/t/*")
    assert not page.errors and not other.errors


# --- 4. Wildcat Chicane's header and table agree ----------------------------------------------
# Recorded in the page at every change of the board or the header: each time the middle of the
# table names a trick ("Trick 1 of 12"), the header's turn item names it too.
WATCH_TRICKS = """() => {
    window.trickMismatches = [];
    window.tricksTaken = 0;
    const check = () => {
        const mid = document.querySelector('#board .wc-mid-title');
        const m = mid && /Trick (\\d+) of \\d+/.exec(mid.textContent);
        if (m && mid.parentNode.textContent.includes('took it')) {
            window.tricksTaken = Math.max(window.tricksTaken, Number(m[1]));
        }
        const head = document.getElementById('info-turn').textContent;
        if (m && !head.includes(m[0])) window.trickMismatches.push(`${m[0]} | ${head}`);
    };
    const o = new MutationObserver(check);
    for (const id of ['board', 'info']) {
        o.observe(document.getElementById(id), {childList: true, subtree: true, characterData: true});
    }
}"""


def test_wildcat_header_names_the_trick_the_table_shows(new_page: Any, web: ServerProcess) -> None:
    """Three tricks against two bots, cards played by clicking: while the table shows a trick
    just taken (until the next lead) the header names that trick, never the next one."""
    page = new_page(web, LAPTOP)
    page.goto("/")
    name_via_api(page, "Ann")
    options = {"variant": "wildcat", "target": 1}
    table = table_via_api(page, game="wildcat-chicane", players=3, bots=2, options=options, seed=5)
    page.goto(f"/t/{table}")
    page.locator("#hand .wc-card").first.wait_for()
    page.evaluate(WATCH_TRICKS)
    taken = 0
    for _ in range(400):
        if taken >= 3 or page.locator("#end-dialog[open]").count():
            break
        for sel in (".wc-confirm:not([disabled])", ".wc-hand.active .wc-card.choosable"):
            if page.locator(sel).count():
                page.locator(sel).first.click()
                break
        else:
            if page.locator(".wc-bid:not([disabled])").count():
                page.locator(".wc-bid:not([disabled])").nth(1).click()
            elif page.locator(".wc-hand.active .wc-card.playable").count():
                page.locator(".wc-hand.active .wc-card.playable").first.click()
        page.wait_for_timeout(60)
        taken = page.evaluate("window.tricksTaken")
    assert taken >= 1, "no trick was taken"
    shot(page, "focus35-wildcat-header-trick-taken-laptop")
    assert page.evaluate("window.trickMismatches") == []
    assert not page.errors


# --- 2. Lame Duck's place badges keep up with the ducks shown --------------------------------
# Recorded in the page at every change of the players' bar: the places the shown duck counts
# make (fewer is better, ties share a place) against the place badges shown.
WATCH_PLACES = """() => {
    window.placeMismatches = [];
    window.ducksSeen = 0;
    const check = () => {
        const chips = [...document.querySelectorAll('#players .player')];
        const ducks = chips.map((c) => Number(c.querySelector('.player-score').textContent));
        const shown = chips.map((c) => c.querySelector('.player-place').textContent);
        const want = ducks.map((d) => 1 + ducks.filter((o) => o < d).length);
        window.ducksSeen = Math.max(window.ducksSeen, ...ducks);
        const ords = want.map((n) => n + (['th', 'st', 'nd', 'rd'][n] || 'th'));
        if (ords.join() !== shown.join()) window.placeMismatches.push(`${ducks} | ${shown}`);
    };
    new MutationObserver(check).observe(document.getElementById('players'),
        {childList: true, subtree: true, characterData: true});
}"""


def ld_turns(page: Any, enough: str, limit: int = 300) -> None:
    """Lame Duck turns by clicking (the first card that can be played, the first TAKE button)
    until the page's expression `enough` is true."""
    for _ in range(limit):
        if page.evaluate(enough) or page.locator("#end-dialog[open]").count():
            return
        take = page.locator(".take-btn:not([disabled])")
        card = page.locator("#hand .hand-card:not([disabled])")
        if take.count():
            take.first.click()
        elif card.count():
            card.first.click()
        page.wait_for_timeout(80)
    raise AssertionError(f"never {enough}")


def test_lame_duck_place_badges_match_the_ducks_while_cards_are_placed(
    new_page: Any, web: ServerProcess
) -> None:
    """While a turn's cards are placed and columns taken (animated at 4 times a person's
    speed), every place badge of the players' bar is the place of the ducks shown beside it at
    that moment, never the place of the step before."""
    page = new_page(web, LAPTOP)
    page.goto("/")
    name_via_api(page, "Ann")
    table = table_via_api(page, seed=11)
    page.goto(f"/t/{table}?speed=4")
    page.locator("#hand .hand-card:not([disabled])").first.wait_for()
    page.evaluate(WATCH_PLACES)
    ld_turns(page, "window.ducksSeen > 0 && !document.querySelector('.flying')")
    page.wait_for_timeout(500)
    shot(page, "focus35-lame-duck-places-after-a-take-laptop")
    assert page.evaluate("window.placeMismatches") == []
    assert not page.errors


# --- 6. Lame Duck's TAKE buttons: arrow keys, and select then confirm on a phone ---------------
def ld_too_low(new_page: Any, server: ServerProcess, touch: bool) -> Any:
    """A Lame Duck table whose first card played (seat 0's lowest) is too low: the page at the
    choice of a column to take."""
    seed, low = too_low_deal()
    page = new_page(server, TOUCH_PHONE if touch else LAPTOP, touch=touch)
    page.goto("/")
    name_via_api(page, "Ann")
    table = table_via_api(page, seed=seed)
    page.goto(f"/t/{table}")
    card = page.locator(f'#hand .hand-card[data-card="{low}"]:not([disabled])')
    take = page.locator(".take-btn:not([disabled])")
    for _ in range(20):  # the hand may be redrawn under the first tries (the bots' choices)
        if take.count():
            break
        try:
            press(page, card)
            if touch:  # the first tap selected it
                press(page, page.locator("#pick-play"))
        except Exception:  # redrawn under the tap: again
            pass
        page.wait_for_timeout(200)
    take.first.wait_for()
    # Played here (on a phone, by the Play button): the page does not say another window did.
    toast = page.locator("#toast")
    assert toast.is_hidden() or "another window" not in toast.inner_text()
    return page


def test_take_buttons_are_one_arrow_key_apart(new_page: Any, web: ServerProcess) -> None:
    """The focus comes to the first TAKE button; the arrow keys move between them as in the
    hand (Down and Right on, Up and Left back, End the last), and Enter takes the column."""
    page = ld_too_low(new_page, web, touch=False)
    page.wait_for_function("document.activeElement.matches('.take-btn')")
    takes = page.locator(".take-btn")
    actions = takes.evaluate_all("els => els.map(e => e.dataset.action)")
    now = lambda: page.evaluate("document.activeElement.dataset.action")  # noqa: E731
    assert now() == actions[0]
    page.keyboard.press("ArrowDown")
    assert now() == actions[1]
    page.keyboard.press("ArrowRight")
    assert now() == actions[2]
    page.keyboard.press("ArrowUp")
    assert now() == actions[1]
    page.keyboard.press("End")
    assert now() == actions[-1]
    page.keyboard.press("Home")
    assert now() == actions[0]
    shot(page, "focus35-lame-duck-take-arrows-laptop")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.locator(".take-btn").first.wait_for(state="detached")
    assert not page.errors


def test_phone_a_tap_on_take_selects_the_column_and_a_second_takes_it(
    new_page: Any, web: ServerProcess
) -> None:
    """On a touch phone one tap on TAKE (or its column) does not take it: it is selected, with
    the Play button naming the take; a tap elsewhere cancels; a second tap takes it."""
    page = ld_too_low(new_page, web, touch=True)
    take = page.locator(".take-btn").nth(1)
    action = take.get_attribute("data-action")
    press(page, take)
    page.wait_for_timeout(300)
    chosen = page.locator(f'.take-btn[data-action="{action}"]')
    assert chosen.count() == 1, "one tap took the column"
    assert chosen.get_attribute("aria-pressed") == "true"
    play = page.locator("#pick-play")
    assert play.is_visible() and "column" in play.inner_text().lower()
    shot(page, "focus35-lame-duck-take-selected-phone")
    # A tap on another column's row moves the selection there, not a take.
    other = page.locator(".take-btn").nth(2).get_attribute("data-action")
    press(page, page.locator(f'.row[data-tap-first="{other}"] .cells'))
    page.wait_for_timeout(300)
    assert page.locator(f'.take-btn[data-action="{other}"]').get_attribute("aria-pressed") == "true"
    assert chosen.get_attribute("aria-pressed") != "true"
    # The second tap on it takes it.
    press(page, page.locator(f'.take-btn[data-action="{other}"]'))
    page.locator(".take-btn").first.wait_for(state="detached")
    assert not page.errors


# --- 5. Lame Duck: one selection model for the preview ----------------------------------------
def test_preview_tells_the_card_the_ring_or_the_pointer_moved_to_last(
    new_page: Any, web: ServerProcess
) -> None:
    """The keyboard's ring on one card, the mouse over another: the preview line tells the card
    that moved last, and when the mouse leaves the hand it tells the ring's card again (it went
    blank, while the ring showed a card)."""
    page = new_page(web, LAPTOP)
    page.goto("/")
    name_via_api(page, "Ann")
    table = table_via_api(page, seed=7)
    page.goto(f"/t/{table}")
    cards = page.locator("#hand .hand-card")
    cards.nth(9).wait_for()
    page.locator("#hand .hand-card:not([disabled])").first.wait_for()
    codes = cards.evaluate_all("els => els.map(e => e.dataset.card)")
    preview = page.locator("#preview")

    def says(k: int) -> None:
        page.wait_for_function(
            "n => document.getElementById('preview')?.textContent.startsWith(`Play ${n} `)",
            arg=codes[k],
        )

    cards.nth(0).focus()
    page.keyboard.press("ArrowRight")
    says(1)
    cards.nth(4).hover()
    says(4)
    page.mouse.move(5, 5)  # off the hand, onto the top bar
    says(1)
    shot(page, "focus35-lame-duck-preview-ring-laptop")
    cards.nth(6).hover()
    says(6)
    page.keyboard.press("ArrowRight")
    says(2)
    page.mouse.move(5, 5)
    says(2)
    cards.nth(3).hover()
    says(3)
    assert preview.inner_text()
    assert not page.errors


# --- 3. nothing jumps when a label, a selection or the analysis appears ------------------------
def top_of(page: Any, selector: str) -> float:
    """The element's top in the window. Read in the page in one go, once it is drawn: a frame
    arriving meanwhile (the bots' passes) redraws the hand, and a node read between its
    removal and its replacement has no box."""
    found = f"document.querySelector({json.dumps(selector)})"
    page.wait_for_function(f"!!{found} && {found}.getClientRects().length > 0", timeout=5_000)
    return float(page.evaluate(f"{found}.getBoundingClientRect().top"))


def test_kq_give_label_and_clear_do_not_move_the_hand(new_page: Any, web: ServerProcess) -> None:
    """King of the Quackers' pass, on the laptop and the phone: choosing the two cards (the Give
    button names them, Clear appears) moves neither the hand nor its cards."""
    for viewport, touch in ((LAPTOP, False), (TOUCH_PHONE, True)):
        page = new_page(web, viewport, touch=touch)
        page.goto("/")
        name_via_api(page, "Ann")
        table = table_via_api(page, game=KQ, players=4, bots=3, options={"target": 8}, seed=55)
        page.goto(f"/t/{table}?speed=0")
        page.locator("#hand .kq-hcard").nth(10).wait_for()
        last = '#hand .kq-hcard[data-card="TSVY"]'
        before = (top_of(page, "#hand"), top_of(page, last))
        for code in ("1S", "6SY"):
            press(page, page.locator(f'#hand .kq-hcard[data-card="{code}"]'))
        page.locator(".kq-clear").wait_for()
        assert page.locator(".kq-give:not([disabled])").count() == 1
        assert (top_of(page, "#hand"), top_of(page, last)) == before, viewport
        shot(page, f"focus35-kq-give-steady-{'phone' if touch else 'laptop'}")
        assert not page.errors


def test_down_the_drain_selection_does_not_move_the_hand(new_page: Any, web: ServerProcess) -> None:
    """Down the Drain, laptop and phone: selecting a card (its sentence, Play and Cancel replace
    the rule's two sentences) moves neither the hand nor the board."""
    for viewport, touch in ((LAPTOP, False), (TOUCH_PHONE, True)):
        page = new_page(web, viewport, touch=touch)
        page.goto("/")
        name_via_api(page, "Ann")
        table = table_via_api(page, game="down-the-drain", options={"games": 1}, seed=3)
        page.goto(f"/t/{table}?speed=0")
        card = page.locator(".dd-hand.active .dd-hand-card:not([disabled])").first
        card.wait_for()
        before = (top_of(page, "#hand"), top_of(page, "#board"))
        press(page, card)
        page.locator(".dd-play").wait_for()
        assert (top_of(page, "#hand"), top_of(page, "#board")) == before, viewport
        shot(page, f"focus35-dd-selection-steady-{'phone' if touch else 'laptop'}")
        assert not page.errors


def test_replay_analyse_does_not_move_the_table(new_page: Any, web: ServerProcess) -> None:
    """The replay at 1366x768: "Analyse" (its "Analysing…" and the analysis when it comes) moves
    neither the table nor the hand shown."""
    page = new_page(web, LAPTOP)
    name_via_api(page, "Cal")
    table = bots_match(page, "lame-duck", 3, {"rounds": 1}, seed=23)
    page.goto(f"/replay/{table}")
    page.locator("#rb-seat option").nth(1).wait_for(state="attached")
    page.select_option("#rb-seat", "1")
    page.wait_for_function("document.body.dataset.replaySeat === '1'")
    page.locator("#hand .hand-card").first.wait_for()
    before = (top_of(page, "#board"), top_of(page, "#hand"), top_of(page, "#rb-analyse"))
    page.locator("#rb-analyse").click()
    page.wait_for_selector("#rb-an-summary:has-text('Analysing')")
    assert (top_of(page, "#board"), top_of(page, "#hand"), top_of(page, "#rb-analyse")) == before
    page.wait_for_selector("#rb-an-summary:has-text('decisions judged')", timeout=90_000)
    assert (top_of(page, "#board"), top_of(page, "#hand"), top_of(page, "#rb-analyse")) == before
    shot(page, "focus35-replay-analysis-steady-laptop")
    assert not page.errors
