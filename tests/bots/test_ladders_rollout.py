"""Ladders' batched rollouts (``bots/ladders_rollout.py``): the batched heuristic chooses as the
heuristic at every step, the random policy is uniform over the legal actions, and the playouts,
cut and judged by progress as one by one, end as the one-by-one playouts (the heuristic: the same
rewards; the random policy: the same distribution); the searches decide with them."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from pondside.batch.ladders import LaddersTables
from pondside.bots import make_bot
from pondside.bots.ladders import LaddersHeuristic
from pondside.bots.ladders_rollout import heuristic_actions, random_actions
from pondside.bots.rollout import batched_rollouts
from pondside.bots.search import MCSBot
from pondside.games.ladders import GAME

SETUPS = [(2, {}), (3, {"rounds": 2}), (4, {"teams": True}), (6, {"rounds": 1})]


def samples(players: int, options: dict[str, Any], count: int, seed: int) -> list[tuple[Any, int]]:
    """(state, seat): a seat's determinization at decisions met in matches played half by the
    heuristic and half at random (random play alone hardly builds an ACCENT pile)."""
    rng = random.Random(seed)
    bots = [LaddersHeuristic(GAME, s, random.Random(0)) for s in range(players)]
    found: list[tuple[Any, int]] = []
    while len(found) < count:
        state = GAME.new(players, GAME.options(players, options), seed=rng.getrandbits(32))
        while not GAME.is_over(state) and len(found) < count:
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            if rng.random() < 0.03 and len(legal) > 1:
                found.append((GAME.determinize(GAME.view(state, seat), rng), seat))
            if rng.random() < 0.5:
                action = bots[seat].choose(GAME.view(state, seat), legal)
            else:
                action = rng.choice(legal)
            state, _ = GAME.apply(state, seat, action)
    return found


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_the_batched_heuristic_chooses_as_the_heuristic_at_every_step(
    players: int, options: dict[str, Any]
) -> None:
    """The choice of the seat to act at every step of 24 tables, moved on half by the
    heuristic and half at random, is the one-by-one heuristic's on the table's view."""
    n = 24
    t = LaddersTables(n, players, options, seed=players)
    bots = [LaddersHeuristic(GAME, s, random.Random(0)) for s in range(players)]
    rng = np.random.default_rng(players)
    live = np.ones(n, dtype=bool)
    checked = 0
    while not t.over.all() and checked < 1500:
        chosen = heuristic_actions(t, rng.random((n, players)), live)
        mask = t.legal_mask()
        for b in np.flatnonzero(~t.over)[::2]:
            s = int(t.turn[b])
            view = t.to_view(t.observe(s), int(b), s)
            legal = [t.actions[a] for a in np.flatnonzero(mask[b, s])]
            assert t.actions[chosen[b, s]] == bots[s].choose(view, legal)
            checked += 1
        t.step(np.where(rng.random((n, 1)) < 0.5, chosen, t.random_actions(rng)))
    assert checked >= 1500


def test_the_random_policy_reads_each_legal_action_from_one_slice_of_the_uniform() -> None:
    """At every step of a few tables, uniforms spread over [0, 1) give every legal action of
    the seat to act, each from as many of them: the choice is uniform."""
    t = LaddersTables(4, 4, {"teams": True}, seed=1)
    rng = np.random.default_rng(0)
    live = np.ones(4, dtype=bool)
    for _ in range(80):
        mask = t.legal_mask()
        acting = t.acting()
        counts = mask.sum(axis=2)
        got = np.zeros_like(mask, dtype=np.int64)
        for k in range(int(counts.max())):
            u = (k + 0.5) / np.maximum(counts, 1)
            picks = random_actions(t, np.minimum(u, 0.999999), live)
            for b, s in np.argwhere(acting & (k < counts)):
                got[b, s, picks[b, s]] += 1
        assert ((got == 1) == mask).all() and (got <= 1).all()
        t.step(
            np.where(
                rng.random((4, 1)) < 0.5,
                heuristic_actions(t, rng.random((4, 4)), live),
                random_actions(t, rng.random((4, 4)), live),
            )
        )


def test_the_batched_policies_act_only_for_the_live_tables() -> None:
    t = LaddersTables(6, 3, seed=1)
    live = np.array([True, False] * 3)
    rng = np.random.default_rng(0)
    for _ in range(30):
        for policy in (heuristic_actions, random_actions):
            actions = policy(t, rng.random((6, 3)), live)
            assert (actions[~live] == t.noop).all()
        t.step(actions, rows=live)  # legal where live: the step refuses anything else


@pytest.mark.parametrize(("players", "options"), SETUPS)
@pytest.mark.parametrize(("horizon", "turns"), [(60, 3), (25, None), (400, 1)])
def test_batched_heuristic_playouts_end_as_the_one_by_one_playouts(
    players: int, options: dict[str, Any], horizon: int, turns: int | None
) -> None:
    """The heuristic draws nothing: from the same state each candidate's playout, cut after
    ``horizon`` decisions or ``turns`` passes of the turn (or at the round's end), is the same,
    so its reward is the same, for every reward."""
    for reward in ("rank", "win", "margin", "mixed", "score"):
        rollouts = batched_rollouts(GAME, players, "heuristic", reward)
        assert rollouts is not None
        for state, seat in samples(players, options, 3, players):
            legal = GAME.legal_actions(state, seat)
            bot = MCSBot(
                GAME, seat, random.Random(1), rollout="heuristic", reward=reward,
                horizon=horizon, turns=turns,
            )  # fmt: skip
            one = bot.play_each(state, legal, list(range(len(legal))), 5)
            moves = [[(seat, a) for a in legal]]
            together = rollouts.play([state], moves, 5, cut=(horizon, turns))[0]
            assert together == one


@pytest.mark.parametrize(("players", "options", "turns"), [(3, {}, None), (4, {"teams": True}, 2)])
def test_batched_random_playouts_have_the_one_by_one_distribution(
    players: int, options: dict[str, Any], turns: int | None
) -> None:
    """Different generators, so playouts differ one by one; over 1,000 playouts of each the
    mean reward of every seat agrees within four standard errors."""
    n = 1000
    (state, seat), *_ = samples(players, options, 1, 11)
    legal = GAME.legal_actions(state, seat)
    bot = MCSBot(GAME, seat, random.Random(2), rollout="random", reward="mixed", turns=turns)
    one = np.array([bot.play_each(state, legal, [0], luck)[0] for luck in range(n)])
    rollouts = batched_rollouts(GAME, players, "random", "mixed")
    assert rollouts is not None
    moves = [[(seat, legal[0])]] * n
    together = np.array(
        [r[0] for r in rollouts.play([state] * n, moves, 3, cut=(bot.horizon, turns))]
    )
    se = np.sqrt(one.var(axis=0) / n + together.var(axis=0) / n)
    assert (np.abs(one.mean(axis=0) - together.mean(axis=0)) <= 4 * se + 1e-9).all()
    assert (one != together).any()  # the streams do differ


def test_mcs_decides_the_same_batched_and_one_by_one_with_heuristic_playouts() -> None:
    """The levels' search (``turns=3``, ``reward=margin``, the heuristic as prior)."""
    for k, (state, seat) in enumerate(samples(2, {}, 4, 5)):
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        spec = "mcs:iterations=60:rollout=heuristic:turns=3:reward=margin:prior=heuristic"
        batched = make_bot(spec + ":batch=16", GAME, seat, k)
        alone = make_bot(spec + ":batch=0", GAME, seat, k)
        assert batched.choose(view, legal) == alone.choose(view, legal)
        assert batched.values == alone.values  # type: ignore[attr-defined]


@pytest.mark.parametrize("spec", ["rollout=random", "rollout=heuristic:turns=2"])
def test_ismcts_with_batched_playouts_spends_its_budget_and_plays_a_legal_action(
    spec: str,
) -> None:
    for k, (state, seat) in enumerate(samples(3, {}, 2, 6)):
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        bot = make_bot(f"ismcts:iterations=48:{spec}:batch=16", GAME, seat, k)
        assert bot.choose(view, legal) in legal
        assert bot.iterations_done == 48  # type: ignore[attr-defined]
        rollouts = bot.batched(state, 3)  # type: ignore[attr-defined]
        assert rollouts is not None and rollouts.playouts > 0


def test_the_heuristic_plays_on_the_batch_only_when_asked_and_random_playouts_by_default() -> None:
    """The batched heuristic is no faster than one by one: the levels stay one by one."""
    state = GAME.new(2, GAME.options(2, {}), seed=1)
    heuristic = "mcs:iterations=60:rollout=heuristic:turns=3:reward=margin:prior=heuristic"
    assert make_bot(heuristic, GAME, 0, 1).batched(state, 2) is None  # type: ignore[attr-defined]
    asked = make_bot(heuristic + ":batch=16", GAME, 0, 1)
    assert asked.batched(state, 2) is not None  # type: ignore[attr-defined]
    assert make_bot("mcs:iterations=60", GAME, 0, 1).batched(state, 2) is not None  # type: ignore[attr-defined]
