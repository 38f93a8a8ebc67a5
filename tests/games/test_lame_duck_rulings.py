"""Lame Duck: every ruling (rules/lame-duck.md, LD-1..LD-12) and worked example as a scenario.

The expected results come from the rulings, not from the code. Positions are built from an
explicit deal (protocol.md: ``{"hands": [[10 cards] per seat], "columns": [4 cards]}``); the
players are seats 0..3, called A..D in the rulings' examples. Cards a test never plays are
padded in as the highest cards nobody else holds, so they never reach a column.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from pondside.engine import BadDeal, BadOption, IllegalAction, Match
from pondside.games.lame_duck import GAME

A, B, C, D = 0, 1, 2, 3


# --- LD-2, written out from the ruling ---------------------------------------------------------
MULTIPLES_OF_11 = {11, 22, 33, 44, 66, 77, 88, 99}  # 55 is its own case
MULTIPLES_OF_10 = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100}
ENDING_IN_5 = {5, 15, 25, 35, 45, 65, 75, 85, 95}


def ducks(card: int) -> int:
    if card == 55:
        return 7
    if card in MULTIPLES_OF_11:
        return 5
    if card in MULTIPLES_OF_10:
        return 3
    if card in ENDING_IN_5:
        return 2
    return 1


# --- helpers -----------------------------------------------------------------------------------
def deal(hands: list[list[int]], columns: list[int], *, deck: int = 104) -> dict[str, list[Any]]:
    """The deal with each hand padded to 10 cards by the highest cards nobody holds."""
    used = {c for h in hands for c in h} | set(columns)
    spare = [c for c in range(deck, 0, -1) if c not in used]
    full = []
    for h in hands:
        need = 10 - len(h)
        full.append(list(h) + spare[:need])
        del spare[:need]
    return {"hands": full, "columns": list(columns)}


def new(
    hands: list[list[int]],
    columns: list[int],
    options: dict[str, Any] | None = None,
    *,
    seed: int = 7,
) -> Match[Any]:
    return Match(GAME, len(hands), options, deal=deal(hands, columns), seed=seed)


def play_turn(m: Match[Any], *cards: int) -> list[dict[str, Any]]:
    """Seat i chooses cards[i]; returns every event of the turn."""
    events: list[dict[str, Any]] = []
    for seat, card in enumerate(cards):
        events += m.apply(seat, f"play {card}")
    return events


def kinds(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def takes(events: list[dict[str, Any]]) -> list[tuple[int, int, int, list[int], int]]:
    """(seat, card, column, cards taken, ducks) of every take, in order."""
    return [
        (e["seat"], e["card"], e["column"], sorted(e["cards"]), e["ducks"])
        for e in kinds(events, "take")
    ]


def places(events: list[dict[str, Any]]) -> list[tuple[int, int, int]]:
    """(seat, card, column) of every card placed without a take, in order."""
    return [(e["seat"], e["card"], e["column"]) for e in kinds(events, "place")]


def cards_of(position: dict[str, Any]) -> list[int]:
    """Every card a position holds: hands, columns, taken, unused, and revealed cards that
    still wait for a too-low player's column."""
    cards = [c for h in position["hands"] for c in h] + list(position["unused"])
    cards += [c for col in position["columns"] for c in col]
    cards += [c for t in position["taken"] for c in t]
    if position["awaiting"] is not None:
        cards += [c for c, _ in position["revealed"]]
    return sorted(cards)


def play_out(m: Match[Any]) -> list[dict[str, Any]]:
    """Finish the match with the LD-11 defaults (a reproducible random play)."""
    events: list[dict[str, Any]] = []
    while not m.is_over():
        events += m.timeout(m.to_act()[0])[1]
    return events


# A full round in which each player feeds its own column, playing its hand upwards:
# the 5th card of each hand is the sixth card of its column, and so is the 10th.
# A takes [1,2,3,4,6] + [7,8,9,12,13]           = 5 + 5  = 10 ducks
# B takes [27,28,29,30,31] + [32,34,36,37,38]   = 7 + 5  = 12
# C takes [53,54,56,57,58] + [59,60,61,62,63]   = 5 + 7  = 12
# D takes [79,81,82,83,84] + [85,86,87,88,89]   = 5 + 10 = 15
ROUND_COLUMNS = [1, 27, 53, 79]
ROUND_HANDS = [
    [2, 3, 4, 6, 7, 8, 9, 12, 13, 14],
    [28, 29, 30, 31, 32, 34, 36, 37, 38, 39],
    [54, 56, 57, 58, 59, 60, 61, 62, 63, 64],
    [81, 82, 83, 84, 85, 86, 87, 88, 89, 91],
]
ROUND_DUCKS = [10, 12, 12, 15]


def play_the_round(m: Match[Any]) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for turn in range(10):
        events += play_turn(m, *(h[turn] for h in ROUND_HANDS))
    return events


