"""The batched engines checked against the exact one (``pondside batch check``).

A batched engine is a second implementation of the rules and earns trust only by being replayed:
random tables are played on it, every table's record (its first deal and actions) is replayed
through ``Match.from_record``, and every seat's scores and places are compared; on a sample of
tables, every seat's view is compared too, at every step, with the view the batch's observation
gives (``to_view``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from pondside.engine import BadOption, Game, Match, PondsideError
from pondside.games import get_game

from .base import StepLog, Tables
from .down_the_drain import DownTheDrainTables
from .king_of_the_quackers import KingOfTheQuackersTables
from .ladders import LaddersTables
from .lame_duck import LameDuckTables
from .wildcat_chicane import WildcatChicaneTables

Maker = Callable[[int, int, Mapping[str, Any] | None, int | None], Tables]

ENGINES: dict[str, Maker] = {
    "lame-duck": LameDuckTables,
    "down-the-drain": DownTheDrainTables,
    "wildcat-chicane": WildcatChicaneTables,
    "ladders": LaddersTables,
    "king-of-the-quackers": KingOfTheQuackersTables,
}
"""The games with a batched engine, by slug."""

OPTION_SETS: dict[str, tuple[dict[str, Any], ...]] = {
    "lame-duck": (
        {},
        {"expert": True},
        {"rounds": 3},
        {"target": 66},
        {"expert": True, "target": 30},
    ),
    "down-the-drain": ({}, {"games": 3}),
    "ladders": ({}, {"teams": True}, {"rounds": 1}, {"target": 100}),
    # Random play does not reach 400 in 100 hands: those matches end at the limit (WC-16).
    "wildcat-chicane": (
        {},
        {"variant": "classic"},
        {"target": 10},
        {"variant": "classic", "target": 400},
    ),
    "king-of-the-quackers": (
        {},
        {"deck": "basic"},
        {"bidding": True},
        {"deck": "basic", "bidding": True, "lead_passes": "left"},
        {"lead_passes": "left", "target": 20},
    ),
}
"""The option sets a check spreads its tables over when none is given: every option, and
every way a match ends."""


BACKENDS = ("numpy", "jax")
"""The array libraries a batched engine runs on: NumPy for every game, JAX for Lame Duck."""

JAX_MISSING = "the JAX backend needs jax: install the jax extra: pip install 'pondside[jax]'"


def jax_engines() -> dict[str, Maker]:
    """The games with a JAX engine, by slug; ``PondsideError`` says how to install jax when it
    is not installed."""
    try:
        import jax  # noqa: F401
    except ImportError:
        raise PondsideError(JAX_MISSING) from None
    from .jax_lame_duck import JaxLameDuckTables

    return {"lame-duck": JaxLameDuckTables}


def batched(slug: str, backend: str = "numpy") -> Maker:
    """The batched engine of the game ``slug`` on ``backend``; ``PondsideError`` names those
    there are."""
    if backend not in BACKENDS:
        raise PondsideError(f"backends are {', '.join(BACKENDS)}, not {backend!r}")
    engines = ENGINES if backend == "numpy" else jax_engines()
    maker = engines.get(slug)
    if maker is None:
        raise PondsideError(
            f"no {backend} batched engine for {slug!r} yet; there is one for: {', '.join(engines)}"
        )
    return maker


@dataclass
class Mismatch:
    """One table whose batched play the exact engine does not reproduce."""

    players: int
    options: dict[str, Any]
    table: int
    what: str
    record: dict[str, Any]


@dataclass
class CheckReport:
    game: str
    tables: int = 0
    views: int = 0
    """Views compared step by step (one per seat and step of each sampled table)."""
    seconds: float = 0.0
    mismatches: list[Mismatch] = field(default_factory=list)
    tables_by_setup: dict[str, int] = field(default_factory=dict)


def setups(
    slug: str, players: int | None, options: Mapping[str, Any] | None
) -> list[tuple[int, dict[str, Any]]]:
    """The (players, options) a check covers: the given ones, or every player count and every
    option set of ``OPTION_SETS``."""
    game = get_game(slug)
    counts = (
        [players]
        if players is not None
        else list(range(game.info.min_players, game.info.max_players + 1))
    )
    option_sets = [dict(options)] if options else list(OPTION_SETS.get(slug, ({},)))
    out = [(p, o) for p in counts for o in option_sets if _accepts(game, p, o)]
    if not out:  # the options fit no player count asked for: the game says why
        game.options(counts[0], option_sets[0])
    return out


def _accepts(game: Game[Any], players: int, options: dict[str, Any]) -> bool:
    """Whether the game plays ``options`` at ``players`` seats (Ladders' teams need four)."""
    try:
        game.options(players, options)
    except BadOption:
        return False
    return True


def check(
    slug: str,
    tables: int,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    sample: float = 0.01,
    chunk: int = 2048,
    backend: str = "numpy",
) -> CheckReport:
    """Play ``tables`` random tables on the batched engine of ``backend`` (spread over
    ``setups``), replay each through the exact engine, compare scores and places, and views on
    a ``sample``."""
    game = get_game(slug)
    maker = batched(slug, backend)
    report = CheckReport(slug)
    start = time.perf_counter()
    plan = setups(slug, players, options)
    rng = np.random.default_rng(seed)
    for i, (p, opts) in enumerate(plan):
        share = tables // len(plan) + (i < tables % len(plan))
        key = f"{p} players" + "".join(f", {k}={v}" for k, v in opts.items())
        report.tables_by_setup[key] = share
        done = 0
        while done < share:
            size = min(chunk, share - done)
            # JAX compiles for every batch size: its batches are a power of two, the tables
            # past ``size`` played and not replayed.
            rows = size if backend == "numpy" else 1 << (size - 1).bit_length()
            batch = maker(rows, p, opts, int(rng.integers(2**63)))
            watched = np.flatnonzero(rng.random(size) < sample)
            _check_batch(game, batch, watched, rng, report, size)
            done += size
            report.tables += size
    report.seconds = time.perf_counter() - start
    return report


def _check_batch(
    game: Game[Any],
    batch: Tables,
    watched: npt.NDArray[np.int64],
    rng: np.random.Generator,
    report: CheckReport,
    count: int | None = None,
) -> None:
    """Play ``batch`` to its end and replay its first ``count`` tables (every one when None),
    the ``watched`` ones view by view."""
    log = StepLog()
    seen: dict[int, list[list[dict[str, Any]]]] = {int(t): [] for t in watched}

    def look() -> None:
        if not seen:
            return
        obs = [batch.observe(s) for s in range(batch.players)]
        for t, views in seen.items():
            views.append([batch.to_view(obs[s], t, s) for s in range(batch.players)])

    look()
    while not batch.over.all():
        actions = getattr(batch, "check_actions", batch.random_actions)(rng)
        log.add(batch.acting(), actions)
        batch.step(actions)
        look()
    scores, places = batch.scores(), batch.places
    for t in range(batch.batch if count is None else count):
        record = batch.record(t, log)
        what = _replay_views(game, record, log, t, seen[t]) if t in seen else _replay(game, record)
        if t in seen:
            report.views += batch.players * len(seen[t])
        if isinstance(what, Match):
            what = _compare_outcome(what, scores[t], places[t])
        if what:
            report.mismatches.append(Mismatch(batch.players, batch.options, t, what, record))


def _replay(game: Game[Any], record: dict[str, Any]) -> Match[Any] | str:
    try:
        return Match.from_record(game, record)
    except PondsideError as exc:
        return f"the engine refused the record: {exc}"


def _compare_outcome(
    match: Match[Any], scores: npt.NDArray[np.int64], places: npt.NDArray[np.int64]
) -> str:
    outcome = match.outcome()
    if outcome is None:
        return "the engine's match is not over where the batch's is"
    if list(outcome.scores) != scores.tolist():
        return f"scores: engine {list(outcome.scores)}, batch {scores.tolist()}"
    if list(outcome.places) != places.tolist():
        return f"places: engine {list(outcome.places)}, batch {places.tolist()}"
    return ""


def _steps(log: StepLog, table: int) -> Iterator[list[int]]:
    """The seats that acted at each step of ``table`` (none once it was over)."""
    for acting, _ in log.steps:
        yield np.flatnonzero(acting[table]).tolist()


def _replay_views(
    game: Game[Any],
    record: dict[str, Any],
    log: StepLog,
    table: int,
    views: list[list[dict[str, Any]]],
) -> Match[Any] | str:
    """Replay ``record`` step by step, comparing every seat's view with the batch's."""
    match: Match[Any] = Match.start_of(game, record)
    actions = iter(record["actions"])
    for step, seats in enumerate([[], *_steps(log, table)]):
        try:
            for _ in seats:
                seat, action = next(actions)
                match.apply(seat, action)
        except PondsideError as exc:
            return f"step {step}: the engine refused an action: {exc}"
        for seat, ours in enumerate(views[step]):
            theirs = {k: v for k, v in match.view(seat).items() if k != "last_events"}
            if theirs != ours:
                keys = sorted(
                    k for k in theirs.keys() | ours.keys() if theirs.get(k) != ours.get(k)
                )
                diff = "; ".join(
                    f"{k}: engine {theirs.get(k)!r}, batch {ours.get(k)!r}" for k in keys
                )
                return f"step {step}, seat {seat}'s view differs: {diff}"
    return match
