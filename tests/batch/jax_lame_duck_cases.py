"""Lame Duck's JAX engine: the rulebook's examples, the too-low sub-step and its mask, what a
seat sees, the engine's generator to the bit, step by step beside the NumPy engine, 1,000
tables replayed through the exact engine, and the JAX modules' docstring examples. Skipped where
jax is not installed (the jax extra).

Not collected by the suite itself: ``test_jax_lame_duck.py`` runs this file in a process of its
own, so that jax never enters a process that later forks (see there). Run it alone with
``pytest tests/batch/jax_lame_duck_cases.py``."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import subprocess
import sys

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

import pondside.batch  # noqa: E402
from pondside.batch import LameDuckTables, StepLog  # noqa: E402
from pondside.batch.check import check, jax_engines  # noqa: E402
from pondside.batch.jax_lame_duck import (  # noqa: E402
    JaxLameDuckTables,
    from_numpy,
    kernel,
)
from pondside.batch.jax_rng import seed_words, shuffled  # noqa: E402
from pondside.engine import IllegalAction, Match  # noqa: E402
from pondside.engine.rng import Rng, seed_state  # noqa: E402
from pondside.games.lame_duck import GAME  # noqa: E402

TABLES = 32
"""Every test's batch size, and the module docstring's: JAX compiles once per size (and player
count and deck), and the rollout of 60 steps once more."""


def table_at(columns: list[list[int]], hands: list[list[int]]) -> JaxLameDuckTables:
    """JAX tables, every one with these columns and hands, set as the NumPy engine sets a
    position; the tests read table 0."""
    numpy = LameDuckTables(TABLES, len(hands), seed=0)
    for table in range(TABLES):
        numpy.set_position(table, columns, hands)
    t = JaxLameDuckTables(TABLES, len(hands), seed=0)
    t.load(from_numpy(numpy))
    return t


def every(t: JaxLameDuckTables, actions: list[int]) -> np.ndarray:
    """The same actions at every table."""
    return np.tile(np.array(actions), (t.batch, 1))


def play(t: JaxLameDuckTables, cards: list[int]) -> list[int]:
    return t.step(every(t, [c - 1 for c in cards])).points[0].tolist()


def columns(t: JaxLameDuckTables) -> list[list[int]]:
    obs = t.observe(0)
    return [obs["columns"][0, k, : obs["column_lengths"][0, k]].tolist() for k in range(4)]


def test_ld6_cards_go_on_the_closest_lower_column_lowest_first() -> None:
    t = table_at([[12], [37], [43], [58]], [[14, 90], [15, 91], [44, 92], [61, 93]])
    assert play(t, [14, 15, 44, 61]) == [0, 0, 0, 0]
    assert columns(t) == [[12, 14, 15], [37], [43, 44], [58, 61]]


def test_ld8_too_low_card_waits_for_its_players_column_then_ld7_sixth_card_takes_five() -> None:
    t = table_at(
        [[3, 8, 12, 17, 21], [30], [50, 55], [70]],
        [[24, 90], [2, 91], [56, 92], [33, 93]],
    )
    assert play(t, [24, 2, 56, 33]) == [0, 0, 0, 0]
    # LD-8: B's 2 is too low; B alone acts, and only a column can be taken.
    assert t.acting()[0].tolist() == [False, True, False, False]
    legal = np.flatnonzero(t.legal_mask(1)[0]).tolist()
    assert [t.actions[a] for a in legal] == ["take 0", "take 1", "take 2", "take 3"]
    assert not t.legal_mask(0)[0].any()
    noop = t.noop
    with pytest.raises(IllegalAction, match="seat 0 does not act at this step"):
        t.step(every(t, [23, t.deck, noop, noop]))
    assert t.step(every(t, [noop, t.deck + 3, noop, noop])).points[0].tolist() == [5, 3, 0, 0]
    assert columns(t) == [[24], [30, 33], [50, 55, 56], [2]]
    assert t.acting()[0].all()


def test_ld5_illegal_actions_are_refused_and_change_nothing() -> None:
    t = table_at([[12], [37], [43], [58]], [[14, 90], [15, 91], [44, 92], [61, 93]])
    before = t.state
    with pytest.raises(IllegalAction, match="card 16 is not in its hand"):
        play(t, [14, 16, 44, 61])
    with pytest.raises(IllegalAction, match="no card is too low"):
        t.step(every(t, [13, 14, t.deck, 60]))
    with pytest.raises(IllegalAction, match="shape"):
        t.step(np.zeros((2, 4)))
    with pytest.raises(IllegalAction, match="seat 0 acts at this step: pass one of its legal"):
        t.step(every(t, [t.noop, 14, 43, 60]))
    assert t.state is before
    # The kernel itself leaves a table with an illegal action as it was, and says which seat.
    k = t.kernel
    state, out = k.step(before, jnp.asarray(every(t, [13, 15, 43, 60])))
    assert np.asarray(out.illegal).tolist() == [[False, True, False, False]] * TABLES
    assert all((np.asarray(a) == np.asarray(b)).all() for a, b in zip(state, before, strict=True))


def test_the_generator_shuffles_as_the_engines() -> None:
    seeds = [0, 1, 2**63 - 1, 12345, 2**40 + 7]
    hi = jnp.array([s >> 32 for s in seeds], jnp.uint32)
    lo = jnp.array([s & 0xFFFFFFFF for s in seeds], jnp.uint32)
    states = seed_words(hi, lo)
    deal = jax.jit(jax.vmap(lambda h, low: shuffled((h, low), 104)))
    cards, (after_hi, after_lo) = deal(*states)
    for i, seed in enumerate(seeds):
        rng = Rng(seed_state(seed))
        assert (int(states[0][i]) << 32 | int(states[1][i])) == rng.state
        assert np.asarray(cards[i]).tolist() == rng.shuffled(range(1, 105))
        assert (int(after_hi[i]) << 32 | int(after_lo[i])) == rng.state


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {"target": 30}), (10, {"expert": True, "rounds": 2})],
)
def test_every_step_is_the_numpy_engines(players: int, options: dict[str, object]) -> None:
    """The same tables stepped with the same actions on both engines: the same points and
    ends at every step, and every seat's observation the same, later rounds included (dealt
    from each table's generator on both)."""
    numpy = LameDuckTables(TABLES, players, options, seed=players)
    t = JaxLameDuckTables(TABLES, players, options, seed=0)
    t.load(from_numpy(numpy))
    rng = np.random.default_rng(players)
    steps = 0
    while not numpy.over.all():
        mask = numpy.legal_mask()
        assert (t.legal_mask() == mask).all()
        assert (t.acting() == numpy.acting()).all()
        actions = t.random_actions(rng)
        legal = np.take_along_axis(mask, np.minimum(actions, t.noop - 1)[:, :, None], 2)[..., 0]
        assert (legal | (actions == t.noop)).all()
        ours, theirs = t.step(actions), numpy.step(actions)
        assert (ours.points == theirs.points).all() and (ours.ended == theirs.ended).all()
        for seat in (0, players - 1):
            a, b = t.observe(seat), numpy.observe(seat)
            assert a.keys() == b.keys()
            for key in a:
                x, y = a[key], b[key]
                if key == "history":  # the JAX state holds more rounds, zeros past them
                    x = x[:, : y.shape[1]]
                assert (x == y).all(), (steps, seat, key)
        steps += 1
    assert (t.places == numpy.places).all() and (t.scores() == numpy.scores()).all()
    assert numpy.round_no.max() > 1


