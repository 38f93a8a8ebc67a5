"""The new player's trial findings of issue 27 that were still open (session 36), each as the
player met it, on the trial's screens (a 1366x768 laptop, a 390x844 touch phone), in Chromium
against a real ``pondside serve`` on loopback:

- King of the Quackers' replay says the same in its pass panel and its status (finding 5);
- an Ace played as a number shows that number, in the words and on the card (finding 9);
- the deck's ranks in the legend are the server's (issue 26: no deck inferred in the page);
- a table waiting for players that nobody is at leaves the lobby's Open tables (finding 12).

Without Chromium (or Playwright) the tests are skipped, except under CI; see browserkit.py.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from browserkit import (
    LAPTOP,
    TOUCH_PHONE,
    bots_match,
    name_via_api,
    press,
    shot,
    start_server,
    table_via_api,
)
from pondside.engine import Match
from serverproc import GuestClient, ServerProcess, close_guests, open_guests
from tablesock import Sock, run, table_with

KQ = "king-of-the-quackers"


@pytest.fixture(scope="module")
def slow_bots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose bots think for a while: what a person played stays on the table long
    enough to be looked at."""
    proc = start_server(tmp_path_factory.mktemp("slow"), bot_delay=3.0)
    yield proc
    proc.stop()


def hand_card(page: Any, code: str) -> Any:
    return page.locator(f'#hand .kq-hcard[data-card="{code}"]')


def test_a_kq_replay_watched_from_a_seat_says_the_same_in_its_pass_panel_and_status(
    new_page: Any, web: ServerProcess
) -> None:
    """Finding 5: watched from a seat that has not chosen yet, the pass panel said "your two
    cards are chosen" (a replay offers no action) beside "Waiting for <that seat>". Both now
    read the view, in the server's words, before and after the seat chooses."""
    page = new_page(web, LAPTOP)
    name_via_api(page, "Ann")
    table = bots_match(page, KQ, 4, {"target": 8}, seed=7)
    record = page.request.get(f"/api/tables/{table}/record").json()
    names = [f"Bot {s + 1}" for s in range(4)]
    watched = 1
    # The first step after which the watched seat has chosen but someone else has not.
    gives = [i for i, (seat, a) in enumerate(record["actions"][:4]) if a.startswith("give ")]
    assert len(gives) == 4, record["actions"][:4]
    mine = next(i for i in gives if record["actions"][i][0] == watched)
    seen: list[tuple[str, str]] = []
    for step in (0, mine + 1) if mine < 3 else (0,):
        page.goto(f"/replay/{table}?seat={watched}&step={step}")
        page.wait_for_function(f"document.body.dataset.replayStep === '{step}'")
        head = page.locator(".kq-pass .kq-head")
        head.wait_for()
        status = str(page.locator("#status").text_content())
        seen.append((head.inner_text(), status))
        if step == 0:
            assert head.inner_text() == "Pass two cards: choose one for each neighbour."
            assert "chosen" not in status and status.startswith("Choose a card for")
        else:
            assert head.inner_text().startswith("Your two cards are chosen")
            assert status.startswith("Waiting for") and names[watched] not in status, seen
        shot(page, f"trial36-kq-replay-pass-{step}")
    assert page.errors == []


def test_an_ace_played_as_a_number_shows_the_number_in_words_and_on_the_card(
    new_page: Any, slow_bots: ServerProcess
) -> None:
    """Finding 9: "Straight Flush, rank 4: the Ace of Wyrms, …" named the Ace without the 4 it
    stands for. The play to beat is now the server's words for it (KQ-17: the Ace "as 4"),
    and the Ace's face says "as 4". Seed 42 at four players deals 1S 5SV 6SY to seat 0,
    which leads; the bots think for 3 s, so the play stays the one to beat meanwhile."""
    page = new_page(slow_bots, LAPTOP)
    page.goto("/")
    name_via_api(page, "Ann")
    table = table_via_api(page, game=KQ, players=4, bots=3, options={"target": 1}, seed=42)
    page.goto(f"/t/{table}?speed=0")
    page.locator("#hand .kq-hcard").nth(10).wait_for()
    # The legend of the card symbols lists the extended deck's ranks, as the server sends them.
    legend = page.locator(".kq-legend-box")
    if not legend.evaluate("d => d.open"):
        press(page, legend.locator("summary"))
    assert "E the Excuse" in legend.inner_text() and "Ct Court" in legend.inner_text()
    press(page, hand_card(page, "NL"))
    press(page, hand_card(page, "TMVK"))
    press(page, page.locator(".kq-give"))
    page.locator(".kq-lead", has_text="Your lead").wait_for()
    for code in ("1S", "5SV", "6SY"):
        press(page, hand_card(page, code))
    press(page, page.locator(".kq-play-btn", has_text="Ace as 4"))
    beat = page.locator(".kq-tobeat")
    beat.wait_for()
    what = beat.locator(".kq-tobeat-what").inner_text()
    assert what == (
        "Straight Flush of Suns, 4 to 6: the Ace of Suns as 4, the Discovery and the Penitent"
    )
    ace = beat.locator('.dcard[data-card="1S"]')
    assert ace.locator(".kq-as").inner_text() == "as 4"
    assert ace.get_attribute("aria-label", timeout=10_000).endswith("as 4")
    shot(page, "trial36-kq-ace-as-4")
    assert page.errors == []


