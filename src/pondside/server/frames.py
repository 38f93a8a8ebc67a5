"""What a client is sent: one typed builder of the frames of live tables and of replays.

A state frame is the part every receiver of one change is told alike (the table's summary, the
public events, the clock, the outcome), built once, with each receiver's own part added: its
seat, the view of that seat (the game's own ``view``, the only path a hidden card could take)
and its legal actions. Replays build the same frames from a record, step by step, so a page
draws a replay as it draws play.

The frame's JSON Schema is generated from these types and published in docs/server.md
(``python -m pondside.server.frames --write docs/server.md``; tests/server/test_frames.py keeps
it in step and validates frames of real matches against it).
"""

from __future__ import annotations

import argparse
import json
import re
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal, NotRequired

import orjson
from pydantic import ConfigDict, TypeAdapter, with_config
from typing_extensions import TypedDict

from pondside import i18n
from pondside.engine import Game, Labels, Match, View

from .db import Seat
from .tables import LiveTable, shown_outcome
from .telling import KeptLabels, shown_names, tell, words_in

REMOTE_PRESENCE_SECONDS = 30.0  # another process's word on who is online holds this long
DOCUMENTED = ConfigDict(use_attribute_docstrings=True)  # the keys' docstrings, in the schema


@with_config(DOCUMENTED)
class SeatShown(TypedDict):
    """One seat as the table shows it."""

    seat: int
    name: str | None
    """The guest's name; null for a bot or an empty seat."""
    bot: str | None
    """The bot's level, if a bot plays the seat."""
    taken: bool
    online: bool
    """A bot, or a guest with a socket open at the table (in any process)."""
    resigned: NotRequired[bool]
    """True when the guest (``name``) resigned, or left the match abandoned: the bot (``bot``)
    plays on for them (absent otherwise)."""
    grace_left: NotRequired[float]
    """Seconds until a bot stands in for the guest, whose every connection to the table is
    lost (absent otherwise): the grace period, counting down."""
    away: NotRequired[bool]
    """True while the bot (``bot``) stands in for the guest, gone past the grace period; they
    get the seat back as soon as they return (absent otherwise)."""


@with_config(DOCUMENTED)
class TableSummary(TypedDict):
    """A table as the lobby lists it and every frame carries it."""

    id: str
    game: str
    game_name: str
    lower_is_better: bool
    players: int
    options: dict[str, Any]
    profile: str
    seconds: float | None
    """Seconds per decision (the profile's, shortened in Expert mode); null: no clock."""
    listed: bool
    status: str
    """open, playing or over."""
    seq: int
    next_id: str | None
    """The table of the next match with the same people, once one was asked for."""
    seats: list[SeatShown]
    spectators: int
    replay: NotRequired[bool]
    """True in a replay's frames (absent in live ones)."""
    tutorial: NotRequired[bool]
    """True at a tutorial's table: its player's hints are the coach's, at every decision."""
    puzzle: NotRequired[bool]
    """True in a puzzle's frame (``GET /api/puzzles/{id}/frame``): the position of a decision,
    whose actions are answers judged by ``GET /api/puzzles/{id}/answer``."""


@with_config(DOCUMENTED)
class By(TypedDict):
    """Whose action made an action frame, and how: player, bot or timeout (null in a replay
    of an uploaded record, which does not say)."""

    seat: int
    how: str | None


@with_config(DOCUMENTED)
class ClockShown(TypedDict):
    limit: float | None
    """Seconds per decision as this server runs its clock; null: no clock."""
    left: list[float | None]
    """Per seat, the seconds left of its decision when the frame was sent (null: none)."""


@with_config(DOCUMENTED)
class You(TypedDict):
    seat: int | None
    """The receiver's seat; null for a spectator."""
    host: bool
    """Whether the receiver opened the table (the host seats bots and starts)."""


