"""Down the Drain's table in Chromium (rules/down-the-drain.md), played by clicking only.

A card is picked, the table says what it would do (whom it joins, whom it beats), then it is
played with the Play button or by activating the same card again (Enter on the keyboard). The
tests check what the page shows against the frames it received, and every frame against the
server's record replayed by the engine: no seat ever receives another seat's hand (DD-11).

Chromium is found at ``PONDSIDE_CHROMIUM``, /usr/bin/chromium or on the PATH. Without it (or
without Playwright) the tests are skipped, except under CI (the ``CI`` variable), where that
is a failure.
"""

from __future__ import annotations

import json
import re
import time
from collections import Counter
from typing import Any

import pytest

from browserkit import DESKTOP, PHONE, name_via_api, shot, table_via_api
from framecheck import check_game_frames
from pondside.engine import Match
from pondside.games.down_the_drain import DECK, GAME, beaten_by
from serverproc import ServerProcess

# A deal (4 players, heuristic bots) whose first decision for seat 0 can join a group: Bot 4
# starts with a 2 and seat 0 holds a 2 (checked below with the engine).
SEED = 3
HAND = ".dd-hand.active .dd-hand-card:not([disabled])"


def listen(page: Any) -> list[dict[str, Any]]:
    """Every frame the page's sockets receive, parsed, in order."""
    frames: list[dict[str, Any]] = []

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return frames


def shown(frames: list[dict[str, Any]]) -> dict[str, Any]:
    """The latest state frame with a view: what the page draws once it is still."""
    return next(f for f in reversed(frames) if f.get("type") == "state" and f.get("view"))


def tap(page: Any, locator: Any) -> None:
    """A tap on a touch screen, a click elsewhere (with the page's own timeout: a busy
    machine may take more than the kit's 2 s to show the next decision)."""
    if page.touch:
        locator.tap()
    else:
        locator.click()


def view_hand(frames: list[dict[str, Any]]) -> list[int]:
    return list(shown(frames)["view"]["hand"])


def my_turn(page: Any, timeout: float = 15) -> bool:
    """Wait until this page must play (True) or the match is over (False)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.locator("#end-dialog[open]").count():
            return False
        if page.locator(HAND).count():
            return True
        page.wait_for_timeout(25)
    raise AssertionError("the page was never asked to play")


def expected_tag(front: list[int | None], seat: int, card: int) -> str:
    """The tag the engine's rules give a card: joins, beats, both or none (DD-4c/d, DD-5)."""
    trial = tuple(card if s == seat else (f or 0) for s, f in enumerate(front))
    joins = trial.count(card) > 1
    beats = bool(beaten_by(trial, seat))
    return {(True, True): "both", (True, False): "joins", (False, True): "beats"}.get(
        (joins, beats), "none"
    )


# What check_table reads of the page, in one call (a round trip per element is slow).
READ_TABLE = """() => {
  const text = (q, root = document) => (root.querySelector(q)?.textContent ?? null);
  const seats = {};
  for (const spot of document.querySelectorAll(".dd-spot")) {
    const s = spot.dataset.seat;
    const card = spot.querySelector(".dd-spot-card .ddc");
    seats[s] = {
      info: text(`.player[data-seat="${s}"] .player-info`),
      inHand: text(".dd-spot-held", spot),
      front: card ? Number(card.dataset.card) : null,
    };
  }
  return {
    stack: text(".dd-stack .dd-pile-label"),
    discard: text(".dd-discard .dd-pile-label"),
    seats,
    values: [...document.querySelectorAll(".dd-group .dd-group-value")].map((e) => e.textContent),
    beat: [...document.querySelectorAll(".dd-group")].map((e) => Number(e.dataset.number)),
    hand: [...document.querySelectorAll(".dd-hand-card")].map((e) => [Number(e.dataset.card), e.className]),
    names: [...document.querySelectorAll(".dd-hand-card")].map((e) => [e.dataset.card, e.getAttribute("aria-label"), e.disabled]),
  };
}"""


def cards(k: int) -> str:
    return f"{k} card{'' if k == 1 else 's'}"


