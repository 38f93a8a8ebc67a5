"""The Ladders table in the terminal: the ACCENT piles with the number each needs next, every
player's CLIMB top and size and RUNG piles, the hand, and the moves by number: one entry per move
that makes a difference (a card onto two empty ACCENT slots is one move), a discard as the card
first and the RUNG pile after."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pondside.engine import Game, View
from pondside.engine.options import players_words
from pondside.games.ladders import CARD, WILD, side_of
from pondside.games.ladders.narrate import rung_name
from pondside.i18n import N_, _, ngettext

from .base import Entry, TableUI, place_style, reading_order

LEGEND = N_(
    "CLIMB: your pile to empty, top card playable. ACCENT: the shared piles, built 1 to 12 "
    "(next: the number a pile needs). RUNG 1-4: your discard piles, top card playable. "
    "W: wild. A discard ends the turn."
)


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
    def __init__(self, game: Game[Any], names: list[str], me: int | None = None) -> None:
        super().__init__(game, names, me)
        # In the terminal's language, chosen before the table is drawn.
        self.legend = _(LEGEND)

    def draw(self, console: Console, view: View) -> None:
        opts = view["options"]
        n = view["hand_number"]
        if opts["rounds"]:
            title = [_("Ladders · round {n} of {rounds}").format(n=n, rounds=opts["rounds"])]
        else:
            title = [
                _("Ladders · round {n} · to {target} points").format(n=n, target=opts["target"])
            ]
        console.rule(" · ".join(title))
        if opts["teams"]:
            # The lobby's words for the option (gamefacts.py), seats counted from 1 as the
            # table shows them: a line of its own, too long for the rule's title.
            teams = next(o for o in self.game.info.options if o.name == "teams")
            words = _(players_words(teams.help))
            console.print(Text(words[:1].upper() + words[1:], style="bold"))
        console.print(self._accents(view))
        console.print(self._players(view))
        draw, discard = view["draw_size"], len(view["discard"])
        piles = [
            ngettext("DRAW {n} card", "DRAW {n} cards", draw).format(n=draw),
            ngettext("DISCARD {n} card", "DISCARD {n} cards", discard).format(n=discard),
        ]
        if view["idle_turns"]:
            piles.append(_("idle turns {n}").format(n=view["idle_turns"]))
        console.print(" · ".join(piles), style="dim")
        seat = view["seat"]
        if seat is not None:
            whose = self.speaker.says(seat, _("Your hand:"), _("{name}'s hand:"))
            hand = Text(whose + " ", style="bold").append(
                Text(" ").join(card_text(c) for c in view["hand"]) if view["hand"] else _("empty")
            )
            console.print(hand)

    def _accents(self, view: View) -> Text:
        out = Text(_("ACCENT") + " ")
        for i, pile in enumerate(view["accents"]):
            out.append(f" {i + 1}: ", style="bold")
            if pile:
                out.append_text(pile_text(pile, keep=3))
                out.append(" " + _("next {n}").format(n=view["accent_next"][i]) + " ", style="cyan")
            else:
                out.append(_("empty") + " ", style="dim")
        return out

    def _players(self, view: View) -> Table:
        totals = view["totals"]
        places = self.standings(totals)
        table = Table(box=None, padding=(0, 1), show_edge=False, header_style="dim")
        table.add_column(_("player"))
        table.add_column(_("CLIMB"))
        table.add_column(_("to go"), justify="right")
        for r in range(len(view["rungs"][0])):
            table.add_column(_("RUNG {n}").format(n=r + 1))
        table.add_column(_("hand"), justify="right")
        table.add_column(_("score"), justify="right")
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

    # --- the piles' numbers ---------------------------------------------------------------------
    # The protocol counts piles from 0 ("discard 6 to 0"); the board, the web table and the
    # narration from 1 (RUNG 1, ACCENT 1). What a person reads and types here is the board's:
    # the help's example, a hint, "discard 6 to 1" typed (issue 27, third trial).
    def typed(self, action: str) -> str:
        return " ".join(_shift(action.split(), 1))

    def from_typed(self, answer: str) -> str:
        return " ".join(_shift(answer.split(), -1))

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
                onto = ngettext("{what} → {n} pile", "{what} → {n} piles", len(moves))
                entries.append((" ".join(("from", *source)), onto.format(what=what, n=len(moves))))
        discards = sorted(
            {a.split()[1] for a in legal if a.startswith("discard ")}, key=reading_order
        )
        ending = _("discard {card}, ending the turn")
        entries += [(f"discard {c}", ending.format(card=c)) for c in discards]
        choice = self.menu(console, view, legal, entries, _("Your move (number or action)"))
        if choice in legal:
            return choice
        if console.is_terminal:
            self.render(console, view, asking=True)
        if choice.startswith("from "):
            moves = sources[tuple(choice.split()[1:])]
            what = self._what(view, moves[0].split())
            piles: list[Entry] = [(m, self._onto(view, m)) for m in moves]
            question = _("Play {what} onto (number or action)").format(what=what)
            return self.menu(console, view, legal, piles, question)
        card = choice.split()[1]
        rungs = self.rung_choices(view, card, legal)
        if len(rungs) == 1:
            return rungs[0][0]
        return self.menu(
            console,
            view,
            legal,
            rungs,
            _("Discard {card} onto which RUNG pile (number, or 'discard {card} to N')").format(
                card=card
            ),
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
                on = _("on {cards}").format(cards=" ".join(pile[-3:])) if pile else _("empty")
                seen.setdefault(tuple(pile), (action, f"{rung_name(r)} ({on})"))
        return list(seen.values())

    def _what(self, view: View, words: list[str]) -> str:
        """The card a play moves and where from: ``7 from hand``, ``W from Cid's CLIMB``."""
        return self.game.action_label(view, " ".join(words), self.names)["label"]

    def _onto(self, view: View, action: str) -> str:
        """The pile a play goes on, and what a W stands for there: ``ACCENT pile 2 as 5``."""
        return self.game.action_label(view, action, self.names)["effect"].removeprefix("→ ")


def _shift(words: list[str], by: int) -> list[str]:
    """The pile numbers of an action's words (after "to" and "rung") moved by ``by``."""
    return [
        str(int(w) + by) if i and words[i - 1] in ("to", "rung") and w.isdigit() else w
        for i, w in enumerate(words)
    ]
