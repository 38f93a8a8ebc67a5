"""King of the Quackers: every ruling (rules/king-of-the-quackers.md, KQ-1..KQ-30), the worked
examples and the issue's named cases, as scenarios.

Whole hands start from a deal (protocol.md: ``{"hands", "aside", "dealer"}``) and go through the
pass. The end of a hand is set up as a position (the cards nobody holds are the ones already
played this hand), so a scenario needs only the few cards it is about. Seats 0..n-1 clockwise;
left of s is s+1, right is s-1.
"""

from __future__ import annotations

from typing import Any

import pytest

from kq_positions import position
from pondside.engine import BadDeal, BadOption, IllegalAction, Match
from pondside.games.king_of_the_quackers import CODE, GAME, deck_cards

# --- helpers -----------------------------------------------------------------------------------


def play(m: Match[Any], *steps: tuple[int, str]) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for seat, action in steps:
        assert action in m.legal(seat), f"{action!r} by {seat}; legal: {m.legal(seat)}"
        events += m.apply(seat, action)
    return events


def illegal(m: Match[Any], seat: int, action: str, rule: str) -> None:
    assert action not in m.legal(seat)
    with pytest.raises(IllegalAction) as err:
        m.apply(seat, action)
    assert err.value.rule == rule, str(err.value)


SPARE3 = ["2SY", "NV"]  # cards that neither follow nor matter in the scenarios below


def three(a: list[str], b: list[str], c: list[str], **kw: Any) -> Match[Any]:
    return position([a, b, c], turn=kw.pop("turn", 0), **kw)


# --- setup: KQ-1 .. KQ-6 -----------------------------------------------------------------------
def full_deal(players: int, deck: str = "extended", dealer: int = 0) -> dict[str, Any]:
    cards = [CODE[i] for i in deck_cards(deck)]
    k = len(cards) // players
    hands = [cards[i::players][:k] for i in range(players)]
    dealt = {c for h in hands for c in h}
    rest = [c for c in cards if c not in dealt]
    return {"hands": hands, "aside": rest[0] if rest else None, "dealer": dealer}


@pytest.mark.parametrize(
    ("players", "deck", "size", "aside"),
    [
        (3, "extended", 15, False),
        (4, "extended", 11, True),
        (3, "basic", 12, False),
        (4, "basic", 9, False),
    ],
)
def test_kq1_kq4_the_deck_is_dealt_out_evenly(
    players: int, deck: str, size: int, aside: bool
) -> None:
    m = Match(GAME, players, {"deck": deck}, seed=11)
    view = m.view(0)
    assert view["hand_sizes"] == [size] * players
    assert view["put_aside"] is aside
    pos = m.position()
    assert (pos["aside"] is not None) is aside
    every = [c for h in pos["hands"] for c in h] + ([pos["aside"]] if aside else [])
    assert sorted(every) == sorted(CODE[i] for i in deck_cards(deck))
    if deck == "basic":
        assert not {"0", "PMSL", "TMVK"} & set(every)


@pytest.mark.parametrize("players", [2, 5])
def test_kq2_three_or_four_players(players: int) -> None:
    with pytest.raises(BadOption):
        Match(GAME, players, seed=1)


def test_kq3_first_dealer_is_random_then_the_deal_passes_left() -> None:
    assert len({Match(GAME, 4, seed=s).view(None)["dealer"] for s in range(30)}) == 4
    m = three(["NM"], ["2SY"], ["3MV", "4MS"], dealer=2)
    events = play(
        m, (0, "play NM"), (1, "pass"), (2, "pass"), (2, "play 3MV"), (1, "pass"), (2, "play 4MS")
    )
    deal = [e for e in events if e["type"] == "deal"]
    assert deal == [{"type": "deal", "hand": 2, "dealer": 0}]
    assert m.view(None)["dealer"] == 0


def test_kq4_a_deal_must_be_even_and_complete() -> None:
    good = full_deal(4)
    Match(GAME, 4, deal=good, seed=1)
    with pytest.raises(BadDeal, match="put aside"):
        Match(GAME, 4, deal={**good, "aside": None}, seed=1)
    short = {**good, "hands": [h[:-1] for h in good["hands"]]}
    with pytest.raises(BadDeal, match="11 cards"):
        Match(GAME, 4, deal=short, seed=1)
    twice = {**good, "aside": good["hands"][0][0]}
    with pytest.raises(BadDeal, match="twice"):
        Match(GAME, 4, deal=twice, seed=1)
    basic = full_deal(3, "basic")
    basic["hands"][0][0] = "0"
    with pytest.raises(BadDeal, match="basic"):
        Match(GAME, 3, {"deck": "basic"}, deal=basic, seed=1)


