"""The ``pondside`` command: play, simulate, replay, read the rules, benchmark, speak the protocol.

Game options are flags named after the option (``--expert``, ``--rounds 3``, ``--deck basic``,
``--no-bidding``), or ``-o name=value``; they are checked by the game, which says what it expects.
"""

from __future__ import annotations

import json
import sys
import time
from importlib import resources
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.markdown import Markdown
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.prompt import Prompt
from rich.table import Table
from rich.text import Text

from pondside.bots import check_spec, make_bot
from pondside.engine import Game, Match, Option, PondsideError
from pondside.games import all_games, get_game
from pondside.sim.runner import derive_seed
from pondside.tui import get_ui

console = Console()
EXTRA = {"ignore_unknown_options": True, "allow_extra_args": True}


def fail(message: str) -> None:
    raise click.ClickException(message)


def game_arg(slug: str) -> Game[Any]:
    try:
        return get_game(slug)
    except PondsideError as exc:
        raise click.BadParameter(str(exc), param_hint="GAME") from None


def parse_game_options(game: Game[Any], args: list[str], pairs: tuple[str, ...]) -> dict[str, Any]:
    """``--rounds 3 --expert --no-bidding`` and ``-o deck=basic`` → {name: value}."""
    specs: dict[str, Option] = {o.name.replace("_", "-"): o for o in game.info.options}
    names = ", ".join(f"--{n}" for n in specs) or "none"
    out: dict[str, Any] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("--"):
            fail(f"unexpected argument {arg!r}; {game.info.name}'s options are: {names}")
        key, eq, inline = arg[2:].partition("=")
        negated = key.startswith("no-") and key[3:] in specs and specs[key[3:]].kind is bool
        spec = specs.get(key[3:] if negated else key)
        if spec is None:
            fail(f"{game.info.name} has no option --{key}; its options are: {names}")
        assert spec is not None
        if spec.kind is bool and not eq:
            out[spec.name] = not negated
            i += 1
            continue
        if not eq:
            if i + 1 >= len(args):
                fail(f"--{key} needs a value: {spec.expected()}")
            inline = args[i + 1]
            i += 1
        out[spec.name] = parse_value(spec, inline)
        i += 1
    for pair in pairs:
        key, eq, value = pair.partition("=")
        spec = specs.get(key.strip().replace("_", "-"))
        if not eq or spec is None:
            fail(f"-o takes name=value with a name among: {names}; got {pair!r}")
        assert spec is not None
        out[spec.name] = parse_value(spec, value)
    return out


def parse_value(spec: Option, text: str) -> Any:
    try:
        return spec.parse_text(text)
    except PondsideError as exc:
        raise click.ClickException(str(exc)) from None


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pondside")
def main() -> None:
    """Pondside: exact card-game engines, bots and simulations."""


@main.command()
def games() -> None:
    """List the games and their options."""
    table = Table(title="Pondside games")
    for col in ("slug", "name", "players", "options (defaults)"):
        table.add_column(col)
    for game in all_games():
        info = game.info
        opts = ", ".join(f"{k}={json.dumps(v)}" for k, v in info.option_defaults().items())
        table.add_row(info.slug, info.name, f"{info.min_players}-{info.max_players}", opts)
    console.print(table)


@main.command()
@click.argument("game_slug", metavar="GAME")
def rules(game_slug: str) -> None:
    """Print the rules summary of GAME."""
    game = game_arg(game_slug)
    text = resources.files("pondside.rules").joinpath(f"{game.info.slug}.md")
    if text.is_file():
        console.print(Markdown(text.read_text()))
    else:
        console.print(f"[bold]{game.info.name}[/]\n{game.info.summary}")


