"""Ladders' batched engine: the rulings' worked example, partnerships, the turn that ends by
itself, what a seat sees, and tables replayed through the exact engine."""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

from loaded_tables import assert_plays_on_as_the_engine, engine_positions
from pondside.adapters.codec import Codec
from pondside.batch import LaddersTables, StepLog
from pondside.batch.check import check
from pondside.batch.ladders import cards_of
from pondside.cli import main
from pondside.engine import IllegalAction, Match
from pondside.games.ladders import GAME, WILD


def act(t: LaddersTables, action: str, table: int = 0) -> np.ndarray:
    """The seat to act at ``table`` does ``action`` (the others pass); the points it scored."""
    actions = np.full((t.batch, t.players), t.noop)
    actions[table, t.turn[table]] = t.actions.index(action)
    return t.step(actions).points[table]


def accents(t: LaddersTables, table: int = 0) -> list[list[int]]:
    return [t.accents[table, i, : t.heights[table, i]].tolist() for i in range(4)]


def legal(t: LaddersTables, table: int = 0) -> list[str]:
    return sorted(t.actions[a] for a in np.flatnonzero(t.legal_mask()[table, t.turn[table]]))


def test_the_rulings_worked_example() -> None:
    """ACCENT tops 4 and 11, two free slots; CLIMB 6 over a 7; RUNG top 8; hand 5 W 12 1 9."""
    t = LaddersTables(1, 2, seed=0)
    t.set_position(
        0,
        climbs=[cards_of("6 7 3 3 3"), cards_of("2 2 2")],
        hands=[cards_of("5 W 12 1 9"), []],
        rungs=[[[8], [], [], []], [[], [], [], []]],
        accents=[cards_of("1 2 3 4"), list(range(1, 12)), [], []],
    )
    for action in ("play hand 5 to 0", "play climb to 0", "play climb to 0", "play rung 0 to 0"):
        act(t, action)
    assert accents(t)[0] == [1, 2, 3, 4, 5, 6, 7, 8] and t.climb_left[0, 0] == 3
    act(t, "play hand 12 to 1")  # LA-7: the pile at 11 completes and goes to DISCARD
    assert accents(t)[1] == [] and t.discard_size[0] == 12 and t.discard_counts[0, 12] == 1
    # LA-5: a 1 starts a pile in the lowest empty slot only.
    assert "play hand 1 to 1" in legal(t) and "play hand 1 to 2" not in legal(t)
    act(t, "play hand 1 to 1")
    assert t.turn[0] == 0 and t.hand_sizes[0, 0] == 2
    act(t, "discard 9 to 2")  # LA-9: the discard ends the turn; the W stays in hand
    assert t.rungs[0, 0, 2, 0] == 9 and t.hands[0, 0, WILD] == 1 and t.turn[0] == 1
    assert t.hand_sizes[0, 1] == 5  # LA-4: the next player drew five


def test_la8_an_emptied_hand_draws_five_and_play_goes_on() -> None:
    t = LaddersTables(1, 2, seed=0)
    t.set_position(0, climbs=[cards_of("9 9"), cards_of("9 9")], hands=[cards_of("1 2"), []])
    act(t, "play hand 1 to 0")
    act(t, "play hand 2 to 0")
    assert t.hand_sizes[0, 0] == 5 and t.turn[0] == 0


def test_la12_la14_a_partnership_wins_when_both_climbs_are_empty() -> None:
    t = LaddersTables(1, 4, {"teams": True}, seed=0)
    t.set_position(
        0,
        climbs=[[1], cards_of("5 5"), [2], cards_of("5 5 5")],
        hands=[cards_of("9 9 9 9 9"), [], [], []],
    )
    assert act(t, "play climb to 0").tolist() == [0, 0, 0, 0]
    # Seat 0's CLIMB is empty, its partner's is not: the round goes on, seat 0 still plays.
    assert t.turn[0] == 0 and not t.over[0] and t.round_no[0] == 1
    assert "play partner climb to 0" in legal(t)
    points = act(t, "play partner climb to 0")  # LA-13: 25 + 5 x the five opposing cards
    assert points.tolist() == [50, 0, 50, 0] and t.round_no[0] == 2