def check_table(page: Any, frame: dict[str, Any]) -> None:
    """The board, the players' bar and the hand's tags say what the frame's view holds."""
    v = frame["view"]
    me = frame["you"]["seat"]
    # The page may still be showing an earlier action (an animation on a busy machine).
    page.wait_for_function(f"Number(document.body.dataset.seq) >= {frame['seq']}")
    got = page.evaluate(READ_TABLE)
    assert got["stack"] == f"Stack: {cards(v['stack_size'])}"
    assert got["discard"] == f"Discard: {cards(len(v['discard']))}"
    for s in range(v["players"]):
        seat = got["seats"][str(s)]
        # The bar counts the cards held (hand and front, DD-9), the spot the hand alone.
        assert f"{cards(v['held'][s])} held" in seat["info"], (s, seat)
        if v["front"][s]:  # both counts, so the bar and the spot agree (issue 27)
            assert f"held: {v['hand_sizes'][s]} in hand, 1 in front" in seat["info"], (s, seat)
        if v["options"]["games"] > 1:
            wins = v["wins"][s]
            assert f"{wins} win{'' if wins == 1 else 's'}" in seat["info"], (s, seat)
        assert seat["inHand"] == f"{v['hand_sizes'][s]} in hand", (s, seat)
        assert seat["front"] == v["front"][s], (s, seat)
    # The groups to beat, strongest first, with their values (DD-3): the player's own card in
    # front is not one of them.
    to_beat = [g for g in v["groups"] if me not in g["seats"]]
    assert got["values"] == [str(g["value"]) for g in to_beat]
    # A hand card's name: its number, or on the player's turn the play's words, which begin
    # with it (issue 27: "2" beside "2: play 2 → worth 2").
    for card, name, off in got["names"]:
        assert name == card or name.startswith(f"play {card} "), (card, name, off)
    assert got["beat"] == [g["number"] for g in to_beat]
    if me is not None:
        assert [c for c, _ in got["hand"]] == v["hand"]
    if me is not None and frame["legal"]:
        # Each card's tag is what the engine's rules say it would do.
        for c, cls in got["hand"]:
            want = expected_tag(v["front"], me, c)
            assert f"fx-{want}" in cls.split(), (c, want, cls)


def take_turn(page: Any, join: bool = True) -> int:
    """Pick a card (one that joins a group when there is one), read it back, play it."""
    joining = page.locator(f"{HAND}.fx-joins, {HAND}.fx-both")
    target = joining.first if join and joining.count() else page.locator(HAND).first
    i = target.get_attribute("data-i")
    card = int(target.get_attribute("data-card") or 0)
    tap(page, page.locator(f'.dd-hand-card[data-i="{i}"]'))
    play = page.locator(".dd-play")
    play.wait_for()
    assert play.inner_text() == f"Play {card}"
    assert page.locator(f'.dd-hand-card.selected[data-i="{i}"]').count() == 1
    tap(page, play)
    return card


def play_to_end(pages: list[Any], limit: float = 60) -> int:
    """Every page plays its turns until each shows the end dialog; returns the cards played."""
    played = 0
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if all(p.locator("#end-dialog[open]").count() for p in pages):
            return played
        acted = False
        for p in pages:
            if p.locator(HAND).count() and not p.locator("#end-dialog[open]").count():
                try:
                    take_turn(p)
                except Exception:  # the table moved on under the click: look again
                    continue
                played += 1
                acted = True
        if not acted:
            pages[0].wait_for_timeout(30)
    raise AssertionError(f"the match did not end in {limit} s ({played} cards played)")


def check_frames(record: dict[str, Any], frames: dict[int, list[dict[str, Any]]]) -> int:
    """Each state frame's view is the engine's view of its seat at that point of the replayed
    record, and no frame shows more cards of a number than its seat can see (DD-11)."""
    assert Match.from_record(GAME, record).state.over
    match = Match(GAME, record["players"], record["options"], seed=record["seed"])
    states = [match.state]
    for seat, action in record["actions"]:
        match.apply(seat, action)
        states.append(match.state)
    seqs = [m["seq"] for ms in frames.values() for m in ms if m.get("type") == "state"]
    start = max(seqs) - len(record["actions"])
    checked = 0
    for seat, messages in frames.items():
        for m in messages:
            assert m.get("type") != "error", m
            if m.get("type") != "state":
                continue
            # A guest is a spectator (seat None) until the Join button seats it.
            who = m["you"]["seat"]
            assert who in (seat, None)
            k = m["seq"] - start
            if k < 0:
                assert m["view"] is None
                continue
            st = states[k]
            assert m["view"] == json.loads(json.dumps(GAME.view(st, who))), (who, m["seq"])
            assert sorted(m["legal"]) == sorted(GAME.legal_actions(st, who))
            text = json.dumps(m)
            for word in ('"hands"', '"stack"', '"seed"', '"rng"'):
                assert word not in text, (who, m["seq"], word)
            # What a seat sees now, and (for the events) what it saw before the action.
            own = Counter() if who is None else Counter(st.hands[who])
            now = own + Counter(f for f in st.front if f) + Counter(st.discard)
            if k > 0:
                b = states[k - 1]
                before = Counter() if who is None else Counter(b.hands[who])
                now |= before + Counter(f for f in b.front if f) + Counter(b.discard)
            for part, cards in parts(m):
                assert not Counter(cards) - now, (who, m["seq"], part, "shows hidden cards")
            for t, h in enumerate(st.hands):
                if t != who and len(h) > 1 and (who is None or list(h) != list(st.hands[who])):
                    assert f'"hand": {json.dumps(list(h))}' not in text, (who, t)
            checked += 1
    return checked