# --- play --------------------------------------------------------------------------------
@main.command(context_settings=EXTRA, epilog="Game options: see 'pondside games'.")
@click.argument("game_slug", metavar="GAME")
@click.option("--players", "-p", type=int, default=None, help="Seats at the table.")
@click.option(
    "--bots",
    "-b",
    default="heuristic",
    show_default=True,
    help="Bot for the other seats: one spec for all, or one per bot seat, comma-separated.",
)
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat.")
@click.option("--seed", type=int, default=None, help="Seed for a reproducible match.")
@click.option("--name", default="You", show_default=True, help="Your name at the table.")
@click.option(
    "--record",
    "record_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write the match record (JSON) here at the end.",
)
@click.option("-o", "--option", "pairs", multiple=True, help="A game option as name=value.")
@click.pass_context
def play(
    ctx: click.Context,
    game_slug: str,
    players: int | None,
    bots: str,
    seat: int,
    seed: int | None,
    name: str,
    record_path: Path | None,
    pairs: tuple[str, ...],
) -> None:
    """Play GAME in the terminal against bots (game options as flags, e.g. --expert --rounds 3)."""
    game = game_arg(game_slug)
    options = parse_game_options(game, ctx.args, pairs)
    check_writable(record_path)
    players = players or game.info.default_players
    try:
        match: Match[Any] = Match(game, players, options, seed=seed)
    except PondsideError as exc:
        fail(str(exc))
    if not 0 <= seat < players:
        fail(f"--seat must be 0 to {players - 1}")
    specs = [s.strip() for s in bots.split(",") if s.strip()] or ["heuristic"]
    if len(specs) not in (1, players - 1):
        fail(f"--bots takes one spec for all bots or {players - 1} specs, one per bot seat")
    bot_specs = [specs[0]] * (players - 1) if len(specs) == 1 else specs
    others = [s for s in range(players) if s != seat]
    try:
        seated = {
            s: make_bot(spec, game, s, derive_seed(match.seed, 1, s))
            for s, spec in zip(others, bot_specs, strict=True)
        }
    except PondsideError as exc:
        fail(str(exc))
    names = [
        name if s == seat else f"{bot_specs[others.index(s)].split(':')[0]} {s}"
        for s in range(players)
    ]
    ui = get_ui(game, names)
    console.rule(f"[bold]{game.info.name}[/] — seed {match.seed}")
    try:
        while not match.is_over():
            to_act = match.to_act()
            # A person decides first at a simultaneous step: bots cannot see that choice anyway.
            current = seat if seat in to_act else to_act[0]
            if current == seat:
                view = match.view(seat)
                ui.render(console, view)
                action = ui.prompt(console, view, match.legal(seat))
            else:
                action = seated[current].choose(match.view(current), match.legal(current))
            for event in match.apply(current, action):
                line = ui.describe(event)
                if line:
                    console.print(line)
    except (KeyboardInterrupt, EOFError):
        console.print("\n[yellow]Match abandoned.[/]")
    except PondsideError as exc:  # a bot that failed (an external program, a plugin)
        console.print(f"\n[red]Match stopped: {exc}[/]")
    finally:
        if record_path:
            try:
                record_path.write_text(json.dumps(match.record(), indent=1) + "\n")
                console.print(f"Record written to {record_path}")
            except OSError as exc:
                console.print(f"[red]Could not write the record to {record_path}: {exc}[/]")
    outcome = match.outcome()
    if outcome:
        ui.render(console, match.view(seat))
        show_outcome(names, outcome.scores, outcome.places)


def check_writable(*paths: Path | None) -> None:
    """Say before a long run, not after it, that an output file cannot be written."""
    for path in paths:
        if path is not None and not path.parent.is_dir():
            fail(f"cannot write {path}: the folder {path.parent} does not exist")


PLOT_FORMATS = (".png", ".pdf", ".svg")


def show_outcome(names: list[str], scores: Any, places: Any) -> None:
    table = Table(title="Result")
    for col in ("place", "player", "score"):
        table.add_column(col)
    for s in sorted(range(len(names)), key=lambda s: (places[s], s)):
        table.add_row(str(places[s]), names[s], f"{scores[s]:g}")
    console.print(table)