def test_ld12_a_seat_sees_nothing_of_the_other_hands_nor_the_later_deals() -> None:
    t = JaxLameDuckTables(TABLES, 4, {"rounds": 2}, seed=4)
    rng = np.random.default_rng(0)
    for _ in range(4):
        t.step(t.random_actions(rng))
    st = t.state
    other = st._replace(
        hands=st.hands[:, jnp.array([0, 3, 2, 1])],
        rng=st.rng + 1,
        seed=st.seed + 1,
        first_hands=st.first_hands + 1,
    )
    ours, theirs = t.kernel.observe(st, 0), t.kernel.observe(other, 0)
    assert ours.keys() == LameDuckTables(1, 4).observe(0).keys()
    for key in ours:
        assert (np.asarray(ours[key]) == np.asarray(theirs[key])).all(), key
    assert (
        np.asarray(t.kernel.observe(st, 1)["hand"])
        != np.asarray(t.kernel.observe(other, 1)["hand"])
    ).any()


def test_1000_tables_replay_through_the_exact_engine() -> None:
    """1,000 tables at 2, 4 and 10 players and every option: scores, places, and every
    seat's view at every step of a sample. One compilation per player count and deck: the
    match lengths share it."""
    plan = [
        (2, {}),
        (2, {"target": 66}),
        (2, {"rounds": 3}),
        (4, {"rounds": 2}),
        (4, {}),
        (4, {"target": 66}),
        (10, {"expert": True}),
        (10, {"expert": True, "target": 30}),
    ]
    tables = views = 0
    for i, (players, options) in enumerate(plan):
        report = check(
            "lame-duck", 125, players, options, seed=i, sample=0.02, chunk=32, backend="jax"
        )
        assert [m.what for m in report.mismatches] == []
        tables, views = tables + report.tables, views + report.views
    assert tables == 1000 and views > 0


