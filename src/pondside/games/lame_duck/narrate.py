"""Lame Duck in players' words: the sentences of each step, and how a card or a column is
offered. Columns are numbered from 1, as the table shows them; the rules' facts (where a card
goes, what a column costs) come from ``rules``; ``game`` binds these to the game.

>>> from pondside.games.lame_duck.events import Place
>>> place: Place = {"type": "place", "seat": 1, "card": 23, "column": 1}
>>> before = {"columns": [[5], [21], [40], [77]]}
>>> narrate(before, [place], ["Ann", "Bob"], 0)
["Bob's 23 goes to column 2, after 21: the smallest gap (2)."]
>>> narrate(None, [place], ["Ann", "Bob"], 1)
['Your 23 goes to column 2.']
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from pondside import i18n
from pondside.engine import ActionLabel, ScoreNote, Speaker, Term, View, places_from_results
from pondside.engine.narrate import Lines, waiting_for
from pondside.i18n import N_, _, ngettext, plural_forms

from . import rules
from .events import LameDuckEvent
from .state import DUCKS, column_ducks


def column_name(index: int) -> str:
    """A column as the table labels it: ``column_name(0)`` is ``column 1``."""
    return _("column {n}").format(n=index + 1)


def ducks(n: int) -> str:
    """A count of ducks in the reader's language: ``3 ducks`` (German ``3 Enten``)."""
    return ngettext("{n} duck", "{n} ducks", n).format(n=n)


def cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def narrate(
    before: Mapping[str, Any] | None,
    events: Sequence[LameDuckEvent],
    names: Sequence[str],
    receiver: int | None,
) -> list[str]:
    """The lines of one step for ``receiver``: the cards revealed, where each goes and why,
    who takes which column, and the rounds' ends. ``before`` is the receiver's view before the
    step: with it, a placed card's line names the card it follows."""
    sp = Speaker(names, receiver)
    # The columns as the cards go on them, for the lines of the cards placed and taken (a
    # step of a card chosen, most of them, places none: no copy).
    placing = before is not None and any(ev["type"] in ("place", "take") for ev in events)
    columns = [list(c) for c in before["columns"]] if placing and before is not None else None
    lines = Lines()
    for ev in lines.each(events):
        if ev["type"] == "reveal":
            shown = ", ".join(
                sp.says(s, _("{card} (you)"), _("{card} ({name})"), card=c) for s, c in ev["cards"]
            )
            lines.append(
                _(
                    "The cards are revealed: {cards}. They are placed one at a time, lowest first."
                ).format(cards=shown)
            )
        elif ev["type"] == "too_low":
            lines.append(
                sp.says(
                    ev["seat"],
                    _(
                        "Your {card} is the lowest card and lower than the last card of every "
                        "column, so you choose which column to take."
                    ),
                    _(
                        "{name}'s {card} is the lowest card and lower than the last card of "
                        "every column, so {name} chooses which column to take."
                    ),
                    card=ev["card"],
                )
            )
        elif ev["type"] == "place":
            seat, card, column = ev["seat"], ev["card"], ev["column"] + 1
            if columns is None:
                lines.append(
                    sp.says(
                        seat,
                        _("Your {card} goes to column {column}."),
                        _("{name}'s {card} goes to column {column}."),
                        card=card,
                        column=column,
                    )
                )
                continue
            end = columns[ev["column"]][-1]
            columns[ev["column"]].append(card)
            lines.append(
                sp.says(
                    seat,
                    _(
                        "Your {card} goes to column {column}, after {end}: the smallest gap "
                        "({gap})."
                    ),
                    _(
                        "{name}'s {card} goes to column {column}, after {end}: the smallest gap "
                        "({gap})."
                    ),
                    card=card,
                    column=column,
                    end=end,
                    gap=card - end,
                )
            )
        elif ev["type"] == "take":
            got = {
                "card": ev["card"],
                "column": ev["column"] + 1,
                "ducks": ducks(ev["ducks"]),
                "cards": cards(len(ev["cards"])),
            }
            if ev["reason"] == "too low":
                lines.append(
                    sp.says(
                        ev["seat"],
                        _(
                            "Your {card} is lower than every column: you take column {column} "
                            "({ducks}, {cards}); the {card} starts it again."
                        ),
                        _(
                            "{name}'s {card} is lower than every column: {name} takes column "
                            "{column} ({ducks}, {cards}); the {card} starts it again."
                        ),
                        **got,
                    )
                )
            else:
                lines.append(
                    sp.says(
                        ev["seat"],
                        _(
                            "Your {card} is the sixth card of column {column}: you take its "
                            "{ducks}, {cards}; the {card} starts it again."
                        ),
                        _(
                            "{name}'s {card} is the sixth card of column {column}: {name} takes "
                            "its {ducks}, {cards}; the {card} starts it again."
                        ),
                        **got,
                    )
                )
            if columns is not None:
                columns[ev["column"]] = [ev["card"]]
        elif ev["type"] == "round_end":
            # TRANSLATORS: one seat's ducks of the round, in a list ("You 3, Bob 5").
            each = ", ".join(
                sp.says(s, _("You {ducks}"), _("{name} {ducks}"), ducks=d)
                for s, d in enumerate(ev["ducks"])
            )
            lines.append(
                _("Round {round} is over. Ducks this round: {each}.").format(
                    round=ev["round"], each=each
                )
            )
        elif ev["type"] == "deal":
            columns = [list(c) for c in ev["columns"]]
            starts = ", ".join(str(c[0]) for c in ev["columns"])
            lines.append(
                _("Round {round}: ten new cards each and four new columns ({starts}).").format(
                    round=ev["round"], starts=starts
                )
            )
        elif ev["type"] == "match_end":
            best = min(ev["scores"])
            winners = [s for s, score in enumerate(ev["scores"]) if score == best]
            lines.append(
                sp.says_together(
                    winners,
                    you=_("The match is over: You win with {ducks}."),
                    you_and=_("The match is over: You and {names} win with {ducks}."),
                    one=_("The match is over: {name} wins with {ducks}."),
                    many=_("The match is over: {names} win with {ducks}."),
                    ducks=ducks(best),
                )
            )
    return lines