# --- LD-1 Deck ---------------------------------------------------------------------------------
def test_ld1_normal_deck_is_1_to_104_one_of_each() -> None:
    m = Match(GAME, 4, seed=11)
    assert cards_of(m.position()) == list(range(1, 105))


@pytest.mark.parametrize("players", [2, 4, 7, 10])
def test_ld1_expert_deck_is_1_to_10p_plus_4_every_card_in_play(players: int) -> None:
    m = Match(GAME, players, {"expert": True}, seed=3)
    pos = m.position()
    assert cards_of(pos) == list(range(1, 10 * players + 5))
    assert pos["unused"] == []
    assert all(len(h) == 10 for h in pos["hands"])


def test_ld1_expert_deals_are_random() -> None:
    hands = {tuple(Match(GAME, 4, {"expert": True}, seed=s).view(0)["hand"]) for s in range(5)}
    assert len(hands) == 5


def test_ld1_expert_deal_must_use_exactly_1_to_44_at_four_players() -> None:
    cards = list(range(1, 45))
    good = {"hands": [cards[i * 10 : i * 10 + 10] for i in range(4)], "columns": cards[40:]}
    m = Match(GAME, 4, {"expert": True}, deal=good, seed=1)
    assert m.position()["unused"] == []
    bad = {"hands": good["hands"], "columns": [41, 42, 43, 45]}
    with pytest.raises(BadDeal, match="45"):
        Match(GAME, 4, {"expert": True}, deal=bad, seed=1)


# --- LD-2 Ducks per card -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("card", "expected"),
    [
        (55, 7),
        (11, 5),
        (44, 5),
        (99, 5),
        (10, 3),
        (50, 3),
        (100, 3),
        (5, 2),
        (45, 2),
        (95, 2),
        (1, 1),
        (54, 1),
        (56, 1),
        (104, 1),
    ],
)
def test_ld2_ducks_per_card_show_on_the_columns(card: int, expected: int) -> None:
    others = [c for c in range(101, 105) if c != card][:3]
    m = new([[], [], [], []], [card, *others])
    assert m.view(None)["column_ducks"][0] == expected


@pytest.mark.parametrize(("players", "expert", "total"), [(4, False, 171), (4, True, 72)])
def test_ld2_deck_holds_171_ducks_or_72_in_expert(players: int, expert: bool, total: int) -> None:
    """Every card of the deck in turn starts a column; the columns' ducks add up."""
    size = 10 * players + 4 if expert else 104
    seen = 0
    for first in range(1, size + 1, 4):
        columns = list(range(first, first + 4))
        rest = [c for c in range(1, size + 1) if c not in columns][: 10 * players]
        d = {"hands": [rest[i * 10 : i * 10 + 10] for i in range(players)], "columns": columns}
        view = Match(GAME, players, {"expert": expert}, deal=d, seed=0).view(None)
        assert view["column_ducks"] == [ducks(c) for c in columns]
        seen += sum(view["column_ducks"])
    assert seen == total == sum(ducks(c) for c in range(1, size + 1))


# --- LD-3 Players ------------------------------------------------------------------------------
def test_ld3_two_to_ten_players_default_four() -> None:
    assert GAME.info.min_players == 2 and GAME.info.max_players == 10
    assert Match(GAME, seed=1).players == 4
    for n in range(2, 11):
        assert Match(GAME, n, seed=1).to_act() == tuple(range(n))


@pytest.mark.parametrize("players", [0, 1, 11])
def test_ld3_fewer_than_two_or_more_than_ten_players_refused(players: int) -> None:
    with pytest.raises(BadOption):
        Match(GAME, players, seed=1)


# --- LD-4 Deal ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "unused"), [(2, 80), (4, 60), (10, 0)])
def test_ld4_ten_cards_each_four_columns_rest_unused(players: int, unused: int) -> None:
    m = Match(GAME, players, seed=5)
    pos, view = m.position(), m.view(None)
    assert [len(h) for h in pos["hands"]] == [10] * players
    assert view["hand_sizes"] == [10] * players
    assert [len(c) for c in view["columns"]] == [1, 1, 1, 1]
    assert len(pos["unused"]) == unused
    assert view["round_ducks"] == [0] * players and view["taken"] == [[]] * players


def test_ld4_same_seed_same_deal_other_seed_other_deal() -> None:
    assert Match(GAME, 4, seed=9).position() == Match(GAME, 4, seed=9).position()
    assert Match(GAME, 4, seed=9).position() != Match(GAME, 4, seed=10).position()


def test_ld4_explicit_deal_is_dealt_exactly() -> None:
    d = deal([[50, 3, 17], [2, 99], [44], [60, 61]], [12, 37, 43, 58])
    m = Match(GAME, 4, deal=d, seed=1)
    for seat in range(4):
        assert sorted(m.view(seat)["hand"]) == sorted(d["hands"][seat])
    assert m.view(None)["columns"] == [[12], [37], [43], [58]]
    used = {c for h in d["hands"] for c in h} | {12, 37, 43, 58}
    assert sorted(m.position()["unused"]) == [c for c in range(1, 105) if c not in used]


