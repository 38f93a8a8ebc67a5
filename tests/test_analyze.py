"""Hints and post-match analysis (issue 17, point 4): ``pondside.analysis`` and
``pondside analyze``. Budgets are tiny (a few dozen playouts): these check the machinery and
the one decision that is plainly bad, not the strength of the search."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from pondside.analysis import analyze, estimate_actions, hint
from pondside.bots import make_bot
from pondside.bots.levels import UnknownLevel
from pondside.cli import main
from pondside.engine import BadRecord, Match, PondsideError
from pondside.games import get_game

GAME = get_game("lame-duck")
BOTS = ["heuristic", "random", "heuristic", "random"]
NAMES = ["Ada", "Bob", "Cy", "Di"]


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=input)
    return result.exit_code, result.output


def flat(text: str) -> str:
    return " ".join(text.split())


@cache
def bad_take() -> tuple[dict[str, Any], int, str, str]:
    """A finished match of heuristics in which seat 0 once takes the column with the most
    ducks when another costs at least 10 fewer (a too-low card lets a seat choose, LD-8): the
    record, that action's number in it, the action and the cheapest take."""
    for seed in range(60):
        match = Match(GAME, 4, seed=seed)
        bots = {s: make_bot("heuristic", GAME, s, 100 + s) for s in range(4)}
        found = None
        while match.to_act():
            seat = match.to_act()[0]
            view, legal = match.view(seat), match.legal(seat)
            ducks = view["column_ducks"]
            if (
                found is None
                and seat == 0
                and legal[0].startswith("take")
                and max(ducks) - min(ducks) >= 10
            ):
                worst = f"take {ducks.index(max(ducks))}"
                found = (len(match.actions) + 1, worst, f"take {ducks.index(min(ducks))}")
                match.apply(seat, worst)
                continue
            match.apply(seat, bots[seat].choose(view, legal))
        if found:
            return (match.record(NAMES, ["heuristic"] * 4), *found)
    raise AssertionError("no seed of 60 gave seat 0 a costly choice of column")


@cache
def played_record() -> dict[str, Any]:
    """A finished Lame Duck match between heuristics and random bots, with names."""
    from pondside.sim.runner import play_match

    return play_match(GAME, 4, None, BOTS, 5).record(NAMES, BOTS)


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    path = tmp_path / "match.json"
    path.write_text(json.dumps(played_record()))
    return path


# --- estimates and hints --------------------------------------------------------------------
def test_estimates_every_legal_action_from_the_seats_view_with_places_in_range() -> None:
    match = Match(GAME, 4, seed=2)
    view, legal = match.view(1), match.legal(1)
    est = estimate_actions(GAME, view, legal, keep=["play " + str(view["hand"][0])], iterations=60)
    assert sorted(e.action for e in est.actions) == sorted(legal) and not est.not_evaluated
    assert est.seat == 1 and est.players == 4 and est.playouts <= 60 + len(legal)
    for e in est.actions:
        assert 1 <= e.place <= 4 and 0 <= e.share <= 1 and 0 <= e.win <= 1 and e.samples >= 1
    # Best first: the survivors of the last round by place; the kept action survived.
    survivors = [e for e in est.actions if e.rounds == est.best.rounds]
    assert est.actions[: len(survivors)] == sorted(survivors, key=lambda e: e.place)
    assert est.of("play " + str(view["hand"][0])) in survivors
    assert est.loss(est.best.action) == (0.0, 0.0)
    again = estimate_actions(
        GAME, view, legal, keep=["play " + str(view["hand"][0])], iterations=60
    )
    assert again.to_json()["actions"] == est.to_json()["actions"]  # a seed, the same estimates


def test_estimates_are_the_same_with_playouts_batched_or_one_by_one() -> None:
    """Lame Duck's playouts run on its batched engine; the heuristic's playouts are the same
    there, so are the estimates (``batch=0``: one by one)."""
    for seed in (2, 3):
        match = Match(GAME, 4, seed=seed)
        view, legal = match.view(0), match.legal(0)
        batched = estimate_actions(GAME, view, legal, iterations=120, seed=seed)
        alone = estimate_actions(GAME, view, legal, iterations=120, seed=seed, batch=0)
        assert batched.to_json()["actions"] == alone.to_json()["actions"]


def test_a_large_action_set_is_evaluated_in_part_and_says_which_were_not() -> None:
    match = Match(GAME, 4, seed=2)
    view, legal = match.view(0), match.legal(0)
    heuristic = make_bot("heuristic", GAME, 0, 0).choose(view, legal)
    kept = next(a for a in legal if a != heuristic)
    est = estimate_actions(GAME, view, legal, keep=[kept], iterations=30, width=4)
    evaluated = {e.action for e in est.actions}
    assert len(evaluated) == 4 and {kept, heuristic} <= evaluated
    assert sorted(evaluated | set(est.not_evaluated)) == sorted(legal)


