"""Play one match, through the engine protocol only (views and legal actions): the one match loop
of simulations, tournaments and a person's game at the terminal."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pondside.bots import make_bot
from pondside.bots.external import Choose
from pondside.engine import Event, Game, Match, Rng, seed_state

MAX_DECISIONS = 1_000_000


def derive_seed(seed: int, *salt: int) -> int:
    """A seed for one match or one bot, derived from the run's seed (stable across runs)."""
    return Rng(seed_state(seed)).fork(*salt).next64() >> 1


def seat_bots(game: Game[Any], specs: Mapping[int, str], seed: int) -> dict[int, Choose]:
    """Bot ``specs[s]`` for each seat s, seeded from the match's seed."""
    return {s: make_bot(spec, game, s, derive_seed(seed, 1, s)).choose for s, spec in specs.items()}


def play_out(
    match: Match[Any],
    choosers: Mapping[int, Choose],
    on_events: Callable[[list[Event]], None] | None = None,
    first: int | None = None,
) -> Match[Any]:
    """Play ``match`` to its end, ``choosers[s](view, legal)`` choosing for seat s."""
    for _ in range(MAX_DECISIONS):
        to_act = match.to_act()
        if not to_act:
            return match
        # One seat at a time, even at a simultaneous step: a view never shows a hidden choice.
        # A person (``first``) may decide first there: bots cannot see that choice anyway.
        seat = first if first in to_act else to_act[0]
        events = match.apply(seat, choosers[seat](match.view(seat), match.legal(seat)))
        if on_events:
            on_events(events)
    raise RuntimeError(f"{match.game.info.name} did not end within {MAX_DECISIONS} decisions")


def play_match(
    game: Game[Any],
    players: int,
    options: Mapping[str, Any] | None,
    bots: Sequence[str],
    seed: int,
    on_events: Callable[[list[Event]], None] | None = None,
) -> Match[Any]:
    """Play a whole match with bot ``bots[s]`` in seat s; bots get seeds derived from ``seed``."""
    match: Match[Any] = Match(game, players, options, seed=seed)
    return play_out(match, seat_bots(game, dict(enumerate(bots)), seed), on_events)