def test_kq5_the_pass_is_simultaneous_and_secret() -> None:
    deal = full_deal(3, dealer=2)
    m = Match(GAME, 3, deal=deal, seed=1)
    assert m.to_act() == (0, 1, 2)
    hand0, hand1, hand2 = (list(h) for h in deal["hands"])
    assert len(m.legal(0)) == 15 * 14
    events = m.apply(1, f"give {hand1[0]} {hand1[1]}")
    assert events == [{"type": "gave", "seat": 1}]
    assert m.to_act() == (0, 2)
    assert m.view(0)["chosen"] == [False, True, False]
    assert m.view(0)["gave"] is None and m.view(1)["gave"] == hand1[:2]
    assert hand1[0] not in str(m.view(0)) and hand1[0] not in str(m.view(None))
    with pytest.raises(IllegalAction) as err:
        m.apply(1, f"give {hand1[2]} {hand1[3]}")
    assert err.value.rule == "KQ-5"
    illegal(m, 0, f"give {hand0[0]} {hand0[0]}", "KQ-5")
    illegal(m, 0, f"give {hand0[0]} {hand1[5]}", "KQ-5")
    illegal(m, 0, "pass", "KQ-5")
    m.apply(0, f"give {hand0[0]} {hand0[1]}")
    events = m.apply(2, f"give {hand2[0]} {hand2[1]}")
    assert events == [{"type": "gave", "seat": 2}, {"type": "exchange", "leader": 0}]
    # seat 0 got seat 2's left card (0 is left of 2) and seat 1's right card
    assert m.view(0)["received"] == [hand1[1], hand2[0]]
    assert set(m.view(0)["hand"]) == set(hand0[2:]) | {hand1[1], hand2[0]}
    assert set(m.view(1)["hand"]) == set(hand1[2:]) | {hand0[0], hand2[1]}
    assert m.view(2)["hand"] and hand0[0] not in str(m.view(2))


def test_kq5_at_four_players_the_opposite_player_receives_nothing_from_you() -> None:
    deal = full_deal(4)
    m = Match(GAME, 4, deal=deal, seed=1)
    for s in range(4):
        h = deal["hands"][s]
        m.apply(s, f"give {h[0]} {h[1]}")
    for s in range(4):
        got = set(m.view(s)["hand"]) - set(deal["hands"][s])
        assert got == {deal["hands"][(s - 1) % 4][0], deal["hands"][(s + 1) % 4][1]}
        assert not got & set(deal["hands"][(s + 2) % 4])


def test_kq6_the_dealers_left_neighbour_leads_first() -> None:
    deal = full_deal(4, dealer=3)
    m = Match(GAME, 4, deal=deal, seed=1)
    for s in range(4):
        h = deal["hands"][s]
        m.apply(s, f"give {h[0]} {h[1]}")
    assert m.to_act() == (0,)
    assert "pass" not in m.legal(0)


def test_four_player_extended_hand_with_a_put_aside_card() -> None:
    deal = full_deal(4, dealer=1)
    assert deal["aside"] == "TSLK"
    m = Match(GAME, 4, deal=deal, seed=3)
    assert "TSLK" not in str([m.view(s) for s in (None, 0, 1, 2, 3)])
    for s in range(4):
        h = deal["hands"][s]
        m.apply(s, f"give {h[-1]} {h[-2]}")
    assert m.to_act() == (2,)
    while m.view(None)["hand_number"] == 1:
        seat = m.to_act()[0]
        legal = m.legal(seat)
        m.apply(seat, "pass" if "pass" in legal else legal[0])
        assert "TSLK" not in m.view(None)["played"]
    assert len(m.view(None)["hand_scores"][0]) == 4
    assert sorted(m.view(None)["hand_scores"][0]) == [0, 2, 4, 7]


# --- rounds: KQ-7 .. KQ-12 ---------------------------------------------------------------------
def test_kq7_play_goes_clockwise_skipping_players_without_cards() -> None:
    m = position([["5ML", "9MS"], [], ["7ML", "2SY"], ["NM", "3SK"]], turn=0, out=(1,))
    play(m, (0, "play 5ML"))
    assert m.to_act() == (2,)
    play(m, (2, "play 7ML"))
    assert m.to_act() == (3,)


def test_kq8_the_leader_must_play() -> None:
    m = three(["5ML", "9MS"], SPARE3, ["3MV"])
    illegal(m, 0, "pass", "KQ-8")


def test_kq9_a_player_who_passed_may_play_later_in_the_round() -> None:
    m = three(["5ML", "NL"], ["7ML", "9MS"], ["8VL", "2SY"])
    play(m, (0, "play 5ML"), (1, "pass"), (2, "play 8VL"), (0, "pass"))
    assert "play 9MS" in m.legal(1)


def test_kq10_after_everyone_passes_the_last_player_leads() -> None:
    m = three(["5ML", "NL"], ["7ML", "9MS"], ["8VL", "2SY"])
    events = play(m, (0, "play 5ML"), (1, "play 7ML"), (2, "pass"), (0, "pass"))
    assert events[-1] == {"type": "round_end", "leader": 1}
    assert m.to_act() == (1,) and "pass" not in m.legal(1)
    assert m.view(None)["round"] is None


