"""The designer's lab's matches: option sets, sweeps and the level ladder on the same deals.

A lab run is a list of *experiments* (an option set played by a fixed set of bots, one value
of a sweep, or one pair of levels of the ladder), all on the same deals: deal ``d`` is dealt
from the same seed in every experiment, so two option sets are compared deal by deal (paired,
as duplicate bridge compares two tables). When an experiment's seats hold different bots, each
deal is played once per turn of the seats (the duplicate rotation), so every bot meets the same
cards from every seat; when every seat holds the same bot, a turn would replay the same match,
so each deal is played once. Two experiments that are the same game played by the same bots
(a sweep through the rulebook's value and the base set) share one set of matches.

Matches are played deal by deal across all experiments, so a run stopped with Ctrl-C keeps
comparable figures for every experiment (:class:`Stopped` holds them). Match ``i`` of a plan is
a pure function of the plan and ``i``: one process or several give the same traces.
"""

from __future__ import annotations

import multiprocessing
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from multiprocessing.pool import AsyncResult
from typing import Any

from pondside.bots import check_spec, parse_spec
from pondside.bots.levels import canonical, is_level, level_spec
from pondside.engine import Game, Match, PondsideError
from pondside.games import get_game
from pondside.sim.runner import MAX_DECISIONS, derive_seed, seat_bots
from pondside.workers import worker_start

from .metrics import Trace
from .tunables import check_tuning, rules_module, tunables, tuned

IN_FLIGHT = 4
"""Chunks in flight per worker process: enough to keep each busy while the next is sent."""

LADDER = ("expert", "strong", "casual", "random")
"""The ladder matrix's levels, strongest first (TAG's 2025 balancing competition's four)."""

DEAL_SALT = 30  # of the deals' seeds: the lab's own, so its deals are not a simulation's


@dataclass(frozen=True)
class Setting:
    """A game's option set and tuned rule constants, with the label a report shows."""

    label: str
    options: Mapping[str, Any]
    tuning: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "options": dict(self.options), "tuning": dict(self.tuning)}


@dataclass(frozen=True)
class Experiment:
    """A setting played ``deals`` times by ``bots`` (specs), turned over ``rotations`` seatings;
    ``names`` label the bots in the traces (a level's name rather than its spec)."""

    kind: str  # "set", "sweep" or "ladder"
    setting: Setting
    bots: tuple[str, ...]
    names: tuple[str, ...]
    deals: int
    rotations: int

    def seating(self, rotation: int) -> list[int]:
        """Which of ``bots`` sits at each seat at this turn of the seats."""
        p = len(self.bots)
        return [(s + rotation) % p for s in range(p)]


@dataclass(frozen=True)
class LabJob:
    """All a worker needs to play match ``i`` of the plan."""

    slug: str
    players: int
    seed: int
    experiments: tuple[Experiment, ...]
    tasks: tuple[tuple[int, int, int], ...]  # (experiment, deal, rotation) of each match


def play_task(job: LabJob, i: int) -> tuple[int, Trace]:
    """Play match ``i`` of the plan: its experiment's setting, deal and seating."""
    e, deal, rotation = job.tasks[i]
    exp = job.experiments[e]
    game = get_game(job.slug)
    seats = exp.seating(rotation)
    specs = [exp.bots[b] for b in seats]
    names = tuple(exp.names[b] for b in seats)
    seed = derive_seed(job.seed, DEAL_SALT, deal)
    # The bots' seeds differ from the deal's and at each turn of the seats: the same bot at
    # the same seat plays the deal afresh.
    bot_seed = derive_seed(seed, DEAL_SALT, rotation)
    with tuned(game, exp.setting.tuning):
        trace = play_traced(game, job.players, exp.setting.options, specs, names, seed, bot_seed)
    return e, replace(trace, deal=deal)


