"""Ladders' browser table (static/games/ladders.js), driven in Chromium by Playwright against a
real ``pondside serve``: every move is a click (or a tap, a drag, a key) on a source and then a
destination, as a person plays it (rules/ladders.md, LA-5 and LA-9).

Which move to make is decided by the game's heuristic bot from the frames the page received,
so a seeded match goes as the simulation in ``short_seed`` says and stays short; the page
still has to offer that move, light its destination and send it. Skipped without Chromium,
failed under CI (browserkit).
"""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

from browserkit import PHONE, name_via_api, shot, table_via_api
from framecheck import check_game_frames
from pondside.bots.ladders import LaddersHeuristic
from pondside.engine import Match
from pondside.games.ladders import GAME
from serverproc import ServerProcess

# Seeds whose match, with the heuristic bot in every seat, ends in one round after few moves
# of the guests' seats, and where seat 0's first turn is several plays and a discard (see
# ``short_seed``, which checks these).
SIX_BOTS = 84  # six players: seat 0 makes 21 moves, 3 plays and a discard in its first turn
SIX_GUESTS = 88  # six players: seats 0 and 1 make 13 and 16 moves
TEAMS = 246  # partnerships: seat 0's first turn is ten plays, some from the partner's piles


def simulate(seed: int, players: int, options: dict[str, Any]) -> tuple[list[int], list[str]]:
    """The match with the heuristic in every seat: moves per seat, seat 0's first turn."""
    m = Match(GAME, players, options, seed=seed)
    bots = [LaddersHeuristic(GAME, s, random.Random(0)) for s in range(players)]
    moves = [0] * players
    first: list[str] = []
    done = False
    while m.to_act():
        s = m.to_act()[0]
        a = bots[s].choose(m.view(s), m.legal(s))
        if s == 0 and not done:
            first.append(a)
            done = a.startswith("discard")
        m.apply(s, a)
        moves[s] += 1
    return moves, first


def test_the_seeds_give_short_matches_with_a_long_first_turn() -> None:
    moves, first = simulate(SIX_BOTS, 6, {"target": 1})
    assert moves[0] <= 25 and len(first) >= 3 and first[-1].startswith("discard")
    moves, _ = simulate(SIX_GUESTS, 6, {"target": 1})
    assert moves[0] + moves[1] <= 30
    _, first = simulate(TEAMS, 4, {"target": 1, "teams": True})
    assert any("partner" in a for a in first)


# --- a guest at the table: frames seen, moves clicked ----------------------------------------
PLAY = [
    (re.compile(r"^play hand (\w+) to (\d)$"), lambda m: (f"hand:{m[1]}", f"accent:{m[2]}")),
    (re.compile(r"^play climb to (\d)$"), lambda m: ("climb", f"accent:{m[1]}")),
    (re.compile(r"^play rung (\d) to (\d)$"), lambda m: (f"rung:{m[1]}", f"accent:{m[2]}")),
    (re.compile(r"^play partner climb to (\d)$"), lambda m: ("pclimb", f"accent:{m[1]}")),
    (
        re.compile(r"^play partner rung (\d) to (\d)$"),
        lambda m: (f"prung:{m[1]}", f"accent:{m[2]}"),
    ),
    (re.compile(r"^discard (\w+) to (\d)$"), lambda m: (f"hand:{m[1]}", f"rung:{m[2]}")),
]


def source_and_destination(action: str) -> tuple[str, str]:
    """The two things a player clicks for an action: the card's place, then where it goes."""
    for pattern, pair in PLAY:
        m = pattern.match(action)
        if m:
            return pair(m)
    raise AssertionError(f"not a Ladders action: {action}")


def expected_marks(legal: list[str]) -> tuple[set[str], dict[str, set[str]]]:
    """The sources the table marks as playable onto an ACCENT pile, and every source's
    destinations, from the legal actions."""
    dests: dict[str, set[str]] = {}
    for action in legal:
        src, dest = source_and_destination(action)
        dests.setdefault(src, set()).add(dest)
    build = {s for s, ds in dests.items() if any(d.startswith("accent") for d in ds)}
    return build, dests


