"""Ladders rule scenarios, named after the rulings LA-1..LA-16 (rules/ladders.md).

Positions are built from a deal (protocol.md format) or from a position snapshot for mid-round
situations (ACCENT piles already built, RUNG piles, short CLIMBs); cards not named go to DRAW
(highest first) so that nothing unexpected becomes playable.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pondside.engine import BadDeal, BadOption, BadPosition, IllegalAction, Match
from pondside.games.ladders import DECK, GAME, climb_size

CARDS = [str(c) for c in range(1, 13)] + ["W"]
EMPTY_RUNGS: list[list[str]] = [[], [], [], []]


def pile(height: int) -> list[str]:
    """An ACCENT pile built from 1 up to ``height``."""
    return [str(c) for c in range(1, height + 1)]


def rest(*used: list[str]) -> list[str]:
    """The deck less ``used``, highest numbers first, SKIP PORTALs last."""
    left = Counter("W" if c == 13 else str(c) for c in DECK)
    for cards in used:
        left.subtract(cards)
    assert min(left.values()) >= 0, "a scenario uses a card more often than the deck holds it"
    order = {c: i for i, c in enumerate(reversed(CARDS[:-1]))} | {"W": 99}
    return sorted(left.elements(), key=order.__getitem__)


def flat(lists: Any) -> list[str]:
    out: list[str] = []
    for x in lists:
        if isinstance(x, list):
            out += flat(x)
        else:
            out.append(x)
    return out


def deal(
    climbs: list[list[str]],
    hands: list[list[str]] | None = None,
    draw: list[str] | None = None,
    dealer: int | None = None,
) -> dict[str, Any]:
    """A full deal: CLIMBs starting with the given cards (top first), then filler from the deck."""
    n = len(climbs)
    hands = hands or [[] for _ in range(n)]
    draw = draw or []
    pool = rest(flat(climbs), flat(hands), draw)
    k = climb_size(n)
    full = []
    for c in climbs:
        full.append(c + pool[: k - len(c)])
        del pool[: k - len(c)]
    return {
        "climbs": full,
        "hands": hands,
        "draw": draw + pool,
        "dealer": n - 1 if dealer is None else dealer,
    }


def position(
    climbs: list[list[str]],
    hands: list[list[str]],
    *,
    rungs: list[list[list[str]]] | None = None,
    accents: list[list[str]] | None = None,
    draw: list[str] | None = None,
    discard: list[str] | None = None,
    turn: int = 0,
    options: dict[str, Any] | None = None,
    totals: list[int] | None = None,
    idle: int = 0,
    played: bool = False,
) -> dict[str, Any]:
    """A mid-round snapshot; with ``draw`` given, every unnamed card goes to DISCARD instead."""
    n = len(climbs)
    rungs = rungs or [[list(r) for r in EMPTY_RUNGS] for _ in range(n)]
    accents = accents or [[], [], [], []]
    used = [flat(climbs), flat(hands), flat(rungs), flat(accents)]
    if draw is None:
        discard = discard or []
        draw = rest(*used, discard)
    else:
        discard = rest(*used, draw) if discard is None else discard
    return {
        "game": "ladders",
        "players": n,
        "options": GAME.options(n, options),
        "rng": 12345,
        "last_events": [],
        "round_no": 1,
        "dealer": (turn - 1) % n,
        "turn": turn,
        "climbs": climbs,
        "hands": hands,
        "rungs": rungs,
        "accents": accents,
        "draw": draw,
        "discard": discard,
        "totals": totals or [0] * n,
        "history": [],
        "idle": idle,
        "played": played,
        "over": False,
    }


def at(pos: dict[str, Any]) -> Match[Any]:
    return Match(GAME, pos["players"], pos["options"], position=pos)


def play(m: Match[Any], *actions: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for a in actions:
        events += m.apply(m.to_act()[0], a)
    return events


def random_match(players: int, seed: int, options: dict[str, Any] | None = None) -> Match[Any]:
    return Match(GAME, players, options or {"rounds": 1}, seed=seed)


# --- the worked example ---------------------------------------------------------------
def worked_example() -> Match[Any]:
    return at(
        position(
            [["6", "7", "3", "2"], ["12", "12", "12"]],
            [["5", "W", "12", "1", "9"], []],
            rungs=[[["8"], [], [], []], [[], [], [], []]],
            accents=[pile(4), pile(11), [], []],
        )
    )


def test_worked_example_plays_as_the_rulings_tell() -> None:
    m = worked_example()
    events = play(
        m,
        "play hand 5 to 0",
        "play climb to 0",  # LA-6: the 7 is turned up at once...
        "play climb to 0",  # ...and played in the same turn
        "play rung 0 to 0",
        "play hand 12 to 1",  # LA-7: the pile at 11 completes and goes to DISCARD
        "play hand 1 to 1",  # its slot takes a new pile in the same turn
    )
    v = m.view(0)
    assert v["accents"] == [pile(8), ["1"], [], []]
    assert v["accent_next"] == [9, 2, 1, 1]
    assert v["hand"] == ["9", "W"] and v["climb_tops"][0] == "3" and v["climb_sizes"][0] == 2
    assert v["rungs"][0] == EMPTY_RUNGS and len(v["discard"]) == 12
    assert {"type": "turn_up", "seat": 0, "card": "7"} in events
    assert {"type": "complete", "slot": 1} in events
    play(m, "discard 9 to 1")
    v = m.view(0)
    assert v["hand"] == ["W"] and v["rungs"][0][1] == ["9"] and m.to_act() == (1,)


def test_la5_wild_bridges_to_the_climb_top() -> None:
    m = at(
        position(
            [["7", "1"], ["12"]], [["5", "W", "12", "12", "12"], []], accents=[pile(4), [], [], []]
        )
    )
    play(m, "play hand 5 to 0", "play hand W to 0", "play climb to 0")
    assert m.view(0)["accents"][0] == [*pile(5), "W", "7"]
    assert m.view(0)["accent_next"][0] == 8


# --- LA-1 .. LA-4 ------------------------------------------------------------------------
def test_la1_deck_has_188_cards() -> None:
    counts = Counter(DECK)
    assert len(DECK) == 188 and counts[13] == 20
    assert all(counts[c] == 14 for c in range(1, 13))


def test_la2_teams_need_four_players() -> None:
    with pytest.raises(BadOption, match="LA-2"):
        Match(GAME, 3, {"teams": True}, seed=1)
    Match(GAME, 4, {"teams": True}, seed=1)


def test_la2_up_to_six_players_alone() -> None:
    with pytest.raises(BadOption):
        Match(GAME, 7, seed=1)
    with pytest.raises(BadOption):
        Match(GAME, 1, seed=1)


@pytest.mark.parametrize(("players", "size"), [(2, 30), (3, 30), (4, 30), (5, 20), (6, 20)])
def test_la3_climb_sizes(players: int, size: int) -> None:
    v = Match(GAME, players, seed=3).view(None)
    assert v["climb_sizes"] == [size] * players
    first = (v["dealer"] + 1) % players
    # LA-3: the rest is DRAW; the first player has drawn 5 (LA-4).
    assert v["draw_size"] == 188 - size * players - 5
    assert v["hand_sizes"] == [5 if s == first else 0 for s in range(players)]


def test_la3_climb_top_face_up_draw_face_down() -> None:
    m = Match(GAME, 2, deal=deal([["9"], ["W"]]), seed=1)
    v = m.view(None)
    assert v["climb_tops"] == ["9", "W"]
    assert "draw" not in v and "climbs" not in v and v["draw_size"] == 188 - 60 - 5


def test_la3_dealer_left_starts_and_the_deal_passes_left() -> None:
    m = Match(GAME, 3, deal=deal([["5"], ["5"], ["5"]], dealer=1), seed=1)
    assert m.to_act() == (2,) and m.view(None)["dealer"] == 1
    dealers = {Match(GAME, 3, seed=s).view(None)["dealer"] for s in range(20)}
    assert dealers == {0, 1, 2}  # the first dealer is random
    # A round won: the next round is dealt by the next seat to the left.
    m = at(
        position(
            [["3"], ["12"], ["12"]],
            [["1", "2", "12", "12", "12"], [], []],
            turn=0,
            options={"target": 1000},
        )
    )
    events = play(m, "play hand 1 to 0", "play hand 2 to 0", "play climb to 0")
    deals = [e for e in events if e["type"] == "deal"]
    assert deals and deals[0]["dealer"] == 0 and deals[0]["round"] == 2
    assert m.to_act() == (1,) and m.view(None)["climb_sizes"] == [30, 30, 30]


def test_la4_first_draw_happens_at_the_start() -> None:
    m = Match(
        GAME, 2, deal=deal([["9"], ["9"]], draw=["1", "2", "3", "4", "5", "6"], dealer=1), seed=1
    )
    assert m.view(0)["hand"] == ["1", "2", "3", "4", "5"]
    assert m.view(None)["draw_size"] == 188 - 60 - 5


def test_la4_drawing_is_automatic_up_to_five() -> None:
    hands = [["12", "12", "12", "12", "11"], ["11", "11", "11"]]
    m = Match(GAME, 2, deal=deal([["9"], ["9"]], hands=hands, draw=["10", "4"], dealer=1), seed=1)
    assert not any(a.startswith("draw") for a in m.legal(0))
    events = play(m, "discard 11 to 0")
    assert {"type": "draw", "seat": 1, "cards": 2} in events
    assert m.view(1)["hand"] == ["4", "10", "11", "11", "11"]
    # A hand given in the deal as full draws nothing.
    assert m.view(0)["hand"] == ["12", "12", "12", "12"]


# --- LA-5 building --------------------------------------------------------------------
def test_la5_next_number_or_wild() -> None:
    m = at(
        position([["9"], ["12"]], [["5", "6", "W", "1", "3"], []], accents=[pile(4), [], [], []])
    )
    legal = m.legal(0)
    plays = sorted(a for a in legal if a.startswith("play"))
    assert plays == [
        "play hand 1 to 1",  # a new pile needs a 1 ...
        "play hand 5 to 0",
        "play hand W to 0",
        "play hand W to 1",  # ... or a SKIP PORTAL
    ]
    with pytest.raises(IllegalAction, match="LA-5"):
        m.apply(0, "play hand 6 to 0")
    with pytest.raises(IllegalAction, match="LA-5"):
        m.apply(0, "play hand 3 to 1")
    with pytest.raises(IllegalAction, match="LA-5"):
        m.apply(0, "play climb to 0")


def test_la5_only_the_lowest_empty_slot_is_offered() -> None:
    m = at(
        position(
            [["1", "12"], ["12"]],
            [["1", "12", "12", "12", "12"], []],
            accents=[pile(3), [], pile(5), []],
        )
    )
    assert "play hand 1 to 3" not in m.legal(0)
    with pytest.raises(IllegalAction, match="lowest-numbered empty slot"):
        m.apply(0, "play hand 1 to 3")
    play(m, "play hand 1 to 1", "play climb to 3")
    assert m.view(0)["accents"] == [pile(3), ["1"], pile(5), ["1"]]


def test_la5_at_most_four_accent_piles() -> None:
    m = at(
        position(
            [["1"], ["12"]],
            [["1", "12", "12", "12", "W"], []],
            accents=[pile(3), pile(2), pile(5), pile(7)],
        )
    )
    assert not any(a.startswith("play hand 1") or a == "play climb to 0" for a in m.legal(0))
    assert sorted(a for a in m.legal(0) if a.startswith("play hand W")) == [
        f"play hand W to {s}" for s in range(4)
    ]


def test_la5_wild_from_climb_and_rung_counts_as_needed() -> None:
    m = at(
        position(
            [["W", "6", "12"], ["12"]],
            [["12", "12", "12", "12", "11"], []],
            rungs=[[["W"], [], [], []], [[], [], [], []]],
            accents=[pile(3), [], [], []],
        )
    )
    play(m, "play climb to 0", "play rung 0 to 0", "play climb to 0")
    assert m.view(0)["accents"][0] == [*pile(3), "W", "W", "6"]


def test_la5_only_top_cards_play() -> None:
    m = at(
        position(
            [["9"], ["12"]],
            [["12", "12", "12", "12", "11"], []],
            rungs=[[["5", "8"], [], [], []], [[], [], [], []]],
            accents=[pile(4), [], [], []],
        )
    )
    assert not any(a.startswith("play rung") for a in m.legal(0))
    with pytest.raises(IllegalAction, match="LA-5"):
        m.apply(0, "play rung 0 to 0")
    with pytest.raises(IllegalAction, match="LA-5"):
        m.apply(0, "play rung 1 to 0")  # an empty RUNG pile


# --- LA-6 .. LA-8 ---------------------------------------------------------------------
def test_la6_climb_top_turned_at_once() -> None:
    m = at(position([["1", "2", "3", "12"], ["12"]], [["12", "12", "12", "12", "11"], []]))
    events = play(m, "play climb to 0", "play climb to 0", "play climb to 0")
    assert [e["card"] for e in events if e["type"] == "turn_up"] == ["2", "3", "12"]
    assert m.view(1)["climb_tops"][0] == "12" and m.view(1)["climb_sizes"][0] == 1


def test_la7_completed_pile_goes_to_discard_and_slot_is_reused() -> None:
    m = at(
        position(
            [["1", "9"], ["12"]],
            [["12", "11", "11", "11", "11"], []],
            accents=[pile(11), pile(4), pile(6), pile(2)],
        )
    )
    assert "play climb to 0" not in m.legal(0)  # four piles: no room for a new one
    events = play(m, "play hand 12 to 0")
    assert {"type": "complete", "slot": 0} in events
    v = m.view(0)
    assert v["accents"][0] == [] and sorted(v["discard"], key=CARDS.index) == pile(12)
    play(m, "play climb to 0")
    assert m.view(0)["accents"][0] == ["1"]


def test_la7_no_card_goes_onto_a_12() -> None:
    m = at(
        position(
            [["W"], ["12"]], [["12", "W", "11", "11", "11"], []], accents=[pile(11), [], [], []]
        )
    )
    play(m, "play hand W to 0")
    assert m.view(0)["accents"][0] == []  # the 12th card took the pile away at once
    assert "play hand 12 to 0" not in m.legal(0)


def test_la8_hand_refilled_mid_turn() -> None:
    top = ["1", "2", "3", "4", "W", "7"]
    draw = [*top, *rest(["8", "12", "12", "5", "6"], pile(4), top)]
    m = at(
        position([["8", "12"], ["12"]], [["5", "6"], []], accents=[pile(4), [], [], []], draw=draw)
    )
    play(m, "play hand 5 to 0")
    assert m.view(0)["hand"] == ["6"]
    events = play(m, "play hand 6 to 0")
    assert {"type": "draw", "seat": 0, "cards": 5} in events
    assert m.view(0)["hand"] == ["1", "2", "3", "4", "W"] and m.to_act() == (0,)
    play(m, "play hand W to 0", "play climb to 0")  # the turn goes on
    assert m.view(0)["accent_next"][0] == 9


# --- LA-9 / LA-10 ending the turn ------------------------------------------------------
def test_la9_stop_any_time_with_one_discard_any_card_any_rung() -> None:
    m = at(
        position(
            [["5"], ["12"]],
            [["4", "W", "12", "12", "11"], []],
            accents=[pile(3), [], [], []],
            rungs=[[["7"], ["3"], [], []], [[], [], [], []]],
        )
    )
    legal = m.legal(0)
    assert sorted(a for a in legal if a.startswith("discard")) == sorted(
        f"discard {c} to {r}" for c in ("4", "W", "12", "11") for r in range(4)
    )
    play(m, "discard W to 0")  # even with a play open, and even a SKIP PORTAL
    v = m.view(0)
    assert v["rungs"][0] == [["7", "W"], ["3"], [], []] and v["hand"] == ["4", "11", "12", "12"]
    assert m.to_act() == (1,)


def test_la9_empty_hand_nothing_to_draw_plays_then_turn_ends_by_itself() -> None:
    rungs = [[["3"], ["6", "2"], [], []], [[], [], [], []]]
    pos = position(
        [["12", "12"], ["12", "12"]],
        [[], ["11", "11", "11", "11", "11"]],
        rungs=rungs,
        accents=[pile(1), [], [], []],
        draw=[],
    )
    pos["climbs"][1] += pos["discard"]  # DRAW and DISCARD empty: nothing can be drawn
    pos["discard"] = []
    m = at(pos)
    assert m.legal(0) == ["play rung 1 to 0"]  # no discard without a hand
    play(m, "play rung 1 to 0")
    assert m.legal(0) == ["play rung 0 to 0"]  # the 6 is blocked; the 3 now fits
    events = play(m, "play rung 0 to 0")
    assert {"type": "pass", "seat": 0} in events and m.to_act() == (1,)
    assert not any(e["type"] == "discard" for e in events)
    assert [e for e in events if e["type"] == "turn"] == [{"type": "turn", "seat": 1}]


def test_la10_no_moves_between_rungs_or_to_other_players() -> None:
    m = at(
        position(
            [["9"], ["12"]],
            [["4", "12", "12", "12", "11"], []],
            rungs=[[["5"], [], [], []], [["8"], [], [], []]],
        )
    )
    legal = m.legal(0)
    assert all(a.startswith(("play hand", "play climb", "play rung", "discard")) for a in legal)
    for bad in (
        "play partner rung 0 to 0",
        "play partner climb to 0",
        "move rung 0 to 1",
        "discard climb to 0",
        "play rung 0 to 5",
    ):
        with pytest.raises(IllegalAction):
            m.apply(0, bad)
    with pytest.raises(IllegalAction, match="LA-9"):
        m.apply(0, "discard 7 to 0")  # not in hand
    with pytest.raises(IllegalAction, match="LA-4"):
        m.apply(1, "discard 12 to 0")  # not seat 1's turn


# --- LA-11 DRAW runs out ---------------------------------------------------------------
def test_la11_reshuffle_discard_when_draw_is_empty() -> None:
    climbs = [["9"], ["12"]]
    hands = [["12", "12", "12", "12", "11"], ["11", "11"]]
    pos = position(climbs, hands, draw=[])
    assert len(pos["discard"]) == 188 - 9 and pos["draw"] == []
    m = at(pos)
    events = play(m, "discard 11 to 0")
    assert {"type": "reshuffle", "cards": 179} in events
    assert {"type": "draw", "seat": 1, "cards": 3} in events
    v = m.view(1)
    assert v["draw_size"] == 176 and v["discard"] == [] and len(v["hand"]) == 5


def test_la11_both_empty_draw_what_there_is() -> None:
    climbs = [["9"], ["12"]]
    hands = [["12", "12", "12", "12", "11"], ["11", "11"]]
    pos = position(climbs, hands, draw=["10"])
    pos["climbs"][1] += pos["discard"]
    pos["discard"] = []
    m = at(pos)
    events = play(m, "discard 11 to 0")
    assert {"type": "draw", "seat": 1, "cards": 1} in events
    assert m.view(1)["hand"] == ["10", "11", "11"] and m.view(1)["draw_size"] == 0


def test_la11_reshuffle_mid_turn_refill() -> None:
    # The hand empties, DRAW is empty, DISCARD holds a just-completed pile: it is drawn from.
    pos = position([["9"], ["12"]], [["12"], []], accents=[pile(11), [], [], []], draw=[])
    pos["climbs"][1] += pos["discard"]
    pos["discard"] = []
    m = at(pos)
    events = play(m, "play hand 12 to 0")
    types = [e["type"] for e in events]
    assert types == ["play", "complete", "reshuffle", "draw"]
    assert m.view(0)["hand_sizes"][0] == 5 and m.view(0)["draw_size"] == 7


# --- LA-12 / LA-13 winning and scoring ---------------------------------------------------
def test_la12_round_won_mid_turn_and_la13_scoring() -> None:
    m = at(
        position(
            [["2", "3"], ["12"] * 7], [["1", "W", "12", "12", "12"], []], options={"rounds": 1}
        )
    )
    events = play(m, "play hand 1 to 0", "play climb to 0", "play climb to 0")
    end = next(e for e in events if e["type"] == "round_end")
    assert end["winners"] == [0] and end["reason"] == "climb"
    assert end["points"] == [25 + 5 * 7, 0]
    assert m.is_over() and m.legal(0) == []
    out = m.outcome()
    assert out is not None and out.scores == (60.0, 0.0) and out.places == (1, 2)


def test_la13_score_counts_all_opponents_climbs() -> None:
    m = at(
        position(
            [["1"], ["12"] * 3, ["12"] * 4],
            [["12", "12", "12", "12", "12"], [], []],
            options={"rounds": 1},
        )
    )
    play(m, "play climb to 0")
    out = m.outcome()
    assert out is not None and out.scores == (25 + 5 * 7, 0, 0) and out.places == (1, 2, 2)


def test_la13_match_goes_on_until_the_target() -> None:
    m = at(position([["1"], ["12"] * 3], [["12", "12", "12", "12", "12"], []], totals=[0, 480]))
    events = play(m, "play climb to 0")
    assert (
        not m.is_over() and m.view(None)["totals"] == [40, 480] and m.view(None)["hand_number"] == 2
    )
    assert m.view(None)["hand_scores"] == [[40, 0]]
    assert any(e["type"] == "deal" for e in events)
    m = at(position([["1"], ["12"] * 3], [["12", "12", "12", "12", "12"], []], totals=[470, 480]))
    events = play(m, "play climb to 0")
    assert m.is_over() and events[-1] == {
        "type": "match_end",
        "scores": [510, 480],
        "places": [1, 2],
    }


def test_la13_rounds_option_ends_the_match() -> None:
    with pytest.raises(BadOption):
        Match(GAME, 2, {"rounds": 2, "target": 100}, seed=1)
    assert GAME.options(2, {"rounds": 2})["target"] is None
    m = at(
        position([["1"], ["12"] * 3], [["12", "12", "12", "12", "12"], []], options={"rounds": 2})
    )
    play(m, "play climb to 0")
    assert not m.is_over() and m.view(None)["hand_number"] == 2


# --- LA-14 partnerships ----------------------------------------------------------------
def team_position(**kw: Any) -> dict[str, Any]:
    climbs = kw.pop("climbs", [["5", "7"], ["12"] * 4, ["6", "1"], ["12"] * 4])
    hands = kw.pop("hands", [["4", "12", "12", "12", "11"], [], [], []])
    options = kw.pop("options", {"teams": True})
    return position(climbs, hands, options=options, **kw)


def test_la14_play_from_partner_climb_and_rungs_discard_only_own() -> None:
    rungs = [[[], [], [], []], [["7"], [], [], []], [["9", "7"], [], [], []], [[], [], [], []]]
    m = at(team_position(rungs=rungs, accents=[pile(3), pile(6), [], []]))
    legal = m.legal(0)
    assert "play partner rung 0 to 1" in legal and "play partner climb to 0" not in legal
    assert not any(a.startswith("play rung") for a in legal)  # seat 1's 7 is an opponent's
    play(
        m,
        "play hand 4 to 0",
        "play climb to 0",
        "play partner climb to 0",
        "play partner rung 0 to 1",
        "play partner climb to 2",
    )
    v = m.view(0)
    assert v["climb_tops"] == ["7", "12", None, "12"]
    assert v["accents"][:3] == [pile(6), pile(7), ["1"]] and v["rungs"][2][0] == ["9"]
    assert not any("partner" in a and "discard" in a for a in m.legal(0))
    play(m, "discard 11 to 3")
    assert m.view(0)["rungs"][0][3] == ["11"] and m.view(0)["rungs"][2][0] == ["9"]


def test_la14_partnership_wins_only_with_both_climbs_empty() -> None:
    m = at(
        team_position(
            climbs=[["5"], ["12"] * 4, ["6"], ["12"] * 2],
            accents=[pile(4), [], [], []],
            options={"teams": True, "rounds": 1},
        )
    )
    events = play(m, "play climb to 0")
    assert not any(e["type"] == "round_end" for e in events)
    assert m.view(0)["climb_sizes"] == [0, 4, 1, 2] and m.view(0)["climb_tops"][0] is None
    assert "play climb to 1" not in m.legal(0)
    events = play(m, "play partner climb to 0")
    end = next(e for e in events if e["type"] == "round_end")
    assert end["winners"] == [0, 2] and end["points"] == [55, 0, 55, 0]
    out = m.outcome()
    assert out is not None and out.scores == (55.0, 0.0, 55.0, 0.0)
    assert out.places == (1, 2, 1, 2)  # partners share their side's place


def test_la14_player_with_empty_climb_keeps_taking_turns() -> None:
    m = at(
        team_position(
            climbs=[[], ["12"] * 4, ["6", "9"], ["12"] * 2],
            hands=[["4", "12", "12", "12", "11"], [], [], []],
        )
    )
    play(m, "discard 4 to 0")
    play(m, "discard " + m.view(1)["hand"][0] + " to 0")
    play(m, "discard " + m.view(2)["hand"][0] + " to 0")
    play(m, "discard " + m.view(3)["hand"][0] + " to 0")
    assert m.to_act() == (0,) and m.view(0)["hand_sizes"][0] == 5


def test_la14_partners_do_not_see_each_others_hands() -> None:
    m = Match(GAME, 4, {"teams": True}, seed=5)
    shared = [{k: x for k, x in m.view(s).items() if k not in ("seat", "hand")} for s in range(4)]
    public = {k: x for k, x in m.view(None).items() if k != "seat"}
    assert shared[0] == shared[1] == shared[2] == shared[3] == public


# --- LA-15 deadlock guard ----------------------------------------------------------------
def stuck(climbs: list[list[str]], options: dict[str, Any] | None = None) -> Match[Any]:
    """DRAW and DISCARD empty, hands of 11s, ACCENT at 2, and no play anywhere."""
    n = len(climbs)
    hands = [["11", "11", "11", "11", "11"]] + [["11"]] * (n - 1)
    pos = position(climbs, hands, draw=[], accents=[pile(2), [], [], []], options=options)
    # The rest of the deck lies in seat 0's RUNG pile 0 with the 1s, 3s and wilds at the bottom.
    pos["rungs"][0][0] = sorted(pos["discard"], key=lambda c: c not in ("1", "3", "W"))
    pos["discard"] = []
    return at(pos)


def test_la15_idle_turns_end_the_round_fewest_climb_wins() -> None:
    m = stuck([["12", "12"], ["12"]], {"rounds": 1})
    assert m.view(0)["rungs"][0][0][-1] == "2"
    play(m, "discard 11 to 1")
    assert m.view(None)["idle_turns"] == 1 and not m.is_over()
    events = play(m, "discard 11 to 1")
    end = next(e for e in events if e["type"] == "round_end")
    assert end["reason"] == "deadlock" and end["winners"] == [1] and end["points"] == [0, 35]


def test_la15_tied_sides_score_nothing() -> None:
    m = stuck([["12"], ["12"], ["12"]], {"rounds": 1})
    play(m, "discard 11 to 1", "discard 11 to 1")
    assert m.view(None)["idle_turns"] == 2
    events = play(m, "discard 11 to 1")
    end = next(e for e in events if e["type"] == "round_end")
    assert end["winners"] == [] and end["points"] == [0, 0, 0]
    out = m.outcome()
    assert out is not None and out.places == (1, 1, 1)


def test_la15_a_play_makes_the_turn_not_idle() -> None:
    pos = stuck([["12"], ["12"]]).position()
    pos["hands"][0][0] = "3"
    pos["rungs"][0][0].remove("3")
    pos["rungs"][0][0].insert(0, "11")
    pos["idle"] = 1
    m = at(pos)
    play(m, "play hand 3 to 0", "discard 11 to 1")
    assert m.view(None)["idle_turns"] == 0 and not m.is_over()


def test_la15_not_idle_while_draw_has_cards() -> None:
    m = at(position([["12"], ["12"]], [["11"] * 5, ["11"]], draw=["10"] * 4))
    play(m, "discard 11 to 0")
    assert m.view(None)["idle_turns"] == 0


def test_la15_partnership_sides_add_their_climbs() -> None:
    m = stuck([["12"] * 3, ["12"] * 1, ["12"] * 1, ["12"] * 4], {"teams": True, "rounds": 1})
    events = []
    for _ in range(4):
        seat = m.to_act()[0]
        events += play(m, f"discard {m.view(seat)['hand'][0]} to 1")
    end = next(e for e in events if e["type"] == "round_end")
    assert end["winners"] == [0, 2] and end["points"] == [50, 0, 50, 0]


# --- LA-16 information -----------------------------------------------------------------
def test_la16_views_hide_hands_draw_order_and_climbs_below_the_top() -> None:
    m = Match(GAME, 3, seed=11)
    seat = m.to_act()[0]
    text = json.dumps(m.view(None))
    for key in ("hand", "draw", "climbs", "rng"):
        assert f'"{key}"' not in text
    assert "hand" in m.view(seat) and m.view(seat)["hand_sizes"][seat] == 5
    pos = m.position()
    other = dict(pos)
    other["draw"] = list(reversed(pos["draw"]))
    other["climbs"] = [[c[0], *reversed(c[1:])] for c in pos["climbs"]]
    m2 = Match(GAME, 3, position=other)
    for s in range(3):
        assert m2.view(s) == m.view(s)


@given(st.integers(0, 10_000), st.integers(2, 6), st.integers(0, 400))
def test_la16_property_views_leak_nothing_and_cards_are_conserved(
    seed: int, n: int, steps: int
) -> None:
    m = random_match(n, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if m.is_over():
            break
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal(seat)))
    pos = m.position()
    cards = flat(pos["climbs"]) + flat(pos["hands"]) + flat(pos["rungs"]) + flat(pos["accents"])
    assert Counter(cards + pos["draw"] + pos["discard"]) == Counter(rest())
    # Changing what seat 0 cannot see (another hand swapped with DRAW cards) keeps its view.
    if n > 1 and pos["hands"][1] and len(pos["draw"]) >= len(pos["hands"][1]):
        k = len(pos["hands"][1])
        other = json.loads(json.dumps(pos))
        other["hands"][1], other["draw"][:k] = pos["draw"][:k], pos["hands"][1]
        m2 = Match(GAME, n, pos["options"], position=other)
        assert m2.view(0) == m.view(0) and m2.view(None) == m.view(None)


# --- deals and positions ------------------------------------------------------------------
def test_deal_is_refused_with_a_reason() -> None:
    good = deal([["5"], ["5"]])
    Match(GAME, 2, deal=good, seed=1)
    bad = json.loads(json.dumps(good))
    bad["climbs"][0] = bad["climbs"][0][:-1]
    with pytest.raises(BadDeal, match="30"):
        Match(GAME, 2, deal=bad, seed=1)
    bad = json.loads(json.dumps(good))
    bad["draw"][0] = "13"
    with pytest.raises(BadDeal, match="'13'"):
        Match(GAME, 2, deal=bad, seed=1)
    bad = json.loads(json.dumps(good))
    bad["draw"][0] = "W"
    with pytest.raises(BadDeal, match="LA-1"):
        Match(GAME, 2, deal=bad, seed=1)
    bad = json.loads(json.dumps(good))
    bad["draw"].pop()
    with pytest.raises(BadDeal, match="missing"):
        Match(GAME, 2, deal=bad, seed=1)
    bad = json.loads(json.dumps(good))
    bad["hands"][0] = bad["draw"][:6]
    bad["draw"] = bad["draw"][6:]
    with pytest.raises(BadDeal, match="at most 5"):
        Match(GAME, 2, deal=bad, seed=1)
    with pytest.raises(BadDeal, match="dealer"):
        Match(GAME, 2, deal={**good, "dealer": 2}, seed=1)


def test_position_is_checked() -> None:
    pos = position([["5"], ["5"]], [["1"], []])
    at(pos)
    bad = json.loads(json.dumps(pos))
    bad["accents"][0] = ["1", "3"]
    with pytest.raises(BadPosition, match="LA-5"):
        at(bad)
    bad = json.loads(json.dumps(pos))
    bad["draw"].pop()
    with pytest.raises(BadPosition, match="LA-1"):
        at(bad)
    bad = json.loads(json.dumps(pos))
    bad["turn"] = 5
    with pytest.raises(BadPosition):
        at(bad)
    bad = json.loads(json.dumps(pos))
    bad["draw"].append(bad["hands"][0].pop())
    with pytest.raises(BadPosition, match="LA-8"):
        at(bad)


# --- perft: legal-action counts at fixed positions -----------------------------------------
def test_perft_counts() -> None:
    m = worked_example()
    assert len(m.legal(0)) == 26  # 6 plays + 5 distinct cards x 4 RUNG piles
    m = Match(GAME, 2, deal=deal([["1"], ["W"]], draw=["1", "W", "5", "5", "12"], dealer=1), seed=1)
    # Hand 1 5 5 12 W onto four empty slots: 1, W and the CLIMB 1 each to slot 0; 4 x 4 discards.
    assert sorted(m.legal(0)) == sorted(
        ["play hand 1 to 0", "play hand W to 0", "play climb to 0"]
        + [f"discard {c} to {r}" for c in ("1", "5", "12", "W") for r in range(4)]
    )
    m = at(
        team_position(
            rungs=[
                [["W"], [], [], []],
                [["5"], [], [], []],
                [["1"], ["W"], [], []],
                [[], [], [], []],
            ],
            accents=[pile(3), pile(6), pile(4), []],
        )
    )
    legal = m.legal(0)
    plays = [a for a in legal if a.startswith("play")]
    # hand 4 -> 0; climb 5 -> 2; own rung W -> 0,1,2,3; partner climb 6 -> none (no pile at 5);
    # partner rung 0 (1) -> 3; partner rung 1 (W) -> 0,1,2,3.
    assert len(plays) == 1 + 1 + 4 + 1 + 4 and len(legal) == 11 + 3 * 4


def test_timeout_discards_the_highest_card_to_the_shortest_rung() -> None:
    m = at(
        position(
            [["5"], ["12"]],
            [["4", "W", "9", "2", "11"], []],
            rungs=[[["7"], [], ["3"], []], [[], [], [], []]],
        )
    )
    assert GAME.timeout_action(m.state, 0) == "discard 11 to 1"


def test_determinize_keeps_the_view_and_plays_on() -> None:
    rng = random.Random(7)
    for seed in range(6):
        m = random_match(4, seed, {"teams": True, "rounds": 1})
        for _ in range(rng.randrange(150)):
            if m.is_over():
                break
            s = m.to_act()[0]
            m.apply(s, rng.choice(m.legal(s)))
        if m.is_over():
            continue
        seat = m.to_act()[0]
        view = json.loads(json.dumps(m.view(seat)))
        det = GAME.determinize(view, random.Random(seed))
        assert GAME.view(det, seat) == view
        assert sorted(GAME.legal_actions(det, seat)) == m.legal(seat)
        # The resampled cards differ from the truth somewhere (the hidden ones were reshuffled).
        assert GAME.position(det)["draw"] != m.position()["draw"]
        while not GAME.is_over(det):
            s = GAME.to_act(det)[0]
            det, _ = GAME.apply(det, s, rng.choice(GAME.legal_actions(det, s)))


def test_decision_empty_hand_draws_as_soon_as_a_completed_pile_allows() -> None:
    """src/pondside/rules/ladders.md: a hand empty for lack of cards is refilled once DISCARD has some."""
    rungs = [[["12"], [], [], []], [[], [], [], []]]
    pos = position(
        [["10", "12"], ["12"]], [[], ["11"]], rungs=rungs, accents=[pile(11), [], [], []], draw=[]
    )
    pos["climbs"][1] += pos["discard"]
    pos["discard"] = []
    m = at(pos)
    assert m.legal(0) == ["play rung 0 to 0"]
    events = play(m, "play rung 0 to 0")
    assert [e["type"] for e in events] == ["play", "complete", "reshuffle", "draw"]
    assert m.view(0)["hand_sizes"][0] == 5 and any(a.startswith("discard") for a in m.legal(0))


def test_the_view_names_each_seats_partner_and_a_label_names_the_partner_played_from() -> None:
    """LA-2: partners sit opposite (seats 0+2, 1+3); LA-14: a seat may play its partner's tops,
    and the server's label of such a play names the partner, as the table does."""
    m = Match(GAME, 4, {"teams": True, "rounds": 1}, seed=3)
    seat = m.to_act()[0]
    view = m.view(seat)
    assert view["partners"] == [2, 3, 0, 1]
    names = ["Ann", "Bob", "Cid", "Dee"]
    said = GAME.action_label(view, "play partner climb to 0", names)
    mate = names[(seat + 2) % 4]
    assert said["label"] == f"{view['climb_tops'][(seat + 2) % 4]} from {mate}'s CLIMB"
    alone = Match(GAME, 3, {"rounds": 1}, seed=3)
    assert alone.view(None)["partners"] == [None, None, None]