def test_the_record_replays_step_by_step() -> None:
    t = JaxLameDuckTables(TABLES, 2, {"target": 20}, seed=5)
    log, rng = StepLog(), np.random.default_rng(1)
    while not t.over.all():
        actions = t.random_actions(rng)
        log.add(t.acting(), actions)
        t.step(actions)
    for table in range(0, TABLES, 8):
        record = t.record(table, log)
        assert set(record["deal"]) == {"hands", "columns"}
        match = Match.from_record(GAME, record)
        outcome = match.outcome()
        assert outcome is not None
        assert list(outcome.places) == t.places[table].tolist()
        assert list(outcome.scores) == t.scores()[table].tolist()


def test_a_rollout_is_one_compiled_scan_and_restarts_finished_tables() -> None:
    k = kernel(4)
    state = k.init(jax.random.key(1), TABLES, rounds=1)
    state, _, tables, decisions = k.rollout(state, jax.random.key(2), 60)
    # Every table moves at every step (a finished one is dealt again at once): a turn is four
    # decisions, a take one.
    assert np.asarray(tables).tolist() == [TABLES] * 60
    assert (np.asarray(decisions) <= 4 * TABLES).all()
    assert np.asarray(decisions).sum() > TABLES * 60
    # A one-round match is at most 10 turns and 10 takes: by step 60 every table restarted.
    assert (np.asarray(state.round_no) == 1).all()
    hands = np.asarray(state.hands)
    held = np.asarray(state.held)
    cards = np.concatenate(
        [
            hands.reshape(TABLES, -1),
            np.asarray(state.columns).reshape(TABLES, -1),
            np.asarray(state.taken).reshape(TABLES, -1),
        ],
        axis=1,
    )
    for row in cards:  # no card twice anywhere
        dealt = row[row > 0]
        assert len(set(dealt.tolist())) == len(dealt)
    assert ((hands > 0).sum(axis=2) == held[:, None]).all()


def test_the_jax_bench_times_after_compiling() -> None:
    from pondside.sim.bench import bench_jax_batch, jax_batch_lines

    result = bench_jax_batch(TABLES, 4, seconds=0.05, steps=60)
    assert result.table_steps_per_s > 0 and result.decisions_per_s >= result.table_steps_per_s
    assert result.compile_s >= 0 and result.device
    lines = jax_batch_lines([result], [])
    assert lines[-1].split()[:2] == ["4", "32"]


def test_without_jax_the_backend_says_how_to_install_it() -> None:
    code = (
        "import sys; sys.modules['jax'] = None\n"
        "from pondside.batch.check import jax_engines\n"
        "from pondside.engine import PondsideError\n"
        "try:\n    jax_engines()\nexcept PondsideError as e:\n    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "install the jax extra: pip install 'pondside[jax]'" in out.stdout
    assert set(jax_engines()) == {"lame-duck"}


JAX_MODULES = sorted(
    m.name
    for m in pkgutil.iter_modules(pondside.batch.__path__, "pondside.batch.")
    if m.name.startswith("pondside.batch.jax_")
)


@pytest.mark.parametrize("name", JAX_MODULES)
def test_docstring_examples(name: str) -> None:
    """The JAX modules' examples (``tests/test_doctests.py`` leaves them to this process)."""
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
