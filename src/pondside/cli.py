"""The ``pondside`` command: play, simulate, replay, read the rules, benchmark, speak the protocol.

Game options are flags named after the option (``--expert``, ``--rounds 3``, ``--deck basic``,
``--no-bidding``), or ``-o name=value``; they are checked by the game, which says what it expects.
"""

from __future__ import annotations

import contextlib
import difflib
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from importlib import resources
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any, TypeVar, cast

import click
from click.core import ParameterSource
from rich.console import Console
from rich.markdown import Markdown
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.prompt import Confirm, Prompt
from rich.table import Table
from rich.text import Text

from pondside import howto
from pondside.bots import check_spec, parse_spec
from pondside.engine import Game, Match, Option, PondsideError, record_bots, record_names, spell
from pondside.games import all_games, get_game, slugs
from pondside.sim.strength import LINES
from pondside.tui import get_ui
from pondside.tui.base import plural
from pondside.tui.session import Seating, Session, next_record_path

if TYPE_CHECKING:
    from pondside.analysis import Analysis, Decision
    from pondside.sim.tournament import Plan, TournamentResult

console = Console()
F = TypeVar("F", bound=Callable[..., Any])
EXTRA = {"ignore_unknown_options": True, "allow_extra_args": True}


def fail(message: str) -> None:
    raise click.ClickException(message)


def game_arg(slug: str) -> Game[Any]:
    try:
        return get_game(slug)
    except PondsideError as exc:
        raise click.BadParameter(str(exc), param_hint="GAME") from None


def path_option(
    *names: str, help: str, folder: bool = False, default: Path | None = None
) -> Callable[[F], F]:
    """An option naming a file (or a ``folder``) to write."""
    kind = click.Path(file_okay=not folder, dir_okay=folder, path_type=Path)
    return click.option(
        *names, type=kind, default=default, show_default=default is not None, help=help
    )


def parse_game_options(game: Game[Any], args: list[str], pairs: tuple[str, ...]) -> dict[str, Any]:
    """``--rounds 3 --expert --no-bidding`` and ``-o deck=basic`` → {name: value}."""
    specs: dict[str, Option] = {o.name.replace("_", "-"): o for o in game.info.options}
    names = ", ".join(f"--{n}" for n in specs) or "none"
    out: dict[str, Any] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("--"):
            fail(f"unexpected argument {spell(arg)}; {game.info.name}'s options are: {names}")
        key, eq, inline = arg[2:].partition("=")
        negated = key.startswith("no-") and key[3:] in specs and specs[key[3:]].kind is bool
        spec = specs.get(key[3:] if negated else key)
        if spec is None:
            fail(unknown_option(game, key, list(specs)))
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
            plain = ", ".join(o.name for o in game.info.options) or "none"
            fail(f"-o takes name=value with a name among: {plain}; got {spell(pair)}")
        assert spec is not None
        out[spec.name] = parse_value(spec, value)
    return out


def unknown_option(game: Game[Any], key: str, options: list[str]) -> str:
    """What to say of ``--key``, which is neither the command's option nor the game's: the
    likeliest meant one first (a typo of ``--matches`` is not a missing game option)."""
    ctx = click.get_current_context(silent=True)
    own: list[str] = []
    if ctx is not None:
        for param in ctx.command.params:
            own += [o[2:] for o in (*param.opts, *param.secondary_opts) if o.startswith("--")]
    games = ", ".join(f"--{n}" for n in options) or "none"
    meant = difflib.get_close_matches(key, own + options, n=1, cutoff=0.7)
    if ctx is not None and meant and meant[0] in own:
        return (
            f"pondside {ctx.info_name} has no option --{key}: did you mean --{meant[0]}? "
            f"(pondside {ctx.info_name} --help lists them)"
        )
    listed = f"Its options are: {games}" if meant else f"its options are: {games}"
    guess = f"did you mean --{meant[0]}? " if meant else ""
    command = f" (pondside {ctx.info_name} --help lists the command's own)" if ctx else ""
    return f"{game.info.name} has no option --{key}; {guess}{listed}{command}"


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
@click.option(
    "--rulings",
    is_flag=True,
    help="Print the rules as Pondside implements them, with the numbered rulings.",
)
def rules(game_slug: str, rulings: bool) -> None:
    """Print how to play GAME (with --rulings: the exact rules and their rulings)."""
    game = game_arg(game_slug)
    if not rulings and howto.has_text(game.info.slug):
        console.print(Markdown(howto.for_terminal(game.info.slug)))
        return
    text = resources.files("pondside.rules").joinpath(f"{game.info.slug}.md")
    if text.is_file():
        console.print(Markdown(text.read_text()))
    else:
        console.print(f"[bold]{game.info.name}[/]\n{game.info.summary}")


