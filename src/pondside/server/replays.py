"""Replays, uploaded records, match history and the leaderboard: the HTTP side.

A replay is built by replaying a match record through the engine, step by step, into the very
frames a live table sends (so the table pages draw it as they draw play): from one seat, which
sees what that seat saw, or as a spectator. A table's replay exists only once its match is
over; while it is played its hands stay hidden, even from its own players' replays.

An uploaded record is read as data and nothing else: it is checked by replaying it with
``Match.from_record``, stored in its normal form (the engine's own record plus the names), and
never becomes a path, a command or a bot spec.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import re
import secrets
import time
from decimal import ROUND_HALF_UP, Decimal
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Query, Request
from fastapi.responses import Response

from pondside import i18n
from pondside.engine import GameInfo, Match, PondsideError
from pondside.games import get_game
from pondside.i18n import N_, _, ngettext

from . import puzzle_store
from .db import TableData
from .frames import By, ClockShown, for_receiver, replay_summary, shared
from .hub import LIMITS, NAME_LIMIT, Guest, Hub, Refused
from .tables import shown_outcome
from .telling import shown_names
from .thinking import in_language
from .web import (
    TABLE_ID,
    Kept,
    client_address,
    guest_of,
    hub_of,
    kept_of,
    need_guest,
    page,
    same_origin,
)

MAX_RECORD_BYTES = 256 * 1024
MAX_RECORD_ACTIONS = 4000
UPLOADS_PER_HOUR = 20  # per guest
UPLOADS_PER_ADDRESS = 40  # per client address and hour: guests are free to make
UPLOADS_PER_HOUR_IN_ALL = 500  # by everyone together
ATTEMPTS_PER_MINUTE = 30  # good or bad, per guest: each one is replayed by the engine
ATTEMPTS_PER_ADDRESS = 120  # a minute
UPLOAD_ID = re.compile(r"u\.[A-Za-z0-9_-]{1,32}")
"""Uploaded records' ids: a table's id never holds a dot, so the two cannot collide."""
# Replays (one seat's frames each) are kept gzipped: a finished match never changes. Bounded
# by their compressed size (a long match's are a few hundred KB), not by their number.
CACHE_BYTES = 64 * 1024 * 1024
CACHE_ENTRIES = 2000
# Building a replay replays the match and encodes every frame (up to a second for the longest
# records), in a worker thread: at most this many at once, however many are asked for, and
# one build per replay (seat) asked for at the same time by several clients.
BUILDS_AT_ONCE = 2
BUILDS_PER_MINUTE = 120  # per client address: what is in the cache costs nothing and is free
# In words, not as the formula (issue 27, 13): the page's columns are named the same way.
RATING_LINE = N_(
    "The rating is a skill a player very probably has at least: the skill their results so far "
    "suggest, less three times how unsure that still is. Everyone starts at 0 (a skill of 25, "
    "unsure by 8.3); each finished match moves the skill by the places (ties count as ties) and "
    "makes it less unsure, so a rating climbs as matches add up as well as when they are won."
)

# A replay's analysis (one seat's decisions judged by a short search) keeps a worker process
# busy for seconds: one at a time on this server (the search bots share those workers), each
# kept once made, since a finished match never changes; a few new ones per address and hour.
ANALYSES_PER_HOUR = 12  # per client address: one in the cache costs nothing and is free
ANALYSIS_CACHE = 500
SEAT_FORM = re.compile(r"[0-9]{1,3}")

router = APIRouter()


# --- building a replay ---------------------------------------------------------------------
def frames(
    record: dict[str, Any],
    seat: int | None,
    replay_id: str,
    names: list[str | None],
    bots: list[str | None],
    hows: list[str] | None = None,
    resigned: list[bool] | None = None,
) -> dict[str, Any]:
    """Every frame of ``record`` from ``seat`` (None: the spectator): step 0 is the deal, step k
    the table after the record's k-th action, each as a live table's frame (reason "action",
    ``seq`` = k, ``by``, the action's public events, ``view`` = Match.view(seat), no legal
    actions, no clock, ``outcome`` once the match is over: the seats that ``resigned`` last,
    as at the table)."""
    try:
        game = get_game(record["game"])
        match = Match(
            game,
            record["players"],
            record["options"],
            seed=record["seed"],
            deal=record.get("deal"),
            position=record.get("position"),
        )
    except PondsideError as exc:
        raise _unplayable(record, exc) from None
    if seat is not None and not 0 <= seat < match.players:
        raise Refused(_("seats are numbered 0 to {last}").format(last=match.players - 1), 404)
    actions = [(int(s), str(a)) for s, a in record["actions"]]
    blank: ClockShown = {"limit": None, "left": [None] * match.players}
    steps: list[tuple[By | None, list[Any]]] = [(None, [])]
    views = [match.view(seat)]
    for i, (who, action) in enumerate(actions):
        try:
            events = match.apply(who, action)
        except PondsideError as exc:
            raise _unplayable(record, exc) from None
        how = hows[i] if hows and i < len(hows) else None
        steps.append(({"seat": who, "how": how}, events))
        views.append(match.view(seat))
    outcome = match.outcome()
    table = replay_summary(replay_id, match, names, bots, resigned)
    out = []
    for k, ((by, events), view) in enumerate(zip(steps, views, strict=True)):
        last = k == len(actions)
        common = shared(
            "start" if k == 0 else "action",
            k,
            by,
            table,
            events,
            blank,
            shown_outcome(outcome, resigned or [False] * match.players)
            if last and outcome is not None
            else None,
        )
        out.append(for_receiver(common, game, seat, False, view, [], views[k - 1] if k else None))
    return {
        "id": replay_id,
        "game": game.info.slug,
        "game_name": game.info.name,
        "seat": seat,
        "steps": len(actions),
        "over": match.is_over(),
        "names": [table["seats"][i]["name"] for i in range(match.players)],
        "record": record_link(replay_id),
        "frames": out,
    }


def _unplayable(record: dict[str, Any], exc: Exception) -> Refused:
    """A stored match that this version can no longer replay: its game was removed, or its
    rules changed under its record."""
    return Refused(
        _(
            "this match of {game!r} cannot be replayed by this version of Pondside ({error}); "
            "its record can still be downloaded"
        ).format(game=record.get("game"), error=exc),
        410,
    )


def record_link(replay_id: str) -> str:
    if UPLOAD_ID.fullmatch(replay_id):
        return f"/api/records/{replay_id}"
    return f"/api/tables/{replay_id}/record"


async def _source(
    hub: Hub, replay_id: str
) -> tuple[dict[str, Any], list[str | None], list[str | None], list[str] | None, list[bool]]:
    """The record of a replay, the seats' names and bot levels, how each action was made,
    which seats resigned (an upload: none)."""
    if UPLOAD_ID.fullmatch(replay_id):
        rec = await asyncio.to_thread(hub.store.load_record, replay_id)
        if rec is None:
            raise Refused(_("there is no such record; check the link"), 404)
        if "position" in rec:
            # Taken before positions were refused (see check_record): not replayed, as its
            # position's unchecked fields would reach every frame.
            raise Refused(
                _(
                    "this record starts from a position, which replays no longer show; "
                    "download it and watch it with `pondside replay`"
                ),
                410,
            )
        names = list(rec.get("names") or [None] * rec["players"])
        return rec, names, [None] * rec["players"], None, [False] * rec["players"]
    if not TABLE_ID.fullmatch(replay_id):
        raise Refused(_("there is no such table; check the link"), 404)
    live = hub.tables.get(replay_id)
    data = live.data if live is not None else await _table_data(hub, replay_id)
    if data is None:
        raise Refused(_("there is no such table; check the link"), 404)
    if data.status != "over":
        raise Refused(
            _(
                "this match is not over yet: its replay opens when it ends, so that no hand is "
                "shown while it is played"
            )
            if data.status == "playing"
            else _("this match has not started: there is nothing to replay yet"),
            409,
        )
    # A table in memory: its match's own record (what was played, as committed).
    actions = live.match.actions if live is not None and live.match is not None else data.actions
    rec = {
        "game": data.game,
        "players": data.players,
        "options": data.options,
        "seed": data.seed,
        "actions": [[s, a] for s, a in actions],
    }
    hows = await asyncio.to_thread(hub.store.hows, replay_id)
    names = [s.name if s.player_id else None for s in data.seats]
    bots = [None if s.player_id else s.bot for s in data.seats]
    return rec, names, bots, hows, [s.resigned for s in data.seats]


async def _table_data(hub: Hub, table_id: str) -> TableData | None:
    """The table as in memory, or as stored (a finished table is not brought back to memory
    for its replay)."""
    live = hub.tables.get(table_id)
    if live is not None:
        return live.data
    return await asyncio.to_thread(hub.store.load_table, table_id)


# --- the API --------------------------------------------------------------------------------
@router.get("/api/replays/{replay_id}")
async def replay(
    replay_id: str,
    request: Request,
    seat: Annotated[int | None, Query(ge=0, le=63)] = None,
) -> Response:
    """Every frame of a finished match (or an uploaded record) from ``seat``, or as a
    spectator without it; 409 while the match is played."""
    kept = kept_of(request)
    # Told in the asker's language: a replay is kept once per language it was asked in.
    key = (replay_id, seat, i18n.current())
    body = kept.replays.get(key)
    if body is not None:
        kept.replays.move_to_end(key)
    else:
        building = kept.building.get(key)
        if building is None:
            # Only builds count: a replay in the cache (or being built) costs nothing more.
            if not kept.builders.allow(client_address(request), BUILDS_PER_MINUTE, 60):
                raise Refused(_("too many replays opened in a minute: wait a moment"), 429)
            building = asyncio.ensure_future(_build(hub_of(request), kept, replay_id, seat))
            kept.building[key] = building
            building.add_done_callback(lambda done: _built(kept, done))
        # Shielded: one client going away does not cancel the build others wait for.
        body = await asyncio.shield(building)
    headers = {"Vary": "Accept-Encoding"}
    if not accepts_gzip(request.headers.get("accept-encoding", "")):
        plain = await asyncio.to_thread(gzip.decompress, body)
        return Response(plain, media_type="application/json", headers=headers)
    headers["Content-Encoding"] = "gzip"
    return Response(body, media_type="application/json", headers=headers)


@router.get("/api/replays/{replay_id}/analysis")
async def analysis(
    replay_id: str,
    request: Request,
    seat: Annotated[str | None, Query(max_length=16)] = None,
) -> dict[str, Any]:
    """One seat's decisions in a finished match (or an uploaded record), each judged against
    the best action a short search finds from that seat's view (``pondside.analysis``): the
    expected places it lost. Kept once made; one made at a time on this server (503 while
    another is), a few per address and hour (429)."""
    if seat is None or not SEAT_FORM.fullmatch(seat):
        if seat is None:
            raise Refused(_("name the seat to analyse: ?seat= a seat's number from 0, not nothing"))
        raise Refused(
            _("name the seat to analyse: ?seat= a seat's number from 0, not {given!r}").format(
                given=seat
            )
        )
    number = int(seat)
    kept = kept_of(request)
    key = (replay_id, number)
    found = kept.analyses.get(key)
    if found is not None:
        kept.analyses.move_to_end(key)
        return in_language(found, i18n.current())
    hub = hub_of(request)
    # Checked before anything is made: the replay exists, is finished, and has that seat.
    rec, _names, _bots, _hows, _resigned = await _source(hub, replay_id)
    players = int(rec["players"])
    if number >= players:
        raise Refused(
            _("seat {seat} is not at this table: its seats are numbered 0 to {last}").format(
                seat=number, last=players - 1
            )
        )
    making = kept.analysing.get(key)
    if making is None:
        if kept.analysing:
            raise Refused(
                _("another match is being analysed on this server just now: try again in a minute"),
                503,
            )
        if not kept.analysers.allow(client_address(request), ANALYSES_PER_HOUR, 3600):
            raise Refused(
                ngettext(
                    "{n} analysis was asked for from your address in the last hour: wait a "
                    "while (those already made open at once)",
                    "{n} analyses were asked for from your address in the last hour: wait a "
                    "while (those already made open at once)",
                    ANALYSES_PER_HOUR,
                ).format(n=ANALYSES_PER_HOUR),
                429,
            )
        making = asyncio.ensure_future(_analyse(hub, replay_id, rec, number))
        kept.analysing[key] = making
        making.add_done_callback(lambda done: _analysed(kept, key, done))
    # Shielded: a client going away does not cancel an analysis that others (or it, asking
    # again) will find in the cache. Kept in every language, answered in the asker's.
    return in_language(await asyncio.shield(making), i18n.current())


async def _analyse(hub: Hub, replay_id: str, rec: dict[str, Any], seat: int) -> dict[str, Any]:
    found = await hub.thinking.analyse(rec, seat)
    # A guest's mistakes become their puzzles, made after the analysis is answered.
    hub.later(puzzle_store.make_after_analysis(hub, replay_id, rec, found, seat))
    # The page has the seats' names (the replay's); the record's fallbacks would differ.
    found.pop("names", None)
    return {"id": replay_id, "seat": seat, **found}


def _analysed(kept: Kept, key: tuple[str, int], done: asyncio.Future[dict[str, Any]]) -> None:
    """An analysis is over: kept when it succeeded, and the next one may start."""
    if kept.analysing.get(key) is done:
        del kept.analysing[key]
    if done.cancelled() or done.exception() is not None:
        return  # its askers were told (or all went away)
    kept.analyses[key] = done.result()
    while len(kept.analyses) > ANALYSIS_CACHE:
        kept.analyses.popitem(last=False)


def _built(kept: Kept, building: asyncio.Future[bytes]) -> None:
    """A build is over: the next ask for it starts another (or finds it in the cache)."""
    for key, future in list(kept.building.items()):
        if future is building:
            del kept.building[key]
    if not building.cancelled():
        building.exception()  # retrieved: its askers were told (or all went away meanwhile)


async def _build(hub: Hub, kept: Kept, replay_id: str, seat: int | None) -> bytes:
    """A replay's frames, gzipped; kept if they can never change."""
    loop = asyncio.get_running_loop()
    if kept.builds is None or kept.builds[0] is not loop:  # a semaphore is its loop's
        kept.builds = (loop, asyncio.Semaphore(BUILDS_AT_ONCE))
    async with kept.builds[1]:
        rec, names, bots, hows, resigned = await _source(hub, replay_id)
        # Replayed, encoded and compressed in the thread: none of it holds the event loop.
        over, body = await asyncio.to_thread(
            _encoded, rec, seat, replay_id, names, bots, hows, resigned
        )
    # A table's replay is kept only once it shows a finished match (an uploaded record never
    # changes, finished or not): a replay missing its last actions must not outlive them.
    if over or UPLOAD_ID.fullmatch(replay_id):
        _keep(kept, (replay_id, seat, i18n.current()), body)
    return body