def parts(obj: Any, key: str = "") -> list[tuple[str, list[int]]]:
    """Every list of cards in a frame (a hand, the front, the discard pile, an event's cards)."""
    out: list[tuple[str, list[int]]] = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in ("hand", "front", "discard", "cards") and isinstance(v, list):
                out.append((k, [c for c in v if isinstance(c, int)]))
            elif k == "card" and isinstance(v, int):
                out.append((k, [v]))
            else:
                out += parts(v, k)
    elif isinstance(obj, list):
        for item in obj:
            out += parts(item, key)
    return out


def hand_on_screen(page: Any) -> bool:
    """Whether every card of the hand is inside the window with the page at its top."""
    return bool(
        page.evaluate(
            """() => {
              window.scrollTo(0, 0);
              const cards = [...document.querySelectorAll(".dd-hand-card")];
              return cards.length > 0 && cards.every((c) => {
                const b = c.getBoundingClientRect();
                return b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight && b.right <= innerWidth;
              });
            }"""
        )
    )


def names_of(page: Any) -> dict[int, str]:
    spots = page.locator(".dd-spot")
    return {
        int(spots.nth(i).get_attribute("data-seat") or 0): spots.nth(i)
        .locator(".dd-spot-name")
        .inner_text()
        .replace(" (you)", "")
        for i in range(spots.count())
    }


