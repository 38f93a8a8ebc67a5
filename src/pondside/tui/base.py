"""Terminal tables: how a game's view is drawn for a person and how they choose an action.

Each game may have ``pondside.tui.<game module>`` defining ``UI``, a subclass of :class:`TableUI`
that draws its table with rich; the base class works for any game (a numbered list of actions
and the view as a table), so a new game is playable before it has a table of its own.

Every table fits a standard terminal of 80 columns and 24 lines: the board, the last events
and the menu of a decision together (tests/tui/test_layout.py measures each game).
"""

from __future__ import annotations

import json
import math
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.prompt import Prompt
from rich.table import Table
from rich.text import Text

from pondside.engine import Event, Game, View, places_from_results
from pondside.engine.game import reading_order
from pondside.engine.narrate import Speaker, action_words, plural
from pondside.i18n import _

__all__ = ["Entry", "TableUI", "flow", "menu_lines", "place_style", "plural", "reading_order"]

PLACE_STYLES = ("bold white", "yellow", "dark_orange", "red")
WIDTH, HEIGHT = 80, 24
"""The standard terminal every table fits."""
EVENT_LINES = 4
"""The fewest lines of the last events a cleared screen shows between the board and the menu
(more when the terminal has room for all that happened since the person's last decision)."""
KEEP = "\u2800"  # holds a name's spaces while a line is wrapped (printable, not a space)

Entry = tuple[str, str | Text]
"""A menu entry: the value it stands for (an action, or a step of a game's own menu) and its
label."""


def place_style(place: int, players: int) -> str:
    """Places coloured as on the online table: white first, then yellow, orange, red last."""
    if place == 1:
        return PLACE_STYLES[0]
    if place >= players:
        return PLACE_STYLES[3]
    return PLACE_STYLES[1] if place == 2 else PLACE_STYLES[2]


def flow(head: str | Text, parts: Sequence[Text], width: int, sep: str = ", ") -> list[Text]:
    """``head`` and ``parts`` on as few lines as fit ``width``, a part never split over two
    (a name with its card or score stays whole)."""
    lines = [head.copy() if isinstance(head, Text) else Text(head)]
    fresh = not lines[0].plain  # nothing on the line yet to put a space after
    for i, part in enumerate(parts):
        piece = part + Text("" if i == len(parts) - 1 else sep.rstrip(), style="dim")
        if not fresh and lines[-1].cell_len + 1 + piece.cell_len > width:
            lines.append(Text("  "))
            fresh = True
        lines[-1].append("" if fresh else " ").append_text(piece)
        fresh = False
    return lines