def play_traced(
    game: Game[Any],
    players: int,
    options: Mapping[str, Any],
    specs: Sequence[str],
    names: tuple[str, ...],
    seed: int,
    bot_seed: int,
) -> Trace:
    """Play one match dealt from ``seed``, counting every decision's legal actions and keeping
    the score line; its ``deal`` is 0 (the caller numbers it)."""
    state = Match(game, players, options, seed=seed).state
    bots = seat_bots(game, dict(enumerate(specs)), bot_seed)
    decisions = choices = offered = 0
    line: list[tuple[int, tuple[float, ...]]] = [(0, tuple(game.scores(state)))]
    # play_out's loop (one seat at a time, the first to act first), on the game itself: a
    # Match copies each view's and each action's events so that a caller cannot change the
    # state through them, a quarter of a casual match's time in Ladders and Wildcat Chicane;
    # the lab's bots only read them, and the lab keeps no events.
    for _ in range(MAX_DECISIONS):
        to_act = game.to_act(state)
        if not to_act:
            break
        seat = to_act[0]
        legal = sorted(game.legal_actions(state, seat))
        decisions += 1
        choices += len(legal) > 1
        offered += len(legal)
        state, _events = game.apply(state, seat, bots[seat](game.view(state, seat), legal))
        scores = tuple(game.scores(state))
        if scores != line[-1][1]:
            line.append((decisions, scores))
    else:
        raise RuntimeError(f"{game.info.name} did not end within {MAX_DECISIONS} decisions")
    outcome = game.outcome(state)
    assert outcome is not None
    return Trace(
        deal=0,
        seats=names,
        places=outcome.places,
        scores=tuple(float(x) for x in outcome.scores),
        decisions=decisions,
        choices=choices,
        legal=offered,
        hands=game.hands_played(state),
        line=tuple(line),
        lower_is_better=game.info.lower_score_is_better,
    )


def with_budget(spec: str, iterations: int | None) -> str:
    """A search bot's spec with its iterations set to ``iterations`` (None: as it is).

    >>> with_budget("ismcts:iterations=1000:rollout=heuristic", 50)
    'ismcts:iterations=50:rollout=heuristic'
    """
    if iterations is None:
        return spec
    name, params = parse_spec(spec)
    if "iterations" not in params:
        return spec
    params["iterations"] = iterations
    return ":".join([name, *(f"{k}={v}" for k, v in params.items())])


def level_bot(game: Game[Any], level: str, budgets: Mapping[str, int]) -> str:
    """The spec of a level as the lab plays it: the search levels at the lab's budgets."""
    return with_budget(level_spec(game, level), budgets.get(canonical(level)))


def bot_spec(game: Game[Any], name: str, budgets: Mapping[str, int]) -> str:
    """A bot of ``--bots``: a level (at the lab's budgets) or any bot spec, checked."""
    spec = level_bot(game, name, budgets) if is_level(name) else name
    check_spec(spec, game)
    return spec


