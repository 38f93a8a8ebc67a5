"""``rollout=adaptive``: the search tests its model of the other players seat by seat, and its
playouts play each seat as the heuristic or at random, whichever explains that seat's plays
better (``bots/inference.py``)."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from pondside.bots import UnknownBot, make_bot
from pondside.bots.lame_duck import LameDuckInference
from pondside.bots.lame_duck_rollout import TABLES, heuristic_actions, random_actions
from pondside.bots.rollout import SeatPolicies
from pondside.games import get_game
from pondside.games.lame_duck import COLUMN_LIMIT
from pondside.games.lame_duck.seat import check_position

ADAPTIVE = "mcs:iterations=200:rollout=adaptive:reward=margin:infer=heuristic"


def play_round(others: list[str], seed: int, spec: str = ADAPTIVE) -> tuple[object, object]:
    """One round of Lame Duck at four seats, the adaptive search in seat 0 against ``others``:
    the search bot and the match's end."""
    game = get_game("lame-duck")
    state = game.new(4, game.options(4, {"rounds": 1}), seed=seed)
    bots = [make_bot(spec, game, 0, seed)]
    bots += [make_bot(o, game, s, seed + s) for s, o in enumerate(others, start=1)]
    while seats := game.to_act(state):
        chosen = {
            s: bots[s].choose(game.view(state, s), game.legal_actions(state, s)) for s in seats
        }
        for s, action in chosen.items():
            state, _ = game.apply(state, s, action)
    return bots[0], state


def play_to_turn(
    others: list[str], seed: int, spec: str, turn: int
) -> tuple[object, dict[str, object], dict[int, int]]:
    """One round of Lame Duck at four seats, the search in seat 0 against ``others``, played
    until the search's card at ``turn``, which it chooses (so it has looked at the evidence):
    the search bot, its view then, and each other seat's last card played."""
    game = get_game("lame-duck")
    state = game.new(4, game.options(4, {"rounds": 1}), seed=seed)
    bot = make_bot(spec, game, 0, seed)
    bots = [bot] + [make_bot(o, game, s, s) for s, o in enumerate(others, start=1)]
    last: dict[int, int] = {}
    while seats := game.to_act(state):
        view = game.view(state, 0)
        if 0 in seats and view["turn_number"] == turn and view["awaiting_take"] is None:
            bot.choose(view, game.legal_actions(state, 0))
            return bot, view, last
        chosen = {
            s: bots[s].choose(game.view(state, s), game.legal_actions(state, s)) for s in seats
        }
        for s, action in chosen.items():
            if s and action.startswith("play"):
                last[s] = int(action[5:])
            state, _ = game.apply(state, s, action)
    raise AssertionError(f"the round ended before turn {turn}")


def test_each_seat_is_weighed_apart_and_together_as_before() -> None:
    """The model's likelihood of a deal is the product of its seats' likelihoods, and a
    uniform player's likelihood of a seat's plays is one over its cards at each play."""
    game = get_game("lame-duck")
    bots = [make_bot("heuristic", game, s, s) for s in range(4)]
    model = LameDuckInference(game, 0, 0.1)
    state = game.new(4, game.options(4), seed=2)
    rng = random.Random(2)
    checked = 0
    while (seats := game.to_act(state)) and game.hands_played(state) == 0:
        model.observe(game.view(state, 0))
        if 0 in seats and game.legal_actions(state, 0)[0].startswith("play"):
            for deal in [state, *(game.determinize(game.view(state, 0), rng) for _ in range(5))]:
                per_seat = model.seat_likelihoods(deal)
                assert sorted(per_seat) == [1, 2, 3]
                assert math.prod(m for m, _ in per_seat.values()) == pytest.approx(
                    model.likelihood(deal)
                )
                turn = game.view(state, 0)["turn_number"]
                cards = len(game.view(state, 0)["hand"])
                # Every other seat played one card at each turn before this one (the first is
                # turn 1), from a hand of one card more than now for each turn since (none of
                # them from a single card).
                uniform = math.prod(1 / (cards + k) for k in range(1, turn))
                for _, alike in per_seat.values():
                    assert alike == pytest.approx(uniform)
                checked += 1
        chosen = {
            s: bots[s].choose(game.view(state, s), game.legal_actions(state, s)) for s in seats
        }
        for s, action in chosen.items():
            state, _ = game.apply(state, s, action)
    assert checked > 10


