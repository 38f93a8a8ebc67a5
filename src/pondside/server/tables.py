"""A live table and the people at it: the table's stored data and ``Match``, its clients
(one per WebSocket, each with its own queue of frames), its bots' and clock's tasks, and the
small rules about names and seats that every part of the server shares."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import dataclasses
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from pondside import i18n
from pondside.bots.base import Bot
from pondside.engine import Event, Game, IllegalAction, Match, Outcome, PondsideError, spell
from pondside.i18n import _

from .db import Seat, TableData
from .results import Result, ResultSeat
from .settings import EXPERT_FACTOR, PROFILES
from .telling import KeptLabels

NAME_LIMIT = 32
# An online match ends in an evening: options that could make it endless are bounded.
LIMITS = {"rounds": 100, "target": 1000, "games": 20}
OUTBOX_LIMIT = 256  # frames waiting for a slow client before it is dropped (it resyncs)


class Refused(PondsideError):
    """A request the server turns down; ``status`` is the HTTP status it maps to."""

    def __init__(self, message: str, status: int = 400, rule: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.rule = rule


class NotOwner(Exception):
    """This process does not (or no longer) play the table: its lease is another's."""


@dataclass
class Guest:
    id: str
    name: str


@dataclass(eq=False)
class Client:
    """One WebSocket: who it is, and its queue of frames (a slow client never holds others)."""

    send: Callable[[str], Any]
    seat: int | None
    player: Guest | None
    outbox: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(OUTBOX_LIMIT))
    closed: bool = False
    dropped: asyncio.Event = field(default_factory=asyncio.Event)
    """Set when the client fell too far behind: its socket is to be closed (it reconnects)."""
    hinting: bool = False
    """Whether a hint for this client is being worked out (one at a time)."""
    locale: str = i18n.DEFAULT
    """The language its page reads: the frames it is sent are told in it."""

    def post(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.close()
            self.dropped.set()

    def close(self) -> None:
        self.closed = True
        with contextlib.suppress(asyncio.QueueFull):
            self.outbox.put_nowait(None)

    async def pump(self) -> None:
        """Send the queued frames in order until the client is closed."""
        while True:
            text = await self.outbox.get()
            if text is None:
                return
            await self.send(text)


class Views:
    """Each seat's view of a table's latest states, built once: the frames of a step read every
    receiver's view after it and, for the narration, before it, which the frames of the step
    before built as their views after (a state is the same object until the match replaces
    it). The views are read, never changed. Two states are kept: the one before a step and the
    one after."""

    KEPT = 2

    def __init__(self) -> None:
        self._held: list[tuple[Any, dict[int | None, Any]]] = []

    def _kept(self, state: Any) -> dict[int | None, Any]:
        """The views of ``state`` built so far (kept from now on, the oldest state let go)."""
        for held, views in self._held:
            if held is state:
                return views
        views = {}
        self._held = [(state, views), *self._held[: self.KEPT - 1]]
        return views

    def of(self, game: Game[Any], state: Any, seat: int | None) -> Any:
        """``game.view(state, seat)``, built once for as long as ``state`` is kept."""
        views = self._kept(state)
        view = views.get(seat)
        if view is None:
            view = views[seat] = game.view(state, seat)
        return view

    def build(self, game: Game[Any], state: Any, seats: Iterable[int | None]) -> None:
        """The views of ``state`` for every seat of ``seats`` not built yet, together
        (``Game.views``: what the seats' views share is built once)."""
        views = self._kept(state)
        missing = [seat for seat in dict.fromkeys(seats) if seat not in views]
        if missing:
            views.update(zip(missing, game.views(state, missing), strict=True))


@dataclass(eq=False)
class LiveTable:
    data: TableData
    game: Game[Any]
    match: Match[Any] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    bots: dict[int, Bot] = field(default_factory=dict)
    bot_tasks: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    clock_wake: asyncio.Event = field(default_factory=asyncio.Event)
    clock_task: asyncio.Task[None] | None = None
    gone: dict[int, float] = field(default_factory=dict)
    """Seats whose guest is gone, within the grace period: when (time.time()) a bot stands in
    for them (leaving.watch), unless their clock runs out first (``stand_in_at``)."""
    presence_due: bool = False
    presence_told: bool = False
    """Whether this process's own comings and goings are to be told to the other processes."""
    owned: bool = True
    """Whether this process plays the table (always, alone; with several, while it holds the
    table's lease). A table not owned is a copy that follows the owner's news."""
    requests: dict[str, int] = field(default_factory=dict)
    """Forwarded requests committed here, each with its action's number: one sent again (its
    answer lost) is not applied twice."""
    remote: dict[str, tuple[float, frozenset[int], int]] = field(default_factory=dict)
    """Other processes' clients here: when told, the seats online there, the watchers."""
    behind: int = 0
    """The stored sequence number last seen ahead of this copy (it reloads if still behind)."""
    reloading: bool = False
    news: list[dict[str, Any]] = field(default_factory=list)
    """The owner's messages not yet applied to this copy, in order (see cluster.py)."""
    views: Views = field(default_factory=Views)
    """Each seat's view of the latest states, for the frames."""
    labels: KeptLabels = field(default_factory=KeptLabels)
    """Each seat's labels as last told, for the frames."""
    attended: float = field(default_factory=time.monotonic)
    """When a guest playing a seat was last seen connected (``time.monotonic``); a match
    unattended for ``Settings.abandon_after`` is abandoned (``leaving.sweep``)."""

    def seat_of(self, player: Guest | None) -> int | None:
        """The seat ``player`` plays; None for anyone else, and for a guest who resigned (a
        bot plays their seat: they may watch the match on, as a spectator)."""
        if player is None:
            return None
        for i, seat in enumerate(self.data.seats):
            if seat.player_id == player.id and not seat.resigned:
                return i
        return None

    def stand_in_at(self, seat: int) -> float | None:
        """When (time.time()) a bot stands in for the guest of ``seat``, gone within the grace
        period: at its end, or when their clock runs out if that comes first (the rules'
        timeout action, then the stand-in: ``leaving.timed_out``). None if they are not gone."""
        at = self.gone.get(seat)
        if at is None:
            return None
        return min(at, self.data.clock.get(seat, at))

    def limit(self) -> float | None:
        """Seconds per decision at this table, or None without a clock."""
        base = PROFILES[self.data.profile]
        if base is None:
            return None
        return base * (EXPERT_FACTOR if self.data.options.get("expert") else 1.0)


def check_playing(table: LiveTable) -> None:
    """Refused unless the table's match is being played."""
    if table.match is None or table.data.status != "playing":
        raise Refused(
            _("the match is not being played") if table.match else _("the match has not started")
        )


def stop_tasks(table: LiveTable) -> None:
    """Cancel the table's clock and bots (but the task calling, which ends by itself)."""
    me = asyncio.current_task()
    for task in [*table.bot_tasks.values(), table.clock_task]:
        if task is not None and task is not me:
            task.cancel()
    table.bot_tasks.clear()


def replace(table: LiveTable, data: TableData) -> None:
    """The live table becomes the stored ``data``, in place: the same TableData and Match
    objects, so a task that holds them (a clock, a bot thinking) sees the new table, never a
    stale copy."""
    for f in dataclasses.fields(TableData):
        setattr(table.data, f.name, getattr(data, f.name))
    match = rebuilt(table.game, table.data)
    if table.match is None or match is None:
        table.match = match
    else:
        table.match.state, table.match.actions = match.state, match.actions


def rebuilt(game: Game[Any], data: TableData) -> Match[Any] | None:
    """The match of a stored table, its actions replayed (None before the start). The match
    keeps its actions in the table's own list: one list, which ``advance`` extends."""
    if data.status == "open":
        return None
    match = Match(game, data.players, data.options, seed=data.seed)
    for seat, action in data.actions:
        match.apply(seat, action)
    match.actions = data.actions
    return match


def next_state(match: Match[Any], seat: int, action: str) -> tuple[Any, list[Event]]:
    """The state after ``seat`` plays ``action``, and the action's events; the match stays as
    it is (``advance`` moves it, once the action is committed). ``IllegalAction`` says why an
    action cannot be played."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < match.players:
        raise IllegalAction(
            f"seat must be a number from 0 to {match.players - 1}, not {spell(seat)}"
        )
    state, events = match.game.apply(match.state, seat, action)
    # The state keeps these very events (last_events): what is sent out is a copy.
    return state, [copied(event) for event in events]


SCALARS = (str, int, float, bool, type(None))


def copied(value: Any) -> Any:
    """A deep copy of a JSON value (an event): dicts, lists and tuples copied, the rest kept as
    immutable; anything else by ``copy.deepcopy``. Several times quicker than ``deepcopy``
    alone, which every action of every table paid."""
    kind = type(value)
    if kind is dict:
        return {k: copied(v) for k, v in value.items()}
    if kind is list:
        return [copied(v) for v in value]
    if kind is tuple:
        return tuple(copied(v) for v in value)
    if kind in SCALARS:
        return value
    return copy.deepcopy(value)


def advance(table: LiveTable, seat: int, action: str, state: Any) -> None:
    """The table's match moves on to ``state``, reached by ``seat`` playing ``action``; the
    action joins the table's record (the match's list of actions too)."""
    assert table.match is not None  # only a match being played advances
    table.match.state = state
    table.data.actions.append((seat, action))


def result_of(table: LiveTable, state: Any) -> Result | None:
    """The result of the table's match ending in ``state`` (None if it has not ended): what
    history and ratings keep, committed with the last action."""
    outcome = table.game.outcome(state)
    if outcome is None:
        return None
    return Result(
        table_id=table.data.id,
        game=table.game.info.slug,
        finished_at=time.time(),
        seats=[
            ResultSeat(
                # A guest who resigned keeps the seat, with the bot that finished it.
                player_id=s.player_id,
                bot=s.bot,
                name=shown_name(s),
                score=float(score),
                place=place,
            )
            for s, score, place in zip(
                table.data.seats,
                outcome.scores,
                places_with_resigned(
                    [int(p) for p in outcome.places], [s.resigned for s in table.data.seats]
                ),
                strict=True,
            )
        ],
    )


def shown_outcome(outcome: Outcome, resigned: list[bool]) -> dict[str, Any]:
    """A finished match's outcome as its frames carry it (the end screen, the replay's last
    move): with ``places_with_resigned``, so a page never says "Ann wins" of a guest whose
    result, history and rating place her last (issue 28, point 2)."""
    shown = outcome.to_json()
    if any(resigned):
        shown["places"] = places_with_resigned([int(p) for p in outcome.places], resigned)
    return shown


def places_with_resigned(places: list[int], resigned: list[bool]) -> list[int]:
    """The places of a match's result when some seats resigned: those who played it out keep
    their order (ties stay ties), ranked among themselves; every seat that resigned comes
    after them, tied last, whatever its bot made of it. A resignation is a loss, as in any
    card room: leaving a lost match to a bot must not save it, and the ratings
    (ratings.py, by places) then read a resignation as the worst result.

    >>> places_with_resigned([1, 2, 2, 4], [False, False, False, False])
    [1, 2, 2, 4]
    >>> places_with_resigned([1, 2, 2, 4], [True, False, False, False])
    [4, 1, 1, 3]
    >>> places_with_resigned([3, 1, 2], [True, False, True])
    [2, 1, 2]
    """
    kept = [p for p, r in zip(places, resigned, strict=True) if not r]
    last = len(kept) + 1
    return [
        last if r else 1 + sum(1 for k in kept if k < p)
        for p, r in zip(places, resigned, strict=True)
    ]


def table_name(seats: list[Seat], name: str) -> str:
    """``name``, or ``name (2)``, ``(3)``... when someone at the table is already called so:
    "Waiting for Alice" must say which Alice.

    >>> table_name([Seat("a", "Alice"), Seat(bot="random")], "Alice")
    'Alice (2)'
    """
    taken = {s.name for s in seats if s.player_id is not None}
    n, candidate = 1, name
    while candidate in taken:
        n += 1
        candidate = f"{name} ({n})"
    return candidate


def shown_name(seat: Seat) -> str:
    """A seat's name in records, results and replays: the guest's, or the bot's level."""
    if seat.player_id is not None and seat.name:
        return seat.name
    return f"{seat.bot} bot" if seat.bot else "nobody"


def check_name(name: object) -> str:
    """A guest's name: 1 to 32 printable characters (always shown as text, never as HTML)."""
    if not isinstance(name, str):
        raise Refused(_("a name is text"))
    name = " ".join(name.split())
    if not 1 <= len(name) <= NAME_LIMIT:
        raise Refused(_("a name has 1 to {most} characters").format(most=NAME_LIMIT))
    if any(not ch.isprintable() for ch in name):
        raise Refused(_("a name holds only printable characters"))
    return name
