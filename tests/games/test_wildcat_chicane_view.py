"""Wildcat Chicane's view as a page reads it: each card as its player reads it (WC-5, WC-6), the
hand grouped that way, and what the seat to act is told (WC-4, WC-7, WC-9, WC-10, WC-12, WC-15).

The worked deal (see test_wildcat_chicane.py): with the rulers Calamity / Huntress / Ace of
Leaves, seat 0 reads TOP with Wyrms as trump, seat 1 TOP with Moons, seat 2 BOTTOM with Leaves.
"""

from __future__ import annotations

from typing import Any

from pondside.engine import Match
from pondside.games.wildcat_chicane import GAME, WORKED_DEAL

RULERS = ("rule NY", "rule NM", "rule 1L")
NAMES = ["Ann", "Bob", "Cy"]


def start(**options: Any) -> Match[Any]:
    return Match(GAME, 3, options, deal=WORKED_DEAL, seed=7)


def ready() -> Match[Any]:
    m = start()
    for seat, action in enumerate(RULERS):
        m.apply(seat, action)
    for b in (3, 3, 3):
        m.apply(m.to_act()[0], f"bid {b}")
    return m


def read(view: dict[str, Any]) -> list[tuple[str, str | None, bool]]:
    return [(r["card"], r["suit"], r["trump"]) for r in view["hand_read"]]


def test_wc5_wc6_the_hand_is_read_by_suit_as_its_player_reads_it_trumps_last() -> None:
    """Seat 0 reads TOP with Wyrms as trump: 8YK is a Wyrm and a trump, 7VY a Wave, each suit
    low to high in the Decktet's order, the trumps after all the others."""
    m = ready()
    assert read(m.view(0)) == [
        ("1M", "M", False),
        ("2MK", "M", False),
        ("4MS", "M", False),
        ("5ML", "M", False),
        ("6MV", "M", False),
        ("7ML", "M", False),
        ("3SK", "S", False),
        ("NS", "S", False),
        ("7VY", "V", False),
        ("1K", "K", False),
        ("8YK", "Y", True),
    ]


def test_wc4_before_the_reveal_the_hand_is_unread_and_a_ruler_shows_how_it_would_be() -> None:
    m = start()
    view = m.view(0)
    assert [r["card"] for r in view["hand_read"]] == view["hand"]
    assert {r["suit"] for r in view["hand_read"]} == {None}
    shows = GAME.action_label(view, "rule NY", NAMES)["shows"]
    rest = [r for r in shows["hand"] if r["trump"]]
    assert [r["card"] for r in rest] == ["8YK"], "the Calamity makes 8YK a Wyrm, a trump"
    assert "NY" not in [r["card"] for r in shows["hand"]], "the ruling card leaves the hand"


def test_wc5_each_trick_card_as_its_own_player_reads_it() -> None:
    """Seat 0 leads 7VY (a Wave for TOP); seat 1 follows 4VL (a Wave), seat 2 (BOTTOM, Leaves)
    plays 2VL, which it reads as a Leaf: its trump."""
    m = ready()
    for card in ("7VY", "4VL"):
        m.apply(m.to_act()[0], f"play {card}")
    view = m.view(None)
    assert [(r["card"], r["suit"], r["trump"]) for r in view["trick_read"]] == [
        ("7VY", "V", False),
        ("4VL", "V", False),
    ]
    m.apply(2, "play 2VL")
    last = m.view(None)["tricks"][-1]
    assert last["read"][-1] == {"card": "2VL", "suit": "L", "trump": True}


def test_prompts_say_the_rule_the_seat_to_act_is_under() -> None:
    m = start()
    assert m.view(0)["prompt"].startswith("Choose your ruling card")
    for seat, action in enumerate(RULERS):
        m.apply(seat, action)
    bidder = m.to_act()[0]
    assert m.view(bidder)["prompt"] == "Bid how many of the 11 tricks you will take."
    assert "A bid scores 4 × the bid" in m.view(bidder)["choice_rule"]
    assert m.view((bidder + 1) % 3)["choice_rule"] is None
    assert m.view((bidder + 1) % 3)["prompt"] is None, "not its turn: nothing to do"
    for b in (3, 3, 3):
        m.apply(m.to_act()[0], f"bid {b}")
    assert m.view(0)["prompt"] == "Your lead: play any card but a trump (Wyrms)."
    m.apply(0, "play 7VY")
    assert m.view(1)["prompt"] == "Follow Waves: play one of your marked cards."


def test_wc10_a_player_without_the_led_suit_is_told_any_card_will_do() -> None:
    m = ready()
    m.apply(0, "play 3SK")  # a Sun for seat 0; seat 1 holds Suns, seat 2 (BOTTOM) reads none
    m.apply(1, "play 2SY")
    assert m.view(2)["prompt"] == "You have no Suns: play any card (a trump can win the trick)."


def test_wc15_a_call_says_what_it_does_and_the_trumps_it_would_leave_in_hand() -> None:
    m = start(variant="classic")
    caller = m.to_act()[0]
    first = GAME.action_label(m.view(caller), "call top", NAMES)
    assert first["effect"] == "TOP: everyone reads each two-suit card as its top suit only"
    assert "shows" not in first, "no trump yet: no count"
    assert m.view(caller)["prompt"].startswith("Your call: TOP or BOTTOM")
    m.apply(caller, "call top")
    second = m.to_act()[0]
    view = m.view(second)
    assert "now call the trump suit" in view["prompt"]
    label = GAME.action_label(view, "call trump Y", NAMES)
    wyrms = sum(c[1] == "Y" for c in view["hand"])  # read TOP: a card's first printed suit
    assert label["shows"] == {"trumps": wyrms}
    assert label["effect"].startswith("Wyrms as trump for everyone; you would hold")
