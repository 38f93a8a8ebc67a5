"""The Wildcat Chicane table: ruling cards, readings and trumps, bids and tricks, the trick in
play with who is winning it, and the hand with each card's suit as this player reads it (WC-5).
A bid is typed as its number; a card by its number in the menu or its code."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pondside.engine import View
from pondside.games.decktet import BY_CODE, name_of, suit_name
from pondside.games.wildcat_chicane import READING_NAMES, read_suit
from pondside.games.wildcat_chicane import narrate as words
from pondside.i18n import N_, _

from .base import WIDTH, Entry, TableUI, flow, place_style
from .decktet import SUIT_STYLE


def card_text(code: str, suit: str | None = None, trump: bool = False) -> Text:
    """A card code coloured by the suit it has for its player (or its first suit)."""
    card = BY_CODE[code]
    text = Text(code, style=SUIT_STYLE[suit or card.top] + (" bold underline" if trump else ""))
    if suit and len(card.suits) > 1:
        text.append(f"={suit}", style="dim")
    return text


def read(view: View, seat: int, code: str) -> tuple[str | None, bool]:
    """The suit ``seat`` gives ``code`` and whether it is that seat's trump (None if unknown)."""
    reading = view["readings"][seat]
    if reading is None:
        return None, False
    suit = read_suit(code, READING_NAMES.index(reading))
    return suit, suit == view["trumps"][seat]


COLUMNS = {
    "player": N_("player"),
    "ruler": N_("ruler"),
    "reads": N_("reads"),
    "trump": N_("trump"),
    "bid": N_("bid"),
    "won": N_("won"),
    "score": N_("score"),
}
"""The players' table's columns (marked: shown with ``_``)."""


