"""The plots of an analysis (``pondside analyze --plot``) and of a load test (``pondside
loadtest --plot``); a tournament's are in ``pondside.sim.report``, beside its files.

Each loads matplotlib on its own, drawing to files only (no display needed).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from .load import GOAL_MS, LoadResult, LoadTest
from .report import load_matplotlib

if TYPE_CHECKING:
    from pondside.analysis import Analysis


def plot_losses(analysis: Analysis, record_path: Path, path: Path) -> None:
    """The loss of every decision as bars at its place in the record, a colour per seat, the
    hands marked."""
    load_matplotlib()
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 4.5))
    try:
        totals = analysis.totals()
        for s in analysis.seats:
            mine = [d for d in analysis.decisions if d.seat == s]
            bars = ax.bar(
                [d.number for d in mine],
                [d.loss for d in mine],
                yerr=[d.stderr for d in mine],
                width=0.9,
                error_kw={"elinewidth": 0.8, "ecolor": "0.5"},
                label=f"{analysis.names[s]} (mean {totals[s]['mean_loss']:.2f})",
            )
            # A decision that lost nothing is a dot on the axis, so it is seen to be there.
            best = [d.number for d in mine if d.loss == 0]
            ax.plot(
                best,
                [0] * len(best),
                "o",
                ms=3,
                color=bars.patches[0].get_facecolor() if bars.patches else None,
                clip_on=False,
            )
        hands: dict[int, int] = {}
        for d in analysis.decisions:
            hands.setdefault(d.hand, d.number)
        for hand, first in list(hands.items())[1:]:
            ax.axvline(first - 0.5, color="0.7", linestyle=":", linewidth=1)
            ax.annotate(
                f"hand {hand}",
                (first, 1),
                xycoords=("data", "axes fraction"),
                fontsize=8,
                color="0.4",
                va="top",
            )
        ax.set_xlim(0.5, max(analysis.actions, 1) + 0.5)
        ax.set_xlabel("action in the record")
        ax.set_ylabel("expected places lost (± standard error)")
        ax.set_title(
            f"{analysis.game.info.name}, {record_path.name}: loss per decision "
            f"({analysis.iterations} playouts each)"
        )
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0)
        fig.tight_layout()
        fig.savefig(path, dpi=110)
    finally:
        plt.close(fig)


def plot_sweep(runs: list[dict[str, Any]], path: Path, note: str = "") -> None:
    """p50 and p99 (log scale, the goal drawn) and actions a second against tables."""
    load_matplotlib()
    import matplotlib.pyplot as plt

    tables = [r["tables"] for r in runs]
    fig, (lat, rate) = plt.subplots(1, 2, figsize=(10, 4))
    lat.plot(tables, [r["p50_ms"] for r in runs], "o-", label="p50")
    lat.plot(tables, [r["p99_ms"] for r in runs], "s-", label="p99")
    lat.axhline(GOAL_MS, color="red", linestyle="--", label=f"goal: p99 {GOAL_MS:g} ms")
    lat.set(xscale="log", yscale="log", xlabel="tables (4 sockets each)", ylabel="ms")
    lat.set_title("action to every seat's update")
    lat.legend()
    rate.plot(tables, [r["actions_per_second"] for r in runs], "o-", label="actions/s")
    rate.set(xscale="log", xlabel="tables (4 sockets each)", ylabel="actions a second")
    cpu = rate.twinx()
    cpu.plot(tables, [r["server_cpu_percent"] for r in runs], "^:", color="gray")
    cpu.set_ylabel("server CPU, % of one core (dotted)")
    rate.set_title("throughput")
    if note:
        fig.suptitle(note, fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def plot_soak(result: LoadResult, path: Path) -> None:
    """The server's memory over a soak."""
    load_matplotlib()
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 3.5))
    ax.plot([t / 60 for t, _ in result.rss_samples], [mb for _, mb in result.rss_samples])
    ax.set(xlabel="minutes", ylabel="server RSS, MB", ylim=(0, None))
    ax.set_title(f"soak: {result.tables} tables, {result.per_second:.0f} actions/s")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def plot_load(test: LoadTest, runs: list[LoadResult], path: Path) -> None:
    """A soak's memory, or a sweep's latency and throughput against tables."""
    if test.soak:
        plot_soak(runs[-1], path)
    else:
        note = f"pondside loadtest, think {test.think:g} s, {test.seconds:g} s a run"
        plot_sweep([run.to_json() for run in runs], path, note)
