"""Simulations: the tournament with one entry per seat. The entries sit around the table in one
order, turned a seat each match so that every entry plays every seat, then in the next order,
so that each also plays after every other equally often (``Schedule``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .tournament import OnProgress, TournamentResult, tournament


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