def test_kq11_lead_passes_right_past_players_who_are_out() -> None:
    hands = [["NK"], ["2SY", "3MV"], ["2VL", "4YK"], []]
    m = position(hands, turn=0, out=(3,))
    events = play(m, (0, "play NK"), (1, "pass"), (2, "pass"))
    assert events[-1] == {"type": "round_end", "leader": 2}  # seat 3, on 0's right, is out
    m = position(hands, turn=0, out=(3,), options={"lead_passes": "left"})
    events = play(m, (0, "play NK"), (1, "pass"), (2, "pass"))
    assert events[-1] == {"type": "round_end", "leader": 1}


def test_kq12_the_hand_ends_mid_round_when_one_player_holds_cards() -> None:
    m = three(["5ML", "9MS"], ["7ML"], ["2SY", "3LY", "NV"])
    events = play(m, (0, "play 5ML"), (1, "play 7ML"), (2, "pass"), (0, "play 9MS"))
    kinds = [e["type"] for e in events]
    assert "round_end" not in kinds
    assert kinds[-4:] == ["play", "out", "hand_end", "deal"]
    end = next(e for e in events if e["type"] == "hand_end")
    assert end["places"] == [2, 1, 3]
    assert end["points"] == [4, 9, 0]
    assert "round_end" not in kinds


# --- combinations: KQ-13 .. KQ-24 --------------------------------------------------------------
def test_kq13_worked_example_1_singles_share_a_suit_with_the_lead_card() -> None:
    m = three(["5ML", "TSLK"], ["9MS", "7SK"], ["9LK", "NS", "9VY"])
    play(m, (0, "play 5ML"), (1, "play 9MS"))
    assert "play 9LK" in m.legal(2)  # shares Leaves with the lead, 9 ≥ 9
    illegal(m, 2, "play NS", "KQ-13")  # shares Suns with the Pact, but not with the lead
    illegal(m, 2, "play 9VY", "KQ-13")
    play(m, (2, "play 9LK"))
    assert m.legal(0) == ["pass", "play TSLK"]


def test_kq13_a_single_must_be_of_equal_or_higher_rank() -> None:
    m = three(["7ML", "2SY"], ["5ML", "7SK"], ["NV", "3LY"])
    play(m, (0, "play 7ML"))
    illegal(m, 1, "play 5ML", "KQ-13")


def test_kq14_the_excuse_led_is_a_suitless_single() -> None:
    m = three(["0", "NK"], ["2SY", "9VY"], ["3MV", "NL"])
    play(m, (0, "play 0"))
    assert m.legal(1) == ["pass", "play 2SY", "play 9VY"]
    play(m, (1, "play 2SY"))
    assert m.view(None)["round"]["lead_card"] == "2SY"
    assert m.legal(2) == ["pass"]  # nothing of Suns or Wyrms
    play(m, (2, "pass"))
    assert m.legal(0) == ["pass"]


def test_kq15_excuse_bomb_on_a_crown() -> None:
    m = three(["NL", "TSLK"], ["0", "5ML"], ["2VL", "9VY"])
    play(m, (0, "play NL"), (1, "play 0"))
    rnd = m.view(None)["round"]
    assert rnd["last_kind"] == "bomb" and rnd["last_rank"] == 0 and rnd["lead_card"] == "NL"
    assert m.legal(2) == ["pass", "play 2VL"]  # any rank, but still a Leaves card
    illegal(m, 2, "play 9VY", "KQ-13")
    play(m, (2, "play 2VL"))
    assert m.legal(0) == ["pass", "play TSLK"]


def test_kq15_the_excuse_is_no_bomb_on_a_larger_combination() -> None:
    m = three(["7ML", "7SK"], ["0", "TMVK"], ["2VL", "9VY"])
    play(m, (0, "play 7ML 7SK"))
    illegal(m, 1, "play 0", "KQ-15")
    assert "play 0 TMVK" in m.legal(1)  # a two-card Bomb holding the Excuse


def test_kq16_sets_of_aces_pawns_and_courts_but_never_crowns() -> None:
    m = three(["1M", "1S", "NY", "NK", "PMSL", "PVLY", "TMLY"], SPARE3, ["3MV"])
    legal = m.legal(0)
    assert {"play 1M 1S", "play PMSL PVLY"} <= set(legal)
    assert not [a for a in legal if "NY" in a and " " in a[5:]]
    illegal(m, 0, "play NY NK", "KQ-16")


def test_kq16_a_set_follows_a_set_of_the_same_size_and_equal_or_higher_rank() -> None:
    m = three(["5ML", "5SV", "NV"], ["5YK", "8VL", "8YK", "4VL", "4YK"], ["3MV", "NL"])
    play(m, (0, "play 5ML 5SV"))
    legal = m.legal(1)
    assert "play 8VL 8YK" in legal and "play 4VL 4YK" not in legal
    illegal(m, 1, "play 4VL 4YK", "KQ-16")
    illegal(m, 1, "play 5YK 8VL 8YK", "KQ-16")  # not a combination at all