class UI(TableUI):
    legend = N_(
        "Cards: rank (1 Ace to 9, N Crown), suits M Moons S Suns V Waves L Leaves Y Wyrms K Knots. "
        "ruler: a player's Ace or Crown: their trump, and which suit of two they read (reads), "
        "TOP or BOTTOM: 2SY=S is read as Suns. Underlined: a trump."
    )

    def draw(self, console: Console, view: View) -> None:
        seat = view.get("seat")
        opts = view["options"]
        head = (
            _("Wildcat Chicane (classic) · hand {hand} · {tricks} tricks · to {target} points")
            if opts["variant"] == "classic"
            else _("Wildcat Chicane · hand {hand} · {tricks} tricks · to {target} points")
        )
        console.rule(
            head.format(
                hand=view["hand_number"], tricks=view["tricks_in_hand"], target=opts["target"]
            )
        )
        console.print(self._players(view))
        if view["calls"]:
            calls = ", ".join(words.call_words(c) for c in view["calls"])
            console.print(_("Calls: {calls}").format(calls=calls))
        width = min(console.width, WIDTH)
        if view["tricks"]:
            last = view["tricks"][-1]
            head = self.speaker.says(
                last["winner"], _("Last trick, won by you:"), _("Last trick, won by {name}:")
            )
            for line in flow(head, self._cards(view, last["cards"]), width):
                console.print(line)
        if view["trick"]:
            head = _("Trick {n}, led {suit}:").format(
                n=len(view["tricks"]) + 1, suit=suit_name(view["led_suit"])
            )
            parts = self._cards(view, view["trick"])
            winning = self.speaker.says(
                view["winning"], _("— you are winning"), _("— {name} is winning")
            )
            parts[-1].append(f" {winning}", style="bold")
            for line in flow(head, parts, width):
                console.print(line)
        if seat is not None:
            mine = _("Your hand:") if self.is_me(seat) else _("{name}'s hand:")
            line = Text(mine.format(name=self.name(seat)) + " ", style="bold")
            for code in view["hand"]:
                suit, trump = read(view, seat, code)
                line.append_text(card_text(code, suit, trump)).append(" ")
            console.print(line)
            if view["my_choice"]:
                console.print(
                    _("You chose {card} as your ruling card.").format(card=view["my_choice"])
                )

    def _cards(self, view: View, played: list[tuple[int, str]]) -> list[Text]:
        """Who played which card (``heuristic 1 NL``), each as its player reads it."""
        parts = []
        for s, code in played:
            suit, trump = read(view, s, code)
            who = _("You") if self.is_me(s) else self.name(s)
            parts.append(Text(f"{who} ").append_text(card_text(code, suit, trump)))
        return parts

    def _players(self, view: View) -> Table:
        totals = view["totals"]
        places = self.standings(totals)
        # Classic Chicane has no ruling cards: the calls set everyone's reading and trump.
        classic = view["options"]["variant"] == "classic"
        table = Table(box=None, padding=(0, 1), show_edge=False, header_style="dim")
        for col in (*COLUMNS, ""):
            if col != "ruler" or not classic:
                right = col in ("bid", "won", "score")
                table.add_column(
                    _(COLUMNS[col]) if col else "", justify="right" if right else "left"
                )
        for s in range(view["players"]):
            ruler = view["rulers"][s]
            if ruler:
                ruler_text = card_text(ruler)
            else:
                ruler_text = Text(_("chosen") if view["chosen"][s] else "—", style="dim")
            trump = view["trumps"][s]
            bid = view["bids"][s]
            status = [_("▶ to act")] if s in view["to_act"] else []
            status += [_("dealer")] if s == view["dealer"] else []
            style = place_style(places[s], view["players"])
            table.add_row(
                Text(self.name(s), style=style),
                *([] if classic else [ruler_text]),
                words.reading_word(view["readings"][s]) if view["readings"][s] else "?",
                Text(suit_name(trump), style=SUIT_STYLE[trump]) if trump else Text("?"),
                "—" if bid is None else str(bid),
                str(view["won"][s]),
                Text(str(totals[s]), style=style),
                ", ".join(status),
            )
        return table

    def prompt(self, console: Console, view: View, legal: list[str]) -> str:
        """A bid is its number (0 bids 0); other choices by number or as written (a card's code
        alone plays it)."""
        if legal[0].startswith("bid "):
            top = max(int(a.split()[1]) for a in legal)

            def bid(answer: str) -> str | None:
                return f"bid {answer}" if f"bid {answer}" in legal else None

            question = _("Your bid: tricks you will win (0 to {top})").format(top=top)
            wrong = _("type a number of tricks, 0 to {top}").format(top=top)
            return self.menu(console, view, legal, [], question, typed=bid, wrong=wrong)
        entries: list[Entry] = [(a, self.entry(view, a)) for a in legal]
        verb = legal[0].split()[0]
        by_code = {a.split()[-1].upper(): a for a in legal}

        def code(answer: str) -> str | None:
            return by_code.get(answer.upper()) if verb in ("play", "rule") else None

        question = {
            "play": _("Card to play (number or card)"),
            "rule": _("Your ruling card (number or card)"),
        }.get(verb, _("Your call (number)"))
        return self.menu(console, view, legal, entries, question, typed=code)

    def label(self, view: View, action: str) -> str:
        return self.entry(view, action).plain

    def entry(self, view: View, action: str) -> Text:
        """An action as the menu offers it: a card coloured by its suit as this seat reads it."""
        verb, _space, rest = action.partition(" ")
        seat = view.get("seat")
        if verb == "play" and seat is not None:
            suit, trump = read(view, seat, rest)
            name = _("{card} (trump)") if trump else "{card}"
            return card_text(rest, suit, trump).append(" " + name.format(card=name_of(rest)))
        if verb == "rule":
            return card_text(rest).append(f" — {words.ruler_words(rest)}")
        if verb == "call":
            return Text(_("call {call}").format(call=words.call_words(rest)))
        if verb == "bid":
            return Text(_("bid {n}").format(n=rest))
        return Text(action)
