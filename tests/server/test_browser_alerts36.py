"""Turn alerts in Chromium (issue 28, 1), with two guests at one Down the Drain table, each in
their own browser context: when Ann plays and the turn passes to Bea, Bea's tab title (and its
icon) says so within a second, and both come back once she plays. The sound and the desktop
notification are settings of the Alerts dialog, off until switched on and remembered; the
browser is asked for notifications only when the setting is switched on. A script that the
page runs first records the calls the page makes (titles, notifications, oscillators), so the
test sees what a person would hear and see.

And links to a move (issue 28, 6): a replay's address points at the move shown (#move=12), opens
there, follows the controls, and the "Copy link to this move" control copies it."""

from __future__ import annotations

import time
from typing import Any

from browserkit import axe_violations, bots_match, name_via_api, shot, table_via_api
from serverproc import ServerProcess

HAND = ".dd-hand.active .dd-hand-card:not([disabled])"
MARK = "● Your turn · "

RECORDER = """
window.__alerts = { titles: [], notes: [], asked: 0, oscillators: 0 };
document.addEventListener("DOMContentLoaded", () => {
  const title = document.querySelector("title");
  const seen = () => window.__alerts.titles.push([Date.now(), document.title]);
  new MutationObserver(seen).observe(title, { childList: true, characterData: true, subtree: true });
});
if (window.Notification) {
  const Real = window.Notification;
  class Recorded extends Real {
    constructor(title, options) {
      super(title, options);
      window.__alerts.notes.push({ title, body: options && options.body });
    }
  }
  Object.defineProperty(Recorded, "permission", { get: () => Real.permission });
  Recorded.requestPermission = (...args) => {
    window.__alerts.asked += 1;
    return Real.requestPermission(...args);
  };
  window.Notification = Recorded;
}
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.__alerts.oscillators += 1;
  return start.apply(this, args);
};
"""


