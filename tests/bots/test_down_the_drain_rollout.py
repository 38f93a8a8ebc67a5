"""Down the Drain's batched rollouts (``bots/down_the_drain_rollout.py``): the batched heuristic
chooses as the heuristic at every step, and flat Monte-Carlo and the analysis decide the same
with them. That the playouts end as the one-by-one playouts (the heuristic's to the last bit,
the random policy's in distribution) is tested with every game's in ``test_rollout.py``."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from pondside.analysis import estimate_actions
from pondside.batch.down_the_drain import DownTheDrainTables
from pondside.bots import make_bot
from pondside.bots.down_the_drain import DownTheDrainHeuristic
from pondside.bots.down_the_drain_rollout import heuristic_actions, random_actions
from pondside.engine import Match
from pondside.games.down_the_drain import GAME


def samples(players: int, options: dict[str, Any], count: int, seed: int) -> list[tuple[Any, int]]:
    """(state, seat): a seat's determinization at decisions met in random matches."""
    rng = random.Random(seed)
    found: list[tuple[Any, int]] = []
    while len(found) < count:
        state = GAME.new(players, GAME.options(players, options), seed=rng.getrandbits(32))
        while not state.over and len(found) < count:
            seat = GAME.to_act(state)[0]
            if rng.random() < 0.1:
                found.append((GAME.determinize(GAME.view(state, seat), rng), seat))
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return found


@pytest.mark.parametrize("players", [3, 4, 6, 8])
def test_the_batched_heuristic_chooses_as_the_heuristic_at_every_step(players: int) -> None:
    """The seat to act's card at every step of 48 tables of two-game series, the tables moved on
    half by the heuristic, half at random, so that they reach varied positions."""
    t = DownTheDrainTables(48, players, {"games": 2}, seed=players)
    bots = [DownTheDrainHeuristic(GAME, s, random.Random(0)) for s in range(players)]
    rng = np.random.default_rng(players)
    live = np.ones(48, dtype=bool)
    while not t.over.all():
        chosen = heuristic_actions(t, rng.random((48, players)), live)
        obs = [t.observe(s) for s in range(players)]
        for b in np.flatnonzero(~t.over)[::5]:
            s = int(t.seat[b])
            view = t.to_view(obs[s], int(b), s)
            legal = [t.actions[a] for a in np.flatnonzero(t.legal_mask(s)[b])]
            assert t.actions[chosen[b, s]] == bots[s].choose(view, legal)
        t.step(np.where(rng.random((48, 1)) < 0.5, chosen, t.random_actions(rng)))


def test_the_batched_policies_act_only_for_the_live_tables() -> None:
    t = DownTheDrainTables(6, 4, seed=1)
    live = np.array([True, False] * 3)
    u = np.random.default_rng(0).random((6, 4))
    for policy in (heuristic_actions, random_actions):
        actions = policy(t, u, live)
        assert (actions[~live] == t.noop).all()
        t.step(actions, rows=live)  # legal where live: the step refuses anything else


def positions(count: int, seed: int) -> list[tuple[Any, list[str], int]]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        match = Match(GAME, 4, seed=rng.getrandbits(32))
        for _ in range(rng.randrange(20)):
            seat = match.to_act()[0]
            match.apply(seat, rng.choice(match.legal(seat)))
        seat = match.to_act()[0]
        if len(match.legal(seat)) > 1:
            out.append((match.view(seat), match.legal(seat), seat))
    return out


@pytest.mark.parametrize("extra", [":reward=win:prior=heuristic", ":reward=margin"])
def test_mcs_decides_the_same_batched_and_one_by_one_with_heuristic_playouts(extra: str) -> None:
    """The expert's search (flat Monte-Carlo, heuristic playouts): the same values for every
    sample, so the same card, with the playouts batched (the default) and one by one."""
    for k, (view, legal, seat) in enumerate(positions(3, seed=5)):
        spec = f"mcs:iterations=60:rollout=heuristic{extra}"
        batched = make_bot(spec, GAME, seat, k)
        alone = make_bot(spec + ":batch=0", GAME, seat, k)
        assert batched.choose(view, legal) == alone.choose(view, legal)
        assert batched.values == alone.values  # type: ignore[attr-defined]
        assert batched.batched(GAME.determinize(view, random.Random(0)), 4).playouts > 0  # type: ignore[attr-defined]


def test_mcs_with_batched_random_playouts_is_legal_and_reproducible_for_a_seed() -> None:
    for k, (view, legal, seat) in enumerate(positions(2, seed=7)):
        spec = "mcs:iterations=80:rollout=random"
        chosen = [make_bot(spec, GAME, seat, k) for _ in range(2)]
        first, second = (bot.choose(view, legal) for bot in chosen)
        assert first in legal and first == second
        assert chosen[0].values == chosen[1].values  # type: ignore[attr-defined]


def test_the_analysis_estimates_the_same_with_playouts_batched_or_one_by_one() -> None:
    for k, (view, legal, _seat) in enumerate(positions(2, seed=9)):
        batched = estimate_actions(GAME, view, legal, iterations=60, seed=k)
        alone = estimate_actions(GAME, view, legal, iterations=60, seed=k, batch=0)
        assert batched.to_json()["actions"] == alone.to_json()["actions"]