def test_players_who_play_well_are_played_by_the_heuristic() -> None:
    bot, _ = play_round(["heuristic", "heuristic", "heuristic"], seed=4)
    assert bot.inference.modelled == {0, 1, 2, 3}
    evidence = bot.inference.evidence[1]
    assert all(evidence[s][0] > 3 for s in (1, 2, 3)), evidence


def test_random_players_are_played_at_random() -> None:
    bot, _ = play_round(["random", "random", "random"], seed=4)
    assert bot.inference.modelled == {0}
    evidence = bot.inference.evidence[1]
    assert all(evidence[s][0] < -3 for s in (1, 2, 3)), evidence


def test_a_mixed_table_gets_both() -> None:
    bot, _ = play_round(["random", "heuristic", "random"], seed=4)
    assert bot.inference.modelled == {0, 2}


def test_the_evidence_of_earlier_rounds_counts() -> None:
    """Two rounds against random players: the second round's first decisions already play
    them at random (the first round's evidence is kept), where a fresh bot starts from even
    odds and plays every seat by the heuristic."""
    game = get_game("lame-duck")
    state = game.new(4, game.options(4, {"rounds": 2}), seed=6)
    bots = [make_bot(ADAPTIVE, game, 0, 6)] + [make_bot("random", game, s, s) for s in (1, 2, 3)]
    looked = []
    while seats := game.to_act(state):
        view = game.view(state, 0)
        chosen = {
            s: bots[s].choose(game.view(state, s), game.legal_actions(state, s)) for s in seats
        }
        if 0 in seats and view["hand_number"] == 2 and view["turn_number"] == 1:
            looked.append(bots[0].inference.modelled)
        for s, action in chosen.items():
            state, _ = game.apply(state, s, action)
    assert looked and looked[0] == {0}
    assert sorted(bots[0].inference.evidence) == [1, 2]


def test_the_batched_playouts_play_each_seat_by_its_model() -> None:
    tables = TABLES(64, players=4, options={}, seed=3)
    u = np.random.default_rng(1).random((64, 4))
    live = np.ones(64, dtype=bool)
    policies = (heuristic_actions, random_actions)
    mixed = SeatPolicies(policies, 4, lambda: (0, 1, 0, 1))(tables, u, live)
    heuristic = heuristic_actions(tables, u, live)
    uniform = random_actions(tables, u, live)
    assert (mixed[:, [0, 2]] == heuristic[:, [0, 2]]).all()
    assert (mixed[:, [1, 3]] == uniform[:, [1, 3]]).all()
    assert (heuristic[:, 1] != uniform[:, 1]).any()  # the two policies do differ here
    every = SeatPolicies(policies, 4, lambda: None)(tables, u, live)
    assert (every == heuristic).all()


def test_one_by_one_and_batched_the_search_plays_legal_reproducible_moves() -> None:
    for spec in (ADAPTIVE, ADAPTIVE + ":batch=0", "ismcts:iterations=100:rollout=adaptive"):
        first = play_round(["random", "heuristic", "random"], seed=8, spec=spec)[1]
        again = play_round(["random", "heuristic", "random"], seed=8, spec=spec)[1]
        assert get_game("lame-duck").scores(first) == get_game("lame-duck").scores(again)


