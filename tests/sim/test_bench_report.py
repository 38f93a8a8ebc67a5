"""``pondside bench --report``'s report: each goal of issue 17 judged against OpenSpiel's hearts
timed in the same run, and said plainly when OpenSpiel is not there to compare with."""

from __future__ import annotations

from pondside.sim.bench import SEARCH_SPEC, BenchResult, BotBenchResult
from pondside.sim.bench_report import BenchReport


def report(openspiel: bool) -> BenchReport:
    return BenchReport(
        seconds=5.0,
        positions=20,
        build="pure Python",
        ours=[
            BenchResult("lame-duck", 2000.0, 120_000.0, 5),
            BenchResult("down-the-drain", 400.0, 30_000.0, 5),
        ],
        theirs=[BenchResult("openspiel:hearts", 300.0, 60_000.0, 5)] if openspiel else [],
        searches=[
            BotBenchResult("lame-duck", SEARCH_SPEC, 0.02, 20),
            BotBenchResult("down-the-drain", SEARCH_SPEC, 0.06, 20),
        ],
        their_search=0.05 if openspiel else None,
        legal=[("lame-duck", 3.25, 9.5)],
    )


def test_random_play_meets_the_goal_at_hearts_speed_or_faster() -> None:
    lines = list(report(openspiel=True).lines())
    ld = next(line for line in lines if line.startswith("lame-duck "))
    assert ld.split()[1:] == ["2,000", "120,000", "2.00x", "met"]
    dd = next(line for line in lines if line.startswith("down-the-drain "))
    assert dd.endswith("0.50x   NOT met")


def test_search_meets_the_goal_at_half_of_openspiels_time_or_less() -> None:
    data = report(openspiel=True).to_json()
    search = {row["game"]: row for row in data["search"]}
    assert search["lame-duck"]["ratio_to_openspiel"] == 0.4
    assert search["lame-duck"]["goal_met"] is True
    assert search["down-the-drain"]["goal_met"] is False
    assert data["openspiel_ismcts_hearts_seconds"] == 0.05
    assert [row["goal_met"] for row in data["pondside"]] == [True, False]


def test_without_openspiel_no_goal_is_judged_and_the_report_says_how_to_compare() -> None:
    measured = report(openspiel=False)
    data = measured.to_json()
    assert data["openspiel"] == [] and data["openspiel_ismcts_hearts_seconds"] is None
    assert all(row["goal_met"] is None for row in data["search"])
    lines = list(measured.lines())
    assert not any("met" in line for line in lines)
    assert lines[-1].startswith("(open_spiel is not installed: `pip install open_spiel`")
    assert "lame-duck                        median      3.2 µs" in lines[-2]