def test_the_basic_decks_legend_has_no_excuse_pawn_or_court(
    new_page: Any, web: ServerProcess
) -> None:
    """Issue 26: the legend's ranks are those the server says the table's deck holds."""
    page = new_page(web, TOUCH_PHONE, touch=True)
    page.goto("/")
    name_via_api(page, "Ann")
    table = table_via_api(
        page, game=KQ, players=4, bots=3, options={"target": 1, "deck": "basic"}, seed=42
    )
    page.goto(f"/t/{table}?speed=0")
    legend = page.locator(".kq-legend-box")
    legend.wait_for()
    if not legend.evaluate("d => d.open"):
        press(page, legend.locator("summary"))
    text = legend.inner_text()
    assert "A Ace" in text and "★ Crown" in text
    assert "Excuse ·" not in text and "Pawn" not in text and "Court" not in text
    assert page.errors == []


def in_a_thread(work: Any) -> None:
    """Run a coroutine to its end in a thread of its own: Playwright's loop runs in this one
    once a browser test of the module has run."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(run, work).result()


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose limits run a thousand times fast: nobody at a table for 0.6 s (the
    600 s of ``abandon_after``) deserts it."""
    path = tmp_path_factory.mktemp("deserted")
    proc = ServerProcess(
        f"sqlite:///{path / 'pondside.db'}",
        clock_scale=0.001,
        log=path / "server.log",
        extra=["--grace", "1000"],
    ).start()
    yield proc
    proc.stop()


def test_a_waiting_table_nobody_is_at_leaves_the_open_tables(quick_server: ServerProcess) -> None:
    """Finding 12: a table waiting for players whose host left (nobody connected for a while)
    stayed in Open tables for ever. Listed while its host is there, however long; gone from
    the others' list once nobody has been there for the limit; still the host's own."""
    mark = open_guests()
    ann, bob = GuestClient(quick_server, "Ann"), GuestClient(quick_server, "Bob")

    def listed(who: GuestClient) -> list[str]:
        return [t["id"] for t in who.http.get("/api/tables").json()["tables"]]

    try:
        table = table_with(quick_server, ann, [ann, None, None], start=False)
        assert table in listed(bob)

        async def stay() -> None:
            a = await Sock.open(quick_server, table, ann)
            await asyncio.sleep(2.0)  # past the limit three times, and there all along
            assert table in listed(bob)
            await a.close()

        in_a_thread(stay())
        deadline = time.monotonic() + 20
        while table in listed(bob):
            assert time.monotonic() < deadline, "the deserted table stayed listed"
            time.sleep(0.1)
        assert table in listed(ann)  # her own: the way back to it
        # Someone at it again (a guest who has the link): listed again.

        async def back() -> None:
            b = await Sock.open(quick_server, table, bob)
            await asyncio.sleep(0.1)
            assert table in listed(bob)
            await b.close()

        in_a_thread(back())
    finally:
        close_guests(mark)