# --- 1. against three bots: a series of two games -------------------------------------------
def test_a_series_against_bots_is_played_by_picking_cards_and_joining_forces(
    new_page: Any, web: ServerProcess
) -> None:
    first = Match(GAME, 4, {"games": 2}, seed=SEED)
    assert 2 in first.view(0)["hand"], "the seed deals seat 0 a 2 to join with"
    page = new_page(web)
    frames = listen(page)
    page.goto("/")
    name_via_api(page, "Ann")
    page.evaluate("localStorage.setItem('pondside.explain', '1')")
    table = table_via_api(page, game="down-the-drain", options={"games": 2}, seed=SEED)
    page.goto(f"/t/{table}")
    assert my_turn(page)
    check_table(page, shown(frames))
    # The top bar says each thing once: the series, the game, the turn.
    assert page.locator("#info-match").inner_text() == "series of 2"
    assert page.locator("#info-round").inner_text() == "Game 1"
    assert re.fullmatch(r"Turn \d+", page.locator("#info-turn").inner_text())
    # The words of the game are explained on the table until the player closes them.
    legend = page.locator(".dd-legend[open]")
    legend.locator("dt", has_text="the deck").wait_for()
    words = legend.inner_text()
    for term in ("joins", "beats", "pushed through", "held"):
        assert term in words, words
    assert "beat" in page.locator("#status").inner_text()

    # The keyboard walks the hand with the arrows.
    page.locator('.dd-hand-card[data-i="0"]').focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.i") == "1"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.i") == str(len(view_hand(frames)) - 1)

    # Joining forces (DD-4c): the 2 joins the 2 in front of a bot; the table says so.
    view = shown(frames)["view"]
    names = names_of(page)
    mates = [s for s, f in enumerate(view["front"]) if f == 2]
    assert mates, "someone has a 2 in front"
    two = page.locator(
        '.dd-hand-card.fx-joins[data-card="2"], .dd-hand-card.fx-both[data-card="2"]'
    )
    tap(page, two.first)
    choice = page.locator("#dd-choice").inner_text()
    group = len(mates) + 1
    words = {2: "two", 3: "three", 4: "four"}[group]
    # The preview is the server's label: its words, and its seats for the highlights.
    label = next(x for x in shown(frames)["labels"]["actions"] if x["action"] == "play 2")
    assert choice == f"play 2 {label['effect']}", choice
    assert label["shows"]["joins"] == mates
    assert f"joins {names[mates[0]]}" in choice and f"worth {2 * group}" in choice
    assert page.locator(".dd-spot.will-join").count() == len(mates)
    mine = page.locator('.dd-spot[data-seat="0"]')
    assert mine.locator(".ddc.ghost").get_attribute("data-card") == "2"
    assert mine.locator(".dd-group-badge").inner_text() == f"×{group} = {2 * group}"
    assert page.locator("#status").inner_text() == "Play your 2, or pick another card."
    assert page.locator(".dd-play").inner_text() == "Play 2"
    shot(page, "down-the-drain-desktop")
    page.set_viewport_size(PHONE)
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "down-the-drain-phone", full=True)
    # The hand fits the phone: no card beyond the screen's edge, none too small to tap.
    for box in page.locator(".dd-hand-card").evaluate_all(
        "e => e.map(x => x.getBoundingClientRect().toJSON())"
    ):
        assert box["left"] >= 0 and box["right"] <= PHONE["width"], box
        assert box["width"] >= 44 and box["height"] >= 60, box
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.set_viewport_size(DESKTOP)

    # The keyboard plays it: the picked card has the focus; Enter activates it again.
    page.locator(".dd-hand-card.selected").focus()
    page.keyboard.press("Enter")
    page.locator(
        ".explain-line", has_text=f"You play a 2 and join {names[mates[0]]}'s 2: {words} 2s"
    ).first.wait_for()
    # The explanations are exactly the server's narration of the step, line for line.
    step = next(
        f["narration"]
        for f in frames
        if f.get("narration")
        and any(e.get("type") == "play" and e.get("seat") == 0 for e in f.get("events", []))
    )
    page.wait_for_function(
        "n => [...document.querySelectorAll('.explain-line')].some(x => x.innerText === n)",
        arg=step[-1],
    )
    lines = page.locator(".explain-line").all_inner_texts()
    at = lines.index(step[0])
    assert lines[at : at + len(step)] == step, (lines, step)

    # Closed once, the legend stays closed (on this table and the next).
    page.locator(".dd-legend summary").click()
    page.wait_for_function("localStorage.getItem('pondside.dd.legend') === 'seen'")
    # A reload draws the same table from the welcome frame alone.
    page.reload()
    assert my_turn(page)
    check_table(page, shown(frames))
    assert page.locator(".dd-legend").count() == 1 and not page.locator(".dd-legend[open]").count()

    # On to the end of the series, checking the table against the frames at each turn.
    played = 1
    checked_wins = shot_beats = False
    while my_turn(page):
        frame = shown(frames)
        check_table(page, frame)
        if frame["view"]["hand_number"] == 2 and not checked_wins:
            assert sum(frame["view"]["wins"]) >= 1 or frame["view"]["winners"] == [[]]
            assert page.locator("#info-round").inner_text() == "Game 2"
            checked_wins = True
            # Late in the series, the whole hand shows with the board at both sizes, on a
            # page at its top: no scrolling between the groups to beat and the cards.
            for size in (PHONE, DESKTOP):
                page.set_viewport_size(size)
                assert hand_on_screen(page), size
            page.set_viewport_size(PHONE)
            shot(page, "down-the-drain-late-phone")
            page.set_viewport_size(DESKTOP)
        beats = page.locator(f"{HAND}.fx-beats")
        if not shot_beats and beats.count():
            # A card that beats: the table marks every spot it would beat (DD-4d).
            v = frame["view"]
            card = int(beats.first.get_attribute("data-card") or 0)
            trial = tuple(card if s == 0 else (f or 0) for s, f in enumerate(v["front"]))
            tap(page, beats.first)
            page.locator(".dd-play").wait_for()
            marked = page.locator(".dd-spot.will-beat").evaluate_all(
                "e => e.map(x => Number(x.dataset.seat))"
            )
            assert sorted(marked) == sorted(beaten_by(trial, 0))
            # What must be seen and clicked is on one screen at both sizes: the groups, the
            # choice with its Play button, the whole hand.
            for size in (PHONE, DESKTOP):
                page.set_viewport_size(size)
                assert hand_on_screen(page), size
                assert page.locator(".dd-play").evaluate(
                    "b => b.getBoundingClientRect().bottom <= innerHeight"
                )
            label = next(x for x in frame["labels"]["actions"] if x["action"] == f"play {card}")
            assert sorted(label["shows"]["beats"]) == sorted(marked)
            assert page.locator("#dd-choice").inner_text() == f"play {card} {label['effect']}"
            assert "beats" in label["effect"]
            shot(page, "down-the-drain-beats-desktop")
            tap(page, page.locator(".dd-play"))
            shot_beats = True
        else:
            take_turn(page, join=played % 2 == 0)
        played += 1
    assert checked_wins, "the second game was played"
    assert shot_beats, "a card that beats was played"
    end = page.locator("#end-dialog")
    assert end.locator(".end-place").count() == 4
    assert "held over the games" in end.locator(".end-place").first.inner_text()
    lines = page.locator(".explain-line").all_inner_texts()
    assert any(re.search(r"(draws|draw) a card from the stack\.$", t) for t in lines), lines
    assert any("pushed through" in t for t in lines)
    # (The panel keeps the last 200 lines: the second game's end is among them.)
    assert any(re.search(r"wins? game 2!|share the win of game 2!|no winner", t) for t in lines)
    assert not [t for t in lines if re.search(r"\bYou (plays|draws|joins|wins|has)\b", t)]
    # Draws are said in words, never as a bare number that reads like a card.
    assert not [t for t in lines if re.search(r"draws? \d", t)]
    page.click("#end-scores")
    scores = page.locator("#score-dialog").inner_text()
    assert "Game 1" in scores and "Game 2" in scores and "Games won" in scores
    # DD-9, the game's score note (served in GET /api/games): games won, then the fewest held.
    assert (
        "Most games won wins; between equal numbers of games won, the fewest cards held" in scores
    )
    shot(page, "down-the-drain-scores-desktop")

    record = page.request.get(f"/api/tables/{table}/record").json()
    assert check_frames(record, {0: frames}) > played
    assert check_game_frames(record, {0: frames}) > played  # the checks every game shares
    assert not page.errors


