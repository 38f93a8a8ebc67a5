"""axe-core over every page a player meets (issue 27, accessibility as a standard): the lobby,
every game's table mid-turn, the end screen of a finished match, its replay, "My matches", the
leaderboard and the rules pages, on a 1366 × 768 laptop and a 390 × 844 touch phone. No
violation of impact serious or critical is allowed; at each game's table every card a person
sees has a name a screen reader reads (defect 6).

The pages share one server and one finished match (played by the guest through the table's
socket, so that it is in their history); each page is scanned on both screens in one test, so
a violation names its page and screen.
"""

from __future__ import annotations

import random
import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from browserkit import (
    AXE,
    LAPTOP,
    TOUCH_PHONE,
    axe_violations,
    name_via_api,
    shot,
    table_via_api,
    too_low_deal,
)
from pondside.games import get_game
from serverproc import ServerProcess
from tablesock import Sock, play_randomly, run

GAMES = ("lame-duck", "king-of-the-quackers", "wildcat-chicane", "ladders", "down-the-drain")
SCREENS = {"laptop": LAPTOP, "phone": TOUCH_PHONE}
# A control the seat may use now: the table is mid-turn and waiting for this page's player.
MY_TURN = "#hand button:not([disabled]), #actions button:not([disabled]):not([hidden])"


@pytest.fixture(scope="module")
def finished(web: ServerProcess, browser: Any) -> dict[str, Any]:
    """A Lame Duck match that the guest "Axel" played to its end against two bots: its table
    and the guest's cookies (their history holds it)."""
    ctx = browser.new_context(base_url=web.url)
    page = ctx.new_page()
    name_via_api(page, "Axel")
    table = table_via_api(page, 3, 2)
    cookies = ctx.cookies()
    header = "; ".join(f"{c['name']}={c['value']}" for c in cookies)

    async def play() -> None:
        sock = await Sock.open(web, table, headers={"Cookie": header})
        await play_randomly(sock, random.Random(5))
        await sock.close()

    # In a thread of its own: Playwright's sync API holds this thread's event loop.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(run, play()).result()
    ctx.close()
    return {"table": table, "cookies": cookies}


def open_page(new_page: Any, server: ServerProcess, screen: str, cookies: Any = None) -> Any:
    """A page on this screen (the phone with touch), as the guest of `cookies` if given."""
    page = new_page(server, SCREENS[screen], touch=screen == "phone")
    if cookies:
        page.context.add_cookies(cookies)
    return page


def scan(page: Any, what: str) -> list[str]:
    """The grave violations of the page as it is now, each said with its page and elements
    (and a screenshot of the page, named axe-<what>, to look at them)."""
    found = [
        f"{what}: {v['id']} ({v['impact']}) {v['help']}: {v['nodes']}" for v in axe_violations(page)
    ]
    if found:
        shot(page, f"axe-{what}")
    return found


@pytest.mark.parametrize("screen", SCREENS)
def test_the_lobby(web: ServerProcess, new_page: Any, screen: str) -> None:
    page = open_page(new_page, web, screen)
    page.goto("/")
    page.locator("#game option").first.wait_for(state="attached")
    found = scan(page, f"lobby-{screen}")
    assert found == []


def table_mid_turn(page: Any, game: str) -> str:
    """A started table of `game`: "Ann" (this page) and bots, shown once it is Ann's turn;
    its id."""
    name_via_api(page, "Ann")
    players = get_game(game).info.default_players
    table = table_via_api(page, players, players - 1, game=game, seed=3, options={})
    page.goto(f"/t/{table}")
    page.locator(MY_TURN).first.wait_for()
    page.wait_for_timeout(300)  # the first frame's animation, if any, is over
    return table


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("game", GAMES)
def test_a_table_mid_turn_and_every_card_a_person_sees_has_a_name(
    web: ServerProcess, new_page: Any, game: str, screen: str
) -> None:
    """The scan, and defect 6 on the same page: every card (the hand, the pond, the tricks, the
    piles, the discard, face up or down) has a name a screen reader reads, in words, not the
    rulebook's codes ("(WC-4)" is for the tooltips); on a laptop and on a touch phone."""
    page = open_page(new_page, web, screen)
    table_mid_turn(page, game)
    found = scan(page, f"table-{game}-{screen}")
    wrong = unnamed_cards(page)
    coded = page.evaluate(
        "() => [...document.querySelectorAll('[aria-label]')].map((e) => e.ariaLabel)"
        ".filter((n) => /\\([A-Z]{2}-\\d+/.test(n))"
    )
    assert found == []
    assert wrong == []
    assert coded == []
    assert page.errors == []


@pytest.mark.parametrize("screen", SCREENS)
def test_lame_duck_while_a_too_low_card_chooses_its_column(
    web: ServerProcess, new_page: Any, screen: str
) -> None:
    """The pond in take mode: the TAKE buttons, the prompt, the card area revealing every card."""
    page = open_page(new_page, web, screen)
    name_via_api(page, "Ann")
    seed, low = too_low_deal(4)
    page.goto(f"/t/{table_via_api(page, seed=seed)}")
    page.locator(f"#hand .hand-card[data-card='{low}'][aria-disabled='false']").click()
    if screen == "phone":  # a first tap selects and previews, a second plays (issue 27, 2)
        # Either the tap picked the card (a second plays it) or it played (the TAKE buttons come
        # after the server's answer, which a loaded machine may give after any fixed wait).
        page.wait_for_function(
            "() => document.querySelector('.take-btn, #hand .hand-card.picked') !== null"
        )
        if not page.locator(".take-btn").count():
            page.locator(f"#hand .hand-card[data-card='{low}']").click()
    page.locator(".take-btn:not([disabled])").first.wait_for()
    page.wait_for_timeout(300)
    shot(page, f"take-named-cards-{screen}")
    found = scan(page, f"table-lame-duck-take-{screen}")
    assert found == []
    assert unnamed_cards(page) == []
    assert page.errors == []