def test_the_puzzles_page_asks_nothing_that_fails(new_page: Any, web: ServerProcess) -> None:
    """Finding 12: /puzzles logged a 404 in the console for every game without a puzzle of the
    day (and a 401 for a visitor without a name). It now asks once for every game's, and asks
    for the visitor's own puzzles only when they have a name."""
    failed: list[str] = []  # what every page asked that failed, and its console's errors
    for named_first in (False, True):
        page = new_page(web, LAPTOP)
        page.on(
            "response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None
        )
        page.on("console", lambda m: failed.append(m.text) if m.type == "error" else None)
        if named_first:
            page.goto("/")
            name_via_api(page, "Ann")
        page.goto("/puzzles")
        page.locator("#puzzles-daily li", has_text="no puzzle yet").first.wait_for()
        page.locator("#puzzles-mine p").filter(has_not_text="Loading").wait_for()
        page.wait_for_load_state("networkidle")
        assert failed == []
        assert page.locator("#puzzles-daily li").count() == 5
        assert page.errors == []
    shot(page, "trial36-puzzles")


def test_taking_a_seat_is_called_join_everywhere(new_page: Any, web: ServerProcess) -> None:
    """Finding 12: the lobby's "Join" was "Sit here" in the waiting room for a seated guest.
    One word everywhere: the lobby, the room for a newcomer, the room for a guest seated."""
    host = new_page(web, LAPTOP)
    host.goto("/")
    name_via_api(host, "Ann")
    table = table_via_api(host, players=4, bots=1)  # two seats free: it waits
    guest = new_page(web, TOUCH_PHONE, touch=True)
    guest.goto("/")
    name_via_api(guest, "Bob")
    guest.reload()
    item = guest.locator(f'.table-item[data-table="{table}"]')
    assert item.locator("button.primary").inner_text() == "Join"
    for page in (host, guest):
        page.goto(f"/t/{table}")
        free = page.locator(".seat.free button.primary")
        free.first.wait_for()
        assert free.all_inner_texts() == ["Join", "Join"]
    assert host.locator(".seat.free button.primary").first.get_attribute("aria-label") == (
        "Join at seat 3 instead of seat 1"
    )
    assert "Sit here" not in str(host.locator("#waiting").text_content())
    shot(host, "trial36-room-join")
    assert host.errors == [] and guest.errors == []


def test_the_resign_dialog_shows_the_clock_that_keeps_running(
    new_page: Any, web: ServerProcess
) -> None:
    """Finding 12: the clock ran on, hidden, behind the Resign dialog. It keeps running (the
    server's does: asking whether to resign must not stop a match), and the dialog shows it,
    the seconds left going down, so the player is not surprised by the clock's choice."""
    page = new_page(web, LAPTOP)
    page.goto("/")
    name_via_api(page, "Ann")
    table = table_via_api(page, players=3, bots=2, profile="slow", options={"rounds": 5})
    page.goto(f"/t/{table}")
    page.locator("#hand .hand-card").first.wait_for()
    resign = page.get_by_role("button", name="Resign")
    resign.click()
    dialog = page.get_by_role("dialog", name="Resign this match?")
    dialog.wait_for()
    timer = dialog.get_by_role("timer")
    timer.wait_for()
    first = int(timer.locator(".clock-text").inner_text())
    assert str(timer.get_attribute("aria-label")).endswith("seconds left for you")
    page.wait_for_function(
        f"Number(document.querySelector('#resign-clock .clock-text')?.textContent) < {first}"
    )
    assert page.evaluate("document.activeElement.id") == "resign-no"  # still the safe answer
    shot(page, "trial36-resign-clock")
    page.keyboard.press("Enter")
    dialog.wait_for(state="hidden")
    # The page has one clock again (taken out by the dialog's "close" task, queued after the
    # dialog hides: waited for).
    page.wait_for_function("!document.querySelector('#resign-clock .clock')", timeout=5_000)
    assert page.errors == []