def test_kq16_a_set_of_equal_rank_follows_and_aces_pair_up() -> None:
    m = three(["1M", "1S", "NV"], ["1V", "1L", "NK"], ["3MV", "NL"])
    play(m, (0, "play 1M 1S"), (1, "play 1V 1L"))


def test_kq17_straight_flushes_of_numbers_sharing_a_suit() -> None:
    m = three(["2VL", "3MV", "4VL", "5SV", "6MV", "PVLY", "9VY"], SPARE3, ["NL"])
    legal = m.legal(0)
    assert {"play 2VL 3MV 4VL", "play 2VL 3MV 4VL 5SV 6MV"} <= set(legal)
    assert "play 4VL 5SV 6MV" in legal
    illegal(m, 0, "play 2VL 3MV", "KQ-16")  # two cards are no Straight Flush
    illegal(m, 0, "play 5SV 6MV PVLY", "KQ-16")  # no Pawns
    m = three(["2VL", "8VL", "9VY"], SPARE3, ["NL"])
    illegal(m, 0, "play 2VL 8VL 9VY", "KQ-16")  # no wrap-around


def test_kq17_the_longest_straight_flush_is_eight_cards() -> None:
    waves = ["2VL", "3MV", "4VL", "5SV", "6MV", "7VY", "8VL", "9VY"]
    m = three([*waves, "1V"], SPARE3, ["NL"])
    legal = m.legal(0)
    assert "play " + " ".join(waves) in legal
    assert max(len(a.split()) - 1 for a in legal) == 8


def test_kq18_worked_example_2_the_ace_reads_six_or_nine() -> None:
    m = three(["1V", "7VY", "8VL"], SPARE3, ["NL"])
    assert m.legal(0) == [
        "play 1V",
        "play 1V=6 7VY 8VL",
        "play 1V=9 7VY 8VL",
        "play 7VY",
        "play 8VL",
    ]
    play(m, (0, "play 1V=9 7VY 8VL"))
    assert m.view(None)["round"]["last_rank"] == 9


def test_kq18_the_ace_must_be_of_the_common_suit_and_declare_its_number() -> None:
    m = three(["1M", "1V", "7VY", "8VL", "9VY"], SPARE3, ["NL"])
    legal = m.legal(0)
    assert not [a for a in legal if "1M=" in a]
    illegal(m, 0, "play 1M=6 7VY 8VL", "KQ-18")
    illegal(m, 0, "play 1V 7VY 8VL", "KQ-18")  # which number?
    illegal(m, 0, "play 1V=5 7VY 8VL", "KQ-18")  # 5 is not next to 7
    illegal(m, 0, "play 1V=9", "KQ-18")  # =N only inside a Straight Flush
    # the Ace may stand for a number held as well (9VY), at an end or in a gap
    assert {"play 1V=9 7VY 8VL", "play 1V=8 7VY 9VY", "play 7VY 8VL 9VY"} <= set(legal)
    assert "play 1V=6 7VY 8VL 9VY" in legal


def test_kq19_following_a_straight_flush_same_length_any_suit() -> None:
    m = three(
        ["2VL", "3MV", "4VL", "NL"], ["3SK", "4YK", "5YK", "1M"], ["6MV", "7ML", "8MS", "2SY"]
    )
    play(m, (0, "play 2VL 3MV 4VL"))
    assert "play 3SK 4YK 5YK" in m.legal(1)  # Knots after Waves
    play(m, (1, "play 3SK 4YK 5YK"))
    assert "play 6MV 7ML 8MS" in m.legal(2)


def test_kq19_a_lower_or_shorter_straight_flush_does_not_follow() -> None:
    m = three(["5SV", "6MV", "7VY", "NL"], ["2VL", "3MV", "4VL", "5ML", "6LK", "7ML"], SPARE3)
    play(m, (0, "play 5SV 6MV 7VY"))
    illegal(m, 1, "play 2VL 3MV 4VL", "KQ-19")
    assert "play 5ML 6LK 7ML" in m.legal(1)  # equal rank follows


def test_kq20_bombs_of_personalities_ranked_by_the_lowest() -> None:
    m = three(["2MK", "9LK", "NM", "0", "5ML"], SPARE3, ["NL"])
    legal = m.legal(0)
    bombs = [a for a in legal if len(a.split()) > 2]
    assert len(bombs) == 11  # every 2-, 3- and 4-subset of the four personalities
    play(m, (0, "play 9LK NM"))
    assert m.view(None)["round"]["last_rank"] == 9
    m = three(["2MK", "9LK", "NM", "0", "5ML"], SPARE3, ["NL"])
    play(m, (0, "play NM 0"))
    assert m.view(None)["round"]["last_rank"] == 0


