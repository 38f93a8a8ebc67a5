"""Lame Duck's expert level (issue 31): legal moves, and the same move for the same seed."""

from __future__ import annotations

import random
from collections.abc import Iterator

from pondside.bots import make_bot
from pondside.bots.levels import level_spec
from pondside.engine import View
from pondside.games import get_game


def positions() -> Iterator[tuple[int, View, list[str]]]:
    """Two decisions from random four-seat rounds: a card to play in the middle of a round, and
    a column to take (a too-low card, LD-8): (seat, view, legal)."""
    game = get_game("lame-duck")
    rng = random.Random(7)
    wanted = {"play", "take"}
    for m in range(40):
        state = game.new(4, game.options(4, {"rounds": 1}), m)
        turn = 0
        while seats := game.to_act(state):
            seat = seats[0]
            legal = game.legal_actions(state, seat)
            kind = legal[0].split()[0]
            if kind in wanted and len(legal) > 1 and (kind == "take" or turn >= 12):
                wanted.discard(kind)
                yield seat, game.view(state, seat), legal
                if not wanted:
                    return
            state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
            turn += 1


def test_the_expert_plays_a_legal_card_or_column_and_the_same_one_for_the_same_seed() -> None:
    game = get_game("lame-duck")
    spec = level_spec(game, "expert")
    checked = []
    for seat, view, legal in positions():
        checked.append(legal[0].split()[0])
        first = make_bot(spec, game, seat, 11).choose(view, legal)
        assert first in legal
        assert make_bot(spec, game, seat, 11).choose(view, legal) == first
    assert sorted(checked) == ["play", "take"]