# --- play --------------------------------------------------------------------------------
@main.command(
    context_settings=EXTRA,
    epilog="Game options: see 'pondside games'. In the game, type help for the commands "
    "(board, hint, quit).",
)
@click.argument("game_slug", metavar="[GAME]", required=False)
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
@path_option(
    "--record",
    "record_path",
    help="Write the match record (JSON) here, also when you leave (to resume it).",
)
@click.option(
    "--resume",
    "resume_path",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help="Go on with an unfinished match from its record (its seats and bots unless given).",
)
@click.option(
    "--overwrite", is_flag=True, help="Let --record replace a file that is already there."
)
@click.option("-o", "--option", "pairs", multiple=True, help="A game option as name=value.")
@click.pass_context
def play(
    ctx: click.Context,
    game_slug: str | None,
    players: int | None,
    bots: str,
    seat: int,
    seed: int | None,
    name: str,
    record_path: Path | None,
    resume_path: Path | None,
    overwrite: bool,
    pairs: tuple[str, ...],
) -> None:
    """Play GAME in the terminal against bots (game options as flags, e.g. --expert --rounds 3),
    or go on with a match left unfinished: pondside play --resume RECORD.json."""
    if game_slug is not None and game_slug.startswith("-"):  # a game option, with no GAME
        ctx.args.insert(0, game_slug)
        game_slug = None
    given = {
        p
        for p in ("players", "bots", "seat", "seed", "name")
        if ctx.get_parameter_source(p) is ParameterSource.COMMANDLINE
    }
    if resume_path is not None:
        match, seating = resumed_match(
            resume_path, game_slug, ctx.args, pairs, given, bots, seat, name
        )
        record_path = record_path or resume_path
    else:
        if game_slug is None:
            fail("name the game to play (pondside games lists them), or give --resume RECORD")
        assert game_slug is not None
        match, seating = new_match(game_slug, ctx.args, pairs, players, bots, seat, seed, name)
        if record_path is not None and not overwrite:
            check_not_a_record(record_path)
    check_writable(record_path)
    base_record = record_path
    while True:
        session = start_session(match, seating, record_path)
        resumed = f", resumed after {len(match.actions)} actions" if match.actions else ""
        console.rule(f"[bold]{match.game.info.name}[/] — seed {match.seed}{resumed}")
        if not session.play():
            return
        outcome = match.outcome()
        assert outcome is not None
        session.ui.render(console, match.view(seating.seat))
        show_outcome(seating.names, outcome.scores, outcome.places)
        if not play_again():
            return
        # The same game, options, seats and bots; a new deal.
        match = Match(match.game, match.players, match.options)
        if base_record is not None:
            record_path = next_record_path(base_record)


def new_match(
    game_slug: str,
    args: list[str],
    pairs: tuple[str, ...],
    players: int | None,
    bots: str,
    seat: int,
    seed: int | None,
    name: str,
) -> tuple[Match[Any], Seating]:
    game = game_arg(game_slug)
    options = parse_game_options(game, args, pairs)
    players = players or game.info.default_players
    try:
        match: Match[Any] = Match(game, players, options, seed=seed)
    except PondsideError as exc:
        fail(str(exc))
    if not 0 <= seat < players:
        fail(f"--seat must be 0 to {players - 1}")
    bot_at = bots_for(bots, seat, players)
    names = [name if s == seat else bot_name(bot_at[s], s) for s in range(players)]
    check_name(names, seat)
    return match, Seating(seat, names, bot_at)


def bot_name(spec: str, seat: int) -> str:
    """How a bot is named at the table: its kind and its seat (``heuristic 1``)."""
    return f"{spec.split(':')[0]} {seat}"


def bots_for(bots: str, seat: int, players: int) -> dict[int, str]:
    """``--bots``: one spec for every other seat, or one spec per other seat in order."""
    specs = [s.strip() for s in bots.split(",") if s.strip()] or ["heuristic"]
    if len(specs) not in (1, players - 1):
        fail(f"--bots takes one spec for all bots or {players - 1} specs, one per bot seat")
    bot_specs = [specs[0]] * (players - 1) if len(specs) == 1 else specs
    return dict(zip([s for s in range(players) if s != seat], bot_specs, strict=True))


def resumed_match(
    path: Path,
    game_slug: str | None,
    args: list[str],
    pairs: tuple[str, ...],
    given: set[str],
    bots: str,
    seat: int,
    name: str,
) -> tuple[Match[Any], Seating]:
    """The match of record ``path`` replayed to where it was left, and who sits where: the
    record's person (the seat without a bot) and its bots, unless --seat or --bots say else."""
    fixed = sorted({"players", "seed"} & given)
    if fixed or args or pairs:
        what = ", ".join([f"--{f}" for f in fixed] + list(args) + [f"-o {p}" for p in pairs])
        fail(f"--resume takes the players, options and seed from the record; drop {what}")
    record = load_record(path)
    try:
        game = get_game(record.get("game"))
        match: Match[Any] = Match.from_record(game, record)
    except PondsideError as exc:
        fail(f"{path} cannot be resumed: {exc}")
    if game_slug is not None and game_arg(game_slug).info.slug != game.info.slug:
        fail(f"{path} is a match of {game.info.name}, not {game_slug}")
    if match.is_over():
        fail(f"the match in {path} is over; watch it with: pondside replay {path}")
    players = match.players
    recorded = record.get("bots")
    had = record_bots(record, players)
    if "seat" not in given:
        people = [s for s in range(players) if had[s] is None]
        if not isinstance(recorded, list) or len(people) != 1:
            fail(
                f"{path} does not say which seat was yours"
                + (f" (people sat at {people})" if isinstance(recorded, list) else "")
                + ": give --seat N"
            )
        seat = people[0]
    if not 0 <= seat < players:
        fail(f"--seat must be 0 to {players - 1}")
    if "bots" in given:
        bot_at = bots_for(bots, seat, players)
    else:  # the record's bots; a seat a person had (another's, now a bot) gets the default
        bot_at = {s: h if h is not None else bots for s, h in enumerate(had) if s != seat}
    names = record_names(record, players)
    for s, spec in bot_at.items():
        if had[s] != spec:
            names[s] = bot_name(spec, s)
    if "name" in given or not isinstance(record.get("names"), list):
        names[seat] = name
    check_name(names, seat)
    return match, Seating(seat, names, bot_at)


