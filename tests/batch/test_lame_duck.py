"""Lame Duck's batched engine: the rulebook's examples, the too-low sub-step, what a seat sees,
and every table replayed through the exact engine."""

from __future__ import annotations

import copy
import subprocess
import sys

import numpy as np
import pytest
from click.testing import CliRunner

from loaded_tables import assert_plays_on_as_the_engine, engine_positions
from pondside.batch import LameDuckTables, ParallelEnv, StepLog
from pondside.batch.check import check, setups
from pondside.batch.rng import seed_states, shuffled
from pondside.cli import main
from pondside.engine import IllegalAction, Match
from pondside.engine.rng import Rng, seed_state
from pondside.games.lame_duck import GAME


def table_at(columns: list[list[int]], hands: list[list[int]]) -> LameDuckTables:
    """One table with these columns and hands (the rest of the deck unused)."""
    t = LameDuckTables(1, len(hands), seed=0)
    t.set_position(0, columns, hands)
    return t


def play(t: LameDuckTables, cards: list[int]) -> np.ndarray:
    return t.step(np.array([[c - 1 for c in cards]])).points[0]


def columns(t: LameDuckTables) -> list[list[int]]:
    return [t.columns[0, k, : t.lengths[k, 0]].tolist() for k in range(4)]


def test_ld6_cards_go_on_the_closest_lower_column_lowest_first() -> None:
    t = table_at([[12], [37], [43], [58]], [[14, 90], [15, 91], [44, 92], [61, 93]])
    assert play(t, [14, 15, 44, 61]).tolist() == [0, 0, 0, 0]
    assert columns(t) == [[12, 14, 15], [37], [43, 44], [58, 61]]


def test_ld8_too_low_card_waits_for_its_players_column_then_ld7_sixth_card_takes_five() -> None:
    t = table_at(
        [[3, 8, 12, 17, 21], [30], [50, 55], [70]],
        [[24, 90], [2, 91], [56, 92], [33, 93]],
    )
    assert play(t, [24, 2, 56, 33]).tolist() == [0, 0, 0, 0]
    # LD-8: B's 2 is too low; B alone acts, and only a column can be taken.
    assert t.acting()[0].tolist() == [False, True, False, False]
    legal = np.flatnonzero(t.legal_mask(1)[0]).tolist()
    assert [t.actions[a] for a in legal] == ["take 0", "take 1", "take 2", "take 3"]
    assert not t.legal_mask(0)[0].any()
    noop = t.noop
    with pytest.raises(IllegalAction, match="seat 0 does not act at this step"):
        t.step(np.array([[23, t.deck, noop, noop]]))
    gained = t.step(np.array([[noop, t.deck + 3, noop, noop]])).points[0]
    assert gained.tolist() == [5, 3, 0, 0]
    assert columns(t) == [[24], [30, 33], [50, 55, 56], [2]]
    assert t.acting()[0].all()


def test_ld5_illegal_actions_are_refused_and_change_nothing() -> None:
    t = table_at([[12], [37], [43], [58]], [[14, 90], [15, 91], [44, 92], [61, 93]])
    before = copy.deepcopy(t.__dict__)
    with pytest.raises(IllegalAction, match="card 16 is not in its hand"):
        play(t, [14, 16, 44, 61])
    with pytest.raises(IllegalAction, match="no card is too low"):
        t.step(np.array([[13, 14, t.deck, 60]]))
    with pytest.raises(IllegalAction, match="shape"):
        t.step(np.zeros((2, 4)))
    assert t.held[0] == before["held"][0] and (t.hands == before["hands"]).all()
    with pytest.raises(IllegalAction, match="seat 0 acts at this step: pass one of its legal"):
        t.step(np.array([[t.noop, 14, 43, 60]]))


def test_the_shuffle_of_later_rounds_is_the_engines() -> None:
    seeds = np.array([0, 1, 2**63 - 1, 12345], dtype=np.uint64)
    cards, after = shuffled(seed_states(seeds), 44)
    for i, seed in enumerate(seeds.tolist()):
        rng = Rng(seed_state(seed))
        assert cards[i].tolist() == rng.shuffled(range(1, 45))
        assert int(after[i]) == rng.state


def test_a_seed_gives_the_same_tables() -> None:
    def run(seed: int) -> tuple[list[object], list[object]]:
        t = LameDuckTables(16, 5, {"rounds": 2}, seed=seed)
        rng = np.random.default_rng(seed)
        while not t.over.all():
            t.step(t.random_actions(rng))
        return [t.seeds.tolist(), t.first_hands.tolist()], t.history.tolist()

    assert run(3) == run(3)
    assert run(3) != run(4)


@pytest.mark.parametrize("players", [2, 4, 10])
def test_ld12_a_seat_sees_nothing_of_the_other_hands_nor_the_later_deals(players: int) -> None:
    t = LameDuckTables(64, players, {"rounds": 2}, seed=players)
    rng = np.random.default_rng(0)
    for _ in range(4):
        t.step(t.random_actions(rng))
    other = copy.deepcopy(t)
    # Other seats' hands exchanged, and different generators for the rounds to come.
    other.hands[:, [1, players - 1]] = t.hands[:, [players - 1, 1]]
    other.states = other.states + np.uint64(1)
    other.seeds = other.seeds + np.uint64(1)
    ours, theirs = t.observe(0), other.observe(0)
    assert ours.keys() == theirs.keys()
    for key in ours:
        assert (ours[key] == theirs[key]).all(), key
    if players > 2:
        assert (t.observe(1)["hand"] != other.observe(1)["hand"]).any()


