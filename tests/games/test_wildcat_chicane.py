"""Wildcat Chicane and classic Chicane: rule scenarios named after the rulings WC-1..WC-15.

Most scenarios start from one 3-player deal (``WORKED_DEAL``, dealer seat 2, so seat 0 bids
and leads first). With the rulers Calamity / Huntress / Ace of Leaves the table reads:

- seat 0, TOP, trump Wyrms: 1K 1M NS | 8YK=Wyrm(trump) 7VY=Wave 2MK 4MS 5ML 6MV 7ML=Moons 3SK=Sun
- seat 1, TOP, trump Moons: 1S 1V NV | 3MV 8MS 9MS=Moons(trumps) 2SY 5SV 6SY 7SK=Suns 4VL=Wave
- seat 2, BOTTOM, trump Leaves: 1Y NL NK | 2VL 8VL=Leaves(trumps) 3LY 9VY=Wyrms 4YK 5YK 6LK 9LK=Knots
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pondside.engine import BadDeal, BadOption, BadPosition, IllegalAction, Match
from pondside.games.wildcat_chicane import (
    GAME,
    WORKED_DEAL,
    hand_score,
    read_suit,
    trick_count,
)

RULERS_A = ("rule NY", "rule NM", "rule 1L")


def start(
    deal: dict[str, Any] | None = None, players: int = 3, seed: int = 7, **options: Any
) -> Match[Any]:
    return Match(GAME, players, options, deal=WORKED_DEAL if deal is None else deal, seed=seed)


def choose(m: Match[Any], *rules: str) -> None:
    for seat, action in enumerate(rules):
        m.apply(seat, action)


def bid(m: Match[Any], *bids: int) -> None:
    """Bids in bidding order (from the dealer's left)."""
    for b in bids:
        m.apply(m.to_act()[0], f"bid {b}")


def play(m: Match[Any], *cards: str) -> list[dict[str, Any]]:
    """Play cards in turn order; returns the events of the last one."""
    events: list[dict[str, Any]] = []
    for card in cards:
        events = m.apply(m.to_act()[0], f"play {card}")
    return events


def ready(bids: tuple[int, int, int] = (3, 3, 3), deal: dict[str, Any] | None = None) -> Match[Any]:
    m = start(deal)
    choose(m, *RULERS_A)
    bid(m, *bids)
    return m


def first_legal_hand(m: Match[Any]) -> None:
    """Play the rest of the hand, each seat playing its first legal card (as strings)."""
    hand = m.view(None)["hand_number"]
    while not m.is_over() and m.view(None)["hand_number"] == hand:
        seat = m.to_act()[0]
        m.apply(seat, m.legal(seat)[0])


# --- WC-1 deck and players ----------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 5])
def test_wc1_three_or_four_players(players: int) -> None:
    with pytest.raises(BadOption):
        Match(GAME, players, seed=1)


def test_wc1_basic_deck_only() -> None:
    deal = copy.deepcopy(WORKED_DEAL)
    deal["hands"][0][0] = "PMYK"  # the Watchman is an extended card
    with pytest.raises(BadDeal, match="basic Decktet"):
        start(deal)


def test_wc1_every_card_once_in_a_deal() -> None:
    deal = copy.deepcopy(WORKED_DEAL)
    deal["hands"][0][4] = "9MS"  # now dealt twice
    with pytest.raises(BadDeal, match="twice"):
        start(deal)


# --- WC-2 dealer --------------------------------------------------------------------------
def test_wc2_first_dealer_is_random() -> None:
    dealers = {Match(GAME, 4, seed=s).view(None)["dealer"] for s in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_wc2_the_dealers_left_deals_next() -> None:
    m = ready((0, 0, 0))
    first_legal_hand(m)
    v = m.view(None)
    assert (v["hand_number"], v["dealer"]) == (2, 0)
    assert v["phase"] == "rule"
    choose(m, *(m.legal(s)[0] for s in range(3)))
    assert m.to_act() == (1,)  # the new dealer's left bids first


# --- WC-3 deal ----------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "rulers", "numbers"), [(3, 4, 8), (4, 3, 6)])
def test_wc3_aces_crowns_and_numbers_dealt_evenly(players: int, rulers: int, numbers: int) -> None:
    for seed in range(10):
        m = Match(GAME, players, seed=seed)
        for s in range(players):
            hand = m.view(s)["hand"]
            aces_crowns = [c for c in hand if c[0] in "1N"]
            assert (len(aces_crowns), len(hand) - len(aces_crowns)) == (rulers, numbers)


def test_wc3_a_deal_must_split_aces_and_crowns_evenly() -> None:
    deal = copy.deepcopy(WORKED_DEAL)
    h0, h1 = deal["hands"][0], deal["hands"][1]
    h0[0], h1[4] = h1[4], h0[0]  # seat 0 gets 2SY for the Calamity
    with pytest.raises(BadDeal, match="WC-3"):
        start(deal)


def test_wc3_deal_names_a_bad_dealer() -> None:
    with pytest.raises(BadDeal, match="dealer"):
        start({**WORKED_DEAL, "dealer": 3})


# --- WC-4 ruling card ---------------------------------------------------------------------
def test_wc4_everyone_chooses_at_once_and_only_aces_or_crowns() -> None:
    m = start()
    assert m.to_act() == (0, 1, 2)
    assert m.legal(0) == ["rule 1K", "rule 1M", "rule NS", "rule NY"]
    with pytest.raises(IllegalAction, match="WC-4"):
        m.apply(0, "rule NM")  # seat 1's card
    with pytest.raises(IllegalAction):
        m.apply(0, "rule 8YK")  # not a ruling card at all


def test_wc4_a_number_card_cannot_rule_and_the_page_is_told_why() -> None:
    """While choosing, every card of the hand is a choice: a number card's reason says WC-4
    in words, and an Ace's or Crown's label shows the reading and trump it would give."""
    m = start()
    view = m.view(0)
    assert GAME.hand_action(view, "8YK") == "rule 8YK"
    with pytest.raises(IllegalAction, match="only an Ace or a Crown can be a ruling card"):
        m.apply(0, "rule 8YK")
    labels = GAME.labels(view, ["Ann", "Bob", "Cy"])
    reasons = {u["card"]: u["reason"] for u in labels["unplayable"]}
    numbers = [c for c in view["hand"] if c[0] not in "1N"]
    assert sorted(reasons) == sorted(numbers)
    assert all("only an Ace or a Crown" in r and "(WC-4)" in r for r in reasons.values())
    by_action = {a["action"]: a for a in labels["actions"]}
    ny, ace = by_action["rule NY"]["shows"], by_action["rule 1K"]["shows"]
    assert (ny["reading"], ny["trump"], ace["reading"], ace["trump"]) == ("top", "Y", "bottom", "K")


def test_wc12_a_bids_label_says_what_it_would_score() -> None:
    m = start()
    choose(m, *RULERS_A)
    labels = {
        a["action"]: a["effect"]
        for a in GAME.labels(m.view(m.to_act()[0]), ["A", "B", "C"])["actions"]
    }
    assert labels["bid 3"] == "exactly 3 → 12 points, one off → 6, two off → 3, further → 0"
    assert labels["bid 0"] == "it scores nothing, whatever you take"


def test_wc4_choice_is_hidden_until_everyone_has_chosen() -> None:
    m = start()
    events = m.apply(1, "rule NM")
    assert events == [{"type": "chose", "seat": 1}]
    assert m.to_act() == (0, 2)
    assert m.legal(1) == []
    for seat in (0, 2, None):
        v = m.view(seat)
        assert v["rulers"] == [None, None, None]
        assert v["chosen"] == [False, True, False]
        assert "NM" not in str({k: x for k, x in v.items() if k != "hand"})
    assert m.view(1)["my_choice"] == "NM"
    with pytest.raises(IllegalAction, match="WC-4"):
        m.apply(1, "rule NV")  # final


def test_wc4_reveal_removes_rulers_from_hands_11_tricks_at_three() -> None:
    m = start()
    m.apply(0, "rule NY")
    m.apply(1, "rule NM")
    events = m.apply(2, "rule 1L")
    assert events[-1] == {
        "type": "reveal",
        "rulers": ["NY", "NM", "1L"],
        "readings": ["top", "top", "bottom"],
        "trumps": ["Y", "M", "L"],
    }
    v = m.view(0)
    assert v["rulers"] == ["NY", "NM", "1L"]
    assert "NY" not in v["hand"] and v["hand_sizes"] == [11, 11, 11]
    assert v["tricks_in_hand"] == 11
    assert trick_count(4, "wildcat") == 8


def test_wc4_four_players_play_eight_tricks() -> None:
    m = Match(GAME, 4, seed=3)
    for s in range(4):
        m.apply(s, m.legal(s)[0])
    assert m.view(0)["hand_sizes"] == [8, 8, 8, 8]
    assert m.legal(m.to_act()[0])[-1] == "bid 8"


# --- WC-5 / WC-6 reading suits and trumps: the worked example -----------------------------
def test_wc5_worked_example_calamity_makes_top_with_wyrm_trumps() -> None:
    assert read_suit("8YK", 0) == "Y" and read_suit("7VY", 0) == "V"
    m = ready()
    v = m.view(0)
    assert (v["readings"][0], v["trumps"][0]) == ("top", "Y")
    assert "play 8YK" not in m.legal(0)  # the Betrayal is a Wyrm: a trump, not to be led
    assert play(m, "7VY")[0]["suit"] == "V"  # the Cave is a Wave


def test_wc5_worked_example_ace_of_knots_makes_bottom_with_knot_trumps() -> None:
    assert read_suit("8YK", 1) == "K" and read_suit("7VY", 1) == "Y"
    m = start()
    choose(m, "rule 1K", "rule NM", "rule 1L")
    bid(m, 1, 1, 1)
    v = m.view(0)
    assert (v["readings"][0], v["trumps"][0]) == ("bottom", "K")
    # Knots for seat 0 now: 2MK, 3SK, 8YK; none may be led (WC-9).
    assert sorted(m.legal(0)) == [
        "play 1M",
        "play 4MS",
        "play 5ML",
        "play 6MV",
        "play 7ML",
        "play 7VY",
        "play NS",
        "play NY",
    ]
    assert play(m, "7VY")[0]["suit"] == "Y"  # the Cave is a Wyrm


def test_wc5_aces_and_crowns_keep_their_single_suit() -> None:
    assert {read_suit(c, r) for c in ("1K", "NK") for r in (0, 1)} == {"K"}


def test_wc6_a_card_that_follows_suit_can_be_a_trump() -> None:
    m = ready()
    events = play(m, "7ML", "3MV")  # seat 1 follows Moons with a Moon, its trump
    assert events[0]["trump"] is True


# --- WC-7 bids ----------------------------------------------------------------------------
def test_wc7_bids_in_order_from_the_dealers_left_0_to_tricks() -> None:
    m = start()
    choose(m, *RULERS_A)
    assert m.to_act() == (0,)
    assert m.legal(0) == sorted(f"bid {k}" for k in range(12))
    with pytest.raises(IllegalAction, match="turn"):
        m.apply(1, "bid 2")
    with pytest.raises(IllegalAction, match="WC-7"):
        m.apply(0, "bid 12")
    bid(m, 11, 11)
    assert m.to_act() == (2,)
    m.apply(2, "bid 11")  # the sum of bids is free
    assert m.view(None)["bids"] == [11, 11, 11]


def test_wc7_no_bid_before_the_reveal() -> None:
    m = start()
    with pytest.raises(IllegalAction, match="ruling card"):
        m.apply(0, "bid 2")


# --- WC-8 leads ---------------------------------------------------------------------------
def test_wc8_first_bidder_leads_and_trick_winner_leads_next() -> None:
    m = ready()
    assert m.to_act() == (0,)
    events = play(m, "7ML", "3MV", "9LK")
    assert events[-1]["winner"] == 1
    assert m.to_act() == (1,)


# --- WC-9 leading -------------------------------------------------------------------------
def test_wc9_no_trump_lead_while_holding_another_suit() -> None:
    m = ready()
    assert len(m.legal(0)) == 10  # 11 cards, one trump (the Betrayal)
    with pytest.raises(IllegalAction, match="WC-9"):
        m.apply(0, "play 8YK")


# Twenty-four recorded plays after which seat 2 (trump Leaves) holds only 2VL 8VL NL and leads.
FORCED_LINE = [
    "NS",
    "6SY",
    "9LK",
    "3SK",
    "7SK",
    "4YK",
    "2SY",
    "5YK",
    "8YK",
    "1M",
    "8MS",
    "6LK",
    "4VL",
    "9VY",
    "7VY",
    "1K",
    "NV",
    "NK",
    "1Y",
    "6MV",
    "1S",
    "3LY",
    "5ML",
    "5SV",
]


def test_wc9_player_holding_only_trumps_is_forced_to_lead_trump() -> None:
    m = ready()
    play(m, *FORCED_LINE)
    assert m.to_act() == (2,)
    assert m.view(2)["hand"] == ["2VL", "8VL", "NL"]
    assert m.legal(2) == ["play 2VL", "play 8VL", "play NL"]
    events = play(m, "8VL")
    assert events[0] == {"type": "play", "seat": 2, "card": "8VL", "suit": "L", "trump": True}


def test_wc9_holds_all_hand_long() -> None:
    """No 'trumps broken' in wildcat: after trumps have been played, still no trump lead."""
    m = ready()
    play(m, "7ML", "3MV", "9LK")  # seat 1 trumped
    assert not any(a in m.legal(1) for a in ("play 3MV", "play 8MS", "play 9MS"))


# --- WC-10 following ----------------------------------------------------------------------
def test_wc10_follow_the_led_suit_as_you_read_your_cards() -> None:
    m = ready()
    play(m, "7ML")
    assert m.legal(1) == ["play 3MV", "play 8MS", "play 9MS"]
    with pytest.raises(IllegalAction, match="WC-10"):
        m.apply(1, "play 5SV")


def test_wc10_void_player_discards_any_card() -> None:
    m = ready()
    play(m, "7ML", "3MV")
    # Seat 2 reads BOTTOM: 2VL is a Leaf, 5ML is not theirs; they hold no Moon.
    assert len(m.legal(2)) == 11
    events = play(m, "NK")
    assert events[0]["suit"] == "K"
    assert m.view(0)["voids"] == [[], [], ["M"]]


def test_wc10_led_suit_is_the_leaders_reading() -> None:
    """Seat 2 leads the Darkness 9VY as a Wyrm (BOTTOM); seat 0 must follow with a Wyrm."""
    m = start({**WORKED_DEAL, "dealer": 1})
    choose(m, *RULERS_A)
    bid(m, 1, 1, 1)
    play(m, "9VY")
    assert m.view(None)["led_suit"] == "Y"
    assert m.legal(0) == ["play 8YK"]  # the Betrayal is seat 0's only Wyrm (TOP)


# --- WC-11 winning a trick ----------------------------------------------------------------
def test_wc11_follower_trump_of_lower_rank_beats_higher_led_card() -> None:
    m = ready()
    play(m, "7ML", "3MV")
    assert m.view(None)["winning"] == 1
    events = play(m, "9LK")
    assert events[-1] == {
        "type": "trick",
        "number": 1,
        "winner": 1,
        "cards": [[0, "7ML"], [1, "3MV"], [2, "9LK"]],
    }


def test_wc11_equal_rank_trumps_of_different_suits_the_earlier_wins() -> None:
    m = start({**WORKED_DEAL, "dealer": 1})
    choose(m, *RULERS_A)
    bid(m, 1, 1, 1)
    # Seat 2 leads a Wyrm; seat 0 follows with the Betrayal, a Wyrm and its trump (8);
    # seat 1, void in Wyrms, trumps with the Diplomat, a Moon and its trump (8).
    assert play(m, "9VY")[0]["trump"] is False
    assert play(m, "8YK")[0]["trump"] is True
    events = play(m, "8MS")
    assert events[0]["trump"] is True
    assert events[-1]["winner"] == 0


def test_wc11_highest_trump_wins_over_lower_trumps() -> None:
    m = ready()
    play(m, "7ML", "3MV", "NL")  # seat 2 discards the End: a Leaf, its trump, Crown
    assert m.view(None)["tricks"][0]["winner"] == 2


def test_wc11_without_trumps_highest_of_the_led_suit_wins() -> None:
    m = ready()
    # Seat 0 leads the Bard (Suns, Crown). Seat 1 follows with a Sun; seat 2 has no Sun and
    # discards the Darkness (a Wyrm, not its trump): off-suit cards never win.
    events = play(m, "NS", "2SY", "9VY")
    assert events[-1]["winner"] == 0


def test_wc11_off_suit_high_card_does_not_win() -> None:
    m = ready()
    events = play(m, "3SK", "5SV", "9VY")  # seat 2 discards a 9 of another suit
    assert events[-1]["winner"] == 1


# --- WC-12 scoring ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("bid_", "won", "score"),
    [
        (3, 3, 12),
        (3, 2, 6),
        (3, 4, 6),
        (3, 1, 3),
        (3, 5, 3),
        (3, 0, 0),
        (3, 6, 0),
        (0, 0, 0),
        (0, 2, 0),
        (11, 11, 44),
    ],
)
def test_wc12_score_by_distance_to_bid(bid_: int, won: int, score: int) -> None:
    assert hand_score(bid_, won) == score


def test_wc12_scores_for_d_0_1_2_3_in_a_played_hand() -> None:
    probe = ready((0, 0, 0))
    first_legal_hand(probe)
    assert probe.view(None)["hand_scores"] == [[0, 0, 0]]  # bids of 0 score 0 (WC-12)
    tricks = _tricks_won_by_first_legal_play()
    # Bid so that seat 0 is exact (d=0), seat 1 off by one, seat 2 off by two.
    bids = (tricks[0], tricks[1] + 1, tricks[2] + 2)
    m = ready(bids)  # type: ignore[arg-type]
    first_legal_hand(m)
    assert m.view(None)["hand_scores"] == [[4 * bids[0], 2 * bids[1], bids[2]]]
    bids3 = (tricks[0] + 3, tricks[1] + 3, tricks[2] + 3)
    m = ready(bids3)  # type: ignore[arg-type]
    first_legal_hand(m)
    assert m.view(None)["hand_scores"] == [[0, 0, 0]]  # d = 3 scores nothing


def _tricks_won_by_first_legal_play() -> list[int]:
    m = ready((0, 0, 0))
    while m.view(None)["phase"] == "play" and sum(m.view(None)["hand_sizes"]) > 3:
        seat = m.to_act()[0]
        m.apply(seat, m.legal(seat)[0])
    won = list(m.view(None)["won"])
    seat = m.to_act()[0]
    events = m.apply(seat, m.legal(seat)[0])
    while not any(e["type"] == "hand_end" for e in events):
        seat = m.to_act()[0]
        events = m.apply(seat, m.legal(seat)[0])
    end = next(e for e in events if e["type"] == "hand_end")
    assert sum(end["won"]) == 11 and end["won"][0] >= won[0]
    result: list[int] = end["won"]
    return result


def test_wc12_hand_end_event_reports_bids_tricks_and_scores() -> None:
    m = ready((2, 3, 4))
    events: list[dict[str, Any]] = []
    while not any(e["type"] == "hand_end" for e in events):
        seat = m.to_act()[0]
        events = m.apply(seat, m.legal(seat)[0])
    end = next(e for e in events if e["type"] == "hand_end")
    assert end["bids"] == [2, 3, 4]
    assert end["scores"] == [hand_score(b, w) for b, w in zip(end["bids"], end["won"], strict=True)]
    assert end["totals"] == end["scores"]


# --- WC-13 match end ----------------------------------------------------------------------
def _last_card_position(history: list[list[int]], target: int = 40) -> Match[Any]:
    """Hand 2 of a match, one card from its end, with ``history`` as the hands before."""
    m = Match(GAME, 3, {"target": target}, deal=WORKED_DEAL, seed=7)
    choose(m, *RULERS_A)
    bid(m, 0, 0, 0)  # this hand scores nothing
    while sum(m.view(None)["hand_sizes"]) > 1:
        seat = m.to_act()[0]
        m.apply(seat, m.legal(seat)[0])
    pos = m.position()
    pos["hand_no"] = 1 + len(history)
    pos["history"] = history
    pos["totals"] = [sum(h[s] for h in history) for s in range(3)]
    return Match(GAME, 3, {"target": target}, position=pos)


def _finish_hand(m: Match[Any]) -> list[dict[str, Any]]:
    seat = m.to_act()[0]
    return m.apply(seat, m.legal(seat)[0])


# --- WC-16 hand limit ---------------------------------------------------------------------
def test_wc16_the_match_ends_after_its_100th_hand_with_tied_totals_sharing_a_place() -> None:
    # 99 hands scored nothing for anyone but one 12 each: seats 0 and 1 tie on top, below 40.
    history = [[12, 12, 3]] + [[0, 0, 0]] * 98
    m = _last_card_position(history)
    assert m.view(None)["hand_number"] == 100
    events = _finish_hand(m)  # the 100th hand ends and scores nothing (everyone bid 0 and won)
    end = next(e for e in events if e["type"] == "hand_end")
    assert end["hand"] == 100
    assert events[-1] == {"type": "match_end", "scores": [12, 12, 3], "places": [1, 1, 3]}
    assert m.is_over() and m.outcome() is not None
    assert m.outcome().places == (1, 1, 3)  # type: ignore[union-attr]


def test_wc16_before_the_100th_hand_a_tie_below_the_target_plays_on() -> None:
    m = _last_card_position([[12, 12, 3]] + [[0, 0, 0]] * 97)
    assert m.view(None)["hand_number"] == 99
    events = _finish_hand(m)
    assert not m.is_over() and events[-1]["type"] == "deal" and events[-1]["hand"] == 100


def test_wc16_a_position_past_the_100th_hand_is_refused() -> None:
    with pytest.raises(BadPosition, match="WC-16"):
        _last_card_position([[0, 0, 0]] * 100)


def test_wc13_reaching_the_target_alone_on_top_ends_the_match() -> None:
    m = _last_card_position([[39, 40, 10]])
    events = _finish_hand(m)
    assert events[-1] == {"type": "match_end", "scores": [39, 40, 10], "places": [2, 1, 3]}
    assert m.is_over() and m.outcome() is not None
    assert m.outcome().places == (2, 1, 3)  # type: ignore[union-attr]


def test_wc13_below_target_play_goes_on() -> None:
    m = _last_card_position([[39, 39, 10]])
    events = _finish_hand(m)
    assert events[-1]["type"] == "deal" and not m.is_over()


def test_wc13_tie_on_top_at_the_target_plays_more_hands() -> None:
    m = _last_card_position([[40, 40, 10]])
    events = _finish_hand(m)
    assert events[-1] == {"type": "deal", "hand": 3, "dealer": 0}
    assert not m.is_over()


def test_wc13_a_tie_below_the_leader_does_not_matter() -> None:
    m = _last_card_position([[45, 40, 40]])
    _finish_hand(m)
    assert m.outcome().places == (1, 2, 2)  # type: ignore[union-attr]


def test_wc13_target_is_an_option() -> None:
    assert Match(GAME, 3, seed=1).options == {"variant": "wildcat", "target": 40}
    with pytest.raises(BadOption):
        Match(GAME, 3, {"target": 0}, seed=1)


# --- WC-14 information --------------------------------------------------------------------
def test_wc14_views_show_public_facts_and_hide_hands() -> None:
    m = ready()
    play(m, "7ML", "3MV")
    spectator = m.view(None)
    assert "hand" not in spectator
    assert spectator["bids"] == [3, 3, 3] and spectator["rulers"] == ["NY", "NM", "1L"]
    assert spectator["trick"] == [[0, "7ML"], [1, "3MV"]]
    other = set(m.view(2)["hand"])
    assert not other & set(str(m.view(0)).replace("'", " ").split())


# --- WC-15 classic Chicane ----------------------------------------------------------------
def classic() -> Match[Any]:
    return start(variant="classic")


def test_wc15_classic_deals_all_36_and_calls_from_the_dealers_left() -> None:
    m = classic()
    assert m.view(0)["hand_sizes"] == [12, 12, 12]
    assert m.to_act() == (0,)
    assert len(m.legal(0)) == 8
    m.apply(0, "call top")
    assert m.to_act() == (1,)
    assert m.legal(1) == sorted(f"call trump {s}" for s in "MSVLYK")
    with pytest.raises(IllegalAction, match="WC-15"):
        m.apply(1, "call bottom")
    m.apply(1, "call trump M")
    v = m.view(2)
    assert v["readings"] == ["top"] * 3 and v["trumps"] == ["M"] * 3
    assert v["calls"] == ["top", "trump M"]
    assert m.to_act() == (0,)  # bids from the dealer's left
    assert m.legal(0)[-1] == "bid 9" and len(m.legal(0)) == 13  # 0..12: all 12 tricks


def test_wc15_trump_first_then_top_or_bottom() -> None:
    m = classic()
    m.apply(0, "call trump Y")
    assert m.legal(1) == ["call bottom", "call top"]
    m.apply(1, "call bottom")
    assert m.view(None)["readings"] == ["bottom"] * 3


def test_wc15_classic_deal_need_not_split_aces_and_crowns() -> None:
    deal = copy.deepcopy(WORKED_DEAL)
    h0, h1 = deal["hands"][0], deal["hands"][1]
    h0[0], h1[4] = h1[4], h0[0]
    m = start(deal, variant="classic")
    assert "2SY" in m.view(0)["hand"]


def test_wc15_wildcat_actions_refused_in_classic_and_back() -> None:
    with pytest.raises(IllegalAction, match="wildcat"):
        classic().apply(0, "rule NY")
    with pytest.raises(IllegalAction, match="classic"):
        start().apply(0, "call top")


def test_wc15_no_trump_lead_until_a_trump_has_been_played() -> None:
    m = classic()
    m.apply(0, "call top")
    m.apply(1, "call trump M")
    bid(m, 4, 4, 4)
    # Seat 0 holds six Moons (1M 2MK 4MS 5ML 6MV 7ML): none may be led yet.
    assert m.legal(0) == ["play 1K", "play 3SK", "play 7VY", "play 8YK", "play NS", "play NY"]
    with pytest.raises(IllegalAction, match="WC-15"):
        m.apply(0, "play 1M")
    events = play(m, "1K", "3MV", "NK")  # seat 1 has no Knot and trumps
    assert events[-1]["winner"] == 1
    assert len(m.legal(1)) == 11  # trumps are broken: the Moons may be led now
    assert "play 8MS" in m.legal(1)


def test_wc15_classic_hand_plays_all_cards_and_scores() -> None:
    m = classic()
    m.apply(0, "call bottom")
    m.apply(1, "call trump S")
    bid(m, 4, 4, 4)
    first_legal_hand(m)
    v = m.view(None)
    assert v["hand_number"] == 2 and len(v["hand_scores"]) == 1
    assert v["phase"] == "call" and m.to_act() == (1,)  # the new dealer 0's left


# --- positions ------------------------------------------------------------------------------
def test_position_round_trip_mid_trick() -> None:
    m = ready()
    play(m, "7ML", "3MV")
    again = Match(GAME, 3, position=m.position())
    for seat in (None, 0, 1, 2):
        assert again.view(seat) == m.view(seat)
    assert again.legal(2) == m.legal(2)


def test_position_with_an_illegal_trick_is_refused() -> None:
    m = ready()
    play(m, "7ML", "3MV")
    pos = m.position()
    pos["trick"] = [[0, "7ML"], [1, "5SV"]]  # seat 1 would not have followed the Moon
    pos["hands"][1] = [c for c in pos["hands"][1] if c != "5SV"] + ["3MV"]
    with pytest.raises(BadPosition):
        Match(GAME, 3, position=pos)


# --- perft: legal-action counts at fixed positions ------------------------------------------
def test_perft_counts_along_the_worked_deal() -> None:
    m = start()
    assert [len(m.legal(s)) for s in range(3)] == [4, 4, 4]
    choose(m, *RULERS_A)
    assert len(m.legal(0)) == 12  # bids 0..11
    bid(m, 3, 3, 3)
    counts = []
    for card in ("7ML", "3MV", "9LK", "5SV"):
        counts.append(len(m.legal(m.to_act()[0])))
        play(m, card)
    assert counts == [10, 3, 11, 8]