def start_session(match: Match[Any], seating: Seating, record_path: Path | None) -> Session:
    try:
        session = Session(console, match, seating, record_path)
    except PondsideError as exc:  # a bot spec that does not make a bot
        fail(str(exc))
    return session


def check_not_a_record(path: Path) -> None:
    """``--record`` names a file that is there: refuse to write over it (it was a finished
    match, or one to resume), saying what it holds and what to do instead."""
    if not path.is_file() or path.stat().st_size == 0:  # nothing there, or /dev/null
        return
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        match = Match.from_record(get_game(record.get("game")), record)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError, AttributeError):
        fail(f"{path} is already there; choose another file for --record, or add --overwrite")
    state = "a finished match" if match.is_over() else "an unfinished match"
    resume = "" if match.is_over() else f"; go on with it with --resume {path}"
    fail(
        f"{path} already holds the record of {state} of {match.game.info.name} "
        f"({plural(len(match.actions), 'action')}){resume}; choose another file for --record, "
        "or add --overwrite to replace it"
    )


def check_name(names: list[str], seat: int) -> None:
    """The person's name (at ``seat``) is shown on every line of the table: it must be there,
    printable, and not a bot's."""
    name, others = names[seat], names[:seat] + names[seat + 1 :]
    if not name.strip():
        fail("--name needs a name (it is how the table shows your seat), e.g. --name Ada")
    if not name.isprintable():
        fail("--name takes printable characters only")
    if name.strip() in others:
        fail(f"--name {name.strip()!r} is the name of a bot at this table: choose another")


def load_record(path: Path) -> Any:
    """The JSON object (a dict) of a record file (``replay``, ``play --resume``); a file that
    is not one is refused, saying what was expected. Replaying it is the caller's, which also
    checks its fields."""
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        fail(f"{path} is not JSON: {exc}")
    if not isinstance(record, dict):
        fail(f"{path} is not a match record: expected a JSON object with game and actions")
    return record


def play_again() -> bool:
    """After a match: "Play again?", read from the terminal or from piped input (the end of the
    input or Ctrl-C is a no)."""
    try:
        return Confirm.ask("Play again?", console=console, default=False)
    except (EOFError, KeyboardInterrupt):
        console.print()
        return False


def check_writable(*paths: Path | None) -> None:
    """Say before a long run, not after it, that an output file cannot be written: the file is
    opened for writing (and removed again if it did not exist)."""
    for path in paths:
        if path is None:
            continue
        if not path.parent.is_dir():
            fail(f"cannot write {path}: the folder {path.parent} does not exist")
        existed = path.exists()
        try:
            with path.open("a"):
                pass
        except OSError as exc:
            fail(f"cannot write {path}: {exc.strerror or exc}; choose another path")
        if not existed:
            path.unlink(missing_ok=True)


def check_folder(out: Path, names: Iterable[str]) -> None:
    """Say before a long run that the folder ``out`` cannot be written, leaving nothing behind:
    in a folder that exists each of ``names`` is tried (as ``check_writable`` does); for one
    that does not, a file is made and removed in the nearest folder above it that exists."""
    if out.is_dir():
        check_writable(*(out / name for name in names))
        return
    if out.exists():
        fail(f"cannot write into {out}: it is a file, not a folder")
    above = out.absolute().parent
    while not above.exists():
        above = above.parent
    if not above.is_dir():
        fail(f"cannot make the folder {out}: {above} is a file")
    try:
        tempfile.TemporaryFile(dir=above).close()
    except OSError as exc:
        fail(f"cannot make the folder {out}: {exc.strerror or exc} in {above}; choose another")


def save_or_rescue(
    path: Path, write: Callable[[Path], Any], what: str, *, folder: bool = False
) -> Path:
    """Write ``what`` to ``path`` (a file, or a ``folder`` of files) and return where it went. If
    that fails after all (the disk filled up during the run, say), say so in one line and write
    it to a file (or folder) that works, so no result is lost."""
    try:
        write(path)
        return path
    except OSError as exc:
        reason = exc.strerror or str(exc)
    if folder:
        name = tempfile.mkdtemp(prefix="pondside-", dir=_rescue_dir())
    else:
        handle, name = tempfile.mkstemp(prefix="pondside-", suffix=path.suffix, dir=_rescue_dir())
        os.close(handle)
    write(Path(name))
    console.print(
        f"could not write {path} ({reason}): {what} written to {name} instead", soft_wrap=True
    )
    return Path(name)


def _rescue_dir() -> str | None:
    """The current folder if it can be written, else the system's temporary folder."""
    return "." if os.access(".", os.W_OK) else None


PLOT_FORMATS = (".png", ".pdf", ".svg")
RESULT_FORMATS = (".json", ".csv")


def show_outcome(names: list[str], scores: Any, places: Any) -> None:
    table = Table(title="Result")
    for col in ("place", "player", "score"):
        table.add_column(col)
    for s in sorted(range(len(names)), key=lambda s: (places[s], s)):
        table.add_row(str(places[s]), names[s], f"{scores[s]:g}")
    console.print(table)


