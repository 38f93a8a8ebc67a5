"""Take-over in Chromium (issue 28, point 2): when a player's page is gone, the others see the
grace period count down in the players' bar, then the bot standing in; the player who comes
back has the seat again at once."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browserkit import LAPTOP, name_via_api, shot, start_server
from serverproc import ServerProcess


@pytest.fixture(scope="module")
def graceful(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = start_server(tmp_path_factory.mktemp("standin"), extra=["--grace", "4"])
    yield proc
    proc.stop()


def test_the_others_see_a_gone_player_counted_down_then_stood_in_for(
    new_page: Any, graceful: ServerProcess
) -> None:
    ann, bob = new_page(graceful, LAPTOP), new_page(graceful, LAPTOP)
    name_via_api(ann, "Ann")
    name_via_api(bob, "Bob")
    r = ann.request.post(
        "/api/tables",
        data={"game": "lame-duck", "players": 3, "profile": "none", "options": {"rounds": 1}},
    )
    table = r.json()["id"]
    assert bob.request.post(f"/api/tables/{table}/seats/1", data={"do": "join"}).ok
    assert ann.request.post(
        f"/api/tables/{table}/seats/2", data={"do": "bot", "level": "casual"}
    ).ok
    assert ann.request.post(f"/api/tables/{table}/start").ok
    ann.goto(f"/t/{table}")
    bob.goto(f"/t/{table}")
    bobs = ann.locator('#players .player[data-seat="1"]')
    bobs.wait_for()
    bob.close()  # Bob's only page is gone
    bobs.locator(".player-away", has_text="connection lost: a bot plays in").wait_for()
    shot(ann, "standin-countdown")
    bobs.locator(".player-away", has_text="away: a casual bot plays for Bob").wait_for(
        timeout=20_000
    )
    shot(ann, "standin-away")
    back = bob.context.new_page()
    back.goto(f"/t/{table}")
    bobs.locator(".player-away").wait_for(state="detached")
    assert not ann.errors