@pytest.mark.parametrize("game", ["lame-duck", "king-of-the-quackers"])
def test_the_result_dialog_says_what_the_scores_count(
    new_page: Any, web: ServerProcess, game: str
) -> None:
    """Finding 12: Lame Duck's result dialog showed "12" and a duck's picture: no unit in words.
    A score drawn as a number gets its unit from the game (``GameInfo.score_unit``, sent in
    ``GET /api/games``); a game whose module writes its own words is left as it is."""
    page = new_page(web, LAPTOP)
    page.goto("/")
    name_via_api(page, "Ann")
    options = {"rounds": 1} if game == "lame-duck" else {"target": 1}
    table = bots_match(page, game, 3, options, seed=11)
    totals = page.request.get(f"/api/tables/{table}/record").json()
    page.goto(f"/t/{table}")
    page.locator("#end-dialog[open]").wait_for()
    # Read by each part's text, not the block's innerText: innerText depends on layout (an
    # element not being rendered at that instant reads as its bare text, "12points").
    scores = page.locator("#end-places .end-score").evaluate_all(
        "els => els.map(e => [e.querySelector('.end-ducks')?.textContent,"
        " e.querySelector('.end-unit')?.textContent])"
    )
    unit = {"lame-duck": "duck", "king-of-the-quackers": "point"}[game]
    assert len(scores) == 3, totals
    for number, words in scores:
        number = (number or "").strip()
        assert number.isdigit(), scores
        assert (words or "").strip() == (unit if number == "1" else unit + "s"), scores
    shot(page, f"trial36-result-{game}")
    assert page.errors == []


def test_no_empty_room_under_the_give_button_on_the_phone(
    new_page: Any, web: ServerProcess
) -> None:
    """Finding 12: on the phone, King of the Quackers' Give button had some 100 px of empty
    room under it, above the hand (kept for a second row of buttons). The buttons now keep one
    row, as high as the label's two lines: little room under them, and the hand does not move
    when the label names the two cards chosen."""
    page = new_page(web, TOUCH_PHONE, touch=True)
    page.goto("/")
    name_via_api(page, "Ann")
    table = table_via_api(page, game=KQ, players=4, bots=3, options={"target": 1}, seed=42)
    page.goto(f"/t/{table}?speed=0")
    give = page.locator(".kq-give")
    give.wait_for()
    page.wait_for_timeout(300)

    def gap() -> tuple[float, float]:
        below = give.bounding_box()
        hand = page.locator(".hand-wrap").bounding_box()
        assert below and hand
        return hand["y"] - (below["y"] + below["height"]), hand["y"]

    empty, top = gap()
    assert empty < 30, f"{empty:.0f} px of empty room under Give"
    press(page, hand_card(page, "NL"))
    press(page, hand_card(page, "TMVK"))
    page.locator(".kq-give:not([disabled])").wait_for()
    assert "NL" not in give.inner_text()  # the cards by their names, on two lines
    empty_after, top_after = gap()
    assert abs(top_after - top) < 1 and empty_after < 30
    shot(page, "trial36-kq-phone-give")
    assert page.errors == []


@pytest.mark.parametrize("screen", ["laptop", "phone"])
def test_ladders_selection_ring_hugs_the_card(
    new_page: Any, web: ServerProcess, screen: str
) -> None:
    """Finding 12: a hand card's selection ring in Ladders was twice the card's height (the
    legend beside the cards stretched their buttons). Every hand card's button, and so its
    ring, is now the card's own height. Seed 84 at six players: seat 0 plays first."""
    phone = screen == "phone"
    page = new_page(web, TOUCH_PHONE if phone else LAPTOP, touch=phone)
    page.goto("/")
    name_via_api(page, "Ann")
    table = table_via_api(page, game="ladders", players=6, bots=5, seed=84, options={"target": 1})
    page.goto(f"/t/{table}?speed=0")
    first = page.locator(".la-hand-card.can-build").first
    first.wait_for()
    press(page, first)
    page.locator(".la-hand-card.selected").wait_for()
    sizes = page.locator(".la-hand-card").evaluate_all(
        "els => els.map(e => [e.getBoundingClientRect().height,"
        " e.querySelector('.la-card').getBoundingClientRect().height])"
    )
    assert sizes and all(abs(button - card) < 2 for button, card in sizes), sizes
    shot(page, f"trial36-ladders-ring-{screen}")
    assert page.errors == []


# What is read in the side column, as rectangles: the hint, the explanations' box, their
# heading and their latest line (the box opens on it).
SIDE = """() => {
  const r = (e) => { if (!e) return null; const b = e.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, left: b.left, right: b.right}; };
  const lines = document.querySelectorAll('#explain .explain-line');
  return {hint: r(document.querySelector('#hint-panel')), box: r(document.querySelector('#explain')),
          heading: r(document.querySelector('#explain h2')), latest: r(lines[lines.length - 1]),
          height: innerHeight};
}"""


