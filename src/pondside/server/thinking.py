"""Bots thinking, hints and analyses: the decisions the server works out for a table.

A quick bot level thinks in a thread; a search (the strong levels, a hint's short search, a
replay's analysis) in a worker process, away from the event loop, one pool for all.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import multiprocessing
import random
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from pondside import i18n
from pondside.bots.levels import is_search, level_spec
from pondside.bots.registry import make_bot
from pondside.engine import View
from pondside.games import get_game
from pondside.i18n import _, ngettext
from pondside.sim.runner import derive_seed
from pondside.workers import worker_start

from .frames import live_summary
from .lessons import lesson
from .settings import Settings
from .tables import Client, LiveTable, NotOwner, Refused, check_playing
from .telling import shown_names, words_in

log = logging.getLogger("pondside.server")

BOT_RETRY = 1.0  # seconds before a bot whose move failed tries again


def _think(slug: str, spec: str, seat: int, seed: int, view: View, legal: list[str]) -> str:
    """A search bot's decision, in a worker process (top level, so it can be pickled)."""
    game = get_game(slug)
    return make_bot(spec, game, seat, seed).choose(view, legal)


HINT_LEVEL = "heuristic"
HINT_PLAYOUTS = 600
HINT_SECONDS = 0.8  # the search behind a hint stops at whichever comes first
HINT_SHOWN = 5


def _hint(
    slug: str, seat: int, seed: int, view: View, legal: list[str], names: list[str], locale: str
) -> dict[str, Any]:
    """A hint for a person's seat, in a worker process: the heuristic's action and reason, and
    a short search's expected place of the best few actions (``pondside.analysis.hint``); its
    label calls the seats by ``names``, as the table shows them. Said in ``locale``, the
    asker's language (a worker process has no request of its own to speak to)."""
    from pondside.analysis import hint

    with i18n.using(locale):
        found = hint(
            get_game(slug),
            view,
            legal,
            HINT_LEVEL,
            seed,
            iterations=HINT_PLAYOUTS,
            seconds=HINT_SECONDS,
            names=names,
        )
        return _said(get_game(slug), found, names)


def _said(game: Any, found: Any, names: list[str]) -> dict[str, Any]:
    """A hint (``pondside.analysis.Hint``) as the page is sent it: the action, its label and
    reason, the best few estimates (none without a search)."""
    estimates = found.estimates
    shown = [] if estimates is None else estimates.actions[:HINT_SHOWN]
    mine = None if estimates is None else estimates.of(found.action)
    if mine is not None and mine not in shown:
        shown.append(mine)
    return {
        "level": found.level,
        "action": found.action,
        "label": found.label,
        "why": found.why,
        "note": found.note,
        # Cards its sentences name by code, read by their names on a page (as in a frame).
        "card_words": words_in(game, [found.label, found.why, found.note], names),
        "estimates": [
            {
                "action": e.action,
                "place": round(e.place, 2),
                "win": round(e.win, 3),
                # An action the halving dropped early was judged on fewer games: its place is
                # rougher, which is why it can read better than the suggestion listed above it.
                "samples": e.samples,
            }
            for e in shown
        ],
        "samples": 0 if estimates is None else estimates.samples,
    }


def _ready() -> None:
    """Nothing, in a worker process: importing what a search needs is the point."""
    import pondside.analysis  # noqa: F401


# A replay's analysis (``pondside.analysis.analyze`` of one seat), in the same worker pool as
# hints and search bots: short enough that a match takes seconds and bots are not held up long.
ANALYSIS_PLAYOUTS = 60
"""Playouts per decision, for a match of up to ``ANALYSIS_BUDGET // ANALYSIS_PLAYOUTS``."""
ANALYSIS_BUDGET = 6000
"""Playouts per analysis in all: a seat with more decisions gets fewer per decision..."""
ANALYSIS_LEAST = 20
"""...but never fewer than this (below it a decision's loss is mostly noise)..."""
ANALYSIS_MOST_DECISIONS = 300
"""...and a seat with more decisions than this (a long Ladders match) is not analysed online:
``pondside analyze`` on the downloaded record does it with no one else waiting."""