def test_la9_with_nothing_to_draw_the_open_plays_are_made_and_the_turn_ends_by_itself() -> None:
    t = LaddersTables(1, 2, {"rounds": 1}, seed=0)
    t.set_position(
        0,
        climbs=[cards_of("7 7"), cards_of("7 7")],
        hands=[[], cards_of("9")],
        rungs=[[[1], [2], [], []], [[], [], [], []]],
    )
    t.draw_size[0] = 0  # DRAW and DISCARD empty: seat 0 cannot refill its hand
    assert legal(t) == ["play rung 0 to 0"]
    act(t, "play rung 0 to 0")
    act(t, "play rung 1 to 0")
    # No play is left and nothing can be drawn: the turn passes without a discard.
    assert t.turn[0] == 1 and t.idle[0] == 0


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    t = LaddersTables(2, 3, seed=4)
    before = copy.deepcopy(t.__dict__)
    actions = np.full((2, 3), t.noop)
    actions[0, t.turn[0]] = t.actions.index("play rung 3 to 2")
    actions[1, t.turn[1]] = 0
    with pytest.raises(IllegalAction, match=f"table 0, seat {t.turn[0]} may not 'play rung 3"):
        t.step(actions)
    actions[0, t.turn[0]] = t.noop
    with pytest.raises(IllegalAction, match="acts at this step"):
        t.step(actions)
    for key, value in before.items():
        if isinstance(value, np.ndarray):
            assert (getattr(t, key) == value).all(), key


@pytest.mark.parametrize("setup", [(2, {}), (4, {"teams": True}), (6, {"rounds": 2})])
def test_the_legal_actions_are_the_engines_at_every_step(setup: tuple[int, dict[str, Any]]) -> None:
    players, options = setup
    t = LaddersTables(8, players, options, seed=5)
    rng, log = np.random.default_rng(5), StepLog()
    matches = [Match.start_of(GAME, t.record(b)) for b in range(t.batch)]
    for _ in range(300):
        mask = t.legal_mask()
        for b, match in enumerate(matches):
            for s in range(players):
                ours = sorted(t.actions[a] for a in np.flatnonzero(mask[b, s]))
                assert ours == match.legal(s), (b, s)
        actions = t.check_actions(rng)
        log.add(t.acting(), actions)
        t.step(actions)
        for b, match in enumerate(matches):
            for s in np.flatnonzero(log.steps[-1][0][b]):
                match.apply(int(s), t.actions[int(actions[b, s])])


def test_la16_a_seat_sees_nothing_of_the_other_hands_the_climbs_nor_draw() -> None:
    t = LaddersTables(32, 4, seed=1)
    rng = np.random.default_rng(0)
    for _ in range(60):
        t.step(t.check_actions(rng))
    other = copy.deepcopy(t)
    other.hands[:, [1, 3]] = t.hands[:, [3, 1]]
    other.draw = t.draw[:, ::-1].copy()
    # The face-down CLIMB cards (all under the top) are turned around.
    for b in range(t.batch):
        for s in range(4):
            left = t.climb_left[b, s]
            if left > 1:
                other.climbs[b, s, : left - 1] = t.climbs[b, s, : left - 1][::-1]
    other.states = other.states + np.uint64(1)
    ours, theirs = t.observe(0), other.observe(0)
    for key in ours:
        assert (ours[key] == theirs[key]).all(), key


