"""``strength``: the bot strength tables of docs/bots.md, played line by line and game by game
(a stopped run keeps the matches played), merged with the results kept before."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from click.core import ParameterSource

from pondside.engine import PondsideError
from pondside.games import slugs
from pondside.sim.strength import LINES

from .common import fail, path_option
from .progress import RunSignals, signal_name


@click.command()
@click.option("--games", default=",".join(slugs()), show_default=True, help="Comma-separated.")
@click.option(
    "--matches", type=int, default=200, show_default=True, help="Search vs heuristic matches."
)
@click.option(
    "--random-matches",
    type=int,
    default=60,
    show_default=True,
    help="Search vs random matches (the gap is wide).",
)
@click.option(
    "--heuristic-matches",
    type=int,
    default=1000,
    show_default=True,
    help="Heuristic vs random matches (cheap: no search).",
)
@click.option(
    "--ladder-matches",
    type=int,
    default=40,
    show_default=True,
    help="Matches of the level ladder's round robin, rounded down to whole rounds (every "
    "choice of levels for the seats, each deal from every seat; at least one round).",
)
@click.option(
    "--step-matches",
    type=int,
    default=200,
    show_default=True,
    help="Matches of each step of the ladder (a level against the one below, half the seats "
    "each), in whole deals (each deal from every turn of the seats).",
)
@click.option(
    "--steps",
    "pairs",
    default="",
    help="Which steps to play, as LOWER-UPPER (e.g. random-beginner,beginner-casual); all "
    "by default. The others are kept from --results.",
)
@click.option(
    "--lines",
    default=",".join(LINES),
    show_default=True,
    help="Which lines to play; the others are kept from --results.",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--jobs", type=int, default=2, show_default=True)
@click.option("--search", default=None, help="Search bot spec instead of the game's own.")
@path_option(
    "--results",
    help="Folder of per-game results (JSON), merged into the table.",
    folder=True,
    default=Path("docs/strength"),
)
@path_option("--out", help="Write the table here (Markdown), between its markers.")
@path_option(
    "--levels-out",
    help="Write the steps here as the lobby reads them (src/pondside/bots/steps.json).",
)
@click.option("--report-only", is_flag=True, help="Only merge the results already in --results.")
@click.option(
    "--more",
    is_flag=True,
    help="Add the steps' matches to those kept in --results, played with a --seed they were "
    "not (a long step played in pieces), instead of playing them again.",
)
@click.pass_context
def strength(
    ctx: click.Context,
    games: str,
    matches: int,
    random_matches: int,
    heuristic_matches: int,
    ladder_matches: int,
    step_matches: int,
    pairs: str,
    lines: str,
    seed: int,
    jobs: int,
    search: str | None,
    results: Path,
    out: Path | None,
    levels_out: Path | None,
    report_only: bool,
    more: bool,
) -> None:
    """The bot strength tables of docs/bots.md: for every game at its default table, search vs
    heuristic, heuristic vs random and search vs random, one seat against the rest; the level
    ladder, a duplicate round robin of the levels with ratings; and the ladder's steps, each
    level against the one below, half the seats each, on duplicate deals."""
    from pondside.sim import strength as tables

    chosen = lines.split(",")
    unknown = sorted(set(chosen) - set(LINES))
    if unknown:
        fail(f"unknown line {unknown[0]!r}: the lines are {', '.join(LINES)}")
    steps = tables.step_names()
    chosen_pairs = [p for p in pairs.split(",") if p]
    for pair in chosen_pairs:
        if pair not in steps:
            fail(f"unknown step {pair!r}: the steps are {', '.join(steps)}")
    counts = {
        "search-heuristic": matches,
        "heuristic-random": heuristic_matches,
        "search-random": random_matches,
        "ladder": ladder_matches,
        "steps": step_matches,
    }
    played = tables.play_lines(
        [] if report_only else games.split(","),
        chosen,
        counts,
        seed,
        jobs,
        search,
        results,
        command_line(ctx),
        chosen_pairs,
        more,
    )
    with RunSignals() as signals:
        try:
            for row in played:
                click.echo(tables.summary_line(row))
        except PondsideError as exc:  # refused before its matches: --more's seed or levels
            fail(str(exc))
        except KeyboardInterrupt:
            signals.running = False
            click.echo(
                f"Stopped ({signal_name(signals.first)}): the matches played are kept in "
                f"{results} and the tables below",
                err=True,
            )
    signals.running = False
    rows = tables.merged(results)
    text, ladder, steps_table = tables.tables(rows)
    click.echo(text)
    click.echo(ladder)
    click.echo(steps_table)
    if out:
        tables.write_between_markers(out, text)
        tables.write_between_markers(out, ladder, tables.LADDER_START, tables.LADDER_END)
        tables.write_between_markers(out, steps_table, tables.STEPS_START, tables.STEPS_END)
        specs = tables.level_specs_markdown()
        tables.write_between_markers(out, specs, tables.SPECS_START, tables.SPECS_END)
    if levels_out:
        # The lobby's words for each level come from the same steps (bots/levels.py).
        summary = json.dumps(tables.steps_summary(rows), indent=1, sort_keys=True)
        levels_out.write_text(summary + "\n")
    if signals.first is not None:
        sys.exit(128 + signals.first)


def command_line(ctx: click.Context) -> str:
    """The command as given, rebuilt from its options: a table says how it was made."""
    words = ["pondside", ctx.info_name or ""]
    for param in ctx.command.params:
        if param.name and ctx.get_parameter_source(param.name) is ParameterSource.COMMANDLINE:
            value = ctx.params[param.name]
            words += [param.opts[0]] if value is True else [param.opts[0], str(value)]
    return " ".join(words)
