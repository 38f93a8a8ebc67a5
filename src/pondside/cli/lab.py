"""``pondside lab``: what a rule change does to a game, measured on the same deals."""

from __future__ import annotations

import shlex
import time
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from pondside.engine import Game, PondsideError
from pondside.lab.results import LabResult, options_label, parse_target
from pondside.lab.run import LabPlan, Stopped, plan_lab, run_lab
from pondside.lab.tunables import tunables

from .common import check_folder, console, fail, game_arg, parse_game_options, parse_value
from .progress import RunSignals, progress_display, signal_name


def split_pairs(text: str) -> tuple[str, ...]:
    """``rounds=1,expert=true`` → the ``name=value`` pairs (a value holds no comma)."""
    return tuple(p.strip() for p in text.split(",") if p.strip())


def parse_setting(game: Game[Any], text: str) -> dict[str, Any]:
    """``name=value`` pairs of the game's options (read as ``-o`` reads them) and of its
    tunable rule constants."""

    known = tunables(game)
    pairs = split_pairs(text)
    tuned = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if eq and name.strip() in known:
            tuned[name.strip()] = parse_value(known[name.strip()], value)
    rest = tuple(p for p in pairs if p.partition("=")[0].strip() not in tuned)
    if any("=" not in p for p in rest):
        fail(f"--options and --vs take name=value pairs separated by commas; got {text!r}")
    return {**parse_game_options(game, [], rest), **tuned}


def parse_sweep(game: Game[Any], text: str) -> tuple[str, list[Any]]:
    """``NAME=a,b,c``: an option or a tunable and its values, each read as ``-o`` reads it."""

    name, eq, values = text.partition("=")
    name = name.strip()
    if not eq or not split_pairs(values):
        fail(f"--sweep takes NAME=a,b,c (e.g. column_limit=4,5,6); got {text!r}")
    read = [parse_setting(game, f"{name}={v}") for v in split_pairs(values)]
    return name, [r[name] for r in read]


def parse_budgets(text: str) -> dict[str, int]:

    out = {}
    for pair in split_pairs(text):
        level, _, n = pair.partition("=")
        if level.strip() not in ("strong", "expert") or not n.strip().isdigit() or int(n) < 1:
            fail(f"--budgets takes strong=N,expert=N (iterations, at least 1); got {pair!r}")
        out[level.strip()] = int(n)
    return out


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("game_slug", metavar="GAME")
@click.option("--options", "base", default="", help="The option set: name=value,... (GAME's own).")
@click.option(
    "--vs", "versus", multiple=True, help="Another option set to compare on the same deals."
)
@click.option("--players", "-p", type=int, default=None, help="Seats (default: the game's).")
@click.option(
    "--matches",
    "-n",
    type=click.IntRange(min=1),
    default=200,
    show_default=True,
    help="Deals for each option set (a match each; one per seat when the bots differ).",
)
@click.option(
    "--bots",
    default="casual",
    show_default=True,
    help="A bot (level or spec) for every seat, or one per seat, comma-separated.",
)
@click.option("--sweep", default=None, help="NAME=a,b,c: an option or tunable rule constant.")
@click.option(
    "--target",
    default=None,
    help="What a sweep value should meet: 'abs(first_seat_advantage) <= 1 point'.",
)
@click.option(
    "--ladder",
    "ladder_deals",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Deals for each pair of the levels expert, strong, casual, random (0: no ladder).",
)
@click.option(
    "--budgets",
    default="",
    help="The ladder's search levels' iterations: strong=N,expert=N (default: the game's own).",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Folder for report.html, figures.json and figures.csv.",
)
@click.option(
    "--notes",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help="An HTML paragraph of your own to add under 'What a designer learns'.",
)
@click.pass_context
def lab(
    ctx: click.Context,
    game_slug: str,
    base: str,
    versus: tuple[str, ...],
    players: int | None,
    matches: int,
    bots: str,
    sweep: str | None,
    target: str | None,
    ladder_deals: int,
    budgets: str,
    seed: int,
    jobs: int,
    out: Path | None,
    notes: Path | None,
) -> None:
    """The designer's lab: every figure of GAME under an option set (seat win rates, balance,
    length, drama, decision points, the level ladder...), other option sets (--vs) compared on
    the same deals, and a sweep of an option or rule constant against a target."""

    game = game_arg(game_slug)
    given = [parse_setting(game, base), *(parse_setting(game, v) for v in versus)]
    sets = [(options_label(g), g) for g in given]
    if target and not sweep:
        fail("--target says what a --sweep's values should meet: give --sweep too")
    try:
        conditions = parse_target(target) if target else []
        checked = plan_lab(
            game.info.slug,
            sets,
            players=players,
            deals=matches,
            seed=seed,
            bots=split_pairs(bots),
            sweep=parse_sweep(game, sweep) if sweep else None,
            ladder_deals=ladder_deals,
            budgets=parse_budgets(budgets),
        )
    except PondsideError as exc:
        fail(str(exc))
    if out is not None:
        from pondside.lab.report import FILES

        check_folder(out, FILES)
        from pondside.sim.report import load_matplotlib

        load_matplotlib()  # before the run, so a stopped run writes its plots at once
    command = command_line(ctx)
    started = time.perf_counter()
    with RunSignals() as signals:
        try:
            with progress_display(f"{game.info.name} lab", 5.0) as show:
                traces = run_lab(checked, jobs, show)
            done = checked.matches
        except Stopped as stop:
            signals.running = False
            traces, done = stop.traces, stop.done
        signals.running = False
    result = LabResult(checked, traces, conditions, done, time.perf_counter() - started)
    show_summary(result)
    if out is not None:
        from pondside.lab.report import write_report

        notes_html = notes.read_text() if notes else ""
        written = write_report(result, out, command, notes_html)
        console.print(f"Report written to {written[0]} (and its JSON and CSV)", soft_wrap=True)
    if signals.first is not None:
        said = f"Stopped ({signal_name(signals.first)}) after {done} of {checked.matches} matches"
        kept = "; the report holds what finished" if out else "; --out would keep them"
        console.print(said + kept, highlight=False)
        ctx.exit(128 + signals.first)


