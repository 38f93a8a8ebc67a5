"""The King of the Quackers table: players with their card counts, who passed and who is out,
the current round (lead card, kind, size and what must be beaten) and the hand by rank. A person
chooses in steps that fit a terminal: the two cards to pass one at a time; a play by its kind
first (a single, a Set of 2, a Straight Flush of 3...), then the combination, or card by card when
there are many (Bombs); the cards of a play may also be typed in any order (``3LY 3SK``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pondside.engine import View
from pondside.engine.narrate import ordinal
from pondside.games.decktet import BY_CODE, name_of, rank_word
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
from pondside.games.king_of_the_quackers.state import DECK_WORDS, left_of, right_of
from pondside.i18n import N_, _, ngettext

from .base import WIDTH, Entry, TableUI, menu_lines, place_style
from .decktet import SUIT_STYLE

EXCUSE_CODE = CODE[EXCUSE]
ROUND_KIND = {
    "single": N_("{n}-card single"),
    "set": N_("{n}-card Set"),
    "straight_flush": N_("{n}-card Straight Flush"),
    "bomb": N_("{n}-card Bomb"),
    "open": N_("{n}-card Set or Straight Flush"),
}
"""A round's kind and size, as the board heads it (a round of singles is said apart)."""
LEGEND = N_(
    "Cards: rank then suits. Ranks 1 (Ace) to 9, P Pawn, T Court, N Crown, 0 the Excuse; "
    "suits M Moons, S Suns, V Waves, L Leaves, Y Wyrms, K Knots. * a personality (Bombs are "
    "made of them); 1V=9: the Ace of Waves played as a 9."
)
PLACEHOLDER = re.compile(r"(\{\w+\})")


def styled(message: str, **parts: str | Text) -> Text:
    """A translated ``message`` with its ``{placeholders}`` filled, some by styled text (a
    card coloured by its suit): the sentence stays whole for the catalog, the colours stay
    the terminal's."""
    out = Text()
    for piece in PLACEHOLDER.split(message):
        value = parts.get(piece[1:-1]) if PLACEHOLDER.fullmatch(piece) else None
        if value is None:
            out.append(piece)
        else:
            out.append_text(value if isinstance(value, Text) else Text(value))
    return out


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
BACK = "back"
"""The value of the entry of a menu's second step that goes back to the one before."""
"""A step of a menu is listed whole when it fits this many lines, else chosen card by card."""


def cards_of(action: str) -> frozenset[str]:
    """The card codes of a play, an Ace's ``=N`` left out: ``play 1V=9 7VY 8VL`` → 1V, 7VY, 8VL."""
    words = action.removesuffix(" promise").split()[1:]
    return frozenset(w.partition("=")[0] for w in words)


def back() -> Entry:
    """The entry of a menu's second step that goes back to the one before."""
    return (BACK, _("back"))