def _ok_hands() -> list[list[int]]:
    return [list(range(10 * i + 1, 10 * i + 11)) for i in range(4)]


@pytest.mark.parametrize(
    ("broken", "why"),
    [
        (lambda h, c: {"hands": h[:3], "columns": c}, "3 hands for 4 seats"),
        (lambda h, c: {"hands": [h[0][:9], *h[1:]], "columns": c}, "a hand of 9"),
        (lambda h, c: {"hands": [[*h[0], 90], *h[1:]], "columns": c}, "a hand of 11"),
        (lambda h, c: {"hands": h, "columns": c[:3]}, "3 columns"),
        (lambda h, c: {"hands": h, "columns": [*c, 95]}, "5 columns"),
        (lambda h, c: {"hands": h, "columns": [1, *c[1:]]}, "a card twice"),
        (lambda h, c: {"hands": [[0, *h[0][1:]], *h[1:]], "columns": c}, "card 0"),
        (lambda h, c: {"hands": [[105, *h[0][1:]], *h[1:]], "columns": c}, "card 105"),
        (lambda h, c: {"hands": [["7", *h[0][1:]], *h[1:]], "columns": c}, "a text card"),
        (lambda h, c: {"hands": [[True, *h[0][1:]], *h[1:]], "columns": c}, "a boolean"),
        (lambda h, c: {"hands": h}, "no columns"),
        (lambda h, c: {"hands": h, "columns": c, "stack": []}, "an unknown key"),
        (lambda h, c: [h, c], "not an object"),
    ],
)
def test_ld4_bad_deals_refused(broken: Any, why: str) -> None:
    bad = broken(_ok_hands(), [91, 92, 93, 94])
    with pytest.raises(BadDeal):
        Match(GAME, 4, deal=bad, seed=1)


# --- LD-5 Turns --------------------------------------------------------------------------------
def test_ld5_everyone_chooses_secretly_then_all_are_revealed_together() -> None:
    m = new([[14], [15], [44], [61]], [12, 37, 43, 58])
    assert m.to_act() == (A, B, C, D)
    assert m.apply(C, "play 44") == [{"type": "chose", "seat": C}]
    assert m.to_act() == (A, B, D)
    assert m.legal(C) == []
    assert m.view(None)["chosen"] == [False, False, True, False]
    assert m.view(None)["columns"] == [[12], [37], [43], [58]]  # nothing placed yet
    m.apply(A, "play 14")
    m.apply(D, "play 61")
    events = m.apply(B, "play 15")
    assert kinds(events, "reveal") == [
        {"type": "reveal", "cards": [[A, 14], [B, 15], [C, 44], [D, 61]]}
    ]
    assert m.to_act() == (A, B, C, D)
    assert m.view(None)["hand_sizes"] == [9, 9, 9, 9]


def test_ld5_revealed_cards_are_placed_one_at_a_time_lowest_first() -> None:
    m = new([[63], [4], [19], [45]], [1, 30, 50, 70])
    events = play_turn(m, 63, 4, 19, 45)
    assert [e["card"] for e in events if e["type"] in ("place", "take")] == [4, 19, 45, 63]


def test_ld5_a_chosen_card_is_final() -> None:
    m = new([[14, 20], [15], [44], [61]], [12, 37, 43, 58])
    m.apply(A, "play 14")
    before = m.position()
    for action in ("play 20", "play 14"):
        with pytest.raises(IllegalAction, match="LD-5"):
            m.apply(A, action)
    assert m.position() == before
    assert m.record()["actions"] == [[A, "play 14"]]


def test_ld5_only_a_card_of_ones_own_hand_can_be_chosen() -> None:
    m = new([[14], [15], [44], [61]], [12, 37, 43, 58])
    with pytest.raises(IllegalAction, match="LD-5"):
        m.apply(A, "play 15")  # B's card
    with pytest.raises(IllegalAction, match="LD-5"):
        m.apply(A, "play 50")  # an unused card
    with pytest.raises(IllegalAction, match="LD-5"):
        m.apply(A, "play 12")  # on the table


def test_ld5_a_round_is_ten_turns() -> None:
    m = new(ROUND_HANDS, ROUND_COLUMNS)
    for turn in range(10):
        assert m.view(None)["hand_sizes"] == [10 - turn] * 4
        assert not m.is_over()
        events = play_turn(m, *(h[turn] for h in ROUND_HANDS))
        assert len(kinds(events, "reveal")) == 1
        assert len(kinds(events, "round_end")) == (1 if turn == 9 else 0)
    assert m.is_over()


def test_notation_unknown_action_text_refused() -> None:
    m = new([[14], [15], [44], [61]], [12, 37, 43, 58])
    for action in ("play", "play 105", "take 4", "pass", "play14", "Play 14"):
        with pytest.raises(IllegalAction):
            m.apply(A, action)
    assert m.to_act() == (A, B, C, D)


