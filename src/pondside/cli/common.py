"""What every family of commands shares: the console, the game argument and its options
(``--rounds 3 --expert``, ``-o deck=basic``), reading a record, and the files a command writes,
checked before a long run and rescued after one."""

from __future__ import annotations

import difflib
import json
import os
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click
from rich.console import Console
from rich.table import Table

from pondside.engine import Game, Option, PondsideError, spell
from pondside.games import get_game

console = Console()
F = TypeVar("F", bound=Callable[..., Any])
# A command that takes a game's options as flags of its own (``--expert``): click passes on
# what it does not know, for ``parse_game_options``.
EXTRA = {"ignore_unknown_options": True, "allow_extra_args": True}
PLOT_FORMATS = (".png", ".pdf", ".svg")
PLOT_FILES = f"{', '.join(PLOT_FORMATS)} files"
RESULT_FORMATS = (".json", ".csv")


def fail(message: str) -> NoReturn:
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


def option_pairs() -> Callable[[F], F]:
    """``-o name=value``, a game option, for every command that takes a game's options."""
    return click.option(
        "-o", "--option", "pairs", multiple=True, help="A game option as name=value."
    )


def progress_every_option() -> Callable[[F], F]:
    """``--progress-every SECONDS``, of every command that shows a long run's progress."""
    return click.option(
        "--progress-every",
        type=click.FloatRange(min=0.05),
        default=5.0,
        show_default=True,
        metavar="SECONDS",
        help="When stderr is not a terminal (a log, a pipe): a progress line every SECONDS.",
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
    if not isinstance(record.get("game"), str):
        keys = ", ".join(map(str, record)) or "none"
        fail(
            f"{path} is not a match record: it has no game (the game's name, such as "
            f"lame-duck); a record is a JSON object with game and actions, this one has the "
            f"keys: {keys}"
        )
    return record


def check_seat(seat: int | None, players: int, why: str = "") -> None:
    """``--seat`` is one of the table's seats."""
    if seat is not None and not 0 <= seat < players:
        fail(f"--seat must be 0 to {players - 1}{why}")


def show_outcome(names: list[str], scores: Any, places: Any) -> None:
    table = Table(title="Result")
    for col in ("place", "player", "score"):
        table.add_column(col)
    for s in sorted(range(len(names)), key=lambda s: (places[s], s)):
        table.add_row(str(places[s]), names[s], f"{scores[s]:g}")
    console.print(table)


def check_suffix(path: Path | None, option: str, formats: tuple[str, ...], what: str) -> None:
    """``--out`` or ``--plot`` names a file of one of ``formats``, ``what`` the option writes."""
    if path and path.suffix.lower() not in formats:
        fail(f"{option} writes {what}, not {path.name}")


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


def and_list(items: Sequence[object]) -> str:
    """``a``, ``a and b``, ``a, b and c``: paths or words in a sentence."""
    names = [str(p) for p in items]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
