"""King of the Quackers' batched rollouts (``bots/king_of_the_quackers_rollout.py``): the random
policy is uniform over the legal actions (Bombs and promises included) and acts only where
asked, its playouts have the one-by-one playouts' distribution, and the searches play on them;
the heuristic's playouts stay one by one."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from pondside.batch import KingOfTheQuackersTables
from pondside.bots import make_bot
from pondside.bots.king_of_the_quackers_rollout import random_actions
from pondside.bots.rollout import batched_rollouts
from pondside.bots.search import MCSBot
from pondside.games.king_of_the_quackers import GAME

SETUPS = [
    (3, {}),
    (4, {}),
    (3, {"deck": "basic", "bidding": True}),
    (4, {"bidding": True, "lead_passes": "left"}),
]


def samples(players: int, options: dict[str, Any], count: int, seed: int) -> list[tuple[Any, int]]:
    """(state, seat): a seat's determinization at decisions met in random matches, the others'
    hidden choices withdrawn as the search withdraws them."""
    rng = random.Random(seed)
    found: list[tuple[Any, int]] = []
    while len(found) < count:
        state = GAME.new(players, GAME.options(players, options), seed=rng.getrandbits(32))
        while not GAME.is_over(state) and len(found) < count:
            seat = GAME.to_act(state)[0]
            if rng.random() < 0.1:
                others = tuple(s for s in range(players) if s != seat)
                sample = GAME.determinize(GAME.view(state, seat), rng)
                found.append((GAME.withdraw_choices(sample, others), seat))
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return found


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_the_random_policy_reads_each_legal_action_from_one_slice_of_the_uniform(
    players: int, options: dict[str, Any]
) -> None:
    """At each of the first steps of two tables (the pass, leads, follows, Bombs, promises),
    uniforms spread over [0, 1) give every legal action of each acting seat exactly once."""
    t = KingOfTheQuackersTables(2, players, options, seed=players)
    rng = np.random.default_rng(0)
    live = np.ones(2, dtype=bool)
    for _ in range(40):
        mask = t.legal_mask()
        acting = t.acting()
        for b, s in np.argwhere(acting):
            legal = np.flatnonzero(mask[b, s])
            got = []
            if t.phase[b] == 0:  # the pass: the first card from the uniform, then the second
                held = int(t.held[b, s])
                us = [
                    (i + (j + 0.5) / (held - 1)) / held
                    for i in range(held)
                    for j in range(held - 1)
                ]
            else:
                us = [(k + 0.5) / len(legal) for k in range(len(legal))]
            for x in us:
                u = np.full((2, players), 0.5)
                u[b, s] = x
                got.append(int(random_actions(t, u, live)[b, s]))
            assert sorted(got) == legal.tolist()
        t.step(random_actions(t, rng.random((2, players)), live))
        if t.over.any():
            break


def test_the_random_policy_acts_only_for_the_live_tables() -> None:
    t = KingOfTheQuackersTables(6, 4, {"bidding": True}, seed=1)
    live = np.array([True, False] * 3)
    rng = np.random.default_rng(0)
    for _ in range(60):
        actions = random_actions(t, rng.random((6, 4)), live)
        assert (actions[~live] == t.noop).all()
        t.step(actions, rows=live)  # legal where live: the step refuses anything else


@pytest.mark.parametrize(("players", "options"), [(4, {}), (3, {"deck": "basic", "bidding": True})])
def test_batched_random_playouts_have_the_one_by_one_distribution(
    players: int, options: dict[str, Any]
) -> None:
    """Different generators, so playouts differ one by one; over 1,000 playouts of each the
    mean reward of every seat agrees within four standard errors."""
    n = 1000
    (state, seat), *_ = samples(players, options, 1, 11)
    legal = GAME.legal_actions(state, seat)
    bot = MCSBot(GAME, seat, random.Random(2), rollout="random", reward="mixed")
    one = np.array([bot.play_each(state, legal, [0], luck)[0] for luck in range(n)])
    rollouts = batched_rollouts(GAME, players, "random", "mixed")
    assert rollouts is not None
    together = np.array([r[0] for r in rollouts.play([state] * n, [[(seat, legal[0])]] * n, 3)])
    se = np.sqrt(one.var(axis=0) / n + together.var(axis=0) / n)
    assert (np.abs(one.mean(axis=0) - together.mean(axis=0)) < 4 * se).all()
    assert (one != together).any()  # the streams do differ


def test_the_candidates_of_a_sample_share_their_random_luck() -> None:
    """Common random numbers: the same candidate twice in one sample plays out the same."""
    rollouts = batched_rollouts(GAME, 4, "random", "rank")
    assert rollouts is not None
    for state, seat in samples(4, {"bidding": True}, 5, seed=3):
        move = (seat, GAME.legal_actions(state, seat)[0])
        twice = rollouts.play([state], [[move, move]], 9)[0]
        assert twice[0] == twice[1]


def test_searches_with_batched_random_playouts_spend_their_budget_on_the_batch() -> None:
    for k, (state, seat) in enumerate(samples(4, {}, 3, 6)):
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        for spec in ("ismcts:iterations=60:batch=16", "mcs:iterations=120"):
            bot = make_bot(spec, GAME, seat, k)
            assert bot.choose(view, legal) in legal
            rollouts = bot.batched(state, 4)  # type: ignore[attr-defined]
            assert rollouts is not None
            if len(legal) > 1:
                assert rollouts.playouts == bot.iterations_done > 0  # type: ignore[attr-defined]


def test_the_heuristics_playouts_stay_one_by_one() -> None:
    assert batched_rollouts(GAME, 4, "heuristic", "rank") is None
    assert batched_rollouts(GAME, 4, "random", "rank") is not None