def play_label(card: int, card_ducks: int) -> str:
    """A card of the hand as it is offered: ``play 45 (2 ducks)``."""
    return _play_label(card, card_ducks, i18n.current())


# The labels' words are remembered per language: a seat's hand is labelled anew at every turn
# of every table (the server's hot path), from a hundred-odd cards and a few columns.
@functools.lru_cache(maxsize=1024)
def _play_label(card: int, card_ducks: int, locale: str) -> str:
    """``play_label`` in ``locale`` (the current language)."""
    return _("play {card} ({ducks})").format(card=card, ducks=ducks(card_ducks))


def play_effect(column: int, sixth_ducks: int | None) -> str:
    """Where a card would go now if no lower card came first (the rulebook's card preview):
    ``column`` from 0, -1 when the card is too low; ``sixth_ducks`` the ducks it would take as
    the column's sixth card (``None`` when it would not be the sixth)."""
    return _play_effect(column, sixth_ducks, i18n.current())


@functools.lru_cache(maxsize=1024)
def _play_effect(column: int, sixth_ducks: int | None, locale: str) -> str:
    """``play_effect`` in ``locale`` (the current language)."""
    if column < 0:
        return _("too low: you choose a column")
    if sixth_ducks is None:
        return _("→ column {column}").format(column=column + 1)
    return _("→ column {column}, 6th: you take {ducks}").format(
        column=column + 1, ducks=ducks(sixth_ducks)
    )


def take_label(column: int) -> str:
    """A column to take, as it is offered: ``take column 2``."""
    return _take_label(column, i18n.current())


@functools.lru_cache(maxsize=64)
def _take_label(column: int, locale: str) -> str:
    """``take_label`` in ``locale`` (the current language)."""
    return _("take column {column}").format(column=column + 1)


def take_effect(cards: Sequence[int], column_ducks: int) -> str:
    """What taking a column costs: ``5 21 33 — 4 ducks``."""
    return _("{cards} — {ducks}").format(cards=" ".join(map(str, cards)), ducks=ducks(column_ducks))


# LD-2's five kinds of card, one example each, as the legend of card faces captions them
# (translated where they are served: ``sample_captions``).
DUCK_SAMPLES = (
    (7, N_("1 duck")),
    (15, N_("2: ends in 5")),
    (30, N_("3: ends in 0")),
    (44, N_("5: × 11")),
    (55, N_("7: the 55")),
)


def sample_captions() -> list[dict[str, Any]]:
    """LD-2's sample cards with their captions in the reader's language (``card_facts``)."""
    return [{"card": card, "caption": _(caption)} for card, caption in DUCK_SAMPLES]


def card_facts() -> dict[str, Any]:
    """LD-2 for the page's card faces: ``ducks[n]``, the ducks printed on card n (1..104;
    ``ducks[0]`` is 0), and one card of each kind with its caption for the legend; LD-7's
    cards a column holds before the next takes them (``column_limit``: the pond's cells before
    the sixth's, a constant the designer's lab may change)."""
    return {
        "ducks": list(DUCKS),
        "samples": sample_captions(),
        "column_limit": rules.COLUMN_LIMIT,
    }