# --- LD-6 Placement ----------------------------------------------------------------------------
def test_ld6_card_goes_on_the_column_whose_last_card_is_lower_and_closest() -> None:
    m = new([[21], [22], [35], [100]], [10, 20, 30, 40])
    events = play_turn(m, 21, 22, 35, 100)
    # 22 follows 21, which came up first; 35 goes on 30 (lower), never on 40 (closer but higher).
    assert m.view(None)["columns"] == [[10], [20, 21, 22], [30, 35], [40, 100]]
    assert places(events) == [(A, 21, 1), (B, 22, 1), (C, 35, 2), (D, 100, 3)]


def test_ld6_the_player_has_no_choice_of_column() -> None:
    hand = [39, 5, 98, 44, 60, 61, 62, 63, 64, 65]
    m = Match(GAME, 4, deal=deal([hand, [], [], []], [4, 32, 43, 97]), seed=1)
    assert m.legal(A) == sorted(f"play {c}" for c in hand)  # ten actions, no column named
    assert len(m.legal(A)) == 10


# --- LD-7 Sixth card ---------------------------------------------------------------------------
def test_ld7_sixth_card_takes_the_five() -> None:
    m = new([[11, 15], [12, 16], [13, 51], [14, 91]], [10, 50, 70, 90])
    events = play_turn(m, 11, 12, 13, 14)
    assert m.view(None)["columns"] == [[10, 11, 12, 13, 14], [50], [70], [90]]
    assert takes(events) == []  # five cards in a column take nothing
    events = play_turn(m, 15, 16, 51, 91)
    assert takes(events) == [(A, 15, 0, [10, 11, 12, 13, 14], 3 + 5 + 1 + 1 + 1)]
    view = m.view(None)
    assert view["columns"] == [[15, 16], [50, 51], [70], [90, 91]]  # same index, 15 first
    assert view["round_ducks"] == [11, 0, 0, 0]
    assert sorted(view["taken"][A]) == [10, 11, 12, 13, 14]


def test_ld7_fifth_and_sixth_card_in_the_same_turn() -> None:
    m = new([[11, 13], [12, 14], [51, 15], [91, 92]], [10, 50, 70, 90])
    play_turn(m, 11, 12, 51, 91)
    events = play_turn(m, 13, 14, 15, 92)
    # 13 and 14 fill the column to five; C's 15 is the sixth card and takes them.
    assert takes(events) == [(C, 15, 0, [10, 11, 12, 13, 14], 11)]
    assert m.view(None)["columns"] == [[15], [50, 51], [70], [90, 91, 92]]
    assert m.view(None)["round_ducks"] == [0, 0, 11, 0]


# --- LD-8 Too low ------------------------------------------------------------------------------
def too_low_table() -> tuple[Match[Any], list[dict[str, Any]]]:
    """Columns [12] [22] [35] [47] (1, 5, 2, 1 ducks); A 5 is lower than every column."""
    m = new([[5, 6], [13, 14], [23], [48]], [12, 22, 35, 47])
    return m, play_turn(m, 5, 13, 23, 48)


def test_ld8_too_low_card_takes_chosen_column() -> None:
    m, _ = too_low_table()
    events = m.apply(A, "take 1")  # the 5-duck column: the choice is free, not the fewest
    assert takes(events) == [(A, 5, 1, [22], 5)]
    # 5 starts column 1; 13 goes on 12; 23 then goes on 13 (closer than 5); 48 on 47.
    assert places(events) == [(B, 13, 0), (C, 23, 0), (D, 48, 3)]
    view = m.view(None)
    assert view["columns"] == [[12, 13, 23], [5], [35], [47, 48]]
    assert view["taken"] == [[22], [], [], []]
    assert view["round_ducks"] == [5, 0, 0, 0]
    assert m.to_act() == (A, B, C, D)


@pytest.mark.parametrize("column", [0, 1, 2, 3])
def test_ld8_any_column_may_be_taken(column: int) -> None:
    m, _ = too_low_table()
    events = m.apply(A, f"take {column}")
    taken = [12, 22, 35, 47][column]
    assert takes(events) == [(A, 5, column, [taken], ducks(taken))]
    assert m.view(None)["columns"][column][0] == 5


def test_ld8_choice_comes_before_any_card_of_the_turn_is_placed() -> None:
    m, events = too_low_table()
    assert kinds(events, "too_low") == [{"type": "too_low", "seat": A, "card": 5}]
    assert places(events) == [] and takes(events) == []
    view = m.view(B)
    assert view["columns"] == [[12], [22], [35], [47]]
    assert view["revealed"] == [[A, 5], [B, 13], [C, 23], [D, 48]]  # all revealed cards visible
    assert view["awaiting_take"] == A
    assert view["to_act"] == [A]


