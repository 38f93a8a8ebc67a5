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
    assert all(evidence[s] > 3 for s in (1, 2, 3)), evidence


def test_random_players_are_played_at_random() -> None:
    bot, _ = play_round(["random", "random", "random"], seed=4)
    assert bot.inference.modelled == {0}
    evidence = bot.inference.evidence[1]
    assert all(evidence[s] < -3 for s in (1, 2, 3)), evidence


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
    modelled = frozenset({0, 2})
    mixed = SeatPolicies(heuristic_actions, random_actions, 4, lambda: modelled)(tables, u, live)
    heuristic = heuristic_actions(tables, u, live)
    uniform = random_actions(tables, u, live)
    assert (mixed[:, [0, 2]] == heuristic[:, [0, 2]]).all()
    assert (mixed[:, [1, 3]] == uniform[:, [1, 3]]).all()
    assert (heuristic[:, 1] != uniform[:, 1]).any()  # the two policies do differ here
    every = SeatPolicies(heuristic_actions, random_actions, 4, lambda: None)(tables, u, live)
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