# --- simulate, tournament ----------------------------------------------------------------
def run_command(bots_help: str, matches: int) -> Callable[[Callable[..., None]], click.Command]:
    """A command of the tournament pipeline, with the arguments every such command takes."""
    shared: list[Callable[[Any], Any]] = [
        main.command(context_settings=EXTRA),
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
        click.option("-o", "--option", "pairs", multiple=True, help="A game option as name=value."),
        click.option(
            "--progress-every",
            type=click.FloatRange(min=0.05),
            default=5.0,
            show_default=True,
            metavar="SECONDS",
            help="When stderr is not a terminal (a log, a pipe): a progress line every SECONDS.",
        ),
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
    checked = plan_entries(ctx, game, bots, matches, seed, pairs, players, duplicate, one_per_seat)
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
            one_per_seat=one_per_seat,
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


class RunSignals:
    """Ctrl-C and SIGTERM while a run plays: the first stops it (raised as KeyboardInterrupt,
    which the run turns into ``Stopped`` once its workers have stopped). A later one, or one
    once the run is over, ends the process at once in one line: what is left (writing files) is
    short, and someone who asks twice wants out now. The workers end with it (see
    ``pondside.sim.tournament._worker_start``)."""

    SIGNALS = (signal.SIGINT, signal.SIGTERM)

    def __init__(self) -> None:
        self.first: int | None = None
        self.running = True
        self.previous: dict[int, Any] = {}

    def __enter__(self) -> RunSignals:
        self.previous = {s: signal.signal(s, self.handle) for s in self.SIGNALS}
        return self

    def __exit__(self, *exc: object) -> None:
        if self.first is not None:
            # A stopped run ends the process: until it has, another signal still ends it in
            # one line with the stop's exit code, not by the default's death mid-write (a
            # second SIGTERM while the partial results were written ended one test run as -15).
            return
        for s, handler in self.previous.items():
            signal.signal(s, signal.SIG_DFL if handler is None else handler)

    def handle(self, signum: int, frame: FrameType | None) -> None:
        if self.running and self.first is None:
            self.first = signum
            raise KeyboardInterrupt
        os.write(2, f"Stopped at once ({signal_name(signum)}).\n".encode())
        os._exit(128 + signum)


def signal_name(signum: int | None) -> str:
    return "SIGTERM" if signum == signal.SIGTERM else "Ctrl-C"


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


def and_list(paths: list[Path]) -> str:
    names = [str(p) for p in paths]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def show_results(game: Game[Any], result: TournamentResult, seconds: float) -> None:
    from pondside.sim.report import changed_options, matches_text

    data = result.to_json()
    fair = 1 / result.players
    # The options on a line of their own; a title wider than the table widens it (within the
    # terminal) rather than folding mid-phrase.
    title = [
        f"{game.info.name}: {matches_text(result)}, {plural(result.players, 'seat')}"
        f"{', duplicate deals' if result.duplicate else ''}, seed {result.seed} ({seconds:.1f} s)",
        *filter(None, [" ".join(changed_options(result))]),
    ]
    table = Table(title="\n".join(title), min_width=min(console.width, max(map(len, title))))
    # Headers on two lines and bot names that may fold: the table fits 80 columns.
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("bot", overflow="fold")
    for col in ("rating", "win\nrate", "95% interval", "mean\nscore", "mean\nplace"):
        table.add_column(col, justify="right", no_wrap=True)
    ranked = sorted(data["entries"], key=lambda e: -e["rating"])
    for rank, e in enumerate(ranked, 1):
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
    lower = game.info.lower_score_is_better
    console.print(
        f"Win rate: shared wins count as fractions; fair share {fair:.1%}, and an interval "
        "wholly above it is [green]green[/], wholly below it [red]red[/].\n"
        "Rating: openskill's Plackett-Luce estimate μ − 3σ, the skill less three times its "
        "uncertainty (every bot starts at 0; more matches, less uncertainty).\n"
        f"Mean score: {'lower' if lower else 'higher'} is better in {game.info.name}.",
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

    if out and out.suffix.lower() not in RESULT_FORMATS:
        fail(f"--out writes {' or '.join(RESULT_FORMATS)} files, not {out.name}")
    if plot and plot.suffix.lower() not in PLOT_FORMATS:
        fail(f"--plot writes {', '.join(PLOT_FORMATS)} files, not {plot.name}")
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


@contextlib.contextmanager
def progress_display(
    what: str, every: float, unit: str = "match"
) -> Iterator[Callable[[int, int], None]]:
    """``show(done, total)``: a progress bar on a terminal, plain lines elsewhere (a log, a
    pipe), where a bar would print only once it is finished. ``unit`` is what is counted."""
    err = Console(stderr=True)
    if not err.is_terminal:
        yield ProgressLines(what, every, unit)
        return
    with progress_bar(err) as bar:
        task = bar.add_task(what, total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)


def progress_bar(err: Console) -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.percentage:>3.0f}%"),
        TimeRemainingColumn(),
        console=err,
    )


class ProgressLines:
    """Progress as lines on stderr: at the first batch (so a log shows the run started), then
    every ``every`` seconds, and at the end: ``Lame Duck: 1200/5000 matches, 24%, ~40 s left``.
    The time left is reckoned from the first batch on, so the start-up (worker processes, Ray)
    does not inflate it."""

    def __init__(self, what: str, every: float, unit: str = "match") -> None:
        self.what, self.every, self.unit = what, every, unit
        self.started = time.monotonic()
        self.first: tuple[float, int] | None = None
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self.first is not None and now - self.last < self.every and done < total:
            return
        self.last = now
        line = f"{self.what}: {done}/{plural(total, self.unit)}, {done / total:.0%}"
        if done == total:
            line += f", done in {duration(now - self.started)}"
        elif self.first is None:
            self.first = (now, done)
        elif done > self.first[1]:
            rate = (done - self.first[1]) / (now - self.first[0])
            line += f", ~{duration(max(1.0, (total - done) / rate))} left"
        click.echo(line, err=True)


