"""``make bench``: every game's random-play speed, and OpenSpiel's for comparison when installed.

OpenSpiel games are driven the same way (a uniformly random legal action at every decision,
chance outcomes sampled by their probabilities), counting decisions at player nodes only.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from typing import Any

from pondside.games import all_games

from .bench import CLOCK, BenchResult, bench_game, legal_action_times

OPENSPIEL_GAMES = ("hearts", "python_team_dominoes")


def bench_openspiel(name: str, seconds: float, runs: int = 5) -> BenchResult | None:
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
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, probs)[0])
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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per game")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    ours = [bench_game(g, seconds=args.seconds) for g in all_games()]
    theirs = [r for r in (bench_openspiel(n, args.seconds) for n in OPENSPIEL_GAMES) if r]
    if args.json:
        print(
            json.dumps(
                {
                    "pondside": [r.to_json() for r in ours],
                    "openspiel": [r.to_json() for r in theirs],
                }
            )
        )
        return
    print(
        f"{'game':32} {'deals/s':>10} {'decisions/s':>12}"
        + "".join(f" {'÷ ' + t.game.split(':')[1]:>22}" for t in theirs)
    )
    for r in [*ours, *theirs]:
        ratios = "".join(f" {r.decisions_per_s / t.decisions_per_s:>21.2f}x" for t in theirs)
        print(f"{r.game:32} {r.deals_per_s:>10,.0f} {r.decisions_per_s:>12,.0f}{ratios}")
    print("\nlegal-action generation, every decision of 30 random matches at the default table:")
    for game in all_games():
        median, p99 = legal_action_times(game)
        print(f"{game.info.slug:32} median {median:8.1f} µs   99th percentile {p99:8.1f} µs")
    if not theirs:
        print(
            "(open_spiel is not installed: `pip install open_spiel` to compare with hearts "
            "and python_team_dominoes in the same run)"
        )
    details: dict[str, Any] = {"seconds_per_game": args.seconds, "runs": 5}
    print(f"median of {details['runs']} runs, {args.seconds:g} s per game, one core")


if __name__ == "__main__":
    main()
