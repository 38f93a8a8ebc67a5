"""The King of the Quackers table: players with their card counts, who passed and who is out,
the current round (lead card, kind, size and what must be beaten) and the hand by rank. A person
chooses in steps that fit a terminal: the two cards to pass one at a time; a play by its kind
first (a single, a Set of 2, a Straight Flush of 3...), then the combination, or card by card when
there are many (Bombs); the cards of a play may also be typed in any order (``3LY 3SK``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pondside.engine import View
from pondside.engine.narrate import ordinal
from pondside.games.decktet import BY_CODE, rank_word
from pondside.games.king_of_the_quackers import (
    BOMB,
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
from pondside.games.king_of_the_quackers import narrate as words
from pondside.games.king_of_the_quackers.state import left_of, right_of

from .base import WIDTH, Entry, TableUI, menu_lines, place_style
from .decktet import SUIT_STYLE

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


def play_words(action: str, markup: bool = False) -> str:
    """A play as the game names it (``narrate.play_words``), its cards coloured (``markup``)."""
    if not markup:
        return words.play_words(action)

    def coloured(word: str) -> str:
        code, eq, number = word.partition("=")
        card = BY_CODE[code]
        style = SUIT_STYLE[card.suits[0]] if card.suits else "bold"
        return f"[{style}]{code}[/]{eq}{number}"

    return words.play_words(action, coloured)


KIND_ORDER = {SINGLE: 0, SET: 1, FLUSH: 2, BOMB: 3}
KIND_OF_ORDER = {order: kind for kind, order in KIND_ORDER.items()}
MENU_ROWS = 6
BACK: Entry = ("back", "back")
"""The entry of a menu's second step that goes back to the one before."""
"""A step of a menu is listed whole when it fits this many lines, else chosen card by card."""


def cards_of(action: str) -> frozenset[str]:
    """The card codes of a play, an Ace's ``=N`` left out: ``play 1V=9 7VY 8VL`` → 1V, 7VY, 8VL."""
    words = action.removesuffix(" promise").split()[1:]
    return frozenset(w.partition("=")[0] for w in words)


def group_word(kind: int, size: int) -> str:
    if kind == SINGLE:
        return "a single card"
    return {SET: "a Set", FLUSH: "a Straight Flush", BOMB: "a Bomb"}[kind] + f" of {size}"


def play_text(action: str) -> Text:
    """The cards of a play coloured, as the menu offers it: ``1V=9 7VY 8VL``."""
    words = action.removesuffix(" promise").split()[1:]
    out = Text()
    for i, word in enumerate(words):
        code, eq, number = word.partition("=")
        out.append(" " if i else "").append_text(card_text(code))
        if eq:
            out.append(f"={number}", style="bold")
    return out


