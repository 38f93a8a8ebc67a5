"""Lame Duck's expert level (issue 31): legal moves, and the same move for the same seed."""

from __future__ import annotations

import random

from pondside.bots import make_bot
from pondside.bots.levels import level_spec
from pondside.games import get_game


def positions(wanted: int):
    """Decisions with a real choice from random four-seat rounds, a take among them (a too-low
    card's column) where the rounds give one: (seat, view, legal)."""
    game = get_game("lame-duck")
    rng = random.Random(7)
    found, took = 0, False
    for m in range(40):
        state = game.new(4, game.options(4, {"rounds": 1}), m)
        while seats := game.to_act(state):
            seat = seats[0]
            legal = game.legal_actions(state, seat)
            is_take = legal[0].startswith("take")
            wanted_here = not took if is_take else rng.random() < 0.1
            if len(legal) > 1 and wanted_here:
                took = took or is_take
                found += 1
                yield seat, game.view(state, seat), legal
                if found >= wanted and took:
                    return
            state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])


def test_the_expert_plays_a_legal_card_or_column_and_the_same_one_for_the_same_seed() -> None:
    game = get_game("lame-duck")
    spec = level_spec(game, "expert")
    for seat, view, legal in positions(3):
        first = make_bot(spec, game, seat, 11).choose(view, legal)
        assert first in legal
        assert make_bot(spec, game, seat, 11).choose(view, legal) == first