# --- simulate ----------------------------------------------------------------------------
@main.command(context_settings=EXTRA)
@click.argument("game_slug", metavar="GAME")
@click.option(
    "--bots",
    "-b",
    required=True,
    help="One bot spec per seat, comma-separated (e.g. heuristic,random,random,random).",
)
@click.option("--matches", "-n", type=click.IntRange(min=1), default=1000, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Worker processes.",
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write results as JSON (CSV when the name ends in .csv).",
)
@click.option(
    "--plot",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Draw the score distribution per entry (PNG).",
)
@click.option("-o", "--option", "pairs", multiple=True, help="A game option as name=value.")
@click.pass_context
def simulate(
    ctx: click.Context,
    game_slug: str,
    bots: str,
    matches: int,
    seed: int,
    jobs: int,
    out: Path | None,
    plot: Path | None,
    pairs: tuple[str, ...],
) -> None:
    """Simulate MATCHES matches of GAME between bots; seats rotate between matches."""
    from pondside.sim.simulate import plot_scores
    from pondside.sim.simulate import simulate as run

    game = game_arg(game_slug)
    options = parse_game_options(game, ctx.args, pairs)
    entries = [b.strip() for b in bots.split(",") if b.strip()]
    check_writable(out, plot)
    if plot and plot.suffix.lower() not in PLOT_FORMATS:
        fail(f"--plot writes {', '.join(PLOT_FORMATS)} files, not {plot.name}")
    try:
        game.options(len(entries), options)
        for spec in entries:
            check_spec(spec, game)
    except PondsideError as exc:
        fail(f"{exc} (--bots gives one bot per seat: {len(entries)} seats)")
    started = time.perf_counter()
    try:
        with progress_bar() as bar:
            task = bar.add_task(game.info.name, total=matches)
            result = run(
                game.info.slug,
                entries,
                matches,
                seed,
                options,
                jobs,
                progress=lambda k: bar.advance(task, k),
            )
    except PondsideError as exc:  # a bot that failed mid-run (an external program, a plugin)
        fail(f"the simulation stopped: {exc}")
    elapsed = time.perf_counter() - started
    data = result.to_json()
    fair = 1 / len(entries)
    table = Table(
        title=f"{game.info.name}: {matches} matches, {len(entries)} seats, seed {seed}"
        f" ({elapsed:.1f} s)"
    )
    for col in ("#", "bot", "wins", "win rate", "95% interval", "mean score"):
        table.add_column(col, justify="right" if col != "bot" else "left")
    for i, e in enumerate(data["entries"]):
        lo, hi = e["ci95"]
        style = "green" if lo > fair else ("red" if hi < fair else "")
        table.add_row(
            str(i),
            e["bot"],
            f"{e['wins']:g}",
            Text(f"{e['win_rate']:.1%}", style=style),
            f"{lo:.1%} – {hi:.1%}",
            f"{e['mean_score']:.2f}",
        )
    console.print(table)
    console.print(f"Fair share {fair:.1%}; an interval wholly above it is [green]green[/].")
    if out:
        result.write(out)
        console.print(f"Results written to {out}")
    if plot:
        plot_scores(result, plot)
        console.print(f"Plot written to {plot}")