# What the page shows of the view, read from the page in one call.
READ_TABLE = """() => {
  // The page as it first shows, scrolled to its top: is the whole hand on the screen?
  window.scrollTo(0, 0);
  const cards = [...document.querySelectorAll('.la-hand-card')].map(c => c.getBoundingClientRect());
  const handOut = cards.filter(b => b.top < 0 || b.bottom > innerHeight || b.left < 0 || b.right > innerWidth).length;
  const mine = document.querySelector('.la-seat.mine');
  const rungs = mine ? [...mine.querySelectorAll('.la-rung')].map(
    r => [...r.querySelectorAll('[data-card]')].map(c => c.dataset.card)) : [];
  const accents = [...document.querySelectorAll('.la-accent')].map(a => a.getAttribute('aria-label'));
  const build = [...document.querySelectorAll('.can-build')].map(e => e.dataset.src);
  const climbs = [...document.querySelectorAll('.la-seat')].map(
    s => [Number(s.dataset.seat), s.querySelector('.la-climb .la-count').textContent]);
  const doc = document.documentElement;
  return {rungs, accents, build, climbs, status: document.querySelector('#status').textContent,
          wide: doc.scrollWidth > doc.clientWidth, handOut, cards: cards.length};
}"""


class Guest:
    """One page at the table: every frame its socket received, and its moves."""

    def __init__(self, page: Any, seat: int) -> None:
        self.page = page
        self.seat = seat
        self.frames: list[dict[str, Any]] = []
        self.bot = LaddersHeuristic(GAME, seat, random.Random(0))
        self.moves: list[str] = []
        self.portals_seen = 0
        self.checked = 0
        page.on("websocket", lambda ws: ws.on("framereceived", self._received))

    def _received(self, payload: str | bytes) -> None:
        self.frames.append(json.loads(payload))

    @property
    def latest(self) -> dict[str, Any] | None:
        states = [f for f in self.frames if f.get("type") == "state"]
        return states[-1] if states else None

    def ready(self) -> dict[str, Any] | None:
        """The latest frame when it is this seat's move and the page has drawn it."""
        f = self.latest
        if not f or not f["legal"] or f["view"] is None:
            return None
        drawn = self.page.locator(".la-board").get_attribute("data-seq", timeout=5000)
        return f if drawn == str(f["seq"]) else None

    def check_table(self, frame: dict[str, Any]) -> None:
        """The page shows what the view holds: the own RUNG piles whole, every CLIMB's size, a
        SKIP PORTAL on an ACCENT pile as the number it counts as, the playable cards marked,
        and a turn that can only end by a discard said to be so (LA-5, LA-9, LA-16); and it
        fits the screen's width."""
        v = frame["view"]
        # (The game's stylesheet loads after its first drawing.)
        self.page.wait_for_function(
            "getComputedStyle(document.querySelector('.la-board')).display === 'grid'"
        )
        shown = self.page.evaluate(READ_TABLE)
        assert not shown["wide"], "the page scrolls sideways"
        # The hand stays on the screen however tall the piles grow: no scrolling between
        # the board and the cards to play.
        assert shown["cards"] and not shown["handOut"], (
            f"hand off the screen at {self.page.viewport_size}"
        )
        assert shown["rungs"] == v["rungs"][self.seat]
        assert sorted(shown["climbs"]) == [[s, f"{n} left"] for s, n in enumerate(v["climb_sizes"])]
        for s, pile in enumerate(v["accents"]):
            if pile and pile[-1] == "W":
                assert f"a SKIP PORTAL as {len(pile)}" in shown["accents"][s]
                self.portals_seen += 1
            elif pile:
                need = len(pile) + 1
                article = "an" if need in (8, 11) else "a"
                assert f"up to {len(pile)}, needs {article} {need}" in shown["accents"][s]
        build, _ = expected_marks(frame["legal"])
        assert set(shown["build"]) == build
        if not any(a.startswith("play") for a in frame["legal"]):
            assert shown["status"].startswith("No play left: end your turn by putting a card")
        self.checked += 1

    def choose(self, frame: dict[str, Any]) -> str:
        return self.bot.choose(frame["view"], frame["legal"])

    def click(self, action: str, how: str = "click") -> None:
        """Make ``action`` on the page: the source, then its lit destination."""
        src, dest = source_and_destination(action)
        page = self.page
        source = page.locator(f'[data-src="{src}"]:not([disabled])').first
        lit = page.locator(f'.la-board [data-dest="{dest}"].lit')
        if how == "end":
            # The player chooses to end the turn: then only the RUNG piles light up.
            page.get_by_role("button", name="End turn…").click()
            assert page.locator("#status").inner_text().startswith("End your turn: pick")
            source.click()
            lit.wait_for()
            dests = page.locator(".la-board .lit").evaluate_all(
                "els => els.map(e => e.dataset.dest)"
            )
            assert sorted(dests) == [f"rung:{r}" for r in range(4)]
            lit.click()
        elif how == "drag":
            source.drag_to(page.locator(f'.la-board [data-dest="{dest}"]'))
        elif how == "keys":
            source.focus()
            page.keyboard.press("Enter")
            lit.wait_for()
            if lit.evaluate("e => e !== document.activeElement"):
                lit.focus()
            page.keyboard.press("Space")
        else:
            # Forced: the page draws a frame at a time, so waiting for the cards to stand still
            # (Playwright's checks) would only slow the test; the lit pile is waited for.
            hit = source.tap if page.touch else source.click
            hit(timeout=8000, force=True)
            lit.wait_for()
            (lit.tap if page.touch else lit.click)(timeout=8000, force=True)
        self.moves.append(action)

    def step(self, how: str = "click") -> bool:
        """Make this seat's next move if it is its turn; whether it did."""
        f = self.ready()
        if f is None:
            return False
        self.check_table(f)
        seq = f["seq"]
        self.click(self.choose(f), how)
        self.answered(seq)
        return True

    def answered(self, seq: int) -> None:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            f = self.latest
            if f and f["seq"] > seq:
                return
            self.page.wait_for_timeout(10)
        raise AssertionError("the move was not answered")

    def wait_ready(self) -> dict[str, Any]:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            f = self.ready()
            if f:
                return f
            self.page.wait_for_timeout(15)
        raise AssertionError("this seat's turn did not come")

    def over(self) -> bool:
        f = self.latest
        return bool(f and f["view"] and f["view"]["over"])

    def explanations(self) -> list[str]:
        return [t.strip() for t in self.page.locator("#explain-list li").all_inner_texts()]