def test_ld12_a_new_round_shows_none_of_the_last_rounds_taken_cards() -> None:
    """A seat's view of its taken cards is this round's: a new round starts with none held
    anywhere in the array, not the last round's left past the count."""
    t = LameDuckTables(16, 4, {"rounds": 3}, seed=2)
    rng = np.random.default_rng(2)
    while (t.round_no < 2).any():
        t.step(t.random_actions(rng))
    obs = t.observe(0)
    past = np.arange(obs["taken"].shape[2]) >= obs["taken_count"][:, :, None]
    assert (obs["taken"][past] == 0).all()


def test_every_setup_replays_through_the_exact_engine() -> None:
    """1,000 tables over every player count and option set: scores, places, and the views of
    a sample at every step."""
    report = check("lame-duck", 1000, seed=1, sample=0.03, chunk=256)
    assert report.tables == 1000
    assert len(report.tables_by_setup) == len(setups("lame-duck", None, None)) == 45
    assert report.views > 0
    assert [m.what for m in report.mismatches] == []


def test_the_record_holds_the_first_deal_and_replays_step_by_step() -> None:
    t = LameDuckTables(4, 3, {"target": 20}, seed=5)
    log, rng = StepLog(), np.random.default_rng(1)
    while not t.over.all():
        actions = t.random_actions(rng)
        log.add(t.acting(), actions)
        t.step(actions)
    record = t.record(2, log)
    assert sorted(record["deal"]["hands"][0]) == record["deal"]["hands"][0]
    match = Match.from_record(GAME, record)
    outcome = match.outcome()
    assert outcome is not None and list(outcome.scores) == t.scores()[2].tolist()
    assert len(match.view(0)["hand_scores"]) == int(t.round_no[2])


def test_the_parallel_step_passes_noops_and_restarts_finished_tables() -> None:
    env = ParallelEnv("lame-duck", batch=32, players=4, seed=2)
    obs = env.reset()
    ended = 0
    for _ in range(40):
        for s, agent in enumerate(env.agents):
            mask = obs[agent]["action_mask"]
            acting = obs[agent]["acting"][:, s]
            # The mask says who acts: the no-op alone where the seat does not.
            assert (mask[:, env.noop] == ~acting).all()
            assert (mask[:, : env.noop].any(axis=1) == acting).all()
        obs, rewards, dones, info = env.step(env.sample_actions())
        assert all(r.max() <= 0 for r in rewards.values())
        ended += int(dones["__all__"].sum())
        assert (info["places"][dones["__all__"]] >= 1).all()
    assert ended >= 32  # every table finished a one-round match and started again
    with pytest.raises(ValueError, match="missing: seat_3"):
        env.step({a: np.zeros(32) for a in env.agents[:3]})


def test_batch_check_command_reports_no_mismatch() -> None:
    result = CliRunner().invoke(main, ["batch", "check", "lame-duck", "--tables", "30", "-p", "3"])
    assert result.exit_code == 0, result.output
    assert "0 mismatches" in result.output
    # Every game has a batched engine now; a name that is no game is refused with the list.
    result = CliRunner().invoke(main, ["batch", "check", "hearts", "--tables", "3"])
    assert result.exit_code != 0 and "there is no game 'hearts'" in result.output


def test_importing_the_batch_needs_no_gymnasium() -> None:
    code = (
        "import sys, pondside.batch, pondside.batch.env, pondside.batch.check;"
        "pondside.batch.LameDuckTables(2); assert 'gymnasium' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_speed_of_the_batch_is_measured_at_each_size() -> None:
    from pondside.sim.bench import BenchResult, batch_lines, bench_batch

    result = bench_batch("lame-duck", 64, 3, seconds=0.05, runs=1)
    assert result.table_steps_per_s > 0 and result.decisions_per_s >= result.table_steps_per_s
    hearts = BenchResult("openspiel:hearts", 1.0, result.decisions_per_s / 2, 1)
    lines = batch_lines([result], hearts)
    assert lines[-2].split()[:3] == ["lame-duck", "3", "64"]
    assert lines[-2].endswith("2.00x") and "hearts in this run" in lines[-1]


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (4, {}),
        (2, {"rounds": 3}),
        (10, {}),
        (5, {"expert": True, "target": 30}),
        (3, {"target": 20}),
    ],
)
def test_tables_loaded_from_engine_states_play_on_as_the_engine(
    players: int, options: dict[str, object]
) -> None:
    """Every position loaded into a row plays on, with the same actions, to the same views after
    every step, the later rounds dealt by the state's own generator, to the same places."""
    states = engine_positions(GAME, players, options, 12, players, share=0.2)
    assert_plays_on_as_the_engine(
        LameDuckTables(len(states), players, options, 0), GAME, states, players
    )


def test_a_loaded_state_of_other_players_or_options_is_refused() -> None:
    state = GAME.new(3, GAME.options(3, {}), seed=1)
    with pytest.raises(ValueError, match="does not fit"):
        LameDuckTables(2, 4, seed=0).load_states(np.arange(1), [state])
    with pytest.raises(ValueError, match="does not fit"):
        LameDuckTables(2, 3, {"expert": True}, seed=0).load_states(np.arange(1), [state])