@dataclass
class LabPlan:
    """A lab run checked whole: every setting resolved, every bot built once in a trial."""

    game: str
    players: int
    seed: int
    deals: int
    sets: list[Setting]
    sweep: str | None
    sweep_values: list[Setting]
    bots: tuple[str, ...]
    ladder_deals: int
    budgets: dict[str, int]
    experiments: list[Experiment] = field(default_factory=list)

    def played(self) -> list[int]:
        """For each experiment, the experiment whose matches it shares: itself, or an earlier
        one that is the same game (options, and tuned constants other than the rulebook's
        value) played by the same bots on as many deals. A sweep through the rulebook's value
        is the base set again (Lame Duck's ``column_limit=5``), so it is played once."""
        game = get_game(self.game)
        module = rules_module(game)

        def key(x: Experiment) -> tuple[Any, ...]:
            tuning = {k: v for k, v in x.setting.tuning.items() if v != getattr(module, k.upper())}
            return (
                sorted(x.setting.options.items()), sorted(tuning.items()),
                x.bots, x.names, x.deals, x.rotations,
            )  # fmt: skip

        first: dict[str, int] = {}  # by the key's repr: option values need not be hashable
        return [first.setdefault(repr(key(x)), e) for e, x in enumerate(self.experiments)]

    def job(self) -> LabJob:
        played = self.played()
        order = sorted(
            (d, e, r)
            for e, exp in enumerate(self.experiments)
            if played[e] == e
            for d in range(exp.deals)
            for r in range(exp.rotations)
        )
        return LabJob(
            self.game,
            self.players,
            self.seed,
            tuple(self.experiments),
            tuple((e, d, r) for d, e, r in order),
        )

    @property
    def matches(self) -> int:
        """The matches played (an experiment that shares another's plays none of its own)."""
        played = self.played()
        return sum(x.deals * x.rotations for e, x in enumerate(self.experiments) if played[e] == e)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "deals": self.deals,
            "bots": list(self.bots),
            "ladder_deals": self.ladder_deals,
            "ladder_budgets": self.budgets,
            "ladder_bots": {
                level: level_bot(get_game(self.game), level, self.budgets) for level in LADDER
            },
            "sets": [s.to_json() for s in self.sets],
            "sweep": self.sweep,
            "sweep_values": [s.to_json() for s in self.sweep_values],
        }


def setting(game: Game[Any], players: int, label: str, given: Mapping[str, Any]) -> Setting:
    """Split ``given`` into the game's options and its tunables, check both, and deal a match
    with them (a tuning can be in range and still not fit the table: 40 CLIMB cards at six)."""
    known = tunables(game)
    tuning = check_tuning(game, {k: v for k, v in given.items() if k in known})
    options = game.options(players, {k: v for k, v in given.items() if k not in known})
    try:
        with tuned(game, tuning):
            Match(game, players, options, seed=0)
    except PondsideError:
        raise
    except Exception as exc:  # a rule constant the deal cannot meet fails in its own way
        raise PondsideError(
            f"{label} cannot be dealt at {players} players ({type(exc).__name__}: {exc})"
        ) from None
    return Setting(label, options, tuning)


def plan_lab(
    slug: str,
    sets: Sequence[tuple[str, Mapping[str, Any]]],
    *,
    players: int | None = None,
    deals: int = 100,
    seed: int = 0,
    bots: Sequence[str] = ("casual",),
    sweep: tuple[str, Sequence[Any]] | None = None,
    ladder_deals: int = 0,
    budgets: Mapping[str, int] | None = None,
) -> LabPlan:
    """Check a lab run: option sets (the first is the base; a sweep varies it), the bots (one
    for every seat, or one per seat), and the ladder's deals and search budgets."""
    game = get_game(slug)
    info = game.info
    p = info.default_players if players is None else players
    game.options(p)  # the seat count, checked with the game's words
    if deals < 1:
        raise PondsideError(f"the lab needs at least 1 deal, not {deals}")
    budgets = dict(budgets or {})
    if len(bots) not in (1, p):
        raise PondsideError(
            f"--bots names one bot for every seat or one per seat ({p}), not {len(bots)}"
        )
    seated = list(bots) * p if len(bots) == 1 else list(bots)
    specs = tuple(bot_spec(game, b, budgets) for b in seated)
    names = tuple(canonical(b) if is_level(b) else b for b in seated)
    checked = [setting(game, p, label, given) for label, given in sets]
    sweep_values: list[Setting] = []
    if sweep is not None:
        name, values = sweep
        base = dict(sets[0][1])
        sweep_values = [setting(game, p, f"{name}={shown(v)}", {**base, name: v}) for v in values]
    rotations = 1 if len(set(specs)) == 1 else p
    plan = LabPlan(
        slug, p, seed, deals, checked, sweep[0] if sweep else None, sweep_values,
        specs, ladder_deals, budgets,
    )  # fmt: skip
    plan.experiments += [Experiment("set", s, specs, names, deals, rotations) for s in checked]
    plan.experiments += [
        Experiment("sweep", s, specs, names, deals, rotations) for s in sweep_values
    ]
    if ladder_deals:
        levels = {lv: level_bot(game, lv, budgets) for lv in LADDER}
        for i, a in enumerate(LADDER):
            for b in LADDER[i + 1 :]:
                # Alternate seats a, b, a...; the second turn swaps them (at odd tables, who
                # has the extra seat), so each level sits at every seat position.
                ladder_bots = tuple(levels[a] if s % 2 == 0 else levels[b] for s in range(p))
                ladder_names = tuple(a if s % 2 == 0 else b for s in range(p))
                exp = Experiment("ladder", checked[0], ladder_bots, ladder_names, ladder_deals, 2)
                plan.experiments.append(exp)
    return plan


