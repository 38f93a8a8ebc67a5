"""A person's match at the terminal: the play loop around a table.

The session seats the person and the bots, shows who is thinking, answers the in-game commands
``hint`` and ``quit`` (the table itself answers ``help`` and ``board``, see
:meth:`TableUI.ask`), and writes the record however the match ends (at the end, on ``quit``,
Ctrl-C or the end of the input), saying how to resume it.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shlex
import signal
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape
from rich.padding import Padding

from pondside.bots import Bot, Choose, UnknownBot, make_bot
from pondside.engine import Event, Match, PondsideError, View
from pondside.i18n import _, ngettext
from pondside.sim.runner import derive_seed, play_out, seat_bots

from . import get_ui
from .base import Command, TableUI

if TYPE_CHECKING:
    from pondside.analysis import Estimates

HINT_BOT = "heuristic"
HINT_PLAYOUTS = 600
HINT_SECONDS = 0.8  # the search behind a hint stops at whichever comes first
HINT_SHOWN = 3  # the best few actions a hint shows the search's estimate of


def estimates_line(estimates: Estimates, chosen: str, typed: Callable[[str], str] = str) -> str:
    """One line (rich markup) of a hint: the expected place of the best few actions, and of
    the bot's ``chosen`` one when it is not among them; each as ``typed`` writes it."""
    shown = estimates.actions[:HINT_SHOWN]
    # "play 35 (place 2.3)": the place said as one, never read as a second card.
    place = _("{action} (place {place:.1f})")
    parts = [
        place.format(action=f"[bold]{escape(typed(e.action))}[/]", place=e.place)
        if e.action == chosen
        else place.format(action=escape(typed(e.action)), place=e.place)
        for e in shown
    ]
    mine = estimates.of(chosen)
    if mine is not None and mine not in shown:
        parts.append(
            "… " + place.format(action=f"[bold]{escape(typed(chosen))}[/]", place=mine.place)
        )
    said = ngettext(
        "a search's expected place by the end of the hand (1 = first; {n} guess at the hidden "
        "cards): {places}",
        "a search's expected place by the end of the hand (1 = first; {n} guesses at the "
        "hidden cards): {places}",
        estimates.samples,
    )
    return said.format(n=estimates.samples, places=", ".join(parts))


class Left(Exception):
    """The person typed ``quit``."""


@dataclass(frozen=True)
class Seating:
    """Who sits where: the person's seat, every seat's name, and the bot spec of the others."""

    seat: int
    names: list[str]
    bots: dict[int, str]

    def record_bots(self) -> list[str | None]:
        """The record's ``bots``: a spec per seat, None for the person."""
        return [self.bots.get(s) for s in range(len(self.names))]


