"""Bots against bots: ``simulate`` (one bot per seat) and ``tournament`` (every bot in every
seat). A run shows its progress, stops cleanly on Ctrl-C or SIGTERM keeping the matches played,
and writes its files after it is over."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from pondside.bots import check_spec
from pondside.engine import Game, PondsideError
from pondside.tui.base import plural

from .common import (
    EXTRA,
    PLOT_FILES,
    PLOT_FORMATS,
    RESULT_FORMATS,
    and_list,
    check_folder,
    check_suffix,
    check_writable,
    console,
    fail,
    game_arg,
    option_pairs,
    parse_game_options,
    parse_value,
    path_option,
    progress_every_option,
    save_or_rescue,
)
from .progress import RunSignals, progress_display, signal_name

if TYPE_CHECKING:
    from pondside.sim.tournament import Plan, TournamentResult


def run_command(bots_help: str, matches: int) -> Callable[[Callable[..., None]], click.Command]:
    """A command of the tournament pipeline, with the arguments every such command takes."""
    shared: list[Callable[[Any], Any]] = [
        click.command(context_settings=EXTRA),
        click.argument("game_slug", metavar="GAME"),
        click.option("--bots", "-b", required=True, help=bots_help),
        click.option(
            "--matches", "-n", type=click.IntRange(min=1), default=matches, show_default=True
        ),
        click.option("--seed", type=int, default=0, show_default=True),
        click.option(
            "--jobs",
            "-j",
            type=click.IntRange(min=1),
            default=1,
            show_default=True,
            help="Worker processes.",
        ),
        click.option(
            "--ray",
            "ray_address",
            default=None,
            help="Run on Ray: 'auto' (a running cluster), an address, or 'local'.",
        ),
        option_pairs(),
        click.option(
            "--tune",
            "tune",
            multiple=True,
            metavar="NAME=VALUE",
            help="A rule constant the game declares tunable (the lab's), changed for every "
            "match: --tune climb_size=20 (Ladders).",
        ),
        progress_every_option(),
        click.pass_context,
    ]

    def decorate(command: Callable[..., None]) -> click.Command:
        for decorator in reversed(shared):
            command = decorator(command)
        return cast(click.Command, command)

    return decorate


# Writes a run's files (``None`` when none were asked for) and returns where they went.
Writer = Callable[["TournamentResult"], list[Path]]


def run_entries(
    ctx: click.Context,
    game_slug: str,
    bots: str,
    matches: int,
    seed: int,
    jobs: int,
    ray_address: str | None,
    pairs: tuple[str, ...],
    tune: tuple[str, ...],
    progress_every: float,
    write: Writer | None,
    draws: bool = False,
    players: int | None = None,
    duplicate: bool = False,
    one_per_seat: bool = False,
) -> None:
    """Check everything, play the tournament under a progress display, show its results and
    ``write`` its files. Ctrl-C or SIGTERM stops the run within a moment: the matches that
    finished are written, marked partial, and one line says so. ``draws``: ``write`` draws
    plots."""
    from pondside.sim.report import load_matplotlib
    from pondside.sim.tournament import Stopped, run

    game = game_arg(game_slug)
    checked = plan_entries(
        ctx, game, bots, matches, seed, pairs, players, duplicate, one_per_seat, tune
    )
    if draws:
        load_matplotlib()
    started = time.perf_counter()
    with RunSignals() as signals:
        try:
            with progress_display(game.info.name, progress_every) as show:
                result = run(checked, jobs, ray_address, lambda r, total: show(r.matches, total))
        except Stopped as stop:
            signals.running = False
            if write is None and stop.result.matches:  # else the files hold them
                show_results(game, stop.result, time.perf_counter() - started)
            ctx.exit(stopped(stop.result, signals.first, write))
        except PondsideError as exc:  # also a bot that failed mid-run (an external program)
            fail(str(exc))
        signals.running = False
        show_results(game, result, time.perf_counter() - started)
        written = write(result) if write else []
        if written:
            console.print(f"Results written to {and_list(written)}", soft_wrap=True)


def plan_entries(
    ctx: click.Context,
    game: Game[Any],
    bots: str,
    matches: int,
    seed: int,
    pairs: tuple[str, ...],
    players: int | None,
    duplicate: bool,
    one_per_seat: bool,
    tune: tuple[str, ...] = (),
) -> Plan:
    """Everything a run could refuse, refused before its first match."""
    from pondside.sim.tournament import plan

    given = [a.split("=", 1)[0] for a in ctx.args]
    if one_per_seat and ("--players" in given or "-p" in given):
        fail(
            "simulate seats one bot per --bots spec, so --bots heuristic,random,random plays "
            "three seats; --players is for tournament (more bots than seats)"
        )
    options = parse_game_options(game, ctx.args, pairs)
    entries = bot_list(bots, one_per_seat)
    n, info = len(entries), game.info
    try:
        checked = plan(
            info.slug, entries, matches, seed, players, options, duplicate,
            one_per_seat=one_per_seat, tuning=tuning_pairs(game, tune),
        )  # fmt: skip
    except PondsideError as exc:
        seated = info.min_players <= n <= info.max_players
        fail(str(exc) if seated or not one_per_seat else f"{exc} ({per_seat(n)})")
    try:
        for spec in entries:
            check_spec(spec, game)
    except PondsideError as exc:
        fail(str(exc))
    return checked


def tuning_pairs(game: Game[Any], pairs: tuple[str, ...]) -> dict[str, Any]:
    """``--tune climb_size=20`` → {"climb_size": 20}: each value read by its declaration
    (lab/tunables.py), as the lab reads ``--options``; a name the game does not declare is
    refused by the plan, which lists the game's tunables."""
    from pondside.lab.tunables import tunables

    known = tunables(game)
    out: dict[str, Any] = {}
    for pair in pairs:
        name, eq, raw = pair.partition("=")
        name = name.strip()
        if not eq or not name:
            fail(f"--tune takes NAME=VALUE, as in --tune climb_size=20; got {pair!r}")
        out[name] = parse_value(known[name], raw) if name in known else raw
    return out