def group_word(kind: int, size: int, start: bool = False) -> str:
    """A kind of play and its size, as a menu offers it (``a Set of 2``), or at the start of
    a line (``A set of 2``)."""
    if start:
        words = {
            SINGLE: _("A single card"),
            SET: _("A set of {n}"),
            FLUSH: _("A straight flush of {n}"),
            BOMB: _("A bomb of {n}"),
        }
    else:
        words = {
            SINGLE: _("a single card"),
            SET: _("a Set of {n}"),
            FLUSH: _("a Straight Flush of {n}"),
            BOMB: _("a Bomb of {n}"),
        }
    return words[kind].format(n=size)


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
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.legend = _(LEGEND)  # in the terminal's language, chosen before its table opens

    def draw(self, console: Console, view: View) -> None:
        seat = view.get("seat")
        opts = view["options"]
        extras = [
            _(DECK_WORDS[opts["deck"]]),
            ngettext("to {n} point", "to {n} points", opts["target"]).format(n=opts["target"]),
        ]
        if opts["bidding"]:
            extras.append(_("bidding"))
        console.rule(
            _("King of the Quackers · hand {n} · {options}").format(
                n=view["hand_number"], options=", ".join(extras)
            )
        )
        console.print(self._players(view))
        if view["phase"] == "pass" and not view["over"]:
            console.print(_("[bold]The pass:[/] everyone gives one card to each neighbour."))
        else:
            console.print(self._round(view))
        if view["promise"]:
            pr = view["promise"]
            said = self.speaker.says(
                pr["seat"],
                _("You promised to go out first (value {value})."),
                _("{name} promised to go out first (value {value})."),
                value=pr["value"],
            )
            console.print(Text(said, style="bold magenta"))
        if seat is not None:
            if view.get("gave"):
                console.print(self._swap(view, seat), style="dim")
            console.print(self._hand(view))

    def _swap(self, view: View, seat: int) -> str:
        """The two cards the seat gave, and once play began the two it got (KQ-5)."""
        left, right = self._neighbours(view)
        gave, got = view["gave"], view.get("received")
        cards = {"left_card": gave[0], "left": left, "right_card": gave[1], "right": right}
        if got:
            return self.speaker.says(
                seat,
                _(
                    "You gave {left_card} to {left} and {right_card} to {right}; "
                    "got {got_left} and {got_right}."
                ),
                _(
                    "{name} gave {left_card} to {left} and {right_card} to {right}; "
                    "got {got_left} and {got_right}."
                ),
                got_left=got[0],
                got_right=got[1],
                **cards,
            )
        return self.speaker.says(
            seat,
            _("You gave {left_card} to {left} and {right_card} to {right}."),
            _("{name} gave {left_card} to {left} and {right_card} to {right}."),
            **cards,
        )

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
        for col, right in (
            (_("player"), False),
            (_("cards"), True),
            (_("score"), True),
            (_("last hands"), False),
            ("", False),
        ):
            table.add_column(col, justify="right" if right else "left")
        for s in range(n):
            if s in view["out"]:
                status = _("out {place}").format(place=ordinal(view["out"].index(s) + 1))
            elif s in view["to_act"]:
                status = "[bold]" + _("▶ to act") + "[/]"
            elif view["phase"] == "pass":
                status = _("gave") if view["chosen"][s] else ""
            elif s in rnd.get("passed", []):
                status = _("passed")
            elif s == rnd.get("last_seat"):
                status = _("played last")
            else:
                status = ""
            if s == view["dealer"]:
                status += (", " if status else "") + _("dealer")
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
            return Text(_("The match is over."), style="bold")
        if rnd is None:
            return Text(
                self.speaker.says(
                    view["to_act"][0],
                    _("You lead a new round: any combination."),
                    _("{name} leads a new round: any combination."),
                )
            )
        size = rnd["size"]
        kind = _(ROUND_KIND[rnd["kind"]]).format(n=size) if size > 1 else _("singles")
        out = Text(_("Round: {kind}").format(kind=kind))
        lead = rnd["lead_card"]
        if lead:
            if lead == EXCUSE_CODE:
                out.append(_("; the Excuse was led: any single follows and sets the suits"))
            else:
                said = _("; lead card {card} ({name}, {suits})")
                out.append_text(
                    styled(
                        said,
                        card=card_text(lead),
                        name=name_of(lead),
                        suits=words.suits_words(lead),
                    )
                )
        seat, action = rnd["plays"][-1]
        last = self.speaker.says(
            seat, _("Last play: You: {play}"), _("Last play: {name}: {play}"), play="{play}"
        )
        out.append("\n").append_text(styled(last, play=Text.from_markup(play_words(action, True))))
        out.append("\n" + _("To beat it: {what}").format(what=self._to_beat(rnd)))
        return out

    @staticmethod
    def _to_beat(rnd: QuackersRound) -> str:
        """What beats the round's last play (KQ-13, KQ-16, KQ-19, KQ-22, KQ-23)."""
        rank = rank_word(rnd["last_rank"])
        size = rnd["size"]
        if size == 1:
            lead = rnd["lead_card"]
            if lead in (None, EXCUSE_CODE):
                return _("any suit of rank {rank} or higher (or the Excuse as a Bomb)").format(
                    rank=rank
                )
            return _("a {suits} card of rank {rank} or higher (or the Excuse as a Bomb)").format(
                suits=words.suits_words(lead), rank=rank
            )
        if rnd["last_kind"] == "bomb":
            said = {
                "set": _("a Bomb of {n} (any rank), or a Set of rank {rank}+"),
                "straight_flush": _(
                    "a Bomb of {n} (any rank), or a Straight Flush of rank {rank}+"
                ),
            }.get(
                rnd["kind"],
                _(
                    "a Bomb of {n} (any rank), or a Set of rank {rank}+ or a Straight Flush of "
                    "rank {rank}+"
                ),
            )
        elif rnd["kind"] == "straight_flush":
            said = _("a Straight Flush of {n} of rank {rank}+, or a Bomb of {n}")
        else:
            said = _("a Set of {n} of rank {rank}+, or a Bomb of {n}")
        return said.format(n=size, rank=rank)

    def _hand(self, view: View) -> Text:
        hand = sorted(view["hand"], key=lambda c: (BY_CODE[c].rank, INDEX[c]))
        said = self.speaker.says(
            view["seat"], _("Your hand ({n}): "), _("{name}'s hand ({n}): "), n=len(hand)
        )
        out = Text(said, style="bold")
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
            question = _("Card to give {name}, on your left").format(name=left)
            first = self._card(console, view, legal, hand, question)
            if first in legal:
                return first
            self._next_step(console, view)
            self.note(
                console, styled(_("Giving {card} to {name}."), card=card_text(first), name=left)
            )
            rest = [c for c in hand if c != first]
            question = _("Card to give {name}, on your right").format(name=right)
            second = self._card(console, view, legal, rest, question, [back()])
            if second in legal:
                return second
            if second != BACK:
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
            wrong=_("type 1 to {n} or a card's code").format(n=len(entries)),
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
        passing: list[Entry] = [("pass", _("pass"))] if "pass" in legal else []
        while True:
            going_back: list[Entry] = []
            if len(keys) > 1:
                entries = passing + [
                    (f"group {i}", f"{group_word(KIND_OF_ORDER[k[0]], k[1])} ({len(groups[k])})")
                    for i, k in enumerate(keys)
                ]
                choice = self._ask_play(console, view, legal, entries, _("What to play"))
                if choice in legal:
                    return choice
                self._next_step(console, view)
                group = groups[keys[int(choice.split()[1])]]
                if len(group) == 1:
                    return group[0]
                going_back = [back()]
            else:
                group = groups[keys[0]] if keys else []
            entries = passing + [(action, play_text(action)) for action in group] + going_back
            if len(menu_lines(entries, min(console.width, WIDTH))) <= MENU_ROWS:
                choice = self._ask_play(console, view, legal, entries, _("Your play"))
            else:
                choice = self._card_by_card(console, view, legal, group, passing + going_back)
            if choice != BACK:
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
            _("{question} (number, or type the cards)").format(question=question),
            typed=self._typed(legal),
            wrong=_("type 1 to {n}, or the cards of a play").format(n=len(entries)),
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
        word, size = group_word(play.kind, len(play.cards), start=True), len(play.cards)
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
                so_far = Text(_("{what} so far: ").format(what=word))
                self.note(console, so_far.append_text(Text(" ").join(card_text(c) for c in chosen)))
            if len(chosen) == size:
                entries: list[Entry] = [(a, play_text(a)) for a in fits] + [back()]
                choice = self.menu(console, view, legal, entries, _("Which of these"))
            else:
                codes = sorted(
                    {c for a in fits for c in cards_of(a)} - set(chosen), key=lambda c: INDEX[c]
                )
                question = _("{what}: card {k} of {n}").format(what=word, k=len(chosen) + 1, n=size)
                choice = self._card(
                    console, view, legal, codes, question, [back()] if chosen else extra
                )
            if choice == BACK and chosen:
                chosen.pop()
            elif choice in legal or choice == BACK:
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
        entries: list[Entry] = [
            ("no", _("no")),
            ("yes", _("yes, promise (value {value})").format(value=value)),
        ]
        # The answer's first letter, in English or German (n/y, nein/ja).
        answer = self.menu(
            console,
            view,
            legal,
            entries,
            _("Promise to go out first? (1/2, or no/yes)"),
            typed=lambda a: {"n": "no", "y": "yes", "j": "yes"}.get(a.lower()[:1]),
        )
        return f"{action} promise" if answer == "yes" else action

    def _next_step(self, console: Console, view: View) -> None:
        """Before the next step of a menu, a terminal shows the board again (not the last step)."""
        if console.is_terminal:
            self.render(console, view, asking=True)
