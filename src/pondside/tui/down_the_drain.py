"""The Down the Drain table in the terminal: each player's card in front with its group's value,
hand sizes, the stack and the discard pile, and a preview of what each card in hand would do."""

from __future__ import annotations

from collections import Counter

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pondside.engine import Event, View
from pondside.games.down_the_drain import OTHERS, beaten_by, game_places, group_value

from .base import TableUI, place_style, plural


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


def preview(view: View, seat: int, card: int, names: list[str]) -> str:
    """What playing ``card`` does now: the group it joins, its value, the groups it beats."""
    front = [f or 0 for f in view["front"]]
    front[seat] = card
    value = group_value(tuple(front), card)
    joined = [names[t] for t in OTHERS[view["players"]][seat] if front[t] == card]
    beaten = [names[t] for t in beaten_by(tuple(front), seat)]
    text = f"joins {', '.join(joined)}: worth {value}" if joined else f"worth {value}"
    if beaten:
        text += f"; beats {', '.join(beaten)}"
    return text


class UI(TableUI):
    def poss(self, seat: int) -> str:
        name = self.names[seat]
        return "your" if name == "You" else f"{name}'s"

    def does(self, seat: int, verb: str) -> str:
        """``Ann plays`` but ``You play``."""
        name = self.names[seat]
        return f"You {verb}" if name == "You" else f"{name} {verb}s"

    def render(self, console: Console, view: View) -> None:
        seat = view["seat"]
        n = view["players"]
        games = view["options"]["games"]
        series = f"game {view['hand_number']} of {games}, " if games > 1 else ""
        console.rule(f"Down the Drain — {series}cycle {view['plays'] // n + 1}")
        console.print(self._players(view))
        if view["groups"]:
            groups = Text("Groups: ").append(
                Text("  ").join(
                    Text(
                        f"{g['number']}×{len(g['seats'])} = {g['value']}",
                        style=card_style(g["number"]),
                    )
                    for g in view["groups"]
                )
            )
            console.print(groups)
        pile: Counter[int] = Counter(view["discard"])
        shown = " ".join(f"{c}×{k}" if k > 1 else str(c) for c, k in sorted(pile.items()))
        console.print(
            f"Stack: {plural(view['stack_size'], 'card')}   "
            f"Discard pile ({len(view['discard'])}): {shown or 'empty'}"
        )
        if seat is not None and view["hand"] and not view["over"]:
            owner = "Your" if self.names[seat] == "You" else f"{self.names[seat]}'s"
            hand = Table(title=f"{owner} hand")
            hand.add_column("card", justify="right")
            hand.add_column("if played now")
            for card in sorted(set(view["hand"])):
                count = view["hand"].count(card)
                label = card_text(card).append(f" ×{count}" if count > 1 else "")
                hand.add_row(label, preview(view, seat, card, self.names))
            console.print(hand)

    def _players(self, view: View) -> Table:
        games = view["options"]["games"]
        table = Table(title="Players (clockwise)")
        cols = ["player", "in front", "group", "hand", "held"]
        cols += ["games won", "cards total"] if games > 1 else []
        cols.append("status")
        for col in cols:
            table.add_column(col, justify="left" if col in ("player", "status") else "right")
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
                status.append("to play")
            if s == view["start"]:
                status.append("started")
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

    def label(self, view: View, action: str) -> str:
        card = int(action.split()[1])
        seat = view["seat"]
        return f"play {card:>2}  → {preview(view, seat, card, self.names)}"

    def describe(self, event: Event) -> str | None:
        kind = event["type"]
        names = self.names
        if kind == "play":
            joined = f", joining a group worth {event['value']}" if event["group"] > 1 else ""
            return f"{self.does(event['seat'], 'play')} [bold]{event['card']}[/]{joined}"
        if kind == "beaten":
            lost = ", ".join(
                f"{self.poss(s)} {c}" for s, c in zip(event["seats"], event["cards"], strict=True)
            )
            return f"[red]Beaten, down the drain: {lost}[/]"
        if kind == "draw":
            return f"  {self.does(event['seat'], 'draw')} a card"
        if kind == "reshuffle":
            return (
                f"[yellow]The stack is empty: the discard pile ({event['cards']} cards) "
                "is shuffled into a new stack.[/]"
            )
        if kind == "push":
            who = " and ".join(names[s] for s in event["seats"])
            one = len(event["seats"]) == 1 and names[event["seats"][0]] != "You"
            return f"[green]{who} push{'es' if one else ''} the {event['card']} through.[/]"
        if kind == "guard":
            return f"[yellow]{event['cycles']} full cycles played: the game ends with no winner.[/]"
        if kind == "game_end":
            won = event["winners"]
            head = "No winner"
            if won:
                one = len(won) == 1 and names[won[0]] != "You"
                head = (
                    f"[bold green]{' and '.join(names[s] for s in won)} win{'s' if one else ''}[/]"
                )
            held = ", ".join(f"{names[s]} {h}" for s, h in enumerate(event["held"]))
            return f"{head} game {event['game']}. Cards held: {held}"
        if kind == "match_end":
            ranking = ", ".join(f"{names[s]} {p}" for s, p in enumerate(event["places"]))
            return f"[bold]Match over.[/] Places: {ranking}"
        if kind == "deal":
            return f"Game {event['game']} is dealt; {names[event['start']]} starts."
        return None
