"""What a frame tells its receiver about a step, in the game's own words (issue 26).

Every frame the server sends (a live table's, a replay's) carries two keys beside the view:

- ``narration``: the game narrator's lines for the step the frame shows, told to the frame's
  receiver (``Game.narrate``: "You take column 2", "Ann takes column 2"); empty for a frame that
  shows no step (a welcome, a sync, a seat change);
- ``narration_events``: for each line, the index in the frame's ``events`` of the event it
  tells (a page that shows the step event by event tells each line with its event);
- ``labels``: what the receiver's seat is offered now (``Game.labels``): each legal action's
  label and what it would do, and each hand card it cannot play with the engine's sentence why;
  empty lists for a spectator and for a seat not to act;
- ``standing`` and ``standings``: each seat's place now (``Game.standing``) and after each
  event told (``Game.standings``: a page that shows a step event by event shows the places
  move with it, and ranks no one itself);
- ``card_words``: where those sentences name cards by the codes a person types ("Give the
  Mountain (4MS)"), each such piece of text with the words a page reads in its place ("the
  Mountain": ``Game.card_spans``): the terminal prints the sentence, the browser reads "Give
  the Mountain"; empty for a game whose cards are numbers. A glossary of the frame's pieces
  rather than spans per sentence: a King of the Quackers seat choosing its two cards to pass has
  a hundred labels, which name the same eleven cards.

A page may also ask about an action no label names (a combination of cards it is building):
:func:`why` answers with the engine's own sentence.

The browser draws them and writes no sentence of its own, so the browser and the terminal read
the same words for the same step. Seats are called by the names the table shows
(:func:`shown_names`), so a bot the page calls "Bot 2" is "Bot 2" in the lines too.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from pondside import i18n
from pondside.engine import ActionLabel, Event, Game, Labels, TypedDict, View
from pondside.engine.narrate import line_events
from pondside.i18n import N_, _


class Told(TypedDict):
    """The keys :func:`tell` adds to a frame."""

    narration: list[str]
    """The narrator's lines for the frame's step, told to its receiver."""
    narration_events: list[int]
    """For each line, the index of the event it tells."""
    labels: Labels
    """What the receiver's seat is offered now."""
    card_words: dict[str, str]
    """Each piece of the sentences above that names cards by their codes, with the words a
    reader of names reads in its place."""
    standing: list[int]
    """Each seat's place now (``Game.standing``), as the match's end would rank the scores."""
    standings: list[list[int]]
    """For each event told, each seat's place once it has happened (``Game.standings``), for
    a page that shows the step event by event; empty for most games and for a step whose
    places do not move."""
    captions: dict[str, str]
    """What the board writes beside its parts, and the status line by the page's situation
    (``"status"``, ``"status sent"``...), in the game's words (``Game.captions``)."""


def shown_names(summary: Mapping[str, Any]) -> list[str]:
    """Every seat's name as the table page shows it, from a frame's table summary: the
    player's name, else "Bot N" for a bot, else "Seat N" (seats counted from 1). The page's
    ``seatNames`` (static/api.js) writes the same."""
    out = []
    for i, seat in enumerate(summary["seats"]):
        name = seat.get("name")
        mark = N_("Bot {n}") if seat.get("bot") else N_("Seat {n}")
        out.append(name if name else _(mark).format(n=i + 1))
    return out


def tell(
    game: Game[Any],
    events: Sequence[Event],
    before: View | None,
    after: View | None,
    seat: int | None,
    names: Sequence[str],
    *,
    offered: bool = True,
    state: Any = None,
    legal: Sequence[str] | None = None,
    replay: bool = False,
    kept: KeptLabels | None = None,
) -> Told:
    """What one receiver is told about a step: the narrator's lines for ``events`` (those of
    one action; none for a frame that shows no action) between the receiver's view ``before``
    (``None`` when not known: a line may then say less) and ``after``, and the labels of its
    ``seat`` (``None``: a spectator, who is offered nothing). ``after`` is ``None`` before the
    match starts, when there is nothing to tell. A replay's frames offer nothing
    (``offered=False``): they carry no legal actions either. ``state`` is the match's state
    that ``after`` is a view of, when the caller holds it (a live table): the labels are then
    read from it rather than from a state determinized from the view (the same answer), and
    ``legal`` are the seat's legal actions there, when the caller has them. ``replay``: the
    frames are a replay's (``Game.captions`` may then call the seat followed by name).
    ``kept``: the table's labels as last told, told again while what they read is unchanged."""
    if after is None:
        return {
            "narration": [],
            "narration_events": [],
            "labels": nothing(),
            "card_words": {},
            "standing": [],
            "standings": [],
            "captions": {},
        }
    narration = game.narrate(before, events, after, seat, names) if events else []
    told: Told = {
        "narration": list(narration),
        "narration_events": line_events(narration, events),
        "labels": nothing(),
        "card_words": {},
        "standing": game.standing(after),
        "standings": []
        if not events or type(game).standings is Game.standings
        else game.standings(events, after),
        "captions": game.captions(after, names, replay),
    }
    if seat is not None and offered:
        legal = legal if state is not None else None
        if kept is None:
            told["labels"] = game.labels(after, names, state, legal)
        else:
            told["labels"] = kept.labels(game, after, names, state, legal)
    if type(game).card_spans is not Game.card_spans:  # (the sentences, only if needed)
        told["card_words"] = words_in(game, sentences(told), names)
    return told