def test_ld8_meanwhile_that_player_alone_is_to_act() -> None:
    m, _ = too_low_table()
    assert m.to_act() == (A,)
    assert m.legal(A) == ["take 0", "take 1", "take 2", "take 3"]
    assert m.legal(B) == m.legal(C) == m.legal(D) == []
    before = m.position()
    with pytest.raises(IllegalAction, match="LD-8"):
        m.apply(A, "play 6")
    with pytest.raises(IllegalAction, match="LD-8"):
        m.apply(B, "play 14")
    with pytest.raises(IllegalAction, match="LD-8"):
        m.apply(B, "take 0")
    assert m.position() == before


def test_ld8_take_refused_when_no_card_is_too_low() -> None:
    m = new([[14], [15], [44], [61]], [12, 37, 43, 58])
    with pytest.raises(IllegalAction, match="LD-8"):
        m.apply(A, "take 0")
    m.apply(A, "play 14")
    with pytest.raises(IllegalAction, match="LD-8"):
        m.apply(A, "take 0")


def test_ld8_only_the_lowest_card_of_a_turn_can_be_too_low() -> None:
    m = new([[2], [3], [41], [42]], [10, 20, 30, 40])
    events = play_turn(m, 2, 3, 41, 42)  # 2 and 3 are both below every column
    assert kinds(events, "too_low") == [{"type": "too_low", "seat": A, "card": 2}]
    events = m.apply(A, "take 2")
    assert kinds(events, "too_low") == []
    assert takes(events) == [(A, 2, 2, [30], 3)]
    assert places(events) == [(B, 3, 2), (C, 41, 3), (D, 42, 3)]  # 3 follows 2
    assert m.view(None)["columns"] == [[10], [20], [2, 3], [40, 41, 42]]


# --- LD-9 Scoring ------------------------------------------------------------------------------
def test_ld9_the_card_that_starts_a_column_is_not_taken() -> None:
    m, _ = too_low_table()
    m.apply(A, "take 3")
    assert m.view(None)["taken"][A] == [47]
    m2 = new([[11, 15], [12, 16], [13, 51], [14, 91]], [10, 50, 70, 90])
    play_turn(m2, 11, 12, 13, 14)
    play_turn(m2, 15, 16, 51, 91)
    assert 15 not in m2.view(None)["taken"][A]


def test_ld9_a_player_scores_the_ducks_on_the_cards_taken() -> None:
    m = new(ROUND_HANDS, ROUND_COLUMNS)
    events = play_the_round(m)
    got: dict[int, list[int]] = {s: [] for s in range(4)}
    for seat, _card, _col, cards, n in takes(events):
        assert n == sum(ducks(c) for c in cards)
        got[seat] += cards
    assert sorted(got[A]) == [1, 2, 3, 4, 6, 7, 8, 9, 12, 13]
    assert [sum(ducks(c) for c in got[s]) for s in range(4)] == ROUND_DUCKS
    assert m.view(None)["round_ducks"] == ROUND_DUCKS
    assert m.view(None)["totals"] == ROUND_DUCKS
    assert m.view(None)["columns"] == [[14], [39], [64], [91]]


# --- LD-10 Match end ---------------------------------------------------------------------------
def test_ld10_options_and_defaults() -> None:
    assert GAME.info.option_defaults() == {"expert": False, "rounds": 1, "target": None}
    m = Match(GAME, 4, seed=1)
    assert m.options["rounds"] == 1 and m.options["target"] is None
    assert m.options["expert"] is False
    Match(GAME, 4, {"target": 66}, seed=1)
    Match(GAME, 4, {"rounds": 3}, seed=1)
    Match(GAME, 4, {"rounds": None, "target": 66}, seed=1)  # null means "not given"
    Match(GAME, 4, {"rounds": 2, "target": None}, seed=1)


@pytest.mark.parametrize(
    "options",
    [{"rounds": 3, "target": 66}, {"rounds": 1, "target": 66}, {"target": 1, "rounds": 2}],
)
def test_ld10_rounds_and_target_together_is_an_error(options: dict[str, Any]) -> None:
    with pytest.raises(BadOption):
        Match(GAME, 4, options, seed=1)


@pytest.mark.parametrize(
    "options",
    [
        {"rounds": 0},
        {"target": 0},
        {"rounds": "2"},
        {"rounds": True},
        {"expert": "yes"},
        {"expert": 1},
        {"decks": 2},
    ],
)
def test_ld10_bad_option_values_refused(options: dict[str, Any]) -> None:
    with pytest.raises(BadOption):
        Match(GAME, 4, options, seed=1)


def test_ld10_one_round_match_ends_after_ten_turns_tied_players_share_a_place() -> None:
    m = new(ROUND_HANDS, ROUND_COLUMNS)
    events = play_the_round(m)
    assert m.is_over() and m.to_act() == ()
    assert kinds(events, "round_end") == [
        {"type": "round_end", "round": 1, "ducks": ROUND_DUCKS, "totals": ROUND_DUCKS}
    ]
    assert kinds(events, "match_end") == [
        {"type": "match_end", "scores": ROUND_DUCKS, "places": [1, 2, 2, 4]}
    ]
    assert kinds(events, "deal") == []
    outcome = m.outcome()
    assert outcome is not None
    assert list(outcome.scores) == ROUND_DUCKS
    assert list(outcome.places) == [1, 2, 2, 4]


