"""A sixth game in the browser (issue 26, docs/adding-a-game.md): High Card, added from the tests
alone (tests/newgame, no file of the server or the browser edited), is listed in the lobby and
played at the online table on the generic board, drawn from its view and the server's labels
and narration."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browserkit import axe_violations, name_via_api, shot, start_server
from serverproc import ServerProcess

SERVE = Path(__file__).resolve().parents[1] / "newgame" / "serve.py"


@pytest.fixture(scope="module")
def with_high_card(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = start_server(tmp_path_factory.mktemp("newgame"), launcher=[str(SERVE)])
    yield proc
    proc.stop()


def test_a_new_game_is_played_in_the_browser_on_the_generic_board(
    with_high_card: ServerProcess, new_page: Any
) -> None:
    page = new_page(with_high_card)
    page.add_init_script("localStorage.setItem('pondside.explain', '1')")
    page.goto("/")
    name_via_api(page, "Ann")
    games = page.request.get("/api/games").json()
    assert "high-card" in [g["slug"] for g in games["games"]]
    body = {"game": "high-card", "players": 2, "profile": "none", "options": {"deals": 2}}
    r = page.request.post("/api/tables", data=body)
    assert r.status == 201, r.text()
    table = r.json()["id"]
    assert page.request.post(
        f"/api/tables/{table}/seats/1", data={"do": "bot", "level": "random"}
    ).ok
    assert page.request.post(f"/api/tables/{table}/start").ok
    page.goto(f"/t/{table}?speed=0")

    # The board: the view's own facts seat by seat; the hand: a button per playable card,
    # named by the server's label.
    page.locator(".generic-facts tr[data-key='chosen']").wait_for()
    assert "Played" in page.locator(".generic-list").inner_text()
    first = page.locator("#hand button.generic-card").first
    first.wait_for()
    assert first.get_attribute("aria-label").startswith("play ")
    assert not axe_violations(page), axe_violations(page)
    shot(page, "newgame-generic-board")
    plays = 0
    while not page.locator("#end-dialog[open]").count():
        card = page.locator("#hand button.generic-card:not([disabled])").first
        if card.count():
            seq = page.evaluate("document.body.dataset.seq")
            card.click()
            plays += 1
            page.wait_for_function(
                "s => document.body.dataset.seq !== s || document.querySelector('#end-dialog[open]')",
                arg=seq,
            )
        else:
            page.wait_for_timeout(100)
        assert plays <= 10, "High Card's two deals of three cards end within six plays"
    assert plays == 6
    # What happened is told in the server's words (the engine's default narrator).
    assert page.locator("#explain-list .explain-line").count() >= 6
    shot(page, "newgame-end")
    assert not page.errors, page.errors
