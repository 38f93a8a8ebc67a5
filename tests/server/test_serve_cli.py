"""``pondside serve`` and ``pondside loadtest`` from the command line: mistakes in one line."""

from __future__ import annotations

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


def test_loadtest_plays_real_tables_and_times_every_action() -> None:
    from pondside.server.load import run_load

    result = run_load(tables=2, seconds=3, think=0.02)
    figures = result.to_json()
    assert figures["sockets"] == 8
    assert result.actions > 20
    assert len(result.latencies_ms) > 10  # every seat of the table received the update
    assert figures["errors"] == 0
    assert 0 < figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]
    assert figures["server_cpu"] is not None and figures["server_rss_mb"] > 10


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
