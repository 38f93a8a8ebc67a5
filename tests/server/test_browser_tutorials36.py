"""Every game's tutorial, finished by following the coach alone (issue 28, 5): a newcomer opens
it from /learn and does only what the coach's prompts say (the control it marks, or "Play it
for me" where a move takes several controls), never opening the rules page. The coach teaches
each kind of decision the first time it comes (the game's tutorial script) and says why each
move; the end says the tutorial is done, what it taught and what next, with a link to a real
table. The scripts themselves are checked first, without a browser: every kind of decision
the tutorial's deal asks of its player has its lesson."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from browserkit import LAPTOP, axe_violations, name_via_api, shot
from pondside.engine.match import Match
from pondside.games import get_game, slugs
from pondside.server.lessons import NEXT, lesson, script, shortest
from pondside.server.thinking import HINT_LEVEL
from pondside.server.tutorials import TUTORIAL_SEED
from pondside.sim.runner import seat_bots
from serverproc import ServerProcess


def kinds_met(slug: str) -> dict[str, int]:
    """The kinds of decision (an action's first word) the tutorial's deal asks of its player
    when the coach is followed, in the order they first come, each with the number of the
    player's move where it first comes (from 0)."""
    from pondside.analysis import hint

    game = get_game(slug)
    players = game.info.default_players
    match = Match(game, players, shortest(slug), seed=TUTORIAL_SEED)
    bots = seat_bots(game, {s: "casual" for s in range(1, players)}, 1)
    met: dict[str, int] = {}
    moves = 0
    while to_act := match.to_act():
        seat = 0 if 0 in to_act else to_act[0]
        view, legal = match.view(seat), match.legal(seat)
        if seat:
            match.apply(seat, bots[seat](view, legal))
            continue
        action = hint(game, view, legal, HINT_LEVEL, 0, estimate=False).action
        met.setdefault(action.split()[0], moves)
        moves += 1
        match.apply(0, action)
    return met


@pytest.mark.parametrize("slug", slugs())
def test_each_kind_of_decision_has_its_lesson_once(slug: str) -> None:
    lessons, done = script(slug)
    assert done and done.endswith(".")
    met = kinds_met(slug)
    assert met and all(kind in lessons for kind in met), (met, sorted(lessons))
    # Every lesson is given while the browser test still clicks what the coach marks.
    assert max(met.values()) < MARKED_MOVES // 2, met
    # The lesson opens the first prompt of its kind only.
    kind = next(iter(met))
    first = f"{kind} x"
    assert lesson(slug, first, []) == lessons[kind]
    assert lesson(slug, first, [first]) is None


MOVED_ON = (
    "(seq) => document.body.dataset.seq !== seq || !!document.querySelector('#end-dialog[open]')"
)
# A click either made the move, or marked the next control of it (a card picked: its pile).
NEXT_MARKED = (
    "(seq) => document.body.dataset.seq !== seq || !!document.querySelector('#end-dialog[open]')"
    " || [...document.querySelectorAll('.hint-mark')].some((e) => !e.dataset.coachClicked)"
)


def moved_on(page: Any, seq: str, timeout: float, js: str = MOVED_ON) -> bool:
    try:
        page.wait_for_function(js, arg=seq, timeout=timeout)
    except Exception:
        return False
    return bool(page.evaluate(MOVED_ON, seq))


MARKED_MOVES = 40
"""How many moves are made by clicking what the coach marks; later ones by its "Play it for me".
Every lesson of every tutorial comes within its first dozen moves (`kinds_met`), and Ladders'
tutorial, a whole round (LA-3's 30-card CLIMB), is some 150 moves of two or three clicks each:
its tail by the coach's button keeps the test to the coach's prompts at half the clicks."""


def follow_only_the_coach(page: Any, limit: float = 240) -> Counter[str]:
    """Do what the coach says until the end screen: click the control it marks, again while
    a click only selects (a card picked, then played or put on the pile marked next: up to
    three controls, as Ladders' discard), as a person does; where that does not make the
    move, or after the first ``MARKED_MOVES``, let the coach play it. What was followed,
    counted ("marked", "played for me")."""
    followed: Counter[str] = Counter()
    deadline = page.evaluate("Date.now()") + limit * 1000
    unanimated = False
    while not page.locator("#end-dialog[open]").count():
        if not unanimated and sum(followed.values()) >= MARKED_MOVES:
            # The coach's own moves, as a person who turned the animations off (the page's
            # speed preference, read at each move): Ladders' hundred-odd of them took a minute
            # of waiting for cards to fly.
            page.evaluate("localStorage.setItem('pondside.speed', '0')")
            unanimated = True
        assert page.evaluate("Date.now()") < deadline, f"the tutorial did not end ({followed})"
        assert "/rules" not in page.url
        if not page.locator("#hint-panel:not([hidden]) .hint-action").count():
            page.wait_for_timeout(60)
            continue
        seq = page.evaluate("document.body.dataset.seq")
        try:
            marked = page.locator(".hint-mark")
            for _ in range(3 if sum(followed.values()) < MARKED_MOVES else 0):
                if marked.count():
                    marked.first.evaluate("(e) => (e.dataset.coachClicked = '1')")
                    marked.first.click(timeout=2000)
                    if moved_on(page, seq, 1500, NEXT_MARKED):
                        followed["marked"] += 1
                        break
            else:
                page.locator(".hint-do").click(timeout=2000)
                followed["played for me"] += 1
                assert moved_on(page, seq, 15_000), "the coach's move was not played"
        except AssertionError:
            raise
        except Exception:  # the table moved on under the click: look again
            continue
    return followed


@pytest.mark.parametrize(
    "game", ["King of the Quackers", "Wildcat Chicane", "Ladders", "Lame Duck", "Down the Drain"]
)
def test_a_newcomer_finishes_each_tutorial_by_the_coach_s_prompts_alone(
    new_page: Any, web: ServerProcess, game: str
) -> None:
    slug = next(s for s in slugs() if get_game(s).info.name == game)
    _, done = script(slug)
    page = new_page(web, LAPTOP)
    name_via_api(page, "Newcomer")
    page.goto("/learn")
    page.get_by_role("button", name=f"Learn {game}").click()
    page.wait_for_url("**/t/*")
    # The first prompt is a teacher's: the first decision's lesson, the move, and why.
    coach = page.locator("#hint-panel")
    coach.locator(".hint-lesson").wait_for()
    assert coach.locator(".hint-lesson").inner_text().startswith(f"Welcome to {game}!")
    assert coach.locator("#hint-title").text_content() == "Your coach"
    assert coach.locator(".coach-why").inner_text().startswith("Why: ")
    assert axe_violations(page) == []
    shot(page, f"tutorial36-{slug}")

    followed = follow_only_the_coach(page)
    assert sum(followed.values()) > 0
    print(game, dict(followed))

    # The end: the tutorial is done, what it taught, what next, and the way to a real table.
    end = page.locator("#end-dialog")
    assert end.locator("#end-title").inner_text().startswith("Tutorial done")
    note = end.locator("#end-note")
    note.filter(has_text=NEXT).wait_for()
    assert done is not None and done in note.inner_text()
    real = page.get_by_role("link", name="Play a real table")
    assert real.get_attribute("href") == f"/?game={slug}"
    assert page.get_by_role("link", name="Another tutorial").is_visible()
    assert page.locator("#again-btn").is_hidden()
    shot(page, f"tutorial36-{slug}-done")
    assert len(page.context.pages) == 1  # the rules page was never opened
    real.click()
    page.wait_for_url(f"**/?game={slug}")
    assert not page.errors