def test_estimates_refuse_what_they_cannot_judge() -> None:
    match = Match(GAME, 4, seed=2)
    with pytest.raises(PondsideError, match="not one of the legal actions"):
        estimate_actions(GAME, match.view(0), match.legal(0), keep=["play 999"])
    with pytest.raises(PondsideError, match="spectator"):
        estimate_actions(GAME, match.view(None), match.legal(0))
    with pytest.raises(PondsideError, match="iterations must be"):
        estimate_actions(GAME, match.view(0), match.legal(0), iterations=0)


def test_a_hint_is_the_levels_action_its_reason_and_the_estimates() -> None:
    match = Match(GAME, 4, seed=3)
    view, legal = match.view(0), match.legal(0)
    expected = make_bot("heuristic", GAME, 0, 9)
    got = hint(GAME, view, legal, "heuristic", seed=9, iterations=40)
    assert got.action == expected.choose(view, legal)
    assert got.why == expected.explain(view, legal, got.action) and got.why
    assert got.estimates is not None and got.estimates.of(got.action) is not None
    assert json.loads(json.dumps(got.to_json()))["action"] == got.action
    assert hint(GAME, view, legal, "random", seed=9, estimate=False).estimates is None
    with pytest.raises(UnknownLevel, match="the levels are"):
        hint(GAME, view, legal, "external:cmd=ls")


# --- analysis of a record -------------------------------------------------------------------
def test_a_column_of_many_ducks_taken_for_nothing_is_the_biggest_mistake() -> None:
    record, number, worst, cheapest = bad_take()
    analysis = analyze(GAME, record, 0, iterations=40, seed=1)
    biggest = analysis.mistakes()[0]
    assert (biggest.number, biggest.played) == (number, worst)
    assert (
        biggest.loss > 0.5 and biggest.best != worst and biggest.place_best < biggest.place_played
    )
    assert biggest.best == cheapest
    assert {d.seat for d in analysis.decisions} == {0} and analysis.finished


def test_every_seats_decision_with_a_choice_is_judged_in_record_order() -> None:
    record = played_record()
    analysis = analyze(GAME, record, iterations=20, seed=0)
    assert analysis.seats == [0, 1, 2, 3] and analysis.names == NAMES
    numbers = [d.number for d in analysis.decisions]
    assert numbers == sorted(numbers) and len(numbers) >= 4 * 9
    for d in analysis.decisions:
        seat, action = record["actions"][d.number - 1]
        assert (d.seat, d.played) == (seat, action) and d.legal > 1
        assert d.loss >= 0 and (d.loss == 0) == (d.best == d.played)
    totals = analysis.totals()
    assert sum(t["decisions"] for t in totals.values()) == len(analysis.decisions)


def test_an_analysis_is_the_same_for_a_seed() -> None:
    record = played_record()
    one = analyze(GAME, record, 1, iterations=20, seed=4).to_json()
    two = analyze(GAME, record, 1, iterations=20, seed=4).to_json()
    one.pop("seconds"), two.pop("seconds")
    assert one == two


def test_an_unfinished_record_is_analysed_as_far_as_it_was_played() -> None:
    record = {**played_record(), "actions": played_record()["actions"][:9]}
    analysis = analyze(GAME, record, iterations=20)
    assert not analysis.finished and analysis.actions == 9
    assert [d.number for d in analysis.decisions] == list(range(1, 10))
    with pytest.raises(PondsideError, match="seat must be 0 to 3"):
        analyze(GAME, record, 4)
    with pytest.raises(BadRecord, match="action 0 of the record"):
        analyze(GAME, {**record, "actions": [[0, "play 999"]]})


# --- the command ----------------------------------------------------------------------------
def test_analyze_prints_every_decisions_loss_the_biggest_mistakes_and_totals(
    tmp_path: Path,
) -> None:
    record, number, worst, cheapest = bad_take()
    path = tmp_path / "taken.json"
    path.write_text(json.dumps(record))
    out_json, plot = tmp_path / "analysis.json", tmp_path / "losses.png"
    code, out = run(
        "analyze", str(path), "--seat", "0", "-i", "40", "--seed", "1",
        "--out", str(out_json), "--plot", str(plot), "--top", "3",
    )  # fmt: skip
    assert code == 0, out
    lines = out.splitlines()
    assert "Lame Duck: taken.json" in out and "playouts each, seed 1" in out
    rows = [line for line in lines if line.startswith("│")]
    # Every decision of seat 0 is a row, with its loss; the biggest mistake's row says it.
    data = json.loads(out_json.read_text())
    assert data["record"] == str(path) and data["seats"] == [0]
    for d in data["decisions"]:
        assert any(f" {d['number']} │" in r and d["played"] in r and "Ada" in r for r in rows), d
    mistakes = out[out.index("biggest mistake") :]
    first = next(line for line in mistakes.splitlines() if line.startswith("│"))
    assert f" {number} │" in first and worst in first and cheapest in first
    assert "Per seat" in out and "mean loss" in out and "Ada" in out
    assert "Bob" not in out  # --seat 0 only
    top = max(data["decisions"], key=lambda d: d["loss"])
    assert top["number"] == number and top["loss"] > 0.5
    assert data["totals"]["0"]["decisions"] == len(data["decisions"])
    assert f"Analysis written to {out_json} and {plot}" in flat(out)
    assert plot.read_bytes()[:4] == b"\x89PNG"


