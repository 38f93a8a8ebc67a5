"""What every game's narrator and action labels share: the types they return and the words
for people ("You take", "Ann takes", "your", "Ann's") that every game's sentences are built of.

Every sentence goes through the message catalog (``pondside.i18n``) as a whole sentence per
person: a language inflects a verb and a possessive by person (German "Du nimmst", "Ann
nimmt", "Anns"), so a narrator never glues "You" or "Ann" to an English verb. It writes both
sentences, :meth:`Speaker.says` picks the one for the receiver, and the catalog translates each
(``_("Your {card} goes to {column}.")``, ``_("{name}'s {card} goes to {column}.")``). A
count's words take :func:`pondside.i18n.ngettext`, never :func:`plural` (English only).

Each game writes its sentences once, in its own package (``narrate`` there), and exposes them
through :meth:`Game.narrate` and :meth:`Game.labels`; the terminal prints them, the server sends
them, hints and analysis speak the same words. Columns, piles and seats are numbered as the
table shows them: from 1 (the notation of actions keeps its own numbering, from 0).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

from pondside.i18n import _

from .view import NotRequired, TypedDict

T = TypeVar("T")

SIBILANT = ("s", "sh", "ch", "x", "z")  # endings that take -es
IRREGULAR = {"have": "has", "are": "is", "were": "was", "do": "does", "go": "goes"}


def plural(n: int, word: str) -> str:
    """``plural(1, "card")`` is ``1 card``, ``plural(5, "card")`` is ``5 cards``,
    ``plural(2, "match")`` is ``2 matches``. English only (the research tools' reports): a
    sentence a player reads takes ``ngettext("{n} card", "{n} cards", n)``."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word}{'es' if word.endswith(SIBILANT) else 's'}"


def third_person(verb: str) -> str:
    """The verb for he, she or a name: ``take`` → ``takes``, ``pass`` → ``passes``,
    ``have chosen`` → ``has chosen`` (the first word of a phrase).

    >>> [third_person(v) for v in ("take", "pass", "push", "have chosen", "are out", "carry")]
    ['takes', 'passes', 'pushes', 'has chosen', 'is out', 'carries']
    """
    first, space, rest = verb.partition(" ")
    if first in IRREGULAR:
        first = IRREGULAR[first]
    elif first.endswith(SIBILANT):
        first += "es"
    elif first.endswith("y") and first[-2:-1] not in "aeiou":
        first = first[:-1] + "ies"
    else:
        first += "s"
    return first + space + rest


def ordinal(n: int) -> str:
    """A place in words, in the reader's language: ``1st``, ``2nd``, ``3rd``, ``4th``,
    ``11th``, ``21st`` (German ``1.``). The same four messages as the pages' ``ordinal()``
    (``static/i18n.js``): English's ordinal categories, which a language of one form
    translates alike."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        return _("{n}th").format(n=n)
    return {1: _("{n}st"), 2: _("{n}nd"), 3: _("{n}rd")}[n % 10].format(n=n)


def joined(parts: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` (German ``a, b und c``)."""
    if len(parts) <= 1:
        return "".join(parts)
    return _("{first} and {last}").format(first=", ".join(parts[:-1]), last=parts[-1])


def waiting_for(
    to_act: Sequence[int], names: Sequence[str], me: int | None, sentence: str | None = None
) -> str:
    """Whom a table waits for, but ``me`` (the reader's own seat); ``""`` when it waits for no
    one else (a page's status line). ``sentence`` says for what, its ``{names}`` filled with
    the seats' names joined (``_("Waiting for {names} to bid.")``); by default, for nothing
    said.

    >>> waiting_for([0, 1, 2], ["Ann", "Bob", "Cid"], 1, "Waiting for {names} to bid.")
    'Waiting for Ann and Cid to bid.'
    >>> waiting_for([1], ["Ann", "Bob"], None), waiting_for([1], ["Ann", "Bob"], 1)
    ('Waiting for Bob.', '')
    """
    others = [names[s] for s in to_act if s != me]
    if not others:
        return ""
    return (sentence or _("Waiting for {names}.")).format(names=joined(others))


class Lines(list[str]):
    """A narrator's lines, each remembering the event of the step that it tells (``events``,
    indices into the step's events), so that a page showing the step event by event can tell
    each line as it shows its event. A narrator walks the events with :meth:`each`:

    >>> lines = Lines()
    >>> for ev in lines.each(["chose", "reveal", "place"]):
    ...     if ev != "chose":
    ...         lines.append(f"a line of {ev}")
    >>> list(lines), lines.events
    (['a line of reveal', 'a line of place'], [1, 2])
    """

    def __init__(self) -> None:
        super().__init__()
        self.events: list[int] = []
        self.event = 0
        """The index of the event that the lines appended now tell."""

    def each(self, events: Sequence[T]) -> Iterator[T]:
        """The events in order, each one's index remembered for the lines appended meanwhile."""
        for i, event in enumerate(events):
            self.event = i
            yield event

    def append(self, line: str) -> None:
        super().append(line)
        self.events.append(self.event)


def line_events(lines: Sequence[str], events: Sequence[object]) -> list[int]:
    """For each line of a narration, the index of the event it tells: those a :class:`Lines`
    remembered, else (a narrator that returns a plain list) the step's last event, so that a
    page tells such lines once the whole step is shown."""
    if isinstance(lines, Lines) and len(lines.events) == len(lines):
        return list(lines.events)
    return [max(len(events) - 1, 0)] * len(lines)


class Speaker:
    """The people at a table as one receiver reads about them: the receiver's own seat is
    "you", every other seat its name.

    >>> sp = Speaker(["Ann", "Bob"], 0)
    >>> sp.does(0, "take"), sp.does(1, "take"), sp.whose(1), sp.does(1, "have chosen")
    ('You take', 'Bob takes', "Bob's", 'Bob has chosen')
    >>> sp.together([1, 0], "push"), Speaker(["Ann", "Bob"], None).who(0, start=False)
    ('Bob and you push', 'Ann')

    ``does``, ``whose`` and ``together`` glue English words (the research tools' reports); a
    sentence a player reads is written whole per person, and :meth:`says` or
    :meth:`says_together` picks it:

    >>> sp.says(1, "You take {n}.", "{name} takes {n}.", n=3)
    'Bob takes 3.'
    """

    def __init__(self, names: Sequence[str], receiver: int | None) -> None:
        self.names = list(names)
        self.receiver = receiver

    def name(self, seat: int) -> str:
        """The seat's name (a seat past the names given is "Seat N", counted from 1)."""
        return self.names[seat] if 0 <= seat < len(self.names) else _("Seat {n}").format(n=seat + 1)

    def is_me(self, seat: int | None) -> bool:
        return seat is not None and seat == self.receiver

    def who(self, seat: int, start: bool = True) -> str:
        """The seat as a subject or object: ``You`` (``you`` inside a sentence) or its name."""
        if self.is_me(seat):
            return "You" if start else "you"
        return self.name(seat)

    def does(self, seat: int, verb: str, start: bool = True) -> str:
        """Subject and verb: ``You take`` or ``Ann takes`` (``have chosen``: ``has chosen``)."""
        return f"{self.who(seat, start)} {verb if self.is_me(seat) else third_person(verb)}"

    def whose(self, seat: int, start: bool = True) -> str:
        """The possessive: ``Your`` (``your`` inside a sentence) or ``Ann's``."""
        if self.is_me(seat):
            return "Your" if start else "your"
        return f"{self.name(seat)}'s"

    def says(self, seat: int, you: str, other: str, /, **fields: object) -> str:
        """The sentence about ``seat`` for this receiver, each written whole and translated
        by the caller: ``you`` when the seat is the receiver's own, else ``other``, whose
        ``{name}`` is the seat's name; both filled with ``fields``."""
        if self.is_me(seat):
            return you.format(**fields)
        return other.format(name=self.name(seat), **fields)

    def says_together(
        self, seats: Sequence[int], *, you: str, you_and: str, one: str, many: str, **fields: object
    ) -> str:
        """The sentence about several seats at once (a shared win), each form written whole:
        ``you`` (the receiver alone), ``you_and`` (the receiver and ``{names}``, the others),
        ``one`` (``{name}``, another seat alone), ``many`` (``{names}``, several others: a
        verb's plural form). Seats are named in the order given. ``you_and`` may also name
        everyone, the receiver in its place, as ``{people}`` (``Dee and you``, ``You and Dee``),
        where a sentence keeps the seats' order.

        >>> sp = Speaker(["Ann", "Bob", "Cid"], 0)
        >>> forms = dict(you="You win.", you_and="You and {names} win.", one="{name} wins.",
        ...              many="{names} win.")
        >>> [sp.says_together(s, **forms) for s in ([0], [2, 0], [1], [1, 2])]
        ['You win.', 'You and Cid win.', 'Bob wins.', 'Bob and Cid win.']
        """
        others = [self.name(s) for s in seats if not self.is_me(s)]
        if not others:
            return you.format(**fields)
        if len(others) < len(seats):
            people = joined(
                [
                    (_("You") if i == 0 else _("you")) if self.is_me(s) else self.name(s)
                    for i, s in enumerate(seats)
                ]
            )
            return you_and.format(names=joined(others), people=people, **fields)
        if len(others) == 1:
            return one.format(name=others[0], **fields)
        return many.format(names=joined(others), **fields)

    def together(self, seats: Sequence[int], verb: str, start: bool = True) -> str:
        """Several subjects and their verb: ``You push``, ``Ann pushes``, ``Ann and you push``."""
        if len(seats) == 1:
            return self.does(seats[0], verb, start)
        return f"{joined([self.who(s, start and i == 0) for i, s in enumerate(seats)])} {verb}"


class ActionLabel(TypedDict):
    """One legal action of a seat, as a person is offered it."""

    action: str
    """The action in the game's notation, as it is sent back (``"take 1"``)."""
    label: str
    """How it is offered, in the table's numbering (``"take column 2"``)."""
    effect: str
    """What it would do now (``"→ column 2"``, ``"too low: you choose a column"``); empty when
    the label says it all."""
    shows: NotRequired[dict[str, Any]]
    """What the board would show if it were taken, for a page's preview, in the game's own
    terms and the notation's numbering (Lame Duck: ``{"column": 1, "takes": false}``); absent
    where there is nothing to preview. Data for drawing, never a sentence."""


def action_words(label: ActionLabel) -> str:
    """An action labelled as one line, its label then what it would do: ``play 45 (2 ducks)
    → column 2`` (the terminal's menus, hints and analysis all write it so)."""
    return f"{label['label']} {label['effect']}".strip()


class Unplayable(TypedDict):
    """A card of the seat's hand that it may not play now, and the rule that forbids it."""

    card: str
    """The card, in the game's notation."""
    reason: str
    """The engine's own sentence: the one an illegal play of it raises, ruling included."""


class Term(TypedDict):
    """One of a game's own words, as its legend explains it to a new player."""

    term: str
    """The word as the table shows it (``"pushed through"``, ``"ACCENT"``)."""
    meaning: str
    """What it means, in the game's own words: one or two sentences."""
    when: NotRequired[dict[str, Any]]
    """The options a table must have for the term to apply (Wildcat Chicane's calls:
    ``{"variant": "classic"}``); absent where it always applies."""


class ScoreNote(TypedDict):
    """The line under a table's scores: what wins, in the game's words."""

    note: str
    """``"Fewer ducks are better."``"""
    when: NotRequired[dict[str, Any]]
    """The options a table must have for the note to apply (Down the Drain's one game:
    ``{"games": 1}``); absent for the note that applies otherwise. A page shows the first
    note that applies."""


class Labels(TypedDict):
    """What a seat to act is offered: each legal action labelled, and why the other cards of
    its hand cannot be played. Empty for a seat not to act and for a spectator."""

    actions: list[ActionLabel]
    """Every legal action, in reading order."""
    unplayable: list[Unplayable]
    """Each hand card that no legal action plays now, in hand order."""


class CardSpan(TypedDict):
    """Where a sentence names cards by their codes, and how a reader who does not type them
    reads them instead (issue 27: "Give the Mountain (4MS)" is "Give the Mountain" in the
    browser). A sentence is written once; the terminal prints it as it is (a person types the
    codes), a page reads each span's ``words`` in place of its text."""

    start: int
    end: int
    """The span's text is ``sentence[start:end]`` (``"the Mountain (4MS)"``, ``"1V=4 2VL"``)."""
    cards: list[str]
    """The cards it names, by their codes."""
    words: str
    """The span as a reader of names reads it (``"the Mountain"``, ``"the Ace of Waves as 4
    and the Origin"``)."""


def with_names(sentence: str, spans: Sequence[CardSpan]) -> str:
    """The sentence as a reader of names reads it: each span's ``words`` in place of its text.

    >>> with_names("give the Mountain (4MS) to Ann", [
    ...     {"start": 5, "end": 23, "cards": ["4MS"], "words": "the Mountain"}])
    'give the Mountain to Ann'
    """
    out: list[str] = []
    at = 0
    for span in sorted(spans, key=lambda s: s["start"]):
        out += (sentence[at : span["start"]], span["words"])
        at = span["end"]
    out.append(sentence[at:])
    return "".join(out)
