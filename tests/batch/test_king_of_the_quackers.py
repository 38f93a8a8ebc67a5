"""King of the Quackers' batched engine: the legal actions at every step, the pass as one step,
illegal actions refused, scoring and the match's end, what a seat sees, and every table replayed
through the exact engine."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest

from kq_positions import position
from loaded_tables import assert_plays_on_as_the_engine, engine_positions
from pondside.adapters.codec import Codec
from pondside.batch import KingOfTheQuackersTables, ParallelEnv
from pondside.batch.check import OPTION_SETS, check
from pondside.batch.king_of_the_quackers_random import choices, nth_bit, nth_choice, nth_give
from pondside.engine import IllegalAction, Match
from pondside.games.king_of_the_quackers import BOMB, GAME, SET
from pondside.games.king_of_the_quackers.combinations import POINTS

SETUPS = [(p, o) for p in (3, 4) for o in OPTION_SETS["king-of-the-quackers"]]


def names(t: KingOfTheQuackersTables, mask: np.ndarray) -> list[str]:
    return [t.actions[a] for a in np.flatnonzero(mask)]


def play_to_lead(t: KingOfTheQuackersTables, rng: np.random.Generator) -> None:
    """Every table past the pass (KQ-5), its first leader to act."""
    t.step(t.random_actions(rng))


@pytest.mark.parametrize(("players", "options"), [SETUPS[0], SETUPS[3], SETUPS[7], SETUPS[9]])
def test_the_legal_actions_are_the_engines_at_every_step(
    players: int, options: dict[str, object]
) -> None:
    """Every seat's mask against ``legal_actions`` of the engine replaying the same table, and
    the random bot's choices among them."""
    t = KingOfTheQuackersTables(2, players, options, seed=players)
    rng = np.random.default_rng(players)
    matches = [Match.start_of(GAME, t.record(b)) for b in range(t.batch)]
    for _ in range(90):
        mask = t.legal_mask()
        for b, m in enumerate(matches):
            for s in range(players):
                assert names(t, mask[b, s]) == sorted(m.legal(s), key=t.actions.index), (b, s)
        actions = t.random_actions(rng)
        acting = t.acting().copy()
        assert mask[acting, actions[acting]].all()
        t.step(actions)
        for b, m in enumerate(matches):
            for s in np.flatnonzero(acting[b]):
                m.apply(int(s), t.actions[actions[b, s]])


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_the_random_bot_reads_each_legal_action_from_exactly_one_number(
    players: int, options: dict[str, object]
) -> None:
    """The bot draws a uniform number below the seat's choices and reads it back: at every
    step of two tables, every number read back is a different legal action and together they
    are the whole legal mask, so every legal action is equally likely."""
    t = KingOfTheQuackersTables(2, players, options, seed=11 + players)
    rng = np.random.default_rng(players)
    for _ in range(120):
        mask = t.legal_mask()
        for b in range(t.batch):
            if t.over[b]:
                continue
            if t.phase[b] == 0:  # KQ-5: the first card to the left, the second to the right
                for s in range(players):
                    k = int(t.held[b, s])
                    first, second = np.divmod(np.arange(k * (k - 1)), k - 1)
                    hands = np.full(len(first), t.hands[b, s])
                    gives = nth_give(t, hands, first, second)
                    assert sorted(gives.tolist()) == np.flatnonzero(mask[b, s]).tolist()
                continue
            one = choices(t, np.array([b]))
            total = int(one.counts.sum())
            counted = choices(t, np.full(total, b))
            read = nth_choice(t, counted, np.arange(total))
            legal = np.flatnonzero(mask[b, t.turn[b]]).tolist()
            assert sorted(read.tolist()) == legal, names(t, np.isin(np.arange(t.noop), read))
        t.step(t.random_actions(rng))
        if t.over.all():
            break


def test_nth_bit_finds_each_set_bit_lowest_first() -> None:
    rng = np.random.default_rng(3)
    x = rng.integers(1, 2**63, (200, 3), dtype=np.uint64) | np.uint64(1 << 63)
    for j in range(64):
        has = np.bitwise_count(x) > j
        got = nth_bit(x[has], np.full(has.sum(), j)).tolist()
        want = [[b for b in range(64) if int(v) >> b & 1][j] for v in x[has].tolist()]
        assert got == want