def test_kq21_worked_example_3_painter_and_savage_are_a_bomb_on_any_pair() -> None:
    m = three(["9MS", "9VY", "NL"], ["3SK", "3LY", "1M"], ["2VL", "NK"])
    play(m, (0, "play 9MS 9VY"))
    play(m, (1, "play 3SK 3LY"))
    rnd = m.view(None)["round"]
    assert rnd["last_kind"] == "bomb" and rnd["last_rank"] == 3 and rnd["kind"] == "set"


def test_kq21_a_set_with_one_non_personality_stays_a_set() -> None:
    m = three(["3MV", "3SK", "3LY", "NL"], SPARE3, ["NK"])
    play(m, (0, "play 3MV 3SK 3LY"))
    assert m.view(None)["round"]["kind"] == "set"


def test_kq22_bomb_on_a_set_and_bomb_on_bomb_whatever_the_rank() -> None:
    m = three(["NV", "NY", "9MS", "9VY"], ["2MK", "3SK", "1M"], ["TMVK", "PMYK", "2SY"])
    play(m, (0, "play 9MS 9VY"), (1, "play 2MK 3SK"))  # a Bomb on a Set of higher rank
    assert "play PMYK TMVK" in m.legal(2)
    play(m, (2, "play PMYK TMVK"))
    assert m.view(None)["round"]["last_rank"] == 10


def test_kq22_a_bomb_never_follows_a_single_and_may_lead() -> None:
    m = three(["NV", "5ML"], ["2MK", "3SK", "5SV"], ["2SY", "7SK"])
    play(m, (0, "play 5ML"))
    illegal(m, 1, "play 2MK 3SK", "KQ-22")
    m = three(["2MK", "3SK", "NL"], SPARE3, ["7SK"])
    play(m, (0, "play 2MK 3SK"))
    assert m.view(None)["round"]["kind"] == "open"


def test_kq23_a_set_of_equal_rank_on_a_bomb() -> None:
    m = three(["9MS", "9VY", "NL"], ["3SK", "3LY", "1M"], ["3MV", "4MS", "4YK", "2SY", "2VL"])
    play(m, (0, "play 9MS 9VY"), (1, "play 3SK 3LY"))
    legal = m.legal(2)
    assert "play 4MS 4YK" in legal  # the worked example in KQ-23: only the Bomb's rank counts
    assert "play 2SY 2VL" not in legal
    illegal(m, 2, "play 2SY 2VL", "KQ-23")


def test_kq23_a_set_of_rank_equal_to_the_bomb_on_a_bomb() -> None:
    m = three(["9MS", "9VY", "NL"], ["4VL", "8MS", "1M"], ["4MS", "4YK", "1L", "1K"])
    play(m, (0, "play 9MS 9VY"), (1, "play 4VL 8MS"))
    assert m.view(None)["round"]["last_rank"] == 4
    assert "play 1L 1K" not in m.legal(2)
    play(m, (2, "play 4MS 4YK"))


def test_kq23_straight_flush_on_a_pawn_rank_bomb_is_illegal() -> None:
    m = three(
        ["2VL", "3MV", "4VL", "NL"], ["PMYK", "PSVK", "TMVK", "1M"], ["7ML", "8MS", "9MS", "TSLK"]
    )
    play(m, (0, "play 2VL 3MV 4VL"), (1, "play PMYK PSVK TMVK"))
    assert m.view(None)["round"]["last_rank"] == 10
    illegal(m, 2, "play 7ML 8MS 9MS", "KQ-23")  # rank 9 < Pawn
    assert m.legal(2) == ["pass"]


def test_kq23_straight_flush_of_equal_or_higher_rank_on_a_bomb() -> None:
    m = three(["2VL", "3MV", "4VL", "NL"], ["6MV", "6SY", "8MS", "1S"], ["7ML", "8VL", "9MS", "1M"])
    play(m, (0, "play 2VL 3MV 4VL"), (1, "play 6MV 6SY 8MS"))
    assert "play 1M=8 7ML 9MS" in m.legal(2)  # rank 9 ≥ 6


def test_kq24_sets_and_straight_flushes_never_meet_across_a_bomb() -> None:
    m = three(
        ["4MS", "4VL", "4YK", "NL"], ["2MK", "3SK", "6MV", "1M"], ["5ML", "6LK", "7ML", "9VY"]
    )
    play(m, (0, "play 4MS 4VL 4YK"), (1, "play 2MK 3SK 6MV"))
    illegal(m, 2, "play 5ML 6LK 7ML", "KQ-24")
    m = three(
        ["2VL", "3MV", "4VL", "NL"], ["2MK", "3SK", "6MV", "1M"], ["7ML", "7SK", "7VY", "9VY"]
    )
    play(m, (0, "play 2VL 3MV 4VL"), (1, "play 2MK 3SK 6MV"))
    illegal(m, 2, "play 7ML 7SK 7VY", "KQ-24")