@with_config(DOCUMENTED)
class StateFrame(TypedDict):
    """The table after a change, for one receiver."""

    type: Literal["state"]
    reason: str
    """welcome (on connecting or a sync), start, action, table (seats changed) or presence."""
    seq: int
    by: By | None
    table: TableSummary
    events: list[dict[str, Any]]
    """The public events of the action that made this frame (docs/views.md)."""
    clock: ClockShown
    outcome: dict[str, Any] | None
    """The engine's scores and places once the match is over (null before)."""
    you: You
    view: View | None
    """The receiver's seat's view (a spectator's for a spectator; docs/views.md); null
    before the start."""
    legal: list[str]
    """The receiver's legal actions now (none in a replay)."""
    narration: list[str]
    """The step's events told to this receiver in the game's words ("You take column 2"),
    columns, piles and seats numbered as the table shows them; none for a frame that shows no
    step (a seat change, a presence); a welcome (a connection, a reload, a sync) retells the
    view's last step (its ``last_events``)."""
    narration_events: list[int]
    """For each line of ``narration``, the index of the event it tells: in ``events``, or in
    the view's ``last_events`` for a welcome (a page that shows a step event by event tells
    each line with its event)."""
    labels: Labels
    """What the receiver's seat is offered now: each legal action's label and what it would
    do, and each hand card it cannot play with the rule it breaks; empty lists for a spectator,
    a seat not to act and a replay."""
    card_words: dict[str, str]
    """Each piece of the sentences of ``narration`` and ``labels`` that names cards by the codes
    a person types (King of the Quackers, Wildcat Chicane: ``"the Mountain (4MS)"``, ``"1V=4
    2VL"``), with the words a page reads in its place (``"the Mountain"``, ``"the Ace of Waves
    as 4 and the Origin"``); the terminal prints the sentences as they are. Empty for a game
    whose cards are numbers (docs/narration.md)."""
    standing: list[int]
    """Each seat's place now, as the match's end would rank the scores (``Game.standing``:
    Down the Drain's series by games won first, DD-9); empty before the start."""
    standings: list[list[int]]
    """For each event of the step told (``events``, or the view's ``last_events`` for a
    welcome, as ``narration_events``), each seat's place once it has happened
    (``Game.standings``: Lame Duck's takes, one at a time); empty for most games and for a
    step whose places do not move."""
    captions: dict[str, str]
    """What the board writes beside its parts, in the game's words, for this receiver, keyed
    as the game's page module knows them (Down the Drain: ``"group 7"``: "to be pushed through
    on your turn unless beaten first", ``"seat 2"``: "beaten: drew a card"), and the status
    line by the page's situation (``Game.captions``): ``"status"`` (what the seat is to do,
    or whom the table waits for), ``"status sent"`` (an action sent, not yet answered),
    ``"status picked"`` (a card picked, not yet played), ``"status confirm"`` (the page asks
    for each choice to be confirmed); ``{what}`` in them stands for the page's cards. A
    replay's may call the seat it follows by name ("Ann played 45")."""


@with_config(DOCUMENTED)
class ErrorFrame(TypedDict):
    """An error, to the client that caused it only."""

    type: Literal["error"]
    seq: int
    message: str
    rule: str | None
    """The ruling the refused action breaks, if it breaks one."""
    about: NotRequired[str]
    """The request it answers when that is not an action (``hint``)."""
    card_words: NotRequired[dict[str, str]]
    """The pieces of the message that name cards by code, read by name, as in a state frame's
    ``card_words``; absent when it names none."""


Frame = StateFrame | ErrorFrame


# --- summaries -------------------------------------------------------------------------------
def summary(
    *,
    table_id: str,
    game: Game[Any],
    players: int,
    options: dict[str, Any],
    profile: str,
    seconds: float | None,
    listed: bool,
    status: str,
    seq: int,
    next_id: str | None,
    seats: list[SeatShown],
    spectators: int,
) -> TableSummary:
    info = game.info
    return {
        "id": table_id,
        "game": info.slug,
        "game_name": info.name,
        "lower_is_better": info.lower_score_is_better,
        "players": players,
        "options": options,
        "profile": profile,
        "seconds": seconds,
        "listed": listed,
        "status": status,
        "seq": seq,
        "next_id": next_id,
        "seats": seats,
        "spectators": spectators,
    }


