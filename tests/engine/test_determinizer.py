"""``Game.determinizer``: the sampler a search draws from one view gives the states
``determinize`` gives, from the same draws (issue 29, point 5: the view is read once)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pondside.engine import Game
from pondside.games import all_games


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.info.slug)
def test_the_sampler_deals_as_determinize(game: Game[Any]) -> None:
    moves = random.Random(7)
    for players in (game.info.min_players, game.info.max_players):
        state = game.new(players, game.options(players), players)
        for step in range(120):
            seats = game.to_act(state)
            if not seats:
                break
            if step % 15 == 0:
                view = game.view(state, seats[0])
                one, other = random.Random(step), random.Random(step)
                sample = game.determinizer(view)
                for _ in range(3):
                    assert sample(one).snapshot() == game.determinize(view, other).snapshot()
                assert one.random() == other.random()
            legal = game.legal_actions(state, seats[0])
            state, _ = game.apply(state, seats[0], moves.choice(legal))
