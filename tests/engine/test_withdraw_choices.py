"""Withdrawing sampled hidden choices (search bots model other players with their policy)."""

from __future__ import annotations

import random

import pytest

from pondside.engine import Match
from pondside.games import get_game, slugs


@pytest.mark.parametrize("slug", slugs())
def test_withdrawn_seats_are_to_act_again_and_nothing_else_changes(slug: str) -> None:
    game = get_game(slug)
    match = Match(game, seed=5)
    first = match.to_act()
    if len(first) < 2:
        pytest.skip(f"{slug} does not start with a simultaneous step")
    seat, other = first[0], first[1]
    match.apply(seat, match.legal(seat)[0])
    det = game.determinize(match.view(other), random.Random(1))
    assert seat not in game.to_act(det)
    back = game.withdraw_choices(det, (seat,))
    assert seat in game.to_act(back) and other in game.to_act(back)
    assert game.view(back, other)["hand"] == match.view(other)["hand"]
    assert game.withdraw_choices(det, ()) is det