def connected(table: LiveTable) -> tuple[set[int], int]:
    """The seats with a socket open at the table, and how many watch it: this process's
    clients and, lately told, the other processes'."""
    online = {c.seat for c in table.clients if c.seat is not None}
    watchers = sum(1 for c in table.clients if c.seat is None)
    if table.remote:  # other processes' clients, as they last told (if lately)
        recent = time.monotonic() - REMOTE_PRESENCE_SECONDS
        for when, seats, seen in table.remote.values():
            if when >= recent:
                online |= seats
                watchers += seen
    return online, watchers


def live_summary(table: LiveTable) -> TableSummary:
    """A live table's summary: who is online counts this process's clients and, lately
    told, the other processes' (``connected``)."""
    d = table.data
    online, watchers = connected(table)
    shown = summary(
        table_id=d.id,
        game=table.game,
        players=d.players,
        options=d.options,
        profile=d.profile,
        seconds=table.limit(),
        listed=d.listed,
        status=d.status,
        seq=d.seq,
        next_id=d.next_id,
        seats=[
            seat_shown(
                i, s, (s.bot is not None and not s.away) or i in online, table.stand_in_at(i)
            )
            for i, s in enumerate(d.seats)
        ],
        spectators=watchers,
    )
    if d.tutorial:
        shown["tutorial"] = True
    return shown


def seat_shown(i: int, s: Seat, online: bool, stand_in_at: float | None = None) -> SeatShown:
    """A live table's seat ``i`` as the frames show it; ``stand_in_at``: when (time.time()) a
    bot stands in for its guest, gone within the grace period."""
    shown: SeatShown = {
        "seat": i,
        "name": s.name if s.player_id else None,
        "bot": s.bot,
        "taken": s.taken,
        "online": online,
    }
    if s.resigned:  # only then: every other seat's frame stays as it was
        shown["resigned"] = True
    if s.away:
        shown["away"] = True
    elif stand_in_at is not None and not online:
        shown["grace_left"] = round(max(0.0, stand_in_at - time.time()), 1)
    return shown


def replay_summary(
    replay_id: str,
    match: Match[Any],
    names: list[str | None],
    bots: list[str | None],
    resigned: list[bool] | None = None,
) -> TableSummary:
    """A table summary as the live frames carry it, for a replay: no clock, nobody online to
    wait for, the names of the match, the guests who resigned or left marked as at the
    table ("Ann (resigned)")."""
    shown = summary(
        table_id=replay_id,
        game=match.game,
        players=match.players,
        options=dict(match.options),
        profile="none",
        seconds=None,
        listed=False,
        status="over" if match.is_over() else "playing",
        seq=len(match.actions),
        next_id=None,
        seats=[
            {
                "seat": i,
                "name": names[i],
                "bot": bots[i],
                "taken": True,
                "online": True,
            }
            for i in range(match.players)
        ],
        spectators=0,
    )
    for i, gone in enumerate(resigned or []):
        if gone:
            shown["seats"][i]["resigned"] = True
    shown["replay"] = True
    return shown


# --- frames ----------------------------------------------------------------------------------
@with_config(DOCUMENTED)
class Shared(TypedDict):
    """The part of a state frame every receiver of one change is told alike, built once."""

    type: Literal["state"]
    reason: str
    seq: int
    by: By | None
    table: TableSummary
    events: list[dict[str, Any]]
    clock: ClockShown
    outcome: dict[str, Any] | None


def shared(
    reason: str,
    seq: int,
    by: By | None,
    table: TableSummary,
    events: list[Any],
    clock: ClockShown,
    outcome: dict[str, Any] | None,
) -> Shared:
    return {
        "type": "state",
        "reason": reason,
        "seq": seq,
        "by": by,
        "table": table,
        "events": events,
        "clock": clock,
        "outcome": outcome,
    }


