"""The Lame Duck table in the terminal: columns with their ducks, the hand with a card preview,
the revealed cards in placement order, and the running duck table coloured by place."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pondside.engine import Event, View
from pondside.games.lame_duck import COLUMN_LIMIT, DUCKS, TURNS, column_ducks, target_column

from .base import TableUI, place_style, plural

DUCK_STYLE = {1: "white", 2: "cyan", 3: "yellow", 5: "dark_orange", 7: "bold red"}


def card_text(card: int) -> Text:
    """A card coloured by its ducks, with the ducks as a superscript-like suffix."""
    ducks = DUCKS[card]
    return Text(f"{card}" + ("" if ducks == 1 else f"·{ducks}"), style=DUCK_STYLE[ducks])


def preview(columns: list[list[int]], card: int) -> str:
    """The rulebook's card preview: where the card would go if nobody else played lower."""
    col = target_column(tuple(tuple(c) for c in columns), card)
    if col < 0:
        return "too low: you take a column"
    if len(columns[col]) == COLUMN_LIMIT:
        return f"column {col}, sixth card: takes {column_ducks(tuple(columns[col]))} ducks"
    return f"column {col}"


class UI(TableUI):
    def render(self, console: Console, view: View) -> None:
        seat = view["seat"]
        console.rule(
            f"Lame Duck — round {view['hand_number']}, turn {view['turn_number']} of {TURNS}"
        )
        cols = Table(show_lines=False, expand=False)
        cols.add_column("col", justify="right")
        cols.add_column("cards")
        cols.add_column("n", justify="right")
        cols.add_column("ducks", justify="right")
        for i, col in enumerate(view["columns"]):
            cards = Text(" ").join(card_text(c) for c in col)
            full = "bold red" if len(col) == COLUMN_LIMIT else ""
            cols.add_row(
                str(i), cards, Text(str(len(col)), style=full), str(view["column_ducks"][i])
            )
        console.print(cols)
        if view["revealed"]:
            label = "Revealed now" if view["awaiting_take"] is not None else "Last turn"
            shown = Text(f"{label}: ").append(
                Text(", ").join(
                    Text(f"{self.names[s]} ").append(card_text(c)) for s, c in view["revealed"]
                )
            )
            console.print(shown)
        console.print(self._duck_table(view))
        if seat is not None and view["hand"]:
            owner = "Your" if self.names[seat] == "You" else f"{self.names[seat]}'s"
            hand = Table(title=f"{owner} hand", show_header=True)
            hand.add_column("card")
            hand.add_column("ducks", justify="right")
            hand.add_column("preview")
            for card in view["hand"]:
                mark = " (chosen)" if card == view.get("my_choice") else ""
                hand.add_row(
                    card_text(card), str(DUCKS[card]), preview(view["columns"], card) + mark
                )
            console.print(hand)

    def _duck_table(self, view: View) -> Table:
        totals = view["totals"]
        places = self.standings(totals)
        table = Table(title="Ducks")
        for col in ("player", "this round", "total", "place", "taken", "status"):
            table.add_column(
                col, justify="left" if col in ("player", "taken", "status") else "right"
            )
        for s, name in enumerate(self.names):
            style = place_style(places[s], view["players"])
            status = "chosen" if view["chosen"][s] else ("to act" if s in view["to_act"] else "")
            taken = " ".join(str(c) for c in view["taken"][s])
            table.add_row(
                Text(name, style=style),
                str(view["round_ducks"][s]),
                Text(str(totals[s]), style=style),
                str(places[s]),
                taken,
                status,
            )
        return table

    def label(self, view: View, action: str) -> str:
        kind, _, value = action.partition(" ")
        n = int(value)
        if kind == "take":
            col = view["columns"][n]
            ducks = plural(view["column_ducks"][n], "duck")
            return f"take column {n}: {col} — {ducks}, {plural(len(col), 'card')}"
        ducks = plural(DUCKS[n], "duck")
        return f"play {n:>3}  ({ducks}) → {preview(view['columns'], n)}"

    def describe(self, event: Event) -> str | None:
        kind = event["type"]
        if kind == "reveal":
            cards = ", ".join(f"{self.names[s]} {c}" for s, c in event["cards"])
            return f"[bold]Revealed[/] (placed in this order): {cards}"
        if kind == "too_low":
            who = self.names[event["seat"]]
            return f"[yellow]{who}'s {event['card']} is too low: they choose a column to take.[/]"
        if kind == "take":
            why = "sixth card" if event["reason"] == "sixth card" else "too low"
            return (
                f"[red]{self.names[event['seat']]} takes column {event['column']} {event['cards']}"
                f" — {plural(event['ducks'], 'duck')} ({why}, {event['card']} starts the column)[/]"
            )
        if kind == "round_end":
            parts = ", ".join(f"{self.names[s]} {d}" for s, d in enumerate(event["ducks"]))
            return f"[bold]Round {event['round']} over.[/] Ducks this round: {parts}"
        if kind == "deal":
            return f"[bold]Round {event['round']}[/]: new columns {event['columns']}"
        if kind == "match_end":
            return "[bold]The match is over.[/]"
        return None