def test_adaptive_playouts_need_a_model_that_weighs_each_seat() -> None:
    with pytest.raises(UnknownBot, match="rollout is random, heuristic, adaptive, not 'smart'"):
        make_bot("mcs:rollout=smart", get_game("lame-duck"), 0, 1)
    with pytest.raises(
        UnknownBot, match="Wildcat Chicane's model of its players does not weigh each seat apart"
    ):
        make_bot("mcs:rollout=adaptive", get_game("wildcat-chicane"), 0, 1)
    with pytest.raises(UnknownBot, match="Ladders has no model of its players"):
        make_bot("mcs:rollout=adaptive", get_game("ladders"), 0, 1)


# --- more kinds of player: rollout=adaptive:models=highest ---------------------------------

HIGHEST = ADAPTIVE + ":models=highest"


def test_a_player_who_always_plays_its_highest_card_is_played_so() -> None:
    """The published "Always Highest" is explained by neither the heuristic nor chance; with
    ``models=highest`` the test finds it, seat by seat, and keeps the others as before."""
    bot, _ = play_round(["highest", "heuristic", "random"], seed=4, spec=HIGHEST)
    assert bot.inference.played_as == (0, 2, 0, 1)
    assert bot.inference.modelled == {0, 2}
    evidence = bot.inference.evidence[1]
    heuristic, highest = evidence[1]
    assert highest > 3 and highest > heuristic + 3, evidence


def test_without_the_model_it_is_not_tried() -> None:
    bot, _ = play_round(["highest", "heuristic", "random"], seed=4)
    assert all(len(logs) == 1 for logs in bot.inference.evidence[1].values())
    assert bot.inference.played_as is not None and 2 not in bot.inference.played_as


def test_a_seat_played_as_highest_is_dealt_no_card_above_its_plays() -> None:
    """Always Highest played its highest card at every turn, so every card it holds now is
    below the last one it played: the search's deals know it, uniform deals do not."""
    game = get_game("lame-duck")
    bot, view, last = play_to_turn(["highest"] * 3, seed=5, spec=HIGHEST, turn=6)
    assert bot.inference.played_as == (0, 2, 2, 2)
    draw = bot.inference.sampler(view, random.Random(1))
    uniform = [game.determinize(view, random.Random(k)) for k in range(200)]
    weighed = [draw() for _ in range(200)]

    def below(deals: list[object]) -> float:
        """The share of seats and deals where the seat holds no card above its last."""
        fits = [max(d.hands[s]) < last[s] for d in deals for s in (1, 2, 3)]
        return sum(fits) / len(fits)

    # The pool is dealt again to fit them (LameDuckInference.fit): every deal fits, where few
    # uniform ones do; each is still a whole deck dealt as the view allows.
    assert below(weighed) == 1.0 > 0.5 > below(uniform)
    for deal in weighed[:20]:
        check_position(deal.copy(), COLUMN_LIMIT)
        assert deal.hands[0] == tuple(view["hand"])
        assert [len(h) for h in deal.hands] == view["hand_sizes"]


def test_the_batched_highest_is_the_bot() -> None:
    """``highest_actions`` chooses as ``published.HighestBot`` for every acting seat of 64
    tables at every step (cards and too-low takes), random play between."""
    from pondside.bots.lame_duck_rollout import highest_actions
    from pondside.bots.published import HighestBot

    game = get_game("lame-duck")
    for players in (2, 5):
        t = TABLES(64, players, {"rounds": 2}, seed=players)
        bot = HighestBot(game, 0, random.Random(0))
        rng = np.random.default_rng(0)
        live = np.ones(64, dtype=bool)
        takes = 0
        while not t.over.all():
            chosen = highest_actions(t, rng.random((64, players)), live)
            obs = [t.observe(s) for s in range(players)]
            acting = t.acting()
            assert (chosen[~acting] == t.noop).all()
            for b in range(64):
                for s in np.flatnonzero(acting[b]):
                    view = t.to_view(obs[s], b, int(s))
                    legal = [t.actions[a] for a in np.flatnonzero(t.legal_mask(int(s))[b])]
                    assert t.actions[chosen[b, s]] == bot.choose(view, legal)
                    takes += legal[0].startswith("take")
            t.step(np.where(rng.random((64, 1)) < 0.5, chosen, t.random_actions(rng)))
        assert takes > 0


