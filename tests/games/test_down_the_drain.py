"""Down the Drain rule scenarios, named after the rulings DD-1..DD-11 (rules/down-the-drain.md)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from pondside.engine import BadDeal, BadOption, BadPosition, IllegalAction, Match, Rng
from pondside.games.down_the_drain import DECK, GAME, GUARD_CYCLES, group_value

ANNE, PAUL, RACHEL, CAMILLE = 0, 1, 2, 3


def flat(cards: Any) -> list[int]:
    return [c for x in cards for c in flat(x)] if isinstance(cards, list | tuple) else [cards]


def rest_of_deck(*used: Any) -> list[int]:
    """The deck minus ``used`` (cards, or nested lists of cards), highest first."""
    left = Counter(DECK)
    left.subtract(flat(used))
    assert min(left.values()) >= 0, "a scenario uses a card more often than the deck holds it"
    return sorted(left.elements(), reverse=True)


def deal(hands: list[list[int]], top: list[int] = (), start: int = 0) -> dict[str, Any]:  # type: ignore[assignment]
    """A full deal: these hands, the stack starting with ``top`` then the rest of the deck."""
    return {"hands": hands, "stack": list(top) + rest_of_deck(hands, list(top)), "start": start}


def position(
    hands: list[list[int]],
    front: list[int | None],
    turn: int,
    *,
    stack: list[int] | None = None,
    discard: list[int] | None = None,
    plays: int = 0,
    games: int = 1,
    game_no: int = 1,
    history: list[dict[str, Any]] | None = None,
    rng: int = 12345,
) -> dict[str, Any]:
    """A mid-game snapshot; the cards not given go to the stack (or, with ``stack``, the discard)."""
    used = [*hands, [f for f in front if f]]
    if stack is None:
        stack = rest_of_deck(*used, discard or [])
    if discard is None:
        discard = rest_of_deck(*used, stack)
    return {
        "game": "down-the-drain",
        "players": len(hands),
        "options": {"games": games},
        "rng": rng,
        "last_events": [],
        "game_no": game_no,
        "history": history or [],
        "hands": hands,
        "front": front,
        "stack": stack,
        "discard": discard,
        "top": 0,
        "seat": turn,
        "start": 0,
        "plays": plays,
        "over": False,
    }


def at(pos: dict[str, Any], seed: int = 0) -> Match[Any]:
    return Match(GAME, pos["players"], pos["options"], position=pos, seed=seed)


def play(m: Match[Any], *moves: str) -> list[dict[str, Any]]:
    """Apply 'play N' actions for whoever is to act; returns every event."""
    events = []
    for move in moves:
        (seat,) = m.to_act()
        events += m.apply(seat, move)
    return events


def to_draw(p: dict[str, Any]) -> list[int]:
    """The stack still to draw, top card first (the cards before ``top`` were drawn)."""
    return list(p["stack"][p["top"] :])


def snapshot(m: Match[Any]) -> tuple[Any, ...]:
    p = m.position()
    return p["hands"], p["front"], p["discard"], to_draw(p)


# --- the rulebook's full example ------------------------------------------------------------

EXAMPLE_HANDS = [
    [2, 3, 4, 5, 6, 9],  # Anne
    [2, 3, 4, 8, 10, 14],  # Paul
    [2, 3, 6, 7, 11, 12],  # Rachel
    [2, 3, 5, 7, 13, 15],  # Camille
]
EXAMPLE_TOP = [20, 19, 18]


def test_rulebook_example_turn_by_turn() -> None:
    """The rulebook's 'Example of several player turns' (and the rulings' worked example)."""
    d = deal(EXAMPLE_HANDS, EXAMPLE_TOP, start=ANNE)
    stack = d["stack"]
    m = Match(GAME, 4, deal=d, seed=7)
    assert m.to_act() == (ANNE,)

    m.apply(ANNE, "play 6")  # Anne plays a 6 as her first card
    assert snapshot(m) == (
        [[2, 3, 4, 5, 9], [2, 3, 4, 8, 10, 14], [2, 3, 6, 7, 11, 12], [2, 3, 5, 7, 13, 15]],
        [6, None, None, None],
        [],
        stack,
    )

    ev = m.apply(PAUL, "play 8")  # 8 beats the 6: Anne flushes it and draws
    assert {"type": "beaten", "seats": [ANNE], "cards": [6]} in ev
    assert snapshot(m) == (
        [[2, 3, 4, 5, 9, 20], [2, 3, 4, 10, 14], [2, 3, 6, 7, 11, 12], [2, 3, 5, 7, 13, 15]],
        [None, 8, None, None],
        [6],
        stack[1:],
    )

    ev = m.apply(RACHEL, "play 7")  # nothing happens: 7 is not higher than 8
    assert [e["type"] for e in ev] == ["play"]
    assert snapshot(m)[1:] == ([None, 8, 7, None], [6], stack[1:])

    ev = m.apply(CAMILLE, "play 7")  # both 7s are added, 14 beats Paul's 8
    assert ev[0] == {"type": "play", "seat": CAMILLE, "card": 7, "value": 14, "group": 2}
    assert snapshot(m) == (
        [[2, 3, 4, 5, 9, 20], [2, 3, 4, 10, 14, 19], [2, 3, 6, 11, 12], [2, 3, 5, 13, 15]],
        [None, None, 7, 7],
        [6, 8],
        stack[2:],
    )

    ev = m.apply(ANNE, "play 9")  # 9 does not beat both 7s
    assert [e["type"] for e in ev] == ["play"]
    assert snapshot(m)[1:] == ([9, None, 7, 7], [6, 8], stack[2:])

    ev = m.apply(PAUL, "play 14")  # not added to the 7s; still beats Anne's 9
    assert {"type": "beaten", "seats": [ANNE], "cards": [9]} in ev
    # Rachel's turn begins: her 7 is still in front, so both 7s are pushed through.
    assert {"type": "push", "seat": RACHEL, "card": 7, "seats": [RACHEL, CAMILLE]} in ev
    assert snapshot(m) == (
        [[2, 3, 4, 5, 18, 20], [2, 3, 4, 10, 19], [2, 3, 6, 11, 12], [2, 3, 5, 13, 15]],
        [None, 14, None, None],
        [6, 8, 9, 7, 7],
        stack[3:],
    )
    assert m.to_act() == (RACHEL,)

    m.apply(RACHEL, "play 6")  # ... then Rachel plays a 6 and has 4 cards left in her hand
    hands, front, discard, rest = snapshot(m)
    assert hands[RACHEL] == [2, 3, 11, 12] and len(hands[RACHEL]) == 4
    assert front == [None, 14, 6, None]
    assert discard == [6, 8, 9, 7, 7]
    assert rest == stack[3:] and len(rest) == 90 - 24 - 3
    assert m.view(None)["groups"] == [
        {"number": 14, "seats": [PAUL], "value": 14, "through": PAUL},
        {"number": 6, "seats": [RACHEL], "value": 6, "through": RACHEL},
    ]


# --- DD-1 deck ------------------------------------------------------------------------------


def test_dd1_the_deck_has_90_cards_in_the_given_counts() -> None:
    counts = Counter(DECK)
    assert len(DECK) == 90
    assert counts[2] == 16 and counts[3] == 12 and counts[4] == 9 and counts[5] == 8
    assert counts[6] == counts[7] == 6 and counts[8] == 5
    assert counts[9] == counts[10] == counts[11] == 4
    assert counts[12] == counts[13] == counts[14] == 3 and counts[15] == 2
    assert all(counts[c] == 1 for c in range(16, 21))
    assert set(counts) == set(range(2, 21))


def test_dd1_a_deal_with_a_card_too_many_or_unknown_is_refused() -> None:
    d = deal(EXAMPLE_HANDS)
    d["stack"][-1] = 20  # a second 20
    with pytest.raises(BadDeal, match="DD-1"):
        Match(GAME, 4, deal=d, seed=1)
    d = deal(EXAMPLE_HANDS)
    d["stack"][-1] = 21
    with pytest.raises(BadDeal, match="2 to 20"):
        Match(GAME, 4, deal=d, seed=1)
    d = deal(EXAMPLE_HANDS)
    d["stack"].pop()
    with pytest.raises(BadDeal, match="DD-1"):
        Match(GAME, 4, deal=d, seed=1)


# --- DD-2 players and deal ------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_dd2_six_cards_each_five_at_seven_and_eight(players: int) -> None:
    m = Match(GAME, players, seed=3)
    v = m.view(0)
    k = 5 if players >= 7 else 6
    assert v["hand_sizes"] == [k] * players
    assert v["stack_size"] == 90 - k * players
    assert v["discard"] == [] and v["front"] == [None] * players


@pytest.mark.parametrize("players", [2, 9])
def test_dd2_three_to_eight_players(players: int) -> None:
    with pytest.raises(BadOption, match="3-8"):
        Match(GAME, players, seed=1)


def test_dd2_the_start_player_is_random_and_play_is_clockwise() -> None:
    starts = {Match(GAME, 5, seed=s).to_act()[0] for s in range(40)}
    assert starts == set(range(5))
    m = Match(GAME, 5, deal=deal([[2, 3, 4, 5, 6, 8]] * 5, start=3), seed=1)
    order = []
    for _ in range(6):
        (seat,) = m.to_act()
        order.append(seat)
        m.apply(seat, m.legal(seat)[0])
    assert order == [3, 4, 0, 1, 2, 3]


def test_dd2_a_deal_with_wrong_hand_sizes_is_refused() -> None:
    with pytest.raises(BadDeal, match="5 cards with 7 players"):
        Match(GAME, 7, deal={"hands": [[2] * 6] * 7, "stack": [], "start": 0}, seed=1)
    with pytest.raises(BadDeal, match="start"):
        Match(GAME, 4, deal={**deal(EXAMPLE_HANDS), "start": 4}, seed=1)


# --- DD-3 in front and groups ---------------------------------------------------------------


def test_dd3_a_group_is_worth_number_times_size() -> None:
    assert group_value((7, 7, 0, 8), 7) == 14
    assert group_value((7, 7, 0, 8), 8) == 8


def test_dd3_a_triple_group_beats_what_its_pair_could_not() -> None:
    # Seats 0 and 1 hold 5s (10); seat 2's 12 stands above them; seat 3 adds a third 5: 15 > 12.
    m = at(position([[2, 3], [2, 3], [2, 3], [5, 9]], [5, 5, 12, None], turn=3))
    ev = play(m, "play 5")
    assert ev[0] == {"type": "play", "seat": 3, "card": 5, "value": 15, "group": 3}
    assert {"type": "beaten", "seats": [2], "cards": [12]} in ev
    # Seat 0's turn begins: the three 5s are pushed through together.
    assert {"type": "push", "seat": 0, "card": 5, "seats": [0, 1, 3]} in ev
    v = m.view(None)
    assert v["front"] == [None] * 4 and v["discard"][-4:] == [12, 5, 5, 5]
    assert v["hand_sizes"] == [2, 2, 3, 1]


def test_dd3_a_triple_group_is_shown_with_its_value() -> None:
    m = at(position([[2, 3], [2, 3], [2, 3], [5, 9], [4]], [20, 5, 5, None, None], turn=3))
    ev = play(m, "play 5")
    assert [e["type"] for e in ev] == ["play"]  # 15 < 20: nothing beaten
    assert m.view(None)["groups"] == [
        {"number": 20, "seats": [0], "value": 20, "through": 0},
        {"number": 5, "seats": [1, 2, 3], "value": 15, "through": 1},
    ]


def test_dd3_each_player_has_at_most_one_card_in_front() -> None:
    # Seat 0's 9 is pushed through before it plays again: never two cards in front.
    m = at(position([[3, 9], [4, 6], [2, 6]], [None, None, None], turn=0))
    play(m, "play 9", "play 4", "play 2")
    assert m.view(None)["front"] == [None, 4, 2]
    play(m, "play 3")  # beats the 2; seat 1's 4 is pushed through as its turn begins
    assert m.view(None)["front"] == [3, None, None]


# --- DD-4 a turn ----------------------------------------------------------------------------


def test_dd4a_push_through_takes_the_whole_group_and_no_replacement() -> None:
    m = at(position([[2, 3, 4], [6, 9], [3, 6]], [None, None, None], turn=0))
    play(m, "play 3", "play 9", "play 3")  # 9 beats the 3; seat 2's 3 alone (3 < 9) stays
    v = m.view(None)
    assert v["front"] == [None, 9, 3] and v["hand_sizes"] == [3, 1, 1]
    stack_size = v["stack_size"]
    ev = play(m, "play 2")  # seat 0 had no card in front; plays 2: nothing beaten
    assert [e["type"] for e in ev] == ["play", "push"]  # seat 1's turn: its 9 is pushed through
    assert ev[1] == {"type": "push", "seat": 1, "card": 9, "seats": [1]}
    v = m.view(None)
    assert v["front"] == [2, None, 3] and v["hand_sizes"] == [2, 1, 1]
    assert v["stack_size"] == stack_size  # no replacement
    assert v["discard"][-1] == 9
    assert m.to_act() == (1,) and m.legal(1) == ["play 6"]


def test_dd4b_any_card_may_be_played_even_a_low_one() -> None:
    m = at(position([[2, 3, 20], [2, 6], [3, 6]], [None, None, 18], turn=0))
    assert m.legal(0) == ["play 2", "play 20", "play 3"]
    play(m, "play 2")
    assert m.view(None)["front"] == [2, None, 18]


def test_dd4b_only_the_player_to_act_may_play_a_card_they_hold() -> None:
    m = at(position([[2, 3], [2, 6], [3, 6]], [None, None, None], turn=0))
    with pytest.raises(IllegalAction, match="seat 0's turn"):
        m.apply(1, "play 2")
    with pytest.raises(IllegalAction, match="holds no 6"):
        m.apply(0, "play 6")
    with pytest.raises(IllegalAction, match="play N"):
        m.apply(0, "play 21")
    assert m.legal(1) == []


def test_dd4c_a_card_of_the_same_number_joins_the_group() -> None:
    m = at(position([[2, 6], [6, 9], [3, 6]], [None, None, 10], turn=0))
    ev = play(m, "play 6")
    assert [e["type"] for e in ev] == ["play"]  # 6 < 10
    ev = play(m, "play 6")  # joins: 12 > 10
    assert ev[0]["value"] == 12
    assert {"type": "beaten", "seats": [2], "cards": [10]} in ev


def test_dd4d_only_strictly_lower_groups_are_beaten() -> None:
    m = at(position([[2, 9], [2, 3], [3, 6], [4, 5]], [None, 9, 8, 10], turn=0))
    ev = play(m, "play 9")  # joins seat 1's 9: 18 beats the 8 and the 10
    assert {"type": "beaten", "seats": [2, 3], "cards": [8, 10]} in ev
    m = at(position([[2, 6], [2, 4], [5, 6], [4, 5], [4]], [None, None, 3, 3, 5], turn=0))
    ev = play(m, "play 6")  # 6 beats the 5 but not the two 3s, worth 6 too
    assert {"type": "beaten", "seats": [4], "cards": [5]} in ev
    assert m.view(None)["front"] == [6, None, 3, 3, None]


def test_dd4d_a_beaten_group_loses_every_card_and_each_owner_draws() -> None:
    m = at(position([[2, 20], [2, 3], [3, 6], [4, 5]], [None, 6, 6, 6], turn=0, stack=[11, 12, 13]))
    ev = play(m, "play 20")  # 20 > 18
    assert {"type": "beaten", "seats": [1, 2, 3], "cards": [6, 6, 6]} in ev
    v = m.view(None)
    assert v["front"] == [20, None, None, None]
    assert m.position()["hands"] == [[2], [2, 3, 11], [3, 6, 12], [4, 5, 13]]
    assert v["stack_size"] == 0


# --- DD-5 matching a value is not joining -----------------------------------------------------


def test_dd5_a_14_against_two_7s_neither_joins_nor_beats() -> None:
    m = at(position([[2, 14], [2, 3], [3, 6], [4, 5]], [None, None, 7, 7], turn=0))
    ev = play(m, "play 14")
    assert ev == [{"type": "play", "seat": 0, "card": 14, "value": 14, "group": 1}]
    assert m.view(None)["groups"] == [
        {"number": 14, "seats": [0], "value": 14, "through": 0},
        {"number": 7, "seats": [2, 3], "value": 14, "through": 2},
    ]


def test_dd5_a_7_against_a_14_does_not_join_it() -> None:
    m = at(position([[2, 7], [2, 3], [3, 6], [4, 5]], [None, None, 14, 7], turn=0))
    ev = play(m, "play 7")  # joins the 7 (14), not the 14: equal, nothing beaten
    assert ev == [{"type": "play", "seat": 0, "card": 7, "value": 14, "group": 2}]


# --- DD-6 order of draws ----------------------------------------------------------------------


def test_dd6_beaten_players_draw_clockwise_from_the_player_after_the_one_who_played() -> None:
    # Seat 2 plays; seats 0, 1, 3, 4 are beaten: they draw in the order 3, 4, 0, 1.
    pos = position(
        [[2, 3], [2, 3], [4, 20], [4, 5], [4, 5]],
        [8, 9, None, 10, 11],
        turn=2,
        stack=[12, 13, 14, 15, 16],
    )
    m = at(pos)
    ev = play(m, "play 20")
    assert {"type": "beaten", "seats": [3, 4, 0, 1], "cards": [10, 11, 8, 9]} in ev
    assert [e["seat"] for e in ev if e["type"] == "draw"] == [3, 4, 0, 1]
    hands = m.position()["hands"]
    assert hands == [[2, 3, 14], [2, 3, 15], [4], [4, 5, 12], [4, 5, 13]]
    assert to_draw(m.position()) == [16]
    assert m.position()["discard"][-4:] == [10, 11, 8, 9]


# --- DD-7 empty stack -------------------------------------------------------------------------


def test_dd7_an_empty_stack_is_the_discard_pile_reshuffled_by_the_match_generator() -> None:
    hands = [[2, 20], [2, 3], [3, 6], [4, 5]]
    front = [None, 8, 9, 10]
    pos = position(hands, front, turn=0, stack=[11])
    discard = pos["discard"]
    m = at(pos)
    ev = play(m, "play 20")
    # Seat 1 draws the last stack card; then the pile (with the beaten 8, 9, 10) is shuffled.
    assert [e["type"] for e in ev] == ["play", "beaten", "draw", "reshuffle", "draw", "draw"]
    pile = [*discard, 8, 9, 10]
    assert ev[3] == {"type": "reshuffle", "cards": len(pile)}
    new_stack = Rng(pos["rng"]).shuffled(pile)
    p = m.position()
    assert p["hands"] == [
        [2],
        sorted([2, 3, 11]),
        sorted([3, 6, new_stack[0]]),
        sorted([4, 5, new_stack[1]]),
    ]
    assert to_draw(p) == new_stack[2:]
    assert p["discard"] == []
    assert sorted([*to_draw(p), new_stack[0], new_stack[1]]) == sorted(pile)


def test_dd7_the_reshuffle_is_reproducible_and_hidden() -> None:
    pos = position([[2, 20], [2, 3], [3, 6], [4, 5]], [None, 8, 9, 10], turn=0, stack=[])
    a, b = at(pos), at(pos)
    play(a, "play 20")
    play(b, "play 20")
    assert a.position() == b.position()
    v = a.view(0)
    assert "stack" not in v and v["stack_size"] == len(to_draw(a.position()))


# --- DD-8 winning -----------------------------------------------------------------------------


def test_dd8_pushing_the_last_card_through_wins_at_once() -> None:
    m = at(position([[9], [2, 3], [2, 3]], [None, None, None], turn=0))
    ev = play(m, "play 9", "play 2", "play 3")  # seat 0's turn begins: its last card is pushed
    assert ev[-2:] == [
        {"type": "game_end", "game": 1, "winners": [0], "held": [0, 2, 2], "places": [1, 2, 2]},
        {"type": "match_end", "scores": [0.0, 2.0, 2.0], "places": [1, 2, 2]},
    ]
    assert m.is_over() and m.to_act() == () and m.legal(0) == []
    out = m.outcome()
    assert out is not None and out.places == (1, 2, 2) and out.scores == (0.0, 2.0, 2.0)
    with pytest.raises(IllegalAction, match="over"):
        m.apply(0, "play 2")


def test_dd8_a_player_whose_last_card_is_beaten_draws_and_plays_on() -> None:
    m = at(position([[5], [2, 9], [2, 3]], [None, None, None], turn=0, stack=[17, 18]))
    ev = play(m, "play 5", "play 9")  # 9 beats the last card 5: seat 0 draws 17
    assert {"type": "draw", "seat": 0} in ev
    assert not m.is_over()
    assert m.position()["hands"][0] == [17]
    play(m, "play 2")
    assert m.to_act() == (0,) and m.legal(0) == ["play 17"]


def test_dd8_a_shared_win_when_a_group_is_pushed_through_together() -> None:
    m = at(position([[5], [5], [2, 3]], [None, None, None], turn=0))
    play(m, "play 5", "play 5")  # seat 1 joins: both hands are empty
    ev = play(m, "play 2")  # seat 0's turn begins: the 5s are pushed through
    assert {"type": "push", "seat": 0, "card": 5, "seats": [0, 1]} in ev
    end = next(e for e in ev if e["type"] == "game_end")
    assert end["winners"] == [0, 1] and end["held"] == [0, 0, 2]
    assert m.is_over()
    out = m.outcome()
    assert out is not None and out.places == (1, 1, 3) and out.scores == (0.0, 0.0, 2.0)


def test_dd8_a_joiner_wins_during_another_players_turn() -> None:
    m = at(position([[5, 6], [5], [2, 3]], [None, None, None], turn=0))
    play(m, "play 5", "play 5", "play 2")
    # Seat 0's turn begins: the 5s go; seat 1, whose hand is empty, wins on seat 0's turn.
    assert m.is_over()
    v = m.view(None)
    assert (v["winners"], v["hand_scores"]) == ([[1]], [[1, 0, 2]])
    out = m.outcome()
    assert out is not None and out.places == (2, 1, 3)


def test_dd8_a_push_through_with_cards_left_does_not_win() -> None:
    m = at(position([[5, 6], [5, 7], [2, 3]], [None, None, None], turn=0))
    play(m, "play 5", "play 5", "play 2")
    assert not m.is_over() and m.to_act() == (0,)
    assert m.view(None)["hand_sizes"] == [1, 1, 1]


# --- DD-9 result and series -------------------------------------------------------------------


def test_dd9_losers_ranked_by_cards_held_hand_and_front_ties_share() -> None:
    m = at(position([[9], [2, 3, 4], [2, 3], [2, 3]], [None, None, None, None], turn=0))
    play(m, "play 9", "play 2", "play 2", "play 3")  # seat 0's turn: 9 pushed through, wins
    assert m.is_over()
    out = m.outcome()
    assert out is not None
    # The two 2s joined (4 < 9); seat 3's 3 does not beat them (3 < 4).
    assert m.view(None)["held"] == [0, 3, 2, 2]
    assert out.places == (1, 4, 2, 2)
    assert out.scores == (0.0, 3.0, 2.0, 2.0)


def test_dd9_a_series_rotates_the_start_player_left() -> None:
    m = Match(GAME, 4, {"games": 3}, deal=deal(EXAMPLE_HANDS, start=2), seed=11)
    starts = [m.view(None)["start"]]
    rng = random.Random(5)
    while not m.is_over():
        (seat,) = m.to_act()
        before = m.view(None)["hand_number"]
        legal = m.legal(seat)
        m.apply(seat, legal[rng.randrange(len(legal))])
        v = m.view(None)
        if v["hand_number"] != before:
            starts.append(v["start"])
            assert m.to_act() == (v["start"],)
            assert v["plays"] == 0 and v["discard"] == [] and v["hand_sizes"] == [6] * 4
    assert starts == [2, 3, 0]
    assert len(m.view(None)["hand_scores"]) == 3


def test_dd9_a_series_ranks_by_total_cards_held_when_games_won_tie() -> None:
    history = [
        [[0], [0, 1, 5, 2]],
        [[1, 2], [9, 0, 0, 1]],
    ]
    # The third game: seat 3 pushes its last card through; seat 1's 3 beats seat 0's 2.
    pos = position(
        [[2, 3], [2, 3], [2, 3], [9]],
        [None, None, None, None],
        turn=3,
        games=3,
        game_no=3,
        history=history,
    )
    m = at(pos)
    play(m, "play 9", "play 2", "play 3", "play 2")
    assert m.is_over()
    v = m.view(None)
    assert (v["winners"][2], v["hand_scores"][2]) == ([3], [2, 2, 2, 0])
    assert v["wins"] == [1, 1, 1, 1]
    assert v["totals"] == [11, 3, 7, 3]
    out = m.outcome()
    assert out is not None
    assert out.scores == (11.0, 3.0, 7.0, 3.0)
    assert out.places == (4, 1, 3, 1)


def test_dd9_games_won_come_before_cards_held() -> None:
    history = [[[0], [0, 1, 1, 1]], [[0], [0, 1, 1, 1]]]  # (winners, held) per game
    pos = position(
        [[2, 3, 4, 5], [9], [2, 3], [2, 3]],
        [None, None, None, None],
        turn=1,
        games=3,
        game_no=3,
        history=history,
    )
    m = at(pos)
    play(m, "play 9", "play 2", "play 2", "play 3")  # seat 1 wins game 3; seat 0 holds 4
    v = m.view(None)
    assert (v["winners"][2], v["hand_scores"][2]) == ([1], [4, 0, 2, 2])
    assert v["wins"] == [2, 1, 0, 0] and v["totals"] == [4, 2, 4, 4]
    out = m.outcome()
    assert out is not None and out.places == (1, 2, 3, 3)


# --- DD-10 guard ------------------------------------------------------------------------------


def test_dd10_the_game_ends_after_500_full_cycles_with_no_winner() -> None:
    n = 3
    pos = position(
        [[2, 3], [4, 5, 6], [2, 9]], [None, None, None], turn=2, plays=GUARD_CYCLES * n - 1
    )
    m = at(pos)
    ev = play(m, "play 9")
    assert {"type": "guard", "cycles": GUARD_CYCLES} in ev
    assert m.is_over()
    end = next(e for e in ev if e["type"] == "game_end")
    assert end["winners"] == [] and end["held"] == [2, 3, 2]
    out = m.outcome()
    assert out is not None and out.places == (1, 3, 1)


def test_dd10_one_play_short_of_the_guard_goes_on() -> None:
    pos = position(
        [[2, 3], [4, 5, 6], [2, 9]], [None, None, None], turn=1, plays=GUARD_CYCLES * 3 - 2
    )
    m = at(pos)
    play(m, "play 4")
    assert not m.is_over()


# --- DD-11 information ------------------------------------------------------------------------


def test_dd11_a_view_shows_own_hand_only_and_never_the_stack_order() -> None:
    m = Match(GAME, 4, deal=deal(EXAMPLE_HANDS), seed=2)
    v = m.view(1)
    assert v["hand"] == EXAMPLE_HANDS[1]
    assert "stack" not in v and "hands" not in v and "rng" not in v
    assert "hand" not in m.view(None)
    assert set(m.view(None)) | {"hand"} == set(v)


def test_dd11_draw_events_never_name_the_card() -> None:
    m = Match(GAME, 4, deal=deal(EXAMPLE_HANDS, EXAMPLE_TOP), seed=2)
    ev = play(m, "play 6", "play 8")
    assert {"type": "draw", "seat": 0} in ev
    assert all("card" not in e for e in ev if e["type"] == "draw")


# --- positions and perft ----------------------------------------------------------------------


def test_position_round_trip_keeps_legal_actions_and_views() -> None:
    m = Match(GAME, 4, deal=deal(EXAMPLE_HANDS, EXAMPLE_TOP), seed=2)
    play(m, "play 6", "play 8", "play 7")
    p = m.position()
    m2 = Match(GAME, 4, position=p, seed=0)
    assert m2.position() == p
    assert [m2.view(s) for s in range(4)] == [m.view(s) for s in range(4)]
    assert m2.legal(3) == m.legal(3)


def test_bad_positions_are_refused() -> None:
    p = position([[2, 3], [2, 3], [2, 3]], [None, None, None], turn=0)
    p["discard"].append(2)
    with pytest.raises(BadPosition, match="DD-1"):
        at(p)
    p = position([[2, 3], [2, 3], []], [None, None, None], turn=2)
    with pytest.raises(BadPosition, match="empty hand"):
        at(p)
    p = position([[2, 3], [2, 3], [2]], [9, None, None], turn=0)
    with pytest.raises(BadPosition, match="pushed through"):
        at(p)


def test_perft_legal_action_counts() -> None:
    m = Match(GAME, 4, deal=deal(EXAMPLE_HANDS, EXAMPLE_TOP), seed=2)
    assert len(m.legal(0)) == 6
    m = at(position([[2, 2, 3, 3, 3, 20], [2], [2]], [None, None, None], turn=0))
    assert m.legal(0) == ["play 2", "play 20", "play 3"]

    def perft(match_pos: dict[str, Any], depth: int) -> int:
        if depth == 0:
            return 1
        total = 0
        st = GAME.from_position(match_pos["players"], match_pos["options"], match_pos)
        stack = [(st, depth)]
        while stack:
            s, d = stack.pop()
            if d == 0 or GAME.is_over(s):
                total += 1
                continue
            (seat,) = GAME.to_act(s)
            for a in GAME.legal_actions(s, seat):
                stack.append((GAME.apply(s, seat, a)[0], d - 1))
        return total

    start = Match(GAME, 4, deal=deal(EXAMPLE_HANDS, EXAMPLE_TOP), seed=2).position()
    assert [perft(start, d) for d in range(4)] == [1, 6, 36, 216]


def test_a_cards_label_shows_the_seats_it_joins_and_beats_for_the_pages_preview() -> None:
    """Rulebook example, Camille to play a 7 after Anne 6 (beaten), Paul 8, Rachel 7: her 7
    joins Rachel's (two 7s, worth 14) and beats Paul's 8; the label says so in words for the
    terminal and in seats for a page's preview."""
    m = Match(GAME, 4, deal=deal(EXAMPLE_HANDS), seed=2)
    for seat, card in [(0, 6), (1, 8), (2, 7)]:
        m.apply(seat, f"play {card}")
    view = m.view(3)
    label = GAME.action_label(view, "play 7", ["Anne", "Paul", "Rachel", "Camille"])
    assert label["shows"] == {"card": 7, "joins": [2], "beats": [1], "value": 14}
    assert label["effect"] == "→ joins Rachel: worth 14; beats Paul"
    alone = GAME.action_label(view, "play 2", ["Anne", "Paul", "Rachel", "Camille"])
    assert alone["shows"] == {"card": 2, "joins": [], "beats": [], "value": 2}