def action_label(view: View, action: str) -> ActionLabel:
    """A card with its ducks and where it would go now (LD-6, LD-7, LD-8); a column to take
    with its cards and ducks."""
    kind, value = rules.PARSE[action]
    columns: list[list[int]] = view["columns"]  # read only: no copy per label
    if kind == "take":
        got = view["column_ducks"][value]
        return {
            "action": action,
            "label": take_label(value),
            "effect": take_effect(columns[value], got),
            "shows": {"column": value, "takes": True, "ducks": got},
        }
    col = rules.target_column(columns, value)
    sixth = col >= 0 and len(columns[col]) == rules.COLUMN_LIMIT
    got = column_ducks(columns[col]) if sixth else 0
    # The page's preview: the column the card joins (null when too low, LD-8), whether it
    # takes that column as its sixth card (LD-7) and how many ducks it would take; the
    # card's own ducks (LD-2) for its name and face.
    shows = {"column": col if col >= 0 else None, "takes": sixth, "ducks": got}
    return {
        "action": action,
        "label": play_label(value, DUCKS[value]),
        "effect": play_effect(col, got if sixth else None),
        "shows": {**shows, "card_ducks": DUCKS[value]},
    }


def hand_action(view: View, card: Any) -> str | None:
    """The action a hand card stands for: none while a too-low card waits for its column
    (LD-8)."""
    return None if view["awaiting_take"] is not None else rules.PLAY[card]


def standings(events: Sequence[Mapping[str, Any]], after: View) -> list[list[int]]:
    """The places after each event of a step, as its takes add their ducks one by one (LD-2,
    LD-7, LD-8): a page that shows the takes one at a time shows these places with them.
    Worked back from the totals ``after`` the step (the view before it may not be known: a
    welcome retells the last step from the view alone). None for a step that takes nothing
    (most: a card chosen), whose places do not move."""
    if not any(ev["type"] == "take" for ev in events):
        return []
    totals = list(after["totals"])
    out: list[list[int]] = []
    now = places_from_results(totals, lower_is_better=True)
    for ev in reversed(events):
        out.append(list(now))
        if ev["type"] == "take":
            totals[ev["seat"]] -= ev["ducks"]
            now = places_from_results(totals, lower_is_better=True)
    return out[::-1]


def too_low_prompt() -> str:
    """What the page says to the seat whose card is too low (LD-6): ``{card}`` the card."""
    return _("Your {card} is lower than every column: choose a column to take.")


def prompts() -> dict[str, str]:
    """What the page says while a column is to be taken (LD-6: a card lower than every
    column's last takes a column; ``{card}`` the card, ``{who}`` the seat taking), the heading
    of a turn's explanations, the status while the revealed cards are placed (LD-6), the
    banners of a round's end and of a new deal, a round's row of the scores (``{round}``,
    ``{turn}``: numbers the page reads from the view), what the clock chose for a seat whose
    time ran out (LD-11: ``{card}``, ``{column}`` as the page numbers it), the winner's title
    and an expert table's badge."""
    return {
        "too low": too_low_prompt(),
        "too low other": _("{who}'s {card} is too low: {who} is choosing a column to take."),
        "placing": _("Placing the cards…"),
        "heading": _("Round {round}, turn {turn}"),
        "round over": _("Round {round} is over"),
        "new cards": _("Round {round}: new cards"),
        "score row": _("Round {round}"),
        "in play": _("in play"),
        # LD-11: what the clock chose for a seat whose time ran out.
        "timeout card": _("Time ran out: a random card, {card}, was chosen for you."),
        "timeout": _("Time ran out: a random card was chosen for you."),
        "timeout take": _("Time ran out: column {column} was taken for you."),
        # LD-10: the fewest ducks win; the badge of an expert table (LD-1).
        "win title": _("You win the pond!"),
        "pond": _("The pond: four columns"),  # LD-4, the pond's name for a screen reader
        "expert": _("Expert mode: see the rules"),
        "expert badge": _("Expert"),
        # The pond's words (LD-4, LD-6, LD-10): a column, its ducks, taking one, a card too low.
        "column": _("Column {column}"),
        "column ducks": _("Column {column}: {ducks}"),
        "take": _("Take"),
        "too low mark": _("too low"),
        "choosing column": _("choosing a column"),
        "taken elsewhere": _("Column {column} was taken in another window."),
        "table word": _("pond"),
        "hand name": _("Round"),  # what the rules call one deal (LD-5)
        # The legend's terms, which the page finds by their names in the reader's language.
        "term ducks per card": _("Ducks per card"),
        "term sixth card": _("Sixth card"),
    }


def counts() -> dict[str, dict[str, str]]:
    """A number of ducks (LD-2, LD-9), for the counts a page has itself: a column's ducks
    drawn mid-animation, the ducks printed on a card."""
    return {"ducks": plural_forms("{n} duck", "{n} ducks")}


