"""The Lame Duck table in the terminal: the four columns (numbered from 1, as on every table)
with their ducks, the cards revealed last, everyone's ducks coloured by place, and the hand with
the game's preview of where each card would go; the hand is the menu (type a card to play it)."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pondside.engine import View
from pondside.games.lame_duck import COLUMN_LIMIT, COLUMNS, DUCKS, PLAY, TAKE, TURNS
from pondside.i18n import N_, _

from .base import WIDTH, TableUI, flow, menu_lines, place_style

DUCK_STYLE = {1: "white", 2: "cyan", 3: "yellow", 5: "dark_orange", 7: "bold red"}


def card_text(card: int) -> Text:
    """A card coloured by its ducks, its ducks after a dot when more than one: ``45·2``."""
    ducks = DUCKS[card]
    return Text(f"{card}" + ("" if ducks == 1 else f"·{ducks}"), style=DUCK_STYLE[ducks])


LEGEND = N_(
    "45·2 is the card 45 with 2 ducks (no dot: 1 duck). A card goes on the column whose last "
    "card is closest below it; a column's 6th card, or a card below every column, takes a "
    "column and its ducks. Fewest ducks wins."
)


class UI(TableUI):
    # Read when it is shown, so it speaks the terminal's language (pondside.i18n); the base's
    # plain attribute is a constant of its own, never set on a table.
    @property
    def legend(self) -> str:  # type: ignore[override]
        """The legend in the terminal's language."""
        return _(LEGEND)

    def draw(self, console: Console, view: View) -> None:
        console.rule(
            _("Lame Duck · round {round} · turn {turn} of {turns}").format(
                round=view["hand_number"], turn=view["turn_number"], turns=TURNS
            )
        )
        console.print(self._columns(view))
        width = min(console.width, WIDTH)
        if view["revealed"]:
            label = _("Revealed now:") if view["awaiting_take"] is not None else _("Last turn:")
            cards = [Text(f"{self.who(s)} ").append(card_text(c)) for s, c in view["revealed"]]
            for line in flow(label, cards, width):
                console.print(line)
        for line in flow(_("Ducks:"), self._ducks(view), width, " · "):
            console.print(line)
        seat = view["seat"]
        if seat is not None and view["awaiting_take"] == seat:
            console.print(
                _("Your card is too low: take a column (type 1 to {n}).").format(n=COLUMNS),
                style="bold yellow",
            )
            held = Text(" ").join(card_text(c) for c in view["hand"])
            console.print(Text(_("Your hand:")).append(" ").append_text(held), style="dim")
        elif seat is not None and view["hand"]:
            console.print(self._hand_title(view))
            for line in menu_lines(self._hand(view), width, False, True):
                console.print(line)

    def _columns(self, view: View) -> Table:
        table = Table(box=None, padding=(0, 1), show_edge=False)
        table.add_column(_("column"), justify="right")
        table.add_column(_("cards"), min_width=24)
        table.add_column(_("ducks"), justify="right")
        full = [len(col) == COLUMN_LIMIT for col in view["columns"]]
        if any(full):
            table.add_column("")
        for i, col in enumerate(view["columns"]):
            warning = Text(_("full: the next card here takes it"), style="red") if full[i] else ""
            table.add_row(
                str(i + 1),
                Text(" ").join(card_text(c) for c in col),
                str(view["column_ducks"][i]),
                *([warning] if any(full) else []),
            )
        return table

    def _ducks(self, view: View) -> list[Text]:
        totals = view["totals"]
        places = self.standings(totals)
        rounds = view["hand_number"] > 1
        parts = []
        for s in range(view["players"]):
            score = str(totals[s]) + (f" (+{view['round_ducks'][s]})" if rounds else "")
            style = place_style(places[s], view["players"])
            said = self.speaker.says(s, _("You {ducks}"), _("{name} {ducks}"), ducks=score)
            parts.append(Text(said, style=style))
        return parts

    def _hand_title(self, view: View) -> Text:
        seat = view["seat"]
        if self.asks(view, seat):
            return Text(_("Your hand: type a card to play it (→ where it would go now)"), "bold")
        return Text(self.speaker.says(seat, _("Your hand"), _("{name}'s hand")), style="bold")

    def _hand(self, view: View) -> list[tuple[str, Text]]:
        cells = []
        for card in view["hand"]:
            effect = self.game.action_label(view, PLAY[card], self.names)["effect"]
            if card == view.get("my_choice"):
                effect = _("{effect} (chosen)").format(effect=effect)
            cells.append((PLAY[card], card_text(card).append(f" {effect}")))
        return cells

    def prompt(self, console: Console, view: View, legal: list[str]) -> str:
        """The hand on the board is the menu: a card is played by typing it; a too-low card
        takes the column typed."""
        taking = legal[0].startswith("take")
        if taking:
            question = _("Column to take (1 to {n})").format(n=COLUMNS)
            wrong = _("type a column, 1 to {n}").format(n=COLUMNS)
        else:
            question, wrong = _("Card to play (type its number)"), _("type a card of your hand")

        def typed(answer: str) -> str | None:
            if not answer.isdigit():
                return None
            # A column is typed as the table numbers it, from 1; the action counts from 0.
            action = TAKE.get(int(answer) - 1) if taking else PLAY.get(int(answer))
            return action if action in legal else None

        return self.menu(console, view, legal, [], question, typed=typed, wrong=wrong)