def duration(seconds: float) -> str:
    """``40 s``, ``3 min 20 s``, ``2 h 5 min``."""
    s = round(seconds)
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60} s"
    return f"{s // 3600} h {s % 3600 // 60} min"


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
    record = load_record(record_path)
    try:
        game = get_game(record.get("game"))
        final = Match.from_record(game, record)
        replayed: Match[Any] = Match.start_of(game, record)
    except PondsideError as exc:
        fail(str(exc))
    if seat is not None and not 0 <= seat < replayed.players:
        fail(f"--seat must be 0 to {replayed.players - 1}")
    step = sys.stdin.isatty() if step is None else step
    # Watching the seat a person played (no bot spec in the record), the table speaks to them
    # as "you", as it did during the match.
    bots = record.get("bots")
    person = seat is not None and isinstance(bots, list) and len(bots) == replayed.players
    me = seat if person and bots[seat] is None else None
    ui = get_ui(game, record_names(record, replayed.players), me=me)
    ui.render(console, replayed.view(seat))
    for n, (who, action) in enumerate(final.actions, 1):
        # Only the acting seat sees its own action as taken; others learn what the events say
        # (a passed card or a chosen card is never shown to anyone else).
        if who == seat:
            console.print(f"[dim]{n:>4}[/] {ui.name(who)}: {action}")
        events = replayed.apply(who, action)
        for event in events:
            line = ui.describe(event)
            if line:
                ui.tell(console, line)
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


# --- analyze -----------------------------------------------------------------------------
@main.command()
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
@click.option(
    "--progress-every",
    type=click.FloatRange(min=0.05),
    default=5.0,
    show_default=True,
    metavar="SECONDS",
    help="When stderr is not a terminal (a log, a pipe): a progress line every SECONDS.",
)
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

    if out and out.suffix.lower() != ".json":
        fail(f"--out writes a .json file, not {out.name}")
    if plot and plot.suffix.lower() not in PLOT_FORMATS:
        fail(f"--plot writes {', '.join(PLOT_FORMATS)} files, not {plot.name}")
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
    if seat is not None and not 0 <= seat < final.players:
        fail(f"--seat must be 0 to {final.players - 1}: the record's table has {final.players}")
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


def plot_losses(analysis: Analysis, record_path: Path, path: Path) -> None:
    """The loss of every decision as bars at its place in the record, a colour per seat, the
    hands marked."""
    from pondside.sim.report import load_matplotlib

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


# --- serve ---------------------------------------------------------------------------------
@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option(
    "--database",
    default=None,
    help="SQLAlchemy URL, e.g. postgresql://user:pw@host/db (default: an SQLite file in "
    "your data directory).",
)
@click.option(
    "--bot-delay",
    type=click.FloatRange(min=0),
    default=1.0,
    show_default=True,
    help="Seconds a bot waits before acting, so people can follow.",
)
@click.option("--clock-scale", type=click.FloatRange(min=0.001), default=1.0, hidden=True)
@click.option("--allow-seeds", is_flag=True, hidden=True, help="Tests only: tables name seeds.")
@click.option(
    "--ping-interval",
    type=click.FloatRange(min=0.1),
    default=20.0,
    hidden=True,
    help="Seconds between WebSocket pings; a client silent for as long again is dropped.",
)
@click.option(
    "--redis",
    "redis_url",
    default=None,
    metavar="URL",
    help="Redis URL (redis://127.0.0.1:6379/0): this process is one of several on one "
    "database, each table played by one of them (see docs/server.md).",
)
@click.option(
    "--processes",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Start this many server processes on the one address (needs --redis).",
)
@click.option(
    "--reuse-port",
    is_flag=True,
    help="Share the address with other pondside serve processes started by hand (needs --redis).",
)
@click.option("--lease-seconds", type=click.FloatRange(min=0.3), default=3.0, hidden=True)
@click.option(
    "--gc-young",
    type=click.IntRange(700, 10_000_000),
    default=None,
    help="Allocations between the collector's youngest collections (Python's default 700): "
    "10000 cut p99 at 1,000 tables from 699 to 78 ms, at the price of memory held longer.",
)
def serve(
    host: str,
    port: int,
    database: str | None,
    bot_delay: float,
    clock_scale: float,
    allow_seeds: bool,
    ping_interval: float,
    redis_url: str | None,
    processes: int,
    reuse_port: bool,
    lease_seconds: float,
    gc_young: int | None,
) -> None:
    """Run the online table: lobby and tables in the browser (see docs/server.md)."""
    from pondside.server import Settings, default_database
    from pondside.server import serve as run

    if (processes > 1 or reuse_port) and not redis_url:
        fail(
            "several processes share their tables' news over Redis: give --redis URL "
            "(e.g. redis://127.0.0.1:6379/0)"
        )

    if database is None:
        path = default_database()
        url = f"sqlite:///{path}"
        shown = str(path)
    else:
        from sqlalchemy.engine import make_url
        from sqlalchemy.exc import ArgumentError

        try:
            url, shown = database, make_url(database).render_as_string(hide_password=True)
        except ArgumentError:
            fail(f"--database takes a URL such as postgresql://user:pw@host/db, not {database!r}")
    settings = Settings(
        database_url=url,
        bot_delay=bot_delay,
        clock_scale=clock_scale,
        allow_seeds=allow_seeds,
        ping_interval=ping_interval,
        redis_url=redis_url,
        lease_seconds=lease_seconds,
        gc_young=gc_young,
    )
    children: list[subprocess.Popen[bytes]] = []

    def announce(address: str) -> None:
        click.echo(f"Database: {shown}")
        if processes > 1:
            # The others, on the port this one got (the kernel shares connections out).
            bound = address.rstrip("/").rsplit(":", 1)[1]
            again = [a for a in sys.argv[1:] if a != "--reuse-port"]
            args = _without(again, {"--port", "--processes"})
            for _ in range(processes - 1):
                children.append(
                    subprocess.Popen(
                        [sys.executable, "-m", "pondside", *args, "--port", bound, "--reuse-port"],
                        stdout=subprocess.DEVNULL,
                        preexec_fn=_die_with_parent,
                    )
                )
            click.echo(f"{processes} processes share this address, over Redis {redis_url}")
        click.echo(f"Pondside is serving at {address}  (Ctrl-C stops it)", nl=True)

    from sqlalchemy.exc import SQLAlchemyError

    from pondside.server.db import Store

    try:
        Store(url).close()  # the schema migrated, and any problem told now, in one line
    except (SQLAlchemyError, ImportError) as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        fail(f"cannot open the database {shown}: {reason}")
    if redis_url:
        _check_redis(redis_url)
    try:
        run(settings, host, port, announce, reuse_port=reuse_port or processes > 1)
    except KeyboardInterrupt:  # uvicorn has shut down cleanly and passes the Ctrl-C on
        click.echo("Pondside stopped; every table is kept for the next start.")
    except OSError as exc:
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
    finally:
        for child in children:
            child.terminate()
        for child in children:
            try:
                child.wait(10)
            except subprocess.TimeoutExpired:
                child.kill()