def play_to_end(guests: list[Guest], limit: float = 60) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if all(g.over() for g in guests):
            for g in guests:
                g.page.locator("#end-dialog[open]").wait_for()
            return
        if not any(g.step() for g in guests):
            guests[0].page.wait_for_timeout(15)
    raise AssertionError(f"the match did not end in {limit} s")


def check_frames(table: str, guests: list[Guest]) -> int:
    """Every frame each guest's page received is the engine's view of its seat at that point of
    the replayed record (framecheck): no other seat's hand, no hidden card, in any of them."""
    record = guests[0].page.request.get(f"/api/tables/{table}/record").json()
    # A guest's frames from the waiting room, before it took its seat, are a spectator's.
    return check_game_frames(
        record,
        {
            g.seat: [f for f in g.frames if f.get("you", {}).get("seat", g.seat) == g.seat]
            for g in guests
        },
    )


def open_page(new_page: Any, web: ServerProcess, name: str, seat: int, **kw: Any) -> Guest:
    page = new_page(web, **kw)
    guest = Guest(page, seat)
    page.goto("/")
    name_via_api(page, name)
    page.evaluate("localStorage.setItem('pondside.explain', '1')")
    return guest


def no_grammar_slips(lines: list[str]) -> None:
    for line in lines:
        assert not re.search(r"\bYou (plays|ends|draws|starts|has|empties|wins)\b", line), line
        assert "undefined" not in line and "null" not in line and "NaN" not in line, line


