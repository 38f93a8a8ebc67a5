"""``pondside lab`` on small sizes for every game, the tunable rule constants, and a stopped run."""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import pondside
from pondside.cli import main
from pondside.engine import BadOption, Match
from pondside.games import down_the_drain, get_game, ladders, lame_duck
from pondside.lab.results import LabResult
from pondside.lab.run import Stopped, plan_lab, play_traced, run_lab
from pondside.lab.tunables import tunables, tuned
from pondside.sim.runner import play_match, play_out, seat_bots

# One comparison per game, as docs/lab compares them (a tiny size: the command works).
COMPARED = {
    "lame-duck": ["--vs", "expert=true"],
    "king-of-the-quackers": ["--vs", "deck=basic"],
    "wildcat-chicane": ["--vs", "variant=classic"],
    "ladders": ["--players", "4", "--vs", "teams=true", "--options", "rounds=1"],
    "down-the-drain": ["--vs", "games=2", "--sweep", "hand_size=5,6"],
}


@pytest.mark.parametrize("slug", sorted(COMPARED))
def test_the_lab_runs_for_every_game(slug: str, tmp_path: Path) -> None:
    out = tmp_path / "lab"
    # Two deals where a match is quick, one where it takes seconds (the figures need none).
    deals = "2" if slug in ("lame-duck", "wildcat-chicane") else "1"
    args = ["lab", slug, "--matches", deals, "--out", str(out), *COMPARED[slug]]
    got = CliRunner().invoke(main, args)
    assert got.exit_code == 0, got.output
    data = json.loads((out / "figures.json").read_text())
    assert data["matches"] == data["planned_matches"] > 0
    assert len(data["sets"]) == 2 and data["differences"][0]["verdict"]
    assert "<svg" in (out / "report.html").read_text()
    assert (out / "figures.csv").read_text().startswith("section,setting,figure")


def test_the_ladder_and_a_sweep_with_a_target(tmp_path: Path) -> None:
    out = tmp_path / "lab"
    got = CliRunner().invoke(
        main,
        [
            "lab", "wildcat-chicane", "--matches", "3", "--ladder", "1", "--budgets",
            "strong=1,expert=2", "--sweep", "target=10,20", "--target",
            "abs(first_seat_advantage) <= 100 points", "--out", str(out),
        ],
    )  # fmt: skip
    assert got.exit_code == 0, got.output
    data = json.loads((out / "figures.json").read_text())
    ladder = data["ladder"]
    assert ladder["levels"] == ["expert", "strong", "casual", "random"]
    # One deal for each pair, played twice (seats swapped): two matches a cell.
    assert ladder["win_share"][0][0] is None and ladder["win_share"][0][3]["n"] == 2
    assert data["plan"]["ladder_bots"]["expert"].startswith("ismcts:iterations=2:")
    assert [v["meets_target"] for v in data["sweep"]["values"]] == [True, True]
    assert "The level ladder" in (out / "report.html").read_text()


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--options", "rounds=many"], "option 'rounds' is a whole number, not \"many\""),
        (["--vs", "colour=red"], "-o takes name=value with a name among: expert, rounds, target"),
        (["--sweep", "column_limit=1"], "option 'column_limit' must be at least 2, not 1"),
        (["--sweep", "column_limit"], "--sweep takes NAME=a,b,c"),
        (["--target", "balance >= 0.9"], "give --sweep too"),
        (["--bots", "casual,random"], "one bot for every seat or one per seat (4), not 2"),
        (["--budgets", "expert=lots"], "--budgets takes strong=N,expert=N"),
    ],
)
def test_bad_input_says_what_was_expected(args: list[str], says: str) -> None:
    got = CliRunner().invoke(main, ["lab", "lame-duck", "--matches", "1", *args])
    assert got.exit_code != 0
    assert says in got.output


def test_a_tuning_the_deal_cannot_meet_is_refused() -> None:
    got = CliRunner().invoke(
        main, ["lab", "ladders", "-p", "6", "--matches", "1", "--options", "climb_size=40"]
    )
    assert got.exit_code != 0
    assert "climb_size=40 cannot be dealt at 6 players" in got.output


def test_tunables_default_to_the_rulebook() -> None:
    assert lame_duck.rules.COLUMN_LIMIT == 5
    assert tunables(lame_duck.GAME)["column_limit"].default == 5
    assert [down_the_drain.hand_size(n) for n in (3, 6, 7, 8)] == [6, 6, 5, 5]  # DD-2
    assert [ladders.climb_size(n) for n in (2, 4, 5, 6)] == [30, 30, 20, 20]  # LA-3
    assert tunables(get_game("wildcat-chicane")) == {}


def test_ld7_a_tuned_column_limit_is_where_the_columns_are_taken() -> None:
    game = lame_duck.GAME
    with tuned(game, {"column_limit": 3}):
        match = Match(game, 4, seed=5)
        longest = 0
        while match.to_act():
            seat = match.to_act()[0]
            match.apply(seat, match.legal(seat)[0])
            longest = max(longest, *(len(c) for c in match.state.columns))
    assert longest == 3
    assert lame_duck.rules.COLUMN_LIMIT == 5  # restored where the rules read it


def test_dd2_a_tuned_hand_size_deals_that_many_and_is_restored() -> None:
    game = down_the_drain.GAME
    with tuned(game, {"hand_size": 4}):
        assert [len(h) for h in Match(game, 4, seed=1).state.hands] == [4] * 4
    assert down_the_drain.rules.HAND_SIZE is None


def test_an_unknown_tunable_names_the_known_ones() -> None:
    with (
        pytest.raises(BadOption, match="has no tunable 'rows'; its tunables are: column_limit"),
        tuned(lame_duck.GAME, {"rows": 4}),
    ):
        pass


