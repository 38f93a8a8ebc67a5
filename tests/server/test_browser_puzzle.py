"""Puzzles in Chromium (issue 28, point 4): a guest's analysed match gives them a puzzle; its
page is the game's own table drawing the position from their seat, and the move they choose is
judged and explained in the game's words; the puzzles page lists it and the puzzle of the day,
which another guest opens too."""

from __future__ import annotations

import random
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from browserkit import LAPTOP, axe_violations, name_via_api, shot, table_via_api
from serverproc import ServerProcess
from tablesock import Sock, play_randomly, run


def test_a_puzzle_from_ones_own_match_is_solved_at_the_table(
    new_page: Any, web: ServerProcess
) -> None:
    page = new_page(web, LAPTOP)
    name_via_api(page, "Ann")
    # Lame Duck, one round, three heuristic bots. The deal is fixed: on some deals a random
    # player makes no mistake that a longer search finds clearly worse (CI met one).
    table = table_via_api(page, seed=1)
    cookie = "; ".join(f"{c['name']}={c['value']}" for c in page.context.cookies())

    async def play() -> None:
        sock = await Sock.open(web, table, headers={"Cookie": cookie})
        await play_randomly(sock, random.Random(5))  # a random player errs
        await sock.close()

    with ThreadPoolExecutor(1) as pool:  # Playwright's loop runs in this thread
        pool.submit(run, play()).result()
    assert page.request.get(f"/api/replays/{table}/analysis?seat=0", timeout=300_000).ok
    deadline = time.monotonic() + 240
    while not (mine := page.request.get("/api/puzzles").json()["puzzles"]):
        assert time.monotonic() < deadline, "no puzzle was made"
        time.sleep(1)

    page.goto("/puzzles")
    page.get_by_role("link", name="Lame Duck: today's puzzle").wait_for()
    page.locator("#puzzles-mine a").first.click()
    page.wait_for_url(f"**/puzzle/{mine[0]['id']}")
    page.locator("#puzzle-panel", has_text="Find a better move").wait_for()
    # The answer is chosen at the table as a move is: a card of the hand, or a TAKE button.
    legal = page.request.get(f"/api/puzzles/{mine[0]['id']}").json()["legal"]
    pick = random.Random(1).choice(legal)
    if pick.startswith("play "):
        page.locator(f'#hand [data-card="{pick.split()[1]}"]').first.click()
    else:
        page.locator(f'[data-action="{pick}"]').first.click()
    verdict = page.locator("#puzzle-verdict .puzzle-result")
    verdict.wait_for()
    assert verdict.inner_text().startswith(("Right", "Not quite"))
    assert page.locator(".puzzle-estimates tbody tr").count() >= 2
    assert axe_violations(page) == []
    assert not page.errors
    shot(page, "puzzle-laptop")

    # Another guest: none of their own yet, but the game's puzzle of the day is Ann's.
    bob = new_page(web, LAPTOP)
    name_via_api(bob, "Bob")
    bob.goto("/puzzles")
    bob.locator("#puzzles-mine", has_text="None yet").wait_for()
    daily = bob.request.get("/api/puzzles/daily/lame-duck").json()
    anns = {p["id"] for p in page.request.get("/api/puzzles").json()["puzzles"]}
    assert daily["id"] in anns  # the game's puzzles are Ann's alone here
    bob.get_by_role("link", name="Lame Duck: today's puzzle").click()
    bob.wait_for_url(f"**/puzzle/{daily['id']}")
    bob.locator("#puzzle-panel", has_text="Find a better move").wait_for()
    bob.locator("#hand .hand-card").nth(len(daily["view"]["hand"]) - 1).wait_for()
    assert bob.locator("#hand .hand-card").count() == len(daily["view"]["hand"])
    assert not bob.errors