def test_kq5_every_seat_gives_its_two_cards_in_one_step_and_kq6_the_dealers_left_leads() -> None:
    t = KingOfTheQuackersTables(1, 4, seed=5)
    assert t.acting()[0].tolist() == [True] * 4
    hands = t.hands[0].copy()
    rng = np.random.default_rng(0)
    actions = t.random_actions(rng)
    t.step(actions)
    gives = [t.actions[a].split()[1:] for a in actions[0]]
    assert t.gives[0].tolist() == [[int(t.act.left[a]), int(t.act.right[a])] for a in actions[0]]
    for s in range(4):
        got = {int(t.gives[0, (s + 1) % 4, 1]), int(t.gives[0, (s - 1) % 4, 0])}
        gave = {int(c) for c in t.gives[0, s]}
        now = {c for c in range(45) if int(t.hands[0, s]) >> c & 1}
        before = {c for c in range(45) if int(hands[s]) >> c & 1}
        assert now == before - gave | got, gives[s]
    assert t.turn[0] == (t.dealer[0] + 1) % 4 and t.acting()[0].sum() == 1


def test_kq8_kq13_illegal_actions_are_refused_naming_the_ruling_and_change_nothing() -> None:
    t = KingOfTheQuackersTables(1, 3, seed=2)
    rng = np.random.default_rng(2)
    play_to_lead(t, rng)
    before = copy.deepcopy(t.__dict__)
    leader = int(t.turn[0])
    actions = np.full((1, 3), t.noop)
    actions[0, leader] = t.actions.index("pass")
    with pytest.raises(IllegalAction, match=r"the leader must play.*KQ-8"):
        t.step(actions)
    missing = next(c for c in range(45) if not int(t.hands[0, leader]) >> c & 1)
    actions[0, leader] = int(np.flatnonzero(t.act.bits == np.uint64(1 << missing))[0])
    with pytest.raises(IllegalAction, match="not in seat"):
        t.step(actions)
    actions[0, leader] = int(np.flatnonzero(t.legal_mask(leader)[0])[0])
    actions[0, (leader + 1) % 3] = 0
    with pytest.raises(IllegalAction, match="does not act"):
        t.step(actions)
    with pytest.raises(IllegalAction, match="shape"):
        t.step(np.zeros((2, 3)))
    for key in ("hands", "turn", "played", "round_size"):
        assert (getattr(t, key) == before[key]).all()


def test_kq25_kq26_hands_score_their_places_and_the_match_ends_at_the_target_alone() -> None:
    for players, options in [(3, {}), (4, {"bidding": True}), (4, {"deck": "basic"})]:
        t = KingOfTheQuackersTables(64, players, options, seed=1)
        rng = np.random.default_rng(1)
        table = POINTS[(players, t.bidding)]
        while not t.over.all():
            t.step(t.random_actions(rng))
        target = t.options["target"]
        for b in range(t.batch):
            hands = int(t.hand_no[b])
            assert (t.history[b, :hands].sum(axis=0) == t.totals[b]).all()
            best = t.totals[b].max()
            assert best >= target and (t.totals[b] == best).sum() == 1  # KQ-26
            assert t.places[b, int(t.totals[b].argmax())] == 1
            for h in t.history[b, :hands].tolist():
                if t.bidding:  # KQ-30: a promise's points on top of the places'
                    assert sum(h) >= sum(table)
                else:  # KQ-25: each place's points once
                    assert sorted(h) == sorted(table)
        assert not t.acting().any() and not t.legal_mask().any()


@pytest.mark.parametrize(("players", "options"), [(3, {}), (4, {"bidding": True})])
def test_kq27_a_seat_sees_nothing_of_the_other_hands_nor_the_later_deals(
    players: int, options: dict[str, object]
) -> None:
    t = KingOfTheQuackersTables(16, players, options, seed=players)
    rng = np.random.default_rng(0)
    for _ in range(6):
        t.step(t.random_actions(rng))
    other = copy.deepcopy(t)
    # Seats 1 and 2 hold other cards (as many as before), apart from those seat 0 gave them;
    # the later deals' generators differ.
    for b in range(t.batch):
        gave = sum(1 << int(c) for c in t.gives[b, 0] if c >= 0)
        pool = (int(t.hands[b, 1]) | int(t.hands[b, 2])) & ~gave
        cards = rng.permutation([c for c in range(45) if pool >> c & 1])
        ones = bin(int(t.hands[b, 1]) & ~gave).count("1")
        keep = [int(t.hands[b, s]) & gave for s in (1, 2)]
        other.hands[b, 1] = keep[0] | sum(1 << int(c) for c in cards[:ones])
        other.hands[b, 2] = keep[1] | sum(1 << int(c) for c in cards[ones:])
    other.states = other.states + np.uint64(1)
    other.seeds = other.seeds + np.uint64(1)
    ours, theirs = t.observe(0), other.observe(0)
    assert ours.keys() == theirs.keys()
    for key in ours:
        assert (ours[key] == theirs[key]).all(), key
    assert (t.observe(1)["hand"] != other.observe(1)["hand"]).any()


