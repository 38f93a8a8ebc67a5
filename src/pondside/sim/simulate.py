"""Simulations: the tournament with one entry per seat, seats rotating so every entry plays every
seat. Match ``i`` seats entry ``e`` at seat ``(e + i) % players``."""

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
