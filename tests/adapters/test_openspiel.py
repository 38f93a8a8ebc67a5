"""OpenSpiel's checks on every game (issue 8): random_sim_test with serialization, the
GamesSimTest simulation, and full games by OpenSpiel's Python ISMCTS."""

from __future__ import annotations

import pickle
from collections.abc import Callable

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from pondside.adapters import SHORT  # noqa: E402
from pondside.adapters.openspiel import load, register_all, short_name  # noqa: E402
from pondside.games import slugs  # noqa: E402

GAMES = slugs()


def short_game(slug: str) -> pyspiel.Game:
    players, options = SHORT[slug]
    return load(slug, players=players, **options)


def test_register_all_names_every_game() -> None:
    names = register_all()
    assert names == [short_name(s) for s in GAMES]
    assert "pondside_lame_duck" in pyspiel.registered_names()
    game = pyspiel.load_game("pondside_lame_duck(players=4)")
    assert game.num_players() == 4 and game.num_distinct_actions() == 108
    assert pyspiel.load_game("pondside_lame_duck(players=3,target=30)").num_players() == 3


@pytest.mark.parametrize("slug", GAMES)
def test_random_sim_test_with_serialization(slug: str) -> None:
    pyspiel.random_sim_test(short_game(slug), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("slug", GAMES)
def test_random_sim_test_with_the_generic_encoding(
    slug: str, without_adapter_module: Callable[[str], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    from pondside.adapters import openspiel

    without_adapter_module(slug)
    monkeypatch.setattr(openspiel, "_CONFIGS", {})  # configurations are kept by game string
    game = short_game(slug)
    assert game.observation_tensor_shape() == [game.config.codec.obs_size]
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("slug", GAMES)
def test_games_sim_test(slug: str) -> None:
    from open_spiel.python.tests import games_sim_test

    games_sim_test.GamesSimTest().sim_game(short_game(slug))


@pytest.mark.parametrize("slug", GAMES)
def test_python_ismcts_plays_a_full_game(slug: str) -> None:
    game = short_game(slug)
    rs = np.random.RandomState(3)
    sims = 3 if slug == "ladders" else 10
    bots = [
        ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, sims, random_state=rs)
        for _ in range(game.num_players())
    ]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(actions, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    returns = state.returns()
    assert len(returns) == game.num_players()
    assert all(-1.0 <= r <= 1.0 for r in returns)


@pytest.mark.parametrize("slug", GAMES)
def test_resampling_keeps_the_information_state(slug: str) -> None:
    game = short_game(slug)
    rs = np.random.RandomState(4)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal() and steps < 60:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(actions, p=probs)))
            continue
        player = state.current_player()
        again = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert again.information_state_string(player) == state.information_state_string(player)
        assert again.observation_tensor(player) == state.observation_tensor(player)
        assert again.legal_actions() == state.legal_actions()
        state.apply_action(int(rs.choice(state.legal_actions())))
        steps += 1


def test_pickle_and_serialize_round_trip() -> None:
    game = short_game("lame-duck")
    state = game.new_initial_state()
    for _ in range(50):
        state.apply_action(state.legal_actions()[0])
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state)
    g2, s2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(g2) == str(game) and str(s2) == str(state)