def test_analyze_runs_as_a_program(record_file: Path) -> None:
    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb"}
    done = subprocess.run(
        [sys.executable, "-m", "pondside", "analyze", str(record_file), "--seat", "2", "-i", "20"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Cy" in done.stdout and "loss" in done.stdout and "mean loss" in done.stdout
    assert all(len(line) <= 80 for line in done.stdout.splitlines())
    # The progress goes to stderr, as lines when it is not a terminal.
    assert "Analysing match.json: " in done.stderr and "decisions, 100%" in done.stderr


def test_analyze_says_what_is_wrong_with_its_input(tmp_path: Path, record_file: Path) -> None:
    code, out = run("analyze", str(record_file), "--seat", "4")
    assert code != 0 and "--seat must be 0 to 3" in out
    not_json = tmp_path / "notes.txt"
    not_json.write_text("hello")
    code, out = run("analyze", str(not_json))
    assert code != 0 and "is not JSON" in out
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"hello": 1}))
    code, out = run("analyze", str(other))
    assert code != 0 and "is not a match record: it has no game" in flat(out)
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({**played_record(), "actions": [[0, "play 999"]]}))
    code, out = run("analyze", str(broken))
    assert code != 0 and "action 0 of the record" in flat(out)
    code, out = run("analyze", str(record_file), "--plot", str(tmp_path / "x.gif"))
    assert code != 0 and "--plot writes .png, .pdf, .svg files, not x.gif" in flat(out)
    code, out = run("analyze", str(record_file), "--out", str(tmp_path / "x.csv"))
    assert code != 0 and "--out writes a .json file" in flat(out)


def test_analyze_an_unfinished_record_says_so(tmp_path: Path) -> None:
    path = tmp_path / "left.json"
    path.write_text(json.dumps({**played_record(), "actions": played_record()["actions"][:6]}))
    code, out = run("analyze", str(path), "-i", "20")
    assert code == 0, out
    assert "unfinished match: its 6 actions are analysed" in flat(out)
    first = [line for line in out.splitlines() if line.startswith("│")]
    assert len(first) >= 5


def test_the_terminals_hint_adds_the_searchs_expected_places() -> None:
    match = Match(GAME, 4, seed=3)
    expected = make_bot("heuristic", GAME, 0, 1).choose(match.view(0), match.legal(0))
    code, out = run(
        "play", "lame-duck", "--seed", "3", "--record", "/dev/null", input="hint\nquit\n"
    )
    assert code == 0, out
    said = flat(out[out.index("Hint: ") :])
    line = said[said.index("a search's expected place") : said.index("Card to play")]
    assert "guesses at the hidden cards" in line
    places = re.findall(r"(play \d+) \(place (\d\.\d)\)", line)
    assert 3 <= len(places) <= 4 and expected in {a for a, _ in places}
    assert all(1 <= float(p) <= 4 for _, p in places)
    best = min(places, key=lambda ap: float(ap[1]))
    if f"Hint: the heuristic bot would choose {expected} " in said:
        assert "because " in said
        # It never contradicts its estimates: its choice is the best, or as good within error.
        assert expected == best[0] or "about as well" in said
    else:  # the search's best, clearly better than the rule of thumb's: said so
        assert f"Hint: the search suggests {best[0]} " in said
        assert "The rule of thumb would play " in said and "clearly better" in said
    # Piped, the answer is not echoed: the hint starts on the prompt's line; the rest fits.
    assert all(len(x) <= 80 for x in out[out.index("Hint: ") :].splitlines()[1:])


def test_the_docs_python_example_runs() -> None:
    text = (Path(__file__).resolve().parents[1] / "docs" / "analysis.md").read_text()
    (code,) = re.findall(r"^```python\n(.*?)^```$", text, flags=re.M | re.S)
    exec(compile(code, "docs/analysis.md", "exec"), {"__name__": "docs"})
