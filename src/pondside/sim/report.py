"""The files and plots of a tournament's results (a simulation's too: it is a tournament)."""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .tournament import TournamentResult

if TYPE_CHECKING:
    from matplotlib.axes import Axes


def write_json(result: TournamentResult, path: Path) -> None:
    path.write_text(json.dumps(result.to_json(), indent=2) + "\n")


def write_csv(path: Path, header: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    with path.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(header)
        writer.writerows(rows)


def write_entries(result: TournamentResult, path: Path) -> None:
    """One line per entry: its summary, the 95% interval in two columns."""
    rows = []
    for entry in result.summary():
        row: dict[str, Any] = {}
        for key, value in entry.items():
            if key == "ci95":
                row["ci95_low"], row["ci95_high"] = value
            else:
                row[key] = value
        rows.append(row)
    write_csv(path, list(rows[0]), [list(row.values()) for row in rows])


def write_pairwise(result: TournamentResult, path: Path) -> None:
    names = [e.label for e in result.entries]
    rows = [
        [name, *("" if v is None else f"{v:.4f}" for v in row)]
        for name, row in zip(names, result.pairwise(), strict=True)
    ]
    write_csv(path, ["bot", *names], rows)


def write_matches(result: TournamentResult, path: Path) -> None:
    seats = range(result.players)
    header = [
        "match",
        *(f"seat{s}_bot" for s in seats),
        *(f"seat{s}_place" for s in seats),
        *(f"seat{s}_score" for s in seats),
    ]
    names = [e.label for e in result.entries]
    rows = [[r.index, *(names[e] for e in r.seats), *r.places, *r.scores] for r in result.rows]
    write_csv(path, header, rows)


def write_results(result: TournamentResult, path: Path) -> None:
    """JSON, or the entries' table when the name ends in .csv."""
    (write_entries if path.suffix.lower() == ".csv" else write_json)(result, path)


@contextmanager
def figure(path: Path) -> Iterator[Axes]:
    import matplotlib

    matplotlib.use("Agg")  # files only: no display needed
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    try:
        yield ax
        fig.tight_layout()
        fig.savefig(path, dpi=110)
    finally:
        plt.close(fig)


def plot_win_rates(result: TournamentResult, path: Path) -> None:
    summary = result.summary()
    rates = [e["win_rate"] for e in summary]
    # Clamped at 0: float rounding can put an interval's end a hair past its rate.
    err = [
        [max(0.0, r - e["ci95"][0]) for r, e in zip(rates, summary, strict=True)],
        [max(0.0, e["ci95"][1] - r) for r, e in zip(rates, summary, strict=True)],
    ]
    with figure(path) as ax:
        ax.bar([e["bot"] for e in summary], rates, yerr=err, capsize=6, color="#4c78a8")
        ax.axhline(1 / result.players, color="grey", linestyle="--", label="fair share")
        ax.set_ylabel("win rate (95% interval)")
        ax.set_title(f"{result.game}: {result.matches} matches")
        ax.legend()


def plot_ratings(result: TournamentResult, path: Path) -> None:
    with figure(path) as ax:
        for i, e in enumerate(result.entries):
            ax.plot([h[i] for h in result.rating_history], label=e.label)
        ax.set_xlabel("match")
        ax.set_ylabel("rating (Plackett-Luce, mu - 3 sigma)")
        ax.legend()


def plot_scores(result: TournamentResult, path: Path) -> None:
    """The distribution of match scores per entry."""
    with figure(path) as ax:
        ax.boxplot(
            [e.scores for e in result.entries], tick_labels=[e.label for e in result.entries]
        )
        ax.set_ylabel("score per match")
        ax.set_title(f"{result.game}: {result.matches} matches")


FILES: dict[str, Callable[[TournamentResult, Path], None]] = {
    "results.json": write_json,
    "entries.csv": write_entries,
    "pairwise.csv": write_pairwise,
    "matches.csv": write_matches,
    "win_rates.png": plot_win_rates,
    "ratings.png": plot_ratings,
    "scores.png": plot_scores,
}


def write_folder(result: TournamentResult, out: Path) -> list[Path]:
    """Every file of ``FILES`` into the folder ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    for name, write in FILES.items():
        write(result, out / name)
    return [out / name for name in FILES]