def _die_with_parent() -> None:
    """In a child server process (Linux): a SIGTERM when the first process ends, however it
    ends (uvicorn passes a SIGTERM on after its shutdown, which skips ``finally``; a kill -9)."""
    import ctypes
    import signal

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _without(args: list[str], options: set[str]) -> list[str]:
    """``args`` without ``options`` and their values (``--port 8000`` or ``--port=8000``)."""
    kept: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg in options:
            skip = True
        elif arg.split("=", 1)[0] not in options:
            kept.append(arg)
    return kept


def _check_redis(url: str) -> None:
    """Refuse to start on a Redis that is not there, in one line."""
    try:
        import redis
    except ImportError:
        fail("--redis needs the redis package: pip install 'pondside[cluster]'")
    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except (redis.RedisError, ValueError) as exc:
        fail(f"cannot reach Redis at {url}: {exc}")


@main.command()
@click.option(
    "--tables",
    default="10",
    show_default=True,
    help="Tables of four bot clients; several runs as a comma-separated list (10,50,100).",
)
@click.option(
    "--seconds",
    type=click.FloatRange(min=1, max=600),
    default=20.0,
    show_default=True,
    help="Seconds of play per run (the tables are set up first).",
)
@click.option(
    "--think",
    type=click.FloatRange(min=0),
    default=0.5,
    show_default=True,
    help="Mean seconds a client waits before each action (uniform on 0..2x).",
)
@click.option("--url", default=None, help="A running server (default: start one on SQLite).")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option(
    "--soak",
    type=click.FloatRange(min=0.1, max=60),
    default=None,
    help="Instead of a sweep: play the first table count for MINUTES, the server's memory "
    "sampled every few seconds.",
)
@click.option(
    "--rounds",
    type=click.IntRange(1, 100),
    default=100,
    show_default=True,
    help="Rounds of each Lame Duck match; a match that ends is followed by the next at a new "
    "table (Play again), so finished tables come and go (100: no match ends in a run).",
)
@click.option(
    "--processes",
    type=click.IntRange(1, 16),
    default=1,
    show_default=True,
    help="Server processes on the one address, sharing news over Redis (--redis, or a "
    "redis-server loadtest starts).",
)
@click.option(
    "--redis",
    "redis_url",
    default=None,
    metavar="URL",
    help="Redis for --processes (default: loadtest starts a private redis-server).",
)
@click.option(
    "--database",
    default=None,
    help="The server's database URL (default: a fresh SQLite file per run).",
)
@click.option(
    "--gc-young",
    type=click.IntRange(700, 10_000_000),
    default=None,
    help="Passed to the server it starts (pondside serve --gc-young).",
)
@path_option("--out", help="Write the figures as JSON.")
@path_option(
    "--plot",
    help="Draw a PNG: latency and actions/s against tables, or the memory of a soak.",
)
def loadtest(
    tables: str,
    seconds: float,
    think: float,
    url: str | None,
    seed: int,
    soak: float | None,
    rounds: int,
    processes: int,
    redis_url: str | None,
    database: str | None,
    gc_young: int | None,
    out: Path | None,
    plot: Path | None,
) -> None:
    """Bot clients over real WebSockets on loopback: latency from an action to every seat.

    Each run stops by itself after SECONDS of play (a soak after its MINUTES). Without --url
    it starts its own server on a fresh SQLite file for every run and reports that process's
    CPU and memory.
    """
    from pondside.server.load import MAX_TABLES, plot_soak, plot_sweep, run_load

    try:
        counts = [int(t) for t in tables.split(",")]
    except ValueError:
        fail(f"--tables is a number or numbers separated by commas, not {tables!r}")
    if any(not 1 <= c <= MAX_TABLES for c in counts):
        fail(f"--tables takes 1 to {MAX_TABLES} tables per run")
    check_writable(out, plot)
    if processes > 1 and not redis_url and url is None:
        import shutil

        if shutil.which("redis-server") is None:
            fail("--processes needs --redis URL, or redis-server installed for loadtest to start")
    if url is not None and (processes > 1 or database):
        fail("--processes and --database are for the server loadtest starts, not with --url")
    if soak is not None:
        seconds = soak * 60
        counts = counts[:1]
    grid = Table(title=f"pondside loadtest: {seconds:g} s per run, think {think:g} s")
    for col in (
        "tables",
        "sockets",
        "actions/s",
        "p50 ms",
        "p99 ms",
        "max ms",
        "warm-up p99",
        "CPU ms/act",
        "server CPU",
        "RSS MB",
        "client CPU",
    ):
        grid.add_column(col, justify="right")
    results, last = [], None
    for count in counts:
        with console.status(f"{count} tables for {seconds:g} s..."):
            last = run_load(
                count, seconds, think, url, seed, 5.0 if soak else 1.0, rounds, processes,
                redis_url, database, gc_young,
            )  # fmt: skip
        row = last.to_json()
        results.append(row)

        def shown(value: float | None, form: str) -> str:
            return "-" if value is None else form.format(value)

        grid.add_row(
            str(count),
            str(row["sockets"]),
            f"{row['actions_per_second']:.0f}",
            f"{row['p50_ms']:.1f}",
            f"{row['p99_ms']:.1f}",
            f"{row['max_ms']:.1f}",
            f"{row['warmup_p99_ms']:.0f} ({row['warmup_seconds']:.0f} s)",
            shown(row["server_cpu_ms_per_action"], "{:.2f} ms"),
            shown(row["server_cpu_percent"], "{:.0f}%"),
            f"{shown(row['rss_start_mb'], '{:.0f}')}→{shown(row['rss_end_mb'], '{:.0f}')}",
            shown(row["client_cpu_percent"], "{:.0f}%"),
        )
    console.print(grid)
    report: dict[str, Any] = {
        "think": think,
        "seconds": seconds,
        "rounds": rounds,
        "processes": processes,
        "database": "sqlite" if not database else database.split(":", 1)[0],
        "runs": results,
    }
    if soak is not None and last is not None:
        report["rss_samples"] = last.rss_samples
        if plot is not None:
            plot_soak(last, plot)
    elif plot is not None:
        plot_sweep(results, plot, f"pondside loadtest, think {think:g} s, {seconds:g} s a run")
    if out is not None:
        out.write_text(json.dumps(report, indent=2))