def per_seat(n: int) -> str:
    return f"--bots gives one bot per seat: {plural(n, 'bot')}, {plural(n, 'seat')}"


def bot_list(text: str, one_per_seat: bool) -> list[str]:
    """The specs of ``--bots``: an empty one (``heuristic,,random``) is refused, not skipped,
    since skipping it would play a seat fewer than was written."""
    specs = [b.strip() for b in text.split(",")]
    if not any(specs):
        fail("--bots needs at least one bot spec, e.g. --bots heuristic,random,random")
    for n, spec in enumerate(specs, 1):
        if not spec:
            fail(
                f"--bots {text!r} has no bot at position {n} of {len(specs)}: write one bot "
                f"spec per {'seat' if one_per_seat else 'entry'}, separated by single commas"
            )
    return specs


def stopped(result: TournamentResult, signum: int | None, write: Writer | None) -> int:
    """Write what finished of a stopped run, say so in one line, and return the exit code."""
    said = f"Stopped ({signal_name(signum)}) after {result.matches} of {result.planned} matches"
    err = Console(stderr=True, soft_wrap=True)
    if write is None:
        # On a line of its own rather than folded mid-phrase by a narrow terminal.
        hint = "(--out would keep them in a file)" if result.matches else ""
        said += " " + hint if len(said) + 1 + len(hint) <= err.width else "\n" + hint
    elif not result.matches:
        said += ": nothing to write"
    else:
        said += f": the partial results are in {and_list(write(result))}"
    err.print(said.rstrip(), highlight=False)
    return 128 + (signum or signal.SIGINT)


def seeds_text(result: TournamentResult) -> str:
    """``seed 7``, or the seeds of the runs added up (``seeds 101, 102 and 103: 3 runs``)."""
    if len(result.runs) < 2:
        return f"seed {result.seed}"
    seeds = and_list([str(run["seed"]) for run in result.runs])
    return f"seeds {seeds}: {plural(len(result.runs), 'run')} added up"