def command_line(ctx: click.Context) -> str:
    """The command as given, rebuilt from its arguments and options: a report says how it was
    made (values with spaces quoted)."""
    words = ["pondside", ctx.info_name or "lab"]
    for param in ctx.command.params:
        if (
            not param.name
            or ctx.get_parameter_source(param.name) is not ParameterSource.COMMANDLINE
        ):
            continue
        value = ctx.params[param.name]
        for one in value if isinstance(value, tuple) else (value,):
            text = shlex.quote(str(one))
            words += [text] if isinstance(param, click.Argument) else [param.opts[0], text]
    return " ".join(words)


def show_summary(result: LabResult) -> None:
    """The figures of each option set and the verdicts, at the terminal."""
    from rich.table import Table

    from pondside.lab.metrics import LABELS, PER_MATCH
    from pondside.lab.results import verdict

    plan: LabPlan = result.plan
    sets = result.set_figures()
    table = Table(title=f"{plan.game}: {result.done} of {plan.matches} matches")
    table.add_column("figure")
    for s in plan.sets:
        table.add_column(s.label, justify="right")
    for seat in range(plan.players):
        table.add_row(
            f"seat {seat} win rate",
            *(
                f"{r.value:.1%} ({r.low:.1%}–{r.high:.1%})"
                for f in sets
                for r in [f.seat_win[seat]]
            ),
        )
    table.add_row("balance", *(f"{f.balance:.3f}" for f in sets))
    for name in PER_MATCH:
        table.add_row(LABELS[name], *(f"{f.per_match[name].value:.3g}" for f in sets))
    console.print(table)
    for i, diffs in enumerate(result.set_differences()):
        console.print(f"{plan.sets[i + 1].label} against {plan.sets[0].label}: {verdict(diffs)}")
    for s, f in zip(plan.sweep_values, result.sweep_figures(), strict=True):
        meets = result.meets(f)
        mark = "" if meets is None else (" meets the target" if meets else "")
        console.print(
            f"{s.label}: first seat's advantage {f.first_seat_advantage.value:+.1%}, "
            f"balance {f.balance:.3f}{mark}"
        )
    skill = result.skill()
    if skill is not None:
        console.print(f"Skill expression (expert's edge over random): {skill.value:+.1%}")