# --- engine, bench -------------------------------------------------------------------------
@main.command()
def engine() -> None:
    """Speak the JSON-lines engine protocol on stdin/stdout (see docs/protocol.md)."""
    from pondside.protocol import main as serve

    serve()


@main.command(context_settings=EXTRA)
@click.argument("game_slug", metavar="[GAME]", required=False)
@click.option(
    "--report",
    is_flag=True,
    help="Every game's random play and ISMCTS (1,000 iterations, --positions) against OpenSpiel's "
    "hearts when installed (the goals of issue 17), and legal-action times.",
)
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
    default=None,
    help="With --bot: how many sampled positions (default 40); with --report (default 20).",
)
@click.option("-o", "--option", "pairs", multiple=True, help="A game option as name=value.")
@click.pass_context
def bench(
    ctx: click.Context,
    game_slug: str | None,
    report: bool,
    seconds: float,
    players: int | None,
    as_json: bool,
    bot_spec: str | None,
    positions: int | None,
    pairs: tuple[str, ...],
) -> None:
    """Random complete deals and decisions per second on one core (median of 5 runs);
    with --bot, the bot's median seconds per decision over sampled positions; with --report,
    every game (the tables of docs/benchmarks.md)."""
    from pondside.sim.bench import bench_bot, bench_game, bench_openspiel_ismcts

    if report:
        if game_slug:
            fail("--report times every game: leave out GAME")
        bench_report(seconds, as_json, positions or 20)
        return
    if not game_slug:
        fail("bench needs a GAME, or --report for every game")
    assert game_slug is not None
    game = game_arg(game_slug)
    options = parse_game_options(game, ctx.args, pairs)
    if bot_spec:
        try:
            check_spec(bot_spec, game)
            timed = bench_bot(game, bot_spec, positions or 40)
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