# --- tournament --------------------------------------------------------------------------
@main.command(context_settings=EXTRA)
@click.argument("game_slug", metavar="GAME")
@click.option(
    "--bots", "-b", required=True, help="Bot specs, comma-separated; every one plays every seat."
)
@click.option("--matches", "-n", type=click.IntRange(min=1), default=100, show_default=True)
@click.option(
    "--players", "-p", type=int, default=None, help="Seats per match (default: one per bot)."
)
@click.option("--duplicate", is_flag=True, help="Replay every deal with the seats rotated.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True)
@click.option(
    "--ray",
    "ray_address",
    default=None,
    help="Run on Ray: 'auto' (a running cluster), an address, or 'local'.",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Write results.json, CSVs and PNG plots into this folder.",
)
@click.option("-o", "--option", "pairs", multiple=True, help="A game option as name=value.")
@click.pass_context
def tournament(
    ctx: click.Context,
    game_slug: str,
    bots: str,
    matches: int,
    players: int | None,
    duplicate: bool,
    seed: int,
    jobs: int,
    ray_address: str | None,
    out: Path | None,
    pairs: tuple[str, ...],
) -> None:
    """Every bot in every seat: ratings, pairwise wins, intervals, plots."""
    from pondside.sim.tournament import tournament as run

    game = game_arg(game_slug)
    options = parse_game_options(game, ctx.args, pairs)
    entries = [b.strip() for b in bots.split(",") if b.strip()]
    if not entries:
        fail("--bots needs at least one bot spec, e.g. --bots heuristic,random,random")
    if out is not None:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(f"cannot write into {out}: {exc}")
    try:
        for spec in entries:
            check_spec(spec, game)
        total = matches + ((-matches) % (players or len(entries)) if duplicate else 0)
        started = time.perf_counter()
        with progress_bar() as bar:
            task = bar.add_task(f"{game.info.name} tournament", total=total)
            result = run(
                game.info.slug,
                entries,
                matches,
                seed,
                players,
                options,
                duplicate,
                jobs,
                ray_address,
                progress=lambda k: bar.advance(task, k),
            )
    except PondsideError as exc:
        fail(str(exc))
    elapsed = time.perf_counter() - started
    data = result.to_json()
    fair = 1 / result.players
    table = Table(
        title=f"{game.info.name}: {data['matches']} matches, {result.players} seats"
        f"{', duplicate deals' if duplicate else ''}, seed {seed} ({elapsed:.1f} s)"
    )
    for col in ("rank", "bot", "rating", "win rate", "95% interval", "mean score", "mean place"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    order = sorted(range(len(data["entries"])), key=lambda i: -data["entries"][i]["rating"])
    for rank, i in enumerate(order, 1):
        e = data["entries"][i]
        lo, hi = e["ci95"]
        style = "green" if lo > fair else ("red" if hi < fair else "")
        table.add_row(
            str(rank),
            e["bot"],
            f"{e['rating']:.2f}",
            Text(f"{e['win_rate']:.1%}", style=style),
            f"{lo:.1%} – {hi:.1%}",
            f"{e['mean_score']:.2f}",
            f"{e['mean_place']:.2f}",
        )
    console.print(table)
    matrix = Table(title="Pairwise: share of meetings where the row placed above the column")
    matrix.add_column("")
    names = data["pairwise"]["bots"]
    for name in names:
        matrix.add_column(name, justify="right")
    for name, row in zip(names, data["pairwise"]["win_share"], strict=True):
        matrix.add_row(name, *("—" if v is None else f"{v:.1%}" for v in row))
    console.print(matrix)
    if out:
        for path in result.write(out):
            console.print(f"wrote {path}")


def progress_bar() -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.percentage:>3.0f}%"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
    )