# --- 2. two guests and a bot -------------------------------------------------------------------
def test_two_guests_play_each_other_to_the_end(new_page: Any, web: ServerProcess) -> None:
    ann = new_page(web)
    ann_frames = listen(ann)
    ann.goto("/")
    name_via_api(ann, "Ann")
    table = table_via_api(
        ann, game="down-the-drain", players=3, bots=0, options={"games": 1}, seed=5
    )
    r = ann.request.post(f"/api/tables/{table}/seats/2", data={"do": "bot", "level": "heuristic"})
    assert r.ok, r.text()
    # No animation here: the first test watches them.
    ann.goto(f"/t/{table}?speed=0")
    ann.locator('.seat[data-seat="2"].bot').wait_for()

    bea = new_page(web, PHONE, touch=True)
    bea_frames = listen(bea)
    bea.goto("/")
    name_via_api(bea, "Bea")
    bea.goto(f"/t/{table}?speed=0")
    bea.locator('.seat[data-seat="1"]').get_by_role("button", name="Join").tap()
    bea.locator('.seat[data-seat="1"]', has_text="Bea (you)").wait_for()
    ann.locator("#start-btn:not([disabled])").click()
    for p in (ann, bea):
        p.locator(".dd-spot").nth(2).wait_for()
    assert bea.locator(".dd-spot").first.get_attribute("data-seat") == "1", "own spot first"
    # Whoever waits is told for whom.
    deadline = time.monotonic() + 10
    while not (ann.locator(HAND).count() or bea.locator(HAND).count()):
        assert time.monotonic() < deadline, "nobody was asked to play"
        ann.wait_for_timeout(25)
    waiting, name = (bea, "Ann") if ann.locator(HAND).count() else (ann, "Bea")
    waiting.locator("#status", has_text=f"Waiting for {name} to play.").wait_for()
    play_to_end([ann, bea])
    for p in (ann, bea):
        assert p.locator(".end-place").count() == 3
    shot(bea, "down-the-drain-end-phone")

    record = ann.request.get(f"/api/tables/{table}/record").json()
    assert check_frames(record, {0: ann_frames, 1: bea_frames}) > len(record["actions"])
    assert not ann.errors and not bea.errors


