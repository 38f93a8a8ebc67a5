"""The Ladders table in the terminal: the ACCENT piles with the number each needs next, every
player's CLIMB top and size and RUNG piles, the hand, and the plays available by number."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pondside.engine import Event, View
from pondside.games.ladders import CARD, RUNGS, TOP, WILD, partner, side_of

from .base import TableUI, place_style

SOURCE = {
    "hand": "hand",
    "climb": "CLIMB",
    "rung": "RUNG",
    "partner climb": "partner's CLIMB",
    "partner rung": "partner's RUNG",
}


def card_text(card: str | None) -> Text:
    if card is None:
        return Text("–", style="dim")
    return Text(card, style="bold magenta" if card == CARD[WILD] else "bold")


def pile_text(cards: list[str], keep: int = 6) -> Text:
    """A pile bottom to top, the top card highlighted; long piles show their last cards."""
    if not cards:
        return Text("empty", style="dim")
    shown = cards[-keep:]
    out = Text("… " if len(cards) > keep else "", style="dim")
    out.append(" ".join(shown[:-1]) + (" " if len(shown) > 1 else ""), style="dim")
    return out.append_text(card_text(shown[-1]))


class UI(TableUI):
    def render(self, console: Console, view: View) -> None:
        seat = view["seat"]
        teams = view["options"]["teams"]
        to_play = "".join(f", {self.names[s]} to play" for s in view["to_act"])
        title = f"Ladders — round {view['hand_number']}{to_play}"
        console.rule(title + (" (partnerships 0+2 v 1+3)" if teams else ""))
        console.print(self._accents(view))
        console.print(self._players(view))
        console.print(
            f"DRAW {view['draw_size']} cards · DISCARD {len(view['discard'])} cards"
            + (f" · idle turns {view['idle_turns']}" if view["idle_turns"] else "")
        )
        if seat is not None:
            owner = "Your" if self.names[seat] == "You" else f"{self.names[seat]}'s"
            hand = Text(f"{owner} hand: ").append(
                Text(" ").join(card_text(c) for c in view["hand"]) if view["hand"] else "empty"
            )
            console.print(hand)

    def _accents(self, view: View) -> Table:
        table = Table(title="ACCENT piles")
        table.add_column("slot", justify="right")
        table.add_column("pile (bottom → top)")
        table.add_column("needs", justify="right")
        for i, pile in enumerate(view["accents"]):
            need = view["accent_next"][i]
            need_text = Text(f"{need} or {CARD[WILD]}", style="cyan")
            table.add_row(str(i), pile_text(pile, keep=TOP), need_text)
        return table

    def _players(self, view: View) -> Table:
        totals = view["totals"]
        places = self.standings(totals)
        table = Table(title="Players")
        for col in ("player", "CLIMB top", "left", *(f"RUNG {r}" for r in range(RUNGS))):
            table.add_column(col, justify="right" if col == "left" else "left")
        table.add_column("hand", justify="right")
        table.add_column("score", justify="right")
        for s, name in enumerate(self.names):
            style = place_style(places[s], view["players"])
            mark = "▶ " if s in view["to_act"] else ""
            if view["options"]["teams"]:
                name += f" ({'AB'[side_of(s, True)]})"
            table.add_row(
                Text(mark + name, style=style),
                card_text(view["climb_tops"][s]),
                str(view["climb_sizes"][s]),
                *(pile_text(r) for r in view["rungs"][s]),
                str(view["hand_sizes"][s]),
                Text(str(totals[s]), style=style),
            )
        return table

    def label(self, view: View, action: str) -> str:
        words = action.split()
        if words[0] == "discard":
            rung = view["rungs"][view["seat"]][int(words[3])]
            on = f"on {rung[-1]}" if rung else "empty"
            return f"discard {words[1]} to RUNG {words[3]} ({on}) — ends the turn"
        slot = int(words[-1])
        pile = view["accents"][slot]
        onto = f"ACCENT {slot} (needs {len(pile) + 1})" if pile else f"new ACCENT pile {slot}"
        seat = view["seat"]
        if words[1] == "hand":
            what = f"{words[2]} from hand"
        elif words[1] == "climb":
            what = f"{view['climb_tops'][seat]} from your CLIMB"
        elif words[1] == "rung":
            what = f"{view['rungs'][seat][int(words[2])][-1]} from RUNG {words[2]}"
        else:
            mate = partner(seat)
            if words[2] == "climb":
                what = f"{view['climb_tops'][mate]} from partner's CLIMB"
            else:
                what = f"{view['rungs'][mate][int(words[3])][-1]} from partner's RUNG {words[3]}"
        return f"play {what} → {onto}"

    def describe(self, event: Event) -> str | None:
        kind = event["type"]
        who = self.names[event["seat"]] if "seat" in event else ""
        if kind == "play":
            where = SOURCE[event["from"]]
            if event.get("rung") is not None:
                where += f" {event['rung']}"
            return (
                f"{who} plays {event['card']} from {where} onto ACCENT {event['to']}"
                f" (as {event['as']})"
            )
        if kind == "turn_up":
            return f"{who}'s next CLIMB card is [bold]{event['card']}[/]"
        if kind == "complete":
            return f"[green]ACCENT {event['slot']} reaches {TOP} and goes to DISCARD[/]"
        if kind == "discard":
            return f"{who} discards {event['card']} to RUNG {event['rung']}"
        if kind == "draw":
            return f"{who} draws {event['cards']}"
        if kind == "reshuffle":
            return f"[yellow]DISCARD ({event['cards']} cards) is shuffled into a new DRAW[/]"
        if kind == "pass":
            return f"{who} has no card and no play: the turn ends"
        if kind == "turn":
            return f"[bold]{who}'s turn[/]"
        if kind == "deal":
            tops = ", ".join(f"{self.names[s]} {t}" for s, t in enumerate(event["climb_tops"]))
            dealer = self.names[event["dealer"]]
            return f"[bold]Round {event['round']}[/], dealt by {dealer}: CLIMB tops {tops}"
        if kind == "round_end":
            winners = " and ".join(self.names[s] for s in event["winners"]) or "nobody"
            how = "empties the CLIMB" if event["reason"] == "climb" else "wins the stalled round"
            points = max(event["points"])
            return f"[bold]Round {event['round']} over:[/] {winners} {how} (+{points})"
        if kind == "match_end":
            return "[bold]The match is over.[/]"
        return None
