"""Simulations: many matches between bot entries, seats rotating so every entry plays every seat.

Match ``i`` seats entry ``e`` at seat ``(e + i) % players`` and is seeded from (run seed, i), so
the results are the same whatever the number of processes.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pondside.games import get_game

from .runner import derive_seed, play_match
from .stats import wilson_interval


@dataclass
class EntryResult:
    bot: str
    wins: float = 0.0
    scores: list[float] = field(default_factory=list)

    def summary(self, matches: int) -> dict[str, Any]:
        lo, hi = wilson_interval(self.wins, matches)
        return {
            "bot": self.bot,
            "wins": round(self.wins, 6),
            "win_rate": self.wins / matches if matches else 0.0,
            "ci95": [lo, hi],
            "mean_score": sum(self.scores) / len(self.scores) if self.scores else 0.0,
        }


@dataclass
class SimulationResult:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    entries: list[EntryResult]
    matches: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "matches": self.matches,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "entries": [e.summary(self.matches) for e in self.entries],
        }

    def write(self, path: Path) -> None:
        data = self.to_json()
        if path.suffix.lower() == ".csv":
            with path.open("w", newline="") as fh:
                writer = csv.writer(fh)
                writer.writerow(["bot", "wins", "win_rate", "ci95_low", "ci95_high", "mean_score"])
                for e in data["entries"]:
                    lo, hi = e["ci95"]
                    writer.writerow([e["bot"], e["wins"], e["win_rate"], lo, hi, e["mean_score"]])
        else:
            path.write_text(json.dumps(data, indent=2) + "\n")


MatchRow = tuple[list[float], list[float]]  # per entry: win share, score


def run_matches(
    slug: str,
    players: int,
    options: Mapping[str, Any],
    bots: Sequence[str],
    seed: int,
    indices: Sequence[int],
) -> list[MatchRow]:
    """Play the matches ``indices`` of a run; returns per-entry win shares and scores."""
    game = get_game(slug)
    rows: list[MatchRow] = []
    for i in indices:
        seating = [bots[(s - i) % players] for s in range(players)]
        outcome = play_match(game, players, options, seating, derive_seed(seed, 0, i)).outcome()
        assert outcome is not None
        firsts = [s for s, p in enumerate(outcome.places) if p == 1]
        wins = [0.0] * players
        scores = [0.0] * players
        for s in range(players):
            entry = (s - i) % players
            scores[entry] = float(outcome.scores[s])
            if s in firsts:
                wins[entry] = 1.0 / len(firsts)
        rows.append((wins, scores))
    return rows


def _chunks(n: int, size: int) -> list[range]:
    return [range(a, min(a + size, n)) for a in range(0, n, size)]


def simulate(
    slug: str,
    bots: Sequence[str],
    matches: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    report: Callable[[SimulationResult], None] | None = None,
) -> SimulationResult:
    """Play ``matches`` matches with one seat per entry of ``bots``; ``progress(k)`` per k done,
    ``report(result so far)`` after each batch folded in."""
    game = get_game(slug)
    players = len(bots)
    resolved = game.options(players, options)
    result = SimulationResult(slug, players, resolved, seed, [EntryResult(b) for b in bots])

    def absorb(rows: list[MatchRow]) -> None:
        for wins, scores in rows:
            for entry, res in enumerate(result.entries):
                res.wins += wins[entry]
                res.scores.append(scores[entry])
        result.matches += len(rows)
        if progress:
            progress(len(rows))
        if report:
            report(result)

    args = (slug, players, resolved, list(bots), seed)
    if jobs <= 1:
        for chunk in _chunks(matches, max(1, min(50, matches // 100 or 1))):
            absorb(run_matches(*args, chunk))
        return result
    size = max(1, min(200, matches // (jobs * 20) or 1))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        # Results are folded in submission order, so the sums are identical to a 1-job run.
        futures = [pool.submit(run_matches, *args, c) for c in _chunks(matches, size)]
        for future in futures:
            absorb(future.result())
    return result


def plot_scores(result: SimulationResult, path: Path) -> None:
    """One histogram of match scores per entry, on shared bins."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5))
    values = [v for e in result.entries for v in e.scores]
    lo, hi = (min(values), max(values)) if values else (0.0, 1.0)
    bins = min(40, max(5, int(hi - lo) + 1))
    for i, e in enumerate(result.entries):
        ax.hist(
            e.scores,
            bins=bins,
            range=(lo, hi + 1),
            histtype="step",
            linewidth=1.6,
            label=f"seat entry {i}: {e.bot}",
        )
    ax.set_title(f"{result.game}: score per match ({result.matches} matches)")
    ax.set_xlabel("score")
    ax.set_ylabel("matches")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
