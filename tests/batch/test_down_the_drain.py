"""Down the Drain's batched engine: the rulebook's example, what a seat sees, and tables
replayed through the exact engine."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from loaded_tables import assert_plays_on_as_the_engine, engine_positions
from pondside.adapters.codec import Codec
from pondside.batch.check import check, setups
from pondside.batch.down_the_drain import DownTheDrainTables
from pondside.engine import IllegalAction
from pondside.games.down_the_drain import GAME


def play(t: DownTheDrainTables, card: int) -> None:
    actions = np.full((1, t.players), t.noop)
    actions[0, t.seat[0]] = card - 2
    t.step(actions)


def test_dd4_the_rulebooks_example() -> None:
    t = DownTheDrainTables(1, 4, seed=0)
    anne, paul, rachel, camille = range(4)
    t.set_position(
        0,
        [[6, 9, 2, 3, 4, 5], [8, 14, 2, 3, 4, 5], [7, 6, 2, 3, 4, 5], [7, 2, 3, 4, 5, 10]],
        [11, 12, 13, 15],
        anne,
    )
    play(t, 6)
    play(t, 8)  # DD-4d: 8 > 6, Anne's 6 is beaten and she draws the 11 (DD-6)
    assert t.front[0].tolist() == [0, 8, 0, 0] and t.counts[0, anne, 11] == 1
    play(t, 7)  # 7 < 8: nothing
    play(t, 7)  # DD-4c: joins Rachel's 7, worth 14 > 8: Paul draws the 12
    assert t.front[0].tolist() == [0, 0, 7, 7] and t.counts[0, paul, 12] == 1
    play(t, 9)  # 9 < 14: nothing
    play(t, 14)  # DD-5: a 14 does not join the 7s nor beat them; Anne's 9 is beaten
    # DD-4a: Rachel's turn begins with her 7 pushed through, Camille's with it, no draws.
    assert t.front[0].tolist() == [0, 14, 0, 0] and t.counts[0, anne, 13] == 1
    assert t.top[0] == 3 and t.discard[0, : t.discard_size[0]].tolist()[-2:] == [7, 7]
    play(t, 6)
    assert t.hand_sizes[0, rachel] == 4
    with pytest.raises(IllegalAction, match="seat 3 holds no 20"):
        play(t, 20)
    assert t.hand_sizes[0, camille] == 5


def test_dd11_a_seat_sees_nothing_of_the_other_hands_nor_the_stack() -> None:
    t = DownTheDrainTables(64, 5, seed=1)
    rng = np.random.default_rng(0)
    for _ in range(30):
        t.step(t.random_actions(rng))
    other = copy.deepcopy(t)
    other.counts[:, [1, 3]] = t.counts[:, [3, 1]]
    other.stack = np.where(np.arange(90) < t.stack_size[:, None], t.stack[:, ::-1], 0)
    other.states = other.states + np.uint64(1)
    ours, theirs = t.observe(0), other.observe(0)
    for key in ours:
        assert (ours[key] == theirs[key]).all(), key


def test_the_batch_encodes_a_view_as_the_adapters_do() -> None:
    t = DownTheDrainTables(16, 4, {"games": 2}, seed=2)
    codec = Codec("down-the-drain", 4, t.options)
    rng = np.random.default_rng(0)
    for _ in range(40):
        for seat in range(4):
            encoded, obs = t.encode(seat), t.observe(seat)
            for b in range(t.batch):
                assert (codec.observe(t.to_view(obs, b, seat)) == encoded[b]).all()
        t.step(t.random_actions(rng))


def test_every_setup_replays_through_the_exact_engine() -> None:
    """1,000 tables over every player count and both option sets: scores, places, and the
    views of a sample at every step."""
    report = check("down-the-drain", 1000, seed=3, sample=0.01, chunk=256)
    assert report.tables == 1000
    assert len(report.tables_by_setup) == len(setups("down-the-drain", None, None)) == 12
    assert report.views > 0
    assert [m.what for m in report.mismatches] == []


def test_the_parallel_step_gives_the_seat_to_act_its_hand_and_the_others_the_noop() -> None:
    from pondside.batch import ParallelEnv

    env = ParallelEnv("down-the-drain", batch=8, players=5, seed=4)
    obs = env.reset()
    for _ in range(60):
        for s, agent in enumerate(env.agents):
            mask = obs[agent]["action_mask"]
            acting = obs[agent]["seat"] == s
            assert (mask[:, env.noop] == ~acting).all()
            held = obs[agent]["hand_counts"][:, 2:] > 0
            assert (mask[acting, : env.noop] == held[acting]).all()
        obs, rewards, _, _ = env.step(env.sample_actions())
        assert all((r <= 0).all() for r in rewards.values())


@pytest.mark.parametrize(("players", "options"), [(4, {}), (3, {"games": 3}), (8, {"games": 2})])
def test_tables_loaded_from_engine_states_play_on_as_the_engine(
    players: int, options: dict[str, object]
) -> None:
    """Every position loaded into a row plays on, with the same actions, to the same views after
    every step (the stack reshuffled and the later games dealt by the state's own generator),
    to the same places."""
    states = engine_positions(GAME, players, options, 10, players, share=0.05)
    t = DownTheDrainTables(len(states), players, options, seed=0)
    assert (t.load_states(np.arange(len(states)), states) == t.noop).all()  # nothing unseen
    assert_plays_on_as_the_engine(t, GAME, states, players)


def test_a_loaded_state_of_other_players_or_games_is_refused() -> None:
    state = GAME.new(3, GAME.options(3, {}), seed=1)
    with pytest.raises(ValueError, match="does not fit"):
        DownTheDrainTables(2, 4, seed=0).load_states(np.arange(1), [state])
    with pytest.raises(ValueError, match="does not fit"):
        DownTheDrainTables(2, 3, {"games": 2}, seed=0).load_states(np.arange(1), [state])