def show_results(game: Game[Any], result: TournamentResult, seconds: float) -> None:
    from pondside.sim.report import changed_options, matches_text

    data = result.to_json()
    fair = 1 / result.players
    # The options on a line of their own; a title wider than the table widens it (within the
    # terminal) rather than folding mid-phrase.
    title = [
        f"{game.info.name}: {matches_text(result)}, {plural(result.players, 'seat')}"
        f"{', duplicate deals' if result.duplicate else ''}, {seeds_text(result)}"
        f"{f' ({seconds:.1f} s)' if seconds else ''}",
        *filter(None, [" ".join(changed_options(result))]),
    ]
    table = Table(title="\n".join(title), min_width=min(console.width, max(map(len, title))))
    # Headers on two lines and bot names that may fold: the table fits 80 columns.
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("bot", overflow="fold")
    for col in ("rating", "win\nrate", "95% interval", "mean\nscore", "mean\nplace"):
        table.add_column(col, justify="right", no_wrap=True)
    # The game's own counts (Game.tallies: Wildcat Chicane's exact bids), a rate each.
    tallies = list(dict.fromkeys(name for e in data["entries"] for name in e["tallies"]))
    for name in tallies:
        table.add_column(name.replace(" ", "\n", 1), justify="right", no_wrap=True)
    ranked = sorted(data["entries"], key=lambda e: -e["rating"])
    close = result.too_close()
    rank = 0
    for i, e in enumerate(ranked):
        # An entry the ratings do not tell from the one above shares its rank ("2=").
        tied = i > 0 and (ranked[i - 1]["bot"], e["bot"]) in close
        rank = rank if tied else i + 1
        tied_below = i + 1 < len(ranked) and (e["bot"], ranked[i + 1]["bot"]) in close
        lo, hi = e["ci95"]
        style = "green" if lo > fair else ("red" if hi < fair else "")
        table.add_row(
            f"{rank}=" if tied or tied_below else str(rank),
            e["bot"],
            f"{e['rating']:.2f}",
            Text(f"{e['win_rate']:.1%}", style=style),
            f"{lo:.1%} – {hi:.1%}",
            f"{e['mean_score']:.2f}",
            f"{e['mean_place']:.2f}",
            *(
                f"{e['tallies'][name]['rate']:.1%}" if name in e["tallies"] else "—"
                for name in tallies
            ),
        )
    console.print(table)
    lower = game.info.lower_score_is_better
    console.print(
        f"Win rate: shared wins count as fractions; fair share {fair:.1%}, and an interval "
        "wholly above it is [green]green[/], wholly below it [red]red[/].\n"
        "Rating: openskill's Plackett-Luce estimate μ − 3σ, the skill less three times its "
        "uncertainty (every bot starts at 0; more matches, less uncertainty).\n"
        + (
            "[yellow]Too close to order by rating:[/] "
            + "; ".join(f"{a} and {b}" for a, b in close)
            + ". Their skills (μ) differ by less than their uncertainty (95 %), so the ranks "
            "marked = are not decided: read the win rates and the pairwise shares, or play more "
            "matches.\n"
            if close
            else ""
        )
        + f"Mean score: {'lower' if lower else 'higher'} is better in {game.info.name}."
        + "".join(f"\n{note}" for name, note in game.tally_notes().items() if name in tallies),
        highlight=False,
    )
    matrix = Table(title="Pairwise: row above column")
    matrix.add_column("")
    names = data["pairwise"]["bots"]
    for name in names:
        matrix.add_column(name, justify="right")
    for name, row in zip(names, data["pairwise"]["win_share"], strict=True):
        matrix.add_row(name, *("—" if v is None else f"{v:.1%}" for v in row))
    console.print(matrix)
    console.print(
        "Pairwise: the share of their meetings in which the row's bot placed above the column's "
        "(ties count half).",
        highlight=False,
    )


@run_command("One bot spec per seat, comma-separated (e.g. heuristic,random,random,random).", 1000)
@path_option("--out", help="Write the results to a .json file (or a .csv: the table).")
@path_option("--plot", help="Draw the score distribution per entry (PNG, PDF or SVG).")
def simulate(ctx: click.Context, out: Path | None, plot: Path | None, **run: Any) -> None:
    """Simulate MATCHES matches of GAME between bots, one per seat; each bot plays every seat,
    and after every other bot, equally often (a tournament with one entry per seat)."""
    from pondside.sim.report import plot_scores, write_results

    check_suffix(out, "--out", RESULT_FORMATS, f"{' or '.join(RESULT_FORMATS)} files")
    check_suffix(plot, "--plot", PLOT_FORMATS, PLOT_FILES)
    check_writable(out, plot)

    def write(result: TournamentResult) -> list[Path]:
        written = []
        if out:
            written.append(save_or_rescue(out, lambda p: write_results(result, p), "Results"))
        if plot:
            written.append(save_or_rescue(plot, lambda p: plot_scores(result, p), "Plot"))
        return written

    run_entries(
        ctx, write=write if out or plot else None, draws=bool(plot), one_per_seat=True, **run
    )