def bench_report(seconds: float, as_json: bool, positions: int) -> None:
    """Every game's random-play speed and search time, each divided by OpenSpiel's hearts
    measured in the same run when it is installed: the two ratios of issue 17, point 3."""
    from pondside.engine import native
    from pondside.sim.bench import (
        OPENSPIEL_GAMES,
        RANDOM_GOAL_GAMES,
        SEARCH_GOAL,
        SEARCH_SPEC,
        batch_lines,
        bench_batches,
        bench_bot,
        bench_game,
        bench_openspiel,
        legal_action_times,
        openspiel_ismcts_times,
    )

    build = f"compiled (mypyc): {', '.join(native.MODULES)}" if native.active() else "pure Python"
    ours = [bench_game(g, seconds=seconds) for g in all_games()]
    theirs = [r for r in (bench_openspiel(n, seconds) for n in OPENSPIEL_GAMES) if r]
    hearts = next((t for t in theirs if t.game == "openspiel:hearts"), None)
    batches = bench_batches(seconds / 4)  # issue 29: the batched engines, beside hearts
    # OpenSpiel's search is timed before and after ours, so that a change in the machine's
    # load during the run weighs on both sides alike.
    their_times = openspiel_ismcts_times(1000, positions) or []
    searches = [bench_bot(g, SEARCH_SPEC, positions) for g in all_games()]
    their_times += openspiel_ismcts_times(1000, positions) or []
    their_search = statistics.median(their_times) if their_times else None

    def random_goal(game: str) -> bool | None:
        if hearts is None or game not in RANDOM_GOAL_GAMES:
            return None
        return next(r for r in ours if r.game == game).decisions_per_s >= hearts.decisions_per_s

    def search_ratio(seconds_per_decision: float) -> float | None:
        return seconds_per_decision / their_search if their_search else None

    def goal_met(ratio: float | None) -> bool | None:
        return None if ratio is None else ratio <= SEARCH_GOAL

    def rounded(x: float | None) -> float | None:
        return None if x is None else round(x, 3)

    if as_json:
        click.echo(
            json.dumps(
                {
                    "pondside": [{**r.to_json(), "goal_met": random_goal(r.game)} for r in ours],
                    "openspiel": [r.to_json() for r in theirs],
                    "search": [
                        {
                            **t.to_json(),
                            "ratio_to_openspiel": rounded(
                                search_ratio(t.seconds_per_decision_median)
                            ),
                            "goal_met": goal_met(search_ratio(t.seconds_per_decision_median)),
                        }
                        for t in searches
                    ],
                    "openspiel_ismcts_hearts_seconds": rounded(their_search),
                    "batch": [b.to_json() for b in batches],
                    "rules": build,
                }
            )
        )
        return
    click.echo(f"rules: {build}\n")
    click.echo(
        f"{'game':32} {'deals/s':>10} {'decisions/s':>12}"
        + "".join(f" {'÷ ' + t.game.split(':')[1]:>22}" for t in theirs)
        + ("   goal: ≥ hearts" if hearts else "")
    )
    for r in [*ours, *theirs]:
        ratios = "".join(f" {r.decisions_per_s / t.decisions_per_s:>21.2f}x" for t in theirs)
        met = random_goal(r.game)
        goal = "" if met is None else f"   {'met' if met else 'NOT met'}"
        click.echo(f"{r.game:32} {r.deals_per_s:>10,.0f} {r.decisions_per_s:>12,.0f}{ratios}{goal}")
    click.echo(f"median of {ours[0].runs} runs, {seconds:g} s per game, one core, CPU time")
    click.echo("\n" + "\n".join(batch_lines(batches, hearts)))
    click.echo(
        f"\nsearch: {SEARCH_SPEC}, median CPU seconds per decision over {positions} positions"
    )
    if their_search:
        click.echo(
            f"{'game':32} {'s/decision':>10} {'÷ OpenSpiel ISMCTS on hearts':>29}   "
            f"goal: ≤ {SEARCH_GOAL:g}"
        )
    for t in searches:
        ratio = search_ratio(t.seconds_per_decision_median)
        line = f"{t.game:32} {t.seconds_per_decision_median:>10.3f}"
        if ratio is not None:
            line += f" {ratio:>28.2f}x   {'met' if goal_met(ratio) else 'NOT met'}"
        click.echo(line)
    if their_search:
        click.echo(
            f"{'openspiel:hearts ISMCTS (Python)':32} {their_search:>10.3f} {1:>28.2f}x"
            "   (1,000 simulations, random rollouts; timed before and after ours)"
        )
    click.echo(
        "\nlegal-action generation, every decision of 30 random matches at the default table:"
    )
    for game in all_games():
        median, p99 = legal_action_times(game)
        click.echo(f"{game.info.slug:32} median {median:8.1f} µs   99th percentile {p99:8.1f} µs")
    if not theirs:
        click.echo(
            "(open_spiel is not installed: `pip install open_spiel` to compare with hearts "
            "and python_team_dominoes in the same run)"
        )


# --- strength ------------------------------------------------------------------------------
@main.command()
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
@click.option("--report-only", is_flag=True, help="Only merge the results already in --results.")
@click.pass_context
def strength(
    ctx: click.Context,
    games: str,
    matches: int,
    random_matches: int,
    heuristic_matches: int,
    ladder_matches: int,
    lines: str,
    seed: int,
    jobs: int,
    search: str | None,
    results: Path,
    out: Path | None,
    report_only: bool,
) -> None:
    """The bot strength tables of docs/bots.md: for every game at its default table, search vs
    heuristic, heuristic vs random and search vs random, one seat against the rest; and the
    level ladder, a duplicate round robin of the levels with ratings."""
    from pondside.sim import strength as tables

    chosen = lines.split(",")
    unknown = sorted(set(chosen) - set(LINES))
    if unknown:
        fail(f"unknown line {unknown[0]!r}: the lines are {', '.join(LINES)}")
    counts = {
        "search-heuristic": matches,
        "heuristic-random": heuristic_matches,
        "search-random": random_matches,
        "ladder": ladder_matches,
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
    )
    with RunSignals() as signals:
        try:
            for row in played:
                click.echo(tables.summary_line(row))
        except KeyboardInterrupt:
            signals.running = False
            click.echo(
                f"Stopped ({signal_name(signals.first)}): the matches played are kept in "
                f"{results} and the tables below",
                err=True,
            )
    signals.running = False
    text, ladder = tables.tables(tables.merged(results))
    click.echo(text)
    click.echo(ladder)
    if out:
        tables.write_between_markers(out, text)
        tables.write_between_markers(out, ladder, tables.LADDER_START, tables.LADDER_END)
        specs = tables.level_specs_markdown()
        tables.write_between_markers(out, specs, tables.SPECS_START, tables.SPECS_END)
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


def _iterations(spec: str) -> int | None:
    value = parse_spec(spec)[1].get("iterations")
    return value if isinstance(value, int) else None


from pondside.batch.command import batch as _batch  # noqa: E402  (after main, issue 29)

main.add_command(_batch)

if __name__ == "__main__":
    main()
