"""`pondside simulate` and `pondside tournament` as a person runs them (issue 16): stopped with
Ctrl-C or SIGTERM, logged to a pipe, given wrong input, and the numbers and plots they write."""

from __future__ import annotations

import csv
import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import pondside
from pondside.cli import main

SRC = Path(pondside.__file__).resolve().parents[1]  # the pondside under test, in subprocesses too
TIME = r"\d+ (h|min|s)( \d+ (min|s))?"
PROGRESS = re.compile(rf"^Lame Duck: \d+/\d+ matches, \d+%(, ~{TIME} left|, done in {TIME})?$")


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


Launch = Callable[[list[str], Path], "subprocess.Popen[str]"]


@pytest.fixture
def launch() -> Iterator[Launch]:
    """``launch(ARGS, cwd)``: ``pondside ARGS`` in a process group of its own (as a terminal
    starts a command), stdout and stderr piped. Whatever is left of a group at the end of the
    test is killed, pass or fail."""
    started: list[subprocess.Popen[str]] = []
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]),
    }

    def start(args: list[str], cwd: Path) -> subprocess.Popen[str]:
        proc = subprocess.Popen(
            [sys.executable, "-m", "pondside", *args],
            cwd=cwd,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        started.append(proc)
        return proc

    yield start
    for proc in started:
        if not group_gone(proc.pid):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()


def first_line(stream: object, seconds: float) -> str:
    ready, _, _ = select.select([stream], [], [], seconds)
    assert ready, f"nothing on stderr within {seconds} s"
    return stream.readline()  # type: ignore[attr-defined,no-any-return]


def group_gone(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    return False


def members(pgid: int) -> set[int]:
    """The live processes of a process group (Linux's /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[2] == str(pgid) and fields[0] != "Z":
            found.add(int(entry.name))
    return found


def stop_and_wait(
    proc: subprocess.Popen[str], sig: int, *, whole_group: bool
) -> tuple[float, float]:
    """Send ``sig`` (to the whole group, as Ctrl-C at a terminal does, or to the command alone,
    as ``kill`` does): the seconds until its workers are gone (only the command is left), and
    until the whole group is."""
    sent = time.monotonic()
    (os.killpg if whole_group else os.kill)(proc.pid, sig)
    workers = None
    while proc.poll() is None and time.monotonic() - sent < 5:
        if workers is None and members(proc.pid) <= {proc.pid}:
            workers = time.monotonic() - sent
        time.sleep(0.01)
    while not group_gone(proc.pid) and time.monotonic() - sent < 5:
        time.sleep(0.01)
    gone = time.monotonic() - sent
    return (gone if workers is None else workers), gone


def said(stderr: str) -> list[str]:
    """stderr without its progress lines."""
    return [line for line in stderr.splitlines() if not PROGRESS.match(line)]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_issue16_1_ctrl_c_stops_simulate_and_keeps_what_finished(
    tmp_path: Path, jobs: str, launch: Launch
) -> None:
    """One Ctrl-C stopped nothing with --jobs 2: the workers went on, a second printed Aborted!
    and hung, a third ended in tracebacks."""
    proc = launch(
        ["simulate", "lame-duck", "--bots", "heuristic,random,random,random",
         "--matches", "200000", "--jobs", jobs, "--out", "part.json", "--plot", "part.png"],
        tmp_path,
    )  # fmt: skip
    assert PROGRESS.match(first_line(proc.stderr, 15).rstrip("\n"))
    assert len(members(proc.pid)) == (1 if jobs == "1" else 3)  # the command and its workers
    workers, took = stop_and_wait(proc, signal.SIGINT, whole_group=True)
    out, err = proc.communicate()
    assert workers < 1.0 and took < 2.5 and group_gone(proc.pid)
    assert proc.returncode == 130
    assert out == "" and "Traceback" not in err and "Aborted" not in err
    data = json.loads((tmp_path / "part.json").read_text())
    assert data["partial"] is True and 0 < data["matches"] < data["planned_matches"] == 200000
    assert said(err) == [
        f"Stopped (Ctrl-C) after {data['matches']} of 200000 matches: the partial results are "
        "in part.json and part.png"
    ]
    assert (tmp_path / "part.png").read_bytes()[:4] == b"\x89PNG"


def test_issue16_1_sigterm_stops_a_tournament_and_its_workers(
    tmp_path: Path, launch: Launch
) -> None:
    """SIGTERM to the command alone left its workers running, orphaned."""
    proc = launch(
        ["tournament", "lame-duck", "--bots", "heuristic,random,random",
         "--matches", "100000", "--jobs", "2", "--out", "runs"],
        tmp_path,
    )  # fmt: skip
    assert PROGRESS.match(first_line(proc.stderr, 15).rstrip("\n"))
    assert len(members(proc.pid)) == 3
    workers, took = stop_and_wait(proc, signal.SIGTERM, whole_group=False)
    out, err = proc.communicate()
    assert workers < 1.0 and took < 2.5 and group_gone(proc.pid)  # no worker left behind
    assert proc.returncode == 143 and out == "" and "Traceback" not in err, (proc.returncode, err)
    data = json.loads((tmp_path / "runs" / "results.json").read_text())
    assert data["partial"] is True and 0 < data["matches"] < 100000
    assert said(err) == [
        f"Stopped (SIGTERM) after {data['matches']} of 100000 matches: the partial results are "
        "in runs"
    ]
    with (tmp_path / "runs" / "entries.csv").open() as fh:
        rows = list(csv.DictReader(fh))
    assert {r["note"] for r in rows} == {f"partial: {data['matches']} of 100000 matches (stopped)"}


def test_issue16_1_a_stopped_run_without_out_says_how_to_keep_results(
    tmp_path: Path, launch: Launch
) -> None:
    proc = launch(
        ["simulate", "lame-duck", "--bots", "random,random", "--matches", "500000"], tmp_path
    )
    """Issue 16 (trial 2): it showed nothing of what had finished, and its line folded at 80
    columns ("... of a run that" / "is stopped")."""
    first_line(proc.stderr, 15)
    stop_and_wait(proc, signal.SIGINT, whole_group=True)
    out, err = proc.communicate()
    assert proc.returncode == 130
    (line,) = said(err)
    done = re.fullmatch(r"Stopped \(Ctrl-C\) after (\d+) of 500000 matches \(--out .*\)", line)
    assert done and len(line) <= 80, line
    title = f"Lame Duck: {done[1]} of 500000 matches (stopped), 2 seats, seed 0"
    assert title in out and "random#2" in out and "Pairwise" in out


def test_issue16_16_progress_is_printed_as_lines_when_stderr_is_a_pipe(
    tmp_path: Path, launch: Launch
) -> None:
    """A progress bar on a pipe or in a log printed only once the run was over."""
    proc = launch(
        ["simulate", "lame-duck", "--bots", "random,random,random,random",
         "--matches", "400", "--progress-every", "0.1"],
        tmp_path,
    )  # fmt: skip
    lines = []
    while proc.poll() is None or not lines:
        line = first_line(proc.stderr, 15)
        if not line:
            break
        lines.append((time.monotonic(), line.rstrip("\n")))
    _, rest = proc.communicate(timeout=30)
    lines += [(time.monotonic(), line) for line in rest.splitlines()]
    assert proc.returncode == 0
    progress = [(when, line) for when, line in lines if PROGRESS.match(line)]
    assert len(progress) >= 3, lines
    assert progress[-1][1].startswith("Lame Duck: 400/400 matches, 100%, done in")
    # Lines came while it ran, not all at the end.
    assert progress[-1][0] - progress[0][0] > 0.1


def test_issue16_2_tournament_refuses_an_unwritable_out_before_the_run() -> None:
    started = time.monotonic()
    code, out = run(
        "tournament", "lame-duck", "--bots", "random,random,random", "--matches", "300",
        "--out", "/sys/pondside-results",
    )  # fmt: skip
    assert code == 1 and "cannot make the folder /sys/pondside-results" in out
    assert "Traceback" not in out and time.monotonic() - started < 5
    assert not Path("/sys/pondside-results").exists()


def test_issue16_14_refused_input_leaves_no_empty_out_folder(tmp_path: Path) -> None:
    out = tmp_path / "new" / "results"
    code, text = run("tournament", "lame-duck", "--bots", "heuristic,nope", "--out", str(out))
    assert code == 1 and "no bot 'nope'" in text
    assert not (tmp_path / "new").exists()


def test_issue16_2_a_tournament_folder_that_fails_after_the_run_is_rescued(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pondside.sim.report as report

    real = report.write_folder
    calls: list[Path] = []

    def flaky(result: object, path: Path) -> list[Path]:
        calls.append(path)
        if len(calls) == 1:
            raise OSError(28, "No space left on device")
        return real(result, path)  # type: ignore[arg-type]

    monkeypatch.setattr(report, "write_folder", flaky)
    monkeypatch.chdir(tmp_path)
    code, out = run(
        "tournament", "lame-duck", "--bots", "random,random,random", "--matches", "3",
        "--out", str(tmp_path / "wanted"),
    )  # fmt: skip
    assert code == 0, out
    (line,) = [line for line in out.splitlines() if "could not write" in line]
    assert "No space left on device" in line and str(calls[1]) in line
    assert json.loads((calls[1] / "results.json").read_text())["matches"] == 3


@pytest.mark.parametrize(
    ("bots", "position"), [("heuristic,,random", "2 of 3"), ("random,random,", "3 of 3")]
)
def test_issue16_14_an_empty_bot_spec_is_refused_not_skipped(bots: str, position: str) -> None:
    code, out = run("simulate", "lame-duck", "--bots", bots, "--matches", "2")
    assert code == 1 and f"no bot at position {position}" in out


def test_issue16_14_duplicate_deals_need_whole_deals_and_say_so_before_the_run() -> None:
    """`--duplicate --matches 5` at three seats silently played 6."""
    code, out = run(
        "tournament", "lame-duck", "--bots", "heuristic,random,random", "--duplicate",
        "--matches", "5",
    )  # fmt: skip
    assert code == 1
    assert "multiple of 3: 3 or 6, not 5" in out
    assert "Lame Duck:" not in out  # refused before any progress was shown


def test_issue16_13_simulate_players_says_seats_come_from_bots() -> None:
    code, out = run("simulate", "lame-duck", "--bots", "random,random", "--players", "3")
    assert code == 1 and "one bot per --bots spec" in out and "has no option" not in out


def test_issue16_13_one_seat_is_not_one_seats() -> None:
    code, out = run("simulate", "lame-duck", "--bots", "heuristic")
    assert code == 1 and "1 seat)" in out and "1 seats" not in out


def test_issue16_15_numbers_are_rounded_for_people_and_exact_in_json(tmp_path: Path) -> None:
    """A CSV had a ci95_low of 3.47e-18 and wins of 1118.83 / 296.833."""
    for name in ("r.csv", "r.json"):
        code, out = run(
            "simulate", "king-of-the-quackers", "--bots", "heuristic,random,random",
            "--matches", "3", "--out", str(tmp_path / name),
        )  # fmt: skip
        assert code == 0, out
    text = (tmp_path / "r.csv").read_text()
    assert "e-" not in text
    for row in csv.DictReader(text.splitlines()):
        for key in ("win_rate", "ci95_low", "ci95_high", "mean_score", "rating"):
            assert len(row[key].partition(".")[2]) <= 4
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["partial"] is False and data["planned_matches"] == 3
    assert any(len(repr(e["rating"])) > 8 for e in data["entries"])  # JSON keeps every digit
    assert [e["ci95"][0] for e in data["entries"] if e["wins"] == 0] in ([], [0.0], [0.0, 0.0])
    # The table says which way scores go and what the rating is.
    assert "Mean score: higher is better in King of the Quackers" in out
    assert "Rating: openskill's Plackett-Luce estimate μ − 3σ" in out


def test_issue16_15_plots_are_titled_and_legends_cover_no_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from matplotlib.figure import Figure

    from pondside.sim import report
    from pondside.sim.tournament import tournament

    seen: dict[str, Figure] = {}
    real = Figure.savefig

    def keep(fig: Figure, path: Path, **kwargs: object) -> None:
        real(fig, path, **kwargs)
        seen[Path(path).name] = fig

    monkeypatch.setattr(Figure, "savefig", keep)
    result = tournament("lame-duck", ["heuristic", "random", "random"], 6, seed=1)
    report.write_folder(result, tmp_path)
    assert set(seen) == {"win_rates.png", "ratings.png", "scores.png"}
    for name, fig in seen.items():
        (ax,) = fig.axes
        assert ax.get_title().startswith("Lame Duck: ") and "6 matches" in ax.get_title(), name
        legend = ax.get_legend()
        if legend is not None:
            fig.canvas.draw()
            box, plot = legend.get_window_extent(), ax.get_window_extent()
            assert box.x0 >= plot.x1, f"{name}: the legend covers the plot"
    scores = seen["scores.png"].axes[0]
    assert "lower is better" in scores.get_ylabel()
    assert all(float(t).is_integer() for t in scores.get_yticks())  # whole-number scores


def test_issue16_out_refuses_a_name_it_would_not_write_as_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--out x.txt wrote JSON into x.txt without a word."""
    monkeypatch.chdir(tmp_path)
    code, out = run("simulate", "lame-duck", "--bots", "random,random", "--out", "x.txt")
    assert code == 1 and "--out writes .json or .csv files, not x.txt" in out
    assert not Path("x.txt").exists()


@pytest.mark.parametrize(
    ("args", "title"),
    [
        (["wildcat-chicane", "--variant", "classic"], "--variant classic"),
        (["lame-duck", "--expert", "-o", "target=66"], "--expert --target 66"),
    ],
)
def test_issue16_the_table_names_the_options_that_are_not_the_defaults(
    args: list[str], title: str
) -> None:
    """Both were titled "... 3 matches, 3 seats ..." as if played with the defaults."""
    code, out = run("simulate", *args, "--bots", "heuristic,random,random", "--matches", "3")
    assert code == 0, out
    lines = out.splitlines()
    heading = next(i for i, line in enumerate(lines) if ": 3 matches, 3 seats, seed 0" in line)
    assert lines[heading + 1].strip() == title
    # The pairwise table's title fits the table: it folded at 80 columns.
    assert "Pairwise: row above column" in out


def test_issue16_plots_name_the_options_that_are_not_the_defaults(tmp_path: Path) -> None:
    from matplotlib.figure import Figure

    from pondside.sim import report
    from pondside.sim.tournament import tournament

    result = tournament("lame-duck", ["heuristic", "random", "random"], 3, options={"expert": True})
    assert report.titled(result) == "Lame Duck (--expert)"
    titles: list[str] = []
    real = Figure.savefig

    def keep(fig: Figure, path: Path, **kwargs: object) -> None:
        titles.append(fig.axes[0].get_title())
        real(fig, path, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Figure, "savefig", keep)
        report.plot_scores(result, tmp_path / "s.png")
    assert titles == ["Lame Duck (--expert): score per match, 3 matches"]


def test_a_tournament_plays_under_a_tuned_rule_constant_on_every_worker(tmp_path: Path) -> None:
    """``--tune climb_size=20`` (issue 31: skipbot's Skip-Bo study dealt stocks of 20, Ladders'
    LA-3 deals 30 at two players): every match, on every worker, is dealt the tuned CLIMB, the
    title and the JSON say so, and a constant the game does not declare is refused."""
    out = tmp_path / "r.json"
    code, text = run(
        "simulate", "ladders", "--bots", "naive,naive", "--matches", "4", "--jobs", "2",
        "-o", "rounds=1", "--tune", "climb_size=5", "--out", str(out),
    )  # fmt: skip
    assert code == 0, text
    assert "--tune climb_size=5" in text
    data = json.loads(out.read_text())
    assert data["tuning"] == {"climb_size": 5}
    # A round to 5 CLIMB cards scores 25 + 5 × the loser's CLIMB left (LA-13): at most 45.
    assert all(e["mean_score"] <= 45 for e in data["entries"])
    from pondside.games.ladders import rules

    assert rules.CLIMB_SIZE is None  # restored in this process
    code, text = run("tournament", "ladders", "--bots", "naive,casual", "--tune", "stock=20")
    assert code != 0 and "Ladders has no tunable 'stock'; its tunables are: climb_size" in text
