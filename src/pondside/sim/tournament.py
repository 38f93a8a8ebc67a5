"""Tournaments: every bot in every seat, duplicate deals, ratings, pairwise results.

Entries are the positions of the ``bots`` list (a name may appear twice: ``heuristic#2``).
With ``players`` seats and more entries than seats, the tables are every combination of
``players`` entries, taken in turn; a simulation is the case of one entry per seat. Match ``i``
is a pure function of (seed, i): its deal, its seating and its bots' seeds. So every backend
(one process, local processes, a Ray cluster) produces the same rows, and the rows are folded in
match order: identical output.

Duplicate mode (as in duplicate bridge) plays each deal ``players`` times with the seats
rotated, so every entry at the table meets the same cards from every seat.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from pondside.engine import GameInfo, PondsideError
from pondside.games import get_game

from .runner import derive_seed, play_match
from .stats import wilson_interval

MODEL = PlackettLuce()  # of the ratings: finishing orders with ties, any number of seats


@dataclass(frozen=True)
class Schedule:
    """Who sits where in match ``i``, and which deal it plays."""

    entries: int
    players: int
    duplicate: bool = False
    salt: int = 2  # of the deals' seeds
    turn: int = 1  # the way the seats rotate

    @classmethod
    def one_per_seat(cls, players: int, duplicate: bool = False) -> Schedule:
        """A simulation's. Simulations came before tournaments, and keep their deals' seeds and
        the way their seats turn, so that a seed gives the results it always gave."""
        return cls(players, players, duplicate, salt=0, turn=-1)

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
        p = self.players
        return deal, tuple(table[(s + self.turn * rotation) % p] for s in range(p))

    def deal_seed(self, seed: int, deal: int) -> int:
        return derive_seed(seed, self.salt, deal)


@dataclass
class Row:
    """One match: its index, the entry at each seat, places and scores by seat."""

    index: int
    seats: tuple[int, ...]
    places: tuple[int, ...]
    scores: tuple[float, ...]

    def win_shares(self) -> list[float]:
        """By seat: 1 for the winner, shared equally by seats tied first."""
        firsts = self.places.count(1)
        return [1 / firsts if p == 1 else 0.0 for p in self.places]


@dataclass(frozen=True)
class Job:
    """All that the matches of a run share: with an index, a worker plays a match from it."""

    slug: str
    options: Mapping[str, Any]
    bots: tuple[str, ...]
    schedule: Schedule
    seed: int


def play_rows(job: Job, indices: Sequence[int]) -> list[Row]:
    game = get_game(job.slug)
    rows = []
    for i in indices:
        deal, seats = job.schedule.seating(i)
        specs = [job.bots[e] for e in seats]
        seed = job.schedule.deal_seed(job.seed, deal)
        outcome = play_match(game, job.schedule.players, job.options, specs, seed).outcome()
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
    """The results so far: ``add`` folds in one more match."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    duplicate: bool
    entries: list[EntryStats]
    pairwise_wins: list[list[float]] = field(init=False)
    pairwise_meetings: list[list[int]] = field(init=False)
    ratings: list[PlackettLuceRating] = field(init=False)
    rating_history: list[list[float]] = field(default_factory=list)  # ordinals after each match
    rows: list[Row] = field(default_factory=list)

    def __post_init__(self) -> None:
        n = len(self.entries)
        self.pairwise_wins = [[0.0] * n for _ in range(n)]
        self.pairwise_meetings = [[0] * n for _ in range(n)]
        self.ratings = [MODEL.rating(name=e.label) for e in self.entries]

    @property
    def matches(self) -> int:
        return len(self.rows)

    def add(self, row: Row) -> None:
        shares = row.win_shares()
        for s, e in enumerate(row.seats):
            entry = self.entries[e]
            entry.matches += 1
            entry.wins += shares[s]
            entry.scores.append(row.scores[s])
            entry.places.append(row.places[s])
            for t, f in enumerate(row.seats):
                if f != e:
                    self.pairwise_meetings[e][f] += 1
                    if row.places[s] < row.places[t]:
                        self.pairwise_wins[e][f] += 1
                    elif row.places[s] == row.places[t]:
                        self.pairwise_wins[e][f] += 0.5
        # Plackett-Luce takes the finishing order with ties; one "team" of one per seat.
        teams = [[self.ratings[e]] for e in row.seats]
        rated = MODEL.rate(teams, ranks=[float(p) for p in row.places])
        for e, team in zip(row.seats, rated, strict=True):
            self.ratings[e] = team[0]
        self.rating_history.append([r.ordinal() for r in self.ratings])
        self.rows.append(row)

    def summary(self) -> list[dict[str, Any]]:
        out = []
        for e, rating in zip(self.entries, self.ratings, strict=True):
            lo, hi = wilson_interval(e.wins, e.matches)
            out.append(
                {
                    "bot": e.label,
                    "wins": round(e.wins, 6),
                    "win_rate": e.wins / e.matches if e.matches else 0.0,
                    "ci95": [lo, hi],
                    "mean_score": sum(e.scores) / len(e.scores) if e.scores else 0.0,
                    "matches": e.matches,
                    "mean_place": sum(e.places) / len(e.places) if e.places else 0.0,
                    "rating_mu": rating.mu,
                    "rating_sigma": rating.sigma,
                    "rating": rating.mu - 3 * rating.sigma,
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
            "matches": self.matches,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "entries": self.summary(),
            "pairwise": {"bots": [e.label for e in self.entries], "win_share": self.pairwise()},
        }


def labels(bots: Sequence[str]) -> list[str]:
    """Entry labels: a name listed twice becomes ``name#2``."""
    seen: dict[str, int] = {}
    out = []
    for b in bots:
        seen[b] = seen.get(b, 0) + 1
        out.append(b if seen[b] == 1 else f"{b}#{seen[b]}")
    return out


OnProgress = Callable[[TournamentResult, int], None]  # (the results so far, matches in all)


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
    progress: OnProgress | None = None,
    *,
    one_per_seat: bool = False,
) -> TournamentResult:
    """Play ``matches`` matches (whole deals in duplicate mode); ``progress`` after each batch.
    ``one_per_seat``: a simulation, ``players`` is the number of bots."""
    game = get_game(slug)
    schedule = (
        Schedule.one_per_seat(len(bots), duplicate)
        if one_per_seat
        else Schedule(len(bots), seats(game.info, bots, players), duplicate)
    )
    if duplicate and matches % schedule.players:
        matches += schedule.players - matches % schedule.players  # whole deals only
    resolved = game.options(schedule.players, options)
    job = Job(slug, resolved, tuple(bots), schedule, seed)
    entries = [EntryStats(label) for label in labels(bots)]
    result = TournamentResult(slug, schedule.players, resolved, seed, duplicate, entries)
    size = max(1, min(100, matches // (max(jobs, 1) * 20) or 1))
    chunks = [range(a, min(a + size, matches)) for a in range(0, matches, size)]
    for rows in _batches(job, chunks, jobs, ray):
        for row in rows:
            result.add(row)
        if progress:
            progress(result, matches)
    return result


def seats(info: GameInfo, bots: Sequence[str], players: int | None) -> int:
    """``players``, by default one a bot as far as the game allows; checked against the bots."""
    if not bots:
        raise PondsideError("a tournament needs at least one bot")
    if players is None:
        players = max(info.min_players, min(len(bots), info.max_players))
    if len(bots) < players:
        raise PondsideError(
            f"{info.name} with {players} seats needs at least {players} bots; list one twice "
            f"(e.g. --bots {','.join([*bots, bots[-1]])}) to seat it more than once"
        )
    return players


def _batches(job: Job, chunks: list[range], jobs: int, ray: str | None) -> Iterator[list[Row]]:
    """The rows of each chunk, in the chunks' order whatever runs them."""
    if ray:
        yield from _run_on_ray(ray, job, chunks, jobs)
    elif jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(play_rows, job, c) for c in chunks]
            yield from (future.result() for future in futures)
    else:
        yield from (play_rows(job, c) for c in chunks)


def _run_on_ray(address: str, job: Job, chunks: list[range], jobs: int) -> Iterator[list[Row]]:
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
        remote = ray.remote(play_rows)
        pending = [remote.remote(job, c) for c in chunks]
        for ref in pending:
            yield ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()
