"""The files and plots of a tournament's results (a simulation's too: it is a tournament).

JSON keeps every number as computed; the CSVs and the plots are for people and spreadsheets,
rounded to what the sample can tell. Every file of a stopped run says it is partial.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pondside.games import get_game

from .tournament import TournamentResult

if TYPE_CHECKING:
    from matplotlib.axes import Axes

# Decimals in the CSVs, by column: rates to a hundredth of a percent, the rest to a hundredth.
DECIMALS = {"win_rate": 4, "ci95_low": 4, "ci95_high": 4}


def rounded(key: str, value: Any) -> Any:
    """A number as a person reads it: whole numbers without ``.0``, others rounded."""
    if not isinstance(value, float):
        return value
    if value.is_integer():
        return int(value)
    return round(value, DECIMALS.get(key, 2))


def matches_text(result: TournamentResult) -> str:
    """``300 matches``, or ``1200 of 5000 matches (stopped)`` for a partial run."""
    if result.partial:
        return f"{result.matches} of {result.planned} matches (stopped)"
    return f"{result.matches} {'match' if result.matches == 1 else 'matches'}"


def titled(result: TournamentResult) -> str:
    """The game's name and the options that differ from its defaults, as the command line gives
    them: ``Wildcat Chicane (--variant classic)``."""
    changed = changed_options(result)
    name = get_game(result.game).info.name
    return f"{name} ({' '.join(changed)})" if changed else name


def changed_options(result: TournamentResult) -> list[str]:
    """The options that differ from the game's defaults, as flags: ``['--variant classic']``,
    then the rule constants changed (``--tune climb_size=20``).
    An option left unset (``None``) is not named: another option implies it (Lame Duck's
    rounds, once a target is given)."""
    defaults = get_game(result.game).options(result.players)
    return [
        flag(name, value)
        for name, value in result.options.items()
        if value is not None and value != defaults.get(name)
    ] + [f"--tune {name}={value}" for name, value in result.tuning.items()]


def flag(name: str, value: Any) -> str:
    """``--expert``, ``--no-expert``, ``--variant classic``."""
    name = name.replace("_", "-")
    if isinstance(value, bool):
        return f"--{name}" if value else f"--no-{name}"
    return f"--{name} {value}"


def better_score(result: TournamentResult) -> str:
    lower = get_game(result.game).info.lower_score_is_better
    return "lower is better" if lower else "higher is better"


def write_json(result: TournamentResult, path: Path) -> None:
    path.write_text(json.dumps(result.to_json(), indent=2) + "\n")


def write_csv(path: Path, header: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    with path.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(header)
        writer.writerows(rows)


def write_entries(result: TournamentResult, path: Path) -> None:
    """One line per entry: its summary, the 95% interval in two columns, rounded; a stopped
    run's lines say so in a last column."""
    rows = []
    for entry in result.summary():
        row: dict[str, Any] = {}
        for key, value in entry.items():
            if key in ("ci95", "score_ci95"):
                row[f"{key}_low"], row[f"{key}_high"] = value
            elif key != "tallies":
                row[key] = value
        row = {key: rounded(key, value) for key, value in row.items()}
        for name, tally in entry["tallies"].items():  # the game's (Game.tallies): rate, interval
            lo, hi = tally["ci95"]
            row[f"{name} rate"] = round(tally["rate"], 4)
            row[f"{name} ci95_low"], row[f"{name} ci95_high"] = round(lo, 4), round(hi, 4)
            row[f"{name} of"] = tally["of"]
        if result.partial:
            row["note"] = f"partial: {matches_text(result)}"
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
    rows = [
        [r.index, *(names[e] for e in r.seats), *r.places, *(rounded("", x) for x in r.scores)]
        for r in result.rows
    ]
    write_csv(path, header, rows)


def write_results(result: TournamentResult, path: Path) -> None:
    """JSON, or the entries' table when the name ends in .csv."""
    (write_entries if path.suffix.lower() == ".csv" else write_json)(result, path)


def load_matplotlib() -> None:
    """Load matplotlib (half a second) before a run that will draw, so that a run stopped by
    Ctrl-C writes its plots and ends within a moment."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display needed
    import matplotlib.pyplot


@contextmanager
def figure(path: Path, result: TournamentResult, what: str) -> Iterator[Axes]:
    """A plot titled with the game's name, what it shows and how many matches it covers."""
    load_matplotlib()
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5))
    try:
        yield ax
        ax.set_title(f"{titled(result)}: {what}, {matches_text(result)}")
        fig.tight_layout()
        fig.savefig(path, dpi=110)
    finally:
        plt.close(fig)


def legend_outside(ax: Axes) -> None:
    """The legend right of the plot, where it covers no line (tight_layout makes room)."""
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0)


def plot_win_rates(result: TournamentResult, path: Path) -> None:
    summary = result.summary()
    rates = [e["win_rate"] for e in summary]
    # Clamped at 0: float rounding can put an interval's end a hair past its rate.
    err = [
        [max(0.0, r - e["ci95"][0]) for r, e in zip(rates, summary, strict=True)],
        [max(0.0, e["ci95"][1] - r) for r, e in zip(rates, summary, strict=True)],
    ]
    with figure(path, result, "win rates") as ax:
        ax.bar([e["bot"] for e in summary], rates, yerr=err, capsize=6, color="#4c78a8")
        ax.axhline(1 / result.players, color="grey", linestyle="--", label="fair share")
        ax.set_ylabel("win rate (95% interval)")
        legend_outside(ax)


def plot_ratings(result: TournamentResult, path: Path) -> None:
    with figure(path, result, "ratings") as ax:
        for i, e in enumerate(result.entries):
            ax.plot(
                range(1, result.matches + 1), [h[i] for h in result.rating_history], label=e.label
            )
        ax.set_xlabel("matches played")
        ax.set_ylabel("rating (Plackett-Luce μ − 3σ)")
        legend_outside(ax)


def plot_scores(result: TournamentResult, path: Path) -> None:
    """The distribution of match scores per entry (whole numbers on the axis when every score
    is a whole number)."""
    from matplotlib.ticker import MaxNLocator

    with figure(path, result, "score per match") as ax:
        ax.boxplot(
            [e.scores for e in result.entries], tick_labels=[e.label for e in result.entries]
        )
        ax.set_ylabel(f"score per match ({better_score(result)})")
        whole = all(x.is_integer() for e in result.entries for x in e.scores)
        ax.yaxis.set_major_locator(MaxNLocator(integer=whole, steps=[1, 2, 5, 10]))


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
