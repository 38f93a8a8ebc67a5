"""Wildcat Chicane's batched engine: the rulebook's worked example, leading and following as
each player reads the cards, the end of a match, what a seat sees, and every table replayed
through the exact engine."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from loaded_tables import assert_plays_on_as_the_engine, engine_positions
from pondside.adapters.codec import Codec
from pondside.batch import ParallelEnv, WildcatChicaneTables
from pondside.batch.check import OPTION_SETS, check
from pondside.engine import IllegalAction, Match
from pondside.games.decktet import SUITS
from pondside.games.wildcat_chicane import CODES, GAME, INDEX, WORKED_DEAL, trick_winner

SETUPS = [(p, o) for p in (3, 4) for o in OPTION_SETS["wildcat-chicane"]]


def names(t: WildcatChicaneTables, mask: np.ndarray) -> list[str]:
    return [t.actions[a] for a in np.flatnonzero(mask)]


def act(t: WildcatChicaneTables, seat: int, action: str) -> np.ndarray:
    """``seat`` alone acts at table 0 (the others pass the no-op)."""
    actions = np.full((t.batch, t.players), t.noop)
    actions[0, seat] = t.actions.index(action)
    return t.step(actions).points[0]


def worked_table(rulers: list[str]) -> WildcatChicaneTables:
    """The worked example's deal (3 players, dealer 2), each seat choosing these rulers."""
    t = WildcatChicaneTables(1, 3, seed=0)
    t.set_position(0, WORKED_DEAL["hands"], WORKED_DEAL["dealer"])
    t.step(np.array([[t.actions.index(f"rule {r}") for r in rulers]]))
    return t


def test_wc4_the_ruling_cards_are_chosen_together_in_one_step() -> None:
    t = WildcatChicaneTables(1, 3, seed=0)
    t.set_position(0, WORKED_DEAL["hands"], WORKED_DEAL["dealer"])
    assert t.acting()[0].tolist() == [True, True, True]
    assert names(t, t.legal_mask(0)[0]) == ["rule 1M", "rule 1K", "rule NS", "rule NY"]
    t.step(np.array([[t.actions.index(a) for a in ("rule NY", "rule 1S", "rule NK")]]))
    # WC-4, WC-7: revealed, out of the hands; the dealer's left (seat 0) bids first.
    assert [CODES[c] for c in t.rulers[0]] == ["NY", "1S", "NK"]
    assert (t.owner[0, t.rulers[0]] == -1).all()
    assert t.acting()[0].tolist() == [True, False, False]
    assert names(t, t.legal_mask(0)[0]) == [f"bid {k}" for k in range(12)]


def test_wc5_wc6_worked_example_the_crown_of_wyrms_reads_top_with_wyrms_as_trump() -> None:
    t = worked_table(["NY", "1S", "NK"])
    assert t.readings[0].tolist() == [0, 1, 0] and t.trumps[0, 0] == 4  # TOP, Wyrms
    for seat in range(3):
        act(t, seat, "bid 3")
    # WC-9: the Betrayal (8YK) is a Wyrm for a TOP player, a trump: it may not be led.
    lead = names(t, t.legal_mask(0)[0])
    assert "play 8YK" not in lead and "play 7VY" in lead  # the Cave is a Wave
    assert len(lead) == 10


def test_wc5_wc6_worked_example_the_ace_of_knots_reads_bottom_with_knots_as_trump() -> None:
    t = worked_table(["1K", "1S", "NK"])
    assert t.readings[0, 0] == 1 and t.trumps[0, 0] == 5  # BOTTOM, Knots
    for seat in range(3):
        act(t, seat, "bid 3")
    lead = names(t, t.legal_mask(0)[0])
    # The Betrayal is a Knot (a trump), as are 2MK and 3SK; the Cave is a Wyrm.
    assert {"play 8YK", "play 2MK", "play 3SK"}.isdisjoint(lead) and "play 7VY" in lead
    # WC-10: the follower follows the led suit as it reads its own cards.
    act(t, 0, "play 7VY")  # led: Wyrms, as seat 0 reads it
    follow = names(t, t.legal_mask(1)[0])
    assert follow == ["play 2SY", "play 6SY"]  # seat 1 (Ace of Suns, BOTTOM): 2SY, 6SY are Wyrms


def test_wc11_of_two_trumps_of_equal_rank_the_earlier_wins() -> None:
    """Seat 2 leads the Journey (5ML, a Moon as it reads TOP); seat 0 (TOP, Moons trump)
    follows with 2MK, a trump; seat 1 (BOTTOM, Wyrms trump) trumps with 2SY, of equal rank."""
    t = WildcatChicaneTables(1, 3, seed=0)
    t.readings[0], t.trumps[0] = [0, 1, 0], [SUITS.index(s) for s in "MYS"]
    trick = [(2, INDEX["5ML"]), (0, INDEX["2MK"]), (1, INDEX["2SY"])]
    t.played_seat[0, :3], t.played_card[0, :3] = zip(*trick, strict=True)
    t.played[0] = 3
    assert t._winning(np.array([0])).tolist() == [0]
    assert trick_winner(trick, [0, 1, 0], ["M", "Y", "S"]) == 0  # the engine's rule agrees