def test_kq24_a_bomb_led_round_is_open_until_a_set_or_flush_is_played() -> None:
    hands = [["2MK", "3SK", "6MV", "NL"], ["5ML", "6LK", "7ML", "1M"], ["8VL", "8MS", "8YK", "9VY"]]
    m = position(hands, turn=0)
    play(m, (0, "play 2MK 3SK 6MV"))
    assert "play 5ML 6LK 7ML" in m.legal(1)
    play(m, (1, "play 5ML 6LK 7ML"))
    assert m.view(None)["round"]["kind"] == "straight_flush"
    illegal(m, 2, "play 8MS 8VL 8YK", "KQ-24")
    m = position(hands, turn=0)
    play(m, (0, "play 2MK 3SK 6MV"), (1, "pass"), (2, "play 8MS 8VL 8YK"))
    assert m.view(None)["round"]["kind"] == "set"


def test_kq24_the_lead_fixes_the_size() -> None:
    m = three(["9MS", "9VY", "NL"], ["2MK", "3SK", "6MV", "1M"], SPARE3)
    play(m, (0, "play 9MS 9VY"))
    illegal(m, 1, "play 2MK 3SK 6MV", "KQ-24")


# --- scoring: KQ-25, KQ-26 ---------------------------------------------------------------------
def test_kq25_four_player_points() -> None:
    m = position([["NK"], ["9LK"], ["2SY", "3MV"], ["5ML"]], turn=0, out=())
    events = play(
        m, (0, "play NK"), (1, "pass"), (2, "pass"), (3, "pass"), (3, "play 5ML"), (1, "play 9LK")
    )
    end = next(e for e in events if e["type"] == "hand_end")
    assert end["places"] == [1, 3, 4, 2] and end["points"] == [7, 2, 0, 4]


def test_kq26_the_match_ends_at_the_target_with_a_unique_leader() -> None:
    hands = [["5ML", "9MS"], ["7ML"], ["2SY", "3LY", "NV"]]
    m = position(hands, turn=0, totals=[46, 30, 20], history=[[46, 30, 20]])
    play(m, (0, "play 5ML"), (1, "play 7ML"), (2, "pass"), (0, "play 9MS"))
    assert m.is_over() and m.outcome().scores == (50, 39, 20)  # type: ignore[union-attr]
    assert m.outcome().places == (1, 2, 3)  # type: ignore[union-attr]


def test_kq26_a_tie_at_the_top_plays_another_hand() -> None:
    hands = [["5ML", "9MS"], ["7ML"], ["2SY", "3LY", "NV"]]
    m = position(hands, turn=0, totals=[48, 43, 20], history=[[48, 43, 20]])
    events = play(m, (0, "play 5ML"), (1, "play 7ML"), (2, "pass"), (0, "play 9MS"))
    assert not m.is_over() and m.view(None)["totals"] == [52, 52, 20]
    assert events[-1] == {"type": "deal", "hand": 3, "dealer": 1}


def test_kq26_target_option_and_75_with_bidding() -> None:
    assert GAME.options(3)["target"] == 50
    assert GAME.options(3, {"bidding": True})["target"] == 75
    assert GAME.options(3, {"bidding": True, "target": 30})["target"] == 30


# --- information: KQ-27 ------------------------------------------------------------------------
def test_kq27_views_and_events_hide_hands_gifts_and_the_put_aside_card() -> None:
    deal = full_deal(4)
    m = Match(GAME, 4, deal=deal, seed=2)
    events = []
    for s in range(4):
        h = deal["hands"][s]
        events += m.apply(s, f"give {h[0]} {h[1]}")
    assert events[-1]["type"] == "exchange"
    assert all(set(e) <= {"type", "seat", "leader"} for e in events)
    spectator = str(m.view(None))
    assert deal["aside"] not in str([m.view(s) for s in range(4)]) + spectator
    for s in range(4):
        assert deal["hands"][s][0] not in spectator
        for other in range(4):
            if other not in (s, (s + 1) % 4):
                assert deal["hands"][s][0] not in m.view(other)["hand"] + (
                    m.view(other)["gave"] or []
                )


# --- bidding: KQ-28 .. KQ-30 -------------------------------------------------------------------
BID = {"bidding": True}


def test_kq28_kq29_kq30_a_promise_kept() -> None:
    m = three(["NL", "NY", "NK"], ["2SY"], ["3MV", "4MS"], options=BID)
    assert "play NL promise" in m.legal(0)
    events = play(m, (0, "play NL promise"))
    assert events[-1] == {"type": "promise", "seat": 0, "value": 2}
    assert m.view(None)["promise"] == {"seat": 0, "value": 2}
    assert not [a for a in m.legal(1) if a.endswith("promise")]
    events = play(
        m, (1, "pass"), (2, "pass"), (0, "play NY"), (1, "pass"), (2, "pass"), (0, "play NK")
    )
    resolved = next(e for e in events if e["type"] == "promise_resolved")
    assert resolved["kept"] and resolved["points"] == [2, 0, 0]
    events = play(m, (1, "pass"), (2, "pass"), (2, "play 3MV"), (1, "pass"), (2, "play 4MS"))
    end = next(e for e in events if e["type"] == "hand_end")
    assert end["points"] == [8 + 2, 0, 4]


