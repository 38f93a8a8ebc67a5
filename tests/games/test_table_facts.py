"""What a page would otherwise work out by a rule of its own, served by the game (issue 26):
Down the Drain's "pushed through on whose turn" (DD-4a), King of the Quackers' neighbours
(KQ-5), Lame Duck's turns a round (LD-5), and each game's own words for its legend."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pondside.engine import Match
from pondside.games import get_game
from pondside.games.down_the_drain import GAME as DD
from pondside.games.down_the_drain.narrate import deck_words
from pondside.games.down_the_drain.state import COUNTS
from pondside.games.king_of_the_quackers import GAME as KQ
from pondside.games.lame_duck import GAME as LD


def _dd_after(seed: int, steps: int) -> Match:
    m = Match(DD, 4, {"games": 1}, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if not m.to_act():
            break
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(sorted(m.legal(seat))))
    return m


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60))
def test_a_group_goes_through_on_the_turn_of_its_first_player_from_the_seat_to_act(
    seed: int, steps: int
) -> None:
    """DD-4a: the group's card is pushed through when one of its players' turn comes: the
    first of them clockwise from the seat to act. Played on without a beating, that turn
    pushes it through."""
    m = _dd_after(seed, steps)
    v = m.view(None)
    for g in v["groups"]:
        if v["over"]:
            assert g["through"] is None
            continue
        now = v["to_act"][0]
        order = [(now + k) % v["players"] for k in range(v["players"])]
        assert g["through"] == next(t for t in order if t in g["seats"])


def test_the_deck_is_told_as_the_rules_count_it() -> None:
    """DD-1 in the legend's words: every number with its count."""
    words = deck_words()
    assert words.startswith("90 cards: sixteen 2s, twelve 3s")
    assert words.endswith("two 15s, and one each of 16 to 20.")
    assert sum(COUNTS.values()) == 90


def test_kq_neighbours_are_left_then_right() -> None:
    """KQ-5: a seat gives to its left neighbour (the next seat) and its right (the one before)."""
    m = Match(KQ, 4, seed=1)
    for seat in range(4):
        assert m.view(seat)["neighbours"] == [(seat + 1) % 4, (seat - 1) % 4]
    assert "neighbours" not in m.view(None)


def test_lame_duck_says_how_many_turns_a_round_has() -> None:
    """LD-5: a round is ten turns."""
    assert Match(LD, 4, seed=1).view(0)["turns"] == 10


def test_every_term_has_words_and_the_games_with_a_legend_name_theirs() -> None:
    for slug in ("down-the-drain", "ladders", "wildcat-chicane"):
        terms = get_game(slug).terms()
        assert terms, slug
        for t in terms:
            assert t["term"] and t["meaning"].endswith("."), t
    assert [t["term"] for t in DD.terms()][:3] == ["joins", "beats", "pushed through"]


def test_lame_duck_serves_each_cards_ducks_and_a_sample_of_each_kind() -> None:
    """LD-2 for the page's card faces: the ducks of every card 1..104, as the rules count them."""
    facts = LD.card_facts()
    assert len(facts["ducks"]) == 105 and facts["ducks"][0] == 0
    assert [facts["ducks"][n] for n in (7, 15, 30, 44, 55, 104)] == [1, 2, 3, 5, 7, 1]
    kinds = [facts["ducks"][s["card"]] for s in facts["samples"]]
    assert kinds == [1, 2, 3, 5, 7]
    assert all(
        s["caption"].startswith(str(k)) for s, k in zip(facts["samples"], kinds, strict=True)
    )
    assert DD.card_facts() == {}