def test_ld10_outcome_only_when_the_match_is_over() -> None:
    m = new(ROUND_HANDS, ROUND_COLUMNS)
    play_turn(m, *(h[0] for h in ROUND_HANDS))
    assert m.outcome() is None and not m.view(None)["over"]


def test_ld10_rounds_two_deals_a_second_round() -> None:
    m = new(ROUND_HANDS, ROUND_COLUMNS, {"rounds": 2}, seed=21)
    events = play_the_round(m)
    assert not m.is_over() and m.outcome() is None
    assert kinds(events, "match_end") == []
    (dealt,) = kinds(events, "deal")
    assert dealt["round"] == 2
    view = m.view(A)
    assert view["hand_number"] == 2
    assert len(view["hand"]) == 10 and view["hand_sizes"] == [10] * 4
    assert view["columns"] == dealt["columns"] and [len(c) for c in view["columns"]] == [1] * 4
    assert view["taken"] == [[]] * 4 and view["round_ducks"] == [0] * 4
    assert view["hand_scores"] == [ROUND_DUCKS] and view["totals"] == ROUND_DUCKS
    assert m.to_act() == (A, B, C, D)
    # LD-4: the whole deck is shuffled again, the cards taken in round 1 included.
    assert cards_of(m.position()) == list(range(1, 105))
    events = play_out(m)
    (end2,) = kinds(events, "round_end")
    assert end2["round"] == 2
    expected = [a + b for a, b in zip(ROUND_DUCKS, end2["ducks"], strict=True)]
    assert end2["totals"] == expected
    assert m.outcome() is not None and list(m.outcome().scores) == expected  # type: ignore[union-attr]
    assert m.view(None)["hand_scores"] == [ROUND_DUCKS, end2["ducks"]]


@pytest.mark.parametrize("target", [15, 12, 1])
def test_ld10_target_ends_the_match_when_someone_reaches_it(target: int) -> None:
    m = new(ROUND_HANDS, ROUND_COLUMNS, {"target": target})
    events = play_the_round(m)
    assert m.is_over()  # D has 15 >= target
    assert kinds(events, "deal") == []
    assert list(m.outcome().places) == [1, 2, 2, 4]  # type: ignore[union-attr]


def test_ld10_target_is_checked_only_at_the_end_of_a_round() -> None:
    m = new(ROUND_HANDS, ROUND_COLUMNS, {"target": 1})
    for turn in range(9):
        play_turn(m, *(h[turn] for h in ROUND_HANDS))
    assert m.view(None)["totals"] == [5, 7, 5, 5]  # everyone is past 1 after turn 5
    assert not m.is_over() and m.to_act() == (A, B, C, D)


def test_ld10_target_not_reached_plays_another_round_until_it_is() -> None:
    m = new(ROUND_HANDS, ROUND_COLUMNS, {"target": 16}, seed=4)
    events = play_the_round(m)
    assert not m.is_over()
    assert kinds(events, "deal")[0]["round"] == 2
    events += play_out(m)
    ends = kinds(events, "round_end")
    assert all(max(e["totals"]) < 16 for e in ends[:-1])
    assert max(ends[-1]["totals"]) >= 16
    assert m.outcome() is not None and list(m.outcome().scores) == ends[-1]["totals"]  # type: ignore[union-attr]


def test_ld10_no_action_after_the_match_is_over() -> None:
    m = new(ROUND_HANDS, ROUND_COLUMNS)
    play_the_round(m)
    assert all(m.legal(s) == [] for s in range(4))
    with pytest.raises(IllegalAction, match="LD-10"):
        m.apply(A, "play 14")
    with pytest.raises(IllegalAction):
        m.timeout(A)


# --- LD-11 Defaults on timeout -----------------------------------------------------------------
def test_ld11_no_card_chosen_in_time_plays_a_card_from_that_hand_reproducibly() -> None:
    hands = [[14, 3, 77], [15], [44], [61]]
    m1, m2 = new(hands, [12, 37, 43, 58], seed=99), new(hands, [12, 37, 43, 58], seed=99)
    legal = m1.legal(A)
    action, events = m1.timeout(A)
    assert action in legal
    assert int(action.split()[1]) in deal(hands, [12, 37, 43, 58])["hands"][A]
    assert events == [{"type": "chose", "seat": A}]
    assert m2.timeout(A)[0] == action  # drawn from the match's generator: reproducible
    assert GAME.timeout_action(m2.state, B) == m1.timeout(B)[0]
    assert m1.record()["actions"][0] == [A, action]  # the record holds the card played


