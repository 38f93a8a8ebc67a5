"""``pondside merge``: tournament runs of the same bots, played in pieces with different seeds,
added up as one run of all their matches (a measurement of thousands of matches is played so:
issue 31's search against the planner)."""

from __future__ import annotations

import json
import re
import statistics
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from pondside.cli import main
from pondside.sim.merge import MergeError, merge_runs, pair_figures
from pondside.sim.report import write_folder
from pondside.sim.stats import Z95
from pondside.sim.tournament import EntryStats, Row, TournamentResult, plan, tournament

BOTS = ["heuristic", "random"]


def played(
    tmp_path: Path, name: str, seed: int, bots: list[str] = BOTS, players: int | None = None
) -> Path:
    """A run of six matches of Lame Duck written as ``pondside tournament --out`` writes it."""
    result = tournament("lame-duck", bots, 6, seed=seed, players=players)
    folder = tmp_path / name
    write_folder(result, folder)
    return folder


def folded(*results: TournamentResult) -> TournamentResult:
    """The rows of ``results`` folded one after the other into a fresh result."""
    first = results[0]
    out = plan(first.game, BOTS, 2, first.seed, first.players, first.options, True).new_result()
    offset = 0
    for result in results:
        for row in result.rows:
            out.add(Row(offset + row.index, row.seats, row.places, row.scores))
        offset += result.matches
    return out


def test_two_runs_add_up_to_their_matches_folded_in_order(tmp_path: Path) -> None:
    one = tournament("lame-duck", BOTS, 6, seed=1, duplicate=True)
    two = tournament("lame-duck", BOTS, 4, seed=2, duplicate=True)
    write_folder(one, tmp_path / "a")
    write_folder(two, tmp_path / "b")
    merged = merge_runs([tmp_path / "a", tmp_path / "b"]).to_json()
    expected = folded(one, two).to_json()
    assert merged["matches"] == 10 == merged["planned_matches"]
    assert merged["entries"] == expected["entries"]
    assert merged["pairwise"] == expected["pairwise"]
    assert [(r["seed"], r["matches"]) for r in merged["runs"]] == [(1, 6), (2, 4)]
    assert [e["wins"] for e in merged["entries"]] == [
        a["wins"] + b["wins"]
        for a, b in zip(one.to_json()["entries"], two.to_json()["entries"], strict=True)
    ]


def test_a_sum_adds_up_again_and_still_refuses_a_seed_it_holds(tmp_path: Path) -> None:
    a, b, c = (played(tmp_path, name, seed) for name, seed in (("a", 1), ("b", 2), ("c", 3)))
    ab = merge_runs([a, b])
    write_folder(ab, tmp_path / "ab")
    abc = merge_runs([tmp_path / "ab", c]).to_json()
    assert abc["matches"] == 18
    assert [r["seed"] for r in abc["runs"]] == [1, 2, 3]
    assert abc["entries"] == merge_runs([a, b, c]).to_json()["entries"]
    with pytest.raises(MergeError, match="both played with seed 2: the same deals"):
        merge_runs([tmp_path / "ab", b])


def test_the_games_tallies_are_summed_from_each_runs_entries(tmp_path: Path) -> None:
    # Wildcat Chicane counts each seat's exact bids (Game.tallies); matches.csv does not hold them.
    runs = [
        tournament("wildcat-chicane", ["heuristic", "random", "random"], 3, seed=s, players=3)
        for s in (4, 5)
    ]
    for i, result in enumerate(runs):
        write_folder(result, tmp_path / str(i))
    merged = merge_runs([tmp_path / "0", tmp_path / "1"]).to_json()
    for k, entry in enumerate(merged["entries"]):
        for name, tally in entry["tallies"].items():
            parts = [r.to_json()["entries"][k]["tallies"][name] for r in runs]
            assert tally["happened"] == sum(p["happened"] for p in parts)
            assert tally["of"] == sum(p["of"] for p in parts) > 0


