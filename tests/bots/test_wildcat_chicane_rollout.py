"""Wildcat Chicane's batched rollouts (``bots/wildcat_chicane_rollout.py``): the batched
heuristic chooses as the heuristic at every step, the random policy is uniform over the legal
actions, the playouts end as the one-by-one playouts (the heuristic: the same rewards; the random
policy: the same distribution), and the searches decide with them."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from pondside.batch.wildcat_chicane import WildcatChicaneTables
from pondside.bots import make_bot
from pondside.bots.rollout import batched_rollouts
from pondside.bots.search import MCSBot
from pondside.bots.wildcat_chicane import WildcatChicaneHeuristic
from pondside.bots.wildcat_chicane_rollout import heuristic_actions, random_actions
from pondside.games.wildcat_chicane import GAME

SETUPS = [(3, {}), (4, {}), (3, {"variant": "classic"}), (4, {"variant": "classic", "target": 20})]


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
def test_the_batched_heuristic_chooses_as_the_heuristic_at_every_step(
    players: int, options: dict[str, Any]
) -> None:
    """Every acting seat's choice (ruling cards, calls, bids, cards) at every step of 40 tables
    over several hands, moved on half by the heuristic and half at random."""
    t = WildcatChicaneTables(40, players, {"target": 30, **options}, seed=players)
    bots = [WildcatChicaneHeuristic(GAME, s, random.Random(0)) for s in range(players)]
    rng = np.random.default_rng(players)
    live = np.ones(40, dtype=bool)
    checked = 0
    while not t.over.all() and checked < 3000:
        chosen = heuristic_actions(t, rng.random((40, players)), live)
        obs = [t.observe(s) for s in range(players)]
        acting = t.acting()
        mask = t.legal_mask()
        for b in np.flatnonzero(~t.over)[::3]:
            for s in np.flatnonzero(acting[b]):
                view = t.to_view(obs[s], int(b), int(s))
                legal = [t.actions[a] for a in np.flatnonzero(mask[b, s])]
                assert t.actions[chosen[b, s]] == bots[s].choose(view, legal)
                checked += 1
        t.step(np.where(rng.random((40, 1)) < 0.5, chosen, t.random_actions(rng)))
    assert checked > 1000


@pytest.mark.parametrize(("players", "options"), SETUPS[:3])
def test_the_random_policy_reads_each_legal_action_from_one_slice_of_the_uniform(
    players: int, options: dict[str, Any]
) -> None:
    """At every step of a few tables, uniforms spread over [0, 1) give every legal action of
    each acting seat, each from as many of them: the choice is uniform."""
    t = WildcatChicaneTables(4, players, options, seed=1)
    rng = np.random.default_rng(0)
    live = np.ones(4, dtype=bool)
    for _ in range(60):
        mask = t.legal_mask()
        acting = t.acting()
        counts = mask.sum(axis=2)
        most = int(counts.max())
        got = np.zeros_like(mask, dtype=np.int64)
        for k in range(most):
            u = (k + 0.5) / np.maximum(counts, 1)
            picks = random_actions(t, np.minimum(u, 0.999999), live)
            for b, s in np.argwhere(acting & (k < counts)):
                got[b, s, picks[b, s]] += 1
        assert ((got == 1) == mask).all() and (got <= 1).all()
        t.step(random_actions(t, rng.random((4, players)), live))


def test_the_batched_policies_act_only_for_the_live_tables() -> None:
    t = WildcatChicaneTables(6, 4, seed=1)
    live = np.array([True, False] * 3)
    rng = np.random.default_rng(0)
    for _ in range(30):
        for policy in (heuristic_actions, random_actions):
            actions = policy(t, rng.random((6, 4)), live)
            assert (actions[~live] == t.noop).all()
        t.step(actions, rows=live)  # legal where live: the step refuses anything else


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_batched_heuristic_playouts_end_as_the_one_by_one_playouts(
    players: int, options: dict[str, Any]
) -> None:
    """The heuristic draws nothing: from the same state each candidate's playout is the same,
    so its reward is the same to the last bit, for every reward."""
    for reward in ("rank", "win", "margin", "mixed", "score"):
        rollouts = batched_rollouts(GAME, players, "heuristic", reward)
        assert rollouts is not None
        for state, seat in samples(players, options, 5, players):
            legal = GAME.legal_actions(state, seat)
            bot = MCSBot(GAME, seat, random.Random(1), rollout="heuristic", reward=reward)
            one = bot.play_each(state, legal, list(range(len(legal))), 5)
            together = rollouts.play([state], [[(seat, a) for a in legal]], 5)[0]
            assert together == one


@pytest.mark.parametrize("options", [{}, {"variant": "classic"}])
def test_batched_random_playouts_have_the_one_by_one_distribution(options: dict[str, Any]) -> None:
    """Different generators, so playouts differ one by one; over 1,500 playouts of each the
    mean reward of every seat agrees within four standard errors."""
    n = 1500
    (state, seat), *_ = samples(4, options, 1, 11)
    legal = GAME.legal_actions(state, seat)
    bot = MCSBot(GAME, seat, random.Random(2), rollout="random", reward="mixed")
    one = np.array([bot.play_each(state, legal, [0], luck)[0] for luck in range(n)])
    rollouts = batched_rollouts(GAME, 4, "random", "mixed")
    assert rollouts is not None
    together = np.array([r[0] for r in rollouts.play([state] * n, [[(seat, legal[0])]] * n, 3)])
    se = np.sqrt(one.var(axis=0) / n + together.var(axis=0) / n)
    assert (np.abs(one.mean(axis=0) - together.mean(axis=0)) < 4 * se).all()
    assert (one != together).any()  # the streams do differ


def test_mcs_decides_the_same_batched_and_one_by_one_with_heuristic_playouts() -> None:
    for k, (state, seat) in enumerate(samples(4, {}, 4, 5)):
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        spec = "mcs:iterations=80:rollout=heuristic:reward=win"
        batched = make_bot(spec, GAME, seat, k)
        alone = make_bot(spec + ":batch=0", GAME, seat, k)
        assert batched.choose(view, legal) == alone.choose(view, legal)
        assert batched.values == alone.values  # type: ignore[attr-defined]


@pytest.mark.parametrize("rollout", ["random", "heuristic"])
def test_ismcts_with_batched_playouts_spends_its_budget_and_plays_a_legal_action(
    rollout: str,
) -> None:
    for k, (state, seat) in enumerate(samples(3, {}, 3, 6)):
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        bot = make_bot(f"ismcts:iterations=60:rollout={rollout}:batch=16", GAME, seat, k)
        assert bot.choose(view, legal) in legal
        assert bot.iterations_done == 60  # type: ignore[attr-defined]
        rollouts = bot.batched(state, 3)  # type: ignore[attr-defined]
        assert rollouts is not None and rollouts.playouts > 0


def test_the_bid_search_keeps_its_own_reward_one_by_one() -> None:
    """``bidsearch``'s bid values are the seat's own score, which the batch does not judge."""
    bot = make_bot("bidsearch:iterations=20", GAME, 0, 1)
    state = GAME.new(3, GAME.options(3, {}), seed=1)
    assert bot.bidder.batched(state, 3) is None  # type: ignore[attr-defined]