def test_kq29_a_promise_is_labelled_with_its_value_for_the_page() -> None:
    """The label of a play with a promise says what it is worth (the cards kept), in words for
    the terminal and as data (``shows``) for the page's button."""
    m = three(["NL", "NY", "NK"], ["2SY"], ["3MV", "4MS"], options=BID)
    labels = {a["action"]: a for a in GAME.labels(m.view(0), ["Ann", "Bea", "Cid"])["actions"]}
    promised = labels["play NL promise"]
    assert promised["shows"] == {"promise": 2}
    assert promised["effect"] == "+ PROMISE to go out first (value 2)"
    assert "shows" not in labels["play NL"]


def effects(m: Match[Any], seat: int) -> dict[str, str]:
    names = ["Ann", "Bea", "Cid"]
    return {a["action"]: a["effect"] for a in GAME.labels(m.view(seat), names)["actions"]}


def test_kq8_to_kq10_each_play_and_pass_says_what_it_would_do() -> None:
    """A puzzle's answers and the hint name what a move does: a lead and the cards it leaves,
    a play that beats the last one, or going out (KQ-25); a pass leaves the play to beat while
    another player may still answer it, and ends the round when it is the last (KQ-10)."""
    m = three(["5ML", "NL"], ["7ML", "9MS"], ["8VL", "2SY"])
    assert effects(m, 0)["play 5ML"] == "→ leads; 1 card left"
    play(m, (0, "play 5ML"))
    said = effects(m, 1)
    assert said["play 7ML"] == "→ beats Ann's play; 1 card left"
    assert said["pass"] == "→ Ann's play stays to beat"
    play(m, (1, "play 7ML"), (2, "pass"))
    said = effects(m, 0)
    assert said["play NL"] == "→ beats Bea's play and goes out"
    assert said["pass"] == "→ ends the round: Bea leads the next"


def test_kq30_a_promise_broken_is_shared_rounding_up() -> None:
    hands = [["2SY", "3MV", "4MS", "5SV", "6LK"], ["9MS"], ["NS"], ["NY"]]
    m = position(hands, turn=0, options=BID)
    events = play(m, (0, "play 2SY promise"))
    assert events[-1]["value"] == 4
    events = play(m, (1, "play 9MS"), (2, "play NS"), (3, "play NY"))
    resolved = next(e for e in events if e["type"] == "promise_resolved")
    assert not resolved["kept"] and resolved["points"] == [0, 2, 2, 2]  # ceil(4 / 3) = 2
    end = next(e for e in events if e["type"] == "hand_end")
    assert end["places"] == [4, 1, 2, 3] and end["points"] == [0, 6 + 2, 4 + 2, 2 + 2]


def test_kq30_three_players_round_up_an_odd_value() -> None:
    m = three(["2SY", "3MV", "4MS", "5SV"], ["9MS"], ["NS", "NL"], options=BID)
    play(m, (0, "play 2SY promise"), (1, "play 9MS"))
    assert m.view(None)["promise"] == {"seat": 0, "value": 3}
    events = play(m, (2, "play NS"), (0, "pass"), (2, "play NL"))
    end = next(e for e in events if e["type"] == "hand_end")
    assert end["points"] == [0, 8 + 2, 4 + 2]  # ceil(3 / 2) = 2


def test_kq28_no_promise_with_or_after_the_mountain() -> None:
    m = three(["4MS", "5SV", "9LK"], ["NS", "2SY"], ["3MV", "NL"], options=BID)
    legal = m.legal(0)
    assert "play 4MS" in legal and "play 4MS promise" not in legal and "play 5SV promise" in legal
    illegal(m, 0, "play 4MS promise", "KQ-28")
    play(m, (0, "play 4MS"))
    illegal(m, 1, "play NS promise", "KQ-28")
    play(m, (1, "play NS"))
    assert not [a for a in m.legal(2) if a.endswith("promise")]


def test_kq28_the_mountain_put_aside_never_blocks() -> None:
    hands = [["NL", "NY"], ["2SY", "3MV"], ["9VY", "5ML"], ["8YK", "7SK"]]
    m = position(hands, turn=0, options=BID, aside="4MS")
    assert "play NL promise" in m.legal(0)


def test_kq28_passing_the_mountain_is_not_playing_it() -> None:
    deal = full_deal(3)
    holder = next(s for s in range(3) if "4MS" in deal["hands"][s])
    m = Match(GAME, 3, BID, deal=deal, seed=1)
    for s in range(3):
        h = deal["hands"][s]
        give = ["4MS", h[0] if h[0] != "4MS" else h[1]] if s == holder else h[:2]
        m.apply(s, f"give {give[0]} {give[1]}")
    leader = m.to_act()[0]
    assert any(a.endswith("promise") for a in m.legal(leader))


