"""Playwright against a real ``pondside serve``, for every game's browser tests: Chromium,
fresh guests in their own contexts, a server per test module, screenshots.

Screenshots are taken into the folder ``PONDSIDE_SCREENSHOTS`` names (``make screenshots`` sets
it to docs/screenshots); without it none is taken, so a test run leaves the checkout as it was.
Chromium is found at ``PONDSIDE_CHROMIUM``, /usr/bin/chromium or on the PATH. Without it (or
without Playwright) the tests are skipped, except under CI (the ``CI`` variable), where that
is a failure.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pondside.engine import Match
from pondside.games import get_game
from serverproc import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
_KEEP = os.environ.get("PONDSIDE_SCREENSHOTS")
SHOTS = Path(_KEEP) if _KEEP else None
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
# The screens of the new-player trial (issue 27): a laptop, and a touch phone.
LAPTOP = {"width": 1366, "height": 768}
TOUCH_PHONE = {"width": 390, "height": 844}
# Animations run this many times faster than for people (0 would switch them off).
SPEED = "12"


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (the CI variable is set, so the browser tests must run)")
    pytest.skip(reason)


def _chromium() -> str:
    for candidate in (
        os.environ.get("PONDSIDE_CHROMIUM"),
        "/usr/bin/chromium",
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
    ):
        if candidate and Path(candidate).exists():
            return candidate
    _missing("Chromium is not installed (set PONDSIDE_CHROMIUM to its path)")
    raise AssertionError  # not reached


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright for Python is not installed")
    path = _chromium()
    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=path,
            headless=True,
            args=["--no-sandbox", "--disable-background-networking"],
        )
        yield b
        b.close()


def start_server(tmp: Path, **kw: Any) -> ServerProcess:
    return ServerProcess(
        f"sqlite:///{tmp / 'pondside.db'}", log=tmp / "server.log", allow_seeds=True, **kw
    ).start()


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = start_server(tmp_path_factory.mktemp("web"), bot_delay=0.0)
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def quick_clock(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose clock runs ten times fast: the fast profile's 15 s a decision is 1.5 s."""
    proc = start_server(tmp_path_factory.mktemp("clock"), bot_delay=0.0, clock_scale=0.1)
    yield proc
    proc.stop()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Any]:
    """Make pages, each a fresh guest (its own cookies) with fast animations; all closed after
    the test, so no page keeps running into the next one."""
    contexts: list[Any] = []

    def make(server: ServerProcess, viewport: dict[str, int] = DESKTOP, touch: bool = False) -> Any:
        ctx = browser.new_context(
            viewport=viewport, base_url=server.url, has_touch=touch, is_mobile=touch
        )
        contexts.append(ctx)
        ctx.add_init_script(f"localStorage.setItem('pondside.speed', '{SPEED}')")
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.errors = errors
        page.touch = touch
        return page

    yield make
    for ctx in contexts:
        ctx.close()


def shot(page: Any, name: str, full: bool = False) -> None:
    """The page as ``name``.png in ``SHOTS``. Without that folder (a plain test run) no picture
    is taken: nobody looked at a temporary folder's, and each costs Chromium about 0.25 s of
    CPU, some 200 a run. The pause stays either way: the steps after a shot were written
    with it."""
    page.wait_for_timeout(150)
    if SHOTS is None:
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full)


def name_via_api(page: Any, name: str) -> None:
    r = page.request.post("/api/guest", data={"name": name})
    assert r.ok, r.text()


def table_via_api(page: Any, players: int = 4, bots: int = 3, **body: Any) -> str:
    """Open a table from inside the browser context (its cookie), seat bots, start it."""
    data = {"game": "lame-duck", "players": players, "profile": "none", **body}
    data.setdefault("options", {"rounds": 1})
    r = page.request.post("/api/tables", data=data)
    assert r.status == 201, r.text()
    table = r.json()["id"]
    for seat in range(1, bots + 1):
        r = page.request.post(
            f"/api/tables/{table}/seats/{seat}", data={"do": "bot", "level": "heuristic"}
        )
        assert r.ok, r.text()
    if bots == players - 1:
        r = page.request.post(f"/api/tables/{table}/start")
        assert r.ok, r.text()
    return str(table)


def press(page: Any, locator: Any) -> None:
    """A tap on a touch screen, a click elsewhere."""
    if page.touch:
        locator.tap(timeout=2000)
    else:
        locator.click(timeout=2000)