def test_ld11_the_timeout_card_is_uniform_over_the_hand() -> None:
    d = deal([[], [], [], []], [1, 2, 3, 4])
    counts = Counter(Match(GAME, 4, deal=d, seed=s).timeout(A)[0] for s in range(400))
    assert set(counts) == {f"play {c}" for c in d["hands"][A]}
    assert min(counts.values()) >= 15  # 40 expected for each of the 10 cards


def test_ld11_no_column_chosen_in_time_takes_the_fewest_ducks() -> None:
    m = new([[5], [31], [45], [56]], [30, 21, 44, 55])  # 3, 1, 5, 7 ducks
    play_turn(m, 5, 31, 45, 56)
    assert GAME.timeout_action(m.state, A) == "take 1"
    action, events = m.timeout(A)
    assert action == "take 1"
    assert takes(events) == [(A, 5, 1, [21], 1)]


def test_ld11_then_the_fewest_cards() -> None:
    m = new([[13, 3], [51, 14], [71, 26], [72, 52]], [12, 25, 50, 70])
    play_turn(m, 13, 51, 71, 72)
    view = m.view(None)
    assert view["column_ducks"] == [2, 2, 4, 5]
    assert [len(c) for c in view["columns"]] == [2, 1, 2, 3]
    play_turn(m, 3, 14, 26, 52)
    assert m.timeout(A)[0] == "take 1"  # [25] beats [12, 13]: same ducks, fewer cards


def test_ld11_then_the_lowest_index() -> None:
    m = new([[2], [31], [45], [56]], [30, 21, 23, 24])  # 3, 1, 1, 1 ducks, one card each
    play_turn(m, 2, 31, 45, 56)
    assert m.timeout(A)[0] == "take 1"


def test_ld11_only_a_seat_that_is_to_act_can_time_out() -> None:
    m, _ = too_low_table()
    for seat in (B, C, D):
        with pytest.raises(IllegalAction):
            m.timeout(seat)


# --- LD-12 Public information ------------------------------------------------------------------
COLS12 = [12, 37, 43, 58]
HANDS12 = [
    [14, 2, 60, 70, 71, 72, 73, 74, 75, 76],
    [15, 3, 61, 80, 81, 82, 83, 84, 85, 86],
    [44, 4, 62, 90, 91, 92, 93, 94, 95, 96],
    [59, 5, 63, 20, 21, 22, 23, 24, 25, 26],
]


def test_ld12_a_seat_sees_its_own_hand_and_nothing_of_the_others_or_the_unused() -> None:
    """A's view is the same whatever B, C and D hold and whatever lies unused face down."""
    other = [HANDS12[0], HANDS12[2], HANDS12[3], [*HANDS12[1][:9], 100]]  # 86 now unused
    m1 = Match(GAME, 4, deal={"hands": HANDS12, "columns": COLS12}, seed=1)
    m2 = Match(GAME, 4, deal={"hands": other, "columns": COLS12}, seed=1)
    assert sorted(m1.view(A)["hand"]) == sorted(HANDS12[A])
    assert m1.view(A) == m2.view(A)
    # B and C choose (different cards in the two matches); A still sees the same.
    for seat in (B, C):
        e1 = m1.apply(seat, f"play {min(HANDS12[seat])}")
        e2 = m2.apply(seat, f"play {min(other[seat])}")
        assert e1 == e2 == [{"type": "chose", "seat": seat}]
        assert m1.view(A) == m2.view(A)
    assert m1.view(A)["chosen"] == [False, True, True, False]


def test_ld12_a_chosen_card_stays_hidden_until_the_reveal() -> None:
    m = Match(GAME, 4, deal={"hands": HANDS12, "columns": COLS12}, seed=1)
    m.apply(B, "play 15")
    assert m.view(B)["my_choice"] == 15
    assert m.view(A)["my_choice"] is None
    for seat in (A, C, D, None):
        view = m.view(seat)
        assert view["chosen"][B] is True
        assert view["revealed"] == []
    m.apply(A, "play 14")
    m.apply(C, "play 44")
    events = m.apply(D, "play 59")
    assert kinds(events, "reveal")[0]["cards"] == [[A, 14], [B, 15], [C, 44], [D, 59]]
    assert m.view(A)["revealed"] == [[A, 14], [B, 15], [C, 44], [D, 59]]


def test_ld12_the_spectator_sees_no_hand() -> None:
    shuffled = [HANDS12[3], HANDS12[0], HANDS12[1], HANDS12[2]]
    m1 = Match(GAME, 4, deal={"hands": HANDS12, "columns": COLS12}, seed=1)
    m2 = Match(GAME, 4, deal={"hands": shuffled, "columns": COLS12}, seed=1)
    view = m1.view(None)
    assert "hand" not in view and "my_choice" not in view
    assert view == m2.view(None)
    m1.apply(A, "play 14")
    m2.apply(A, f"play {min(shuffled[A])}")
    assert m1.view(None) == m2.view(None)


