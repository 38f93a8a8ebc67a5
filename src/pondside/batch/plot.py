"""Throughput against batch size, one line per game and player count (``pondside batch bench
--plot``)."""

from __future__ import annotations

from pondside.sim.bench import BatchBenchResult, BenchResult
from pondside.sim.report import load_matplotlib


def throughput_plot(results: list[BatchBenchResult], hearts: BenchResult | None, path: str) -> None:
    load_matplotlib()
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    lines: dict[tuple[str, int], list[BatchBenchResult]] = {}
    for r in results:
        lines.setdefault((r.game, r.players), []).append(r)
    for (game, players), rs in lines.items():
        ax.plot(
            [r.batch for r in rs],
            [r.table_steps_per_s for r in rs],
            marker="o",
            label=f"{game}, {players} players",
        )
    if hearts:
        ax.axhline(
            hearts.decisions_per_s,
            color="grey",
            linestyle="--",
            label="OpenSpiel hearts (C++), decisions/s",
        )
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("tables in the batch")
    ax.set_ylabel("table-steps per CPU second")
    ax.set_title("Batched engines: random play on one core")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