# --- replay ------------------------------------------------------------------------------
@main.command()
@click.argument(
    "record_path", metavar="RECORD", type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
@click.option("--seat", type=int, default=None, help="Show this seat's view (default: spectator).")
@click.option(
    "--step/--no-step",
    default=None,
    help="Wait for Enter after each action (default: when the terminal is interactive).",
)
def replay(record_path: Path, seat: int | None, step: bool | None) -> None:
    """Step through a match RECORD (JSON), showing a seat's view or the spectator's."""
    try:
        record = json.loads(record_path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        fail(f"{record_path} is not JSON: {exc}")
    if not isinstance(record, dict):
        fail(f"{record_path} is not a match record: expected a JSON object with game and actions")
    try:
        game = get_game(record.get("game"))
        final = Match.from_record(game, record)
        replayed: Match[Any] = Match(
            game,
            record.get("players"),
            record.get("options"),
            seed=record.get("seed"),
            deal=record.get("deal"),
            position=record.get("position"),
        )
    except PondsideError as exc:
        fail(str(exc))
    if seat is not None and not 0 <= seat < replayed.players:
        fail(f"--seat must be 0 to {replayed.players - 1}")
    step = sys.stdin.isatty() if step is None else step
    ui = get_ui(game, [f"seat {s}" for s in range(replayed.players)])
    ui.render(console, replayed.view(seat))
    for n, (who, action) in enumerate(final.actions, 1):
        # Only the acting seat sees its own action as taken; others learn what the events say
        # (a passed card or a chosen card is never shown to anyone else).
        if who == seat:
            console.print(f"[dim]{n:>4}[/] seat {who}: {action}")
        events = replayed.apply(who, action)
        for event in events:
            line = ui.describe(event)
            if line:
                console.print(line)
        if step and any(e.get("type") != "chose" for e in events):
            ui.render(console, replayed.view(seat))
            if (
                Prompt.ask(
                    "[dim]Enter for the next action, q to quit[/]", default="", show_default=False
                )
                == "q"
            ):
                return
    ui.render(console, replayed.view(seat))
    outcome = replayed.outcome()
    if outcome:
        show_outcome(ui.names, outcome.scores, outcome.places)


# --- engine, bench -------------------------------------------------------------------------
@main.command()
def engine() -> None:
    """Speak the JSON-lines engine protocol on stdin/stdout (see docs/protocol.md)."""
    from pondside.protocol import main as serve

    serve()


@main.command(context_settings=EXTRA)
@click.argument("game_slug", metavar="GAME")
@click.option("--seconds", type=click.FloatRange(min=0.05), default=5.0, show_default=True)
@click.option("--players", "-p", type=int, default=None)
@click.option(
    "--json", "as_json", is_flag=True, help='Print {"game", "deals_per_s", "decisions_per_s"}.'
)
@click.option(
    "--bot",
    "bot_spec",
    default=None,
    help="Time this bot instead: median seconds per decision (e.g. ismcts:iterations=1000).",
)
@click.option(
    "--positions",
    type=click.IntRange(min=1),
    default=40,
    show_default=True,
    help="With --bot: how many sampled positions.",
)
@click.option("-o", "--option", "pairs", multiple=True, help="A game option as name=value.")
@click.pass_context
def bench(
    ctx: click.Context,
    game_slug: str,
    seconds: float,
    players: int | None,
    as_json: bool,
    bot_spec: str | None,
    positions: int,
    pairs: tuple[str, ...],
) -> None:
    """Random complete deals and decisions per second on one core (median of 5 runs);
    with --bot, the bot's median seconds per decision over sampled positions."""
    from pondside.sim.bench import bench_bot, bench_game, bench_openspiel_ismcts

    game = game_arg(game_slug)
    options = parse_game_options(game, ctx.args, pairs)
    if bot_spec:
        try:
            check_spec(bot_spec, game)
            timed = bench_bot(game, bot_spec, positions)
        except PondsideError as exc:
            fail(str(exc))
        if as_json:
            click.echo(json.dumps(timed.to_json()))
            return
        console.print(
            f"{game.info.name}, {bot_spec}: {timed.seconds_per_decision_median:.3f} s per "
            f"decision (median of {timed.positions} positions)"
        )
        iterations = _iterations(bot_spec)
        theirs = (
            bench_openspiel_ismcts(iterations or 1000) if bot_spec.startswith("ismcts") else None
        )
        if theirs:
            console.print(
                f"OpenSpiel's Python ISMCTS on hearts, {iterations or 1000} iterations: "
                f"{theirs:.3f} s per decision; ours takes "
                f"{timed.seconds_per_decision_median / theirs:.2f}x its time"
            )
        return
    try:
        result = bench_game(game, players, options, seconds)
    except PondsideError as exc:
        fail(str(exc))
    if as_json:
        click.echo(json.dumps(result.to_json()))
        return
    console.print(
        f"{game.info.name}: {result.deals_per_s:,.0f} random deals/s, "
        f"{result.decisions_per_s:,.0f} decisions/s "
        f"(one core, CPU time, median of {result.runs} runs)"
    )


def _iterations(spec: str) -> int | None:
    from pondside.bots import parse_spec

    value = parse_spec(spec)[1].get("iterations")
    return value if isinstance(value, int) else None


if __name__ == "__main__":
    main()