def test_the_legal_actions_are_the_engines_at_every_step() -> None:
    """Every seat's mask against ``legal_actions`` of the engine replaying the same table."""
    for players, options in SETUPS[:3] + SETUPS[4:7]:
        t = WildcatChicaneTables(3, players, options, seed=players)
        rng = np.random.default_rng(players)
        matches = [Match.start_of(GAME, t.record(b)) for b in range(t.batch)]
        for _ in range(120):
            mask = t.legal_mask()
            for b, m in enumerate(matches):
                for s in range(players):
                    assert names(t, mask[b, s]) == sorted(m.legal(s), key=t.actions.index), (b, s)
            actions = t.random_actions(rng)
            acting = t.acting().copy()
            t.step(actions)
            for b, m in enumerate(matches):
                for s in np.flatnonzero(acting[b]):
                    m.apply(int(s), t.actions[actions[b, s]])


def test_wc9_wc10_illegal_actions_are_refused_naming_the_ruling_and_change_nothing() -> None:
    t = worked_table(["NY", "1S", "NK"])
    for seat in range(3):
        act(t, seat, "bid 3")
    before = copy.deepcopy(t.__dict__)
    with pytest.raises(IllegalAction, match=r"may not lead its trump.*WC-9"):
        act(t, 0, "play 8YK")
    with pytest.raises(IllegalAction, match="not in its hand"):
        act(t, 0, "play 1S")
    with pytest.raises(IllegalAction, match="seat 1 does not act"):
        t.step(np.array([[t.actions.index("play 7VY"), 0, t.noop]]))
    with pytest.raises(IllegalAction, match="shape"):
        t.step(np.zeros((2, 3)))
    assert (t.owner == before["owner"]).all() and (t.played == before["played"]).all()
    act(t, 0, "play 7VY")  # Waves, as seat 0 (TOP) reads it
    with pytest.raises(IllegalAction, match=r"must follow the led suit, Waves.*WC-10"):
        act(t, 1, "play 2SY")  # seat 1 (BOTTOM) holds Waves: 1V, NV, 3MV, 5SV


def finish_hand_bidding_zero(t: WildcatChicaneTables, rng: np.random.Generator) -> np.ndarray:
    """Table 0's hand to its end with every bid 0 (a bid of 0 scores 0, WC-12)."""
    points = np.zeros(t.players, dtype=np.int64)
    hand = int(t.hand_no[0])
    while not t.over[0] and t.hand_no[0] == hand:
        actions = t.random_actions(rng)
        bid = t.turn[0] >= 0 and t.phase[0] == 2
        if bid:
            actions[0, t.turn[0]] = t.actions.index("bid 0")
        points += t.step(actions).points[0]
    return points


def test_wc13_a_tie_at_the_top_plays_on_and_wc16_the_hundredth_hand_ends_the_match() -> None:
    rng = np.random.default_rng(0)
    t = WildcatChicaneTables(1, 3, seed=0)
    t.set_position(0, WORKED_DEAL["hands"], WORKED_DEAL["dealer"], totals=[41, 41, 3])
    assert finish_hand_bidding_zero(t, rng).tolist() == [0, 0, 0]
    assert not t.over[0] and t.hand_no[0] == 2 and t.dealer[0] == 0  # WC-2: the left deals
    t.set_position(0, WORKED_DEAL["hands"], 1, totals=[41, 41, 3], hand_no=100)
    finish_hand_bidding_zero(t, rng)
    assert t.over[0] and t.places[0].tolist() == [1, 1, 3]  # WC-16: equal totals share
    assert not t.acting()[0].any() and not t.legal_mask()[0].any()


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_wc14_a_seat_sees_nothing_of_the_other_hands_nor_the_later_deals(
    players: int, options: dict[str, object]
) -> None:
    t = WildcatChicaneTables(32, players, options, seed=players)
    rng = np.random.default_rng(0)
    for _ in range(9):
        t.step(t.random_actions(rng))
    other = copy.deepcopy(t)
    # Seats 1 and 2 hold other cards (as many as before); the later deals' generators differ.
    for b in range(t.batch):
        cards = rng.permutation(np.flatnonzero((t.owner[b] == 1) | (t.owner[b] == 2)))
        ones = int((t.owner[b] == 1).sum())
        other.owner[b, cards[:ones]], other.owner[b, cards[ones:]] = 1, 2
    other.states = other.states + np.uint64(1)
    other.seeds = other.seeds + np.uint64(1)
    ours, theirs = t.observe(0), other.observe(0)
    assert ours.keys() == theirs.keys()
    for key in ours:
        assert (ours[key] == theirs[key]).all(), key
    assert (t.encode(0) == other.encode(0)).all()
    assert (t.observe(1)["hand"] != other.observe(1)["hand"]).any()