def shown(value: Any) -> str:
    """An option's value as the command line writes it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


Traces = dict[int, list[Trace]]  # by experiment


class Stopped(KeyboardInterrupt):
    """A lab run stopped by Ctrl-C: ``traces`` holds the matches that finished, in order."""

    def __init__(self, traces: Traces, done: int) -> None:
        super().__init__(f"stopped after {done} matches")
        self.traces, self.done = traces, done


def run_lab(
    plan: LabPlan, jobs: int = 1, progress: Callable[[int, int], None] | None = None
) -> Traces:
    """Play every match of the plan on ``jobs`` processes, in the plan's order; ``progress``
    after each. Ctrl-C raises :class:`Stopped` with what finished."""
    job = plan.job()
    traces: Traces = {e: [] for e in range(len(plan.experiments))}
    shared: dict[int, list[int]] = {e: [] for e in traces}
    for e, first in enumerate(plan.played()):
        shared[first].append(e)
    done = 0
    try:
        for e, trace in _played(job, jobs):
            for sharing in shared[e]:
                traces[sharing].append(trace)
            done += 1
            if progress:
                progress(done, len(job.tasks))
    except KeyboardInterrupt:
        raise Stopped(traces, done) from None
    return traces


def _played(job: LabJob, jobs: int) -> Iterator[tuple[int, Trace]]:
    indices = range(len(job.tasks))
    if jobs <= 1:
        yield from (play_task(job, i) for i in indices)
        return
    # The tournament's worker set-up: Ctrl-C is the parent's to handle, and a worker ends with
    # its parent; leaving the pool terminates the workers at once, mid-match included.
    # The job goes to each worker once, as it starts; a task is a range of indices. A task that
    # carried the job (Pool.imap of a bound job) could outgrow the pipe, and then, the workers
    # stopped by a Ctrl-C, the pool's task feeder waited on it and Pool.terminate waited for
    # the feeder forever (1 run in 4 hung). A few chunks in flight, not every task queued.
    start = multiprocessing.get_context()
    with start.Pool(jobs, initializer=_lab_worker_start, initargs=(job,)) as pool:
        chunk = max(1, min(20, len(indices) // (jobs * 20)))
        starts = iter(range(0, len(indices), chunk))

        def submit() -> AsyncResult[list[tuple[int, Trace]]] | None:
            first = next(starts, None)
            if first is None:
                return None
            return pool.apply_async(_play_chunk, (range(first, min(first + chunk, len(indices))),))

        pending = deque(r for r in (submit() for _ in range(jobs * IN_FLIGHT)) if r is not None)
        while pending:
            done = pending.popleft().get()
            more = submit()
            if more is not None:
                pending.append(more)
            yield from done


_JOB: LabJob | None = None
"""A worker process's job, given once as it starts (``_lab_worker_start``)."""


def _lab_worker_start(job: LabJob) -> None:
    """In a worker process: the tournament's set-up (Ctrl-C is the parent's; a worker ends
    with its parent), and the job its tasks index."""
    global _JOB
    worker_start()
    _JOB = job


def _play_chunk(indices: range) -> list[tuple[int, Trace]]:
    """Some of the job's tasks, in a worker process."""
    assert _JOB is not None, "a lab worker is started with its job"
    return [play_task(_JOB, i) for i in indices]
