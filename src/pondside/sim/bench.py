"""Speed of the rules: random complete deals and decisions per second on one core.

The loop drives the game functions (to_act, legal_actions, apply) with uniformly random
actions, exactly as a Monte-Carlo rollout does, and reports the median of several runs.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

from pondside.engine import Game


@dataclass
class BenchResult:
    game: str
    deals_per_s: float
    decisions_per_s: float
    runs: int

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "deals_per_s": round(self.deals_per_s, 1),
            "decisions_per_s": round(self.decisions_per_s, 1),
        }


def _one_run(
    game: Game[Any], players: int, options: dict[str, Any], seconds: float, seed: int
) -> tuple[float, float]:
    rng = random.Random(seed)
    randrange = rng.randrange
    to_act, legal_actions, apply = game.to_act, game.legal_actions, game.apply
    deals = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    match_seed = seed * 1_000_003
    while True:
        state = game.new(players, options, match_seed)
        match_seed += 1
        while True:
            seats = to_act(state)
            if not seats:
                break
            seat = seats[0]
            actions = legal_actions(state, seat)
            state, _ = apply(state, seat, actions[randrange(len(actions))])
            decisions += 1
        deals += game.hands_played(state)
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return deals / elapsed, decisions / elapsed


def bench_game(
    game: Game[Any],
    players: int | None = None,
    options: dict[str, Any] | None = None,
    seconds: float = 5.0,
    runs: int = 5,
) -> BenchResult:
    """Median deals/s and decisions/s over ``runs`` runs sharing ``seconds`` between them."""
    players = players or game.info.default_players
    resolved = game.options(players, options)
    results = [_one_run(game, players, resolved, seconds / runs, seed) for seed in range(runs)]
    return BenchResult(
        game.info.slug,
        statistics.median(r[0] for r in results),
        statistics.median(r[1] for r in results),
        runs,
    )