@pytest.mark.parametrize(("players", "options"), [(3, {}), (4, {"variant": "classic"})])
def test_the_batch_encodes_a_view_as_the_adapters_do(
    players: int, options: dict[str, object]
) -> None:
    t = WildcatChicaneTables(12, players, options, seed=3)
    codec = Codec("wildcat-chicane", players, t.options)
    rng = np.random.default_rng(0)
    for _ in range(30):
        for seat in range(players):
            encoded, obs = t.encode(seat), t.observe(seat)
            for b in range(t.batch):
                assert (codec.observe(t.to_view(obs, b, seat)) == encoded[b]).all(), (b, seat)
        t.step(t.random_actions(rng))


def test_about_a_thousand_tables_of_every_setup_replay_through_the_exact_engine() -> None:
    """Scores and places of 1,000 tables over both player counts and every option set, and
    the views of 1 % of them at every step. The matches played to the hand limit (WC-16)
    are ten times as long (about 4,000 steps), so fewer of them and without views (their
    steps are the same steps as the others')."""
    tables = views = 0
    for i, (players, options) in enumerate(SETUPS):
        long = options.get("target") == 400
        count, sample = (20, 0.0) if long else (160, 0.01)
        # The defaults spelled out: check() reads no options ({}) as every option set, which
        # spread these 160 tables over the long matches too (40 more of them, views watched).
        spelled = dict(GAME.options(players, options))
        report = check("wildcat-chicane", count, players, spelled, seed=i, sample=sample)
        assert list(report.tables_by_setup.values()) == [count]
        assert [m.what for m in report.mismatches] == []
        tables, views = tables + report.tables, views + report.views
    assert tables == 1000 and views > 0


def test_the_parallel_step_passes_noops_and_restarts_finished_tables() -> None:
    env = ParallelEnv("wildcat-chicane", batch=16, players=4, seed=2, target=5)
    obs = env.reset()
    ended = 0
    for _ in range(150):
        for s, agent in enumerate(env.agents):
            mask = obs[agent]["action_mask"]
            assert (mask[:, env.noop] == ~obs[agent]["acting"][:, s]).all()
        obs, rewards, dones, _ = env.step(env.sample_actions())
        assert all(r.min() >= 0 for r in rewards.values())
        ended += int(dones["__all__"].sum())
    assert ended >= 16


def test_a_seed_gives_the_same_tables() -> None:
    def run(seed: int) -> list[object]:
        t = WildcatChicaneTables(8, 4, {"target": 10}, seed=seed)
        rng = np.random.default_rng(seed)
        while not t.over.all():
            t.step(t.random_actions(rng))
        return [t.first_hands.tolist(), t.totals.tolist(), t.history.tolist()]

    assert run(3) == run(3)
    assert run(3) != run(4)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {"target": 30}),
        (4, {"target": 30}),
        (3, {"variant": "classic", "target": 30}),
        (4, {"variant": "classic", "target": 20}),
    ],
)
def test_tables_loaded_from_engine_states_play_on_as_the_engine(
    players: int, options: dict[str, object]
) -> None:
    """Positions met in random matches (ruling cards partly chosen, calls, bids, tricks in play,
    later hands) loaded into rows play on, with the same actions, to the same views after
    every step (the later hands dealt by the state's own generator) and the same places."""
    states = engine_positions(GAME, players, options, 10, players, share=0.04)
    t = WildcatChicaneTables(len(states), players, options, seed=0)
    assert_plays_on_as_the_engine(t, GAME, states, players)


def test_the_ruling_cards_chosen_and_not_revealed_are_returned_to_be_played() -> None:
    state = GAME.new(4, GAME.options(4, {}), seed=3)
    chosen = GAME.legal_actions(state, 1)[-1]
    state, _ = GAME.apply(state, 1, chosen)
    t = WildcatChicaneTables(3, 4, seed=0)
    forced = t.load_states(np.array([2]), [state])
    assert forced[0].tolist() == [t.noop, t.actions.index(chosen), t.noop, t.noop]


def test_a_loaded_state_of_other_players_or_options_is_refused() -> None:
    state = GAME.new(3, GAME.options(3, {}), seed=1)
    with pytest.raises(ValueError, match="does not fit"):
        WildcatChicaneTables(2, 4, seed=0).load_states(np.arange(1), [state])
    with pytest.raises(ValueError, match="does not fit"):
        WildcatChicaneTables(2, 3, {"variant": "classic"}, seed=0).load_states(
            np.arange(1), [state]
        )
