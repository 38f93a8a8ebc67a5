"""``pondside serve`` and ``pondside loadtest`` from the command line: mistakes in one line."""

from __future__ import annotations

import statistics
import time

import pytest
from click.testing import CliRunner

from pondside.cli import main


def test_a_database_that_is_not_a_url_is_explained() -> None:
    result = CliRunner().invoke(main, ["serve", "--database", "nonsense", "--port", "0"])
    assert result.exit_code == 1
    assert "--database takes a URL such as postgresql://" in result.output


def test_an_unreachable_database_is_one_line_with_the_password_hidden() -> None:
    url = "postgresql://ann:hunter2@127.0.0.1:1/pondside"
    result = CliRunner().invoke(main, ["serve", "--database", url, "--port", "0"])
    assert result.exit_code == 1
    assert "cannot open the database postgresql://ann:***@127.0.0.1:1/pondside" in result.output
    assert "hunter2" not in result.output
    assert "Traceback" not in result.output


def test_loadtest_refuses_a_bad_table_count() -> None:
    result = CliRunner().invoke(main, ["loadtest", "--tables", "ten"])
    assert result.exit_code == 1
    assert "--tables is a number" in result.output


def test_loadtest_refuses_a_ramp_as_long_as_the_run() -> None:
    result = CliRunner().invoke(main, ["loadtest", "--seconds", "5", "--ramp", "5"])
    assert result.exit_code == 1
    assert "--ramp is the first part of a run: under its 5 s, not 5" in result.output


def test_loadtest_against_no_server_stops_in_one_line() -> None:
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    result = CliRunner().invoke(
        main, ["loadtest", "--url", f"http://127.0.0.1:{port}", "--tables", "1", "--seconds", "1"]
    )
    assert result.exit_code == 1
    assert "the load test stopped:" in result.output and "Traceback" not in result.output


def test_a_server_error_in_a_load_test_is_told_with_the_servers_log(tmp_path) -> None:
    from pondside.sim.load import _server_said

    log = tmp_path / "server.log"
    log.write_text("".join(f"line {i}\n" for i in range(100)) + "sqlite3.OperationalError: x\n")
    said = _server_said(log)
    assert said.startswith("\nthe server's log ends:\n") and said.endswith("OperationalError: x")
    assert "line 61" in said and "line 60\n" not in said  # its last 40 lines
    assert _server_said(tmp_path / "none.log") == ""


def test_loadtest_plays_real_tables_and_times_every_action(tmp_path) -> None:
    from pondside.sim.load import run_load
    from pondside.sim.plots import plot_soak, plot_sweep

    result = run_load(tables=2, seconds=3, think=0.02, sample_every=0.5, ramp=0.5)
    figures = result.to_json()
    # The second table sat down half a second after the first: the warm-up lasted that long.
    assert 0.5 <= figures["warmup_seconds"] < 3
    assert figures["tables"] == 2 and figures["sockets"] == 8  # every socket opened
    assert result.actions > 20
    assert len(result.latencies_ms) > 10  # every seat of the table received the update
    assert figures["errors"] == 0
    assert 0 < figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]
    assert figures["server_cpu_seconds"] > 0 and figures["server_cpu_ms_per_action"] > 0
    assert 0 < figures["server_cpu_percent"] < 200  # two cores at most
    # What an action costs once every table plays, the tables' start left out: some actions
    # and some CPU since then.
    assert 0 < result.steady_actions < result.actions
    assert figures["steady_server_cpu_ms_per_action"] > 0
    assert figures["rss_start_mb"] > 10 and figures["rss_end_mb"] > 10
    assert len(result.rss_samples) >= 3  # the memory, every half second of play
    # Where in the run the tail lies: every steady action in one second of the timeline, the
    # seconds in order and within the run, each second's median at most its 99th percentile.
    timeline = figures["timeline"]
    assert sum(row["actions"] for row in timeline) == len(result.latencies_ms)
    seconds = [row["second"] for row in timeline]
    assert seconds == sorted(set(seconds)) and seconds[0] >= 0 and seconds[-1] <= 3
    assert all(0 < row["p50_ms"] <= row["p99_ms"] for row in timeline)
    assert all(row["client_stall_ms"] >= 0 for row in timeline)  # the client watched itself
    assert figures["started_monotonic"] <= time.monotonic()
    plot_sweep([figures, {**figures, "tables": 4}], tmp_path / "sweep.png")
    plot_soak(result, tmp_path / "soak.png")
    assert (tmp_path / "sweep.png").read_bytes()[:4] == b"\x89PNG"
    assert (tmp_path / "soak.png").stat().st_size > 1000


def test_loadtest_is_bounded() -> None:
    from pondside.sim.load import MAX_TABLES, run_load

    result = CliRunner().invoke(main, ["loadtest", "--tables", f"10,{MAX_TABLES + 1}"])
    assert result.exit_code == 1
    assert f"--tables takes 1 to {MAX_TABLES} tables per run" in result.output
    result = CliRunner().invoke(main, ["loadtest", "--seconds", "3600"])
    assert result.exit_code == 2 and "--seconds" in result.output
    with pytest.raises(ValueError, match="up to 3600 s"):
        run_load(tables=1, seconds=7200)


