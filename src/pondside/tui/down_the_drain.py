"""The Down the Drain table in the terminal: each player's card in front with its group's value,
hand sizes, the stack and the discard pile, and the hand with a preview of what each card would
do; the hand is the menu (type a card to play it)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pondside.engine import Game, View
from pondside.games.down_the_drain import game_places
from pondside.i18n import N_, _, ngettext

from .base import TableUI, menu_lines, place_style

LEGEND = N_(
    "in front: a player's card; cards of one number join (7×2 = 14) and beat every group "
    "worth less. held: cards in hand and in front. A card still in front on your next turn "
    "is pushed through."
)
COLUMNS = {
    "player": N_("player"),
    "in front": N_("in front"),
    "group": N_("group"),
    "hand": N_("hand"),
    "held": N_("held"),
    "games won": N_("games won"),
    "cards total": N_("cards total"),
    "": "",
}
"""The players' table's columns, each with its heading."""


def card_style(card: int) -> str:
    if card >= 16:
        return "bold magenta"
    if card >= 12:
        return "bold yellow"
    if card >= 8:
        return "cyan"
    return "white"


def card_text(card: int) -> Text:
    return Text(str(card), style=card_style(card))


class UI(TableUI):
    def __init__(self, game: Game[Any], names: list[str], me: int | None = None) -> None:
        super().__init__(game, names, me)
        self.legend = _(LEGEND)  # in the language of the terminal, set before the table

    def draw(self, console: Console, view: View) -> None:
        seat = view["seat"]
        n = view["players"]
        games = view["options"]["games"]
        title = _(self.game.info.name)
        cycle = view["plays"] // n + 1
        if games > 1:
            said = _("{title} · game {game} of {games} · cycle {cycle}")
            console.rule(
                said.format(title=title, game=view["hand_number"], games=games, cycle=cycle)
            )
        else:
            console.rule(_("{title} · cycle {cycle}").format(title=title, cycle=cycle))
        console.print(self._players(view))
        pile: Counter[int] = Counter(view["discard"])
        shown = " ".join(f"{c}×{k}" if k > 1 else str(c) for c, k in sorted(pile.items()))
        stack = view["stack_size"]
        said = ngettext(
            "Stack: {n} card · discard pile ({discarded}): {shown}",
            "Stack: {n} cards · discard pile ({discarded}): {shown}",
            stack,
        )
        discarded = len(view["discard"])
        console.print(
            said.format(n=stack, discarded=discarded, shown=shown or _("empty")), style="dim"
        )
        if seat is not None and view["hand"] and not view["over"]:
            if self.asks(view, seat):
                console.print(
                    _("Your hand: type a card to play it (→ what it would do)"), style="bold"
                )
            else:
                hand = self.speaker.says(seat, _("Your hand"), _("{name}'s hand"))
                console.print(hand, style="bold")
            for line in menu_lines(self._hand(view), min(console.width, 80), False, True):
                console.print(line)

    def _hand(self, view: View) -> list[tuple[str, Text]]:
        cells = []
        for card in sorted(set(view["hand"])):
            count = view["hand"].count(card)
            label = card_text(card).append(f" ×{count}" if count > 1 else "")
            effect = self.game.action_label(view, f"play {card}", self.names)["effect"]
            cells.append((f"play {card}", label.append(f" {effect}")))
        return cells

    def _players(self, view: View) -> Table:
        games = view["options"]["games"]
        table = Table(box=None, padding=(0, 1), show_edge=False, header_style="dim")
        cols = ["player", "in front", "group", "hand", "held"]
        cols += ["games won", "cards total"] if games > 1 else []
        cols.append("")
        for col in cols:
            heading = _(COLUMNS[col]) if col else ""
            table.add_column(heading, justify="left" if col in ("player", "") else "right")
        front = view["front"]
        held = view["held"]
        places = game_places((), held)  # nobody has won yet: fewer cards held first (DD-9)
        for s, name in enumerate(self.names):
            f = front[s]
            group = ""
            if f:
                size = front.count(f)
                group = f"{f}×{size} = {f * size}" if size > 1 else str(f)
            status = []
            if s in view["to_act"]:
                status.append(_("▶ to play"))
            if s == view["start"]:
                status.append(_("started"))
            row: list[Text | str] = [
                Text(name, style=place_style(places[s], view["players"])),
                card_text(f) if f else Text("—", style="dim"),
                group,
                str(view["hand_sizes"][s]),
                str(held[s]),
            ]
            if games > 1:
                row += [str(view["wins"][s]), str(view["totals"][s])]
            row.append(", ".join(status))
            table.add_row(*row)
        return table

    def prompt(self, console: Console, view: View, legal: list[str]) -> str:
        """The hand on the board is the menu: a card is played by typing it."""

        def typed(answer: str) -> str | None:
            return f"play {answer}" if f"play {answer}" in legal else None

        wrong = _("type a card of your hand")
        question = _("Card to play (type its number)")
        return self.menu(console, view, legal, [], question, typed=typed, wrong=wrong)
