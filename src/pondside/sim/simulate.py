"""Simulations: the tournament with one entry per seat, seats rotating so every entry plays every
seat. Match ``i`` seats entry ``e`` at seat ``(e + i) % players``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pondside.games import get_game

from .tournament import Job, OnProgress, Schedule, TournamentResult, play_rows, tournament


def simulate(
    slug: str,
    bots: Sequence[str],
    matches: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    ray: str | None = None,
    progress: OnProgress | None = None,
) -> TournamentResult:
    """Play ``matches`` matches with one seat per entry of ``bots``."""
    return tournament(
        slug,
        bots,
        matches,
        seed,
        options=options,
        jobs=jobs,
        ray=ray,
        progress=progress,
        one_per_seat=True,
    )


def run_matches(
    slug: str,
    players: int,
    options: Mapping[str, Any],
    bots: Sequence[str],
    seed: int,
    indices: Sequence[int],
) -> list[tuple[list[float], list[float]]]:
    """Win shares and scores by entry of the matches ``indices`` of a simulation, unfolded (a
    bot's test looks at a sample of matches without the tournament's ratings)."""
    resolved = get_game(slug).options(players, options)
    job = Job(slug, resolved, tuple(bots), Schedule.one_per_seat(players), seed)
    out = []
    for row in play_rows(job, indices):
        by_entry = sorted(range(players), key=row.seats.__getitem__)  # seat of entry 0, 1, ...
        shares = row.win_shares()
        out.append(([shares[s] for s in by_entry], [row.scores[s] for s in by_entry]))
    return out