def _encoded(
    rec: dict[str, Any],
    seat: int | None,
    replay_id: str,
    names: list[str | None],
    bots: list[str | None],
    hows: list[str] | None,
    resigned: list[bool],
) -> tuple[bool, bytes]:
    built = frames(rec, seat, replay_id, names, bots, hows, resigned)
    # Sent compressed: a long match's frames are megabytes of JSON, a tenth zipped.
    text = json.dumps(built, separators=(",", ":"), ensure_ascii=True)
    return bool(built["over"]), gzip.compress(text.encode(), 6)


def _keep(kept: Kept, key: tuple[str, int | None, str], body: bytes) -> None:
    if len(body) > CACHE_BYTES // 8:
        return
    old = kept.replays.pop(key, None)
    kept.replay_bytes -= len(old) if old is not None else 0
    kept.replays[key] = body
    kept.replay_bytes += len(body)
    while kept.replay_bytes > CACHE_BYTES or len(kept.replays) > CACHE_ENTRIES:
        _key, dropped = kept.replays.popitem(last=False)
        kept.replay_bytes -= len(dropped)


def accepts_gzip(header: str) -> bool:
    """Whether an Accept-Encoding header takes gzip: named (or ``*``) with a quality above 0.

    >>> accepts_gzip("gzip, deflate"), accepts_gzip("gzip;q=0"), accepts_gzip("br, *;q=0.5")
    (True, False, True)
    """
    qualities: dict[str, float] = {}
    for part in header.lower().split(","):
        coding, _, params = part.partition(";")
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        qualities[coding.strip()] = q
    q = qualities.get("gzip", qualities.get("x-gzip", qualities.get("*", 0.0)))
    return q > 0