def live_shared(
    table: LiveTable, events: list[Any], reason: str, by: By | None, clock_scale: float
) -> Shared:
    """The shared part of a live table's frame: the clock as seconds left (so clients need no
    clock sync), the outcome once the match is over."""
    d, limit, now = table.data, table.limit(), time.time()
    outcome = None if table.match is None else table.match.outcome()
    clock: ClockShown = {
        "limit": None if limit is None else limit * clock_scale,
        "left": [
            None if s not in d.clock else max(0.0, round(d.clock[s] - now, 2))
            for s in range(d.players)
        ],
    }
    return shared(
        reason,
        d.seq,
        by,
        live_summary(table),
        events,
        clock,
        None if outcome is None else shown_outcome(outcome, [s.resigned for s in d.seats]),
    )


def for_receiver(
    common: Shared,
    game: Game[Any],
    seat: int | None,
    host: bool,
    view: View | None,
    legal: list[str],
    before: View | None = None,
    state: Any = None,
    kept: KeptLabels | None = None,
    names: list[str] | None = None,
) -> StateFrame:
    """The shared part with one receiver's own: its seat, its view and legal actions, and what
    it is told of the step: the narration (``before`` is its view before the step, when
    known) and the labels of its legal actions (``telling.tell``; ``state``: the match's
    state the view is of, when the caller holds it)."""
    # What the receiver is told, in the game's words (telling.py): the step's lines, and the
    # labels of what its seat is offered now (none in a replay, which offers nothing).
    events = common["events"]
    if not events and common["reason"] == "welcome" and view is not None:
        # A page that connects (or reloads, or resyncs) is told the last step again, as the
        # view knows it: what just happened, without the view before it.
        events = view["last_events"]
    told = tell(
        game,
        events,
        before,
        view,
        seat,
        shown_names(common["table"]) if names is None else names,
        offered=bool(legal),
        state=state,
        legal=legal,
        replay=bool(common["table"].get("replay")),
        kept=kept,
    )
    return {
        "type": "state",
        "reason": common["reason"],
        "seq": common["seq"],
        "by": common["by"],
        "table": common["table"],
        "events": common["events"],
        "clock": common["clock"],
        "outcome": common["outcome"],
        "you": {"seat": seat, "host": host},
        "view": view,
        "legal": legal,
        "narration": told["narration"],
        "narration_events": told["narration_events"],
        "labels": told["labels"],
        "card_words": told["card_words"],
        "standing": told["standing"],
        "standings": told["standings"],
        "captions": told["captions"],
    }


def live_frame(
    table: LiveTable,
    seat: int | None,
    host: bool,
    common: Shared,
    before: Any = None,
    names: list[str] | None = None,
) -> StateFrame:
    """A live table's frame for a receiver at ``seat``; ``before`` is the match's state before
    the step the frame shows (None for a frame that shows no step); ``names``: the seats'
    names as ``common`` shows them (``telling.shown_names``), when the caller has them."""
    match, game = table.match, table.game
    # The game's own views, not Match.view's copies: they are only read (turned into JSON,
    # narrated), never changed, so nothing can change the match through them. The table keeps
    # its latest states' views: a step's views before are the previous step's views after.
    view = None if match is None else table.views.of(game, match.state, seat)
    legal = [] if match is None or seat is None else match.legal(seat)
    earlier = None if before is None else table.views.of(game, before, seat)
    state = None if match is None else match.state
    return for_receiver(common, game, seat, host, view, legal, earlier, state, table.labels, names)


