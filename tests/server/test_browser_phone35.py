"""A new player's trial on the phone and the laptop (issue 27's trial, its phone and page-size
findings): the hand on the screen whenever the player acts (1), no page wider than the phone and every Ladders pile
in sight (2), messages that cover nothing a player needs (3), the explanations opening on the
latest lines and fitting the window (4), and names whole in the card areas (5). The screens are
the trial's: a 1366x768 laptop and a 390x844 touch phone, with a 360 px phone for widths.

Each game is played by the test from the same guest's second socket (a random legal action at
each of its decisions, as "another window" would), while the page is looked at as it stands the
moment the player must act.

Without Chromium (or Playwright) the tests are skipped, except under CI; see browserkit.py.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from browserkit import (
    LAPTOP,
    TOUCH_PHONE,
    bots_match,
    name_via_api,
    shot,
    table_via_api,
)
from serverproc import ServerProcess

SMALL_PHONE = {"width": 360, "height": 740}
PHONES = (TOUCH_PHONE, SMALL_PHONE)  # the small one last: the screenshots are taken at 360
GAMES: dict[str, dict[str, Any]] = {
    "lame-duck": {"rounds": 1},
    "king-of-the-quackers": {"target": 8},
    "wildcat-chicane": {},
    "ladders": {},
    "down-the-drain": {"games": 1},
}

# Sends one action as the same guest from a second socket of the page's own origin (the
# table's "another window"), then closes it.
ACT = """async ([table, action]) => {
  const ws = new WebSocket(`ws://${location.host}/ws/tables/${table}`);
  await new Promise((ok, no) => { ws.onopen = ok; ws.onerror = no; });
  ws.send(JSON.stringify({ op: "act", action }));
  await new Promise((ok) => setTimeout(ok, 60));
  ws.close();
}"""

# Every hand card the page draws (a button with a data-card, Ladders' data-key; not a note's
# small cards, such as those passed in King of the Quackers) that is not wholly on
# the screen, or whose top is covered by something else; and how much wider the page is than
# the window. The window's size is the one the test set: a phone's browser zooms out a page
# wider than itself, and its innerWidth grows with the page.
HAND_AS_SEEN = """([innerWidth, innerHeight]) => {
  const cards = [...document.querySelectorAll('#hand button[data-card], #hand button[data-key]')]
    .filter((e) => e.getClientRects().length);
  const off = [];
  for (const c of cards) {
    const r = c.getBoundingClientRect();
    const name = c.dataset.card || c.dataset.key;
    if (r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
      off.push(`${name} off the screen`);
    else {
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + 4);
      if (!at || !(c.contains(at) || at.contains(c))) off.push(`${name} covered by ${at && at.className}`);
    }
  }
  return { cards: cards.length, off, wider: document.documentElement.scrollWidth - innerWidth };
}"""


def press(page: Any, locator: Any) -> None:
    """A tap on a touch screen, a click elsewhere; with time for a page busy with a match whose
    bots play at once, on a machine shared with other browsers."""
    if page.touch:
        locator.tap(timeout=10_000)
    else:
        locator.click(timeout=10_000)


def hand_as_seen(page: Any) -> dict[str, Any]:
    size = page.viewport_size
    return dict(page.evaluate(HAND_AS_SEEN, [size["width"], size["height"]]))


class Watch:
    """The frames the page's own socket receives (the seat's view and its legal actions)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.frames: list[dict[str, Any]] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._received))

    def _received(self, payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") == "state":
            self.frames.append(message)

    def latest(self) -> dict[str, Any] | None:
        return max(self.frames, key=lambda f: f["seq"]) if self.frames else None

    def decision(self, after: int, limit: float = 20) -> dict[str, Any] | None:
        """The first frame after seq ``after`` that asks this seat to act, once the page has drawn
        it; None once the match is over."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            f = self.latest()
            if f and f["seq"] > after and f["view"] and f["view"]["over"]:
                return None
            drawn = self.page.evaluate("document.body.dataset.seq")
            if f and f["seq"] > after and f["legal"] and drawn == str(f["seq"]):
                self.page.wait_for_timeout(150)  # the dock measured, the names fitted
                return f
            self.page.wait_for_timeout(40)
        raise AssertionError(f"no decision came after frame {after}")


def open_table(page: Any, game: str, seed: int, players: int = 4, **body: Any) -> tuple[str, Watch]:
    page.goto("/")
    name_via_api(page, "Ann")
    table = table_via_api(
        page, game=game, players=players, bots=players - 1, options=GAMES[game], seed=seed, **body
    )
    watch = Watch(page)
    page.goto(f"/t/{table}?speed=0")
    return table, watch


def play(page: Any, table: str, watch: Watch, decisions: int, rng: random.Random) -> list[Any]:
    """Act at the next ``decisions`` decisions (fewer if the match ends), looking at the hand
    each time before acting: what HAND_AS_SEEN found, per decision."""
    seen: list[Any] = []
    after = -1
    for _ in range(decisions):
        frame = watch.decision(after)
        if frame is None:
            break
        seen.append((frame["seq"], hand_as_seen(page)))
        page.evaluate(ACT, [table, rng.choice(frame["legal"])])
        after = frame["seq"]
    return seen


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("screen", ["phone", "laptop"])
def test_the_whole_hand_is_on_the_screen_whenever_the_player_acts(
    new_page: Any, web: ServerProcess, game: str, screen: str
) -> None:
    """1: at every decision of a match's first turns (Wildcat Chicane's ruling card, bid and
    tricks, King of the Quackers' pass and growing tricks, ...), every card of the hand is on
    the screen, uncovered, without scrolling, on the phone and on the laptop; and the page is no
    wider than the window."""
    phone = screen == "phone"
    page = new_page(web, TOUCH_PHONE if phone else LAPTOP, touch=phone)
    table, watch = open_table(page, game, seed=5)
    seen = play(page, table, watch, 8, random.Random(5))
    assert len(seen) >= 4, seen
    for seq, look in seen:
        assert look["cards"] and not look["off"], (seq, look)
        assert look["wider"] <= 0, (seq, look)
    assert page.evaluate("window.scrollY") == 0
    shot(page, f"phone35-hand-{game}-{screen}")
    assert not page.errors


def test_the_lame_duck_replay_shows_the_hand_on_a_phone(new_page: Any, web: ServerProcess) -> None:
    """1: the replay on the phone (its bar takes two rows) keeps the seat's hand on the screen."""
    page = new_page(web, TOUCH_PHONE, touch=True)
    name_via_api(page, "Ann")
    table = bots_match(page, "lame-duck", 4, {"rounds": 1}, seed=17)
    page.goto(f"/replay/{table}?seat=1&step=9")
    page.locator("#hand .hand-card").first.wait_for()
    page.wait_for_timeout(300)
    look = hand_as_seen(page)
    assert look["cards"] and not look["off"] and look["wider"] <= 0, look
    shot(page, "phone35-replay-phone")
    assert not page.errors


def pile_off_screen(page: Any) -> list[str]:
    """The Ladders piles not wholly in the window's width (or hidden by a box that clips them)."""
    found: list[str] = page.evaluate(
        """(innerWidth) => [...document.querySelectorAll('.la-pile')].filter((p) => {
            const r = p.getBoundingClientRect();
            if (r.left < -0.5 || r.right > innerWidth + 0.5) return true;
            for (let box = p.parentElement; box; box = box.parentElement) {
              const b = box.getBoundingClientRect();
              if (getComputedStyle(box).overflowX !== 'visible' && (r.left < b.left - 0.5 || r.right > b.right + 0.5)) return true;
            }
            return false;
          }).map((p) => p.getAttribute('aria-label') || p.textContent.trim().slice(0, 30))""",
        page.viewport_size["width"],
    )
    return found


@pytest.mark.parametrize("players", [4, 6])
def test_every_ladders_pile_is_on_a_phone_s_screen(
    new_page: Any, web: ServerProcess, players: int
) -> None:
    """2: on a 390 and a 360 px phone every seat's CLIMB and RUNG piles and the ACCENT piles are
    within the window (the others' piles scrolled sideways out of it), and the page is no wider."""
    page = new_page(web, TOUCH_PHONE, touch=True)
    _, watch = open_table(page, "ladders", seed=5, players=players)
    assert watch.decision(-1) is not None
    for size in PHONES:
        page.set_viewport_size(size)
        page.wait_for_timeout(200)
        assert page.locator(".la-pile").count() >= 5 * players + 4
        assert pile_off_screen(page) == [], size
        assert hand_as_seen(page)["wider"] <= 0, size
    shot(page, f"phone35-ladders-{players}-players-360")
    assert not page.errors


def wider_than_the_window(page: Any) -> int:
    """How much wider the page is than the window the test set (see HAND_AS_SEEN)."""
    return int(page.evaluate("document.documentElement.scrollWidth")) - page.viewport_size["width"]


def test_no_page_is_wider_than_a_phone(new_page: Any, web: ServerProcess) -> None:
    """2: at 360 and 390 px no page scrolls sideways: the lobby, a match's end screen, its replay,
    My matches (it was 496 px wide), the leaderboard (448 px), the record upload and every
    game's rules page. Each game's table mid-turn is checked by the hand's test above."""
    page = new_page(web, TOUCH_PHONE, touch=True)
    page.goto("/")
    name_via_api(page, "PhonePal Bartholomew")
    table = table_via_api(
        page, game="down-the-drain", players=3, bots=2, options={"games": 1}, seed=3
    )
    watch = Watch(page)
    page.goto(f"/t/{table}?speed=0")
    play(page, table, watch, 200, random.Random(3))
    page.locator("#end-dialog[open]").wait_for()
    for size in PHONES:
        page.set_viewport_size(size)
        page.wait_for_timeout(150)
        assert wider_than_the_window(page) <= 0, ("end screen", size)
    shot(page, "phone35-end-360")
    pages = [
        "/",
        "/history",
        "/leaderboard#down-the-drain",
        "/replay",
        f"/replay/{table}?seat=0&step=6",
        *(f"/rules/{game}" for game in GAMES),
    ]
    for path in pages:
        page.goto(path)
        if path == "/history":
            page.locator("#history-table tbody tr").first.wait_for()
        elif path.startswith("/leaderboard"):
            page.locator("#board-table tbody tr").first.wait_for()
        else:
            page.wait_for_load_state("networkidle")
        for size in PHONES:
            page.set_viewport_size(size)
            page.wait_for_timeout(150)
            assert wider_than_the_window(page) <= 0, (path, size)
        if path in ("/history", "/leaderboard#down-the-drain"):
            shot(page, f"phone35{path.split('#')[0].replace('/', '-')}-360")
    # Each cell of a row read on the phone says its column.
    page.goto("/history")
    page.locator("#history-table td[data-label='Place']").first.wait_for()
    assert not page.errors


# What the toast lies over, of what a player needs: the top bar (its tools), the players'
# tiles, the board, the status and its clock, the hand's cards.
COVERED = """() => {
  const t = document.getElementById('toast').getBoundingClientRect();
  const over = (r) => t.left < r.right && r.left < t.right && t.top < r.bottom && r.top < t.bottom;
  return [...document.querySelectorAll(
      '.topbar, .tool, .player, .board, #status, #hand [data-card], .clock-slot')]
    .filter((e) => e.getClientRects().length && over(e.getBoundingClientRect()))
    .map((e) => e.outerHTML.slice(0, 60));
}"""


@pytest.mark.parametrize("screen", ["phone", "laptop"])
def test_a_message_covers_no_tool_tile_board_or_hand(
    new_page: Any, web: ServerProcess, quick_clock: ServerProcess, screen: str
) -> None:
    """3: a message (Confirm's; the clock's pick when time runs out) covers neither the top bar
    and its tools, nor the players' tiles, the board, the clock or the hand: it stands in the
    status's place while it shows, on the line that stays on the screen with the hand."""
    phone = screen == "phone"
    size = TOUCH_PHONE if phone else LAPTOP
    for server, profile in ((web, "none"), (quick_clock, "fast")):
        page = new_page(server, size, touch=phone)
        page.goto("/")
        name_via_api(page, "Ann")
        page.goto(f"/t/{table_via_api(page, seed=7, profile=profile, options={'rounds': 3})}")
        toast = page.locator("#toast")
        if server is web:
            page.locator("#hand .hand-card:not([disabled])").first.wait_for()
            press(page, page.locator("#confirm-btn"))
            toast.wait_for()
        else:  # the clock of the fast profile runs out in 1.5 s here
            toast = page.locator("#toast", has_text="ime ran out")
            toast.wait_for(timeout=30_000)
        box = toast.bounding_box()
        assert box and page.evaluate(COVERED) == []
        assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"]
        # The message in the status's place, for a while (the status kept for screen readers).
        status = page.locator("#status").bounding_box()
        assert status and status["width"] <= 1 and status["height"] <= 1
        shot(page, f"phone35-toast-{'clock' if server is quick_clock else 'confirm'}-{screen}")
        assert not page.errors


def explanations_as_seen(page: Any) -> dict[str, Any]:
    return dict(
        page.evaluate(
            """() => {
          const box = document.getElementById('explain');
          const r = box.getBoundingClientRect();
          const lines = [...box.querySelectorAll('.explain-line')];
          const last = lines[lines.length - 1].getBoundingClientRect();
          const heads = [...box.querySelectorAll('.explain-group h3')].map((h) => h.textContent);
          return {
            top: r.top, bottom: r.bottom, scrolls: box.scrollHeight > box.clientHeight + 1,
            atEnd: box.scrollTop + box.clientHeight >= box.scrollHeight - 2,
            lastInBox: last.top >= r.top - 1 && last.bottom <= r.bottom + 1,
            heads, lines: lines.length,
          };
        }"""
        )
    )


@pytest.mark.parametrize("screen", ["phone", "laptop"])
def test_the_explanations_open_on_the_latest_lines_and_fit_the_window(
    new_page: Any, web: ServerProcess, screen: str
) -> None:
    """4: after several turns with the explanations off, opening them shows the latest lines
    (the list runs oldest to newest, the latest turn last, and the panel is scrolled to its
    end), and the panel fits the window, scrolling within itself."""
    phone = screen == "phone"
    page = new_page(web, TOUCH_PHONE if phone else LAPTOP, touch=phone)
    table, watch = open_table(page, "lame-duck", seed=7, players=6)
    play(page, table, watch, 6, random.Random(7))
    page.wait_for_function("document.querySelectorAll('#explain-list .explain-line').length > 0")
    press(page, page.locator("#explain-btn"))
    page.wait_for_timeout(300)
    seen = explanations_as_seen(page)
    size = TOUCH_PHONE if phone else LAPTOP
    assert seen["scrolls"], seen  # enough lines to need it
    assert seen["atEnd"] and seen["lastInBox"], seen
    assert seen["top"] >= 0 and seen["bottom"] <= size["height"] + 1, seen
    # The turns read in their order, the latest last.
    turns = [int(h.rsplit(" ", 1)[1]) for h in seen["heads"]]
    assert turns == sorted(turns) and turns[-1] >= 6, seen["heads"]
    shot(page, f"phone35-explanations-{screen}")
    # A new line keeps the latest in sight.
    before = seen["lines"]
    play(page, table, watch, 1, random.Random(8))
    page.wait_for_function(
        "n => document.querySelectorAll('#explain-list .explain-line').length > n", arg=before
    )
    page.wait_for_timeout(200)
    assert explanations_as_seen(page)["atEnd"]
    assert not page.errors


# For each name box: a word of it drawn on two lines, whether it is cut, and its title.
NAMES_AS_DRAWN = """(sel) => [...document.querySelectorAll(sel)]
  .filter((e) => e.getClientRects().length && e.firstChild && e.firstChild.nodeType === 3)
  .map((e) => {
    const text = e.firstChild;
    const words = [];
    const re = /\\S+/g;
    let m;
    while ((m = re.exec(text.data))) {
      const r = document.createRange();
      r.setStart(text, m.index);
      r.setEnd(text, m.index + m[0].length);
      const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
      words.push([m[0], tops.size]);
    }
    return { text: text.data, title: e.title, words, box: e.className,
             cut: e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1,
             size: [e.scrollWidth, e.clientWidth, e.scrollHeight, e.clientHeight] };
  })"""

LONG = "PhonePal Bartholomew"


@pytest.mark.parametrize(
    ("game", "players", "boxes"),
    [
        ("lame-duck", 10, ".player-name, .slot-name"),
        ("down-the-drain", 5, ".player-name, .dd-spot-name, .dd-group-who"),
    ],
)
def test_long_names_wrap_between_words_or_shrink_never_cut(
    new_page: Any, web: ServerProcess, game: str, players: int, boxes: str
) -> None:
    """5: at 390 px, "PhonePal Bartholomew" in Lame Duck's card area with ten players and in
    Down the Drain's spots and groups to beat is whole: no word broken ("PhonePa / l"), nothing
    cut, the title giving the whole name."""
    page = new_page(web, TOUCH_PHONE, touch=True)
    page.goto("/")
    name_via_api(page, LONG)
    table = table_via_api(
        page, game=game, players=players, bots=players - 1, options=GAMES[game], seed=3
    )
    watch = Watch(page)
    page.goto(f"/t/{table}?speed=0")
    # A few decisions in (the card area shows everyone's card, Down the Drain's groups to beat
    # name players), at the next one, when the table waits for this player.
    play(page, table, watch, 3 if game == "down-the-drain" else 1, random.Random(3))
    last = watch.latest()
    assert last and watch.decision(last["seq"] - 1) is not None
    page.wait_for_timeout(300)
    drawn = page.evaluate(NAMES_AS_DRAWN, boxes)
    if game == "lame-duck":
        # The card area shows everyone's card while a turn is told; in the replay it stays.
        shot(page, f"phone35-names-{game}-phone")
        play(page, table, watch, 100, random.Random(4))
        page.goto(f"/replay/{table}?seat=0&step=3")
        page.locator(".slot-name").nth(players - 1).wait_for()
        page.wait_for_timeout(400)
        drawn += page.evaluate(NAMES_AS_DRAWN, ".slot-name")
        assert len([d for d in drawn if d["box"] == "slot-name"]) >= players
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    mine = [d for d in drawn if d["text"].startswith("PhonePal")]
    assert mine, drawn
    for name in drawn:
        assert not name["cut"], (name["box"], name["size"], name["title"])
        assert all(lines == 1 for _, lines in name["words"]), name
        assert name["title"].startswith(name["text"].strip()), name
    assert all(d["title"].startswith(LONG) for d in mine), mine
    shot(page, f"phone35-names-{game}-{'replay-' if game == 'lame-duck' else ''}phone")
    assert not page.errors