def test_the_batch_encodes_a_view_as_the_adapters_do() -> None:
    t = KingOfTheQuackersTables(4, 4, {"bidding": True}, seed=3)
    codec = Codec("king-of-the-quackers", 4, t.options)
    rng = np.random.default_rng(0)
    for _ in range(12):
        encoded, obs = t.encode(1), t.observe(1)
        for b in range(t.batch):
            assert (codec.observe(t.to_view(obs, b, 1)) == encoded[b]).all(), b
        t.step(t.random_actions(rng))


def test_about_a_thousand_tables_of_every_setup_replay_through_the_exact_engine() -> None:
    """Scores and places of 1,000 tables over both player counts and every option set, and
    the views of 1 % of them at every step."""
    tables = views = 0
    for i, (players, options) in enumerate(SETUPS):
        report = check("king-of-the-quackers", 100, players, options, seed=i, sample=0.01)
        assert [m.what for m in report.mismatches] == []
        tables, views = tables + report.tables, views + report.views
    assert tables == 1000 and views > 0


def test_the_parallel_step_passes_noops_and_restarts_finished_tables() -> None:
    env = ParallelEnv("king-of-the-quackers", batch=8, players=3, seed=2, target=10)
    obs = env.reset()
    ended = 0
    for _ in range(400):  # a match to 10 takes some 200 steps of random play
        for s, agent in enumerate(env.agents):
            mask = obs[agent]["action_mask"]
            assert (mask[:, env.noop] == ~obs[agent]["acting"][:, s]).all()
        obs, rewards, dones, _ = env.step(env.sample_actions())
        assert all(r.min() >= 0 for r in rewards.values())
        ended += int(dones["__all__"].sum())
        if ended >= 8:
            break
    assert ended >= 8


def test_a_seed_gives_the_same_tables() -> None:
    def run(seed: int) -> list[object]:
        t = KingOfTheQuackersTables(8, 4, {"target": 20}, seed=seed)
        rng = np.random.default_rng(seed)
        while not t.over.all():
            t.step(t.random_actions(rng))
        return [t.first_hands.tolist(), t.totals.tolist(), t.history.tolist()]

    assert run(3) == run(3)
    assert run(3) != run(4)


# --- the rulebook's scenarios, on the batch beside the engine ------------------------------------
def scenario(match: Match[Any]) -> tuple[KingOfTheQuackersTables, Match[Any]]:
    """A batch of one table in ``match``'s position (tests/kq_positions.py)."""
    t = KingOfTheQuackersTables(1, match.players, match.options, seed=0)
    t.set_state(0, match.state)
    return t, match


def legal(t: KingOfTheQuackersTables, seat: int) -> list[str]:
    return names(t, t.legal_mask(seat)[0])


def both(t: KingOfTheQuackersTables, m: Match[Any], seat: int, action: str) -> None:
    """``seat`` makes ``action`` on the batch and on the engine; the views stay equal."""
    actions = np.full((1, t.players), t.noop)
    actions[0, seat] = t.actions.index(action)
    t.step(actions)
    m.apply(seat, action)
    assert t.scores()[0].tolist() == list(GAME.scores(m.state))  # places out so far (KQ-25)
    for s in range(t.players):
        theirs = {k: v for k, v in m.view(s).items() if k != "last_events"}
        assert t.to_view(t.observe(s), 0, s) == theirs, s


def test_kq13_worked_example_1_singles_share_a_suit_with_the_lead_card() -> None:
    t, m = scenario(position([["5ML", "TSLK"], ["9MS", "7SK"], ["9LK", "NS", "9VY"]], turn=0))
    both(t, m, 0, "play 5ML")
    both(t, m, 1, "play 9MS")
    assert legal(t, 2) == ["pass", "play 9LK"]  # Leaves with the lead, 9 ≥ 9; not NS or 9VY
    with pytest.raises(IllegalAction, match="KQ-13"):
        actions = np.full((1, 3), t.noop)
        actions[0, 2] = t.actions.index("play NS")
        t.step(actions)
    both(t, m, 2, "play 9LK")
    assert legal(t, 0) == ["pass", "play TSLK"]


