"""Ratings of the online table: openskill's Plackett-Luce model over each finished match's
places (ties as the engine ranks them), per game, for guests and bot levels alike.

A subject is a guest (``player:<id>``) or a bot level (``bot:<level>``). Every seat plays as a
team of one with its subject's rating; a bot level that fills several seats of one match is
rated once for it, with the mean of its seats' new ratings (three heuristic bots at a table are
one subject, not three).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
MU = MODEL.mu
"""A new subject's rating: mu 25, sigma 25/3, so mu - 3 sigma starts at 0."""
SIGMA = MODEL.sigma


@dataclass(frozen=True)
class Skill:
    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        """What the leaderboard shows: a skill the subject very probably has at least."""
        return self.mu - 3 * self.sigma


def subject(player_id: str | None, bot: str | None) -> str:
    """``player:<id>`` for a guest's seat, ``bot:<level>`` for a bot's."""
    if player_id is not None:
        return f"player:{player_id}"
    if bot is not None:
        return f"bot:{bot}"
    raise ValueError("a seat of a finished match has a guest or a bot")


def rate(
    priors: Mapping[str, Skill], seats: Sequence[str], places: Sequence[int]
) -> dict[str, Skill] | None:
    """The new skills of the subjects at ``seats`` (a subject per seat) after a match whose
    places (1 = best, ties equal) are ``places``; None when the match cannot say who is better
    (fewer than two subjects: bots of one level among themselves, say).

    >>> new = rate({}, ["player:a", "bot:random"], [1, 2])
    >>> new["player:a"].mu > 25 > new["bot:random"].mu
    True
    >>> rate({}, ["bot:heuristic", "bot:heuristic"], [1, 2]) is None
    True
    """
    if len(set(seats)) < 2:
        return None
    teams = []
    for who in seats:
        prior = priors.get(who, Skill())
        teams.append([MODEL.rating(mu=prior.mu, sigma=prior.sigma)])
    rated = MODEL.rate(teams, ranks=[float(p) for p in places])
    sums: dict[str, list[float]] = {}
    for who, team in zip(seats, rated, strict=True):
        total = sums.setdefault(who, [0.0, 0.0, 0.0])
        total[0] += team[0].mu
        total[1] += team[0].sigma
        total[2] += 1
    return {who: Skill(mu / n, sigma / n) for who, (mu, sigma, n) in sums.items()}
