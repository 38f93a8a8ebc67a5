"""Throughput against batch size, one line per game and player count (``pondside batch bench
--plot``)."""

from __future__ import annotations

from pondside.sim.bench import BatchBenchResult, BenchResult
from pondside.sim.report import load_matplotlib


def throughput_plot(results: list[BatchBenchResult], hearts: BenchResult | None, path: str) -> None:
    load_matplotlib()
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 4.8))
    lines: dict[tuple[str, int], list[BatchBenchResult]] = {}
    for r in results:
        lines.setdefault((r.game, r.players), []).append(r)
    # A colour a game and a line style a player count: eleven lines outrun one colour cycle.
    games = list(dict.fromkeys(game for game, _ in lines))
    styles = ("-", "--", ":", "-.")
    for (game, players), rs in lines.items():
        counts = sorted(p for g, p in lines if g == game)
        ax.plot(
            [r.batch for r in rs],
            [r.table_steps_per_s for r in rs],
            color=plt.get_cmap("tab10")(games.index(game) % 10),
            linestyle=styles[counts.index(players) % len(styles)],
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
    # Beside the axes: inside, it hid the lines at a thousand tables.
    ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1), fontsize="small")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
