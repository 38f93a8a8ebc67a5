"""What Wildcat Chicane's board writes under and above the table comes from the game
(issue 26: no JavaScript file states a rule): how a seat reads its cards (WC-5, WC-6; classic:
the calls, WC-15), what its bid will score (WC-12) and the bids against the tricks, in the
frame's captions (``Game.captions``), or, for a ruling card only picked, in its label.

The worked deal (see test_wildcat_chicane.py): the Calamity makes seat 0 read TOP with Wyrms
as trump, and 8YK is then its one trump.
"""

from __future__ import annotations

from typing import Any

from pondside.engine import Match
from pondside.games.wildcat_chicane import GAME, WORKED_DEAL
from pondside.server.telling import tell

NAMES = ["Ann", "Bob", "Cy"]


def start(**options: Any) -> Match[Any]:
    return Match(GAME, 3, options, deal=WORKED_DEAL, seed=7)


def ruled() -> Match[Any]:
    m = start()
    for seat, action in enumerate(("rule NY", "rule NM", "rule 1L")):
        m.apply(seat, action)
    return m


def test_wc5_a_seat_that_reads_top_is_told_what_its_reading_means() -> None:
    said = GAME.captions(ruled().view(0), NAMES)
    assert said["reading"] == "You read TOP: the faded suit of your two-suit cards does not count."
    assert said["trump"] == "Your trump: Wyrms (1 in your hand)."
    assert "bid" not in said, "no bid made yet"


def test_wc5_bottom_is_told_for_an_ace_ruler() -> None:
    said = GAME.captions(ruled().view(2), NAMES)
    assert said["reading"].startswith("You read BOTTOM: the faded suit")
    assert said["trump"].startswith("Your trump: Leaves (")


def test_wc4_a_picked_ruling_card_says_what_it_would_make_and_a_chosen_one_what_it_will() -> None:
    m = start()
    shows = GAME.action_label(m.view(0), "rule NY", NAMES)["shows"]
    assert shows["captions"] == {
        "reading": "With the Calamity you would read TOP: the faded suit of your two-suit "
        "cards does not count.",
        "trump": "Your trump would be Wyrms (1 in your hand).",
    }
    m.apply(0, "rule NY")
    said = GAME.captions(m.view(0), NAMES)
    assert said["reading"].startswith("With the Calamity you will read TOP")
    assert said["trump"] == "Your trump will be Wyrms (1 in your hand)."
    # WC-4: a chosen ruling card stays face down until everyone has chosen.
    assert said["ruler chosen"].endswith("face down until everyone has chosen.")
    assert "reading" not in GAME.captions(m.view(1), NAMES), "seat 1 has chosen nothing"
    assert "reading" not in GAME.captions(m.view(None), NAMES), "a spectator reads no hand"


def test_wc15_in_classic_everyone_reads_as_called() -> None:
    m = start(variant="classic")
    m.apply(m.to_act()[0], "call top")
    m.apply(m.to_act()[0], "call trump Y")
    seat = m.to_act()[0]
    view = m.view(seat)
    said = GAME.captions(view, NAMES)
    assert said["reading"] == "Everyone reads TOP: the faded suit of two-suit cards does not count."
    trumps = sum(r["trump"] for r in view["hand_read"])
    assert said["trump"] == f"Trump for all: Wyrms ({trumps} in your hand)."


def test_wc7_wc12_the_bids_against_the_tricks_and_what_ones_own_bid_scores() -> None:
    m = ruled()
    assert GAME.captions(m.view(None), NAMES)["bids"] == "11 tricks"
    assert "bids meaning" not in GAME.captions(m.view(None), NAMES)
    m.apply(m.to_act()[0], "bid 3")
    assert GAME.captions(m.view(None), NAMES)["bids"] == "bids: 3 for 11 tricks"
    for _ in range(2):
        m.apply(m.to_act()[0], "bid 3")
    said = GAME.captions(m.view(0), NAMES)
    assert said["bids"] == "bids: 9 for 11 tricks · 2 under"
    assert "under, someone must take more" in said["bids meaning"]
    assert (
        said["bid"] == "Your bid 3: exactly 3 → 12 points, one off → 6, two off → 3, further → 0."
    )


def test_every_frame_carries_the_captions_for_its_receiver() -> None:
    m = ruled()
    told = tell(GAME, [], None, m.view(0), 0, NAMES)
    assert told["captions"] == GAME.captions(m.view(0), NAMES)
    assert told["captions"]["reading"].startswith("You read TOP")
