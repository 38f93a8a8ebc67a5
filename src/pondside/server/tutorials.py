"""A tutorial for each game (issue 28, point 5): a first deal, the same for everyone, played
against casual bots in the game's shortest form (one round, hand or game), at a table whose
player is coached at every decision: the table's summary says ``tutorial``, and a hint there
is the game's rule of thumb with its reason, at once (``Thinking.hint``). The page opens with
the game's short how-to (``/api/rules/{game}``) and then shows the coach's prompt and the
narration of each step, so a newcomer learns the rules by playing them.

The coach speaks as a teacher: the first time a kind of decision comes to the player (the
action's first word: a card to play, a column to take, a bid), its prompt opens with that
decision's lesson from the game's own tutorial script (``pondside.games.<game>.tutorial``:
``LESSONS`` and ``DONE``, the sentences written once, in the game's package; read by
``lessons.py``); at the end the page says the tutorial is done, what it taught (``DONE``) and
what next (``NEXT``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response
from pydantic import BaseModel

from pondside.games import get_game
from pondside.i18n import _

from .db import Seat
from .lessons import NEXT, script, shortest
from .tables import Guest, Refused
from .web import hub_of, need_guest, page, same_origin

router = APIRouter()

TUTORIAL_LEVEL = "casual"
TUTORIAL_SEED = 1
"""Every tutorial of a game is the same first deal: the same prompts for everyone."""


class TutorialShown(BaseModel):
    game: str
    game_name: str
    players: int
    options: dict[str, Any]
    done: str | None
    """What the tutorial taught, said at its end (the game's script)."""
    next: str
    """What to do next, said at its end."""


@router.get("/learn", include_in_schema=False)
async def learn_page() -> Response:
    return page("learn.html")


@router.get("/api/tutorials")
async def tutorials(request: Request) -> dict[str, list[TutorialShown]]:
    """The tutorials: one per game offered here."""
    shown = []
    for slug in hub_of(request).settings.games:
        game = get_game(slug)
        options = game.options(game.info.default_players, shortest(slug))
        shown.append(
            TutorialShown(
                game=slug,
                game_name=_(game.info.name),
                players=game.info.default_players,
                options=dict(options),
                done=_(done) if (done := script(slug)[1]) else None,
                next=_(NEXT),
            )
        )
    return {"tutorials": shown}


@router.post("/api/tutorials/{game}", dependencies=[Depends(same_origin)], status_code=201)
async def start_tutorial(
    game: str, request: Request, guest: Annotated[Guest, Depends(need_guest)]
) -> dict[str, Any]:
    """A new tutorial of ``game`` for the guest: seat 0 against casual bots, started at once."""
    hub = hub_of(request)
    if game not in hub.settings.games:
        raise Refused(
            _("there is no tutorial of {game!r}: no such game here").format(game=game), 404
        )
    found = get_game(game)
    players = found.info.default_players
    seats = [Seat(player_id=guest.id, name=guest.name)]
    seats += [Seat(bot=TUTORIAL_LEVEL) for _ in range(players - 1)]
    options = shortest(game)
    table = await hub.create(
        guest, game, players, options, "none", False, TUTORIAL_SEED, seats, tutorial=True
    )
    await hub.start(table, guest)
    return hub.summary(table)


__all__ = ["TUTORIAL_SEED", "router"]
