"""Down the Drain's batched rollouts (``bots/down_the_drain_rollout.py``): the batched heuristic
chooses as the heuristic at every step and acts only where asked. The playouts, the search and
the analysis on them are tested with every game's batched rollouts in ``test_rollout.py``."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pondside.batch.down_the_drain import DownTheDrainTables
from pondside.bots.down_the_drain import DownTheDrainHeuristic
from pondside.bots.down_the_drain_rollout import heuristic_actions, random_actions
from pondside.games.down_the_drain import GAME


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