# --- 1. against five bots, to the end -----------------------------------------------------------
def test_a_guest_plays_five_bots_to_the_end_by_keys_a_drag_and_clicks(
    new_page: Any, web: ServerProcess
) -> None:
    ann = open_page(new_page, web, "Ann", 0)
    page = ann.page
    table = table_via_api(
        page, game="ladders", players=6, bots=5, seed=SIX_BOTS, options={"target": 1}
    )
    page.goto(f"/t/{table}?speed=0")
    # The words of the game are explained on the table the first time.
    legend = page.locator(".la-legend[open]")
    # The game's words, as the server serves them (Game.terms(), in /api/games).
    legend.locator("dt", has_text="SKIP PORTAL").wait_for()
    words = legend.inner_text()
    for term in (
        "CLIMB\nyour race pile",
        "RUNG\nyour four holding piles",
        "ACCENT\nthe four shared piles",
        "SKIP PORTAL\nthe wild card",
    ):
        assert term.replace("\n", " ") in words.replace("\n", " "), words
    assert page.locator(".player .la-info-climb").first.inner_text() == "CLIMB 20"
    # Every seat's hand count is said, 0 included (issue 27: a count that vanished at 0).
    page.wait_for_function("() => document.querySelectorAll('.player .la-info-hand').length === 6")

    # The first turn: several plays and a discard (the seed's, see short_seed).
    f = ann.wait_ready()
    first = ann.choose(f)
    src, _ = source_and_destination(first)
    page.locator(f'[data-src="{src}"]').first.click()
    _, dests = expected_marks(f["legal"])
    lit = page.locator(".la-board .lit").evaluate_all("els => els.map(e => e.dataset.dest)")
    assert set(lit) == dests[src], "exactly the legal destinations light up"
    assert "pick a lit ACCENT pile" in page.locator("#status").inner_text()
    page.keyboard.press("Escape")
    assert page.locator(".la-board .lit").count() == 0
    for how in ("keys", "drag", "click", "click", "click", "click", "click"):
        f = ann.wait_ready()
        if ann.choose(f).startswith("discard"):
            how = "end"
        assert ann.step(how)
        if how == "keys":
            # The focus stays on the table for the next key: on the pile just played to.
            played_to = source_and_destination(ann.moves[-1])[1]
            page.wait_for_function(
                "key => document.activeElement && document.activeElement.dataset.key === key",
                arg=played_to,
                timeout=5000,
            )
        if ann.moves[-1].startswith("discard"):
            break
    assert ann.moves[-1].startswith("discard") and len(ann.moves) >= 3
    card, rung = ann.moves[-1].split()[1], int(ann.moves[-1].split()[3])
    page.locator(".la-seat.mine .la-rung").nth(rung).locator(
        f'.la-card[data-card="{card}"]'
    ).wait_for()
    # The hands are refilled at a turn's start only: between turns a seat may hold none.
    counts = page.locator(".player .la-info-hand").all_inner_texts()
    assert len(counts) == 6 and all(c.endswith(" in hand") for c in counts), counts
    said = ann.explanations()
    assert any(t.startswith("You play ") or t.startswith("You start ACCENT pile") for t in said)
    assert any(t.startswith("You end your turn, leaving ") for t in said), said

    shot(page, "ladders-six-desktop")
    play_to_end([ann])
    no_grammar_slips(ann.explanations())
    # A SKIP PORTAL was on an ACCENT pile at some of Ann's turns, shown as its number.
    assert ann.portals_seen and ann.checked >= len(ann.moves)
    assert check_frames(table, [ann]) > 20
    assert not page.errors


# --- 2. two guests against each other ---------------------------------------------------------------
def test_two_guests_one_on_a_phone_play_each_other_to_the_end(
    new_page: Any, web: ServerProcess
) -> None:
    ann = open_page(new_page, web, "Ann", 0)
    data = {"game": "ladders", "players": 6, "profile": "none", "options": {"target": 1}}
    r = ann.page.request.post("/api/tables", data={**data, "seed": SIX_GUESTS, "listed": False})
    assert r.status == 201, r.text()
    table = r.json()["id"]
    for seat in range(2, 6):
        r = ann.page.request.post(
            f"/api/tables/{table}/seats/{seat}", data={"do": "bot", "level": "heuristic"}
        )
        assert r.ok, r.text()
    ann.page.goto(f"/t/{table}?speed=0")
    bea = open_page(new_page, web, "Bea", 1, viewport=PHONE, touch=True)
    bea.page.goto(f"/t/{table}?speed=0")
    bea.page.locator('.seat[data-seat="1"]').get_by_role("button", name="Join").tap()
    bea.page.locator('.seat[data-seat="1"]', has_text="Bea (you)").wait_for()
    ann.page.locator("#start-btn:not([disabled])").click()

    # Bea's first move, on the phone: a tap on a card lights its destinations; a second tap
    # on the same card puts it back.
    deadline = time.monotonic() + 15
    while not (f := bea.ready()) and time.monotonic() < deadline:
        ann.step() or ann.page.wait_for_timeout(15)
    assert f, "Bea's turn did not come"
    src, dest = source_and_destination(bea.choose(f))
    card = bea.page.locator(f'[data-src="{src}"]').first
    card.tap()
    bea.page.locator(f'.la-board [data-dest="{dest}"].lit').wait_for()
    shot(bea.page, "ladders-phone")
    shot(bea.page, "ladders-phone-full", full=True)
    card.tap()
    assert bea.page.locator(".la-board .lit").count() == 0
    play_to_end([ann, bea])
    for g in (ann, bea):
        no_grammar_slips(g.explanations())
        assert not g.page.errors
    assert ann.checked and bea.checked
    # Neither page was ever sent the other's hand, nor any hidden card.
    assert check_frames(table, [ann, bea]) > 40