def test_ld12_public_columns_revealed_and_taken_cards_and_every_duck_total() -> None:
    m, _ = too_low_table()
    m.apply(A, "take 1")
    view = m.view(None)
    assert view["columns"] == [[12, 13, 23], [5], [35], [47, 48]]
    assert view["revealed"] == [[A, 5], [B, 13], [C, 23], [D, 48]]
    assert view["taken"] == [[22], [], [], []]
    assert view["totals"] == [5, 0, 0, 0] and view["round_ducks"] == [5, 0, 0, 0]
    assert view["hand_sizes"] == [9, 9, 9, 9]


# --- Worked examples ---------------------------------------------------------------------------
def test_example1_cards_file_onto_columns_and_nobody_takes() -> None:
    m = new([[14], [15], [44], [61]], [12, 37, 43, 58])
    events = play_turn(m, 14, 15, 44, 61)
    assert m.view(None)["columns"] == [[12, 14, 15], [37], [43, 44], [58, 61]]
    assert places(events) == [(A, 14, 0), (B, 15, 0), (C, 44, 2), (D, 61, 3)]
    assert takes(events) == []
    assert m.view(None)["round_ducks"] == [0, 0, 0, 0]
    assert m.view(None)["taken"] == [[], [], [], []]


def test_example2_a_39_goes_on_the_column_ending_in_32() -> None:
    m = new([[39], [98], [44], [5]], [4, 32, 43, 97])
    events = play_turn(m, 39, 98, 44, 5)
    assert (A, 39, 1) in places(events)
    assert m.view(None)["columns"] == [[4, 5], [32, 39], [43, 44], [97, 98]]


def example3_table() -> Match[Any]:
    """Three turns lead from columns [4] [22] [50] [70] to the example's table.

    1: A 5, B 23, C 25, D 55  -> [4,5] [22,23,25] [50,55] [70]
    2: A 3 (too low, takes [4,5], 3 ducks), B 8, C 26, D 27 -> [3,8] [22,23,25,26,27] ...
    3: A 12, B 17, C 21, D 30 (sixth card, takes [22,23,25,26,27], 10 ducks)
       -> [3,8,12,17,21] [30] [50,55] [70]
    """
    hands = [
        [5, 3, 12, 24, 60, 61, 62, 63, 64, 65],
        [23, 8, 17, 2, 71, 72, 73, 74, 75, 76],
        [25, 26, 21, 56, 80, 81, 82, 83, 84, 85],
        [55, 27, 30, 33, 90, 91, 92, 93, 94, 95],
    ]
    m = Match(GAME, 4, deal={"hands": hands, "columns": [4, 22, 50, 70]}, seed=3)
    play_turn(m, 5, 23, 25, 55)
    play_turn(m, 3, 8, 26, 27)
    m.apply(A, "take 0")
    play_turn(m, 12, 17, 21, 30)
    assert m.view(None)["columns"] == [[3, 8, 12, 17, 21], [30], [50, 55], [70]]
    assert m.view(None)["round_ducks"] == [3, 0, 0, 10]
    return m


def test_example3_too_low_then_sixth_card() -> None:
    m = example3_table()
    events = play_turn(m, 24, 2, 56, 33)
    assert kinds(events, "reveal")[0]["cards"] == [[B, 2], [A, 24], [D, 33], [C, 56]]
    assert kinds(events, "too_low") == [{"type": "too_low", "seat": B, "card": 2}]
    assert m.to_act() == (B,)
    assert m.view(None)["columns"] == [[3, 8, 12, 17, 21], [30], [50, 55], [70]]
    events = m.apply(B, "take 3")  # B takes [70], 3 ducks
    assert takes(events) == [
        (B, 2, 3, [70], 3),
        (A, 24, 0, [3, 8, 12, 17, 21], 5),
    ]
    assert places(events) == [(D, 33, 1), (C, 56, 2)]
    view = m.view(None)
    assert view["columns"] == [[24], [30, 33], [50, 55, 56], [2]]
    # The turn's result: A 5, B 3, C 0, D 0 (on top of A's 3 and D's 10 before it).
    assert view["round_ducks"] == [3 + 5, 0 + 3, 0, 10 + 0]


def test_example3_with_b_timing_out_takes_the_lowest_of_two_three_duck_columns() -> None:
    """LD-11 at example 3: [30] and [70] both hold 3 ducks in one card; column 1 is lower."""
    m = example3_table()
    play_turn(m, 24, 2, 56, 33)
    assert m.view(None)["column_ducks"] == [5, 3, 10, 3]
    action, events = m.timeout(B)
    assert action == "take 1"
    assert takes(events) == [(B, 2, 1, [30], 3), (A, 24, 0, [3, 8, 12, 17, 21], 5)]
    # 33 now goes on A's 24 (closer than B's 2).
    assert m.view(None)["columns"] == [[24, 33], [2], [50, 55, 56], [70]]