SHRINK_THEN_TELL_SCROLL = """() => {
  const box = document.getElementById('explain');
  box.style.maxHeight = `${box.getBoundingClientRect().height - 60}px`;
  box.dispatchEvent(new Event('scroll'));
}"""


# Lines told from now on (old turns are trimmed from the top as new ones come).
COUNT_LINES = """() => {
  window.linesTold = 0;
  new MutationObserver((changes) => {
    for (const c of changes) for (const n of c.addedNodes) if (n.classList && n.classList.contains('explain-line')) window.linesTold++;
  }).observe(document.getElementById('explain-list'), { childList: true, subtree: true });
}"""


# The explanations box's scrollTop when it shows its last line.
AT_END = "(e => e.scrollHeight - e.clientHeight)(document.getElementById('explain'))"


def test_the_hint_covers_nothing_of_what_just_happened(new_page: Any, web: ServerProcess) -> None:
    """Finding 8: on the laptop, with Down the Drain's explanations on, opening the Hint left the
    top of "What just happened" out of sight. The hint and the explanations now share the side
    column without overlapping, the heading stays at the top of its box, and the latest line
    is in sight, whatever the hint's length."""
    page = new_page(web, LAPTOP)
    page.goto("/")
    name_via_api(page, "Ann")
    table = table_via_api(
        page, players=4, bots=3, game="down-the-drain", options={"games": 1}, seed=5
    )
    page.goto(f"/t/{table}")
    page.wait_for_selector("#hint-btn:not([disabled])", timeout=20_000)
    page.click("#explain-btn")
    hand = ".dd-hand.active .dd-hand-card:not([disabled])"

    def play_a_card() -> None:
        page.wait_for_selector(hand, timeout=20_000)
        page.locator(hand).first.click()
        page.locator(".dd-play").click()
        page.wait_for_selector("#hint-btn:not([disabled])", timeout=20_000)

    for _ in range(3):  # a few turns' lines: more than the box holds
        play_a_card()
    page.click("#hint-btn")
    page.wait_for_selector("#hint-panel .hint-main", timeout=60_000)
    # The bots play on meanwhile: a line told just now scrolls into view in a moment (the box
    # scrolls smoothly), so the latest line is waited for rather than measured at once.
    deadline = time.monotonic() + 15  # a loaded machine (CI: -n 2 on 2 cores) scrolls late
    while True:
        page.wait_for_timeout(300)
        seen = page.evaluate(SIDE)
        if seen["latest"]["bottom"] <= seen["box"]["bottom"] + 0.5 or time.monotonic() > deadline:
            break
    hint, box, heading, latest = seen["hint"], seen["box"], seen["heading"], seen["latest"]
    assert hint["bottom"] <= box["top"] or box["bottom"] <= hint["top"], seen  # no overlap
    assert box["top"] - 0.5 <= heading["top"] and heading["bottom"] <= box["bottom"], seen
    assert latest["bottom"] <= box["bottom"] + 0.5 and latest["top"] >= heading["bottom"] - 0.5
    assert box["bottom"] <= seen["height"] and box["bottom"] - box["top"] >= 100, seen
    shot(page, "trial36-dd-hint-and-explanations")
    # The box's own scroll told a frame late, after the box shrank again and before its resize
    # observer ran (the hint's answer in meanwhile: CI, session 43), is not a reader scrolling up
    # from the latest line: the latest line stays in sight.
    page.evaluate(SHRINK_THEN_TELL_SCROLL)
    page.wait_for_timeout(300)
    before, seen = box, page.evaluate(SIDE)
    box, latest = seen["box"], seen["latest"]
    assert box["bottom"] - box["top"] <= before["bottom"] - before["top"] - 40, seen
    assert latest["bottom"] <= box["bottom"] + 0.5, seen
    # A reader who scrolls up with the wheel to an older turn is left there as lines come; one
    # who scrolls back down to the latest follows the story again.
    middle = ((box["left"] + box["right"]) / 2, (box["top"] + box["bottom"]) / 2)
    page.mouse.move(*middle)
    page.mouse.wheel(0, -200)
    page.wait_for_function(f"document.getElementById('explain')?.scrollTop < {AT_END} - 150")
    page.evaluate(COUNT_LINES)
    play_a_card()
    page.wait_for_function("window.linesTold > 0", timeout=30_000)
    page.wait_for_timeout(300)
    assert page.evaluate(f"document.getElementById('explain').scrollTop < {AT_END} - 150")
    box = page.evaluate(SIDE)["box"]
    page.mouse.move((box["left"] + box["right"]) / 2, (box["top"] + box["bottom"]) / 2)
    page.mouse.wheel(0, 5000)
    page.wait_for_function(f"document.getElementById('explain')?.scrollTop >= {AT_END} - 2")
    page.evaluate(COUNT_LINES)
    play_a_card()
    page.wait_for_function("window.linesTold > 0", timeout=30_000)
    page.wait_for_function(f"document.getElementById('explain')?.scrollTop >= {AT_END} - 2")
    assert page.errors == []