def recorded(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate("window.__alerts")
    return found


def play_a_card(page: Any) -> int:
    """Pick the first card that may be played and play it; the moment of the click (ms)."""
    page.locator(HAND).first.click()
    play = page.locator(".dd-play")
    play.wait_for()
    at: int = page.evaluate("Date.now()")
    play.click()
    return at


def whose_turn(ann: Any, bea: Any, limit: float = 15) -> Any:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        for page in (ann, bea):
            if page.locator(HAND).count():
                return page
        ann.wait_for_timeout(50)
    raise AssertionError("neither guest was asked to play")


def test_the_tab_tells_the_waiting_guest_it_is_their_turn(
    new_page: Any, web: ServerProcess
) -> None:
    ann = new_page(web)
    ann.goto("/")
    name_via_api(ann, "Ann")
    table = table_via_api(
        ann, game="down-the-drain", players=3, bots=0, options={"games": 1}, seed=5
    )
    r = ann.request.post(f"/api/tables/{table}/seats/2", data={"do": "bot", "level": "casual"})
    assert r.ok, r.text()
    ann.goto(f"/t/{table}?speed=0")

    bea = new_page(web)
    bea.context.add_init_script(RECORDER)
    # The chime is made in the page: no sound is downloaded.
    fetched: list[tuple[str, str]] = []
    bea.on("request", lambda r: fetched.append((r.resource_type, r.url)))
    bea.goto("/")
    name_via_api(bea, "Bea")
    bea.goto(f"/t/{table}?speed=0")
    bea.locator('.seat[data-seat="1"]').get_by_role("button", name="Join").click()
    bea.locator('.seat[data-seat="1"]', has_text="Bea (you)").wait_for()

    # The settings, in the waiting room already: the title on, the sound and the notification
    # off until switched on; the browser is not asked for anything by opening the page or the
    # dialog.
    bea.get_by_role("button", name="Alerts").click()
    dialog = bea.get_by_role("dialog", name="When it is your turn")
    dialog.wait_for()
    assert bea.locator("#alert-title").is_checked()
    assert not bea.locator("#alert-sound").is_checked()
    assert not bea.locator("#alert-notify").is_checked()
    assert recorded(bea)["asked"] == 0
    assert axe_violations(bea) == []
    # Switched on: the browser asks (a headless one answers no unless the context allows it),
    # and the switch shows what it answered.
    bea.locator("#alert-notify").check()
    bea.wait_for_function("window.__alerts.asked === 1")
    bea.locator("#alert-notify-note:not([hidden])").wait_for()
    assert not bea.locator("#alert-notify").is_checked()
    # Allowed in the browser's site settings: the switch can be switched on again, and stays on.
    bea.context.grant_permissions(["notifications"], origin=web.url)
    bea.locator("#alert-notify:not([disabled])").wait_for()
    bea.locator("#alert-notify").check()
    bea.wait_for_function("document.getElementById('alert-notify')?.checked")
    # The sound: switched on, a first chime says what it sounds like (two notes).
    bea.locator("#alert-sound").check()
    bea.wait_for_function("window.__alerts.oscillators === 2")
    shot(bea, "alerts-settings")
    bea.get_by_role("button", name="Done").click()
    dialog.wait_for(state="hidden")
    assert bea.locator("#alerts-btn").get_attribute("aria-pressed") == "true"
    ann.locator("#start-btn:not([disabled])").click()

    # Bea is in another tab now: her page has not the focus (a notification is for then).
    bea.evaluate("document.hasFocus = () => false")
    # Until the turn is Ann's with Bea next, whoever is asked plays.
    for _ in range(12):
        page = whose_turn(ann, bea)
        if page is ann and not bea.locator(HAND).count():
            break
        play_a_card(page)
        page.locator(HAND).first.wait_for(state="detached", timeout=5000)
    else:
        raise AssertionError("Ann was never to play with Bea waiting")
    assert not bea.title().startswith(MARK)
    before = recorded(bea)
    played_at = play_a_card(ann)

    # Bea's turn: the title within a second of Ann's play, the icon, the chime, a notification.
    bea.wait_for_function(f"document.title.startsWith({MARK!r})", timeout=5000)
    after = recorded(bea)
    marked = [at for at, title in after["titles"] if title.startswith(MARK)]
    assert marked and marked[0] - played_at < 1000, (marked, played_at)
    assert "Down the Drain" in bea.title()
    assert bea.locator("link[rel~='icon']").get_attribute("href").startswith("data:image/png")
    assert after["oscillators"] >= before["oscillators"] + 2
    sounds = (".mp3", ".ogg", ".wav", ".m4a", ".aac", ".flac", ".webm", ".opus")
    assert [u for kind, u in fetched if kind == "media" or u.endswith(sounds)] == []
    new_notes = after["notes"][len(before["notes"]) :]
    assert [n["title"] for n in new_notes] == ["Your turn · Down the Drain"]
    assert not ann.title().startswith(MARK)  # Ann waits: her tab says nothing

    # Bea plays: the title and the icon come back at once.
    play_a_card(bea)
    bea.wait_for_function(f"!document.title.startsWith({MARK!r})", timeout=10_000)
    assert bea.locator("link[rel~='icon']").get_attribute("href") == "/static/favicon.svg"

    # The settings are remembered: after a reload they are as Bea left them.
    bea.reload()
    bea.get_by_role("button", name="Alerts").click()
    assert bea.locator("#alert-sound").is_checked()
    assert bea.locator("#alert-notify").is_checked()
    assert recorded(bea)["asked"] == 0  # nothing asked again
    assert not ann.errors and not bea.errors


def test_a_link_to_a_move_opens_the_replay_there_and_follows_the_controls(
    new_page: Any, web: ServerProcess
) -> None:
    page = new_page(web)
    name_via_api(page, "Ann")
    table = bots_match(page, "lame-duck", 4, {"rounds": 1}, seed=17)
    n = len(page.request.get(f"/api/tables/{table}/record").json()["actions"])
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=web.url)

    page.goto(f"/replay/{table}?seat=1#move=12")
    page.locator("#rb-count", has_text=f"Move 12 of {n}").wait_for()
    page.click("#rb-next")
    page.locator("#rb-count", has_text=f"Move 13 of {n}").wait_for()
    assert page.url.endswith(f"/replay/{table}?seat=1#move=13")
    page.click("#rb-first")
    page.locator("#rb-count", has_text=f"The deal · move 0 of {n}").wait_for()
    assert page.url.endswith("#move=0")
    # A link that changes only the move (typed in the address, followed on the page) goes there.
    page.evaluate("location.hash = '#move=5'")
    page.locator("#rb-count", has_text=f"Move 5 of {n}").wait_for()
    # The copied link is the address of the move shown, and opens it in a fresh page.
    page.get_by_role("button", name="Copy link to this move").click()
    page.locator("#toast", has_text="Link copied").wait_for()
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == page.url and link.endswith(f"/replay/{table}?seat=1#move=5")
    other = new_page(web)
    other.goto(link)
    other.locator("#rb-count", has_text=f"Move 5 of {n}").wait_for()
    assert other.evaluate("document.body.dataset.replaySeat") == "1"
    # A link of before (?step=) still opens at its move, and is rewritten to the hash.
    other.goto(f"/replay/{table}?step=7")
    other.locator("#rb-count", has_text=f"Move 7 of {n}").wait_for()
    assert other.url.endswith(f"/replay/{table}#move=7")
    assert not page.errors and not other.errors


