"""The King of the Quackers hand split (RHCP-v2's decomposition) and the splitter bot: every part
a legal combination and together the hand, the cheapest split found exactly, the rulebook's
combinations read as parts, and whole matches played legally and reproducibly."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kq_positions import position
from pondside.bots import make_bot
from pondside.bots.king_of_the_quackers import KingOfTheQuackersSplitter as SPLITTER
from pondside.bots.king_of_the_quackers_split import (
    cards_of,
    codes,
    mask_of,
    part_of,
    split,
)
from pondside.engine import IllegalAction, Match
from pondside.games.king_of_the_quackers import (
    BOMB,
    CODE,
    FLUSH,
    GAME,
    INDEX,
    SET,
    SINGLE,
    classify,
)
from pondside.games.king_of_the_quackers.combinations import bombs, flushes, sets

hands = st.frozensets(st.integers(0, len(CODE) - 1), max_size=15)


def hand_of(*cards: str) -> int:
    return mask_of(INDEX[c] for c in cards)


def parts(*cards: str) -> list[list[str]]:
    """The split of a hand, as card codes, strongest part first."""
    return [codes(p.cards) for p in reversed(split(hand_of(*cards)).parts)]


def reading(cards: tuple[int, ...], kind: int) -> int:
    """The Ace's number that makes ``cards`` the kind of combination its part says (0: none)."""
    for ace in (0, *range(2, 10)):
        try:
            if classify(cards, ace).kind == kind:
                return ace
        except IllegalAction:
            continue
    raise AssertionError(f"{[CODE[c] for c in cards]} is no combination of kind {kind}")


# --- the split, on hands written like the rulebook's examples -----------------------------------
def test_a_straight_flush_with_its_ace_is_one_part() -> None:
    # the rulebook's example: the Ace of Waves standing for a number in 7 8 of Waves
    assert parts("1V", "7VY", "8VL") == [["1V", "7VY", "8VL"]]


def test_painter_and_savage_are_a_bomb_not_a_set() -> None:
    # KQ-21: personalities only are a Bomb; the worked example's Painter and Savage
    (part,) = split(hand_of("3SK", "3LY")).parts
    assert part.kind == BOMB and part.rank == 3


def test_a_set_beats_three_loose_cards() -> None:
    (part,) = split(hand_of("9MS", "9VY", "9LK")).parts
    assert part.kind == SET and part.rank == 9


def test_the_fewest_strongest_parts() -> None:
    # a run of Waves and the Soldier + Penitent Bomb: two plays, not five singles
    assert parts("2VL", "3MV", "4VL", "5YK", "6SY") == [["5YK", "6SY"], ["2VL", "3MV", "4VL"]]
    # a Crown is stronger alone than a low single is
    assert split(hand_of("NL")).cost < split(hand_of("2SY")).cost


def test_outlook_keeps_the_weakest_part_for_the_last_lead() -> None:
    found = split(hand_of("2SY", "NL"))
    assert found.plays == 2
    assert found.outlook == pytest.approx(found.cost - split(hand_of("2SY")).cost)
    assert split(0).outlook == 0


# --- every split is the hand, in legal combinations, and the cheapest -------------------------
@settings(max_examples=300, deadline=None)
@given(hands)
def test_every_part_is_a_legal_combination_and_together_they_are_the_hand(
    hand: frozenset[int],
) -> None:
    found = split(mask_of(hand))
    union = 0
    for part in found.parts:
        assert part.cards & union == 0  # no card in two parts
        union |= part.cards
        cards = tuple(cards_of(part.cards))
        play = classify(cards, reading(cards, part.kind))
        assert (play.kind, play.rank) == (part.kind, part.rank) or part.kind == FLUSH
        assert part_of(play).cards == part.cards
    assert union == mask_of(hand)
    assert found.plays == len(found.parts) <= len(hand)
    assert found.cost == pytest.approx(sum(p.cost for p in found.parts))


