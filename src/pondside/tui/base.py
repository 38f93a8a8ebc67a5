"""Terminal tables: how a game's view is drawn for a person and how they choose an action.

Each game may have ``pondside.tui.<game module>`` defining ``UI``, a subclass of :class:`TableUI`
that draws its table with rich; the base class works for any game (a numbered list of actions
and the view as a table), so a new game is playable before it has a table of its own.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.prompt import Prompt
from rich.table import Table

from pondside.engine import Event, Game, View, places_from_results

PLACE_STYLES = ("bold white", "yellow", "dark_orange", "red")


def place_style(place: int, players: int) -> str:
    """Places coloured as on the online table: white first, then yellow, orange, red last."""
    if place == 1:
        return PLACE_STYLES[0]
    if place >= players:
        return PLACE_STYLES[3]
    return PLACE_STYLES[1] if place == 2 else PLACE_STYLES[2]


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class TableUI:
    """Draws one seat's view and asks that seat for an action."""

    def __init__(self, game: Game[Any], names: list[str]) -> None:
        self.game = game
        self.names = names

    def name(self, seat: int | None) -> str:
        return "spectator" if seat is None else self.names[seat]

    def standings(self, totals: Sequence[float]) -> tuple[int, ...]:
        """Places by the running totals, as the game ranks them."""
        return places_from_results(totals, lower_is_better=self.game.info.lower_score_is_better)

    def render(self, console: Console, view: View) -> None:
        """Draw the table as ``view``'s seat sees it."""
        table = Table(title=f"{self.game.info.name} — {self.name(view.get('seat'))}")
        table.add_column("field")
        table.add_column("value")
        for key, value in view.items():
            table.add_row(key, json.dumps(value))
        console.print(table)

    def describe(self, event: Event) -> str | None:
        """One line telling a person what happened (rich markup allowed); None to stay silent."""
        fields = ", ".join(f"{k}={v}" for k, v in event.items() if k != "type")
        return f"{event.get('type')}: {fields}"

    def label(self, view: View, action: str) -> str:
        """How an action is offered in the numbered menu."""
        return action

    def prompt(self, console: Console, view: View, legal: list[str]) -> str:
        """Offer the legal actions by number; a person may also type the action itself.

        The protocol sorts actions as strings ("play 58" before "play 8"); a person reads the
        numbers in them as numbers, so the menu does too.
        """
        legal = sorted(legal, key=reading_order)
        for i, action in enumerate(legal, 1):
            console.print(f"  [cyan]{i:>3}[/]  {self.label(view, action)}")
        while True:
            answer = self.ask(console, view, legal, "Your choice (number or action)")
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1]
            if answer in legal:
                return answer
            console.print(f"[red]{answer!r} is not one of the choices: type 1 to {len(legal)}.[/]")

    # Every question a table asks a person goes through ``ask``, so the in-game commands
    # (help, board, quit, hint) work at every prompt, also in a game's own multi-step menus.
    legend: str = ""
    """One or two lines explaining the game's words and marks on screen (shown by ``help``)."""

    commands: tuple[Command, ...] = ()
    """The play session's commands (hint, quit), besides ``help`` and ``board``, which the
    table answers itself; a table without a session (a test, a replay) has only those two."""

    def ask(self, console: Console, view: View, legal: list[str], question: str) -> str:
        """Read one answer to ``question`` (stripped), answering in-game commands on the way.

        A command is never an answer: no game has an action named like one (tested), and a
        command wins over anything else typed, so ``quit`` always leaves.
        """
        commands = {c.name: c for c in self.all_commands()}
        commands["?"] = commands["help"]
        while True:
            answer = Prompt.ask(offer_help(question), console=console).strip()
            command = commands.get(answer.lower())
            if command is None:
                return answer
            command.run(console, view, legal)

    def all_commands(self) -> list[Command]:
        """``help`` and ``board``, then the session's commands, in the order help lists them."""
        return [
            Command("help", "what you can type here (also ?)", self.show_help),
            Command("board", "draw the table again", lambda c, v, _: self.render(c, v)),
            *self.commands,
        ]

    def show_help(self, console: Console, view: View, legal: list[str]) -> None:
        example = sorted(legal, key=reading_order)[0] if legal else ""
        lines = ["Type a choice's number or the choice itself"]
        lines[0] += f' (e.g. "{escape(example)}")' if example else ""
        lines[0] += ", or:"
        lines += [f"  [bold]{c.name:<6}[/] {c.help}" for c in self.all_commands()]
        if self.legend:
            lines.append(self.legend)
        console.print("\n".join(lines))


def reading_order(action: str) -> list[tuple[int, int | str]]:
    """Sort key: runs of digits compare as numbers, the rest as text ("play 8" < "play 58")."""
    return [(0, int(run)) if run.isdigit() else (1, run) for run in re.findall(r"\d+|\D+", action)]


@dataclass(frozen=True)
class Command:
    """A word a person may type at any question of the table instead of an answer."""

    name: str
    help: str
    run: Callable[[Console, View, list[str]], None]


def offer_help(question: str) -> str:
    """The question saying that help is there: "Your choice (number or action, or help)"."""
    if question.endswith(")"):
        return f"{question[:-1]}, or help)"
    return f"{question} (or help)"
