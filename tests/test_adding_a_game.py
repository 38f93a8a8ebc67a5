"""A game is added by its own files and one registry line, and then every part of Pondside plays it.

``tests/newgame`` holds High Card as its author would write it: ``games/high_card.py`` (the
rules) and ``bots/high_card.py`` (its heuristic), with no terminal table of its own. The fixture
puts those folders on the ``pondside.games`` and ``pondside.bots`` package paths, as if the files
were in ``src/pondside``, and adds the one line of ``pondside.games.MODULES``. No shared module is
edited: the engine protocol, views and their schema, the bots, simulations, the command line and
the terminal table all find the game by its slug.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

import pondside.bots
import pondside.games
from pondside.bots import make_bot
from pondside.cli import main as cli
from pondside.engine import Game, Match
from pondside.games import MODULES, get_game, slugs
from pondside.protocol import Session
from pondside.sim.runner import play_match
from pondside.sim.strength import DEFAULT_SEARCH, search_spec, table_options
from pondside.tui import get_ui
from pondside.views import view_schema
from test_every_game import check_step

NEWGAME = Path(__file__).parent / "newgame"


@pytest.fixture
def high_card(monkeypatch: pytest.MonkeyPatch) -> Iterator[Game[Any]]:
    for package in (pondside.games, pondside.bots):
        layer = package.__name__.rsplit(".", 1)[1]
        monkeypatch.setattr(package, "__path__", [*package.__path__, str(NEWGAME / layer)])
    monkeypatch.setitem(MODULES, "high-card", "high_card")  # the one registry line
    yield get_game("high-card")
    for name in ("pondside.games.high_card", "pondside.bots.high_card"):
        sys.modules.pop(name, None)
    pondside.games._load.cache_clear()


def test_the_game_is_registered_by_one_line(high_card: Game[Any]) -> None:
    assert "high-card" in slugs()
    assert high_card.info.name == "High Card"


def test_random_play_keeps_every_invariant(high_card: Game[Any]) -> None:
    for players in (2, 4):
        match: Match[Any] = Match(high_card, players, seed=players)
        every = set(high_card.all_actions(players, match.options))
        rng = random.Random(players)
        step = 0
        while not match.is_over():
            check_step(match, rng, check_determinize=step % 2 == 0, every=every)
            seat = rng.choice(match.to_act())
            match.apply(seat, rng.choice(match.legal(seat)))
            step += 1
        replayed = Match.from_record(high_card, json.loads(json.dumps(match.record())))
        assert replayed.position() == match.position()


def test_the_engine_protocol_and_the_view_schema(high_card: Game[Any]) -> None:
    session = Session()
    games = session.handle({"op": "games"})["games"]
    assert "high-card" in [g["slug"] for g in games]
    assert session.handle({"op": "new", "game": "high-card", "players": 3, "seed": 1})["ok"]
    validator = Draft202012Validator(session.handle({"op": "schema"})["schema"])
    while not session.current().is_over():
        seat = session.current().to_act()[0]
        legal = session.handle({"op": "legal", "seat": seat})["actions"]
        assert session.handle({"op": "apply", "seat": seat, "action": legal[0]})["ok"]
        for s in (None, 0, 1, 2):
            assert validator.is_valid(session.handle({"op": "view", "seat": s})["view"])
    assert view_schema(high_card)["title"] == "High Card view"


def test_every_kind_of_bot_plays_it(high_card: Game[Any]) -> None:
    bots = ["heuristic", "ismcts:iterations=30", "mcs:iterations=30"]
    match = play_match(high_card, 3, None, bots, seed=5)
    assert match.is_over()
    assert type(make_bot("heuristic", high_card, 0, 0)).__name__ == "HighCardHeuristic"


def test_simulate_from_the_command_line(high_card: Game[Any]) -> None:
    result = CliRunner().invoke(
        cli, ["simulate", "high-card", "--bots", "heuristic,random", "--matches", "20"]
    )
    assert result.exit_code == 0, result.output
    assert "heuristic" in result.output and "High Card" in result.output


def test_the_terminal_table_falls_back_to_the_generic_one(high_card: Game[Any]) -> None:
    ui = get_ui(high_card, ["You", "bot 1", "bot 2"])
    assert type(ui).__module__ == "pondside.tui.base"
    match: Match[Any] = Match(high_card, 3, seed=2)
    assert ui.label(match.view(0), match.legal(0)[0])


def test_the_strength_table_takes_its_settings_from_the_bot_module(high_card: Game[Any]) -> None:
    # High Card's bot module names no SEARCH: the table uses the default search bot.
    assert search_spec("high-card") == DEFAULT_SEARCH
    assert search_spec("ladders").startswith("mcs:") and table_options("ladders") == {"rounds": 1}


# PettingZoo warns that dict observations are not arrays (its own classic games do too).
@pytest.mark.filterwarnings("ignore:Observation")
def test_the_research_adapters_number_its_actions_and_encode_its_views(
    high_card: Game[Any],
) -> None:
    np = pytest.importorskip("numpy")
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from pondside.adapters.codec import Codec
    from pondside.adapters.pettingzoo import env

    codec = Codec("high-card", 3)  # no adapters/high_card.py: the generic encoding
    assert codec.actions == high_card.all_actions(3, codec.options)
    match: Match[Any] = Match(high_card, 3, seed=1)
    observation = codec.observe(match.view(0))
    assert observation.shape == (codec.obs_size,) and np.all(observation >= 0)
    assert codec.mask(match.legal(0)).sum() == len(match.legal(0))
    api_test(env("high-card", 3), num_cycles=30)
