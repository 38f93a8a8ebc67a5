"""The Ladders table in the terminal: the ACCENT piles with the number each needs next, every
player's CLIMB top and size and RUNG piles, the hand, and the moves by number: one entry per move
that makes a difference (a card onto two empty ACCENT slots is one move), a discard as the card
first and the RUNG pile after."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pondside.engine import View
from pondside.games.ladders import CARD, WILD, side_of
from pondside.games.ladders.narrate import rung_name

from .base import Entry, TableUI, place_style, plural, reading_order

SOURCE = {"hand": "hand", "climb": "CLIMB", "rung": "RUNG"}


def card_text(card: str | None) -> Text:
    if card is None:
        return Text("–", style="dim")
    return Text(card, style="bold magenta" if card == CARD[WILD] else "bold")


def pile_text(cards: list[str], keep: int = 2) -> Text:
    """A pile's last cards, bottom to top, the top one bold; ``…`` when there are more."""
    if not cards:
        return Text("–", style="dim")
    shown = cards[-keep:]
    out = Text("…" if len(cards) > keep else "", style="dim")
    for card in shown[:-1]:
        out.append(card, style="dim").append(" ")
    return out.append_text(card_text(shown[-1]))


class UI(TableUI):
    legend = (
        "CLIMB: your pile to empty, top card playable. ACCENT: the shared piles, built 1 to 12 "
        "(next: the number a pile needs). RUNG 1-4: your discard piles, top card playable. "
        "W: wild. A discard ends the turn."
    )

    def draw(self, console: Console, view: View) -> None:
        teams = " · partnerships 0+2 v 1+3" if view["options"]["teams"] else ""
        opts = view["options"]
        length = f"of {opts['rounds']}" if opts["rounds"] else f"· to {opts['target']} points"
        console.rule(f"Ladders · round {view['hand_number']} {length}{teams}")
        console.print(self._accents(view))
        console.print(self._players(view))
        console.print(
            f"DRAW {plural(view['draw_size'], 'card')} · DISCARD "
            f"{plural(len(view['discard']), 'card')}"
            + (f" · idle turns {view['idle_turns']}" if view["idle_turns"] else ""),
            style="dim",
        )
        seat = view["seat"]
        if seat is not None:
            hand = Text(f"{self.whose(seat)} hand: ", style="bold").append(
                Text(" ").join(card_text(c) for c in view["hand"]) if view["hand"] else "empty"
            )
            console.print(hand)

    def _accents(self, view: View) -> Text:
        out = Text("ACCENT ")
        for i, pile in enumerate(view["accents"]):
            out.append(f" {i + 1}: ", style="bold")
            if pile:
                out.append_text(pile_text(pile, keep=3))
                out.append(f" next {view['accent_next'][i]} ", style="cyan")
            else:
                out.append("empty ", style="dim")
        return out

    def _players(self, view: View) -> Table:
        totals = view["totals"]
        places = self.standings(totals)
        table = Table(box=None, padding=(0, 1), show_edge=False, header_style="dim")
        table.add_column("player")
        table.add_column("CLIMB")
        table.add_column("left", justify="right")
        for r in range(len(view["rungs"][0])):
            table.add_column(f"RUNG {r + 1}")
        table.add_column("hand", justify="right")
        table.add_column("score", justify="right")
        table.add_column("")
        for s, name in enumerate(self.names):
            style = place_style(places[s], view["players"])
            if view["options"]["teams"]:
                name += f" ({'AB'[side_of(s, True)]})"
            table.add_row(
                Text(name, style=style),
                card_text(view["climb_tops"][s]),
                str(view["climb_sizes"][s]),
                *(pile_text(r) for r in view["rungs"][s]),
                str(view["hand_sizes"][s]),
                Text(str(totals[s]), style=style),
                "▶" if s in view["to_act"] else "",
            )
        return table

    # --- the menu ----------------------------------------------------------------------------
    def prompt(self, console: Console, view: View, legal: list[str]) -> str:
        """Each move that makes a difference once: a card that may go on several ACCENT piles
        (a W) is chosen first, then its pile; a discard's card, then its RUNG pile."""
        sources: dict[tuple[str, ...], list[str]] = {}
        for move in self.moves(view, legal):
            sources.setdefault(tuple(move.split()[1:-2]), []).append(move)
        entries: list[Entry] = []
        for source, moves in sources.items():
            if len(moves) == 1:
                entries.append((moves[0], self.label(view, moves[0])))
            else:
                what = self._what(view, moves[0].split())
                entries.append((" ".join(("from", *source)), f"{what} → {len(moves)} piles"))
        discards = sorted(
            {a.split()[1] for a in legal if a.startswith("discard ")}, key=reading_order
        )
        entries += [(f"discard {c}", f"discard {c}, ending the turn") for c in discards]
        choice = self.menu(console, view, legal, entries, "Your move (number or action)")
        if choice in legal:
            return choice
        if console.is_terminal:
            self.render(console, view, asking=True)
        if choice.startswith("from "):
            moves = sources[tuple(choice.split()[1:])]
            what = self._what(view, moves[0].split())
            piles: list[Entry] = [(m, self._onto(view, m)) for m in moves]
            return self.menu(console, view, legal, piles, f"Play {what} onto (number or action)")
        card = choice.split()[1]
        rungs = self.rung_choices(view, card, legal)
        if len(rungs) == 1:
            return rungs[0][0]
        return self.menu(
            console,
            view,
            legal,
            rungs,
            f"Discard {card} onto which RUNG pile (number, or 'discard {card} to N')",
        )

    def moves(self, view: View, legal: list[str]) -> list[str]:
        """The plays, one per move that makes a difference: the same card from the same place
        onto ACCENT piles that need the same number (two empty slots, say) is one move."""
        seen: dict[tuple[str, ...], str] = {}
        for action in sorted(legal, key=reading_order):
            words = action.split()
            if words[0] != "play":
                continue
            slot = int(words[-1])
            seen.setdefault((*words[1:-2], str(view["accent_next"][slot])), action)
        return list(seen.values())

    def rung_choices(self, view: View, card: str, legal: list[str]) -> list[Entry]:
        """The RUNG piles ``card`` may go on, one per different pile (empty piles are alike)."""
        rungs = view["rungs"][view["seat"]]
        seen: dict[tuple[str, ...], Entry] = {}
        for r, pile in enumerate(rungs):
            action = f"discard {card} to {r}"
            if action in legal:
                on = f"on {' '.join(pile[-3:])}" if pile else "empty"
                seen.setdefault(tuple(pile), (action, f"{rung_name(r)} ({on})"))
        return list(seen.values())

    def _what(self, view: View, words: list[str]) -> str:
        """The card a play moves and where from: ``7 from hand``, ``W from Cid's CLIMB``."""
        return self.game.action_label(view, " ".join(words), self.names)["label"]

    def _onto(self, view: View, action: str) -> str:
        """The pile a play goes on, and what a W stands for there: ``ACCENT pile 2 as 5``."""
        return self.game.action_label(view, action, self.names)["effect"].removeprefix("→ ")
