"""Tournaments: every bot in every seat, duplicate deals, ratings, pairwise results, plots.

Entries are the positions of the ``--bots`` list (a name may appear twice: ``heuristic#2``).
With ``players`` seats and more entries than seats, the tables are every combination of
``players`` entries, taken in turn. Match ``i`` is a pure function of (seed, i): its deal, its
seating and its bots' seeds. So every backend (one process, local processes, a Ray cluster)
produces the same rows, and the results are folded in match order: identical output.

Duplicate mode (as in duplicate bridge) plays each deal ``players`` times with the seats
rotated, so every entry at the table meets the same cards from every seat.
"""

from __future__ import annotations

import csv
import itertools
import json
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pondside.engine import PondsideError
from pondside.games import get_game

from .runner import derive_seed, play_match
from .stats import wilson_interval


@dataclass(frozen=True)
class Schedule:
    """Who sits where in match ``i``, and which deal it plays."""

    entries: int
    players: int
    duplicate: bool

    @property
    def tables(self) -> list[tuple[int, ...]]:
        return list(itertools.combinations(range(self.entries), self.players))

    def seating(self, i: int) -> tuple[int, tuple[int, ...]]:
        """(deal number, entry at each seat) of match ``i``."""
        tables = self.tables
        if self.duplicate:
            deal, rotation = divmod(i, self.players)
        else:
            deal, rotation = i, (i // len(tables)) % self.players
        table = tables[deal % len(tables)]
        return deal, tuple(table[(s + rotation) % self.players] for s in range(self.players))


@dataclass
class Row:
    """One match: its index, the entry at each seat, places and scores by seat."""

    index: int
    seats: tuple[int, ...]
    places: tuple[int, ...]
    scores: tuple[float, ...]


def run_rows(
    slug: str,
    options: Mapping[str, Any],
    bots: Sequence[str],
    schedule: Schedule,
    seed: int,
    indices: Sequence[int],
) -> list[Row]:
    game = get_game(slug)
    rows = []
    for i in indices:
        deal, seats = schedule.seating(i)
        specs = [bots[e] for e in seats]
        match = play_match(game, schedule.players, options, specs, derive_seed(seed, 2, deal))
        outcome = match.outcome()
        assert outcome is not None
        rows.append(Row(i, seats, outcome.places, tuple(float(x) for x in outcome.scores)))
    return rows


@dataclass
class EntryStats:
    label: str
    matches: int = 0
    wins: float = 0.0
    scores: list[float] = field(default_factory=list)
    places: list[int] = field(default_factory=list)


@dataclass
class TournamentResult:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    duplicate: bool
    entries: list[EntryStats]
    pairwise_wins: list[list[float]]
    pairwise_meetings: list[list[int]]
    ratings: list[tuple[float, float]]  # (mu, sigma) per entry
    rating_history: list[list[float]]  # ordinal after each match, per entry
    rows: list[Row]

    def summary(self) -> list[dict[str, Any]]:
        out = []
        for e, (mu, sigma) in zip(self.entries, self.ratings, strict=True):
            lo, hi = wilson_interval(e.wins, e.matches)
            out.append(
                {
                    "bot": e.label,
                    "matches": e.matches,
                    "wins": round(e.wins, 6),
                    "win_rate": e.wins / e.matches if e.matches else 0.0,
                    "ci95": [lo, hi],
                    "mean_score": sum(e.scores) / len(e.scores) if e.scores else 0.0,
                    "mean_place": sum(e.places) / len(e.places) if e.places else 0.0,
                    "rating_mu": mu,
                    "rating_sigma": sigma,
                    "rating": mu - 3 * sigma,
                }
            )
        return out

    def pairwise(self) -> list[list[float | None]]:
        """Row a, column b: the share of their meetings in which a placed above b (ties half)."""
        n = len(self.entries)
        return [
            [
                self.pairwise_wins[a][b] / self.pairwise_meetings[a][b]
                if a != b and self.pairwise_meetings[a][b]
                else None
                for b in range(n)
            ]
            for a in range(n)
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "matches": len(self.rows),
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "entries": self.summary(),
            "pairwise": {"bots": [e.label for e in self.entries], "win_share": self.pairwise()},
        }

    def write(self, out: Path) -> list[Path]:
        out.mkdir(parents=True, exist_ok=True)
        written = [
            out / "results.json",
            out / "entries.csv",
            out / "pairwise.csv",
            out / "matches.csv",
        ]
        written[0].write_text(json.dumps(self.to_json(), indent=2) + "\n")
        summary = self.summary()
        with written[1].open("w", newline="") as fh:
            w = csv.writer(fh)
            keys = [
                "bot",
                "matches",
                "wins",
                "win_rate",
                "mean_score",
                "mean_place",
                "rating_mu",
                "rating_sigma",
                "rating",
            ]
            w.writerow([*keys[:4], "ci95_low", "ci95_high", *keys[4:]])
            for e in summary:
                w.writerow([*(e[k] for k in keys[:4]), *e["ci95"], *(e[k] for k in keys[4:])])
        with written[2].open("w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["bot", *(e.label for e in self.entries)])
            for e, row in zip(self.entries, self.pairwise(), strict=True):
                w.writerow([e.label, *("" if v is None else f"{v:.4f}" for v in row)])
        with written[3].open("w", newline="") as fh:
            w = csv.writer(fh)
            p = self.players
            w.writerow(
                [
                    "match",
                    *(f"seat{s}_bot" for s in range(p)),
                    *(f"seat{s}_place" for s in range(p)),
                    *(f"seat{s}_score" for s in range(p)),
                ]
            )
            for r in self.rows:
                w.writerow(
                    [r.index, *(self.entries[e].label for e in r.seats), *r.places, *r.scores]
                )
        written += plot_tournament(self, out)
        return written


def labels(bots: Sequence[str]) -> list[str]:
    """Entry labels: a name listed twice becomes ``name#2``."""
    seen: dict[str, int] = {}
    out = []
    for b in bots:
        seen[b] = seen.get(b, 0) + 1
        out.append(b if seen[b] == 1 else f"{b}#{seen[b]}")
    return out


def fold(
    game: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    duplicate: bool,
    bots: Sequence[str],
    rows: list[Row],
) -> TournamentResult:
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    n = len(bots)
    entries = [EntryStats(label) for label in labels(bots)]
    ratings = [model.rating(name=e.label) for e in entries]
    wins = [[0.0] * n for _ in range(n)]
    meetings = [[0] * n for _ in range(n)]
    history = []
    for row in sorted(rows, key=lambda r: r.index):
        firsts = sum(1 for p in row.places if p == 1)
        for s, e in enumerate(row.seats):
            st = entries[e]
            st.matches += 1
            st.scores.append(row.scores[s])
            st.places.append(row.places[s])
            if row.places[s] == 1:
                st.wins += 1 / firsts
            for t, f in enumerate(row.seats):
                if f != e:
                    meetings[e][f] += 1
                    if row.places[s] < row.places[t]:
                        wins[e][f] += 1
                    elif row.places[s] == row.places[t]:
                        wins[e][f] += 0.5
        # Plackett-Luce takes the finishing order with ties; one "team" of one per seat.
        teams = [[ratings[e]] for e in row.seats]
        rated = model.rate(teams, ranks=[float(p) for p in row.places])
        for e, team in zip(row.seats, rated, strict=True):
            ratings[e] = team[0]
        history.append([r.ordinal() for r in ratings])
    return TournamentResult(
        game,
        players,
        options,
        seed,
        duplicate,
        entries,
        wins,
        meetings,
        [(r.mu, r.sigma) for r in ratings],
        history,
        sorted(rows, key=lambda r: r.index),
    )


def _chunks(n: int, size: int) -> list[list[int]]:
    return [list(range(a, min(a + size, n))) for a in range(0, n, size)]


def tournament(
    slug: str,
    bots: Sequence[str],
    matches: int,
    seed: int = 0,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    duplicate: bool = False,
    jobs: int = 1,
    ray: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> TournamentResult:
    game = get_game(slug)
    info = game.info
    if not bots:
        raise PondsideError("a tournament needs at least one bot")
    if players is None:
        players = max(info.min_players, min(len(bots), info.max_players))
    if len(bots) < players:
        raise PondsideError(
            f"{info.name} with {players} seats needs at least {players} bots; list one twice "
            f"(e.g. --bots {','.join([*bots, bots[-1]])}) to seat it more than once"
        )
    resolved = game.options(players, options)
    schedule = Schedule(len(bots), players, duplicate)
    if duplicate and matches % players:
        matches += players - matches % players  # whole deals only
    args = (slug, resolved, list(bots), schedule, seed)
    chunk = max(1, min(100, matches // (max(jobs, 1) * 20) or 1))
    chunks = _chunks(matches, chunk)
    rows: list[Row] = []

    def absorb(part: list[Row]) -> None:
        rows.extend(part)
        if progress:
            progress(len(part))

    if ray:
        for part in _run_on_ray(ray, args, chunks, jobs):
            absorb(part)
    elif jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(run_rows, *args, c) for c in chunks]
            for future in futures:
                absorb(future.result())
    else:
        for c in chunks:
            absorb(run_rows(*args, c))
    return fold(slug, players, resolved, seed, duplicate, bots, rows)


def _run_on_ray(address: str, args: tuple[Any, ...], chunks: list[list[int]], jobs: int) -> Any:
    try:
        import ray
    except ImportError:
        raise PondsideError("--ray needs Ray: pip install 'pondside[ray]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        try:
            if address == "local":
                ray.init(num_cpus=max(jobs, 1), include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, log_to_driver=False)
        except Exception as exc:  # Ray raises several kinds when no cluster answers
            raise PondsideError(f"cannot reach a Ray cluster at {address!r}: {exc}") from None
    try:
        remote = ray.remote(run_rows)
        pending = [remote.remote(*args, c) for c in chunks]
        for ref in pending:
            yield ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()


def plot_tournament(result: TournamentResult, out: Path) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    summary = result.summary()
    names = [e["bot"] for e in summary]
    paths = [out / "win_rates.png", out / "ratings.png", out / "scores.png"]

    fig, ax = plt.subplots(figsize=(7, 4))
    rates = [e["win_rate"] for e in summary]
    # Clamped at 0: float rounding can put an interval's end a hair past its rate.
    err = [
        [max(0.0, r - e["ci95"][0]) for r, e in zip(rates, summary, strict=True)],
        [max(0.0, e["ci95"][1] - r) for r, e in zip(rates, summary, strict=True)],
    ]
    ax.bar(names, rates, yerr=err, capsize=6, color="#4c78a8")
    ax.axhline(1 / result.players, color="grey", linestyle="--", label="fair share")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title(f"{result.game}: {len(result.rows)} matches")
    ax.legend()
    fig.tight_layout()
    fig.savefig(paths[0], dpi=110)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(7, 4))
    for i, name in enumerate(names):
        ax.plot([h[i] for h in result.rating_history], label=name)
    ax.set_xlabel("match")
    ax.set_ylabel("rating (Plackett-Luce, mu - 3 sigma)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(paths[1], dpi=110)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.boxplot([e.scores for e in result.entries], tick_labels=names)
    ax.set_ylabel("score per match")
    fig.tight_layout()
    fig.savefig(paths[2], dpi=110)
    plt.close(fig)
    return paths
