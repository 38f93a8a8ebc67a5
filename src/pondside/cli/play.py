"""At the table: ``games`` and ``rules`` to choose, ``play`` against bots (or go on with a match
left unfinished), ``replay`` a record."""

from __future__ import annotations

import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource
from rich.markdown import Markdown
from rich.prompt import Confirm, Prompt
from rich.table import Table

from pondside import howto, i18n
from pondside.engine import Match, Option, PondsideError, record_bots, record_names
from pondside.games import all_games, get_game
from pondside.i18n import _
from pondside.tui import get_ui
from pondside.tui.base import plural
from pondside.tui.session import Seating, Session, next_record_path

from .common import (
    EXTRA,
    check_seat,
    check_writable,
    console,
    fail,
    game_arg,
    load_record,
    option_pairs,
    parse_game_options,
    path_option,
    show_outcome,
)


@click.command()
def games() -> None:
    """List the games and their options."""
    table = Table(title=_("Pondside games"))
    for col in (_("slug"), _("name"), _("players"), _("options, as flags of play (default)")):
        table.add_column(col)
    for game in all_games():
        info = game.info
        opts = "\n".join(option_flag(o) for o in info.options)
        table.add_row(info.slug, _(info.name), f"{info.min_players}-{info.max_players}", opts)
    console.print(table)


def option_flag(option: Option) -> str:
    """An option as a person types it after ``pondside play GAME``, with its default:
    ``--rounds N (1)``, ``--deck basic|extended (extended)``, ``--expert (off)``.

    >>> option_flag(Option("target", int, None, "", minimum=1, nullable=True))
    '--target N (not set)'
    """
    flag = f"--{option.name.replace('_', '-')}"
    if option.kind is bool:
        return f"{flag} (off)" if not option.default else f"--no-{flag[2:]} (on: {flag})"
    value = "|".join(option.choices) if option.choices else "N" if option.kind is int else "TEXT"
    default = "not set" if option.default is None else str(option.default)
    return f"{flag} {value} ({default})"


@click.command()
@click.argument("game_slug", metavar="GAME")
@click.option(
    "--rulings",
    is_flag=True,
    help="Print the rules as Pondside implements them, with the numbered rulings (in English).",
)
@click.option(
    "--lang",
    type=click.Choice(sorted(i18n.LOCALES)),
    default=None,
    help="The language of the text. Without it, the terminal's (pondside --help says how it "
    "is read); else English.",
)
def rules(game_slug: str, rulings: bool, lang: str | None) -> None:
    """Print how to play GAME (with --rulings: the exact rules and their rulings)."""
    game = game_arg(game_slug)
    if not rulings and howto.has_text(game.info.slug):
        with i18n.using(lang or i18n.current()):
            console.print(Markdown(howto.for_terminal(game.info.slug)))
        return
    text = resources.files("pondside.rules").joinpath(f"{game.info.slug}.md")
    if text.is_file():
        console.print(Markdown(text.read_text()))
    else:
        console.print(f"[bold]{game.info.name}[/]\n{game.info.summary}")


@click.command(
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
@option_pairs()
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
    check_seat(seat, players)
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
    check_seat(seat, players)
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


def play_again() -> bool:
    """After a match: "Play again?", read from the terminal or from piped input (the end of the
    input or Ctrl-C is a no)."""
    try:
        return Confirm.ask("Play again?", console=console, default=False)
    except (EOFError, KeyboardInterrupt):
        console.print()
        return False


@click.command()
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
    check_seat(seat, replayed.players)
    step = sys.stdin.isatty() if step is None else step
    # Watching the seat a person played (no bot spec in the record), the table speaks to them
    # as "you", as it did during the match.
    bots = record.get("bots")
    person = seat is not None and isinstance(bots, list) and len(bots) == replayed.players
    me = seat if person and bots[seat] is None else None
    ui = get_ui(game, record_names(record, replayed.players), me=me)
    ui.playing = False
    ui.render(console, replayed.view(seat))
    for n, (who, action) in enumerate(final.actions, 1):
        # Only the acting seat sees its own action as taken; others learn what the events say
        # (a passed card or a chosen card is never shown to anyone else).
        if who == seat:
            console.print(f"[dim]{n:>4}[/] {ui.name(who)}: {action}")
        events = replayed.apply(who, action)
        for line in ui.narrate(events, replayed.view(seat)):
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