def play_until_end(
    pages: list[Any], act: Callable[[Any], str], done: dict[str, int], limit: float, pause_ms: int
) -> dict[str, int]:
    """Call ``act`` on every page (it does what that page must do now and names it, or returns
    "") until each page shows the end screen; counts what was done in ``done``."""
    deadline = time.monotonic() + limit
    last: dict[int, str] = {}
    while time.monotonic() < deadline:
        if all(p.locator("#end-dialog[open]").count() for p in pages):
            return done
        acted = False
        for i, p in enumerate(pages):
            try:
                what = act(p)
            except Exception as e:  # the table moved on under the click: look again
                what = ""
                last[i] = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            if what:
                done[what] += 1
                acted = True
        if not acted:
            pages[0].wait_for_timeout(pause_ms)
    # What each page showed when the time ran out, and the last click that failed: a run that
    # stalls on a loaded machine says where it stood.
    text = "s => document.querySelector(s)?.innerText ?? null"
    seen = [
        f"page {i}: status {p.evaluate(text, '#status')!r}, "
        f"actions {p.evaluate(text, '#actions')!r}, last failure {last.get(i)!r}"
        for i, p in enumerate(pages)
    ]
    raise AssertionError(f"the match did not end in {limit} s ({done}); " + "; ".join(seen))


def bots_match(page: Any, game: str, players: int, options: dict[str, Any], seed: int) -> str:
    """A table of bots only (the host's seat given to one too), played to its end."""
    body = {"game": game, "players": players, "profile": "none", "options": options, "seed": seed}
    r = page.request.post("/api/tables", data=body)
    assert r.status == 201, r.text()
    table = str(r.json()["id"])
    for seat in range(players):
        level = "heuristic" if seat % 2 else "random"
        r = page.request.post(
            f"/api/tables/{table}/seats/{seat}", data={"do": "bot", "level": level}
        )
        assert r.ok, r.text()
    assert page.request.post(f"/api/tables/{table}/start").ok
    deadline = time.monotonic() + 20
    while page.request.get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return table


def too_low_deal(players: int = 4) -> tuple[int, int]:
    """A seed of a one-round Lame Duck table whose deal gives seat 0 the lowest card of all,
    lower than the last card of every column: played first, it is too low (LD-8), so seat 0
    chooses a column to take. The seed and that card."""
    game = get_game("lame-duck")
    for seed in range(500):
        views = [Match(game, players, {"rounds": 1}, seed=seed).view(s) for s in range(players)]
        low = min(views[0]["hand"])
        others = min(min(v["hand"]) for v in views[1:])
        if low < others and low < min(col[-1] for col in views[0]["columns"]):
            return seed, low
    raise AssertionError("no such deal in 500 seeds")


# The pseudo-locale's check (issue 28, point 7): every visible text node and read attribute
# outside the markers (nested markers: a message filled with another), skipping what is marked
# translate="no".
OUTSIDE_THE_CATALOG = r"""() => {
  const strip = (s) => {
    let before;
    do { before = s; s = s.replace(/⟦[^⟦⟧]*⟧/g, ""); } while (s !== before);
    return s;
  };
  const words = (s) => /\p{L}/u.test(strip(s));
  // translate="no": names; data-l10n="intl": dates and times in the page's language by Intl.
  const kept = (el) => el.closest('[translate="no"], [data-l10n="intl"], script, style, noscript, template');
  const seen = (el) => el.checkVisibility({ visibilityProperty: true });
  // An element's text but what it holds marked translate="no" (names inside a message).
  const own = (el) => {
    const copy = el.cloneNode(true);
    copy.querySelectorAll('[translate="no"]').forEach((k) => k.remove());
    return copy.textContent;
  };
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || kept(el)) continue;
    const shown = el.closest("option") ? seen(el.closest("select")) : seen(el);
    // A message with markup inside ("won <b>2</b> of <b>3</b> bid") is split over several
    // text nodes: a node is outside the catalog when its element's whole text is.
    if (shown && words(node.textContent) && words(own(el))) found.push(`${el.tagName.toLowerCase()}#${el.id}: ${node.textContent.trim()}`);
  }
  for (const el of document.body.querySelectorAll("[title], [aria-label], [placeholder], [alt]")) {
    if (kept(el) || !seen(el)) continue;
    for (const name of ["title", "aria-label", "placeholder", "alt"]) {
      const value = el.getAttribute(name);
      if (value && words(value)) found.push(`${el.tagName.toLowerCase()}#${el.id}[${name}]: ${value}`);
    }
  }
  if (words(document.title)) found.push(`title: ${document.title}`);
  return found;
}"""


AXE = Path(__file__).resolve().parent / "server" / "assets" / "axe.min.js"
# The impacts a page must never have (axe-core's scale: minor, moderate, serious, critical).
GRAVE = ("serious", "critical")


def axe_violations(page: Any, impacts: tuple[str, ...] = GRAVE) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now, of these impacts: each with the rule's
    id, its impact, what it asks for and the elements (CSS selectors) that break it. axe-core
    (tests/server/assets, from the npm registry) is injected into the page, not served."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
            const r = await axe.run(document, { resultTypes: ["violations"] });
            return r.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map((n) => n.target.join(" ")),
            }));
        }"""
    )
    return [v for v in found if v["impact"] in impacts]
