"""skipbot's naive Skip-Bo baseline, rebuilt for Ladders (bots/ladders_published.py), held to its
source's description: "Naive play-first policy: prioritize any play (stock, discard, then
hand), otherwise end turn, and discard only when forced" (skipbot's ``heuristic14``: the first
discard available, its hand's first card onto its first discard pile). Our CLIMB is its stock,
our RUNGs its discard piles; a partner's CLIMB and RUNGs come right after one's own."""

from __future__ import annotations

import pytest

from pondside.bots import make_bot
from pondside.bots.ladders_published import PLAY_ORDER
from pondside.engine import Match
from pondside.games.ladders import GAME


def kind(action: str) -> int:
    """The action's place in the naive order (plays first), the discards last."""
    return next((i for i, k in enumerate(PLAY_ORDER) if action.startswith(k)), len(PLAY_ORDER))


@pytest.mark.parametrize(
    ("players", "options"), [(2, {"rounds": 1}), (4, {"rounds": 1, "teams": True})]
)
def test_the_naive_bot_plays_whatever_it_can_climb_first_and_discards_only_when_forced(
    players: int, options: dict[str, object]
) -> None:
    decisions = 0
    for seed in range(3):
        bots = [make_bot("naive", GAME, s, seed) for s in range(players)]
        m = Match(GAME, players, options, seed=seed)
        while not m.is_over() and decisions < 3000:
            seat = m.to_act()[0]
            legal = m.legal(seat)
            chosen = bots[seat].choose(m.view(seat), legal)
            # The first kind of play that is legal is the kind it plays: a CLIMB play before
            # any RUNG top, a RUNG top before the hand, a discard only with no play at all.
            assert kind(chosen) == min(kind(a) for a in legal), (chosen, legal)
            if chosen.startswith("discard"):
                # The card goes onto the first RUNG pile it may go to.
                card = chosen.split()[1]
                firsts = [a for a in legal if a.split()[1] == card]
                assert chosen == min(firsts, key=lambda a: int(a.rsplit(" ", 1)[1]))
            m.apply(seat, chosen)
            decisions += 1
    assert decisions >= 500


def test_the_naive_bot_is_reproducible_by_its_seed() -> None:
    def played(seed: int) -> list[str]:
        bots = [make_bot("naive", GAME, s, seed) for s in range(2)]
        m = Match(GAME, 2, {"rounds": 1}, seed=5)
        for _ in range(200):
            if m.is_over():
                break
            s = m.to_act()[0]
            m.apply(s, bots[s].choose(m.view(s), m.legal(s)))
        return [str(a) for a in m.actions]

    assert played(1) == played(1)


def test_the_naive_bot_is_for_ladders_only() -> None:
    from pondside.bots import UnknownBot
    from pondside.games import get_game

    with pytest.raises(UnknownBot):
        make_bot("naive", get_game("lame-duck"), 0, 1)
