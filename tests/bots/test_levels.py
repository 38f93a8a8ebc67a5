"""The ladder's bottom rungs: the beginner is the heuristic with slips."""

from __future__ import annotations

import random

import pytest

from pondside.bots import UnknownBot, make_bot
from pondside.games import all_games, get_game


def decisions(slug: str, matches: int = 6):
    """Every decision with a real choice in a few random matches: (view, legal) per seat."""
    game = get_game(slug)
    rng = random.Random(1)
    for m in range(matches):
        state = game.new(game.info.default_players, game.options(game.info.default_players), m)
        while seats := game.to_act(state):
            seat = seats[0]
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                yield seat, game.view(state, seat), legal
            state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.info.slug)
def test_the_beginner_slips_on_about_its_rate_of_decisions(game) -> None:
    slug = game.info.slug
    beginner = {s: make_bot("beginner", game, s, 5 + s) for s in range(6)}
    slips = total = 0
    for seat, view, legal in decisions(slug):
        action = beginner[seat].choose(view, legal)
        assert action in legal
        if beginner[seat].slipped:
            slips += 1
            assert beginner[seat].explain(view, legal, action) == (
                "a slip: not the move a careful player would make"
            )
        total += 1
        if total >= 400:
            break
    # rate 0.35 (a slip plays another action than the heuristic's: see the next test)
    assert 0.25 < slips / total < 0.45, (slips, total)


def test_a_slip_rate_of_zero_is_the_heuristic_and_of_one_never_is() -> None:
    game = get_game("lame-duck")
    for seat, view, legal in decisions("lame-duck", 2):
        h = make_bot("heuristic", game, seat, 3).choose(view, legal)
        assert make_bot("slips:rate=0", game, seat, 3).choose(view, legal) == h
        assert make_bot("slips:rate=1", game, seat, 3).choose(view, legal) != h


def test_a_bad_slip_rate_says_what_is_expected() -> None:
    with pytest.raises(UnknownBot, match=r"rate .* is 0 to 1, not 2"):
        make_bot("slips:rate=2", get_game("lame-duck"), 0, 0)
