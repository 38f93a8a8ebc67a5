"""Puzzles from a guest's own mistakes (issue 28, point 4), served: when a guest's seat of a
finished match is analysed (the replay's "Analyse"), its biggest mistakes that a longer search
finds clearly wrong become that guest's puzzles (``pondside.puzzles``, made in the search
worker pool after the analysis, stored in ``puzzles``). A guest lists theirs; each game has a
puzzle of the day, drawn by the day from every game's puzzles. A puzzle shows the position from
the seat's view only (nothing of the hidden cards) and the action played; an answer is judged
against the search's solutions and explained with every evaluated action's label, what it would
do and its estimates.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import Response

from pondside.engine import Match, PondsideError
from pondside.games import get_game
from pondside.i18n import _
from pondside.puzzles import Puzzle

from .frames import ClockShown, for_receiver, replay_summary, shared
from .puzzle_store import of_the_day, one, puzzles_of
from .rows import PuzzleRow
from .tables import Guest, Refused
from .telling import words_in
from .web import hub_of, need_guest, page, today

router = APIRouter()


# --- the API ---------------------------------------------------------------------------------
PUZZLE_ID = r"^[A-Za-z0-9_-]{1,16}$"


@router.get("/puzzles", include_in_schema=False)
async def puzzles_page() -> Response:
    return page("puzzles.html")


@router.get("/puzzle/{puzzle_id}", include_in_schema=False)
async def puzzle_page(puzzle_id: str) -> Response:
    # The table page, fed the puzzle's frame (static/puzzle.js) instead of a table's socket.
    return page("game.html")


@router.get("/api/puzzles")
async def mine(request: Request, guest: Annotated[Guest, Depends(need_guest)]) -> dict[str, Any]:
    """The guest's puzzles, newest first (from the mistakes of their analysed matches)."""
    store = hub_of(request).store
    return {"puzzles": await asyncio.to_thread(puzzles_of, store, guest.id)}


async def _puzzle(request: Request, puzzle_id: str) -> tuple[PuzzleRow, Puzzle]:
    found = await asyncio.to_thread(one, hub_of(request).store, puzzle_id)
    if found is None:
        raise Refused(_("there is no such puzzle; check the link"), 404)
    row, stored = found
    # Said in the reader's language from what the puzzle keeps (its view, its actions).
    return row, await asyncio.to_thread(stored.said, get_game(row.game))


def _words(puzzle: Puzzle) -> dict[str, str]:
    """The card words of the puzzle's sentences (its actions' labels and what they do), for a
    page that reads cards by name (``telling.words_in``)."""
    texts = [t for e in puzzle.explained for t in (e["label"], e.get("effect"))]
    return words_in(get_game(puzzle.game), texts, puzzle.names)


def _question(row: PuzzleRow, puzzle: Puzzle) -> dict[str, Any]:
    return {
        "id": row.id,
        "game_name": _(get_game(row.game).info.name),
        "prompt": _("Find a better move than the one played."),
        **puzzle.question(),
        "card_words": _words(puzzle),
    }


@router.get("/api/puzzles/daily")
async def daily_puzzles(request: Request) -> dict[str, Any]:
    """Today's puzzle of every game, ``null`` for a game with none yet: the puzzles page asks
    once, and a game without a puzzle is no error (a 404 per game logged in every visitor's
    console, as the new player's trial found)."""
    hub = hub_of(request)
    puzzles: dict[str, dict[str, Any] | None] = {}
    for game in hub.settings.games:
        found = await asyncio.to_thread(of_the_day, hub.store, game, today())
        puzzles[game] = None if found is None else _question(*await _puzzle(request, found))
    return {"day": today(), "puzzles": puzzles}


@router.get("/api/puzzles/daily/{game}")
async def daily_puzzle(game: str, request: Request) -> dict[str, Any]:
    """Today's puzzle of ``game``: drawn from every puzzle of the game's finished matches."""
    hub = hub_of(request)
    if game not in hub.settings.games:
        raise Refused(_("there is no game {game!r} here").format(game=game), 404)
    found = await asyncio.to_thread(of_the_day, hub.store, game, today())
    if found is None:
        raise Refused(_("no puzzle of this game yet: analyse a finished match to make some"), 404)
    return {"day": today(), **_question(*await _puzzle(request, found))}


@router.get("/api/puzzles/{puzzle_id}")
async def puzzle(
    request: Request, puzzle_id: Annotated[str, Path(pattern=PUZZLE_ID)]
) -> dict[str, Any]:
    """A puzzle: the position from the seat's view, its legal actions and the one played."""
    return _question(*await _puzzle(request, puzzle_id))


@router.get("/api/puzzles/{puzzle_id}/frame")
async def puzzle_frame(
    request: Request, puzzle_id: Annotated[str, Path(pattern=PUZZLE_ID)]
) -> dict[str, Any]:
    """The puzzle's position as a table's frame (what the table page draws, from the seat's
    view, with its legal actions and their labels), so the game's own page shows it."""
    row, found = await _puzzle(request, puzzle_id)
    hub = hub_of(request)
    table = await hub.table(row.table_id)
    game = table.game
    record = {
        "game": game.info.slug,
        "players": table.data.players,
        "options": table.data.options,
        "seed": table.data.seed,
    }

    def build() -> dict[str, Any]:
        match: Match[Any] = Match.start_of(game, record)
        for who, action in table.data.actions[: row.number - 1]:
            match.apply(who, action)
        names = [s.name for s in table.data.seats]
        bots = [None if s.player_id else s.bot for s in table.data.seats]
        summary = replay_summary(row.id, match, names, bots)
        summary["puzzle"] = True
        blank: ClockShown = {"limit": None, "left": [None] * match.players}
        common = shared("welcome", row.number - 1, None, summary, [], blank, None)
        view = match.view(row.seat)
        return dict(for_receiver(common, game, row.seat, False, view, list(found.legal)))

    return await asyncio.to_thread(build)


@router.get("/api/puzzles/{puzzle_id}/answer")
async def answer(
    request: Request,
    puzzle_id: Annotated[str, Path(pattern=PUZZLE_ID)],
    action: Annotated[str, Query(max_length=64)],
) -> dict[str, Any]:
    """The verdict on ``action``: right or not, the answer, and every evaluated action with
    its label, what it would do and the search's estimates. Nothing changes: a GET."""
    row, found = await _puzzle(request, puzzle_id)
    try:
        return {"id": row.id, **found.check(action), "card_words": _words(found)}
    except PondsideError as exc:
        raise Refused(str(exc)) from None


__all__ = ["router"]