def live_texts(
    table: LiveTable,
    receivers: Iterable[tuple[int | None, bool, str]],
    common: Shared,
    before: Any = None,
) -> dict[tuple[int | None, bool, str], str]:
    """The text of each distinct receiver's frame of one change, by (seat, host, language):
    every seat's view built together (``Views.build``), the shared part written once
    (``spliced``), the seats' names once per language, each told in its page's language."""
    wanted = set(receivers)
    if table.match is not None:
        table.views.build(table.game, table.match.state, (seat for seat, _, _ in wanted))
    shared = shared_text(common)
    # Each language entered once for all its receivers (most changes have one language).
    languages: dict[str, list[tuple[int | None, bool, str]]] = {}
    for key in wanted:
        languages.setdefault(key[2], []).append(key)
    texts = {}
    for locale, keys in languages.items():
        with i18n.using(locale):
            names = shown_names(common["table"])
            for key in keys:
                frame = live_frame(table, key[0], key[1], common, before, names)
                texts[key] = spliced(shared, frame)
    return texts


def text(frame: Any) -> str:
    """A frame as the JSON text a socket sends. orjson, not the standard library: turning each
    receiver's frame into text was the largest single cost of a broadcast (about 40 % of it
    with ``json.dumps``, docs/benchmarks.md). Keys that are not strings (a seat number) are
    written as strings, as ``json.dumps`` writes them."""
    return dumped(frame).decode()


def dumped(value: Any) -> bytes:
    """``value`` as JSON (``text``). Most frames have only keys that are strings: orjson writes
    them about a third quicker without its option for other keys, which gives the same bytes
    for them; a frame with another key (a seat number) is written again with it."""
    try:
        return orjson.dumps(value)
    except orjson.JSONEncodeError:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


OWN_KEYS = tuple(k for k in StateFrame.__annotations__ if k not in Shared.__annotations__)
"""The keys of a state frame that are each receiver's own, in the frame's order (after the
shared part's)."""


def shared_text(common: Shared) -> bytes:
    """The shared part of a change's frames as JSON, once for all its receivers (``spliced``)."""
    return dumped(common)


def spliced(shared: bytes, frame: StateFrame) -> str:
    """``text(frame)`` for a frame whose shared part is the one ``shared`` holds as JSON: only
    the receiver's own keys are turned into JSON and joined to it, the same text to the byte
    (``{"type":...,"outcome":null`` + ``,"you":...}``). The table's summary, the events and
    the clock are written once a change, not once per receiver."""
    own = dumped({k: frame[k] for k in OWN_KEYS})  # type: ignore[literal-required]
    return (shared[:-1] + b"," + own[1:]).decode()


def error_frame(
    seq: int, message: str, rule: str | None, about: str | None, game: Game[Any] | None = None
) -> ErrorFrame:
    """An error frame; with the table's ``game``, the cards its message names by code too."""
    frame: ErrorFrame = {"type": "error", "seq": seq, "message": message, "rule": rule}
    if about is not None:
        frame["about"] = about
    words = words_in(game, [message]) if game is not None else {}
    if words:
        frame["card_words"] = words
    return frame


# --- the published schema --------------------------------------------------------------------
BEGIN = "<!-- frame-schema: generated by python -m pondside.server.frames -->"
END = "<!-- /frame-schema -->"


def frame_schema() -> dict[str, Any]:
    """The JSON Schema of every frame a client is sent (state and error frames)."""
    schema: dict[str, Any] = TypeAdapter(Frame).json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Frame", **schema}


def published(page: str) -> str:
    """``page`` (docs/server.md) with its frame schema as generated now."""
    block = f"{BEGIN}\n```json\n{json.dumps(frame_schema(), indent=1)}\n```\n{END}"
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    if not pattern.search(page):
        raise ValueError(f"the page has no place for the frame schema ({BEGIN} ... {END})")
    return pattern.sub(lambda _m: block, page)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Print the frames' JSON Schema.")
    parser.add_argument("--write", type=Path, help="update the schema in this page")
    args = parser.parse_args(argv)
    if args.write:
        args.write.write_text(published(args.write.read_text()))
    else:
        print(json.dumps(frame_schema(), indent=1))


if __name__ == "__main__":
    main()