@router.post("/api/records", dependencies=[Depends(same_origin)], status_code=201)
async def upload(request: Request, guest: Annotated[Guest, Depends(need_guest)]) -> dict[str, Any]:
    """Keep a match record (the JSON ``pondside replay`` reads) so that its replay has a link:
    ``{id, link}``."""
    hub = hub_of(request)
    kept = kept_of(request)
    address = client_address(request)
    # Attempts are limited too, good or bad: each one is replayed by the engine. Per guest
    # and per address, as guests cost nothing to make.
    for key, most in ((f"guest:{guest.id}", ATTEMPTS_PER_MINUTE), (address, ATTEMPTS_PER_ADDRESS)):
        if not kept.attempts.allow(key, most, 60):
            raise Refused(_("too many uploads in a minute: wait a moment and try again"), 429)
    raw = await _body(request)
    since = time.time() - 3600
    if await asyncio.to_thread(hub.store.uploads_since, guest.id, since) >= UPLOADS_PER_HOUR:
        raise Refused(
            ngettext(
                "you have uploaded {n} record in the last hour: wait a while",
                "you have uploaded {n} records in the last hour: wait a while",
                UPLOADS_PER_HOUR,
            ).format(n=UPLOADS_PER_HOUR),
            429,
        )
    if kept.uploaders.count(address, 3600) >= UPLOADS_PER_ADDRESS:
        raise Refused(
            ngettext(
                "{n} record was uploaded from your address in the last hour: wait a while",
                "{n} records were uploaded from your address in the last hour: wait a while",
                UPLOADS_PER_ADDRESS,
            ).format(n=UPLOADS_PER_ADDRESS),
            429,
        )
    if await asyncio.to_thread(hub.store.uploads_since, None, since) >= UPLOADS_PER_HOUR_IN_ALL:
        raise Refused(_("this server takes no more uploads this hour: try again later"), 503)
    record = await asyncio.to_thread(check_record, raw, hub.settings.games)
    record_id = "u." + secrets.token_urlsafe(12)
    await asyncio.to_thread(hub.store.add_record, record_id, record["game"], guest.id, record)
    kept.uploaders.note(address)
    return {"id": record_id, "link": f"/replay/{record_id}", "game": record["game"]}


