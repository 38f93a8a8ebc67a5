"""Every table in the pseudo-locale (issue 28, point 7: "the pseudo-locale test finds no visible
text outside the catalogs on the lobby, every table, the end screen and the replay"). For each
game, in Chromium against a real ``pondside serve``:

- a person's seat at a live table, once the bots have moved (its hand, its offers, the
  status line, the scores and the legend);
- the end screen of a finished match;
- the replay of that match, seen from a seat, at moves spread over the whole match, and (one
  game) its analysis panel.

Each visible text node and read attribute must lie inside the ⟦…⟧ markers of a catalog
message (``browserkit.OUTSIDE_THE_CATALOG``), but what is marked ``translate="no"`` (names).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from browserkit import LAPTOP, OUTSIDE_THE_CATALOG, bots_match, name_via_api, shot, table_via_api
from serverproc import ServerProcess

# Short matches of each game, at a table of three.
GAMES = {
    "lame-duck": {"rounds": 1},
    "king-of-the-quackers": {"target": 1},
    "wildcat-chicane": {"target": 10},
    "down-the-drain": {"games": 1},
    "ladders": {"target": 1},
}
MOVES_LOOKED_AT = 12  # replay moves checked, spread over the match
# The replay's analysis panel is the same page for every game, its moves labelled by the
# server (``analysis.decision_labels``, tested per game in Python): one game's is looked at.
ANALYSED = "lame-duck"


def replay_at(page: Any, move: int) -> None:
    """The replay's slider moved to ``move``, as a person drags it."""
    page.locator("#rb-step").evaluate(
        f"(el) => {{ el.value = '{move}'; el.dispatchEvent(new Event('input')); }}"
    )
    page.wait_for_function(f"document.querySelector('#rb-step')?.value === '{move}'", timeout=5_000)
    page.wait_for_timeout(100)


def outside(page: Any) -> list[str]:
    found: list[str] = page.evaluate(OUTSIDE_THE_CATALOG)
    return found


@pytest.mark.parametrize(
    "game",
    list(GAMES),
)
def test_a_table_its_end_and_its_replay_have_no_word_outside_the_catalog(
    new_page: Any, web: ServerProcess, game: str
) -> None:
    page = new_page(web, LAPTOP)
    name_via_api(page, "Ann")
    # A live table: Ann at seat 0, bots at the others.
    table = table_via_api(page, 3, 2, game=game, options=GAMES[game])
    page.goto(f"/t/{table}?lang=en-XA")
    page.locator("#players .player").first.wait_for()
    page.locator("#status:not(:empty)").wait_for()
    page.wait_for_timeout(500)  # the bots' first moves drawn
    assert outside(page) == [], (game, "table")
    shot(page, f"pseudo-{game}-table")

    # A finished match: its end screen.
    finished = bots_match(page, game, 3, GAMES[game], seed=5)
    page.goto(f"/t/{finished}?lang=en-XA")
    page.locator("#end-dialog[open]").wait_for()
    assert outside(page) == [], (game, "end screen")
    shot(page, f"pseudo-{game}-end")

    # Its replay from seat 0, at moves spread over the match.
    moves = len(page.request.get(f"/api/tables/{finished}/record").json()["actions"])
    page.goto(f"/replay/{finished}?seat=0&lang=en-XA")
    page.locator("#players .player").first.wait_for()
    for move in sorted({round(moves * k / MOVES_LOOKED_AT) for k in range(MOVES_LOOKED_AT + 1)}):
        replay_at(page, move)
        assert outside(page) == [], (game, f"replay move {move}")
    shot(page, f"pseudo-{game}-replay")
    if game == ANALYSED:
        # The analysis panel: its summary, its mistakes and the note of a move it judged
        # (the last move's end dialog closed first, as a person closes it).
        page.locator("#end-close").click()
        page.locator("#rb-analyse").click()
        page.locator("#rb-an-mistakes > *").first.wait_for(timeout=90_000)
        jumps = page.locator(".rb-an-jump")
        if jumps.count():
            jumps.first.click()
        page.locator("#rb-an-step:not([hidden])").wait_for()
        assert outside(page) == [], (game, "the replay's analysis")
        shot(page, f"pseudo-{game}-analysis")
    assert page.errors == []


# English words each game's table writes, none of which a German table may show.
ENGLISH = {
    "lame-duck": ["duck", "column", "Round", "Waiting"],
    "king-of-the-quackers": ["Pass", "points", "Give", "Waiting"],
}


@pytest.mark.parametrize(
    "game",
    list(ENGLISH),
)
def test_a_german_table(new_page: Any, web: ServerProcess, game: str) -> None:
    """A table as a German browser shows it (``docs/screenshots/table-de-*.png``): the game's
    words in German, none of its English ones."""
    page = new_page(web, LAPTOP)
    page.context.set_extra_http_headers({"Accept-Language": "de-DE,de;q=0.9"})
    name_via_api(page, "Änne")
    table = table_via_api(page, 3, 2, game=game, options=GAMES[game])
    page.goto(f"/t/{table}")
    assert page.locator("html").get_attribute("lang") == "de"
    page.locator("#players .player").first.wait_for()
    page.locator("#status:not(:empty)").wait_for()
    page.wait_for_timeout(800)  # the bots' first moves told
    text = page.locator("body").inner_text()
    shown = [w for w in ENGLISH[game] if re.search(rf"\b{w}s?\b", text)]
    assert shown == [], (shown, text[:2000])
    shot(page, f"table-de-{game}")
    assert page.errors == []
