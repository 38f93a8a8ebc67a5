"""A heuristic bot says why it chose (the terminal's ``hint``), without changing its choice."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pondside.bots import RandomBot, make_bot
from pondside.engine import Match
from pondside.games import all_games, slugs


@pytest.mark.parametrize("slug", slugs())
def test_every_heuristic_explains_each_of_its_choices_and_explaining_changes_none(
    slug: str,
) -> None:
    game = next(g for g in all_games() if g.info.slug == slug)
    for seed in (1, 2):
        explained: Match[Any] = Match(game, None, seed=seed)
        plain: Match[Any] = Match(game, None, seed=seed)
        talk = [make_bot("heuristic", game, s, s) for s in range(explained.players)]
        quiet = [make_bot("heuristic", game, s, s) for s in range(plain.players)]
        while not explained.is_over():
            seat = explained.to_act()[0]
            view, legal = explained.view(seat), explained.legal(seat)
            action = talk[seat].choose(view, legal)
            why = talk[seat].explain(view, legal, action)
            assert isinstance(why, str) and why.strip(), (action, why)
            assert quiet[seat].choose(plain.view(seat), plain.legal(seat)) == action
            explained.apply(seat, action)
            plain.apply(seat, action)


def test_a_bot_that_cannot_say_why_says_none() -> None:
    game = next(iter(all_games()))
    match: Match[Any] = Match(game, None, seed=1)
    seat = match.to_act()[0]
    bot = RandomBot(game, seat, random.Random(1))
    view, legal = match.view(seat), match.legal(seat)
    assert bot.explain(view, legal, bot.choose(view, legal)) is None
