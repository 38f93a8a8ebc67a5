"""The `pondside` command, run the way a person runs it (click's runner, piped input)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pondside.cli import main


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=input)
    return result.exit_code, result.output


def test_games_lists_lame_duck() -> None:
    code, out = run("games")
    assert code == 0 and "lame-duck" in out and "Lame Duck" in out


def test_games_shows_the_options_as_the_flags_a_person_types() -> None:
    # The README says --lead-passes; the list must not say lead_passes="right" or target=null.
    code, out = run("games")
    assert code == 0
    assert "--lead-passes" in out and "lead_passes" not in out
    assert "--expert (off)" in out and "--target N (not set)" in out and "null" not in out


def test_rules_prints_the_summary() -> None:
    # The players' text is the default now (tests/test_rules_cli.py); --rulings is this.
    code, out = run("rules", "lame-duck", "--rulings")
    assert code == 0 and "too low" in out.lower() and "LD-8" in out


def test_simulate_table_and_outputs(tmp_path: Path) -> None:
    out_json, out_csv, plot = tmp_path / "r.json", tmp_path / "r.csv", tmp_path / "s.png"
    code, out = run(
        "simulate",
        "lame-duck",
        "--bots",
        "heuristic,random,random,random",
        "--matches",
        "40",
        "--seed",
        "3",
        "--out",
        str(out_json),
        "--plot",
        str(plot),
    )
    assert code == 0, out
    assert "heuristic" in out and "95% interval" in out
    data = json.loads(out_json.read_text())
    assert data["game"] == "lame-duck" and data["matches"] == 40
    assert [e["bot"] for e in data["entries"]] == ["heuristic", "random", "random#2", "random#3"]
    assert abs(sum(e["wins"] for e in data["entries"]) - 40) < 1e-6
    for e in data["entries"]:
        lo, hi = e["ci95"]
        assert 0 <= lo <= e["win_rate"] <= hi <= 1 and e["mean_score"] >= 0
    assert plot.read_bytes()[:4] == b"\x89PNG"
    code, _ = run(
        "simulate",
        "lame-duck",
        "--bots",
        "heuristic,random,random,random",
        "--matches",
        "40",
        "--seed",
        "3",
        "--jobs",
        "2",
        "--out",
        str(out_csv),
    )
    assert code == 0
    rows = out_csv.read_text().splitlines()
    assert rows[0].startswith("bot,wins,win_rate") and len(rows) == 5
    # The same seed gives the same results with two processes as with one.
    assert float(rows[1].split(",")[1]) == pytest.approx(data["entries"][0]["wins"])


def test_simulate_with_game_options() -> None:
    code, out = run(
        "simulate",
        "lame-duck",
        "--bots",
        "random,random",
        "--matches",
        "5",
        "--expert",
        "--rounds",
        "2",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["simulate", "lame-duck", "--bots", "heuristic", "--matches", "5"], "2-10 players"),
        (["simulate", "lame-duck", "--bots", "genius,random", "--matches", "5"], "no bot 'genius'"),
        (
            ["simulate", "lame-duck", "--bots", "random,random", "--colour", "red"],
            "no option --colour",
        ),
        (["simulate", "lame-duck", "--bots", "random,random", "--rounds", "x"], "whole number"),
        (
            ["simulate", "lame-duck", "--bots", "random,random", "--rounds", "2", "--target", "66"],
            "not both",
        ),
        (["play", "chess"], "no game 'chess'"),
    ],
)
def test_bad_input_is_explained(args: list[str], says: str) -> None:
    code, out = run(*args)
    assert code != 0 and says in out


# Lame Duck's menu is the hand: a card is played by typing it. Typing 0 to 104 over and over
# plays the lowest card held above the last one typed, and takes a column when a card is too low.
ANY_CARD = "".join(f"{n}\n" for n in range(105)) * 12


def test_play_a_whole_round_from_the_terminal(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    code, out = run("play", "lame-duck", "--seed", "5", "--record", str(record), input=ANY_CARD)
    assert code == 0, out
    assert "Your hand" in out and "Ducks" in out and "Result" in out
    data = json.loads(record.read_text())
    assert data["game"] == "lame-duck" and data["seed"] == 5 and len(data["actions"]) >= 40
    code, out = run("replay", str(record), "--no-step")
    assert code == 0 and "Result" in out
    code, out = run("replay", str(record), "--seat", "1", "--no-step")
    assert code == 0 and "hand" in out


def test_play_rejects_a_wrong_answer_and_asks_again() -> None:
    code, out = run(
        "play", "lame-duck", "--players", "2", "--seed", "1", input="99\nplay 0\n" + "1\n" * 30
    )
    assert code == 0 and "is not one of the choices" in out


def test_replay_refuses_a_bad_record(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps({"game": "lame-duck", "players": 4, "seed": 1, "actions": [[0, "play 0"]]})
    )
    code, out = run("replay", str(bad))
    assert code != 0 and "action 0" in out
    bad.write_text("{not json")
    code, out = run("replay", str(bad))
    assert code != 0 and "not JSON" in out


def test_bench_json() -> None:
    code, out = run("bench", "lame-duck", "--seconds", "0.2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["game"] == "lame-duck" and data["deals_per_s"] > 0 and data["decisions_per_s"] > 0


def test_bench_report_times_every_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # The batched engines at 16,384 tables cost most of the report's time: their sizes are
    # timed by tests/sim/test_bench_batch*; here one small size shows they are in the report.
    monkeypatch.setattr("pondside.sim.bench.BATCH_SIZES", (64,))
    code, out = run("bench", "--report", "--seconds", "0.05", "--positions", "1", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert len(data["pondside"]) == 5 and all(r["decisions_per_s"] > 0 for r in data["pondside"])
    assert len(data["search"]) == 5 and all(
        r["seconds_per_decision_median"] > 0 for r in data["search"]
    )
    assert {r["game"] for r in data["batch"]} >= {"lame-duck", "ladders"}


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["bench"], "bench needs a GAME, or --report"),
        (["bench", "lame-duck", "--report"], "leave out GAME"),
        (
            [
                "simulate",
                "lame-duck",
                "--bots",
                "random,random",
                "-n",
                "1",
                "--out",
                "/no/such/dir/x.json",
            ],
            "does not exist",
        ),
        (
            [
                "simulate",
                "lame-duck",
                "--bots",
                "random,random",
                "-n",
                "1",
                "--plot",
                "x.unknownext",
            ],
            "--plot writes",
        ),
        (
            ["simulate", "lame-duck", "--bots", "random,external:cmd=/nonexistent", "-n", "1"],
            "cannot start",
        ),
        (["tournament", "lame-duck", "--bots", ","], "at least one bot"),
        (["tournament", "lame-duck", "--bots", ",", "--duplicate"], "at least one bot"),
        (["play", "lame-duck", "--record", "/no/such/dir/r.json"], "does not exist"),
        (["simulate", "lame-duck", "--bots", "nope,random"], "there is no bot 'nope'"),
    ],
)
def test_more_bad_input_is_explained(args: list[str], says: str) -> None:
    code, out = run(*args)
    assert code != 0 and says in out


def test_play_stops_cleanly_when_a_bot_fails() -> None:
    code, out = run(
        "play", "lame-duck", "--seed", "2", "--bots", "external:cmd=/nonexistent", input=ANY_CARD
    )
    assert code == 0 and "Match stopped" in out and "cannot start" in out


@pytest.mark.parametrize(
    "content", [b"\xff\xfe\x00bad", b"[" * 200000, b'{"game": ["x"], "actions": []}']
)
def test_replay_refuses_files_that_are_not_records(tmp_path: Path, content: bytes) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    code, out = run("replay", str(bad))
    assert code != 0 and "Traceback" not in out


def test_replay_shows_a_spectator_no_hidden_action(tmp_path: Path) -> None:
    record = tmp_path / "m.json"
    run("play", "lame-duck", "--seed", "5", "--record", str(record), input=ANY_CARD)
    code, out = run("replay", str(record), "--no-step")
    assert code == 0 and "seat 0: play" not in out and "The cards are revealed" in out


def test_issue16_2_an_unwritable_out_is_refused_before_the_run() -> None:
    """Issue 16, item 2: `--out /sys/x.json` failed after the whole run with a traceback."""
    import time

    started = time.monotonic()
    result = CliRunner().invoke(
        main, ["simulate", "lame-duck", "--bots", "random,random,random,random",
               "--matches", "200", "--out", "/sys/x.json"],
    )  # fmt: skip
    assert result.exit_code == 1
    assert "cannot write /sys/x.json" in result.output
    assert "Traceback" not in result.output
    assert time.monotonic() - started < 5  # refused at once, not after 200 matches


def test_issue16_2_a_write_that_fails_after_the_run_keeps_the_results(
    tmp_path, monkeypatch
) -> None:
    """The check passed but the write failed anyway (the disk filled up during the run): one
    line says so, and the results are written to a file that works."""
    import pondside.sim.report as report

    real = report.write_results
    calls: list[Path] = []

    def flaky(result: object, path: Path) -> None:
        calls.append(path)
        if len(calls) == 1:
            raise OSError(28, "No space left on device")
        real(result, path)  # type: ignore[arg-type]

    monkeypatch.setattr(report, "write_results", flaky)
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "r.json"
    result = CliRunner().invoke(
        main, ["simulate", "lame-duck", "--bots", "random,random,random,random",
               "--matches", "4", "--out", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    said = [line for line in result.output.splitlines() if "could not write" in line]
    assert len(said) == 1 and "No space left on device" in said[0]  # one line
    rescued = calls[1]
    assert rescued.exists() and rescued.suffix == ".json"
    assert json.loads(rescued.read_text())


def test_issue16_11_a_record_keeps_names_and_bots_and_replay_shows_them(tmp_path: Path) -> None:
    """Issue 16, item 11: records kept no names or bot specs, so `replay` showed `seat 0..3`."""
    record = tmp_path / "m.json"
    code, out = run(
        "play", "lame-duck", "--seed", "5", "--name", "Ada", "--bots", "heuristic,random,random",
        "--record", str(record), input=ANY_CARD[: 105 * 3 * 3],
    )  # fmt: skip
    assert code == 0, out
    rec = json.loads(record.read_text())
    assert rec["actions"]
    assert rec["names"] == ["Ada", "heuristic 1", "random 2", "random 3"]
    assert rec["bots"] == [None, "heuristic", "random", "random"]
    code, out = run("replay", str(record), "--no-step", "--seat", "0")
    assert code == 0, out
    assert "heuristic 1" in out and "seat 1" not in out
    # Watching the seat they played, the events speak to the person as "you"; watching
    # another seat, they are Ada.
    assert "Ada" in out and "You " in out
    code, out = run("replay", str(record), "--no-step", "--seat", "1")
    assert code == 0 and "Ada" in out and "You " not in out


@pytest.mark.parametrize(
    "golden", sorted(p.name for p in (Path(__file__).parent / "golden").glob("*.json"))
)
def test_issue27_a_replay_invites_nobody_to_play(tmp_path: Path, golden: str) -> None:
    """Issue 27, the newcomer's command line: `replay` said "type a card to play it" where a
    replay plays nothing, even watching the seat the person had played."""
    kept = json.loads((Path(__file__).parent / "golden" / golden).read_text())
    record = kept["record"] | {"bots": [None, *kept["bots"][1:]]}  # seat 0 was a person
    path = tmp_path / "m.json"
    path.write_text(json.dumps(record))
    code, out = run("replay", str(path), "--no-step", "--seat", "0")
    assert code == 0, out
    assert "type a card" not in out.lower()


def test_replay_of_a_file_without_a_game_says_what_a_record_holds(tmp_path: Path) -> None:
    path = tmp_path / "kept.json"
    path.write_text(json.dumps({"bots": [], "record": {"game": "lame-duck"}}))
    code, out = run("replay", str(path))
    assert code != 0 and "None" not in out and "game" in out


def test_issue16_11_an_older_record_without_names_still_replays(tmp_path: Path) -> None:
    record = tmp_path / "m.json"
    run("play", "lame-duck", "--seed", "5", "--record", str(record), input=ANY_CARD)
    rec = json.loads(record.read_text())
    del rec["names"], rec["bots"]
    record.write_text(json.dumps(rec))
    code, out = run("replay", str(record), "--no-step")
    assert code == 0, out
    assert "seat 0" in out


def test_issue16_13_messages_spell_values_in_json(tmp_path: Path) -> None:
    """Issue 16, item 13: the engine said `not True` and replay `[0, 'play 999']`, Python's
    spellings of the JSON values the person sent."""
    code, out = run("engine", input='{"op": "new", "game": "lame-duck", "seed": 1}\n'
                    '{"op": "view", "seat": true}\n{"op": 5}\n')  # fmt: skip
    answers = [json.loads(line) for line in out.splitlines()]
    assert answers[1]["error"].endswith("not true") and "True" not in answers[1]["error"]
    assert answers[2]["error"].startswith("unknown op 5;")
    record = tmp_path / "bad.json"
    record.write_text(json.dumps({"game": "lame-duck", "players": 4, "seed": 1,
                                  "actions": [[0, "play 999"]]}))  # fmt: skip
    code, out = run("replay", str(record), "--no-step")
    assert code == 1
    assert '[0, "play 999"]' in out and "'play 999'" not in out.split("illegal:")[0]


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("ismcts:foo=1", "bot 'ismcts' has no parameter 'foo'; its parameters"),
        ("mcs:bar=2", "bot 'mcs' has no parameter 'bar'; its parameters"),
        ("random:x=1", "bot 'random' takes no parameters, not 'x'"),
    ],
)
def test_issue16_13_an_unknown_bot_parameter_lists_the_bots_parameters(
    spec: str, says: str
) -> None:
    """Issue 16, item 13: `--bots ismcts:foo=1` printed `SearchBot.__init__() got an unexpected
    keyword argument`."""
    code, out = run("play", "lame-duck", "--bots", spec, input="")
    assert code == 1 and says in out and "__init__" not in out
    if spec.startswith(("ismcts", "mcs")):
        assert "iterations" in out and "rollout=random" in out


def test_issue16_play_record_never_writes_over_a_record(tmp_path: Path) -> None:
    """Found trying issue 16's fixes: `--record FILE` replaced a finished match's record with an
    empty one."""
    record = tmp_path / "m.json"
    run("play", "lame-duck", "--seed", "7", "--record", str(record), input="10\n23\nquit\n")
    kept = record.read_text()
    code, out = run("play", "lame-duck", "--record", str(record), input="")
    assert code == 1 and "already holds the record of an unfinished match of Lame Duck" in out
    assert f"--resume {record}" in out and "--overwrite" in out
    assert record.read_text() == kept
    code, out = run("play", "lame-duck", "--record", str(record), "--overwrite", input="")
    assert code == 0 and json.loads(record.read_text())["actions"] == []


@pytest.mark.parametrize(
    ("name", "says"),
    [("", "--name needs a name"), ("heuristic 1", "is the name of a bot at this table")],
)
def test_issue16_play_refuses_a_name_the_table_cannot_show(name: str, says: str) -> None:
    code, out = run("play", "lame-duck", "--name", name, input="")
    assert code == 1 and says in out


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["simulate", "lame-duck", "--bots", "heuristic,random", "--matchs", "2"],
         "pondside simulate has no option --matchs: did you mean --matches?"),
        (["play", "lame-duck", "--palyers", "3"],
         "pondside play has no option --palyers: did you mean --players?"),
        (["play", "lame-duck", "--expret"],
         "Lame Duck has no option --expret; did you mean --expert? Its options are"),
        (["play", "lame-duck", "-o", "expert"],
         'a name among: expert, rounds, target; got "expert"'),
    ],
)  # fmt: skip
def test_issue16_a_typo_of_an_option_names_the_option_meant(args: list[str], says: str) -> None:
    """Found trying issue 16's fixes: `simulate --matchs 2` said that Lame Duck has no option
    --matchs, listing the game's options."""
    code, out = run(*args, input="")
    assert code == 1 and says in out, out
