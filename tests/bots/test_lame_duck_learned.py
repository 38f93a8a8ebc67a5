"""The ``learned`` Lame Duck bot: legal, deterministic, the features it was trained on, and a
training run that writes weights it loads (issue 29, point 6)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pondside.batch.lame_duck import LameDuckTables
from pondside.bots import make_bot
from pondside.bots.lame_duck_learned import (
    FEATURES,
    LameDuckLearned,
    Policy,
    best_cards,
    card_features,
    heuristic_weights,
    shipped_policy,
    table_inputs,
    view_inputs,
)
from pondside.bots.lame_duck_rollout import heuristic_actions
from pondside.bots.registry import UnknownBot
from pondside.engine import Match
from pondside.games import get_game
from pondside.games.lame_duck import GAME
from pondside.sim.runner import play_match

ROOT = Path(__file__).resolve().parents[2]


def test_learned_is_a_lame_duck_bot_by_name() -> None:
    bot = make_bot("learned", GAME, 0, 1)
    assert isinstance(bot, LameDuckLearned)
    with pytest.raises(UnknownBot, match="plays Lame Duck only"):
        make_bot("learned", get_game("down-the-drain"), 0, 1)


@pytest.mark.parametrize(
    ("players", "options"),
    [(4, {}), (2, {"rounds": 2}), (10, {}), (5, {"expert": True}), (3, {"target": 30})],
)
def test_learned_plays_only_legal_actions_to_the_end(players: int, options: dict) -> None:
    """Every decision of whole matches, takes (LD-8) included, is one of the legal actions."""
    for seed in range(3):
        match = Match(GAME, players, seed=seed, options=options)
        bots = [LameDuckLearned(GAME, s, random.Random(s)) for s in range(players)]
        while not match.is_over():
            seat = match.to_act()[0]
            legal = match.legal(seat)
            action = bots[seat].choose(match.view(seat), legal)
            assert action in legal
            match.apply(seat, action)


def test_learned_is_deterministic_for_a_seed() -> None:
    specs = ["learned", "casual", "casual", "casual"]
    one = play_match(GAME, 4, {}, specs, 11)
    two = play_match(GAME, 4, {}, specs, 11)
    assert one.actions == two.actions
    assert one.outcome() == two.outcome()


def test_the_heuristic_weights_play_as_casual_does() -> None:
    """Under the heuristic's own weights the features choose as ``casual`` chooses: they hold
    its terms, computed the same way."""
    t = LameDuckTables(200, players=4, seed=3)
    seats = np.arange(200) % 4
    none = np.empty(0)
    while not t.over.all():
        actions = heuristic_actions(t, none, ~t.over)
        idx = np.flatnonzero(~t.over & (t.awaiting < 0))
        if len(idx):
            x = table_inputs(t, idx, seats[idx])
            chosen = best_cards(x.hands, card_features(x) @ heuristic_weights())
            assert (chosen - 1 == actions[idx, seats[idx]]).all()
        t.step(actions)


@pytest.mark.parametrize(("players", "options"), [(4, {}), (3, {"expert": True}), (7, {})])
def test_batch_and_view_features_agree(players: int, options: dict) -> None:
    """The features of a seat's view equal those the training computed from the batch, at
    every step of random matches, every seat, too-low turns included."""
    t = LameDuckTables(12, players=players, options=options, seed=5)
    rng = np.random.default_rng(5)
    checked = 0
    while not t.over.all():
        obs = [t.observe(s) for s in range(players)]
        idx = np.flatnonzero(~t.over & (t.awaiting < 0))
        for s in range(players):
            if not len(idx):
                break
            batch = card_features(table_inputs(t, idx, np.full(len(idx), s)))
            for i, table in enumerate(idx):
                x = view_inputs(t.to_view(obs[s], int(table), s))
                single = card_features(x)[0]
                # The batch holds a hand in no order: compare card by card.
                hand = t.hands[table, s, : t.held[table]].astype(np.int64)
                order = np.argsort(hand)
                assert hand[order].tolist() == x.hands[0].tolist()
                np.testing.assert_allclose(batch[i, : len(hand)][order], single, rtol=1e-12)
                checked += 1
        t.step(t.random_actions(rng))
    assert checked > 0


def test_the_shipped_weights_load() -> None:
    policy = shipped_policy()
    assert policy.theta.shape == (Policy.size_of(policy.hidden),)
    assert len(FEATURES) == 22


def test_training_runs_briefly_and_writes_weights_that_load(tmp_path: Path) -> None:
    out = tmp_path / "w.npz"
    args = ["--generations", "2", "--pairs", "2", "--tables", "8", "--eval-deals", "16"]
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "train_lame_duck.py"), *args, "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "done: 2 generations" in done.stdout
    policy = Policy.load(out)
    assert policy.theta.shape == (len(FEATURES),)
    again = tmp_path / "again.npz"
    subprocess.run(
        [sys.executable, str(ROOT / "examples" / "train_lame_duck.py"), *args, "--out", str(again)],
        capture_output=True,
        timeout=60,
        check=True,
    )
    assert np.array_equal(Policy.load(again).theta, policy.theta)  # seeded: the same weights
