"""Speed of the rules: random complete deals and decisions per second on one core.

The loop drives the game functions (to_act, legal_actions, apply) with uniformly random
actions, exactly as a Monte-Carlo rollout does, and reports the median of several runs.

Time is the CPU time of the benchmarking process (``CLOCK``): on an idle core it equals the
wall clock, and other work on the machine does not distort it. Every comparison made here
(OpenSpiel's games and bots) is timed with the same clock in the same run.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

from pondside.engine import Game

CLOCK = time.process_time


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
    start = CLOCK()
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
        if CLOCK() >= deadline:
            break
    elapsed = CLOCK() - start
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


OPENSPIEL_GAMES = ("hearts", "python_team_dominoes")

# Issue 17, point 3: random play at least as fast as OpenSpiel's C++ hearts driven by the same
# loop in these games, and ISMCTS at 1,000 iterations within half the time of OpenSpiel's
# Python ISMCTS on hearts in every game.
RANDOM_GOAL_GAMES = ("lame-duck", "down-the-drain")
SEARCH_SPEC = "ismcts:iterations=1000"
SEARCH_GOAL = 0.5


def bench_openspiel(name: str, seconds: float, runs: int = 5) -> BenchResult | None:
    """OpenSpiel's game ``name`` driven as ``bench_game`` drives ours (chance outcomes sampled
    uniformly, as both games' deals are; decisions counted at player nodes only); None without
    OpenSpiel."""
    try:
        import pyspiel
        from open_spiel.python import games as _python_games  # noqa: F401  (registers python_*)
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rates = []
    for seed in range(runs):
        rng = random.Random(seed)
        deals = decisions = 0
        start = CLOCK()
        while CLOCK() - start < seconds / runs:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    # Hearts' chance outcomes (the deal) are uniform: sampling one directly is
                    # what a rollout does; weighting them through rng.choices halves the rate.
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    decisions += 1
            deals += 1
        elapsed = CLOCK() - start
        rates.append((deals / elapsed, decisions / elapsed))
    return BenchResult(
        f"openspiel:{name}",
        statistics.median(r[0] for r in rates),
        statistics.median(r[1] for r in rates),
        runs,
    )


@dataclass
class BotBenchResult:
    game: str
    bot: str
    seconds_per_decision_median: float
    positions: int
    iterations_median: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "bot": self.bot,
            "seconds_per_decision_median": round(self.seconds_per_decision_median, 5),
        }


def sample_positions(game: Game[Any], count: int, seed: int = 0) -> list[tuple[Any, int]]:
    """``count`` (state, seat) decision points with a real choice, spread over random matches."""
    rng = random.Random(seed)
    positions: list[tuple[Any, int]] = []
    match_seed = seed
    while len(positions) < count:
        state = game.new(
            game.info.default_players, game.options(game.info.default_players), match_seed
        )
        match_seed += 1
        while len(positions) < count:
            seats = game.to_act(state)
            if not seats:
                break
            seat = seats[0]
            legal = game.legal_actions(state, seat)
            if len(legal) > 1 and rng.random() < 0.15:
                positions.append((state, seat))
            state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
    return positions


def bench_bot(game: Game[Any], spec: str, positions: int = 40, seed: int = 0) -> BotBenchResult:
    """Median CPU seconds the bot ``spec`` takes per decision over sampled positions."""
    from pondside.bots import make_bot

    times = []
    iterations = []
    for i, (state, seat) in enumerate(sample_positions(game, positions, seed)):
        bot = make_bot(spec, game, seat, seed + i)
        view, legal = game.view(state, seat), sorted(game.legal_actions(state, seat))
        start = CLOCK()
        bot.choose(view, legal)
        times.append(CLOCK() - start)
        done = getattr(bot, "iterations_done", None)
        if done is not None:
            iterations.append(done)
    return BotBenchResult(
        game.info.slug,
        spec,
        statistics.median(times),
        len(times),
        statistics.median(iterations) if iterations else None,
    )


def bench_openspiel_ismcts(
    iterations: int = 1000, positions: int = 20, seed: int = 0
) -> float | None:
    """Median seconds per decision of OpenSpiel's Python ISMCTS on its C++ hearts."""
    times = openspiel_ismcts_times(iterations, positions, seed)
    return statistics.median(times) if times else None