def test_the_batch_encodes_a_view_as_the_adapters_do() -> None:
    for players, options in ((3, {}), (4, {"teams": True})):
        t = LaddersTables(8, players, options, seed=2)
        codec = Codec("ladders", players, t.options)
        rng = np.random.default_rng(0)
        for _ in range(40):
            for seat in range(players):
                encoded, obs = t.encode(seat), t.observe(seat)
                for b in range(t.batch):
                    assert (codec.observe(t.to_view(obs, b, seat)) == encoded[b]).all()
            t.step(t.check_actions(rng))


def test_a_seed_gives_the_same_tables() -> None:
    a, b = LaddersTables(4, 3, seed=9), LaddersTables(4, 3, seed=9)
    ra, rb = np.random.default_rng(1), np.random.default_rng(1)
    for _ in range(50):
        a.step(a.random_actions(ra))
        b.step(b.random_actions(rb))
    assert (a.hands == b.hands).all() and (a.draw == b.draw).all()


def test_every_setup_replays_through_the_exact_engine() -> None:
    """1,000 tables at every player count and option set: scores, places, and a sample's views
    at every step. One-round matches keep it quick; partnerships and the target's later rounds
    (dealt from each table's seed) have tables of their own."""
    report = check("ladders", 920, options={"rounds": 1}, seed=3, sample=0.01, chunk=512)
    assert report.tables == 920 and not report.mismatches, report.mismatches[:1]
    # A tenth of the partnership tables have every seat's view compared (LA-14's shared sight
    # of the partner's piles): at the default 1 %, 40 tables often sampled none.
    report = check(
        "ladders", 40, players=4, options={"teams": True, "rounds": 2}, seed=4, sample=0.1
    )
    assert not report.mismatches and report.views > 0, report.mismatches[:1]
    report = check("ladders", 40, options={"target": 60}, seed=5, sample=0.05)
    assert not report.mismatches, report.mismatches[:1]


def test_batch_check_command_reports_no_mismatch() -> None:
    result = CliRunner().invoke(
        main, ["batch", "check", "ladders", "--tables", "6", "-p", "2", "-o", "rounds=1"]
    )
    assert result.exit_code == 0, result.output
    assert "0 mismatches" in result.output


def eager_positions(players: int, options: dict[str, Any], count: int, seed: int) -> list[Any]:
    """Engine states met in matches that play whenever they can (as ``check_actions``' odd
    tables do), so that ACCENT piles complete, DISCARD is reshuffled (LA-11) and CLIMBs empty:
    uniformly random play rarely gets there."""
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        state = GAME.new(players, GAME.options(players, options), seed=rng.getrandbits(32))
        while not GAME.is_over(state) and len(found) < count:
            if rng.random() < 0.004:
                found.append(state)
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            plays = [a for a in legal if a.startswith("play")]
            state, _ = GAME.apply(state, seat, rng.choice(plays or legal))
    return found


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"rounds": 2}),
        (3, {"target": 60}),
        (4, {"teams": True, "rounds": 2}),
        (5, {"rounds": 1}),
        (6, {"rounds": 1}),
    ],
)
def test_tables_loaded_from_engine_states_play_on_as_the_engine(
    players: int, options: dict[str, Any]
) -> None:
    """Positions mid-turn and mid-match (RUNG piles, ACCENT piles, DISCARD waiting to be
    reshuffled with the state's generator, later rounds, partnerships) loaded into tables play
    on with the same actions to the same view for every seat after every step, and to the same
    places."""
    states = engine_positions(GAME, players, options, 3, players, share=0.01)
    states += eager_positions(players, options, 3, players)
    assert any(st.discard for st in states) and any(st.played for st in states)
    t = LaddersTables(len(states), players, options, seed=0)
    assert (t.load_states(np.arange(len(states)), states) == t.noop).all()
    assert_plays_on_as_the_engine(t, GAME, states, players)


def test_a_state_of_other_options_is_refused() -> None:
    state = GAME.new(2, GAME.options(2, {"rounds": 1}), seed=1)
    with pytest.raises(ValueError, match="does not fit"):
        LaddersTables(1, 2, {"target": 100}, seed=0).load_states(np.arange(1), [state])