# --- 3. partnerships --------------------------------------------------------------------------------
def test_partners_play_from_each_others_piles_but_discard_to_their_own(
    new_page: Any, web: ServerProcess
) -> None:
    ann = open_page(new_page, web, "Ann", 0)
    page = ann.page
    options = {"target": 1, "teams": True}
    table = table_via_api(page, game="ladders", players=4, bots=3, seed=TEAMS, options=options)
    page.goto(f"/t/{table}")  # the new_page speed: the bots' cards fly, fast
    partner = page.locator(".la-seat.partner")
    partner.wait_for()
    assert partner.get_attribute("data-seat") == "2"
    assert "Bot 3's piles (your partner)" in partner.inner_text()
    assert "you may play their tops" in partner.inner_text()
    assert page.locator('.player[data-seat="0"] .la-info-team').inner_text() == "with Bot 3"
    assert page.locator('.player[data-seat="1"] .la-info-team').inner_text() == "with Bot 4"
    assert page.locator('.player[data-seat="2"] .la-info-team').inner_text() == "with you"

    shown = False
    for _turn in range(2):
        while True:
            f = ann.wait_ready()
            action = ann.choose(f)
            src, dest = source_and_destination(action)
            if src.startswith("p") and not shown:
                # A partner's card: marked playable, chosen, its ACCENT piles lit.
                ann.check_table(f)
                source = partner.locator(f'[data-src="{src}"]')
                assert "can-build" in (source.get_attribute("class") or "")
                source.click()
                page.locator(f'.la-board [data-dest="{dest}"].lit').wait_for()
                assert page.locator(".la-seat.mine .la-rung.lit").count() == 0
                assert "from Bot 3's" in page.locator("#status").inner_text()
                shot(page, "ladders-desktop")
                page.keyboard.press("Escape")
                shown = True
            assert ann.step()
            if action.startswith("discard"):
                break
    assert shown
    said = ann.explanations()
    assert any(re.match(r"You (play|start) .* from Bot 3's (CLIMB|RUNG pile \d)", t) for t in said)
    no_grammar_slips(said)
    assert not page.errors


def action_of(src: str, dest: str) -> str:
    """The play a source and an ACCENT pile stand for, legal or not."""
    kind, _, x = src.partition(":")
    start = {"hand": f"hand {x}", "climb": "climb", "rung": f"rung {x}"}
    start |= {"pclimb": "partner climb", "prung": f"partner rung {x}"}
    return f"play {start[kind]} to {dest.partition(':')[2]}"


# --- 4. the sentences --------------------------------------------------------------------------------
def test_the_explanations_are_the_servers_narration_line_for_line(
    new_page: Any, web: ServerProcess
) -> None:
    """The page writes no sentence of its own about the game: the explanation box holds exactly
    the narration of the frames it received, in order, and a destination's name is the server's
    label of the action that puts the chosen card there."""
    ann = open_page(new_page, web, "Ann", 0)
    page = ann.page
    table = table_via_api(page, game="ladders", players=2, bots=1, seed=SIX_BOTS)
    page.goto(f"/t/{table}?speed=0")
    f = ann.wait_ready()
    action = ann.choose(f)
    src, dest = source_and_destination(action)
    page.locator(f'[data-src="{src}"]').first.click()
    lit = page.locator(f'.la-board [data-dest="{dest}"].lit').first
    lit.wait_for()
    said = next(a for a in f["labels"]["actions"] if a["action"] == action)
    assert f"{said['label']} {said['effect']}" in (lit.get_attribute("aria-label") or "")
    # A destination that does not light up: the toast is the engine's own reason, asked for.
    unlit = page.locator(".la-board .la-accent:not(.lit)")
    there = unlit.first.get_attribute("data-dest") or ""
    reason = GAME.why_not(f["view"], action_of(src, there))
    assert reason
    unlit.first.click()
    page.locator("#toast:not([hidden])").wait_for()
    assert page.locator("#toast").inner_text() == reason
    page.keyboard.press("Escape")
    for _ in range(6):
        f = ann.wait_ready()
        assert ann.step()
    ann.wait_ready()
    page.wait_for_function(
        "seq => Number(document.querySelector('.la-board')?.dataset.seq) >= seq",
        arg=ann.latest["seq"] if ann.latest else 0,
    )
    told = [line for fr in ann.frames if fr.get("type") == "state" for line in fr["narration"]]
    assert told, "the server narrates every step"
    assert ann.explanations() == told
    no_grammar_slips(told)
    assert not page.errors
