"""The throughput plot of ``pondside batch bench --plot``: one line a game and player count."""

from __future__ import annotations

from pathlib import Path

from pondside.batch.plot import throughput_plot
from pondside.sim.bench import BatchBenchResult, BenchResult


def test_the_plot_of_every_engine_and_player_count_is_written(tmp_path: Path) -> None:
    # Eleven lines, one more than a colour cycle holds: the plot tells them apart by colour
    # (the game) and line style (the player count).
    setups = [("lame-duck", 2), ("lame-duck", 4), ("lame-duck", 10), ("down-the-drain", 4)]
    setups += [("wildcat-chicane", 3), ("wildcat-chicane", 4), ("ladders", 2), ("ladders", 4)]
    setups += [("ladders", 6), ("king-of-the-quackers", 3), ("king-of-the-quackers", 4)]
    results = [
        BatchBenchResult(game, players, batch, 1e4 * batch**0.5, 2e4 * batch**0.5, 3)
        for game, players in setups
        for batch in (1, 64, 1024, 16384)
    ]
    path = tmp_path / "throughput.png"
    throughput_plot(results, BenchResult("openspiel:hearts", 8000.0, 490_000.0, 5), str(path))
    assert path.read_bytes()[:4] == b"\x89PNG"