@pytest.mark.parametrize("screen", SCREENS)
def test_the_end_screen(
    web: ServerProcess, new_page: Any, finished: dict[str, Any], screen: str
) -> None:
    page = open_page(new_page, web, screen, finished["cookies"])
    page.goto(f"/t/{finished['table']}")
    page.locator("#end-dialog[open]").wait_for()
    found = scan(page, f"end-{screen}")
    assert found == []
    assert page.errors == []


@pytest.mark.parametrize("screen", SCREENS)
def test_the_replay(
    web: ServerProcess, new_page: Any, finished: dict[str, Any], screen: str
) -> None:
    page = open_page(new_page, web, screen, finished["cookies"])
    page.goto(f"/replay/{finished['table']}?seat=0")
    page.locator("#players .player").first.wait_for()
    page.locator("#hand .hand-card").first.wait_for()
    found = scan(page, f"replay-{screen}")
    assert found == []
    assert page.errors == []


@pytest.mark.parametrize("screen", SCREENS)
def test_my_matches(
    web: ServerProcess, new_page: Any, finished: dict[str, Any], screen: str
) -> None:
    page = open_page(new_page, web, screen, finished["cookies"])
    page.goto("/history")
    page.locator(f"#history-table tr[data-table='{finished['table']}']").wait_for()
    found = scan(page, f"history-{screen}")
    assert found == []
    assert page.errors == []


def test_a_won_match_s_place_reads_clearly(
    web: ServerProcess, new_page: Any, finished: dict[str, Any]
) -> None:
    page = open_page(new_page, web, "laptop", finished["cookies"])
    page.goto("/history")
    page.locator(f"#history-table tr[data-table='{finished['table']}']").wait_for()
    # The guest's match may have been won or not: the chip of a win is looked at either way.
    page.locator("#history-table .place-chip").first.evaluate(
        "c => { c.classList.add('first'); c.textContent = '1st'; }"
    )
    found = scan(page, "history-won")
    assert found == []


@pytest.mark.parametrize("screen", SCREENS)
def test_the_leaderboard(
    web: ServerProcess, new_page: Any, finished: dict[str, Any], screen: str
) -> None:
    page = open_page(new_page, web, screen)
    page.goto("/leaderboard#lame-duck")
    page.locator("#board-table").wait_for()
    found = scan(page, f"leaderboard-{screen}")
    assert found == []
    assert page.errors == []


@pytest.mark.parametrize("screen", SCREENS)
def test_the_rules_pages(web: ServerProcess, new_page: Any, screen: str) -> None:
    page = open_page(new_page, web, screen)
    page.goto("/rules")
    page.locator("main a[href^='/rules/']").first.wait_for()
    found = scan(page, f"rules-{screen}")
    for game in GAMES:
        page.goto(f"/rules/{game}")
        page.locator("main h1").first.wait_for()
        page.locator("body.examples-drawn").wait_for(state="attached")
        found += scan(page, f"rules-{game}-{screen}")
    assert found == []
    assert page.errors == []


# Every card drawn on the page, face up or down, in every game's drawing (decktet.js,
# cards.js, ladders-cards.js, down-the-drain-board.js), and anything that carries a card's code.
CARDS = ".card, .dcard, .ddc, .la-card:not(.empty), .la-chip, [data-card]"
NAMES = """async (selector) => {
    // axe-core's own reading of the accessibility tree: whether a screen reader reaches an
    // element, and the name it reads.
    axe.setup(document);
    const out = [];
    for (const card of document.querySelectorAll(selector)) {
        const box = card.getBoundingClientRect();
        if (!box.width || !box.height || getComputedStyle(card).visibility === "hidden") continue;
        // What names the card: itself, or the nearest control or image that holds it.
        const holder = card.closest("button, [role=button], [role=img], [role=option]") || card;
        out.push({
            code: card.dataset.card ?? "",
            down: card.matches(".face-down, .back"),
            html: card.outerHTML.slice(0, 120),
            reached: axe.commons.dom.isVisibleToScreenReaders(holder),
            name: axe.commons.text.accessibleText(holder).trim(),
        });
    }
    axe.teardown();
    return out;
}"""


def unnamed_cards(page: Any) -> list[str]:
    """Each card a person can see that a screen reader cannot read with its value."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    wrong = []
    cards = page.evaluate(NAMES, CARDS)
    assert cards, "no card is shown"
    for c in cards:
        name = c["name"]
        if not c["reached"] or not name:
            wrong.append(f"unnamed: {c['html']}")
        elif c["down"] and "face-down" not in name:
            wrong.append(f"a face-down card read as {name!r}: {c['html']}")
        elif c["code"].isdigit() and not re.search(rf"\b{c['code']}\b", name):
            wrong.append(f"card {c['code']} read as {name!r}")
    return wrong
