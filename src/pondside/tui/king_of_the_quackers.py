"""The King of the Quackers table: players with their card counts, who passed and who is out,
the current round (lead card, kind, size and what must be beaten), and the hand laid out by rank
and suit with card names; the legal combinations are offered by number with their names."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pondside.engine import Event, View
from pondside.games.decktet import BY_CODE, SUIT_NAMES, SUITS
from pondside.games.king_of_the_quackers import (
    CODE,
    EXCUSE,
    FLUSH,
    INDEX,
    SET,
    SINGLE,
    QuackersRound,
    describe,
    is_personality,
)

from .base import TableUI, place_style
from .decktet import SUIT_STYLE, rank_word

EXCUSE_CODE = CODE[EXCUSE]
KIND_WORD = {
    "single": "single",
    "set": "Set",
    "straight_flush": "Straight Flush",
    "bomb": "Bomb",
    "open": "Set or Straight Flush",
}


def card_text(code: str) -> Text:
    """The code coloured by its first suit; personalities (Bomb material) starred."""
    card = BY_CODE[code]
    style = SUIT_STYLE[card.suits[0]] if card.suits else "bold"
    text = Text(code, style=style)
    if is_personality(INDEX[code]):
        text.append("*", style="bold cyan")
    return text


def suits_text(code: str) -> str:
    card = BY_CODE[code]
    return "/".join(SUIT_NAMES[s] for s in card.suits) or "no suit"


def play_words(action: str) -> str:
    """``play 1V=9 7VY 8VL`` → ``Straight Flush to 9: Ace of Waves as 9, the Cave, the Mill``."""
    play = describe(action.removesuffix(" promise"))
    if play is None:
        return action
    names = []
    for card in play.cards:
        code = CODE[card]
        name = BY_CODE[code].name
        if play.ace and BY_CODE[code].is_ace:
            name += f" as {play.ace}"
        names.append(name)
    n = len(play.cards)
    if play.kind == SINGLE:
        head = f"{rank_word(play.rank)} ({suits_text(CODE[play.cards[0]])})"
        return f"{names[0]} — {head}"
    if play.kind == SET:
        head = f"Set of {n} {rank_word(play.rank)}s"
    elif play.kind == FLUSH:
        head = f"Straight Flush of {n} to {play.rank}"
    else:
        head = f"Bomb of {n}, rank {rank_word(play.rank)}"
    return f"{head}: {', '.join(names)}"


class UI(TableUI):
    def render(self, console: Console, view: View) -> None:
        seat = view.get("seat")
        opts = view["options"]
        extras = [opts["deck"] + " deck", f"target {opts['target']}"]
        if opts["bidding"]:
            extras.append("bidding")
        console.rule(
            f"King of the Quackers — hand {view['hand_number']} ({', '.join(extras)})"
            f" — {self.name(seat)}"
        )
        console.print(self._players(view))
        if view["put_aside"]:
            console.print("[dim]One card is put aside face down this hand.[/]")
        if view["phase"] == "pass" and not view["over"]:
            console.print("[bold]The pass:[/] everyone gives one card to each neighbour.")
        else:
            console.print(self._round(view))
        if view["promise"]:
            pr = view["promise"]
            console.print(
                f"[bold magenta]{self.name(pr['seat'])} promised to go out first "
                f"(value {pr['value']}).[/]"
            )
        if seat is not None:
            if view.get("gave"):
                left, right = self.name((seat + 1) % view["players"]), self.name(seat - 1)
                got = view.get("received")
                line = f"You gave {view['gave'][0]} to {left} and {view['gave'][1]} to {right}"
                if got:
                    line += f"; you received {got[0]} from {left} and {got[1]} from {right}"
                console.print(line + ".")
            console.print(self._hand(view))

    def name(self, seat: int | None) -> str:
        if seat is None:
            return "spectator"
        return self.names[seat % len(self.names)]

    def _players(self, view: View) -> Table:
        n = view["players"]
        scores = view["totals"]
        places = self.standings(scores)
        rnd = view["round"] or {}
        table = Table(title="Players")
        for col in ("player", "cards", "status", "score", "hands"):
            table.add_column(col, justify="right" if col in ("cards", "score") else "left")
        for s in range(n):
            name = self.name(s) + (" (dealer)" if s == view["dealer"] else "")
            if s in view["out"]:
                status = f"out, {view['out'].index(s) + 1}."
            elif s in view["to_act"]:
                status = "[bold]to act[/]"
            elif view["phase"] == "pass":
                status = "gave" if view["chosen"][s] else ""
            elif s in rnd.get("passed", []):
                status = "passed"
            elif s == rnd.get("last_seat"):
                status = "played last"
            else:
                status = ""
            history = " ".join(str(h[s]) for h in view["hand_scores"][-6:])
            style = place_style(places[s], n)
            table.add_row(
                Text(name, style=style),
                str(view["hand_sizes"][s]),
                status,
                Text(str(scores[s]), style=style),
                history,
            )
        return table

    def _round(self, view: View) -> Text:
        rnd = view["round"]
        if view["over"]:
            return Text("The match is over.", style="bold")
        if rnd is None:
            leader = self.name(view["to_act"][0])
            return Text(f"{leader} leads a new round: any combination.")
        out = Text("Round: ")
        kind = KIND_WORD[rnd["kind"]]
        out.append(f"{rnd['size']}-card {kind}" if rnd["size"] > 1 else "singles")
        lead = rnd["lead_card"]
        if lead:
            if lead == EXCUSE_CODE:
                out.append("; the Excuse was led: any single follows and sets the suits")
            else:
                out.append("; lead card ").append(card_text(lead))
                out.append(f" ({BY_CODE[lead].name}, {suits_text(lead)})")
        last = rnd["plays"][-1]
        out.append(f"\nLast play: {self.name(last[0])}: {play_words(last[1])}")
        out.append(f"\nTo beat it: {self._to_beat(rnd)}")
        return out

    @staticmethod
    def _to_beat(rnd: QuackersRound) -> str:
        rank = rank_word(rnd["last_rank"])
        size = rnd["size"]
        if size == 1:
            lead = rnd["lead_card"]
            suits = "any suit" if lead in (None, EXCUSE_CODE) else f"a {suits_text(lead)} card"
            return f"{suits} of rank {rank} or higher (or the Excuse as a Bomb)"
        kinds = {"set": ["Set"], "straight_flush": ["Straight Flush"]}.get(
            rnd["kind"], ["Set", "Straight Flush"]
        )
        if rnd["last_kind"] == "bomb":
            others = " or ".join(f"a {k} of rank {rank}+" for k in kinds)
            return f"a Bomb of {size} (any rank), or {others}"
        return f"a {kinds[0]} of {size} of rank {rank}+, or a Bomb of {size}"

    def _hand(self, view: View) -> Table:
        hand = view["hand"]
        table = Table(title=f"Hand ({len(hand)} cards; * = personality, Bomb material)")
        table.add_column("rank", justify="right")
        for s in SUITS:
            table.add_column(SUIT_NAMES[s], style=SUIT_STYLE[s])
        table.add_column("names")
        by_rank: dict[int, list[str]] = {}
        for code in hand:
            by_rank.setdefault(BY_CODE[code].rank, []).append(code)
        for rank in sorted(by_rank, reverse=True):
            codes = by_rank[rank]
            cells = []
            for s in SUITS:
                here = [c for c in codes if s in BY_CODE[c].suits]
                cells.append(Text(" ").join(card_text(c) for c in here))
            names = ", ".join(BY_CODE[c].name.removeprefix("the ") for c in codes)
            table.add_row(rank_word(rank), *cells, names)
        return table

    def label(self, view: View, action: str) -> str:
        if action == "pass":
            return "pass"
        if action.startswith("give "):
            _, left, right = action.split()
            seat = view["seat"] or 0
            to_left, to_right = self.name((seat + 1) % view["players"]), self.name(seat - 1)
            return (
                f"give {BY_CODE[left].name} ({left}) to {to_left}, "
                f"{BY_CODE[right].name} ({right}) to {to_right}"
            )
        text = play_words(action)
        play = describe(action.removesuffix(" promise"))
        if action.endswith(" promise") and play is not None:
            value = len(view["hand"]) - len(play.cards)  # KQ-29: the cards left after the play
            text += f"  + PROMISE to go out first (value {value})"
        return text

    def describe(self, event: Event) -> str | None:
        kind = event["type"]
        who = self.name(event.get("seat"))
        if kind == "gave":
            return f"{who} has chosen two cards to pass."
        if kind == "exchange":
            return f"[bold]The cards change hands.[/] {self.name(event['leader'])} leads."
        if kind == "play":
            bomb = " [bold red]BOMB![/]" if event["kind"] == "bomb" else ""
            action = " ".join(event["action"].split()[: len(event["cards"]) + 1])
            return f"{who}: {play_words(action)}{bomb} ({event['left']} left)"
        if kind == "pass":
            return f"[dim]{who} passes.[/]"
        if kind == "promise":
            return f"[bold magenta]{who} promises to go out first, value {event['value']}.[/]"
        if kind == "promise_resolved":
            verdict = "kept" if event["kept"] else "broken"
            gains = ", ".join(f"{self.name(s)} +{p}" for s, p in enumerate(event["points"]) if p)
            return f"[magenta]{who}'s promise is {verdict}: {gains}.[/]"
        if kind == "out":
            return f"[bold green]{who} is out ({event['place']}.)![/]"
        if kind == "round_end":
            return f"All passed: the cards are gathered; {self.name(event['leader'])} leads."
        if kind == "hand_end":
            parts = ", ".join(
                f"{self.name(s)} {p:+d} → {t}"
                for s, (p, t) in enumerate(zip(event["points"], event["totals"], strict=True))
            )
            return f"[bold]Hand {event['hand']} over.[/] {parts}"
        if kind == "deal":
            return f"[bold]Hand {event['hand']}[/]: {self.name(event['dealer'])} deals."
        if kind == "match_end":
            winner = event["places"].index(1)
            return f"[bold]The match is over: {self.name(winner)} is King of the Quackers![/]"
        return None