# --- 3. the rulebook's example, told by the game's narrator (the page tells what it says) ------
def test_the_rulebook_example_is_told_in_sentences() -> None:
    """The worked example of rules/down-the-drain.md, seen by Rachel: Anne 6, Paul 8 beats it,
    Rachel 7, Camille's 7 joins it (14 beats the 8), Anne 9, Paul's 14 does not join the 7s
    and beats the 9; Rachel's turn pushes both 7s through; she plays a 6 and holds 4 cards."""
    hands = [[6, 9, 2, 2, 2, 2], [8, 14, 3, 3, 3, 3], [7, 6, 4, 4, 4, 4], [7, 5, 5, 5, 5, 2]]
    rest = Counter(DECK)
    rest.subtract(c for h in hands for c in h)
    match = Match(
        GAME, 4, {"games": 1}, deal={"hands": hands, "stack": sorted(rest.elements()), "start": 0}
    )
    rachel = 2
    steps = []
    for seat, card in [(0, 6), (1, 8), (2, 7), (3, 7), (0, 9), (1, 14), (2, 6)]:
        before = match.view(rachel)
        events = match.apply(seat, f"play {card}")
        steps.append([before, events, match.view(rachel)])
    assert len(match.view(rachel)["hand"]) == 4
    names = ["Anne", "Paul", "Rachel", "Camille"]
    told = [GAME.narrate(b, events, a, rachel, names) for b, events, a in steps]
    assert told == [
        ["Anne plays a 6."],
        [
            "Paul plays an 8.",
            "It beats Anne's 6: down the drain.",
            "Anne draws a card from the stack.",
        ],
        ["You play a 7."],
        [
            "Camille plays a 7 and joins your 7: two 7s, worth 14.",
            "Together they beat Paul's 8: down the drain.",
            "Paul draws a card from the stack.",
        ],
        ["Anne plays a 9."],
        [
            "Paul plays a 14. It does not join the two 7s: equal in value, neither beats the other.",
            "It beats Anne's 9: down the drain.",
            "Anne draws a card from the stack.",
            "Your turn begins with the two 7s unbeaten: your 7 and Camille's 7 are pushed through, "
            "discarded with no card drawn.",
        ],
        ["You play a 6."],
    ]


# --- 4. what is to come reads as to come; a beaten player is told so (issue 27, defect 12) ------
READ_NOTES = """() => ({
  when: [...document.querySelectorAll(".dd-group")].map((g) => [
    Number(g.dataset.number), g.querySelector(".dd-group-when").textContent]),
  notes: Object.fromEntries([...document.querySelectorAll(".dd-spot")].map((s) => [
    s.dataset.seat, s.querySelector(".dd-spot-note").textContent])),
})"""


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_group_to_beat_is_pushed_through_later_and_a_beaten_player_is_told(
    new_page: Any, web: ServerProcess, size: str
) -> None:
    """The groups to beat say on whose turn they will be pushed through, as still to come
    (the view's ``through``, DD-4a); a person whose card was beaten just before their turn
    reads "beaten: drew a card" beside "your turn", as a bot's spot says it."""
    phone = size == "phone"
    page = new_page(web, {"width": 390, "height": 844}, touch=True) if phone else new_page(web)
    frames = listen(page)
    page.goto("/")
    name_via_api(page, "Ann")
    table = table_via_api(page, game="down-the-drain", options={"games": 3}, seed=SEED)
    page.goto(f"/t/{table}?speed=0")
    told_beaten = groups_seen = 0
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and not (told_beaten and groups_seen):
        if not my_turn(page):
            break
        frame = shown(frames)
        page.wait_for_function(f"Number(document.body.dataset.seq) >= {frame['seq']}")
        v, me = frame["view"], frame["you"]["seat"]
        names = names_of(page)
        got = page.evaluate(READ_NOTES)
        for number, when in got["when"]:
            g = next(g for g in v["groups"] if g["number"] == number)
            whose = "your" if g["through"] == me else f"{names[g['through']]}'s"
            assert when == f"to be pushed through on {whose} turn unless beaten first", when
            groups_seen += 1
        if any(e["type"] == "beaten" and me in e["seats"] for e in v["last_events"]):
            assert got["notes"][str(me)] == "beaten: drew a card; your turn", got["notes"]
            told_beaten += 1
        else:
            assert got["notes"][str(me)].endswith("your turn"), got["notes"]
        take_turn(page, join=False)
    assert groups_seen and told_beaten, (groups_seen, told_beaten)
    assert not page.errors