def openspiel_ismcts_times(
    iterations: int = 1000, positions: int = 20, seed: int = 0
) -> list[float] | None:
    """CPU seconds of OpenSpiel's Python ISMCTS at each of ``positions`` hearts decisions."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    times: list[float] = []
    while len(times) < positions:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal() and len(times) < positions:
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            legal = state.legal_actions()
            decisions += 1
            # Positions from the trick-taking phase only: OpenSpiel's hearts resampler returns
            # broken states during the passing phase (its first 12 decisions).
            if decisions > 12 and len(legal) > 1 and rng.random() < 0.15:
                random_state = np.random.RandomState(seed + len(times))
                evaluator = mcts.RandomRolloutEvaluator(1, random_state)
                bot = ismcts.ISMCTSBot(game, evaluator, 2.0, iterations, random_state=random_state)
                start = CLOCK()
                bot.step(state)
                times.append(CLOCK() - start)
            state.apply_action(legal[rng.randrange(len(legal))])
    return times


def legal_action_times(game: Game[Any], matches: int = 30, seed: int = 0) -> tuple[float, float]:
    """(median, 99th percentile) microseconds to list the legal actions, over every decision
    of ``matches`` random matches at the default table."""
    rng = random.Random(seed)
    players = game.info.default_players
    options = game.options(players)
    clock = time.perf_counter  # microsecond calls: the finer wall clock
    times = []
    for m in range(matches):
        state = game.new(players, options, seed + m)
        while seats := game.to_act(state):
            seat = seats[0]
            start = clock()
            legal = game.legal_actions(state, seat)
            times.append(clock() - start)
            state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
    times.sort()
    return statistics.median(times) * 1e6, times[int(0.99 * (len(times) - 1))] * 1e6


# --- batched engines (issue 29, point 4) ---------------------------------------------------
BATCH_SIZES = (1, 64, 1024, 16384)
BATCH_PLAYERS: dict[str, tuple[int, ...]] = {"lame-duck": (2, 4, 10), "wildcat-chicane": (3, 4)}
"""The player counts each batched engine is timed at (the game's default table otherwise)."""
BATCH_PLAYERS["ladders"] = (2, 4, 6)
BATCH_PLAYERS["king-of-the-quackers"] = (3, 4)
BATCH_GOAL = 1_000_000
"""Issue 29: Lame Duck at least 1M table-steps a second at 4 players, batch 16,384."""


@dataclass
class BatchBenchResult:
    game: str
    players: int
    batch: int
    table_steps_per_s: float
    """Tables advanced one decision point a second (a turn's choices, or a column's take)."""
    decisions_per_s: float
    """Seat decisions a second: every seat that acted at every table-step."""
    runs: int

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "batch": self.batch,
            "table_steps_per_s": round(self.table_steps_per_s, 1),
            "decisions_per_s": round(self.decisions_per_s, 1),
        }


def bench_batch(
    slug: str,
    batch: int,
    players: int,
    seconds: float = 1.0,
    runs: int = 3,
    options: dict[str, Any] | None = None,
) -> BatchBenchResult:
    """Median table-steps and seat decisions a second of the batched engine of ``slug``,
    driven by its batched random bot, finished tables restarted (new deal) as they end; each
    run takes ``seconds / runs`` of CPU time after the first deal, and at least 3 steps."""
    import numpy as np

    from pondside.batch.check import batched

    rates = []
    for seed in range(runs):
        tables = batched(slug)(batch, players, options, seed)
        rng = np.random.default_rng(seed)
        steps = decisions = count = 0
        start = CLOCK()
        while count < 3 or CLOCK() - start < seconds / runs:
            acting = tables.acting()
            steps += int(acting.any(axis=1).sum())
            decisions += int(acting.sum())
            ended = tables.step(tables.random_actions(rng)).ended
            if ended.any():
                tables.reset(ended)
            count += 1
        elapsed = CLOCK() - start
        rates.append((steps / elapsed, decisions / elapsed))
    return BatchBenchResult(
        slug,
        players,
        batch,
        statistics.median(r[0] for r in rates),
        statistics.median(r[1] for r in rates),
        runs,
    )


def bench_batches(seconds: float = 1.0) -> list[BatchBenchResult]:
    """Every batched engine at every size of ``BATCH_SIZES`` and its ``BATCH_PLAYERS``."""
    from pondside.batch.check import ENGINES
    from pondside.games import get_game

    return [
        bench_batch(slug, size, players, seconds)
        for slug in ENGINES
        for players in BATCH_PLAYERS.get(slug, (get_game(slug).info.default_players,))
        for size in BATCH_SIZES
    ]


@dataclass
class JaxBenchResult:
    """A JAX engine timed as ``bench_jax_batch`` times it."""

    players: int
    batch: int
    table_steps_per_s: float
    decisions_per_s: float
    compile_s: float
    """Seconds to compile the rollout (tracing and XLA), apart from the timed runs."""
    device: str
    steps: int
    """Steps of each compiled rollout (one ``lax.scan``)."""
    game: str = "lame-duck"

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "backend": "jax",
            "device": self.device,
            "players": self.players,
            "batch": self.batch,
            "table_steps_per_s": round(self.table_steps_per_s, 1),
            "decisions_per_s": round(self.decisions_per_s, 1),
            "compile_s": round(self.compile_s, 2),
            "steps_per_call": self.steps,
        }


