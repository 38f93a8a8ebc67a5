"""Tournaments: every bot in every seat, duplicate deals, ratings, pairwise results.

Entries are the positions of the ``bots`` list (a name may appear twice: ``heuristic#2``).
With ``players`` seats and more entries than seats, the tables are every combination of
``players`` entries, taken in turn; a simulation is the case of one entry per seat. Match ``i``
is a pure function of (seed, i): its deal, its seating and its bots' seeds. So every backend
(one process, local processes, a Ray cluster) produces the same rows, and the rows are folded in
match order: identical output.

Duplicate mode (as in duplicate bridge) plays each deal ``players`` times with the seats
rotated, so every entry at the table meets the same cards from every seat.

A run is checked whole (``plan``) before its first match is played (``run``). Ctrl-C stops it
within a moment whatever plays it, worker processes included, and raises :class:`Stopped` with
the matches that finished: since match ``i`` depends only on (seed, i), those are exactly the
results of a run of that many matches.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import math
import multiprocessing
import queue
import signal
import threading
import time
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import FrameType
from typing import Any, cast

from openskill.models import PlackettLuce, PlackettLuceRating

from pondside.engine import Event, GameInfo, PondsideError, Rng, seed_state
from pondside.games import get_game
from pondside.workers import worker_start

from .runner import derive_seed, play_match
from .stats import mean_interval, wilson_interval

MODEL = PlackettLuce()  # of the ratings: finishing orders with ties, any number of seats


# Tables of up to this many seats go through every order of their entries around the table
# (4! = 24 at five seats); larger ones through seeded random orders, as 9! would never finish.
EVERY_ORDER = 5


@dataclass(frozen=True)
class Schedule:
    """Who sits where in match ``i``, and which deal it plays.

    Each table's entries sit in one order around it (a *circle*: who plays after whom), turned
    a seat at a time so that every entry plays every seat; then the next circle. Turning alone
    would keep each entry behind the same neighbour for the whole run, and who plays after whom
    matters (two identical random bots behind a heuristic won 32% and 22%, issue 16)."""

    entries: int
    players: int
    duplicate: bool = False
    salt: int = 2  # of the deals' seeds

    @classmethod
    def one_per_seat(cls, players: int, duplicate: bool = False) -> Schedule:
        """A simulation's. Simulations came before tournaments, and keep their deals' seeds."""
        return cls(players, players, duplicate, salt=0)

    @property
    def tables(self) -> list[tuple[int, ...]]:
        return list(itertools.combinations(range(self.entries), self.players))

    @property
    def cycle(self) -> int:
        """Matches after which every entry has played every seat, and behind every other entry,
        equally often (with more than ``EVERY_ORDER`` seats: every seat; the rest on average)."""
        p = self.players
        return len(self.tables) * (math.factorial(p) if p <= EVERY_ORDER else p)

    def seating(self, i: int) -> tuple[int, tuple[int, ...]]:
        """(deal number, entry at each seat) of match ``i``: in duplicate mode each deal is
        played once at every turn of its circle; otherwise the tables take turns, each going
        through the turns of one circle before the next."""
        tables, p = self.tables, self.players
        if self.duplicate:
            deal, turn = divmod(i, p)
            circle = deal // len(tables)
        else:
            deal = i
            circle, turn = divmod(i // len(tables), p)
        table = tables[deal % len(tables)]
        order = circle_order(p, circle)
        return deal, tuple(table[order[(s + turn) % p]] for s in range(p))

    def deal_seed(self, seed: int, deal: int) -> int:
        return derive_seed(seed, self.salt, deal)


def circle_order(players: int, n: int) -> tuple[int, ...]:
    """The ``n``-th order of a table's places: place 0 first, then every order of the others in
    turn (cycling), or a seeded shuffle of them beyond ``EVERY_ORDER`` seats.

    >>> [circle_order(3, n) for n in range(3)]
    [(0, 1, 2), (0, 2, 1), (0, 1, 2)]
    """
    if players <= EVERY_ORDER:
        orders = every_order(players)
        return orders[n % len(orders)]
    return (0, *Rng(seed_state(n)).shuffled(range(1, players)))


@functools.cache
def every_order(players: int) -> tuple[tuple[int, ...], ...]:
    return tuple((0, *rest) for rest in itertools.permutations(range(1, players)))


@dataclass
class Row:
    """One match: its index, the entry at each seat, places and scores by seat, and the game's
    tallies (``Game.tallies``: by name, (happened, of) by seat)."""

    index: int
    seats: tuple[int, ...]
    places: tuple[int, ...]
    scores: tuple[float, ...]
    tallies: Mapping[str, Sequence[tuple[int, int]]] = field(default_factory=dict)

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
    tuning: Mapping[str, Any] = field(default_factory=dict)
    """Rule constants the game declares tunable, changed for these matches (the designer's
    lab's, ``lab/tunables.py``): set in the worker that plays them."""


def play_rows(job: Job, indices: Sequence[int]) -> list[Row]:
    from pondside.lab.tunables import tuned

    game = get_game(job.slug)
    rows = []
    with tuned(game, job.tuning):
        for i in indices:
            deal, seats = job.schedule.seating(i)
            specs = [job.bots[e] for e in seats]
            seed = job.schedule.deal_seed(job.seed, deal)
            events: list[Event] = []
            players = job.schedule.players
            match = play_match(game, players, job.options, specs, seed, events.extend)
            outcome = match.outcome()
            assert outcome is not None
            scores = tuple(float(x) for x in outcome.scores)
            tallies = game.tallies(events, players)
            rows.append(Row(i, seats, outcome.places, scores, tallies))
    return rows


@dataclass
class EntryStats:
    label: str
    matches: int = 0
    wins: float = 0.0
    scores: list[float] = field(default_factory=list)
    places: list[int] = field(default_factory=list)
    tallies: dict[str, list[int]] = field(default_factory=dict)  # name -> [happened, of]


@dataclass
class TournamentResult:
    """The results so far: ``add`` folds in one more match."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    duplicate: bool
    entries: list[EntryStats]
    planned: int = 0  # the matches asked for; fewer were played when the run was stopped
    pairwise_wins: list[list[float]] = field(init=False)
    pairwise_meetings: list[list[int]] = field(init=False)
    ratings: list[PlackettLuceRating] = field(init=False)
    rating_history: list[list[float]] = field(default_factory=list)  # ordinals after each match
    rows: list[Row] = field(default_factory=list)
    tuning: dict[str, Any] = field(default_factory=dict)  # the rule constants changed (--tune)
    runs: list[dict[str, Any]] = field(default_factory=list)
    """The runs added up into this one (``merge.py``: each's folder, seed and matches); empty
    for a run played whole."""

    def __post_init__(self) -> None:
        n = len(self.entries)
        self.pairwise_wins = [[0.0] * n for _ in range(n)]
        self.pairwise_meetings = [[0] * n for _ in range(n)]
        self.ratings = [MODEL.rating(name=e.label) for e in self.entries]

    @property
    def matches(self) -> int:
        return len(self.rows)

    @property
    def partial(self) -> bool:
        """Stopped before all the matches asked for were played."""
        return self.matches < self.planned

    def add(self, row: Row) -> None:
        shares = row.win_shares()
        for s, e in enumerate(row.seats):
            entry = self.entries[e]
            entry.matches += 1
            entry.wins += shares[s]
            entry.scores.append(row.scores[s])
            entry.places.append(row.places[s])
            for name, counts in row.tallies.items():
                happened, of = counts[s]
                total = entry.tallies.setdefault(name, [0, 0])
                total[0] += happened
                total[1] += of
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
                    # A match's score, mean ± 1.96 standard errors (Bertschi & Mégret's ducks),
                    # over matches: a duplicate deal's matches share its luck, which this does
                    # not credit (`pondside merge --pair` counts each deal once).
                    "score_ci95": list(mean_interval(e.scores)),
                    "matches": e.matches,
                    "mean_place": sum(e.places) / len(e.places) if e.places else 0.0,
                    "rating_mu": rating.mu,
                    "rating_sigma": rating.sigma,
                    "rating": rating.mu - 3 * rating.sigma,
                    "tallies": {
                        name: {
                            "happened": happened,
                            "of": of,
                            "rate": happened / of if of else 0.0,
                            "ci95": list(wilson_interval(happened, of)),
                        }
                        for name, (happened, of) in e.tallies.items()
                    },
                }
            )
        return out

    def too_close(self) -> list[tuple[str, str]]:
        """Neighbours in the rating order whose skills are not told apart: the difference of
        their μ is within 1.96 times its standard error, √(σa² + σb²) (95 %). A table must not
        rank such a pair as if the ratings had decided it: after few matches the win rates
        and the pairwise shares say more."""
        order = sorted(range(len(self.entries)), key=lambda e: -self.ratings[e].ordinal())
        close = []
        for a, b in itertools.pairwise(order):
            ra, rb = self.ratings[a], self.ratings[b]
            if abs(ra.mu - rb.mu) < 1.96 * math.hypot(ra.sigma, rb.sigma):
                close.append((self.entries[a].label, self.entries[b].label))
        return close

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
            "planned_matches": self.planned,
            "partial": self.partial,
            "players": self.players,
            "options": self.options,
            "tuning": self.tuning,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "entries": self.summary(),
            "pairwise": {"bots": [e.label for e in self.entries], "win_share": self.pairwise()},
            **({"runs": self.runs} if self.runs else {}),
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


class Stopped(KeyboardInterrupt):
    """A run stopped by Ctrl-C (or by anything raising KeyboardInterrupt, such as the command's
    SIGTERM handler): ``result`` holds the matches that finished, in match order."""

    def __init__(self, result: TournamentResult) -> None:
        super().__init__(f"stopped after {result.matches} of {result.planned} matches")
        self.result = result


@dataclass(frozen=True)
class Plan:
    """A tournament checked whole and ready to run: everything it could refuse, it has."""

    job: Job
    matches: int
    labels: tuple[str, ...]

    def new_result(self) -> TournamentResult:
        job = self.job
        entries = [EntryStats(label) for label in self.labels]
        return TournamentResult(
            job.slug,
            job.schedule.players,
            dict(job.options),
            job.seed,
            job.schedule.duplicate,
            entries,
            self.matches,
            tuning=dict(job.tuning),
        )


def plan(
    slug: str,
    bots: Sequence[str],
    matches: int,
    seed: int = 0,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    duplicate: bool = False,
    *,
    one_per_seat: bool = False,
    tuning: Mapping[str, Any] | None = None,
) -> Plan:
    """Check a tournament of ``matches`` matches (whole deals in duplicate mode) and its seats
    and options. ``one_per_seat``: a simulation, ``players`` is the number of bots;
    ``tuning``: rule constants the game declares tunable, changed for every match."""
    from pondside.lab.tunables import check_tuning

    game = get_game(slug)
    tuning = check_tuning(game, tuning or {})
    schedule = (
        Schedule.one_per_seat(len(bots), duplicate)
        if one_per_seat
        else Schedule(len(bots), seats(game.info, bots, players), duplicate)
    )
    if duplicate and matches % schedule.players:
        raise PondsideError(whole_deals(matches, schedule.players))
    resolved = game.options(schedule.players, options)
    job = Job(slug, resolved, tuple(bots), schedule, seed, tuning)
    return Plan(job, matches, tuple(labels(bots)))


def whole_deals(matches: int, players: int) -> str:
    """Why a duplicate run of ``matches`` matches at ``players`` seats is refused."""
    lower, higher = matches - matches % players, matches - matches % players + players
    choices = f"{lower} or {higher}" if lower else str(higher)
    return (
        f"duplicate deals are played once from each of the {players} seats, so the matches must "
        f"be a multiple of {players}: {choices}, not {matches}"
    )


def run(
    plan: Plan,
    jobs: int = 1,
    ray: str | None = None,
    progress: OnProgress | None = None,
) -> TournamentResult:
    """Play a planned tournament on ``jobs`` processes (or Ray); ``progress`` after each batch.
    Ctrl-C raises :class:`Stopped` once every worker has stopped."""
    result = plan.new_result()
    batches = _batches(plan.job, plan.matches, jobs, ray)
    try:
        for rows in batches:
            with _signals_held():
                for row in rows:
                    result.add(row)
            if progress:
                progress(result, plan.matches)
    except KeyboardInterrupt:
        batches.close()  # the workers stopped (when the interrupt came from outside the batches)
        raise Stopped(result) from None
    return result


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
    """Plan and run a tournament (see :func:`plan` and :func:`run`)."""
    checked = plan(
        slug, bots, matches, seed, players, options, duplicate, one_per_seat=one_per_seat
    )
    return run(checked, jobs, ray, progress)


def seats(info: GameInfo, bots: Sequence[str], players: int | None) -> int:
    """``players``, by default one a bot as far as the game allows; checked against the bots."""
    if not bots:
        raise PondsideError("a tournament needs at least one bot")
    if players is None:
        players = max(info.min_players, min(len(bots), info.max_players))
    if len(bots) < players:
        raise PondsideError(
            f"{info.name} with {players} seats needs at least {players} bots; list a bot more "
            f"than once to seat it more than once (e.g. --bots "
            f"{','.join([*bots, *[bots[-1]] * (players - len(bots))])})"
        )
    return players


# A batch of matches takes about this long: progress and a stop come that often when matches are
# slow; when they are fast, a batch holds up to BATCH_MOST matches (each batch costs a round trip).
BATCH_SECONDS = 0.5
BATCH_MOST = 100


class Batches:
    """The matches of a run cut into batches, in order, each sized from how long the last
    finished one took: one match at first, then about ``BATCH_SECONDS`` worth."""

    def __init__(self, matches: int, jobs: int) -> None:
        self.matches, self.next = matches, 0
        # Never more than a twentieth of a worker's share, so the workers finish together.
        self.most = max(1, min(BATCH_MOST, matches // (jobs * 20)))
        self.size = 1

    def take(self) -> range | None:
        """The next batch, or None when every match has one."""
        if self.next >= self.matches:
            return None
        batch = range(self.next, min(self.next + self.size, self.matches))
        self.next = batch.stop
        return batch

    def took(self, matches: int, seconds: float) -> None:
        each = seconds / max(matches, 1)
        self.size = max(1, min(self.most, int(BATCH_SECONDS / each) if each else self.most))


def timed_rows(job: Job, indices: range) -> tuple[range, list[Row], float]:
    """In a worker: the rows of a batch, and the seconds they took."""
    started = time.perf_counter()
    rows = play_rows(job, indices)
    return indices, rows, time.perf_counter() - started


Finished = tuple[range, list[Row], float]


def _batches(
    job: Job, matches: int, jobs: int, ray: str | None
) -> Generator[list[Row], None, None]:
    """The rows of each batch in the matches' order, whatever runs them and in whatever order
    they finish. Closing it early (or an exception) stops the workers at once."""
    if ray:
        yield from _run_on_ray(ray, job, matches, jobs)
        return
    batches = Batches(matches, jobs)
    if jobs > 1:
        # multiprocessing's pool rather than concurrent.futures: its terminate() stops workers
        # in the middle of a batch, where an executor waits for every batch it has started.
        start = multiprocessing.get_context()
        with start.Pool(jobs, initializer=worker_start) as pool:
            finished: queue.SimpleQueue[Finished | BaseException] = queue.SimpleQueue()

            def submit(batch: range) -> None:
                pool.apply_async(
                    timed_rows, (job, batch), callback=finished.put, error_callback=finished.put
                )

            def wait() -> Finished:
                got = finished.get()
                if isinstance(got, BaseException):
                    raise got
                return got

            yield from _in_order(batches, submit, wait, 2 * jobs)
    else:
        todo: list[range] = []
        yield from _in_order(batches, todo.append, lambda: timed_rows(job, todo.pop()), 1)


def _in_order(
    batches: Batches, submit: Callable[[range], None], wait: Callable[[], Finished], ahead: int
) -> Iterator[list[Row]]:
    """Keep ``ahead`` batches submitted; yield the rows of the finished ones that follow those
    already yielded (a batch that finishes early waits for the ones before it)."""
    pending, yielded = 0, 0
    done: dict[int, list[Row]] = {}
    while True:
        while pending < ahead and (batch := batches.take()) is not None:
            submit(batch)
            pending += 1
        if not pending:
            return
        batch, rows, seconds = wait()
        pending -= 1
        batches.took(len(batch), seconds)
        done[batch.start] = rows
        while yielded in done:
            rows = done.pop(yielded)
            yielded += len(rows)
            yield rows


HELD = (signal.SIGINT, signal.SIGTERM)


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Ctrl-C or SIGTERM while finished matches are folded into the results waits until they
    are in, and is then handled as it would have been: a match half folded in would leave the
    results inconsistent. (Only the main thread can handle signals.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[int] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        held.append(signum)

    previous: dict[signal.Signals, Any] = {}
    try:
        for signum in HELD:
            previous[signum] = signal.signal(signum, hold)
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)
        if held:
            signal.raise_signal(held[0])


def _run_on_ray(address: str, job: Job, matches: int, jobs: int) -> Iterator[list[Row]]:
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
        remote = ray.remote(timed_rows)
        pending: list[Any] = []
        # A cluster keeps all its CPUs busy, however few --jobs says.
        cpus = ray.cluster_resources().get("CPU", 1)  # type: ignore[no-untyped-call]
        workers = max(jobs, int(cpus))
        batches = Batches(matches, workers)

        def wait() -> Finished:
            ready, _ = ray.wait(pending, num_returns=1)
            pending.remove(ready[0])
            return cast(Finished, ray.get(ready[0]))

        yield from _in_order(
            batches, lambda b: pending.append(remote.remote(job, b)), wait, 2 * workers
        )
    finally:
        if started_here:
            ray.shutdown()
