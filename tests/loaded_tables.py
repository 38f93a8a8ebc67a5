"""Batched tables loaded from engine states (``load_states``), checked against the engine: the
positions met in random matches, and a check that the loaded tables play on as the engine does.
Shared by the batched engines' tests."""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from pondside.engine import Game


def engine_positions(
    game: Game[Any], players: int, options: dict[str, Any], count: int, seed: int, share: float
) -> list[Any]:
    """``count`` engine states met in random matches, each decision kept with chance ``share``."""
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        state = game.new(players, game.options(players, options), seed=rng.getrandbits(32))
        while not game.is_over(state) and len(found) < count:
            if rng.random() < share:
                found.append(state)
            seat = game.to_act(state)[0]
            state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return found


def assert_plays_on_as_the_engine(
    tables: Any, game: Game[Any], states: list[Any], seed: int
) -> None:
    """Every state loaded into a row plays on at random, with the same actions on the engine,
    to the same view for every seat after every step and to the same places. The choices a
    state holds and the tables do not (``load_states``' actions) are played at the first step,
    and not again on the engine, which made them."""
    t, players = tables, tables.players
    forced = t.load_states(np.arange(len(states)), states)
    rng = np.random.default_rng(seed)
    engine = list(states)
    first = True
    while not t.over.all():
        actions = t.random_actions(rng)
        made = np.zeros_like(forced, dtype=bool)
        if first:
            made = t.acting() & (forced != t.noop)
            actions = np.where(made, forced, actions)
            first = False
        acting = t.acting().copy()
        t.step(actions)
        for b, state in enumerate(engine):
            for s in np.flatnonzero(acting[b] & ~made[b]):
                state, _ = game.apply(state, int(s), t.actions[int(actions[b, s])])
            engine[b] = state
            for seat in range(players):
                view = dict(game.view(state, seat))
                view.pop("last_events", None)
                assert t.to_view(t.observe(seat), b, seat) == view
    assert t.places.tolist() == [list(game.outcome(s).places) for s in engine]