def bench_jax_batch(
    batch: int,
    players: int,
    seconds: float = 1.0,
    steps: int = 100,
    runs: int = 3,
    options: dict[str, Any] | None = None,
) -> JaxBenchResult:
    """Median table-steps and seat decisions a second of Lame Duck's JAX engine: random play,
    finished tables dealt again, ``steps`` steps a call as one compiled ``lax.scan``. The
    rollout is compiled first (the first call's time less the second's); each run then calls
    it for ``seconds / runs`` of wall time (the device works apart from the process), waiting
    for its results (``block_until_ready``) before the clock stops."""
    import jax

    from pondside.batch.check import jax_engines
    from pondside.games import get_game

    jax_engines()  # jax is there, or the error says how to install it
    from pondside.batch.jax_lame_duck import kernel

    opts = get_game("lame-duck").options(players, options)
    k = kernel(players, opts["expert"])
    key = jax.random.key(0)
    state = k.init(key, batch, opts["rounds"], opts["target"])
    # The first call compiles (tracing, XLA) and runs; the second only runs: the compile time
    # is the difference. Both calls are warm-ups, outside the timed runs.
    times = []
    for _ in range(2):
        start = time.perf_counter()
        out = k.rollout(state, key, steps)
        state, key, *_ = jax.block_until_ready(out)  # type: ignore[no-untyped-call]
        times.append(time.perf_counter() - start)
    compile_s = max(times[0] - times[1], 0.0)
    rates = []
    for _ in range(runs):
        outs: list[tuple[jax.Array, jax.Array]] = []
        start = time.perf_counter()
        while not outs or time.perf_counter() - start < seconds / runs:
            state, key, tables, decisions = k.rollout(state, key, steps)
            outs.append((tables, decisions))
            jax.block_until_ready(state)  # type: ignore[no-untyped-call]
        elapsed = time.perf_counter() - start
        moved = sum(int(t.sum()) for t, _ in outs)
        decided = sum(int(d.sum()) for _, d in outs)
        rates.append((moved / elapsed, decided / elapsed))
    return JaxBenchResult(
        players,
        batch,
        statistics.median(r[0] for r in rates),
        statistics.median(r[1] for r in rates),
        compile_s,
        str(jax.devices()[0]),
        steps,
    )


def jax_batch_lines(results: list[JaxBenchResult], numpy: list[BatchBenchResult]) -> list[str]:
    """``pondside batch bench --backend jax``'s table: the JAX engine's rates, its compile time,
    and its ratio to the NumPy engine's table-steps a second in the same run where timed."""
    base = {(r.players, r.batch): r.table_steps_per_s for r in numpy}
    device = results[0].device if results else "none"
    lines = [
        f"Lame Duck's JAX engine on {device}: random play as one compiled lax.scan of "
        f"{results[0].steps if results else 0} steps a call, finished tables dealt again, wall "
        "time after compilation, median of 3 runs; NumPy: one core, CPU time",
        f"{'players':>7} {'batch':>9} {'table-steps/s':>14} {'decisions/s':>13} {'compile s':>9}"
        f" {'numpy steps/s':>14} {'jax ÷ numpy':>11}",
    ]
    for r in results:
        line = (
            f"{r.players:>7} {r.batch:>9,} {r.table_steps_per_s:>14,.0f}"
            f" {r.decisions_per_s:>13,.0f} {r.compile_s:>9.1f}"
        )
        numpy_rate = base.get((r.players, r.batch))
        if numpy_rate:
            line += f" {numpy_rate:>14,.0f} {r.table_steps_per_s / numpy_rate:>10.2f}x"
        lines.append(line)
    return lines


def batch_lines(results: list[BatchBenchResult], hearts: BenchResult | None) -> list[str]:
    """The batched engines' table of ``pondside bench --report``: each rate, and its ratio to
    OpenSpiel's hearts' decisions a second measured in the same run when there is one."""
    ratio_head = f" {'steps ÷ hearts':>15} {'decisions ÷ hearts':>19}" if hearts else ""
    lines = [
        "batched engines (pondside.batch): random play, finished tables dealt again, one core, "
        "CPU time, median of 3 runs",
        f"{'game':20} {'players':>7} {'batch':>6} {'table-steps/s':>14} {'decisions/s':>12}"
        + ratio_head,
    ]
    for r in results:
        line = (
            f"{r.game:20} {r.players:>7} {r.batch:>6,} {r.table_steps_per_s:>14,.0f} "
            f"{r.decisions_per_s:>12,.0f}"
        )
        if hearts:
            line += (
                f" {r.table_steps_per_s / hearts.decisions_per_s:>14.2f}x"
                f" {r.decisions_per_s / hearts.decisions_per_s:>18.2f}x"
            )
        if (r.game, r.players, r.batch) == ("lame-duck", 4, BATCH_SIZES[-1]):
            met = r.table_steps_per_s >= BATCH_GOAL
            line += f"   goal ≥ {BATCH_GOAL:,}: {'met' if met else 'NOT met'}"
        lines.append(line)
    if hearts:
        lines.append(f"(OpenSpiel's hearts in this run: {hearts.decisions_per_s:,.0f} decisions/s)")
    return lines
