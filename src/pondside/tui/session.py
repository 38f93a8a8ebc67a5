"""A person's match at the terminal: the play loop around a table.

The session seats the person and the bots, shows who is thinking, answers the in-game commands
``hint`` and ``quit`` (the table itself answers ``help`` and ``board``, see
:meth:`TableUI.ask`), and writes the record however the match ends (at the end, on ``quit``,
Ctrl-C or the end of the input), saying how to resume it.
"""

from __future__ import annotations

import contextlib
import json
import shlex
import signal
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.padding import Padding

from pondside.bots import Bot, Choose, UnknownBot, make_bot
from pondside.engine import Event, Match, PondsideError, View
from pondside.sim.runner import derive_seed, play_out, seat_bots

from . import get_ui
from .base import Command, TableUI

HINT_BOT = "heuristic"


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
            Command("hint", f"what the {HINT_BOT} bot would choose here, and why", self.hint),
            Command("quit", self._quit_help(), self.quit),
        )
        self._hint_bot: Bot | None = None

    def play(self) -> bool:
        """Play until the match ends (True) or the person leaves it (False)."""
        seat = self.seating.seat
        choosers: dict[int, Choose] = {s: self._bot(s, c) for s, c in self.bots.items()}
        choosers[seat] = self._person
        try:
            with stopped_as_interrupt():
                play_out(self.match, choosers, self._describe, first=seat)
        except Left:
            self.console.print("[yellow]You left the match.[/]")
        except (KeyboardInterrupt, EOFError):
            self.console.print("\n[yellow]Match abandoned.[/]")
        except PondsideError as exc:  # a bot that failed (an external program, a plugin)
            self.console.print(f"\n[red]Match stopped: {escape(str(exc))}[/]")
        finally:
            self.save()
        return self.match.is_over()

    # --- the seats ------------------------------------------------------------------------
    def _person(self, view: View, legal: list[str]) -> str:
        self.ui.render(self.console, view)
        return self.ui.prompt(self.console, view, legal)

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
        with self.console.status(f"{escape(self.seating.names[seat])} is thinking…"):
            yield

    def _describe(self, events: list[Event]) -> None:
        for event in events:
            line = self.ui.describe(event)
            if line:
                self.console.print(line)

    # --- the commands ---------------------------------------------------------------------
    def hint(self, console: Console, view: View, legal: list[str]) -> None:
        """What the heuristic bot would choose for this seat, from this seat's view only."""
        seat = self.seating.seat
        view, legal = self.match.view(seat), self.match.legal(seat)
        if self._hint_bot is None:
            try:
                self._hint_bot = make_bot(
                    HINT_BOT, self.match.game, seat, derive_seed(self.match.seed, 2, seat)
                )
            except UnknownBot as exc:
                console.print(f"No hint: {escape(str(exc))}")
                return
        action = self._hint_bot.choose(view, legal)
        why = self._hint_bot.explain(view, legal, action)
        # The menu's label says more than the action, and usually starts with it.
        label = " ".join(self.ui.label(view, action).split())
        shown = label if label.startswith(action) else f"{action} — {label}"
        console.print(f"[bold]Hint[/]: the {HINT_BOT} bot would choose [bold]{escape(shown)}[/]")
        if why:
            console.print(Padding(f"because {escape(why)}", (0, 0, 0, 2), expand=False))

    def quit(self, console: Console, view: View, legal: list[str]) -> None:
        raise Left

    def _quit_help(self) -> str:
        if self.record_path is None:
            return "leave the match (not recorded: start with --record FILE to resume later)"
        return "leave the match, keeping its record to resume later"

    # --- the record -----------------------------------------------------------------------
    def save(self) -> None:
        """Write the record (when asked for) and say how to go on with an unfinished match."""
        path = self.record_path
        over = self.match.is_over()
        if path is None:
            if not over and self.match.actions:
                self.console.print(
                    "[dim]This match was not recorded; start one with --record FILE "
                    "to be able to resume it.[/]",
                    soft_wrap=True,
                )
            return
        rec = self.match.record(self.seating.names, self.seating.record_bots())
        try:
            path.write_text(json.dumps(rec, indent=1) + "\n")
        except OSError as exc:
            self.console.print(f"[red]Could not write the record to {path}: {exc}[/]")
            return
        self.console.print(f"Record written to {path}", soft_wrap=True)
        if not over:
            command = f"pondside play --resume {shlex.quote(str(path))}"
            self.console.print(f"Resume it with: [bold]{escape(command)}[/]", soft_wrap=True)


@contextlib.contextmanager
def stopped_as_interrupt() -> Iterator[None]:
    """A closed terminal (SIGHUP) or a polite kill (SIGTERM) ends the match as Ctrl-C does, so
    the record is written; Python's default for both is to die without it."""
    stops = [s for s in (getattr(signal, "SIGHUP", None), signal.SIGTERM) if s is not None]

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    try:
        before = {s: signal.signal(s, interrupt) for s in stops}
    except ValueError:  # not the main thread: signals are not ours to handle
        yield
        return
    try:
        yield
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)


def next_record_path(path: Path) -> Path:
    """Where the record of the next match goes ("r.json" → "r-2.json", a file not there yet),
    so playing again never writes over the match before."""
    n = 2
    while (found := path.with_name(f"{path.stem}-{n}{path.suffix}")).exists():
        n += 1
    return found