def test_a_port_in_use_is_one_line(tmp_path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        args = ["serve", "--port", str(port), "--database", f"sqlite:///{tmp_path / 'x.db'}"]
        result = CliRunner().invoke(main, args)
    assert result.exit_code == 1
    assert f"cannot listen on 127.0.0.1:{port}" in result.output
    assert "Traceback" not in result.output


def test_several_processes_need_redis_and_an_unreachable_redis_is_one_line(tmp_path) -> None:
    db = f"sqlite:///{tmp_path / 'x.db'}"
    result = CliRunner().invoke(main, ["serve", "--database", db, "--processes", "2"])
    assert result.exit_code == 1
    assert "give --redis URL" in result.output
    result = CliRunner().invoke(
        main, ["serve", "--database", db, "--port", "0", "--redis", "redis://127.0.0.1:1/0"]
    )
    assert result.exit_code == 1
    assert "cannot reach Redis at redis://127.0.0.1:1/0" in result.output
    assert "Traceback" not in result.output
    result = CliRunner().invoke(main, ["loadtest", "--processes", "2", "--url", "http://x"])
    assert result.exit_code == 1
    assert "not with --url" in result.output


def test_loadtest_matches_that_end_are_followed_by_the_next() -> None:
    from pondside.sim.load import run_load

    result = run_load(tables=2, seconds=10, think=0.2, sample_every=1.0, rounds=1)
    assert result.matches >= 2  # matches ended, and the same four played the next ones
    assert result.errors == 0
    # At the next match everyone sits one seat on ("Play again"): each action is still timed
    # from its own sending, the seat's the server names. Timed from another seat's last
    # action (the client's place in the setup, as before), the later matches' medians were
    # 200-245 ms with this think; here they are a few milliseconds.
    timed = zip(result.sent_seconds, result.latencies_ms, strict=True)
    later = [ms for at, ms in timed if at >= 6]
    assert later and statistics.median(later) < 100, result.timeline()


def test_loadtest_against_two_processes_with_its_own_redis(tmp_path) -> None:
    import os
    import shutil

    from pondside.sim.load import run_load

    if shutil.which("redis-server") is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is not installed; the CI variable is set")
        pytest.skip("redis-server is not installed (Debian's package redis-server)")
    result = run_load(tables=4, seconds=4, think=0.02, sample_every=1.0, processes=2)
    assert result.sockets == 16 and result.errors == 0
    assert len(result.latencies_ms) > 20  # every seat heard of actions, on either process


def test_loadtest_sweeps_table_counts_and_writes_its_figures_and_plot(tmp_path) -> None:
    """The command end to end: a run per table count, one row each, the settings and every
    run's figures in --out, the sweep's plot in --plot."""
    import json

    out, plot = tmp_path / "load.json", tmp_path / "load.png"
    result = CliRunner().invoke(
        main,
        ["loadtest", "--tables", "1,2", "--seconds", "1", "--think", "0.02", "--rounds", "1",
         "--out", str(out), "--plot", str(plot)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "pondside loadtest: 1 s per run, think 0.02 s" in result.output
    report = json.loads(out.read_text())
    assert [run["tables"] for run in report["runs"]] == [1, 2]
    assert {k: report[k] for k in ("think", "seconds", "rounds", "processes", "database")} == {
        "think": 0.02, "seconds": 1.0, "rounds": 1, "processes": 1, "database": "sqlite",
    }  # fmt: skip
    assert "rss_samples" not in report  # a soak's only
    assert plot.read_bytes()[:4] == b"\x89PNG"


def test_loadtest_soak_keeps_the_memory_it_sampled(tmp_path) -> None:
    import json

    out, plot = tmp_path / "soak.json", tmp_path / "soak.png"
    result = CliRunner().invoke(
        main,
        ["loadtest", "--tables", "1,5", "--soak", "0.1", "--think", "0.02", "--out", str(out),
         "--plot", str(plot)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["seconds"] == 6.0 and [run["tables"] for run in report["runs"]] == [1]
    assert len(report["rss_samples"]) >= 1  # every 5 s of a soak
    assert plot.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("compress", [False, True], ids=["default", "compress"])
def test_websocket_messages_are_compressed_only_when_asked(tmp_path, compress: bool) -> None:
    """permessage-deflate costs the server CPU and memory on every socket: off by default, on
    with ``--compress`` for a client that asks for it (browsers and websockets always ask)."""
    import asyncio

    from websockets.asyncio.client import connect

    from serverproc import ServerProcess

    server = ServerProcess(
        f"sqlite:///{tmp_path / 'c.db'}", extra=["--compress"] if compress else []
    ).start()

    async def extensions() -> str | None:
        url = f"{server.ws_url}/ws/tables/AAAAAAAAAAAA"
        async with connect(url, compression="deflate") as ws:
            assert ws.response is not None
            return ws.response.headers.get("Sec-WebSocket-Extensions")

    try:
        negotiated = asyncio.run(extensions())
    finally:
        server.stop()
    assert (negotiated is not None and "permessage-deflate" in negotiated) == compress


@pytest.mark.parametrize(("flags", "frozen"), [([], True), (["--no-gc-freeze"], False)])
def test_serve_freezes_the_collectors_survivors_unless_told_not_to(
    tmp_path, monkeypatch: pytest.MonkeyPatch, flags: list[str], frozen: bool
) -> None:
    """``pondside serve``'s process is the server's own: what survives the collector's passes
    is frozen by default (no pass over a few milliseconds at 1,000 tables), ``--no-gc-freeze``
    turns it off. The Settings of an embedded server leave it off (the tests' process)."""
    import pondside.server
    from pondside.server import Settings

    seen: list[Settings] = []
    monkeypatch.setattr(
        pondside.server, "serve", lambda settings, *_a, **_kw: seen.append(settings)
    )
    database = f"sqlite:///{tmp_path / 'x.db'}"
    result = CliRunner().invoke(main, ["serve", "--database", database, *flags])
    assert result.exit_code == 0, result.output
    assert [s.gc_freeze for s in seen] == [frozen]
    assert Settings(database_url=database).gc_freeze is False