@run_command("Bot specs, comma-separated; every one plays every seat.", 100)
@click.option(
    "--players", "-p", type=int, default=None, help="Seats per match (default: one per bot)."
)
@click.option(
    "--duplicate",
    is_flag=True,
    help="Replay every deal with the seats rotated (MATCHES a multiple of the seats).",
)
@path_option("--out", help="Write results.json, CSVs and PNG plots into this folder.", folder=True)
def tournament(ctx: click.Context, out: Path | None, **run: Any) -> None:
    """Every bot in every seat: ratings, pairwise wins, intervals, plots."""
    from pondside.sim.report import FILES, write_folder

    if out is not None:
        check_folder(out, FILES)

    def write(result: TournamentResult) -> list[Path]:
        assert out is not None
        return [save_or_rescue(out, lambda p: write_folder(result, p), "Results", folder=True)]

    run_entries(ctx, write=write if out else None, draws=out is not None, **run)


@click.command(context_settings=EXTRA)
@click.argument(
    "folders",
    nargs=-1,
    required=True,
    metavar="FOLDER...",
    type=click.Path(file_okay=False, path_type=Path),
)
@path_option(
    "--out", help="Write the sum's results.json, CSVs and PNG plots into this folder.", folder=True
)
@click.option(
    "--pair",
    metavar="A,B",
    help="Also set bot A against bot B deal by deal: A's first places, A above B, and A's "
    "points less B's, each with a 95% interval over the deals.",
)
def merge(folders: tuple[Path, ...], out: Path | None, pair: str | None) -> None:
    """Add up tournament runs of the same game and bots, each from its --out folder: one
    measurement played in pieces (different seeds; the same game, seats, options, rule
    constants and duplicate setting). Shows the entries, intervals and pairwise shares over
    all their matches, as one run of them all would (one folder: that run's)."""
    from pondside.sim.merge import MergeError, merge_runs, pair_figures
    from pondside.sim.report import FILES, write_folder

    if out is not None:
        check_folder(out, [*FILES, "pair.json"])
    bots = pair.split(",") if pair else []
    if pair is not None and (len(bots) != 2 or not all(bots)):
        fail(f"--pair takes two bots as A,B, not {pair!r}")
    try:
        result = merge_runs(folders)
        figures = pair_figures(result, *bots) if bots else None
    except MergeError as exc:
        fail(str(exc))
    show_results(game_arg(result.game), result, 0.0)
    if figures:
        show_pair(figures)
    if out is not None:

        def write(folder: Path) -> None:
            write_folder(result, folder)
            if figures:  # the pair's figures beside the sum's (as printed, unrounded)
                (folder / "pair.json").write_text(json.dumps(figures, indent=2) + "\n")

        written = save_or_rescue(out, write, "Results", folder=True)
        console.print(f"Results written to {written}", soft_wrap=True)


def show_pair(figures: dict[str, Any]) -> None:
    """``pair_figures`` as three lines a person reads."""
    a, b = figures["bots"]

    def span(key: str, percent: bool) -> str:
        f = figures[key]
        lo, hi = f["ci95"]
        if percent:
            return f"{f['mean']:.1%} ({lo:.1%} – {hi:.1%})"
        return f"{f['mean']:+.2f} ({lo:+.2f} to {hi:+.2f})"

    console.print(
        f"{a} against {b}, over {figures['deals']} deals ({figures['matches']} matches), each "
        "deal counted once, 95% intervals over the deals"
        + (
            f" ({plural(figures['left_out'], 'match')} of deals not played from every seat left "
            "out)"
            if figures["left_out"]
            else ""
        )
        + ":\n"
        f"  finished first: {span('first', True)}; by chance {figures['first']['fair']:.1%}\n"
        f"  placed above {b}: {span('above', True)} (ties half); by chance 50.0%\n"
        f"  points less {b}'s, a match: {span('points', False)}",
        highlight=False,
        soft_wrap=True,
    )
