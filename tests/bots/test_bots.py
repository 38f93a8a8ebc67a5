"""Bot names, parameters, and the Lame Duck heuristic's judgement in clear-cut positions."""

from __future__ import annotations

import dataclasses
import random
import sys
import types
from typing import Any

import pytest

from pondside.bots import BUILTIN, RandomBot, UnknownBot, bot_names, make_bot, parse_spec
from pondside.bots.declared import GameBots
from pondside.bots.lame_duck import card_risk
from pondside.engine import Game, Match
from pondside.games import MODULES, get_game
from pondside.games.lame_duck import LameDuck

GAME = get_game("lame-duck")


def test_parse_spec_reads_parameters() -> None:
    assert parse_spec("random") == ("random", {})
    assert parse_spec("ismcts:iterations=300:rollout=heuristic") == (
        "ismcts",
        {"iterations": 300, "rollout": "heuristic"},
    )
    assert parse_spec("mcs:seconds=0.5") == ("mcs", {"seconds": 0.5})
    with pytest.raises(UnknownBot, match="key=value"):
        parse_spec("ismcts:300")


def test_unknown_bots_and_parameters_are_refused() -> None:
    with pytest.raises(UnknownBot, match="no bot 'oracle'"):
        make_bot("oracle", GAME, 0, 1)
    with pytest.raises(UnknownBot, match="no parameter"):
        make_bot("random:depth=3", GAME, 0, 1)


def test_the_built_in_bots_are_listed_first_and_once() -> None:
    names = bot_names()
    assert names[: len(BUILTIN)] == ["random", "heuristic", "ismcts", "mcs", "slips", "external"]
    assert len(names) == len(set(names))


class Toy(LameDuck):
    """Lame Duck's rules under another name."""

    info = dataclasses.replace(LameDuck.info, slug="toy", name="Toy")


def toy_game(monkeypatch: pytest.MonkeyPatch, module: str | None) -> Game[Any]:
    """A game registered at run time as ``pondside.games.<module>`` (or not registered)."""
    if module is not None:
        monkeypatch.setitem(MODULES, "toy", module)
    return Toy()


@pytest.mark.parametrize("module", ["toy", "toys.toy"])
def test_a_game_without_a_heuristic_says_so(monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    toy = toy_game(monkeypatch, module)
    assert isinstance(make_bot("random", toy, 0, 1), RandomBot)
    for spec in ("heuristic", "ismcts:rollout=heuristic", "mcs:prior=heuristic"):
        with pytest.raises(UnknownBot, match=r"Toy has no heuristic bot yet \(pondside.bots.toy"):
            make_bot(spec, toy, 0, 1)


def test_an_unregistered_game_has_no_heuristic(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(UnknownBot, match="Toy is not a registered game"):
        make_bot("heuristic", toy_game(monkeypatch, None), 0, 1)


def test_the_heuristic_is_found_in_the_bots_module_named_after_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class ToyHeuristic(RandomBot):
        name = "heuristic"

    module = types.ModuleType("pondside.bots.toy")
    module.BOTS = GameBots(heuristic=ToyHeuristic)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pondside.bots.toy", module)
    assert isinstance(make_bot("heuristic", toy_game(monkeypatch, "toy"), 0, 1), ToyHeuristic)


def test_bots_are_reproducible_from_their_seed() -> None:
    match = Match(GAME, 4, seed=9)
    view, legal = match.view(0), match.legal(0)
    first = [make_bot("random", GAME, 0, 5).choose(view, legal) for _ in range(3)]
    assert len(set(first)) == 1


def test_heuristic_never_plays_an_illegal_action() -> None:
    rng = random.Random(0)
    for seed in range(10):
        match = Match(GAME, rng.randint(2, 10), seed=seed)
        bots = [make_bot("heuristic", GAME, s, seed) for s in range(match.players)]
        while not match.is_over():
            seat = match.to_act()[0]
            action = bots[seat].choose(match.view(seat), match.legal(seat))
            assert action in match.legal(seat)
            match.apply(seat, action)


def test_heuristic_avoids_the_sixth_card_and_takes_the_cheapest_column() -> None:
    columns = ((10, 11, 12, 13, 14), (40,), (60,), (80,))
    unseen = list(range(20, 40)) + list(range(41, 60))
    # 15 would be the sixth card on column 0 (5 + 1 + 1 + 1 + 2 ducks); 41 is safe.
    assert card_risk(15, columns, unseen, 3) > 5
    assert card_risk(41, columns, unseen, 3) < 0.5
    deal = {
        "hands": [
            [15, 41, 61, 62, 63, 64, 66, 67, 68, 69],
            [2, 3, 4, 5, 6, 7, 8, 9, 16, 17],
        ],
        "columns": [14, 40, 60, 80],
    }
    match = Match(GAME, 2, deal=deal, seed=1)
    bot = make_bot("heuristic", GAME, 1, 1)
    match.apply(0, "play 15")
    match.apply(1, "play 2")
    assert match.to_act() == (1,)
    # Column ducks: [14]=1, [40]=3, [60]=3, [80]=3 → the heuristic takes column 0.
    assert bot.choose(match.view(1), match.legal(1)) == "take 0"


@pytest.mark.parametrize("slug", list(MODULES))
def test_a_games_own_bots_are_declared_with_its_bots_and_refused_elsewhere(slug: str) -> None:
    """Each ``own`` bot of a game's declaration builds for that game, is listed, and another
    game refuses it by saying whose it is."""
    from pondside.bots.declared import game_bots

    game = get_game(slug)
    declared = game_bots(game)
    own = {} if declared is None else declared.own
    other = get_game(next(s for s in MODULES if s != slug))
    for name in own:
        assert name in bot_names() and name not in BUILTIN
        assert make_bot(name, game, 0, 1) is not None
        with pytest.raises(UnknownBot, match=f"'{name}' plays {game.info.name} only, not"):
            make_bot(name, other, 0, 1)
