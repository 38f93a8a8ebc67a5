"""The lobby's changes, as decisions: a new table, who sits where, the start, the next match.

Each function checks a request against the table as it is and says what the table becomes (or
refuses, saying why); the hub saves it and tells everyone. Nothing here waits or writes.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Any

from pondside.bots.levels import LEVELS, is_level
from pondside.engine import Game, Match
from pondside.engine.match import new_seed
from pondside.games import get_game
from pondside.i18n import _

from .db import Seat, TableData
from .peers import Peers
from .settings import PROFILES, Settings
from .tables import LIMITS, Guest, LiveTable, Refused, table_name


async def new_table(
    settings: Settings,
    peers: Peers,
    host: Guest,
    game_slug: str,
    players: int,
    options: dict[str, Any],
    profile: str,
    listed: bool,
    seed: int | None,
    seats: list[Seat] | None,
    tutorial: bool = False,
) -> tuple[TableData, Game[Any]]:
    """A new open table (not stored yet) and its game; the host sits at seat 0 unless
    ``seats`` are given (a next match's). ``seed``: the server's own choice (a deal of the
    day, a deal played again); a guest's is checked by the route (``Settings.allow_seeds``)."""
    if game_slug not in settings.games:
        raise Refused(
            _("{game!r} cannot be played online yet; the online games are: {games}").format(
                game=game_slug, games=", ".join(settings.games)
            )
        )
    game = get_game(game_slug)
    if profile not in PROFILES:
        raise Refused(
            _("the time profiles are {profiles}, not {profile!r}").format(
                profiles=", ".join(PROFILES), profile=profile
            )
        )
    resolved = game.options(players, options)  # BadOption says what was expected
    for name, most in LIMITS.items():
        value = resolved.get(name)
        if isinstance(value, int) and not isinstance(value, bool) and value > most:
            raise Refused(
                _("an online table plays {name} up to {most}, not {value}").format(
                    name=name, most=most, value=value
                )
            )
    if seats is None:  # a table of the lobby (a next match is one the guest played)
        hosting = await peers.open_tables_of(host.id)
        if hosting >= settings.open_tables_per_guest:
            raise Refused(
                _("you already have {n} tables waiting to start: start or leave one first").format(
                    n=hosting
                ),
                429,
            )
        seats = [Seat() for _ in range(players)]
        seats[0] = Seat(player_id=host.id, name=host.name)
    data = TableData(
        id=secrets.token_urlsafe(9),
        game=game.info.slug,
        players=players,
        options=resolved,
        profile=profile,
        listed=listed,
        status="open",
        seed=new_seed() if seed is None else seed,
        host_id=host.id,
        created_at=time.time(),
        seq=0,
        clock={},
        next_id=None,
        seats=seats,
        tutorial=tutorial,
    )
    return data, game


def seats_after(
    table: LiveTable, guest: Guest, seat: int, what: str, level: str | None
) -> list[Seat]:
    """The seats once ``guest`` did ``what`` (join, leave or bot: the host fills a seat with a
    bot of ``level``) at ``seat``."""
    d = table.data
    if d.status != "open":
        raise Refused(_("the match has started: seats no longer change"), 409)
    if not 0 <= seat < d.players:
        raise Refused(_("seats are numbered 0 to {last}").format(last=d.players - 1), 404)
    target, mine = d.seats[seat], table.seat_of(guest)
    seats = list(d.seats)
    if what == "join":
        if target.taken:
            raise Refused(_("that seat is taken"), 409)
        if mine is not None:
            seats[mine] = Seat()
        seats[seat] = Seat(player_id=guest.id, name=table_name(seats, guest.name))
    elif what == "leave":
        mine_to_clear = target.player_id == guest.id
        if mine_to_clear or (target.bot is not None and guest.id == d.host_id):
            seats[seat] = Seat()
        else:
            raise Refused(_("you can only leave your own seat (or remove a bot you seated)"), 403)
    elif what == "bot":
        if guest.id != d.host_id:
            raise Refused(_("only the player who opened the table seats bots"), 403)
        # A name from the fixed ladder (or an older level's name), never a bot spec.
        if not isinstance(level, str) or not is_level(level):
            raise Refused(
                _("the bot levels are {levels}, not {level!r}").format(
                    levels=", ".join(LEVELS), level=level
                )
            )
        if target.player_id is not None and target.player_id != guest.id:
            raise Refused(_("that seat is taken by a player"), 409)
        seats[seat] = Seat(bot=level)
    else:
        raise Refused(_("a seat change is join, leave or bot"))
    return seats


def starting_match(table: LiveTable, guest: Guest) -> Match[Any]:
    """The match ``guest`` starts at the table (its host, every seat taken)."""
    d = table.data
    if d.status != "open":
        raise Refused(_("the match has already started"), 409)
    if guest.id != d.host_id:
        raise Refused(_("only the player who opened the table starts it"), 403)
    if not all(s.taken for s in d.seats):
        raise Refused(_("every seat needs a player or a bot before the start"), 409)
    return Match(table.game, d.players, d.options, seed=d.seed)


def rotated(seat: int, players: int) -> int:
    """A seat of this match at the next one: everyone moves one seat on (issue 28, 6), so the
    seat that plays first (leads, deals, starts the series) goes round the table from one
    match to the next, as the deal does in a card room."""
    return (seat + 1) % players


def seats_again(table: LiveTable, guest: Guest) -> list[Seat]:
    """The seats of the next match that ``guest``, a player of this one, asks for: the bots
    keep their levels, every seat one on (``rotated``), the asker's too; the others sit down
    again, one seat on, when they ask."""
    mine = table.seat_of(guest)
    if mine is None:
        raise Refused(_("only the players of this match can ask for another"), 403)
    # A resigned guest's bot was theirs for one match: the seat is free again.
    olds, n = table.data.seats, table.data.players
    seats = [Seat() for _ in olds]
    for i, old in enumerate(olds):
        if old.bot and not old.player_id:
            seats[rotated(i, n)] = Seat(bot=old.bot)
    seats[rotated(mine, n)] = Seat(player_id=guest.id, name=guest.name)
    return seats


def seat_again(table: LiveTable, following: LiveTable, guest: Guest) -> int | None:
    """Where a player of this match sits down at the next one, not seated there yet: their
    seat one on (``rotated``) if it is free, else the first free one (None: not a player,
    seated already, or no seat left)."""
    old_seat, nxt = table.seat_of(guest), following.data
    if old_seat is None or following.seat_of(guest) is not None or nxt.status != "open":
        return None
    free = [i for i, s in enumerate(nxt.seats) if not s.taken]
    if not free:
        return None
    seat = rotated(old_seat, nxt.players)
    return seat if seat in free else free[0]


def same_deal_seats(table: LiveTable, guest: Guest, seat: int | None) -> list[Seat]:
    """The seats at which ``guest`` plays a finished match's deal again: theirs at ``seat``
    (default: the first seat a guest played), the match's bots at their seats with their
    levels, casual bots (``TAKEOVER_LEVEL``) for its other guests."""
    d = table.data
    if d.status != "over":
        raise Refused(_("a deal is played again once its match is over"), 409)
    people = [i for i, s in enumerate(d.seats) if s.player_id]
    if seat is None:
        seat = people[0] if people else 0
    if not 0 <= seat < d.players:
        raise Refused(
            _("the seats of this deal are numbered 0 to {last}, not {seat}").format(
                last=d.players - 1, seat=seat
            )
        )
    seats = [Seat(bot=TAKEOVER_LEVEL if s.player_id else s.bot) for s in d.seats]
    seats[seat] = Seat(player_id=guest.id, name=guest.name)
    return seats


TAKEOVER_LEVEL = "casual"
"""The bot that plays on for a guest who resigned or left a match abandoned: a fair player of
the ladder's middle, so the others' match stays a match."""


def resigned_seats(table: LiveTable, resigning: list[int]) -> list[Seat]:
    """The seats once the guests at ``resigning`` resigned the match being played: a bot
    plays on for each (``Seat.resigned``)."""
    d = table.data
    if d.status != "playing":
        raise Refused(
            _("the match has not started: leave your seat instead")
            if d.status == "open"
            else _("the match is over: there is nothing to resign"),
            409,
        )
    seats = list(d.seats)
    for seat in resigning:
        mine = d.seats[seat]
        if mine.resigned:
            raise Refused(_("you have already resigned this match"), 409)
        seats[seat] = Seat(player_id=mine.player_id, name=mine.name, bot=TAKEOVER_LEVEL)
    return seats


def stood_in_seats(table: LiveTable, seat: int, gone: bool) -> list[Seat]:
    """The seats once the guest at ``seat`` is gone past the grace period (``gone``: a bot
    stands in for them, ``Seat.away``) or is back (the seat is theirs again)."""
    d = table.data
    mine = d.seats[seat]
    if d.status != "playing" or mine.player_id is None or mine.resigned or mine.away == gone:
        raise Refused(_("nothing to change at that seat"), 409)  # the match moved on meanwhile
    seats = list(d.seats)
    seats[seat] = Seat(mine.player_id, mine.name, TAKEOVER_LEVEL if gone else None, away=gone)
    return seats


def seat_to_resign(table: LiveTable, guest: Guest) -> int:
    """The seat ``guest`` resigns: theirs (refused if they play none)."""
    seat = table.seat_of(guest)
    if seat is None:
        if any(s.player_id == guest.id for s in table.data.seats):
            raise Refused(_("you have already resigned this match"), 409)
        raise Refused(_("only a player of this match can resign it"), 403)
    return seat


def bot_only(table: LiveTable) -> bool:
    """A match being played with no guest playing in it (bots only, or every guest resigned):
    nobody can join it, so the lobby lists it only when asked to. A guest a bot stands in for
    still plays it (they may come back)."""
    seats = table.data.seats
    return table.data.status == "playing" and not any(s.person or s.away for s in seats)


def lobby_list(
    among: list[LiveTable],
    guest: Guest | None,
    bots: bool = False,
    deserted: Callable[[LiveTable], bool] = lambda t: False,
) -> list[tuple[int | None, LiveTable]]:
    """The lobby's list: listed tables still open (unless ``deserted``: nobody has been there
    for long) or in play (those played by bots alone only if ``bots``), and the guest's own
    (listed or not, so a player who left the page finds the way back), theirs first, then
    newest first; each with the guest's seat there (None where they do not play)."""
    tables = []
    for t in among:
        if t.data.status not in ("open", "playing"):
            continue
        seat = None if guest is None else t.seat_of(guest)  # None once they resigned
        if seat is not None or (t.data.listed and (bots or not bot_only(t)) and not deserted(t)):
            tables.append((seat, t))
    tables.sort(key=lambda st: (st[0] is None, -st[1].data.created_at))
    return tables