def test_two_processes_play_the_same_matches_as_one() -> None:
    plan = plan_lab(
        "lame-duck", [("base", {})], deals=3, bots=("casual", "random", "casual", "random")
    )
    assert plan.matches == 12  # different bots: every deal once per turn of the seats
    assert run_lab(plan, jobs=2) == run_lab(plan, jobs=1)


def test_the_same_bot_everywhere_plays_each_deal_once_and_deals_match_a_simulation() -> None:
    plan = plan_lab("lame-duck", [("base", {})], deals=2)
    traces = run_lab(plan)[0]
    assert [t.deal for t in traces] == [0, 1]
    assert all(t.decisions >= 40 for t in traces)
    # A match of the lab is an ordinary match: its outcome is one the engine gives.
    assert play_match(lame_duck.GAME, 4, {}, ["random"] * 4, 1).outcome() is not None


def test_ctrl_c_keeps_what_was_measured(tmp_path: Path) -> None:
    plan = plan_lab("lame-duck", [("a", {}), ("b", {"expert": True})], deals=5)

    def stop_after_three(done: int, total: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(Stopped) as stopped:
        run_lab(plan, progress=stop_after_three)
    traces = stopped.value.traces
    # Deal by deal across the option sets: both keep what they measured, comparably.
    assert [len(traces[0]), len(traces[1])] == [2, 1]
    result = LabResult(plan, traces, [], stopped.value.done, 0.1)
    assert result.partial
    from pondside.lab.report import write_report

    html = write_report(result, tmp_path, "pondside lab lame-duck")[0].read_text()
    assert "Stopped after 3 of 10 matches" in html


def test_ctrl_c_at_the_command_writes_the_partial_report(tmp_path: Path) -> None:
    """Ctrl-C (to the whole process group, as a terminal sends it) stops the run and its
    workers; the report, JSON and CSV hold the matches that finished and say so."""
    src = Path(pondside.__file__).resolve().parents[1]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(src), os.environ.get("PYTHONPATH", "")]),
    }
    args = ["lab", "lame-duck", "--matches", "100000", "--jobs", "2", "--out", "part"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "pondside", *args],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        ready, _, _ = select.select([proc.stderr], [], [], 60)
        assert ready, "no progress line within 60 s"
        assert proc.stderr is not None and "Lame Duck lab: " in proc.stderr.readline()
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        # Reaped and its pipes closed whatever happened: a run left behind would fail the next
        # test with a ResourceWarning rather than this one.
        proc.communicate()
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "Stopped (Ctrl-C) after" in out
    data = json.loads((tmp_path / "part" / "figures.json").read_text())
    assert data["partial"] is True and 0 < data["matches"] < data["planned_matches"] == 100000
    assert "Stopped after" in (tmp_path / "part" / "report.html").read_text()


def test_a_designers_notes_go_under_what_a_designer_learns(tmp_path: Path) -> None:
    notes = tmp_path / "notes.html"
    notes.write_text("<p>Row length 4 felt tense at the table.</p>")
    out = tmp_path / "lab"
    got = CliRunner().invoke(
        main, ["lab", "lame-duck", "-n", "2", "--notes", str(notes), "--out", str(out)]
    )
    assert got.exit_code == 0, got.output
    html = (out / "report.html").read_text()
    learns = html.index("What a designer learns")
    assert learns < html.index("Row length 4 felt tense") < html.index("Figures of each option")
    assert "Made by <code>pondside lab lame-duck --matches 2 --out " in html


QUICK = {
    "lame-duck": (4, {}),
    "down-the-drain": (4, {}),
    "wildcat-chicane": (3, {"target": 10}),
    "king-of-the-quackers": (4, {"target": 10}),
    "ladders": (2, {"rounds": 1}),
}


@pytest.mark.parametrize("slug", sorted(QUICK))
def test_a_lab_match_is_the_match_play_out_plays(slug: str) -> None:
    """The lab plays on the game itself, without the Match's copies of events: the same
    actions, outcome and score line as the protocol's loop with the same seeds."""
    game = get_game(slug)
    players, options = QUICK[slug]
    for seed in (1, 2):
        trace = play_traced(game, players, options, ["casual"] * players, ("casual",) * players,
                            seed, seed + 100)  # fmt: skip
        match: Match[Any] = Match(game, players, options, seed=seed)
        bots = seat_bots(game, dict.fromkeys(range(players), "casual"), seed + 100)
        line = [(0, tuple(game.scores(match.state)))]

        def scored(events: object, match: Match[Any] = match, line: list[Any] = line) -> None:
            scores = tuple(game.scores(match.state))
            if scores != line[-1][1]:
                line.append((len(match.actions), scores))

        play_out(match, bots, scored)
        outcome = match.outcome()
        assert outcome is not None
        assert trace.places == outcome.places
        assert trace.scores == tuple(float(x) for x in outcome.scores)
        assert trace.decisions == len(match.actions)
        assert trace.line == tuple(line)
        assert trace.hands == game.hands_played(match.state)


def test_a_sweep_through_the_rulebooks_value_shares_the_base_sets_matches() -> None:
    plan = plan_lab("lame-duck", [("base", {})], deals=2, sweep=("column_limit", [4, 5]))
    assert plan.played() == [0, 1, 0]  # column_limit=5 is the rulebook's LD-7: the base set
    assert plan.matches == 4
    traces = run_lab(plan)
    assert traces[2] == traces[0] and len(traces[0]) == 2
    assert traces[1] != traces[0]  # a real change of the rule is played on its own