class KeptLabels:
    """A live table's labels as each seat was last told them, in each language, with what they
    were read from (``Game.labels_read``, the names, the legal actions): told again, not built
    again, while none of it has changed. A simultaneous game's seat is otherwise labelled anew
    at every other seat's choice (Lame Duck: ten times a turn of four seats where four do).
    Kept by seat, so a seat's labels, which may name its hidden cards, only ever answer for
    that seat; the labels are read, never changed (a frame is turned into text at once)."""

    def __init__(self) -> None:
        self._held: dict[tuple[int, str], tuple[Any, Labels]] = {}

    def labels(
        self,
        game: Game[Any],
        view: View,
        names: Sequence[str],
        state: Any,
        legal: Sequence[str] | None,
    ) -> Labels:
        """``game.labels(view, names, state, legal)``, as last told when it read the same."""
        read = game.labels_read(view)
        seat = view["seat"]
        if read is None or seat is None:
            return game.labels(view, names, state, legal)
        key = (
            read,
            seat in view["to_act"],
            tuple(names),
            None if legal is None else tuple(legal),
        )
        where = (seat, i18n.current())
        held = self._held.get(where)
        if held is not None and held[0] == key:
            return held[1]
        labels = game.labels(view, names, state, legal)
        self._held[where] = (key, labels)
        return labels


def sentences(told: Told) -> list[str]:
    """Every sentence a receiver reads in what it is told: the lines, the board's captions,
    the actions' labels and effects, the unplayable cards' reasons."""
    out = list(told["narration"])
    out += told["captions"].values()
    for label in told["labels"]["actions"]:
        out += (label["label"], label["effect"])
    out += (u["reason"] for u in told["labels"]["unplayable"])
    return out


def words_in(
    game: Game[Any], texts: Sequence[str | None], names: Sequence[str] = ()
) -> dict[str, str]:
    """Each piece of ``texts`` that names cards by their codes (``Game.card_spans``), with the
    words a reader of names reads in its place: ``{"the Mountain (4MS)": "the Mountain",
    "1V=4 2VL": "the Ace of Waves as 4 and the Origin"}``. A code alone that is also a seat's
    name (a player called "NY") is left as it is: it may be the player. None for a game whose
    cards are numbers (no call at all: a frame is built per receiver, on the hot path)."""
    if type(game).card_spans is Game.card_spans:
        return {}
    out: dict[str, str] = {}
    for text in texts:
        if text:
            out.update(pieces(game, text, i18n.current()))
    for name in names:
        out.pop(name, None)
    return out


@functools.lru_cache(maxsize=16384)
def pieces(game: Game[Any], text: str, locale: str) -> tuple[tuple[str, str], ...]:
    """The pieces of one sentence that name cards by code, with their words (remembered: a
    seat's labels are told again in every frame while it is to act), in the reader's language
    ``locale``: a sentence of bare codes reads the same in every language, its names do not."""
    return tuple((text[s["start"] : s["end"]], s["words"]) for s in game.card_spans(text))


class Why(TypedDict):
    """The answer to a page's question about an action it might send (``{"op": "why"}``):
    to that client alone, like a hint."""

    type: str
    seq: int
    action: str
    """The action asked about, as sent."""
    reason: str | None
    """The engine's sentence why the seat may not take it now (the rule it breaks), or null
    when it may."""
    label: ActionLabel | None
    """The action's label and what it would do, when it is legal."""
    card_words: dict[str, str]
    """The cards the reason or the label names by code, read by name (as a frame's
    ``card_words``)."""


def why(game: Game[Any], view: View, action: str, names: Sequence[str], seq: int) -> Why:
    """Whether the seat of ``view`` may take ``action`` now, in the game's words: the rule it
    breaks, or its label (``Game.why_not``, ``Game.action_label``). A page asks this about a
    choice of its player's that no label names (a combination of cards), and writes no rule."""
    if view["seat"] is None or view["seat"] not in view["to_act"]:
        reason: str | None = (
            _("it is not your turn to act")
            if view["seat"] is not None
            else _("a spectator takes no action")
        )
        return {
            "type": "why",
            "seq": seq,
            "action": action,
            "reason": reason,
            "label": None,
            "card_words": {},
        }
    reason = game.why_not(view, action)
    label = game.action_label(view, action, names) if reason is None else None
    said = [reason] if label is None else [label["label"], label["effect"]]
    return {
        "type": "why",
        "seq": seq,
        "action": action,
        "reason": reason,
        "label": label,
        "card_words": words_in(game, said, names),
    }


def nothing() -> Labels:
    """The labels of a receiver offered nothing (a fresh value: a frame may be changed)."""
    return {"actions": [], "unplayable": []}


__all__ = ["KeptLabels", "Told", "Why", "shown_names", "tell", "why", "words_in"]