def menu_lines(
    entries: Sequence[Entry], width: int, numbered: bool = True, across: bool = False
) -> list[Text]:
    """The entries numbered from 1, in as many columns as fit ``width``, read down then across
    (``across``: along each line, as a hand of cards is read)."""
    cells = []
    for i, (_value, label) in enumerate(entries, 1):
        cell = Text(f"{i:>3}  ", style="cyan") if numbered else Text("  ")
        cells.append(cell.append_text(label if isinstance(label, Text) else Text(label)))
    if not cells:
        return []
    cell_width = max(c.cell_len for c in cells) + 2
    columns = max(1, min(len(cells), (width + 2) // cell_width))  # no gap after the last
    rows = math.ceil(len(cells) / columns)
    columns = math.ceil(len(cells) / rows)
    lines = []
    for r in range(rows):
        line = Text()
        for c in range(columns):
            i = r * columns + c if across else c * rows + r
            if i < len(cells):
                cell = cells[i]
                line.append_text(cell)
                if c < columns - 1 and (i + 1 if across else i + rows) < len(cells):
                    line.append(" " * (cell_width - cell.cell_len))
        lines.append(line)
    return lines


class TableUI:
    """Draws one seat's view and asks that seat for an action.

    ``me`` is the seat of the person at the terminal (None when nobody plays: a replay, a
    spectator): the table speaks to that seat as "you" ("You take", "Your 11 is too low").
    """

    def __init__(self, game: Game[Any], names: list[str], me: int | None = None) -> None:
        self.game = game
        self.names = names
        self.me = me
        # False for a replay: the table then shows hands without inviting anyone to play.
        self.playing = True
        self.speaker = Speaker(names, me)
        self._before: View | None = None  # the view of the last step told, for the narrator
        self.log: deque[str] = deque(maxlen=100)  # more than any screen shows
        self._told = 0  # event lines told so far (the log keeps the last of them)
        self._seen = 0  # ... of which the person had seen these at their last decision
        self._menu: tuple[View, list[Text]] | None = None
        self._board: int | None = None  # a cleared board's height, its events not shown yet

    # --- speaking of people ------------------------------------------------------------------
    # The game's narrator builds the sentences; the board's own captions ("You 12", "Your hand")
    # use the same words for people.
    def name(self, seat: int | None) -> str:
        return "spectator" if seat is None else self.speaker.name(seat % len(self.names))

    def is_me(self, seat: int | None) -> bool:
        return self.speaker.is_me(seat)

    def asks(self, view: View, seat: int | None) -> bool:
        """Whether the person at the terminal is to act now in ``view`` as ``seat``: not in a
        replay, nor for another seat's hand."""
        return self.playing and self.is_me(seat) and seat in view["to_act"]

    def who(self, seat: int, start: bool = True) -> str:
        """The seat as a subject or object: ``You`` (``you`` inside a sentence) or its name."""
        return self.speaker.who(seat, start)

    def does(self, seat: int, verb: str, start: bool = True) -> str:
        """Subject and verb: ``You take`` or ``Ann takes`` (``have chosen``: ``has chosen``)."""
        return self.speaker.does(seat, verb, start)

    def whose(self, seat: int, start: bool = True) -> str:
        """The possessive: ``Your`` (``your`` inside a sentence) or ``Ann's``."""
        return self.speaker.whose(seat, start)

    def standings(self, totals: Sequence[float]) -> tuple[int, ...]:
        """Places by the running totals, as the game ranks them."""
        return places_from_results(totals, lower_is_better=self.game.info.lower_score_is_better)

    # --- drawing -------------------------------------------------------------------------------
    def render(self, console: Console, view: View, *, asking: bool = False) -> None:
        """Draw the table as ``view``'s seat sees it.

        On a terminal the screen is cleared first and the last events are shown under the board
        (they were printed as they happened, above the previous board): all those since the
        person's last decision that the screen has room for above the question. ``asking``: a
        question follows, whose menu (its height unknown yet) prints them when it is drawn. The
        menu of a question still open about this view (``board`` typed at it) is drawn again.
        """
        self._board = None
        self._before = view
        if console.is_terminal:
            console.clear()
            with console.capture() as board:
                self.draw(console, view)
            drawn = board.get()
            console.print(drawn, end="", markup=False, highlight=False, soft_wrap=True)
            self._board = drawn.count("\n")
        else:
            self.draw(console, view)
        menu = self._menu[1] if self._menu is not None and self._menu[0] is view else None
        if not asking or menu is not None:
            self._last_events(console, len(menu or ()))
        if not asking and menu is None:  # a board to look at (a replay's step): now seen
            self._seen = self._told
        for line in menu or ():
            console.print(line)

    def decide(self, console: Console, view: View, legal: list[str]) -> str:
        """The person's decision: the board, the events since the last one, the question."""
        self.render(console, view, asking=True)
        try:
            return self.prompt(console, view, legal)
        finally:
            self._seen = self._told

    def draw(self, console: Console, view: View) -> None:
        """The board itself (each game draws its own)."""
        table = Table(title=f"{self.game.info.name} — {self.name(view.get('seat'))}")
        table.add_column("field")
        table.add_column("value")
        for key, value in view.items():
            table.add_row(key, json.dumps(value))
        console.print(table)

    def _last_events(self, console: Console, menu: int) -> None:
        """Under a board just drawn on a cleared screen, the events since the person's last
        decision that fit above a menu of ``menu`` lines and its question (the last
        :data:`EVENT_LINES` at least, those seen before dimmed), oldest first."""
        if self._board is None:
            return
        room = max(EVENT_LINES, console.height - self._board - menu - 1)
        self._board = None
        new = self._told - self._seen
        shown: list[Text] = []
        for age, line in enumerate(reversed(self.log)):
            lines = self.wrapped(console, line)
            if len(shown) + len(lines) > (room if age < new else EVENT_LINES):
                break
            if age >= new:
                lines = [text.copy() for text in lines]
                for text in lines:
                    text.stylize("dim")
            shown[:0] = lines
        for text in shown:
            console.print(text)

    def note(self, console: Console, text: Text) -> None:
        """A line under the board about the question to come (a step of a menu so far), the
        events not shown yet then fitting under it."""
        console.print(text)
        if self._board is not None:
            self._board += len(text.wrap(console, console.width))

    def tell(self, console: Console, line: str) -> None:
        """Print a narrator's line (plain text), wrapped so that no name is split over two
        lines."""
        for text in self.wrapped(console, line):
            console.print(text)

    def wrapped(self, console: Console, line: str) -> list[Text]:
        """``line`` wrapped to the console's width, its names kept whole: rich wraps at any
        space, so a name's spaces are held by a placeholder while the line is wrapped."""
        text = Text(line)
        plain = text.plain
        for name in {n for n in self.names if " " in n}:
            plain = plain.replace(name, name.replace(" ", KEEP))
        held = Text(plain, spans=text.spans, style=text.style)
        return [
            Text(part.plain.replace(KEEP, " "), spans=part.spans, style=part.style)
            for part in held.wrap(console, console.width)
        ]

    # --- telling what happened -------------------------------------------------------------------
    def narrate(self, events: Sequence[Event], after: View) -> list[str]:
        """The game narrator's lines for one step (``Game.narrate``), told to the person at the
        terminal; ``after`` is the view the step left. The lines are kept to show the last of
        them under a redrawn board."""
        lines = self.game.narrate(self._before, events, after, self.me, self.names)
        self._before = after
        self.log.extend(lines)
        self._told += len(lines)
        return lines

    # --- asking ----------------------------------------------------------------------------------
    def label(self, view: View, action: str) -> str:
        """How an action is offered in the numbered menu (plain text: a hint shows it too):
        the game's label and what the action would do (``Game.action_label``)."""
        return action_words(self.game.action_label(view, action, self.names))

    def prompt(self, console: Console, view: View, legal: list[str]) -> str:
        """Offer the legal actions by number; a person may also type the action itself.

        The protocol sorts actions as strings ("play 58" before "play 8"); a person reads the
        numbers in them as numbers, so the menu does too.
        """
        legal = sorted(legal, key=reading_order)
        entries = [(action, self.label(view, action)) for action in legal]
        return self.menu(console, view, legal, entries, _("Your choice (number or action)"))

    def menu(
        self,
        console: Console,
        view: View,
        legal: list[str],
        entries: Sequence[Entry],
        question: str,
        *,
        typed: Callable[[str], str | None] | None = None,
        numbered: bool = True,
        wrong: str = "",
    ) -> str:
        """Offer ``entries`` and return the value of the one chosen: by its number (when
        ``numbered``), by its value typed, by what ``typed`` makes of the answer, or a legal
        action typed in full. ``wrong`` says what to type after an answer that is none of these.
        """
        lines = menu_lines(entries, min(console.width, WIDTH), numbered)
        self._last_events(console, len(lines))
        self._menu = (view, lines)
        for line in lines:
            console.print(line)
        values = [value for value, _ in entries]
        wrong = wrong or _("type 1 to {n}").format(n=len(entries))
        try:
            while True:
                answer = self.ask(console, view, legal, question)
                if numbered and answer.isdigit() and 1 <= int(answer) <= len(entries):
                    return values[int(answer) - 1]
                choice = typed(answer) if typed else None
                if choice is not None:
                    return choice
                # The board's numbers first: "discard 6 to 1" is RUNG 1 wherever it is typed.
                action = self.from_typed(answer)
                if action in values or action in legal:
                    return action
                if answer in values or answer in legal:
                    return answer
                said = _("{answer} is not one of the choices: {wrong}.")
                console.print(f"[red]{said.format(answer=escape(repr(answer)), wrong=wrong)}[/]")
        finally:
            self._menu = None

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
        self._last_events(console, 0)  # a question without a menu
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
            Command("help", _("what you can type here (also ?)"), self.show_help),
            Command("board", _("draw the table again"), lambda c, v, _legal: self.render(c, v)),
            *self.commands,
        ]

    def typed(self, action: str) -> str:
        """An action as a person types and reads it at this table (``from_typed`` reads it
        back): the protocol's own words, unless the board numbers its piles otherwise."""
        return action

    def from_typed(self, answer: str) -> str:
        """The action a person typed in the board's words (``typed``)."""
        return answer

    def show_help(self, console: Console, view: View, legal: list[str]) -> None:
        example = self.typed(sorted(legal, key=reading_order)[0]) if legal else ""
        if example:
            head = _('Type a choice\'s number or the choice itself (e.g. "{example}"), or:')
            console.print(head.format(example=escape(example)))
        else:
            console.print(_("Type a choice's number or the choice itself, or:"))
        # A command's help wraps beside its name, never under it.
        indent = " " * 9
        for command in self.all_commands():
            helps = Text(command.help).wrap(console, min(console.width, WIDTH) - len(indent))
            for i, line in enumerate(helps):
                line.rstrip()
                name = (f"  {command.name:<6}", "bold") if i == 0 else indent[1:]
                console.print(Text.assemble(name, " ", line))
        if self.legend:
            console.print(_(self.legend))  # a game may declare it as a constant (N_)


@dataclass(frozen=True)
class Command:
    """A word a person may type at any question of the table instead of an answer."""

    name: str
    help: str
    run: Callable[[Console, View, list[str]], None]


def offer_help(question: str) -> str:
    """The question saying that help is there: "Your choice (number or action, or help)"."""
    if question.endswith(")"):
        return _("{question}, or help)").format(question=question[:-1])
    return _("{question} (or help)").format(question=question)
