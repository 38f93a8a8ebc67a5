"""The ``pondside`` command: play, simulate, replay, read the rules, benchmark, speak the protocol.

Game options are flags named after the option (``--expert``, ``--rounds 3``, ``--deck basic``,
``--no-bidding``), or ``-o name=value``; they are checked by the game, which says what it expects.

Each family of commands is a module of this package, and each command parses its arguments,
makes one library call and prints what it returns. ``COMMANDS`` below is the one list of them:
a new command is one import here and one entry there.
"""

from __future__ import annotations

import os

import click

from pondside import i18n

from . import analyze, batch, bench, engine, lab, play, runs, serve, strength
from .common import parse_game_options

__all__ = ["COMMANDS", "main", "parse_game_options"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pondside")
def main() -> None:
    """Pondside: exact card-game engines, bots and simulations.

    Words are English, or German where the terminal's language is (PONDSIDE_LANG, else
    LANGUAGE, LC_ALL, LC_MESSAGES, LANG: "de_DE.UTF-8")."""
    i18n.use_for_process(i18n.from_environment(os.environ))


# Every command of ``pondside``, family by family (``pondside --help`` lists them sorted).
COMMANDS: list[click.Command] = [
    play.games,
    play.rules,
    play.play,
    play.replay,
    runs.simulate,
    runs.tournament,
    runs.merge,
    strength.strength,
    lab.lab,
    analyze.analyze,
    serve.serve,
    serve.loadtest,
    engine.engine,
    bench.bench,
    batch.batch,
]
for command in COMMANDS:
    main.add_command(command)