@router.get("/api/records/{record_id}")
async def uploaded(record_id: str, request: Request) -> Response:
    """An uploaded record, as it was checked and stored (to download again)."""
    rec = None
    if UPLOAD_ID.fullmatch(record_id):
        rec = await asyncio.to_thread(hub_of(request).store.load_record, record_id)
    if rec is None:
        raise HTTPException(404, _("there is no such record; check the link"))
    return Response(
        json.dumps(rec, indent=1),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{record_id}.json"'},
    )


@router.get("/api/players/me/matches")
async def my_matches(
    request: Request,
    guest: Annotated[Guest, Depends(need_guest)],
    limit: Annotated[int, Query(ge=1, le=100)] = 50,
    before: Annotated[float | None, Query(ge=0)] = None,
    before_id: Annotated[str | None, Query(max_length=32, pattern=TABLE_ID.pattern)] = None,
) -> dict[str, Any]:
    """This guest's finished matches, newest first. The next page: ``before`` and
    ``before_id``, the ``finished_at`` and ``table_id`` of the last match shown."""
    store = hub_of(request).store
    found = await asyncio.to_thread(store.matches_of, guest.id, limit, before, before_id)
    for m in found:
        listed(m)
        m["replay"] = f"/replay/{m['table_id']}?seat={m['seat']}"
        m["record"] = f"/api/tables/{m['table_id']}/record"
    return {"name": guest.name, "matches": found}