def test_runs_that_did_not_play_the_same_way_are_refused_with_the_reason(
    tmp_path: Path,
) -> None:
    a = played(tmp_path, "a", 1)
    with pytest.raises(MergeError, match="seed 1: the same deals would count twice"):
        merge_runs([a, played(tmp_path, "again", 1)])
    with pytest.raises(MergeError, match=r"differ in players: .* has 2, .* has 3"):
        merge_runs([a, played(tmp_path, "three", 2, players=3, bots=[*BOTS, "random"])])
    with pytest.raises(MergeError, match="the runs' bots differ"):
        merge_runs([a, played(tmp_path, "other", 3, bots=["heuristic", "highest"])])
    with pytest.raises(MergeError, match="at least one"):
        merge_runs([])
    with pytest.raises(MergeError, match="nowhere is not a folder"):
        merge_runs([a, tmp_path / "nowhere"])
    with pytest.raises(MergeError, match="holds no tournament's results"):
        merge_runs([a, tmp_path])
    with pytest.raises(MergeError, match="is given twice: each run counts once"):
        merge_runs([a, a])


def test_a_damaged_run_is_refused_saying_where(tmp_path: Path) -> None:
    a, b = played(tmp_path, "a", 1), played(tmp_path, "b", 2)
    lines = (b / "matches.csv").read_text().splitlines()
    (b / "matches.csv").write_text("\n".join(lines[:-1]) + "\n")
    with pytest.raises(MergeError, match=r"holds 5 matches where its results\.json counts 6"):
        merge_runs([a, b])
    (b / "matches.csv").write_text("\n".join([*lines[:2], "1,heuristic,nobody,1,2,0,5"]) + "\n")
    with pytest.raises(MergeError, match="line 3: expected a match of 2 seats"):
        merge_runs([a, b])
    (b / "results.json").write_text("{not json")
    with pytest.raises(MergeError, match="could not be read as a tournament's results"):
        merge_runs([a, b])
    data = json.loads((a / "results.json").read_text())
    for damaged, why in (
        (5, "expected an object of game, players"),
        (None, "not NoneType"),
        ({"game": "lame-duck"}, "expected 'players' to be int, not None"),
        ({**data, "game": "chess"}, "'chess' is not a game here"),
        ({**data, "entries": [{"wins": 3}]}, "expected each entry to name its bot"),
        ({**data, "runs": [{"seed": [1]}]}, "expected each of its runs to give its seed"),
        (
            {**data, "entries": [{"bot": "heuristic", "tallies": {"exact": {"of": 2}}}]},
            "expected the tally 'exact' to count",
        ),
    ):
        (b / "results.json").write_text(json.dumps(damaged))
        with pytest.raises(MergeError, match=r"is not a tournament.s results\.json as --out"):
            merge_runs([a, b])
        with pytest.raises(MergeError, match=re.escape(why)):
            merge_runs([a, b])


def test_the_command_shows_the_sum_and_writes_its_folder(tmp_path: Path) -> None:
    a, b = played(tmp_path, "a", 1), played(tmp_path, "b", 2)
    out = tmp_path / "sum"
    ran = CliRunner().invoke(main, ["merge", str(a), str(b), "--out", str(out)])
    assert ran.exit_code == 0, ran.output
    assert "12 matches, 2 seats, seeds 1 and 2: 2 runs added up" in " ".join(ran.output.split())
    assert json.loads((out / "results.json").read_text())["matches"] == 12
    assert (out / "matches.csv").read_text().count("\n") == 13
    refused = CliRunner().invoke(main, ["merge", str(a), str(played(tmp_path, "c", 1))])
    assert refused.exit_code == 1
    assert "both played with seed 1" in refused.output
    # One folder is that run's results again, under its own seed.
    alone = CliRunner().invoke(main, ["merge", str(a)])
    assert alone.exit_code == 0 and "6 matches, 2 seats, seed 1" in " ".join(alone.output.split())


def two_seat_result(rows: list[tuple[tuple[int, int], tuple[int, int], tuple[int, int]]]) -> Any:
    """A duplicate run of ``heuristic`` (entry 0) against ``random`` (entry 1) at two seats, its
    matches given as (seats, places, scores)."""
    result = TournamentResult(
        "lame-duck", 2, {}, 0, True, [EntryStats("heuristic"), EntryStats("random")], len(rows)
    )
    for i, (seats, places, scores) in enumerate(rows):
        result.add(Row(i, seats, places, (float(scores[0]), float(scores[1]))))
    return result


