"""Tournaments: seat rotation, duplicate deals, ratings, pairwise results, identical results on
every backend (one process, local processes, a local Ray instance), files and plots."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from pondside.cli import main
from pondside.engine import PondsideError
from pondside.sim.tournament import Schedule, Stopped, labels, tournament

BOTS = ["heuristic", "random", "random"]


def test_every_entry_plays_every_seat() -> None:
    schedule = Schedule(entries=3, players=3, duplicate=False)
    seats = [schedule.seating(i)[1] for i in range(3)]
    for entry in range(3):
        assert sorted(s.index(entry) for s in seats) == [0, 1, 2]
    assert len({schedule.seating(i)[0] for i in range(3)}) == 3  # three different deals


def test_duplicate_replays_each_deal_with_the_seats_rotated() -> None:
    schedule = Schedule(entries=3, players=3, duplicate=True)
    rows = [schedule.seating(i) for i in range(6)]
    assert [deal for deal, _ in rows] == [0, 0, 0, 1, 1, 1]
    assert {seats for _, seats in rows[:3]} == {(0, 1, 2), (1, 2, 0), (2, 0, 1)}


def test_a_simulation_seats_entry_e_at_seat_e_plus_i() -> None:
    schedule = Schedule.one_per_seat(players=4)
    for i in range(8):
        seats = schedule.seating(i)[1]
        assert [seats.index(e) for e in range(4)] == [(e + i) % 4 for e in range(4)]


def test_more_bots_than_seats_play_every_table() -> None:
    schedule = Schedule(entries=4, players=3, duplicate=False)
    tables = {frozenset(schedule.seating(i)[1]) for i in range(4)}
    assert len(tables) == 4


def test_labels_tell_repeated_bots_apart() -> None:
    assert labels(["random", "heuristic", "random"]) == ["random", "heuristic", "random#2"]


def test_results_are_the_same_with_one_or_two_processes() -> None:
    one = tournament("lame-duck", BOTS, 12, seed=4, duplicate=True)
    two = tournament("lame-duck", BOTS, 12, seed=4, duplicate=True, jobs=2)
    assert one.to_json() == two.to_json()
    data = one.to_json()
    assert data["matches"] == 12 and sum(e["matches"] for e in data["entries"]) == 36
    assert abs(sum(e["wins"] for e in data["entries"]) - 12) < 1e-9
    share = data["pairwise"]["win_share"]
    assert share[0][1] + share[1][0] == pytest.approx(1.0)


def test_a_local_ray_instance_gives_the_same_results() -> None:
    pytest.importorskip("ray")
    local = tournament("lame-duck", BOTS, 6, seed=9)
    on_ray = tournament("lame-duck", BOTS, 6, seed=9, ray="local", jobs=2)
    assert on_ray.to_json() == local.to_json()


def test_too_few_bots_for_the_seats_is_explained() -> None:
    with pytest.raises(PondsideError, match="list a bot more than once") as raised:
        tournament("lame-duck", ["heuristic", "random"], 4, players=4)
    # The example seats as many bots as the seats (it offered three for four, issue 16).
    assert "--bots heuristic,random,random,random)" in str(raised.value)


def test_tournament_command_writes_results_and_plots(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main,
        [
            "tournament",
            "lame-duck",
            "--bots",
            "heuristic,random,random",
            "--matches",
            "6",
            "--duplicate",
            "--out",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "rating" in result.output and "Pairwise" in result.output
    data = json.loads((tmp_path / "results.json").read_text())
    assert [e["bot"] for e in data["entries"]] == ["heuristic", "random", "random#2"]
    for name in ("entries.csv", "pairwise.csv", "matches.csv"):
        assert (tmp_path / name).read_text().count("\n") >= 3
    for name in ("win_rates.png", "ratings.png", "scores.png"):
        assert (tmp_path / name).read_bytes()[:4] == b"\x89PNG"


def test_ctrl_c_while_a_batch_is_folded_in_waits_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16, item 1: a Ctrl-C in the middle of folding a match into the results (here, while
    it is rated) is held until the batch is in, so a stopped run's results are whole; and they
    are the results of a run of that many matches."""
    import signal

    import pondside.sim.tournament as module

    model = module.MODEL

    class Interrupting:
        """The model, with a Ctrl-C as the fourth match is rated."""

        rated = 0

        def rating(self, **kwargs: Any) -> Any:
            return model.rating(**kwargs)

        def rate(self, *args: Any, **kwargs: Any) -> Any:
            self.rated += 1
            if self.rated == 4:
                signal.raise_signal(signal.SIGINT)
            return model.rate(*args, **kwargs)

    monkeypatch.setattr(module, "MODEL", Interrupting())
    with pytest.raises(Stopped) as stop:
        tournament("lame-duck", BOTS, 40, seed=1)  # batches of two matches
    monkeypatch.undo()
    result = stop.value.result
    assert result.matches == 4 and result.planned == 40 and result.partial
    assert sum(e.matches for e in result.entries) == 4 * 3 and len(result.rating_history) == 4
    whole = tournament("lame-duck", BOTS, 4, seed=1).to_json()
    assert {**result.to_json(), "planned_matches": 4, "partial": False} == whole