def test_a_choice_made_all_at_once_alerts_each_and_the_title_setting_is_kept(
    new_page: Any, web: ServerProcess
) -> None:
    """ "Your turn or your choice": at Lame Duck everyone chooses a card at once, so both
    guests' tabs say so when the turn begins. The title and icon are a setting like the
    others: switched off, the mark goes at once and stays off after a reload, however long
    the choice waits; the other guest's tab is not touched, and their mark goes when they
    have chosen, though the turn goes on."""
    ann = new_page(web)
    ann.goto("/")
    name_via_api(ann, "Ann")
    table = table_via_api(ann, 3, 0, options={"rounds": 1})
    r = ann.request.post(f"/api/tables/{table}/seats/2", data={"do": "bot", "level": "casual"})
    assert r.ok, r.text()
    ann.goto(f"/t/{table}?speed=0")
    bea = new_page(web)
    bea.goto("/")
    name_via_api(bea, "Bea")
    bea.goto(f"/t/{table}?speed=0")
    bea.locator('.seat[data-seat="1"]').get_by_role("button", name="Join").click()
    bea.locator('.seat[data-seat="1"]', has_text="Bea (you)").wait_for()
    ann.locator("#start-btn:not([disabled])").click()
    for page in (ann, bea):
        page.wait_for_function(f"document.title.startsWith({MARK!r})", timeout=5000)

    bea.get_by_role("button", name="Alerts").click()
    bea.locator("#alert-title").uncheck()
    bea.wait_for_function(f"!document.title.startsWith({MARK!r})", timeout=10_000)
    assert bea.locator("link[rel~='icon']").get_attribute("href") == "/static/favicon.svg"
    bea.get_by_role("button", name="Done").click()
    assert ann.title().startswith(MARK)

    ann.locator("#hand.active .hand-card:not([disabled])").first.click()
    ann.wait_for_function(f"!document.title.startsWith({MARK!r})", timeout=10_000)

    bea.reload()
    bea.locator("#hand.active .hand-card:not([disabled])").first.wait_for()  # still to choose
    bea.wait_for_timeout(300)
    assert not bea.title().startswith(MARK)
    assert bea.evaluate("document.body.dataset.alerting") == "false"
    bea.get_by_role("button", name="Alerts").click()
    assert not bea.locator("#alert-title").is_checked()
    assert not ann.errors and not bea.errors


REFUSING = """
Object.defineProperty(Notification, "permission", { get: () => "denied" });
window.AudioContext = undefined;
window.webkitAudioContext = undefined;
localStorage.setItem("pondside.alert.sound", "1");
localStorage.setItem("pondside.alert.notify", "1");
"""


def test_a_setting_the_browser_refuses_is_shown_off_and_says_why(
    new_page: Any, web: ServerProcess
) -> None:
    """ "Off where the browser refuses": notifications blocked for the site and no WebAudio.
    Both switches are off and disabled, each with its reason, though they were left on."""
    page = new_page(web)
    page.context.add_init_script(REFUSING)
    page.goto("/")
    name_via_api(page, "Ann")
    table = table_via_api(page, 3, 0)
    page.goto(f"/t/{table}")
    page.get_by_role("button", name="Alerts").click()
    page.get_by_role("dialog", name="When it is your turn").wait_for()
    for kind, why in (("sound", "cannot make sounds"), ("notify", "blocked for this site")):
        box = page.locator(f"#alert-{kind}")
        assert box.is_disabled() and not box.is_checked()
        assert why in page.locator(f"#alert-{kind}-note").inner_text()
    assert page.locator("#alert-title").is_checked() and page.locator("#alert-title").is_enabled()
    assert not page.errors
