"""Bring your own bot: entry points, registered callables, and programs speaking the protocol."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pondside.bots import UnknownBot, bot_names, make_bot, register_bot
from pondside.bots.external import BotFailed
from pondside.engine import Match
from pondside.games import get_game
from pondside.sim.simulate import simulate

GAME = get_game("lame-duck")
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "external_bot.py"


def test_entry_point_bot_from_pyproject() -> None:
    assert "first" in bot_names()
    match = Match(GAME, 3, seed=1)
    assert make_bot("first", GAME, 0, 1).choose(match.view(0), match.legal(0)) == match.legal(0)[0]


def test_registered_callable_plays_and_is_checked() -> None:
    register_bot("last", lambda view, legal: legal[-1])
    register_bot("cheater", lambda view, legal: "play 999")
    match = Match(GAME, 3, seed=1)
    assert make_bot("last", GAME, 0, 1).choose(match.view(0), match.legal(0)) == match.legal(0)[-1]
    with pytest.raises(BotFailed, match="not a legal action"):
        make_bot("cheater", GAME, 0, 1).choose(match.view(0), match.legal(0))
    with pytest.raises(UnknownBot):
        register_bot("random", lambda view, legal: legal[0])
    with pytest.raises(UnknownBot, match="neither a Bot subclass"):
        register_bot("match", Match)  # type: ignore[arg-type]


def test_external_program_plays_whole_matches() -> None:
    spec = f"external:cmd={sys.executable} {EXAMPLE}"
    result = simulate("lame-duck", [spec, "random", "random"], 6, seed=2)
    assert result.matches == 6


def test_external_program_that_misbehaves_is_named(tmp_path: Path) -> None:
    liar = tmp_path / "liar.py"
    liar.write_text("import sys\nfor line in sys.stdin:\n    print('hello', flush=True)\n")
    quitter = tmp_path / "quitter.py"
    quitter.write_text("")
    match = Match(GAME, 3, seed=1)
    for script, says in [(liar, "must answer"), (quitter, "stopped without answering")]:
        bot = make_bot(f"external:cmd={sys.executable} {script}", GAME, 0, 1)
        with pytest.raises(BotFailed, match=says):
            bot.choose(match.view(0), match.legal(0))
    with pytest.raises(BotFailed, match="cannot start"):
        make_bot("external:cmd=/no/such/program", GAME, 0, 1).choose(match.view(0), match.legal(0))
    with pytest.raises(UnknownBot, match="cmd"):
        make_bot("external", GAME, 0, 1)


def test_external_program_that_hangs_times_out(tmp_path: Path) -> None:
    sleeper = tmp_path / "sleeper.py"
    sleeper.write_text("import time\ntime.sleep(30)\n")
    match = Match(GAME, 3, seed=1)
    bot = make_bot(f"external:cmd={sys.executable} {sleeper}:timeout=0.5", GAME, 0, 1)
    with pytest.raises(BotFailed, match="did not answer"):
        bot.choose(match.view(0), match.legal(0))
