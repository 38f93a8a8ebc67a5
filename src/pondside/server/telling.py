"""What a frame tells its receiver about a step, in the game's own words (issue 26).

Every frame the server sends (a live table's, a replay's) carries two keys beside the view:

- ``narration``: the game narrator's lines for the step the frame shows, told to the frame's
  receiver (``Game.narrate``: "You take column 2", "Ann takes column 2"); empty for a frame that
  shows no step (a welcome, a sync, a seat change);
- ``narration_events``: for each line, the index in the frame's ``events`` of the event it
  tells (a page that shows the step event by event tells each line with its event);
- ``labels``: what the receiver's seat is offered now (``Game.labels``): each legal action's
  label and what it would do, and each hand card it cannot play with the engine's sentence why;
  empty lists for a spectator and for a seat not to act.

The browser draws them and writes no sentence of its own, so the browser and the terminal read
the same words for the same step. Seats are called by the names the table shows
(:func:`shown_names`), so a bot the page calls "Bot 2" is "Bot 2" in the lines too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pondside.engine import Event, Game, Labels, TypedDict, View
from pondside.engine.narrate import line_events


class Told(TypedDict):
    """The keys :func:`tell` adds to a frame."""

    narration: list[str]
    """The narrator's lines for the frame's step, told to its receiver."""
    narration_events: list[int]
    """For each line, the index of the event it tells."""
    labels: Labels
    """What the receiver's seat is offered now."""


def shown_names(summary: Mapping[str, Any]) -> list[str]:
    """Every seat's name as the table page shows it, from a frame's table summary: the
    player's name, else "Bot N" for a bot, else "Seat N" (seats counted from 1). The page's
    ``seatNames`` (static/api.js) writes the same."""
    out = []
    for i, seat in enumerate(summary["seats"]):
        name = seat.get("name")
        out.append(name if name else f"{'Bot' if seat.get('bot') else 'Seat'} {i + 1}")
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
) -> Told:
    """What one receiver is told about a step: the narrator's lines for ``events`` (those of
    one action; none for a frame that shows no action) between the receiver's view ``before``
    (``None`` when not known: a line may then say less) and ``after``, and the labels of its
    ``seat`` (``None``: a spectator, who is offered nothing). ``after`` is ``None`` before the
    match starts, when there is nothing to tell. A replay's frames offer nothing
    (``offered=False``): they carry no legal actions either."""
    if after is None:
        return {"narration": [], "narration_events": [], "labels": nothing()}
    narration = game.narrate(before, events, after, seat, names) if events else []
    told: Told = {
        "narration": list(narration),
        "narration_events": line_events(narration, events),
        "labels": nothing(),
    }
    if seat is not None and offered:
        told["labels"] = game.labels(after, names)
    return told


def nothing() -> Labels:
    """The labels of a receiver offered nothing (a fresh value: a frame may be changed)."""
    return {"actions": [], "unplayable": []}


__all__ = ["Told", "shown_names", "tell"]
