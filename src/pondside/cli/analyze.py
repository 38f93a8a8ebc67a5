"""``analyze``: every decision of a match record judged against the best a search finds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import click
from rich.table import Table
from rich.text import Text

from pondside.engine import Match, PondsideError
from pondside.games import get_game
from pondside.tui.base import plural

from .common import (
    PLOT_FILES,
    PLOT_FORMATS,
    and_list,
    check_seat,
    check_suffix,
    check_writable,
    console,
    fail,
    load_record,
    path_option,
    progress_every_option,
    save_or_rescue,
)
from .progress import progress_display

if TYPE_CHECKING:
    from pondside.analysis import Analysis, Decision


@click.command()
@click.argument(
    "record_path", metavar="RECORD", type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
@click.option(
    "--seat", type=int, default=None, help="Analyse this seat only (default: every seat)."
)
@click.option(
    "--iterations",
    "-i",
    type=click.IntRange(min=1),
    default=300,
    show_default=True,
    help="Playouts to find the best action at each decision (and as many to measure the loss).",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "--top",
    type=click.IntRange(min=0),
    default=5,
    show_default=True,
    metavar="K",
    help="List the K biggest mistakes.",
)
@path_option("--out", help="Write the analysis to a .json file.")
@path_option("--plot", help="Draw the loss of every decision, a series per seat (PNG, PDF or SVG).")
@progress_every_option()
def analyze(
    record_path: Path,
    seat: int | None,
    iterations: int,
    seed: int,
    top: int,
    out: Path | None,
    plot: Path | None,
    progress_every: float,
) -> None:
    """Judge every decision of a match RECORD (JSON): the action played against the best one a
    search finds from the seat's view, the expected places it lost, the biggest mistakes."""
    from pondside.analysis import analyze as judge_record

    check_suffix(out, "--out", (".json",), "a .json file")
    check_suffix(plot, "--plot", PLOT_FORMATS, PLOT_FILES)
    record = load_record(record_path)
    if "game" not in record or "actions" not in record:
        fail(
            f"{record_path} is not a match record: it has no "
            f"{'game' if 'game' not in record else 'actions'} (a record is what "
            "pondside play --record or the online table's download writes)"
        )
    try:
        game = get_game(record.get("game"))
        final = Match.from_record(game, record)
    except PondsideError as exc:
        fail(f"{record_path} is not a record pondside can replay: {exc}")
    check_seat(seat, final.players, f": the record's table has {final.players}")
    check_writable(out, plot)
    if plot:
        from pondside.sim.report import load_matplotlib

        load_matplotlib()
    what = f"Analysing {record_path.name}"
    with progress_display(what, progress_every, "decision") as show:
        analysis = judge_record(
            game,
            record,
            seat,
            iterations=iterations,
            seed=seed,
            progress=lambda done, total: show(done, total) if total else None,
        )
    show_analysis(analysis, record_path, top)
    written = []
    if out:
        text = json.dumps({"record": str(record_path), **analysis.to_json()}, indent=1) + "\n"
        written.append(save_or_rescue(out, lambda p: p.write_text(text), "The analysis"))
    if plot:
        from pondside.sim.plots import plot_losses

        written.append(
            save_or_rescue(plot, lambda p: plot_losses(analysis, record_path, p), "The plot")
        )
    if written:
        console.print(f"Analysis written to {and_list(written)}", soft_wrap=True)


def show_analysis(analysis: Analysis, record_path: Path, top: int) -> None:
    """The decisions, the biggest mistakes and each seat's totals, in tables that fit 80
    columns (long actions fold)."""
    names, game = analysis.names, analysis.game
    decisions = analysis.decisions
    state = "" if analysis.finished else ", unfinished"
    title = (
        f"{game.info.name}: {record_path.name} ({plural(analysis.actions, 'action')}{state})\n"
        f"{plural(len(decisions), 'decision')} judged, {analysis.iterations} playouts each, "
        f"seed {analysis.seed} ({analysis.seconds:.1f} s)"
    )
    if not analysis.finished:
        console.print(
            f"The record is of an unfinished match: its {plural(analysis.actions, 'action')} "
            "are analysed.",
            highlight=False,
        )
    if not decisions:
        who = "this seat" if len(analysis.seats) == 1 else "any seat"
        console.print(
            f"{title}\nNo decision to judge: {who} never had more than one legal action.",
            highlight=False,
        )
        return

    def table(heading: str, rows: list[Decision], places: bool = False) -> Table:
        out = Table(title=heading)
        out.add_column("#", justify="right", no_wrap=True)
        out.add_column("hand", justify="right", no_wrap=True)
        out.add_column("seat", overflow="fold")
        out.add_column("played", overflow="fold")
        out.add_column("best found", overflow="fold")
        out.add_column("loss", justify="right", no_wrap=True)
        out.add_column("±", justify="right", no_wrap=True)
        if places:
            out.add_column("place\nplayed → best", justify="right", no_wrap=True)
        for d in rows:
            lost = d.loss > 0
            out.add_row(
                str(d.number),
                str(d.hand),
                names[d.seat],
                d.played,
                d.best if lost else Text("the same", style="dim"),
                Text(f"{d.loss:.2f}", style="red" if d.loss >= 0.5 else "") if lost else "0",
                f"{d.stderr:.2f}" if lost else "",
                *([f"{d.place_played:.2f} → {d.place_best:.2f}"] if places else []),
            )
        return out

    console.print(table(title, decisions))
    mistakes = analysis.mistakes(top)
    if top and mistakes:
        console.print(table(f"The {plural(len(mistakes), 'biggest mistake')}", mistakes, True))
    elif top:
        console.print("No mistake found: every action played was the best found.")
    totals = Table(title="Per seat")
    for col, justify in (
        ("seat", "left"),
        ("decisions", "right"),
        ("best played", "right"),
        ("total loss", "right"),
        ("mean loss", "right"),
    ):
        totals.add_column(col, justify=cast(Any, justify))
    for s, t in analysis.totals().items():
        totals.add_row(
            names[s],
            str(int(t["decisions"])),
            f"{t['best_share']:.0%}" if t["decisions"] else "—",
            f"{t['total_loss']:.2f}",
            f"{t['mean_loss']:.3f}" if t["decisions"] else "—",
        )
    console.print(totals)
    console.print(
        "Loss: the expected places (1 = first) lost against the best action found, from the "
        "seat's view, every seat playing on as the heuristic does; ± its standard error. A hand "
        "is judged by its own scores, not the match's. Decisions with one legal action are "
        "left out. Place: the expected place after the action played and after the best.",
        highlight=False,
    )