# Every drawing of Down the Drain's board, as a person sees it the moment it is drawn: the
# status line, and the seat whose spot says it "just played".
DD_DRAWINGS = """() => {
  window.ddSeen = [];
  const look = () => {
    const spot = document.querySelector('.dd-spot.just-played');
    const name = spot && spot.querySelector('.dd-spot-name');
    window.ddSeen.push([name ? name.firstChild.textContent : null,
                        document.getElementById('status').textContent]);
  };
  new MutationObserver(look).observe(document.getElementById('board'), { childList: true });
}"""


def test_down_the_drain_never_shows_a_play_beside_a_stale_status(
    new_page: Any, slow_bots: ServerProcess
) -> None:
    """Finding 10: a faded 15 over Bot 4's name ("just played") while the status said "Waiting
    for Bot 4": not a card left behind, but the play's animation (the card lands from above
    the name, faded at first) drawn while the status line still told the frame before. The
    status now tells the step the board is showing from the animation's start."""
    page = new_page(slow_bots, LAPTOP)
    page.goto("/")
    name_via_api(page, "Ann")
    table = table_via_api(
        page, players=4, bots=3, game="down-the-drain", options={"games": 1}, seed=5
    )
    page.goto(f"/t/{table}?speed=1")  # the animations at a person's speed
    page.locator(".dd-board").wait_for()
    page.evaluate(DD_DRAWINGS)
    hand = ".dd-hand.active .dd-hand-card:not([disabled])"
    page.wait_for_selector(hand, timeout=30_000)
    page.locator(hand).first.click()
    page.locator(".dd-play").click()
    page.wait_for_selector(hand, timeout=30_000)  # three bots played, each animated
    seen = page.evaluate("window.ddSeen")
    played = [(who, status) for who, status in seen if who]
    assert len(played) >= 3, seen
    stale = [(who, status) for who, status in played if f"Waiting for {who}" in status]
    assert stale == [], stale
    shot(page, "trial36-dd-after-the-bots")
    assert page.errors == []


def test_the_captions_of_a_kq_frame_name_the_aces_number_and_who_is_waited_for() -> None:
    """Without a browser: the captions a King of the Quackers frame carries (finding 5, 9) and
    their cards read by name (``card_words``), from the game's own words."""
    from pondside.games.king_of_the_quackers import GAME
    from pondside.server.telling import tell

    names = ["Ann", "Bob", "Cid", "Dee"]
    match = Match(GAME, 4, GAME.options(4, {"target": 1}), seed=42)
    first = match.view(1)
    told = tell(GAME, [], None, first, 1, names, offered=False)
    assert told["captions"]["pass"] == "Pass two cards: choose one for each neighbour."
    assert told["captions"]["status"].startswith("Choose a card for Cid on your left")
    for seat, action in ((0, "give NL TMVK"), (1, match.legal(1)[0])):
        match.apply(seat, action)
    told = tell(GAME, [], None, match.view(1), 1, names, offered=False)
    assert told["captions"]["pass"].startswith("Your two cards are chosen")
    assert told["captions"]["status"] == "Waiting for Cid and Dee to choose their two cards."
    for seat in (2, 3):
        match.apply(seat, match.legal(seat)[0])
    match.apply(0, "play 1S=4 5SV 6SY")
    told = tell(GAME, [], None, match.view(2), 2, names, offered=False)
    beat = told["captions"]["to beat"]
    assert beat == "Straight Flush of Suns, 4 to 6: 1S=4 5SV 6SY"
    assert told["card_words"]["1S=4 5SV 6SY"] == (
        "the Ace of Suns as 4, the Discovery and the Penitent"
    )
