"""The one match loop: bots and a person at the terminal take their turns through it."""

from __future__ import annotations

from pondside.bots.external import Choose
from pondside.engine import Match, View
from pondside.games import get_game
from pondside.sim.runner import play_match, play_out


def test_a_person_decides_first_at_a_simultaneous_step() -> None:
    match: Match[object] = Match(get_game("lame-duck"), 3, seed=1)
    assert match.to_act() == (0, 1, 2)  # every seat chooses a card at once
    asked: list[int] = []

    def first_card(seat: int) -> Choose:
        def choose(view: View, legal: list[str]) -> str:
            asked.append(seat)
            return legal[0]

        return choose

    play_out(match, {s: first_card(s) for s in range(3)}, first=2)
    assert asked[:3] == [2, 0, 1] and match.is_over()


def test_bots_play_a_match_to_its_end_and_the_same_seed_replays_it() -> None:
    game = get_game("lame-duck")
    one = play_match(game, 4, None, ["heuristic", "random", "random", "random"], seed=7)
    two = play_match(game, 4, None, ["heuristic", "random", "random", "random"], seed=7)
    assert one.outcome() is not None and one.record() == two.record()