class Session:
    """One match played by a person at ``seating.seat`` against bots, on ``console``."""

    def __init__(
        self, console: Console, match: Match[Any], seating: Seating, record_path: Path | None
    ) -> None:
        self.console = console
        self.match = match
        self.seating = seating
        self.record_path = record_path
        # A bad bot spec fails here, before anything is drawn.
        self.bots = seat_bots(match.game, seating.bots, match.seed)
        self.ui: TableUI = get_ui(match.game, seating.names, me=seating.seat)
        self.ui.commands = (
            Command(
                "hint",
                _("what the {bot} bot would choose here, and why").format(bot=HINT_BOT),
                self.hint,
            ),
            Command("quit", self._quit_help(), self.quit),
        )
        self._hint_bot: Bot | None = None

    def play(self) -> bool:
        """Play until the match ends (True) or the person leaves it (False)."""
        seat = self.seating.seat
        choosers: dict[int, Choose] = {s: self._bot(s, c) for s, c in self.bots.items()}
        choosers[seat] = self._person
        # The record is written with the signals still handled: a second SIGHUP or SIGTERM
        # while it is written is ignored, not the default's death with no record.
        with stopped_as_interrupt() as stop:
            try:
                self._play_out(choosers, stop)
            except KeyboardInterrupt:
                # A hang-up (or a kill) that came while the match was already ending (the
                # terminal's EIO first, then its SIGHUP): the record is written, nothing to say.
                if stop.fired is None:
                    raise
        return self.match.is_over()

    def _play_out(self, choosers: dict[int, Choose], stop: Stop) -> None:
        try:
            play_out(self.match, choosers, self._describe, first=self.seating.seat)
        except Left:
            left = _("You left the match.")
            self.say(f"[yellow]{left}[/]")
        except (KeyboardInterrupt, EOFError):
            abandoned = _("Match abandoned.")
            self.say(f"\n[yellow]{abandoned}[/]")
        except OSError as exc:  # the terminal went away while it was read or written
            stop.ending = True
            silence_terminal()
            if not terminal_gone(exc):
                raise
        except PondsideError as exc:  # a bot that failed (an external program, a plugin)
            said = _("Match stopped: {reason}").format(reason=escape(str(exc)))
            self.say(f"\n[red]{said}[/]")
        finally:
            stop.ending = True  # a signal now would only cut the record short
            self.save()

    def say(self, text: str, *, one_line: bool = False) -> None:
        """Print, unless the terminal is gone (closed: writing to it fails with EIO), after
        which nothing more is printed: the record is what matters then, not a traceback."""
        try:
            # A path or a command to copy stays on one line (the terminal folds it, and a
            # copy gets it whole); prose is wrapped between words.
            self.console.print(text, soft_wrap=one_line)
        except OSError as exc:
            silence_terminal()
            if not terminal_gone(exc):
                raise

    # --- the seats ------------------------------------------------------------------------
    def _person(self, view: View, legal: list[str]) -> str:
        return self.ui.decide(self.console, view, legal)

    def _bot(self, seat: int, choose: Choose) -> Choose:
        """The bot's choice, with "… is thinking" on screen meanwhile (on a terminal only:
        piped output gets no spinner lines)."""

        def chosen(view: View, legal: list[str]) -> str:
            with self.thinking(seat):
                return choose(view, legal)

        return chosen

    @contextlib.contextmanager
    def thinking(self, seat: int) -> Iterator[None]:
        if not self.console.is_terminal:
            yield
            return
        thinking = _("{name} is thinking…").format(name=escape(self.seating.names[seat]))
        with self.console.status(thinking):
            yield

    def _describe(self, events: list[Event]) -> None:
        for line in self.ui.narrate(events, self.match.view(self.seating.seat)):
            self.ui.tell(self.console, line)

    # --- the commands ---------------------------------------------------------------------
    def hint(self, console: Console, view: View, legal: list[str]) -> None:
        """What the heuristic bot would choose for this seat, from this seat's view only, and
        why; then the expected place of the best few actions by a short search (about a
        second, :func:`pondside.analysis.hint`)."""
        from pondside.analysis import hint

        seat = self.seating.seat
        view, legal = self.match.view(seat), self.match.legal(seat)
        if self._hint_bot is None:
            try:
                self._hint_bot = make_bot(
                    HINT_BOT, self.match.game, seat, derive_seed(self.match.seed, 2, seat)
                )
            except UnknownBot as exc:
                console.print(_("No hint: {reason}").format(reason=escape(str(exc))))
                return
        seed = derive_seed(self.match.seed, 3, seat, len(self.match.actions))
        estimates = None
        with self.searching(console):
            try:
                found = hint(
                    self.match.game,
                    view,
                    legal,
                    HINT_BOT,
                    seed,
                    bot=self._hint_bot,
                    iterations=HINT_PLAYOUTS,
                    seconds=HINT_SECONDS,
                    names=self.seating.names,
                )
                action, why, estimates = found.action, found.why, found.estimates
                note = found.note
            except PondsideError:  # no search for this game: the bot's choice alone
                action = self._hint_bot.choose(view, legal)
                why = self._hint_bot.explain(view, legal, action)
                note = None
        # The menu's label says more than the action, and usually starts with it.
        label = " ".join(self.ui.label(view, action).split())
        said = self.ui.typed(action)
        shown = label if label.startswith(said) else f"{said} — {label}"
        # The suggestion is the bot's unless the search rates another clearly better (the note
        # then says so): the hint never contradicts its own estimates.
        if why is not None:
            whose = _("[bold]Hint[/]: the {bot} bot would choose {action}")
        else:
            whose = _("[bold]Hint[/]: the search suggests {action}")
        console.print(whose.format(bot=HINT_BOT, action=f"[bold]{escape(shown)}[/]"))
        if why:
            because = _("because {why}").format(why=escape(why))
            console.print(Padding(because, (0, 0, 0, 2), expand=False))
        if note:
            console.print(Padding(escape(note), (0, 0, 0, 2), expand=False))
        if estimates is not None:
            line = estimates_line(estimates, action, self.ui.typed)
            console.print(Padding(line, (0, 0, 0, 2), expand=False))

    @contextlib.contextmanager
    def searching(self, console: Console) -> Iterator[None]:
        if not console.is_terminal:
            yield
            return
        with console.status(_("Weighing your choices…")):
            yield

    def quit(self, console: Console, view: View, legal: list[str]) -> None:
        raise Left

    def _quit_help(self) -> str:
        if self.record_path is None:
            return _("leave the match (not recorded: play with --record FILE to resume later)")
        return _("leave the match, keeping its record to resume later")

    # --- the record -----------------------------------------------------------------------
    def save(self) -> None:
        """Write the record (when asked for) and say how to go on with an unfinished match."""
        path = self.record_path
        over = self.match.is_over()
        if path is None:
            if not over and self.match.actions:
                said = _(
                    "This match was not recorded; start one with --record FILE to be able to "
                    "resume it."
                )
                self.say(f"[dim]{said}[/]")
            return
        rec = self.match.record(self.seating.names, self.seating.record_bots())
        try:
            write_atomically(path, json.dumps(rec, indent=1) + "\n")
        except OSError as exc:
            said = _("Could not write the record to {path}: {reason}")
            self.say(f"[red]{said.format(path=escape(str(path)), reason=exc)}[/]")
            return
        self.say(_("Record written to {path}").format(path=escape(str(path))), one_line=True)
        if not over:
            command = f"pondside play --resume {shlex.quote(str(path))}"
            said = _("Resume it with: {command}").format(command=f"[bold]{escape(command)}[/]")
            self.say(said, one_line=True)


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a file beside it, renamed over it once complete: a
    match stopped mid-write (a closed terminal, a second signal) never leaves half a record,
    nor an empty one in place of the last good one. A path that is not a regular file
    (/dev/null, a pipe) is written directly."""
    if path.exists() and not path.is_file():
        path.write_text(text)
        return
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        # mkstemp's file is private (0600): give it the mode a plain write would have.
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(temporary, 0o666 & ~mask)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def terminal_gone(exc: OSError) -> bool:
    return exc.errno in (errno.EIO, errno.EPIPE, errno.ENXIO)


def silence_terminal() -> None:
    """Point standard output and error at /dev/null: the terminal has gone (SIGHUP, EIO), and
    every later write to it (a last message, Python's flush at exit) would fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    for fd in (1, 2):
        with contextlib.suppress(OSError):
            if os.isatty(fd):
                os.dup2(devnull, fd)
    os.close(devnull)


@dataclass
class Stop:
    """How a match is being stopped: ``fired``, the signal that stopped it (None: none did);
    ``ending``, True once it ends anyway (a later SIGHUP or SIGTERM then changes nothing)."""

    fired: int | None = None
    ending: bool = False


@contextlib.contextmanager
def stopped_as_interrupt() -> Iterator[Stop]:
    """A closed terminal (SIGHUP) or a polite kill (SIGTERM) ends the match as Ctrl-C does, so
    the record is written; Python's default for both is to die without it."""
    stops = [s for s in (getattr(signal, "SIGHUP", None), signal.SIGTERM) if s is not None]
    stop = Stop()

    def interrupt(signum: int, frame: object) -> None:
        if signum == getattr(signal, "SIGHUP", None):
            silence_terminal()  # the terminal is gone: nothing more can be shown on it
        # Once only, and not while the match ends anyway: a closed terminal can send its
        # SIGHUP twice (the terminal's hang-up and the multiplexer's own), or after a write
        # to it failed; a KeyboardInterrupt then would cut the record's writing short.
        if stop.fired is not None or stop.ending:
            return
        stop.fired = signum
        raise KeyboardInterrupt

    try:
        before = {s: signal.signal(s, interrupt) for s in stops}
    except ValueError:  # not the main thread: signals are not ours to handle
        yield stop
        return
    try:
        yield stop
    finally:
        for s, handler in before.items():
            # Once stopped by a signal, the program is ending (its record still to be written
            # by the caller): a second hang-up or kill after this changes nothing, where the
            # default handler would end it with no record (seen as a race in a test).
            signal.signal(s, signal.SIG_IGN if stop.fired is not None else handler)


def next_record_path(path: Path) -> Path:
    """Where the record of the next match goes ("r.json" → "r-2.json", a file not there yet),
    so playing again never writes over the match before."""
    n = 2
    while (found := path.with_name(f"{path.stem}-{n}{path.suffix}")).exists():
        n += 1
    return found