def test_more_models_are_the_games_and_only_with_adaptive_playouts() -> None:
    game = get_game("lame-duck")
    with pytest.raises(UnknownBot, match="may also try highest, not 'flatmc'"):
        make_bot(ADAPTIVE + ":models=flatmc", game, 0, 1)
    with pytest.raises(UnknownBot, match="models are the kinds of player rollout=adaptive tries"):
        make_bot("mcs:rollout=heuristic:models=highest", game, 0, 1)
    with pytest.raises(
        UnknownBot, match="Down the Drain's model of its players does not weigh each seat apart"
    ):
        make_bot("mcs:rollout=adaptive:models=highest", get_game("down-the-drain"), 0, 1)


def test_one_by_one_and_batched_the_highest_model_plays_alike() -> None:
    """The batched playouts play a seat modelled as highest as the one-by-one ones do: the
    same moves from the same seed either way, and each way reproducible."""
    for spec in (HIGHEST, HIGHEST + ":batch=0"):
        first = play_round(["highest", "heuristic", "highest"], seed=8, spec=spec)[1]
        again = play_round(["highest", "heuristic", "highest"], seed=8, spec=spec)[1]
        assert get_game("lame-duck").scores(first) == get_game("lame-duck").scores(again)


def test_the_search_may_play_its_own_later_moves_at_random() -> None:
    """``own=random``: the playouts play the search's own seat at random, the others as the
    test finds them (a flat search with random playouts, which judges a card by every way the
    round could go on, did better in a field of searching bots: docs/bots.md, session 54)."""
    bot, _ = play_round(["highest", "heuristic", "random"], seed=4, spec=HIGHEST + ":own=random")
    assert bot.inference.played_as == (1, 2, 0, 1)
    with pytest.raises(UnknownBot, match="own is how rollout=adaptive plays the search's own"):
        make_bot("mcs:rollout=random:own=random", get_game("lame-duck"), 0, 1)
    with pytest.raises(UnknownBot, match="is heuristic or random, not 'highest'"):
        make_bot(ADAPTIVE + ":own=highest", get_game("lame-duck"), 0, 1)


def test_redeal_deals_the_seats_played_at_random_afresh_at_every_draw() -> None:
    """``redeal=on``: a random player's cards weigh nothing, so each deal the search draws
    keeps the pool's hands of the seats it infers and deals the random seats' hands and the
    unused cards afresh: far more worlds than the pool's few hundred, each a whole deck."""
    others = ["random", "heuristic", "random"]
    bot, view, _ = play_to_turn(others, seed=5, spec=ADAPTIVE + ":redeal=on", turn=7)
    assert bot.inference.played_as == (0, 1, 0, 1)
    draw = bot.inference.sampler(view, random.Random(1))
    deals = [draw() for _ in range(400)]
    for deal in deals[:20]:
        check_position(deal.copy(), COLUMN_LIMIT)
        assert deal.hands[0] == tuple(view["hand"])
    assert len({d.hands[1] for d in deals}) > 390  # the random seats: afresh each time
    assert len({d.hands[2] for d in deals}) <= 200  # the inferred seat: the pool's


def test_redeal_is_for_an_adaptive_inferring_search() -> None:
    game = get_game("lame-duck")
    with pytest.raises(UnknownBot, match="redeal deals afresh the seats an adaptive, inferring"):
        make_bot("mcs:rollout=adaptive:redeal=on", game, 0, 1)
    with pytest.raises(UnknownBot, match="redeal is on or off, not 'yes'"):
        make_bot(ADAPTIVE + ":redeal=yes", game, 0, 1)