def every_combination(hand: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The game's own enumeration (combinations.py) of what a hand can play, Bombs of up to
    four cards (the split's largest)."""
    out = {(c,) for c in hand}
    out |= {p.cards for p in sets(hand, 0, 0)}
    out |= {p.cards for p in flushes(hand, 0, 0)}
    out |= {p.cards for p in bombs(hand, 0) if len(p.cards) <= 4}
    return sorted(out)


@cache
def cheapest(hand: tuple[int, ...]) -> float:
    """The cheapest split by brute force over the game's own combinations."""
    if not hand:
        return 0.0
    first = hand[0]
    best = float("inf")
    for combo in every_combination(hand):
        if first in combo:
            rest = tuple(c for c in hand if c not in combo)
            cost = min(part_of(classify(combo, a)).cost for a in _readings(combo))
            best = min(best, cost + cheapest(rest))
    return best


def _readings(combo: tuple[int, ...]) -> list[int]:
    found = []
    for ace in (0, *range(2, 10)):
        try:
            classify(combo, ace)
        except IllegalAction:
            continue
        found.append(ace)
    return found


@settings(max_examples=150, deadline=None)
@given(st.frozensets(st.integers(0, len(CODE) - 1), max_size=8))
def test_the_split_is_the_cheapest_of_every_split_into_the_games_combinations(
    hand: frozenset[int],
) -> None:
    assert split(mask_of(hand)).cost == pytest.approx(cheapest(tuple(sorted(hand))))


# --- the splitter at the table ----------------------------------------------------------------
def run(specs: list[str], seed: int, **options: Any) -> tuple[Match[Any], list[str]]:
    m = Match(GAME, len(specs), options, seed=seed)
    bots = [make_bot(spec, GAME, s, seed * 10 + s) for s, spec in enumerate(specs)]
    actions = []
    while not m.is_over():
        for s in m.to_act():
            legal = m.legal(s)
            action = bots[s].choose(m.view(s), legal)
            assert action in legal
            actions.append(action)
            m.apply(s, action)
    return m, actions


@pytest.mark.parametrize(
    "options", [{}, {"bidding": True, "target": 40}, {"deck": "basic", "target": 30}]
)
@pytest.mark.parametrize("players", [3, 4])
def test_splitter_plays_whole_matches_legally_and_reproducibly(
    players: int, options: dict[str, Any]
) -> None:
    specs = ["splitter", "heuristic", "splitter", "random"][:players]
    opts = {"target": 30, **options}
    first, actions = run(specs, seed=players, **opts)
    again, replayed = run(specs, seed=players, **opts)
    assert actions == replayed
    assert first.outcome() == again.outcome()


def choose(m: Match[Any], seat: int) -> str:
    return SPLITTER(GAME, seat, random.Random(0)).choose(m.view(seat), m.legal(seat))


def test_leads_its_weakest_part_and_keeps_the_crown() -> None:
    m = position([["2SY", "5SV", "NL"], ["5ML", "9VY", "PVLY"], ["3MV", "TSVY", "7SK"]], turn=0)
    assert choose(m, 0) in ("play 2SY", "play 5SV")


def test_with_one_weak_part_left_it_leads_the_strong_one_first() -> None:
    # the Crown wins its round back, then the 2 goes out on its own lead
    m = position([["2SY", "NL"], ["5ML", "9VY", "PVLY"], ["3MV", "TSVY", "7SK"]], turn=0)
    assert choose(m, 0) == "play NL"


def test_goes_out_when_it_can() -> None:
    m = position([["9MS", "9VY"], ["5ML", "5SV", "2SY"], ["3MV", "TSVY", "7SK"]], turn=1)
    m.apply(1, "play 5ML 5SV")
    assert choose(m, 2) == "pass"  # no pair
    m.apply(2, "pass")
    assert choose(m, 0) == "play 9MS 9VY"


def test_follows_a_pair_with_a_pair_of_its_split_not_its_bomb() -> None:
    bot_hand = ["2MK", "3SK", "5ML", "7ML", "7SK", "9VY", "NK", "1V", "2SY"]
    hands = [["4MS", "4YK", "NL", "1S", "1M", "8YK", "8VL", "9MS"], bot_hand, ["4VL", "TSVY"]]
    hands[2] += ["7VY", "1K", "1Y", "3MV", "5SV", "9LK"]
    m = position(hands, turn=0)
    m.apply(0, "play 4MS 4YK")
    assert choose(m, 1) == "play 7ML 7SK"


def test_bombs_when_an_opponent_is_close() -> None:
    bot_hand = ["2MK", "3SK", "5ML", "7VY", "8YK", "NK"]
    near = [["9MS", "9VY", "NL"], bot_hand, ["4VL", "TSVY", "7SK", "1M", "1S"]]
    m = position(near, turn=0)
    m.apply(0, "play 9MS 9VY")
    assert choose(m, 1) == "play 2MK 3SK"


def test_gives_away_loose_low_cards_not_its_combinations() -> None:
    m = Match(GAME, 3, seed=5)
    for seat in range(3):
        hand = mask_of(INDEX[c] for c in m.view(seat)["hand"])
        before = split(hand)
        given = mask_of(INDEX[c] for c in choose(m, seat).split()[1:])
        for part in before.parts:
            if part.kind != SINGLE:
                assert part.cards & given != part.cards  # no whole combination given away
        assert split(hand & ~given).plays <= before.plays


def test_explains_with_the_split() -> None:
    m = position([["2SY", "5SV", "NL"], ["5ML", "9VY", "PVLY"], ["3MV", "TSVY", "7SK"]], turn=0)
    bot = SPLITTER(GAME, 0, random.Random(0))
    legal = m.legal(0)
    said = bot.explain(m.view(0), legal, bot.choose(m.view(0), legal))
    assert said is not None and "NL" in said


def test_casual_is_the_splitter_and_the_searches_play_out_with_the_heuristic() -> None:
    from pondside.bots.king_of_the_quackers import BOTS, KingOfTheQuackersHeuristic
    from pondside.bots.levels import level_spec

    assert level_spec(GAME, "casual") == "splitter"
    assert isinstance(make_bot("casual", GAME, 0, 0), SPLITTER)
    # the old heuristic keeps its spec name, the beginner's slips and the searches' playouts
    assert isinstance(make_bot("heuristic", GAME, 0, 0), KingOfTheQuackersHeuristic)
    assert BOTS.heuristic is KingOfTheQuackersHeuristic