def analysis_playouts(decisions: int) -> int:
    """Playouts per decision for a seat with ``decisions`` to judge.

    >>> analysis_playouts(9), analysis_playouts(150), analysis_playouts(300)
    (60, 40, 20)
    """
    return max(ANALYSIS_LEAST, min(ANALYSIS_PLAYOUTS, ANALYSIS_BUDGET // max(1, decisions)))


SPOKEN = (*i18n.LOCALES, i18n.PSEUDO)
"""The languages an analysis is labelled in: every one a person may ask it in."""


def _analysis(record: dict[str, Any], seat: int, iterations: int) -> dict[str, Any]:
    """One seat's analysis of a record, in a worker process (seed 0: the same every time, so
    a cached answer and a fresh one agree), with its decisions labelled in every language
    (``labels``: by language, ``[played_label, best_label]`` per decision), so that whoever
    asks next, in whatever language, reads it without the search being made again
    (:func:`in_language`)."""
    from pondside.analysis import analyze, decision_labels

    game = get_game(record["game"])
    found = analyze(game, record, seat, iterations=iterations).to_json()
    found["labels"] = decision_labels(game, record, found["decisions"], SPOKEN)
    return found


def in_language(found: dict[str, Any], locale: str) -> dict[str, Any]:
    """An analysis made by :func:`_analysis` as ``locale``'s reader is sent it: each decision's
    labels in that language, and no other language's."""
    said = found.get("labels", {}).get(locale) or found.get("labels", {}).get(i18n.DEFAULT)
    out = {k: v for k, v in found.items() if k != "labels"}
    if said is not None:
        out["decisions"] = [
            {**d, "played_label": played, "best_label": best}
            for d, (played, best) in zip(found["decisions"], said, strict=True)
        ]
    return out


def _coach(
    slug: str, view: View, legal: list[str], names: list[str], taken: list[str]
) -> dict[str, Any]:
    """A tutorial's prompt: what the game's rule of thumb plays and why, in the game's words,
    without a search (it answers at once, at every decision), opened by the lesson of its kind
    of decision the first time the player meets one (``taken``: their actions before)."""
    from pondside.analysis import hint

    game = get_game(slug)
    found = hint(game, view, legal, HINT_LEVEL, 0, estimate=False, names=names)
    return {**_said(game, found, names), "coach": True, "lesson": lesson(slug, found.action, taken)}


def _puzzles(record: dict[str, Any], analysis: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The puzzles of a seat's biggest mistakes (``pondside.puzzles``), in a worker process."""
    from pondside.puzzles import puzzles_from

    game = get_game(record["game"])
    return [p.to_json() for p in puzzles_from(game, record, analysis, seat)]


class Thinking:
    """The worker processes of one server and what runs in them."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._pool: ProcessPoolExecutor | None = None

    def warm(self) -> None:
        """Start the search workers now (a spawned interpreter takes seconds to import the
        engine), so that the first hint of the day answers in about ``HINT_SECONDS``, not with
        that start-up on the asking player's clock."""
        pool = self._search_pool()
        for _worker in range(self.settings.search_workers):
            pool.submit(_ready)

    def close(self) -> None:
        """Stop the search workers: a search under way is not waited for (a hint's seconds),
        and the pool's queues are closed before the server exits (a pool left to the
        interpreter's exit leaked its semaphores, which Python's resource tracker then warned
        of at every stop)."""
        if self._pool is None:
            return
        workers = list(self._pool._processes.values())  # the pool names no public way
        self._pool.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.join(timeout=5)
        self._pool.shutdown(wait=True)
        # Its queues' semaphores are given back when they are collected, before the exit (the
        # server froze what it made at its start out of the collector's sight: the pool too).
        self._pool = None
        gc.unfreeze()
        gc.collect()

    async def play_bot(
        self,
        table: LiveTable,
        seat: int,
        apply: Callable[[LiveTable, int, str, str], Awaitable[None]],
        schedule: Callable[[LiveTable], None],
    ) -> None:
        """The bot at ``seat`` decides, after the settings' delay, and plays with ``apply`` if
        its decision is still to be made; ``schedule`` looks at the table again otherwise."""
        me = asyncio.current_task()
        try:
            await asyncio.sleep(self.settings.bot_delay)
            match = table.match
            assert match is not None
            view, legal = match.view(seat), match.legal(seat)
            if not legal:
                return
            action = await self.think(table, seat, view, legal)
            async with table.lock:
                if table.bot_tasks.get(seat) is me:
                    del table.bot_tasks[seat]
                playing = table.data.status == "playing"
                mine = table.data.seats[seat]  # a guest back takes the seat from the bot
                if (
                    playing
                    and mine.bot is not None
                    and seat in match.to_act()
                    and match.legal(seat) == legal
                ):
                    # A bot standing in for a guest who is gone says so in the record.
                    await apply(table, seat, action, "stand-in" if mine.away else "bot")
                else:
                    schedule(table)
        except asyncio.CancelledError:
            raise
        except NotOwner:
            return  # the table's new process runs its bots
        except Exception:
            # E.g. its move could not be saved: it tries again in a moment, as nobody else may
            # act before it does (the last seat of a turn without a clock would wait forever).
            log.exception("table %s: the bot in seat %s failed; retrying", table.data.id, seat)
            asyncio.get_running_loop().call_later(BOT_RETRY, schedule, table)
        finally:
            if table.bot_tasks.get(seat) is me:
                del table.bot_tasks[seat]

    async def think(self, table: LiveTable, seat: int, view: View, legal: list[str]) -> str:
        """The decision of the bot at ``seat``: a search level's in a worker process, a quick
        level's in a thread (its bot kept with the table, as it may keep a memory)."""
        level = table.data.seats[seat].bot
        assert level is not None
        spec = level_spec(table.game, level, online=True)
        seed = random.getrandbits(63)
        if is_search(level):
            loop = asyncio.get_running_loop()
            slug = table.game.info.slug
            try:
                return await loop.run_in_executor(
                    self._search_pool(), _think, slug, spec, seat, seed, view, legal
                )
            except BrokenProcessPool:
                # The worker died (killed, out of memory): the next decision gets a new one.
                self._pool = None
                raise
        bot = table.bots.get(seat)
        if bot is None:
            # Seeded from the deal, as a simulation seeds its bots (``sim.runner.seat_bots``):
            # the same bots play a deal of the day the same way for everyone (daily.py).
            seed = derive_seed(table.data.seed, 1, seat)
            bot = table.bots[seat] = make_bot(spec, table.game, seat, seed)
        return await asyncio.to_thread(bot.choose, view, legal)

    def _search_pool(self) -> ProcessPoolExecutor:
        """The worker processes where searches run, away from the event loop."""
        if self._pool is None:
            # spawn: a fresh interpreter, not a fork of the server's threads and sockets.
            # Each worker ends with the server, a kill -9 included (``workers.worker_start``).
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.settings.search_workers, mp_context=context, initializer=worker_start
            )
        return self._pool

    async def hint(self, table: LiveTable, client: Client) -> dict[str, Any]:
        """A hint for the client's own seat, on its turn: the client names nothing, the seat is
        the one it sits in and the level the fixed ``HINT_LEVEL``. The search runs where the
        search bots think (a worker process), one hint at a time per client; the answer says
        the sequence number it was worked out at, so a hint that arrives late can be dropped."""
        seat = table.seat_of(client.player)
        if seat is None:
            raise Refused(_("only a seated player can ask for a hint, for their own seat"))
        check_playing(table)
        match = table.match
        assert match is not None
        legal = match.legal(seat)
        if not legal:
            raise Refused(_("a hint is for your turn: there is nothing for you to choose now"))
        if client.hinting:
            raise Refused(_("a hint is already being worked out: one at a time"))
        client.hinting = True
        seq, view = table.data.seq, match.view(seat)
        names = shown_names(live_summary(table))
        if table.data.tutorial:  # the coach: the rule of thumb and its reason, at once
            try:
                taken = [action for s, action in match.actions if s == seat]
                found = await asyncio.to_thread(
                    _coach, table.game.info.slug, view, legal, names, taken
                )
            finally:
                client.hinting = False
            return {"type": "hint", "seq": seq, "seat": seat, **found}
        loop = asyncio.get_running_loop()
        try:
            found = await loop.run_in_executor(
                self._search_pool(),
                _hint,
                table.game.info.slug,
                seat,
                random.getrandbits(63),
                view,
                legal,
                names,
                i18n.current(),
            )
        except BrokenProcessPool:
            self._pool = None
            raise Refused(_("the hint could not be worked out; try again"), 503) from None
        finally:
            client.hinting = False
        return {"type": "hint", "seq": seq, "seat": seat, **found}

    async def puzzles(
        self, record: dict[str, Any], analysis: dict[str, Any], seat: int
    ) -> list[dict[str, Any]]:
        """The puzzles of an analysed seat's mistakes, in the search worker pool."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._search_pool(), _puzzles, record, analysis, seat)
        except BrokenProcessPool:
            self._pool = None
            raise

    async def analyse(self, record: dict[str, Any], seat: int) -> dict[str, Any]:
        """``pondside.analysis.analyze`` of one seat of a checked ``record`` (a finished table's
        or an upload's, never a client's own JSON), in the search worker pool. Refused when
        the seat has more decisions than ``ANALYSIS_MOST_DECISIONS``; the caller limits how
        many run at once."""
        from pondside.analysis import choices

        game = get_game(record["game"])
        todo = await asyncio.to_thread(choices, game, record, [seat])
        if len(todo) > ANALYSIS_MOST_DECISIONS:
            raise Refused(
                ngettext(
                    "this seat made {n} decision; the analysis here judges at most {most}: "
                    "download the record and run `pondside analyze` on it",
                    "this seat made {n} decisions; the analysis here judges at most {most}: "
                    "download the record and run `pondside analyze` on it",
                    len(todo),
                ).format(n=len(todo), most=ANALYSIS_MOST_DECISIONS),
                413,
            )
        iterations = analysis_playouts(len(todo))
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(
                self._search_pool(), _analysis, record, seat, iterations
            )
        except BrokenProcessPool:
            self._pool = None
            raise Refused(_("the analysis could not be worked out; try again"), 503) from None