def test_kq28_one_promise_a_hand_and_none_after_someone_is_out() -> None:
    m = three(["5ML", "NL", "NK"], ["4MS", "7ML", "9MS", "NM"], ["8VL"], options=BID)
    play(m, (0, "play 5ML promise"))
    illegal(m, 1, "play 7ML promise", "KQ-28")
    m = three(["5ML", "NL", "NK"], ["4MS", "7ML", "9MS", "NM"], ["8VL"], options=BID)
    play(m, (0, "play 5ML"), (1, "play 7ML"), (2, "play 8VL"))
    illegal(m, 0, "play NL promise", "KQ-28")


def test_kq28_no_promise_when_going_out_or_without_bidding() -> None:
    m = three(["5ML"], ["7ML", "9MS"], ["8VL", "NL"], options=BID)
    assert m.legal(0) == ["play 5ML"]
    illegal(m, 0, "play 5ML promise", "KQ-28")
    m = three(["5ML", "NL"], ["7ML", "9MS"], ["8VL", "NK"])
    illegal(m, 0, "play 5ML promise", "KQ-28")


# --- notation ------------------------------------------------------------------------------------
def test_plays_are_written_in_table_order() -> None:
    m = three(["1V", "7VY", "8VL", "0", "PMYK", "NM"], SPARE3, ["NL"])
    assert "play NM 0 PMYK" in m.legal(0)
    with pytest.raises(IllegalAction, match="table order"):
        m.apply(0, "play 8VL 7VY 1V=9")
    with pytest.raises(IllegalAction, match="not an action"):
        m.apply(0, "lead 8VL")
    with pytest.raises(IllegalAction, match="not a Decktet card"):
        m.apply(0, "play 8XX")


# --- perft: legal-action counts at fixed positions ---------------------------------------------
PERFT_HAND = [
    "1V",
    "1K",
    "2MK",
    "2VL",
    "3MV",
    "3SK",
    "3LY",
    "4VL",
    "4YK",
    "5YK",
    "6MV",
    "7VY",
    "8VL",
    "NM",
    "0",
]


def perft_match(options: dict[str, Any] | None = None) -> Match[Any]:
    return three(PERFT_HAND, ["9VY", "9LK", "PSVK"], ["4MS", "NV", "TSVY"], options=options)


def test_perft_leading_a_fifteen_card_hand() -> None:
    m = perft_match()
    legal = m.legal(0)
    counts = {k: sum(1 for a in legal if len(a.split()) - 1 == k) for k in range(1, 10)}
    # 15 singles, 6 Sets, 41 Straight Flushes (34 of them with an Ace's reading), and
    # 2**8 - 1 - 8 = 247 Bombs of the eight personalities (the Excuse among them)
    assert len(legal) == 15 + 6 + 41 + 247 == 309
    assert counts[1] == 15
    assert sum(1 for a in legal if "=" in a) == 34
    assert sum(1 for a in legal if "=" not in a and a.startswith("play 1")) == 2 + 1  # Aces
    # with bidding every play but none that empties the hand may carry a promise
    assert len(perft_match({"bidding": True}).legal(0)) == 2 * 309


def test_perft_following() -> None:
    m = perft_match()
    play(m, (0, "play 3SK 3LY"))  # a Bomb of rank 3
    assert m.legal(1) == ["pass", "play 9LK PSVK", "play 9VY 9LK"]
    m = perft_match()
    play(m, (0, "play 2VL 3MV 4VL"))
    assert m.legal(1) == ["pass"]


# --- defaults the rules leave open (src/pondside/rules/king-of-the-quackers.md) ------------------------
def test_timeouts_pass_lead_the_first_card_or_give_two_random_cards() -> None:
    m = three(["5ML", "NL"], ["7ML", "9MS"], ["8VL", "2SY"])
    assert GAME.timeout_action(m.state, 0) == "play 5ML"
    m.apply(0, "play 5ML")
    assert GAME.timeout_action(m.state, 1) == "pass"
    fresh = Match(GAME, 4, seed=3)
    give = GAME.timeout_action(fresh.state, 2)
    assert give in fresh.legal(2) and give == GAME.timeout_action(fresh.state, 2)


def test_running_scores_count_what_the_hand_has_settled() -> None:
    hands = [["2SY", "3MV", "4MS", "5SV", "6LK"], ["9MS"], ["NS", "NK"], ["NY", "NV"]]
    m = position(hands, turn=0, options=BID, totals=[10, 0, 0, 0], history=[[10, 0, 0, 0]])
    play(m, (0, "play 2SY promise"), (1, "play 9MS"))
    assert GAME.scores(m.state) == (10, 6 + 2, 2, 2)
    assert GAME.hands_played(m.state) == 1