def listed(match: dict[str, Any]) -> None:
    """A finished match as "My matches" shows it (issue 27, 13), in place: the game's name;
    each seat named as the table named it ("Bot 2", not the level the record keeps, which
    stays in ``bot``), the seats by place, and every score said with the game's unit
    (``score_words``: "12 ducks")."""
    try:
        info: GameInfo | None = get_game(match["game"]).info
    except PondsideError:  # a game this version no longer has: its history stays
        info = None
    match["game_name"] = _(info.name) if info else match["game"]

    def said(score: float) -> str:
        return info.score_words(score) if info else f"{score:g}"

    seats = match["seats"]  # in seat order, as the table numbered them
    match["resigned"] = seats[match["seat"]]["resigned"]
    names = shown_names({"seats": [{**s, "name": None if s["bot"] else s["name"]} for s in seats]})
    for s, name in zip(seats, names, strict=True):
        # A resignation is said where the name is: it explains the last place.
        s["name"] = _("{name} (resigned)").format(name=name) if s.get("resigned") else name
        s["score_words"] = said(s["score"])
    seats.sort(key=lambda s: (s["place"], s["seat"]))
    match["score_words"] = said(match["score"])


@router.get("/api/leaderboard/{game}")
async def leaderboard(
    game: str,
    request: Request,
    guest: Annotated[Guest | None, Depends(guest_of)],
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> dict[str, Any]:
    """A game's ratings, people and bot levels together, best first. The asker's own row says
    ``you``: several guests may share a name, and nobody else's id is given out."""
    hub = hub_of(request)
    if game not in hub.settings.games:
        raise HTTPException(
            404,
            _("no game {game!r} is played here; the games are {games}").format(
                game=game, games=", ".join(hub.settings.games)
            ),
        )
    rows = await asyncio.to_thread(hub.store.leaderboard, game, limit)
    rank = 0
    for i, row in enumerate(rows):
        # Ranks tie on the value shown (one decimal): two players shown alike rank alike.
        shown = shown_rating(row["ordinal"])
        if i == 0 or shown != shown_rating(rows[i - 1]["ordinal"]):
            rank = i + 1
        row["rank"] = rank
        row["you"] = guest is not None and row.pop("player_id") == guest.id
    return {
        "game": game,
        "game_name": _(get_game(game).info.name),
        "explanation": _(RATING_LINE),
        "ratings": rows,
    }


def shown_rating(value: float) -> Decimal:
    """A rating as the leaderboard page shows it: JavaScript's ``toFixed(1)``, which rounds
    the exact value half away from zero (Python's ``round`` would make 2.25 2.2, the page 2.3).

    >>> [str(shown_rating(x)) for x in (2.25, -2.25, 2.96, 3.04)]
    ['2.3', '-2.3', '3.0', '3.0']
    """
    return Decimal(value).quantize(Decimal("0.1"), ROUND_HALF_UP)


# --- the pages ------------------------------------------------------------------------------
@router.get("/replay", include_in_schema=False)
async def uploadpage() -> Response:
    return page("replay.html")


@router.get("/replay/{replay_id}", include_in_schema=False)
async def replaypage(replay_id: str) -> Response:
    # The same table page as live play, whatever the game: the page asks for the match itself
    # (and says so when there is none).
    return page("game.html")


@router.get("/history", include_in_schema=False)
async def historypage() -> Response:
    return page("history.html")


@router.get("/leaderboard", include_in_schema=False)
async def leaderboardpage() -> Response:
    return page("leaderboard.html")


# --- checking an upload ---------------------------------------------------------------------
async def _body(request: Request) -> bytes:
    """The request's body, refused past ``MAX_RECORD_BYTES`` without reading it all."""
    declared = request.headers.get("content-length")
    too_big = Refused(
        _("a record is at most {kb} KB of JSON; this one is larger").format(
            kb=MAX_RECORD_BYTES // 1024
        ),
        413,
    )
    if declared and declared.isdigit() and int(declared) > MAX_RECORD_BYTES:
        raise too_big
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_RECORD_BYTES:
            raise too_big
        chunks.append(chunk)
    return b"".join(chunks)


def check_record(raw: bytes, games: tuple[str, ...]) -> dict[str, Any]:
    """The record in ``raw`` in its normal form, once the engine has replayed it to its last
    action; ``Refused`` says what was expected.

    Checked as a table's configuration would be: a seed in 0 to 2**63 - 1, options within the
    online limits, and no starting ``position`` (a snapshot carries free-form fields, such as
    its last events, into every frame of the replay: positions are for ``pondside replay`` on
    one's own machine)."""
    expected = _(
        "a match record: the JSON object that “Download the record” gives and "
        "`pondside replay` reads, with game, players, options, seed and actions"
    )
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        # The parser's own words say where (Python's, in English: a position in the text).
        if isinstance(exc, json.JSONDecodeError):
            said = _("this is not JSON ({error}): expected {expected}")
        else:
            said = _("this is not JSON: expected {expected}")
        raise Refused(said.format(error=exc, expected=expected)) from None
    if not isinstance(data, dict):
        raise Refused(
            _("expected {expected}, not a JSON {kind}").format(
                expected=expected, kind=type(data).__name__
            )
        )
    game = data.get("game")
    if game not in games:
        raise Refused(
            _("the record's game is {game!r}; the games here are {games}").format(
                game=game, games=", ".join(games)
            )
        )
    actions = data.get("actions")
    if isinstance(actions, list) and len(actions) > MAX_RECORD_ACTIONS:
        raise Refused(
            _("a record has at most {most} actions, not {given}").format(
                most=MAX_RECORD_ACTIONS, given=len(actions)
            )
        )
    if "position" in data:
        raise Refused(
            _(
                "a record that starts from a position cannot be uploaded: only a match from its "
                "deal (a seed or a deal); `pondside replay` shows the others on your computer"
            )
        )
    seed = data.get("seed")
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63
    ):
        raise Refused(
            _("a record's seed is a whole number from 0 to 2**63 - 1, not {given!r}").format(
                given=seed
            )
        )
    try:
        match = Match.from_record(get_game(game), data)
    except PondsideError as exc:
        raise Refused(str(exc)) from None
    except Exception as exc:  # a deal or position can be malformed in endless ways
        raise Refused(
            _("the record cannot start a match ({kind}): {error}").format(
                kind=type(exc).__name__, error=exc
            )
        ) from None
    for name, most in LIMITS.items():
        value = match.options.get(name)
        if isinstance(value, int) and not isinstance(value, bool) and value > most:
            raise Refused(
                _("an online table plays {name} up to {most}, not {value}").format(
                    name=name, most=most, value=value
                )
            )
    record = match.record()
    record["names"] = _names(data.get("names"), match.players)
    return record


def _names(names: Any, players: int) -> list[str | None]:
    if names is None:
        return [None] * players
    if not isinstance(names, list) or len(names) != players:
        raise Refused(
            ngettext(
                "the record's names are a list of {n} name (or null)",
                "the record's names are a list of {n} names (or null)",
                players,
            ).format(n=players)
        )
    out: list[str | None] = []
    for name in names:
        if name is None:
            out.append(None)
            continue
        if not isinstance(name, str) or not name.strip():
            raise Refused(_("each of the record's names is text (or null)"))
        name = " ".join(name.split())[: NAME_LIMIT + 8]
        if any(not ch.isprintable() for ch in name):
            raise Refused(_("the record's names hold only printable characters"))
        # Two seats of one name ("random bot" twice) are told apart, as at a table.
        n, shown = 1, name
        while shown in out:
            n += 1
            shown = f"{name} ({n})"
        out.append(shown)
    return out


__all__ = ["check_record", "frames", "router"]
