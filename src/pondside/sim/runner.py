"""Play one match between bots, through the engine protocol only (views and legal actions)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pondside.bots import make_bot
from pondside.engine import Event, Game, Match, Rng, seed_state

MAX_DECISIONS = 1_000_000


def derive_seed(seed: int, *salt: int) -> int:
    """A seed for one match or one bot, derived from the run's seed (stable across runs)."""
    return Rng(seed_state(seed)).fork(*salt).next64() >> 1


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
    seated = [make_bot(spec, game, s, derive_seed(seed, 1, s)) for s, spec in enumerate(bots)]
    for _ in range(MAX_DECISIONS):
        to_act = match.to_act()
        if not to_act:
            return match
        # One seat at a time, even at a simultaneous step: a view never shows a hidden choice.
        seat = to_act[0]
        events = match.apply(seat, seated[seat].choose(match.view(seat), match.legal(seat)))
        if on_events:
            on_events(events)
    raise RuntimeError(f"{game.info.name} did not end within {MAX_DECISIONS} decisions")