def captions(view: Mapping[str, Any], names: Sequence[str], replay: bool) -> dict[str, str]:
    """The table's headings (``"match"``: how long the match is, LD-9; ``"round"``, ``"turn"``:
    where it stands, LD-5) and the status line (``Game.captions``), for the seat of ``view``;
    a replay calls the seat it follows by name ("Ann played 45")."""
    options = view["options"]
    target, rounds = options.get("target"), options.get("rounds") or 1
    out = dict(
        headings(
            target,
            rounds,
            view["hand_number"],
            view["over"],
            view["turn_number"],
            view["turns"],
            i18n.current(),
        )
    )
    out.update(status(view, names, replay))
    return out


@functools.lru_cache(maxsize=4096)
def headings(
    target: int | None, rounds: int, number: int, over: bool, turn: int, turns: int, locale: str
) -> tuple[tuple[str, str], ...]:
    """The table's headings (``captions``), in ``locale`` (the current language): the same
    for every seat and every step of a turn, so written once (remembered)."""
    return (
        (
            "match",
            _("to {ducks}").format(ducks=ducks(target))
            if target
            else ngettext("{n} round", "{n} rounds", rounds).format(n=rounds),
        ),
        (
            "round",
            _("Round {round}").format(round=number)
            if target
            else _("Round {round} of {rounds}").format(round=number, rounds=rounds),
        ),
        (
            "turn",
            _("Finished") if over else _("Turn {turn} of {turns}").format(turn=turn, turns=turns),
        ),
    )


def _then(sentence: str, waiting: str) -> str:
    """A status sentence, then whom the table waits for (if anyone)."""
    return f"{sentence} {waiting}".strip()


def status(view: Mapping[str, Any], names: Sequence[str], replay: bool) -> dict[str, str]:
    """The status line, by the page's situation (``Game.captions``): whom the table waits
    for (LD-4: the cards are chosen together and revealed at once), who is choosing a column
    to take (LD-6), or what this seat is to do."""
    me, to_act = view["seat"], view["to_act"]
    taking = view["awaiting_take"]
    if taking is not None:
        # The seat taking is told here too (issue 27: the pond's toast alone was missed); a
        # replay says it of the seat it follows.
        if taking == me and not replay:
            card = next((c for s, c in view["revealed"] if s == me), None)
            if card is None:
                return {"status": _("Choose a column to take.")}
            return {"status": too_low_prompt().format(card=card)}
        return {"status": _("{name} is choosing a column to take.").format(name=names[taking])}
    # (Whom the table waits for is written only where it is said: every seat's frame of every
    # change tells its status, the server's hot path.)
    if me is None:
        return {"status": _then(_("You are watching."), waiting_for(to_act, names, me))}
    chosen = view.get("my_choice")
    if chosen is not None:
        if replay:
            played = _("{name} played {card}.").format(name=names[me], card=chosen)
        else:
            played = _("You played {what}.").format(what=chosen)
        return {"status": _then(played, waiting_for(to_act, names, me))}
    if me not in to_act:
        return {"status": ""}
    if replay:
        return {"status": _("{name} is choosing a card.").format(name=names[me])}
    return {
        "status": _("Choose a card to play."),
        "status confirm": _("Choose a card, then confirm it."),
        # {what} is the page's: the card it sent, filled in there.
        "status sent": _then(_("You played {what}."), waiting_for(to_act, names, me)),
    }


def score_notes() -> list[ScoreNote]:
    """The line under the scores (LD-8: the fewest ducks win)."""
    return [{"note": _("Fewer ducks are better.")}]


DUCKS_PER_CARD = N_("Ducks per card")
SIXTH_CARD = N_("Sixth card")


def terms() -> list[Term]:
    """The game's words, as the table's how-to figure and legend explain them (LD-2), and as
    the pond's sixth cells say them (LD-7); the page finds each by its term, in its language."""
    return [
        {
            "term": _(DUCKS_PER_CARD),
            "meaning": _(
                "1 for most cards, 2 for numbers ending in 5, 3 for those ending in 0, "
                "5 for multiples of 11, 7 for the 55."
            ),
        },
        {
            "term": _(SIXTH_CARD),
            "meaning": _(
                "a column's sixth card takes the five before it and starts the column again (LD-7)."
            ),
        },
    ]


def labels_read(view: View) -> Hashable:
    """The labels read the hand, the columns (where each card would go, LD-6, LD-7, and what
    each column holds, LD-8) and whether a column is to be taken: none of it moves while the
    other seats choose their cards (LD-5), so a seat's labels are built once a turn."""
    return (
        tuple(view.get("hand", ())),
        tuple(map(tuple, view["columns"])),
        tuple(view["column_ducks"]),
        view["awaiting_take"],
    )