class UI(TableUI):
    legend = (
        "Cards: rank then suits. Ranks 1 (Ace) to 9, P Pawn, T Court, N Crown, 0 the Excuse; "
        "suits M Moons, S Suns, V Waves, L Leaves, Y Wyrms, K Knots. * a personality (Bombs are "
        "made of them); 1V=9: the Ace of Waves played as a 9."
    )

    def draw(self, console: Console, view: View) -> None:
        seat = view.get("seat")
        opts = view["options"]
        extras = [opts["deck"] + " deck", f"to {opts['target']} points"]
        if opts["bidding"]:
            extras.append("bidding")
        console.rule(f"King of the Quackers · hand {view['hand_number']} · {', '.join(extras)}")
        console.print(self._players(view))
        if view["phase"] == "pass" and not view["over"]:
            console.print("[bold]The pass:[/] everyone gives one card to each neighbour.")
        else:
            console.print(self._round(view))
        if view["promise"]:
            pr = view["promise"]
            console.print(
                f"[bold magenta]{self.who(pr['seat'])} promised to go out first "
                f"(value {pr['value']}).[/]"
            )
        if seat is not None:
            if view.get("gave"):
                left, right = self._neighbours(view)
                got = view.get("received")
                gave = view["gave"]
                line = f"{self.who(seat)} gave {gave[0]} to {left} and {gave[1]} to {right}"
                if got:
                    line += f"; got {got[0]} and {got[1]}"
                console.print(line + ".", style="dim")
            console.print(self._hand(view))

    def _neighbours(self, view: View) -> tuple[str, str]:
        """The names of the players on ``view``'s seat's left and right (KQ-5)."""
        seat, n = view["seat"] or 0, view["players"]
        return self.name(left_of(seat, n)), self.name(right_of(seat, n))

    def _players(self, view: View) -> Table:
        n = view["players"]
        scores = view["totals"]
        places = self.standings(scores)
        rnd = view["round"] or {}
        table = Table(box=None, padding=(0, 1), show_edge=False, header_style="dim")
        for col in ("player", "cards", "score", "last hands", ""):
            table.add_column(col, justify="right" if col in ("cards", "score") else "left")
        for s in range(n):
            if s in view["out"]:
                status = f"out {ordinal(view['out'].index(s) + 1)}"
            elif s in view["to_act"]:
                status = "[bold]▶ to act[/]"
            elif view["phase"] == "pass":
                status = "gave" if view["chosen"][s] else ""
            elif s in rnd.get("passed", []):
                status = "passed"
            elif s == rnd.get("last_seat"):
                status = "played last"
            else:
                status = ""
            if s == view["dealer"]:
                status += (", " if status else "") + "dealer"
            history = " ".join(str(h[s]) for h in view["hand_scores"][-4:])
            style = place_style(places[s], n)
            table.add_row(
                Text(self.name(s), style=style),
                str(view["hand_sizes"][s]),
                Text(str(scores[s]), style=style),
                history,
                status,
            )
        return table

    def _round(self, view: View) -> Text:
        rnd = view["round"]
        if view["over"]:
            return Text("The match is over.", style="bold")
        if rnd is None:
            return Text(f"{self.does(view['to_act'][0], 'lead')} a new round: any combination.")
        out = Text("Round: ")
        kind = KIND_WORD[rnd["kind"]]
        out.append(f"{rnd['size']}-card {kind}" if rnd["size"] > 1 else "singles")
        lead = rnd["lead_card"]
        if lead:
            if lead == EXCUSE_CODE:
                out.append("; the Excuse was led: any single follows and sets the suits")
            else:
                out.append("; lead card ").append(card_text(lead))
                out.append(f" ({BY_CODE[lead].name}, {words.suits_words(lead)})")
        last = rnd["plays"][-1]
        out.append(f"\nLast play: {self.who(last[0])}: ")
        out.append_text(Text.from_markup(play_words(last[1], True)))
        out.append(f"\nTo beat it: {self._to_beat(rnd)}")
        return out

    @staticmethod
    def _to_beat(rnd: QuackersRound) -> str:
        rank = rank_word(rnd["last_rank"])
        size = rnd["size"]
        if size == 1:
            lead = rnd["lead_card"]
            suits = (
                "any suit" if lead in (None, EXCUSE_CODE) else f"a {words.suits_words(lead)} card"
            )
            return f"{suits} of rank {rank} or higher (or the Excuse as a Bomb)"
        kinds = {"set": ["Set"], "straight_flush": ["Straight Flush"]}.get(
            rnd["kind"], ["Set", "Straight Flush"]
        )
        if rnd["last_kind"] == "bomb":
            others = " or ".join(f"a {k} of rank {rank}+" for k in kinds)
            return f"a Bomb of {size} (any rank), or {others}"
        return f"a {kinds[0]} of {size} of rank {rank}+, or a Bomb of {size}"

    def _hand(self, view: View) -> Text:
        hand = sorted(view["hand"], key=lambda c: (BY_CODE[c].rank, INDEX[c]))
        out = Text(f"{self.whose(view['seat'])} hand ({len(hand)}): ", style="bold")
        return out.append_text(Text(" ").join(card_text(c) for c in hand))

    # --- the menus ---------------------------------------------------------------------------
    def prompt(self, console: Console, view: View, legal: list[str]) -> str:
        if legal[0].startswith("give "):
            return self._give(console, view, legal)
        return self._promise(console, view, legal, self._play(console, view, legal))

    def _give(self, console: Console, view: View, legal: list[str]) -> str:
        """KQ-5: the card for the left neighbour, then the one for the right (or back)."""
        left, right = self._neighbours(view)
        hand = sorted(view["hand"], key=lambda c: (BY_CODE[c].rank, INDEX[c]))
        while True:
            first = self._card(console, view, legal, hand, f"Card to give {left}, on your left")
            if first in legal:
                return first
            self._next_step(console, view)
            self.note(console, Text("Giving ").append_text(card_text(first)).append(f" to {left}."))
            rest = [c for c in hand if c != first]
            question = f"Card to give {right}, on your right"
            second = self._card(console, view, legal, rest, question, [BACK])
            if second in legal:
                return second
            if second != BACK[0]:
                return f"give {first} {second}"
            self._next_step(console, view)

    def _card(
        self,
        console: Console,
        view: View,
        legal: list[str],
        codes: Sequence[str],
        question: str,
        extra: Sequence[Entry] = (),
    ) -> str:
        """One card of ``codes``, by its number or its code typed (in any case); or one of the
        ``extra`` entries (pass, back), listed after the cards."""
        by_upper = {c.upper(): c for c in codes}
        entries = [(c, card_text(c)) for c in codes] + list(extra)
        return self.menu(
            console,
            view,
            legal,
            entries,
            question,
            typed=lambda answer: by_upper.get(answer.upper()),
            wrong=f"type 1 to {len(entries)} or a card's code",
        )

    def _play(self, console: Console, view: View, legal: list[str]) -> str:
        """The kind of play, then the play: listed when the list fits, else card by card; from
        the second step, ``back`` goes back to the kinds."""
        groups: dict[tuple[int, int], list[str]] = {}
        for action in legal:
            play = describe(action)
            if play is not None and not action.endswith(" promise"):
                groups.setdefault((KIND_ORDER[play.kind], len(play.cards)), []).append(action)
        for group in groups.values():
            group.sort(key=lambda a: sorted((BY_CODE[c].rank, INDEX[c]) for c in cards_of(a)))
        keys = sorted(groups)
        passing: list[Entry] = [("pass", "pass")] if "pass" in legal else []
        while True:
            back: list[Entry] = []
            if len(keys) > 1:
                entries = passing + [
                    (f"group {i}", f"{group_word(KIND_OF_ORDER[k[0]], k[1])} ({len(groups[k])})")
                    for i, k in enumerate(keys)
                ]
                choice = self._ask_play(console, view, legal, entries, "What to play")
                if choice in legal:
                    return choice
                self._next_step(console, view)
                group = groups[keys[int(choice.split()[1])]]
                if len(group) == 1:
                    return group[0]
                back = [BACK]
            else:
                group = groups[keys[0]] if keys else []
            entries = passing + [(action, play_text(action)) for action in group] + back
            if len(menu_lines(entries, min(console.width, WIDTH))) <= MENU_ROWS:
                choice = self._ask_play(console, view, legal, entries, "Your play")
            else:
                choice = self._card_by_card(console, view, legal, group, passing + back)
            if choice != BACK[0]:
                return choice
            self._next_step(console, view)

    def _ask_play(
        self, console: Console, view: View, legal: list[str], entries: list[Entry], question: str
    ) -> str:
        return self.menu(
            console,
            view,
            legal,
            entries,
            f"{question} (number, or type the cards)",
            typed=self._typed(legal),
            wrong=f"type 1 to {len(entries)}, or the cards of a play",
        )

    def _card_by_card(
        self,
        console: Console,
        view: View,
        legal: list[str],
        group: list[str],
        extra: Sequence[Entry] = (),
    ) -> str:
        """A play among many of one kind and size (Bombs: up to 126), one card at a time;
        ``back`` takes the last card back (before the first, it is the ``extra`` entry's)."""
        play = describe(group[0])
        assert play is not None
        word, size = group_word(play.kind, len(play.cards)), len(play.cards)
        chosen: list[str] = []
        first = True
        while True:
            fits = [a for a in group if set(chosen) <= cards_of(a)]
            if len(chosen) == size and len(fits) == 1:
                return fits[0]
            if not first:
                self._next_step(console, view)
            first = False
            if chosen:
                so_far = Text(f"{word.capitalize()} so far: ")
                self.note(console, so_far.append_text(Text(" ").join(card_text(c) for c in chosen)))
            if len(chosen) == size:
                entries: list[Entry] = [(a, play_text(a)) for a in fits] + [BACK]
                choice = self.menu(console, view, legal, entries, "Which of these")
            else:
                codes = sorted(
                    {c for a in fits for c in cards_of(a)} - set(chosen), key=lambda c: INDEX[c]
                )
                question = f"{word.capitalize()}: card {len(chosen) + 1} of {size}"
                choice = self._card(
                    console, view, legal, codes, question, [BACK] if chosen else extra
                )
            if choice == BACK[0] and chosen:
                chosen.pop()
            elif choice in legal or choice == BACK[0]:
                return choice
            else:
                chosen.append(choice)

    def _typed(self, legal: list[str]) -> Callable[[str], str | None]:
        """A play typed as its cards in any order and case (``3ly 3SK``), or ``pass``."""

        def typed(answer: str) -> str | None:
            words = answer.upper().removeprefix("PLAY ").split()
            if answer.lower() == "pass":
                return "pass" if "pass" in legal else None
            codes = frozenset(w.partition("=")[0] for w in words)
            aces = {w for w in words if "=" in w}
            found = [
                a
                for a in legal
                if a.startswith("play ")
                and not a.endswith(" promise")
                and cards_of(a) == codes
                and aces <= set(a.split())
            ]
            return found[0] if len(found) == 1 else None

        return typed

    def _promise(self, console: Console, view: View, legal: list[str], action: str) -> str:
        """KQ-29: a play that may come with a promise to go out first asks whether it does."""
        if f"{action} promise" not in legal:
            return action
        play = describe(action)
        assert play is not None
        value = len(view["hand"]) - len(play.cards)
        entries: list[Entry] = [("no", "no"), ("yes", f"yes, promise (value {value})")]
        answer = self.menu(
            console,
            view,
            legal,
            entries,
            "Promise to go out first? (1/2, or no/yes)",
            typed=lambda a: {"n": "no", "y": "yes"}.get(a.lower()[:1]),
        )
        return f"{action} promise" if answer == "yes" else action

    def _next_step(self, console: Console, view: View) -> None:
        """Before the next step of a menu, a terminal shows the board again (not the last step)."""
        if console.is_terminal:
            self.render(console, view, asking=True)
