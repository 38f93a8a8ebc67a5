"""Issue 27's new-player trial: the games' words it found wrong, each pinned here."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from pondside.engine import Match
from pondside.games.wildcat_chicane import GAME as CHICANE
from pondside.games.wildcat_chicane import SUIT
from pondside.games.wildcat_chicane.narrate import play_prompt


def test_wc10_no_trump_in_hand_no_word_of_a_trump_winning() -> None:
    assert play_prompt("V", False, "V", "no", holds_trump=False) == (
        "You have no Waves: play any card."
    )
    assert "a trump can win" in play_prompt("V", False, "S", "no", holds_trump=True)


@given(st.sampled_from([3, 4]), st.sampled_from(["wildcat", "classic"]), st.integers(0, 2**32))
def test_wc10_the_trump_part_is_said_only_to_a_hand_holding_a_trump(
    n: int, variant: str, seed: int
) -> None:
    rng = random.Random(seed)
    m = Match(CHICANE, n, {"variant": variant}, seed=seed)
    while not m.is_over() and m.view(None)["hand_number"] == 1:
        seat = m.to_act()[0]
        prompt = m.view(seat)["prompt"] or ""
        if prompt.startswith("You have no"):
            s = m.state
            holds = any(SUIT[c][s.readings[seat]] == s.trumps[seat] for c in s.hands[seat])
            assert ("a trump can win" in prompt) == holds, prompt
        m.apply(seat, rng.choice(m.legal(seat)))


def test_lobby_options_speak_the_players_words_and_count_seats_from_one() -> None:
    from pondside.games.ladders import GAME as LADDERS
    from pondside.games.lame_duck import GAME as LAME_DUCK
    from pondside.server.gamefacts import players_words

    helps = {o.name: players_words(o.help) for o in LAME_DUCK.info.options}
    assert "..10·" not in helps["expert"] and "all in play" not in helps["expert"]
    assert helps["expert"].startswith("a smaller deck: 10 cards per player plus 4")
    teams = {o.name: players_words(o.help) for o in LADDERS.info.options}["teams"]
    assert "0+2" not in teams and "seats 1 and 3 against seats 2 and 4" in teams
    assert teams.endswith("(4 players)")


def test_kq15_the_excuses_play_says_why_a_low_single_may_follow_it() -> None:
    from pathlib import Path

    pinned = Path(__file__).parent / "narration" / "king-of-the-quackers-4p-seed3.txt"
    line = next(x for x in pinned.read_text().splitlines() if "plays the Excuse," in x)
    assert "one-card Bomb" in line and "any single sharing a suit" in line


def test_kq14_the_excuse_led_says_it_has_no_suit() -> None:
    from pondside.games.king_of_the_quackers.narrate import excuse_effect

    assert "no suit" in excuse_effect(True) and "any single card may follow" in excuse_effect(True)


def test_la9_a_discard_to_an_empty_rung_pile_does_not_say_empty_twice() -> None:
    from pondside.games.ladders.narrate import discard_label

    assert discard_label("11", 0, None) == ("discard 11 to RUNG pile 1", "(ends your turn)")
    assert discard_label("7", 1, "9") == ("discard 7 to RUNG pile 2", "on 9 (ends your turn)")
