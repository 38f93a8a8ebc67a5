"""``pondside bench --report``: every game's random-play speed and search time, each divided by
OpenSpiel's hearts measured in the same run when it is installed (the two ratios of issue 17,
point 3), and the time to list the legal actions: the tables of docs/benchmarks.md.

``measure`` times everything; the report prints as text (``lines``) or JSON (``to_json``).
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pondside.engine import native
from pondside.games import all_games

from .bench import (
    OPENSPIEL_GAMES,
    RANDOM_GOAL_GAMES,
    SEARCH_GOAL,
    SEARCH_SPEC,
    BatchBenchResult,
    BenchResult,
    BotBenchResult,
    batch_lines,
    bench_batches,
    bench_bot,
    bench_game,
    bench_openspiel,
    legal_action_times,
    openspiel_ismcts_times,
)


@dataclass
class BenchReport:
    seconds: float  # of random play per game
    positions: int  # sampled for the search
    build: str  # which rules ran: pure Python, or which modules compiled
    ours: list[BenchResult]
    theirs: list[BenchResult]  # OpenSpiel's games, when it is installed
    searches: list[BotBenchResult]
    their_search: float | None  # OpenSpiel's ISMCTS on hearts, median s a decision
    legal: list[tuple[str, float, float]]  # (game, median µs, 99th percentile µs); text only
    batches: list[BatchBenchResult] = field(default_factory=list)  # issue 29, beside hearts

    @property
    def hearts(self) -> BenchResult | None:
        return next((t for t in self.theirs if t.game == "openspiel:hearts"), None)

    def random_goal(self, game: str) -> bool | None:
        """Does ``game`` play random decisions at least as fast as OpenSpiel's hearts?"""
        hearts = self.hearts
        if hearts is None or game not in RANDOM_GOAL_GAMES:
            return None
        mine = next(r for r in self.ours if r.game == game)
        return mine.decisions_per_s >= hearts.decisions_per_s

    def search_ratio(self, seconds_per_decision: float) -> float | None:
        return seconds_per_decision / self.their_search if self.their_search else None

    @staticmethod
    def goal_met(ratio: float | None) -> bool | None:
        return None if ratio is None else ratio <= SEARCH_GOAL

    def to_json(self) -> dict[str, Any]:
        """The figures, as ``pondside bench --report --json`` prints them."""
        return {
            "pondside": [{**r.to_json(), "goal_met": self.random_goal(r.game)} for r in self.ours],
            "openspiel": [r.to_json() for r in self.theirs],
            "search": [
                {
                    **t.to_json(),
                    "ratio_to_openspiel": rounded(self.search_ratio(t.seconds_per_decision_median)),
                    "goal_met": self.goal_met(self.search_ratio(t.seconds_per_decision_median)),
                }
                for t in self.searches
            ],
            "openspiel_ismcts_hearts_seconds": rounded(self.their_search),
            "batch": [b.to_json() for b in self.batches],
            "rules": self.build,
        }

    def lines(self) -> Iterator[str]:
        """The report as text: random play, search and legal actions, each with its goal."""
        theirs, hearts = self.theirs, self.hearts
        yield f"rules: {self.build}\n"
        yield (
            f"{'game':32} {'deals/s':>10} {'decisions/s':>12}"
            + "".join(f" {'÷ ' + t.game.split(':')[1]:>22}" for t in theirs)
            + ("   goal: ≥ hearts" if hearts else "")
        )
        for r in [*self.ours, *theirs]:
            ratios = "".join(f" {r.decisions_per_s / t.decisions_per_s:>21.2f}x" for t in theirs)
            met = self.random_goal(r.game)
            goal = "" if met is None else f"   {'met' if met else 'NOT met'}"
            yield f"{r.game:32} {r.deals_per_s:>10,.0f} {r.decisions_per_s:>12,.0f}{ratios}{goal}"
        yield f"median of {self.ours[0].runs} runs, {self.seconds:g} s per game, one core, CPU time"
        if self.batches:
            yield "\n" + "\n".join(batch_lines(self.batches, hearts))
        yield (
            f"\nsearch: {SEARCH_SPEC}, median CPU seconds per decision over {self.positions} "
            "positions"
        )
        if self.their_search:
            yield (
                f"{'game':32} {'s/decision':>10} {'÷ OpenSpiel ISMCTS on hearts':>29}   "
                f"goal: ≤ {SEARCH_GOAL:g}"
            )
        for t in self.searches:
            ratio = self.search_ratio(t.seconds_per_decision_median)
            line = f"{t.game:32} {t.seconds_per_decision_median:>10.3f}"
            if ratio is not None:
                line += f" {ratio:>28.2f}x   {'met' if self.goal_met(ratio) else 'NOT met'}"
            yield line
        if self.their_search:
            yield (
                f"{'openspiel:hearts ISMCTS (Python)':32} {self.their_search:>10.3f} {1:>28.2f}x"
                "   (1,000 simulations, random rollouts; timed before and after ours)"
            )
        yield (
            "\nlegal-action generation, every decision of 30 random matches at the default table:"
        )
        for slug, median, p99 in self.legal:
            yield f"{slug:32} median {median:8.1f} µs   99th percentile {p99:8.1f} µs"
        if not theirs:
            yield (
                "(open_spiel is not installed: `pip install open_spiel` to compare with hearts "
                "and python_team_dominoes in the same run)"
            )


def rounded(x: float | None) -> float | None:
    return None if x is None else round(x, 3)


def measure(seconds: float, positions: int, legal_actions: bool = True) -> BenchReport:
    """Time every game's random play for ``seconds`` and its search over ``positions`` sampled
    positions, OpenSpiel's alike when it is installed; and, with ``legal_actions``, the time
    to list the legal actions (the text report shows it, the JSON leaves it out)."""
    build = f"compiled (mypyc): {', '.join(native.MODULES)}" if native.active() else "pure Python"
    ours = [bench_game(g, seconds=seconds) for g in all_games()]
    theirs = [r for r in (bench_openspiel(n, seconds) for n in OPENSPIEL_GAMES) if r]
    batches = bench_batches(seconds / 4)  # the batched engines, divided by hearts' rate
    # OpenSpiel's search is timed before and after ours, so that a change in the machine's
    # load during the run weighs on both sides alike.
    their_times = openspiel_ismcts_times(1000, positions) or []
    searches = [bench_bot(g, SEARCH_SPEC, positions) for g in all_games()]
    their_times += openspiel_ismcts_times(1000, positions) or []
    their_search = statistics.median(their_times) if their_times else None
    legal = [(g.info.slug, *legal_action_times(g)) for g in all_games()] if legal_actions else []
    return BenchReport(
        seconds, positions, build, ours, theirs, searches, their_search, legal, batches
    )