def test_a_pair_is_set_against_each_other_deal_by_deal_as_the_climbing_papers_report() -> None:
    result = two_seat_result(
        [
            # Deal 0, from both seats: the heuristic wins once by 5 and loses once by 5.
            ((0, 1), (1, 2), (10, 5)),
            ((1, 0), (1, 2), (8, 3)),
            # Deal 1: a shared first place (half of it the heuristic's), then a win by 7.
            ((0, 1), (1, 1), (7, 7)),
            ((1, 0), (2, 1), (2, 9)),
        ]
    )
    told = pair_figures(result, "heuristic", "random")
    assert (told["deals"], told["matches"]) == (2, 4)
    half = Z95 * statistics.stdev([0.5, 0.75]) / 2**0.5
    assert told["first"]["mean"] == told["above"]["mean"] == 0.625
    assert told["first"]["ci95"] == pytest.approx([0.625 - half, 0.625 + half])
    assert told["first"]["fair"] == 0.5
    points_half = Z95 * statistics.stdev([0.0, 3.5]) / 2**0.5
    assert told["points"]["mean"] == 1.75
    assert told["points"]["ci95"] == pytest.approx([1.75 - points_half, 1.75 + points_half])
    with pytest.raises(MergeError, match="no bot 'expert' played these matches"):
        pair_figures(result, "expert", "random")
    with pytest.raises(MergeError, match="two different bots"):
        pair_figures(result, "random", "random")
    with pytest.raises(MergeError, match="an interval needs two or more"):
        pair_figures(two_seat_result([((0, 1), (1, 2), (1, 0))]), "heuristic", "random")


def test_a_run_stopped_mid_deal_leaves_the_next_runs_deals_whole(tmp_path: Path) -> None:
    stopped = two_seat_result(
        [((0, 1), (1, 2), (10, 5)), ((1, 0), (1, 2), (8, 3)), ((0, 1), (2, 1), (0, 4))]
    )
    stopped.seed, stopped.planned = 1, 4
    whole = two_seat_result([((0, 1), (1, 2), (3, 1)), ((1, 0), (2, 1), (2, 6))])
    whole.seed = 2
    write_folder(stopped, tmp_path / "a")
    write_folder(whole, tmp_path / "b")
    merged = merge_runs([tmp_path / "a", tmp_path / "b"])
    # The stopped run's deal 1 has one match; the next run's first deal is deal 2, whole.
    assert [r.index for r in merged.rows] == [0, 1, 2, 4, 5]
    assert merged.partial and merged.planned == 6
    # Deal 1 was not played from both seats: it is left out of the pair's figures, and said.
    told = pair_figures(merged, "heuristic", "random")
    assert (told["deals"], told["matches"], told["left_out"]) == (2, 4, 1)
    args = ["merge", str(tmp_path / "a"), str(tmp_path / "b"), "--pair", "heuristic,random"]
    said = " ".join(CliRunner().invoke(main, args).output.split())
    assert "over 2 deals (4 matches)" in said
    assert "(1 match of deals not played from every seat left out)" in said


def test_the_command_sets_a_pair_against_each_other(tmp_path: Path) -> None:
    a, b = played(tmp_path, "a", 1), played(tmp_path, "b", 2)
    out = tmp_path / "sum"
    args = ["merge", str(a), str(b), "--pair", "heuristic,random", "--out", str(out)]
    ran = CliRunner().invoke(main, args)
    assert ran.exit_code == 0, ran.output
    kept = json.loads((out / "pair.json").read_text())
    assert kept["bots"] == ["heuristic", "random"] and kept["deals"] == 12
    said = " ".join(ran.output.split())
    assert "heuristic against random, over 12 deals (12 matches)" in said
    assert "finished first:" in said and "by chance 50.0%" in said
    assert "points less random's, a match:" in said
    for bad, why in (("heuristic", "two bots as A,B"), ("heuristic,expert", "no bot 'expert'")):
        refused = CliRunner().invoke(main, ["merge", str(a), "--pair", bad])
        assert refused.exit_code == 1 and why in refused.output


def test_each_entry_has_its_mean_score_with_an_interval_in_the_json_and_the_csv(
    tmp_path: Path,
) -> None:
    result = two_seat_result([((0, 1), (1, 2), (10, 5)), ((1, 0), (1, 2), (8, 3))])
    heuristic = result.summary()[0]
    assert heuristic["mean_score"] == 6.5  # 10 and 3
    half = Z95 * statistics.stdev([10, 3]) / 2**0.5
    assert heuristic["score_ci95"] == pytest.approx([6.5 - half, 6.5 + half])
    write_folder(result, tmp_path)
    header = (tmp_path / "entries.csv").read_text().splitlines()[0].split(",")
    assert header[header.index("mean_score") - 2 :][:2] == ["ci95_low", "ci95_high"]
    assert {"score_ci95_low", "score_ci95_high"} <= set(header)