def test_kq18_worked_example_2_the_ace_reads_six_or_nine() -> None:
    t, m = scenario(position([["1V", "7VY", "8VL", "2SY"], ["NK", "3MV"], ["NL"]], turn=0))
    flushes = [a for a in legal(t, 0) if a.startswith("play 1V=")]
    assert flushes == ["play 1V=6 7VY 8VL", "play 1V=9 7VY 8VL"]
    both(t, m, 0, "play 1V=9 7VY 8VL")
    assert (t.round_size[0], t.last_rank[0]) == (3, 9)


def test_kq15_kq21_worked_example_3_painter_and_savage_are_a_bomb_on_any_pair() -> None:
    t, m = scenario(position([["9MS", "9VY", "NL"], ["3SK", "3LY", "1M"], ["2VL", "NK"]], turn=0))
    both(t, m, 0, "play 9MS 9VY")
    assert "play 3SK 3LY" in legal(t, 1)  # a Bomb of rank 3 on a pair of 9s
    both(t, m, 1, "play 3SK 3LY")
    assert (t.last_kind[0], t.last_rank[0], t.round_kind[0]) == (BOMB, 3, SET)


def test_kq15_the_excuse_is_a_one_card_bomb_on_any_single() -> None:
    t, m = scenario(position([["NL", "TSLK"], ["0", "5ML"], ["2VL", "9VY"]], turn=0))
    both(t, m, 0, "play NL")
    assert "play 0" in legal(t, 1)
    both(t, m, 1, "play 0")
    assert (t.last_kind[0], t.last_rank[0]) == (BOMB, 0)


@pytest.mark.parametrize(("lead_passes", "leader"), [("right", 0), ("left", 2)])
def test_kq11_a_leader_out_of_cards_hands_the_lead_right_or_left(
    lead_passes: str, leader: int
) -> None:
    """Seat 1 goes out with the round's last play; the others pass; the lead goes to seat 0
    (its right) or seat 2 (its left)."""
    opts = {"lead_passes": lead_passes}
    t, m = scenario(
        position([["2SY", "3MV"], ["9VY"], ["2VL", "NK"], ["5ML", "7SK"]], turn=1, options=opts)
    )
    both(t, m, 1, "play 9VY")
    for seat in (2, 3, 0):
        both(t, m, seat, "pass")
    assert t.turn[0] == leader and t.round_size[0] == 0 and t.out[0, 0] == 1


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {"target": 20}),
        (4, {"target": 20}),
        (3, {"deck": "basic", "bidding": True, "target": 20}),
        (4, {"deck": "basic", "bidding": True, "lead_passes": "left", "target": 15}),
        (4, {"bidding": True, "target": 15}),
        (3, {"lead_passes": "left", "target": 15}),
    ],
)
def test_tables_loaded_from_engine_states_play_on_as_the_engine(
    players: int, options: dict[str, Any]
) -> None:
    """Positions met in random matches (at the pass with some gives chosen, leads, follows,
    promises, later hands) loaded into rows play on, with the same actions, to the same views
    after every step (the later hands dealt by the state's own generator) and the same places."""
    states = engine_positions(GAME, players, options, 8, players, share=0.03)
    t = KingOfTheQuackersTables(len(states), players, options, seed=0)
    assert_plays_on_as_the_engine(t, GAME, states, players)


def test_the_gives_chosen_at_the_pass_are_returned_to_be_played() -> None:
    state = GAME.new(4, GAME.options(4, {}), seed=3)
    for seat in (0, 2):
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[seat + 5])
    t = KingOfTheQuackersTables(2, 4, seed=0)
    forced = t.load_states(np.array([1]), [state])
    names = [t.actions[a] if a != t.noop else None for a in forced[0].tolist()]
    assert names == [
        GAME.legal_actions(GAME.new(4, GAME.options(4, {}), seed=3), 0)[5],
        None,
        GAME.legal_actions(GAME.new(4, GAME.options(4, {}), seed=3), 2)[7],
        None,
    ]


def test_a_loaded_state_of_other_players_or_options_is_refused() -> None:
    state = GAME.new(3, GAME.options(3, {}), seed=1)
    with pytest.raises(ValueError, match="does not fit"):
        KingOfTheQuackersTables(2, 4, seed=0).load_states(np.arange(1), [state])
    with pytest.raises(ValueError, match="does not fit"):
        KingOfTheQuackersTables(2, 3, {"deck": "basic"}, seed=0).load_states(np.arange(1), [state])
