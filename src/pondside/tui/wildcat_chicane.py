"""The Wildcat Chicane table: rulers, readings and trumps, bids and tricks, the trick in play
with who is winning it, and the hand with each card's suit as this player reads it (WC-5)."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pondside.engine import Event, View
from pondside.games.decktet import BY_CODE, SUIT_NAMES
from pondside.games.wildcat_chicane import INDEX, READING_NAMES, read_suit, reading_of_ruler

from .base import TableUI, place_style
from .decktet import SUIT_STYLE

ONE = {"M": "Moon", "S": "Sun", "V": "Wave", "L": "Leaf", "Y": "Wyrm", "K": "Knot"}


def card_text(code: str, suit: str | None = None, trump: bool = False) -> Text:
    """A card code coloured by the suit it has for its player (or its first suit)."""
    card = BY_CODE[code]
    suit = suit or card.top
    text = Text(code, style=SUIT_STYLE[suit] + (" bold underline" if trump else ""))
    if len(card.suits) > 1:
        text.append(f"={suit}", style="dim")
    return text


def read(view: View, seat: int, code: str) -> tuple[str | None, bool]:
    """The suit ``seat`` gives ``code`` and whether it is that seat's trump (None if unknown)."""
    reading = view["readings"][seat]
    if reading is None:
        return None, False
    suit = read_suit(code, READING_NAMES.index(reading))
    return suit, suit == view["trumps"][seat]


class UI(TableUI):
    def render(self, console: Console, view: View) -> None:
        seat = view.get("seat")
        n = view["players"]
        title = (
            f"Wildcat Chicane ({view['options']['variant']}) — hand {view['hand_number']}, "
            f"target {view['options']['target']} — {self.name(seat)}"
        )
        table = Table(title=title)
        for col in ("seat", "ruler", "reads", "trump", "bid", "won", "score"):
            table.add_column(col)
        for s in range(n):
            name = self.name(s) + (" (dealer)" if s == view["dealer"] else "")
            if s in view["to_act"]:
                name = f"▶ {name}"
            ruler = view["rulers"][s]
            if ruler:
                ruler_text = card_text(ruler)
            else:
                ruler_text = Text("chosen" if view["chosen"][s] else "—", style="dim")
            trump = view["trumps"][s]
            bid = view["bids"][s]
            table.add_row(
                name,
                ruler_text,
                (view["readings"][s] or "?").upper(),
                Text(SUIT_NAMES[trump], style=SUIT_STYLE[trump]) if trump else Text("?"),
                "—" if bid is None else str(bid),
                str(view["won"][s]),
                str(view["totals"][s]),
            )
        console.print(table)
        if view["calls"]:
            console.print("Calls: " + ", ".join(view["calls"]))
        if view["tricks"]:
            last = view["tricks"][-1]
            line = Text(f"Last trick (won by {self.name(last['winner'])}): ")
            for s, code in last["cards"]:
                suit, trump = read(view, s, code)
                line.append_text(card_text(code, suit, trump)).append(" ")
            console.print(line)
        if view["trick"]:
            line = Text(f"Trick {len(view['tricks']) + 1}, led {SUIT_NAMES[view['led_suit']]}: ")
            for s, code in view["trick"]:
                suit, trump = read(view, s, code)
                line.append(f"{self.name(s)} ").append_text(card_text(code, suit, trump))
                line.append("  ")
            line.append(f"— {self.name(view['winning'])} is winning", style="bold")
            console.print(line)
        if seat is not None:
            line = Text("Your hand: ")
            for code in view["hand"]:
                suit, trump = read(view, seat, code)
                line.append_text(card_text(code, suit, trump)).append(" ")
            console.print(line)
            if view["my_choice"]:
                console.print(f"You chose {view['my_choice']} as your ruling card.")
        if view["over"]:
            self._final(console, view)

    def _final(self, console: Console, view: View) -> None:
        totals = view["totals"]
        places = self.standings(totals)
        for s, t in enumerate(totals):
            console.print(
                f"{self.name(s)}: {t}", style=place_style(places[s], view["players"]), end="  "
            )
        console.print()

    def describe(self, event: Event) -> str | None:
        kind = event["type"]
        if kind == "chose":
            return f"{self.name(event['seat'])} has chosen a ruling card."
        if kind == "reveal":
            parts = [
                f"{self.name(s)} {r} ({read_name}, trump {SUIT_NAMES[t]})"
                for s, (r, read_name, t) in enumerate(
                    zip(event["rulers"], event["readings"], event["trumps"], strict=True)
                )
            ]
            return "Ruling cards: " + "; ".join(parts)
        if kind == "call":
            return f"{self.name(event['seat'])} calls {event['call']}."
        if kind == "bid":
            return f"{self.name(event['seat'])} bids {event['bid']}."
        if kind == "play":
            trump = " [bold](trump)[/]" if event["trump"] else ""
            suit = SUIT_NAMES[event["suit"]]
            return f"{self.name(event['seat'])} plays {event['card']} as {suit}{trump}."
        if kind == "trick":
            return f"{self.name(event['winner'])} wins trick {event['number']}."
        if kind == "hand_end":
            rows = [
                f"{self.name(s)} bid {b}, won {w}: {sc} (total {t})"
                for s, (b, w, sc, t) in enumerate(
                    zip(event["bids"], event["won"], event["scores"], event["totals"], strict=True)
                )
            ]
            return f"Hand {event['hand']} over. " + "; ".join(rows)
        if kind == "deal":
            return f"Hand {event['hand']}: {self.name(event['dealer'])} deals."
        if kind == "match_end":
            first = [s for s, place in enumerate(event["places"]) if place == 1]
            score = event["scores"][first[0]]
            if len(first) == 1:
                return f"[bold]{self.name(first[0])} wins the match with {score}.[/]"
            # WC-16: after the 100th hand, tied totals share first place.
            names = ", ".join(self.name(s) for s in first[:-1]) + f" and {self.name(first[-1])}"
            return f"[bold]{names} share the win with {score} each (the 100th hand, WC-16).[/]"
        return super().describe(event)

    def label(self, view: View, action: str) -> str:
        verb, _, rest = action.partition(" ")
        seat = view.get("seat")
        if verb == "play" and seat is not None:
            suit, trump = read(view, seat, rest)
            name = BY_CODE[rest].name
            return f"play {rest} — {name}, a {ONE[suit or BY_CODE[rest].top]}" + (
                " (trump)" if trump else ""
            )
        if verb == "rule":
            card = BY_CODE[rest]
            reading = READING_NAMES[reading_of_ruler(INDEX[rest])].upper()
            return f"rule {rest} — {card.name}: play {reading}, trump {SUIT_NAMES[card.top]}"
        return action
