"""The published 6 nimmt! baselines (bots/published.py), each held to its source's description.

- ``highest``: "Always plays the highest-valued card in hand"; "Row choice: fewest cattle heads"
  (ThingsAI's 6-nimmt-agent, dummy-max; Bertschi & Mégret's "Always Highest").
- ``rowgap``: "For each candidate card, estimates its expected penalty by sampling K random
  opponent hands from the unknown card pool and simulating a single turn", K = 200, fewest
  heads for a forced row pick (ThingsAI's bayesian-simple).
- ``flatmc``: every candidate card played out to the end of the round with every later move
  random, the card with the lowest average own penalty chosen; ThingsAI's ``mcs`` runs
  ``min(mcMax, mcPerCard × cards)`` playouts evenly (mcMax = 10 × mcPerCard by default),
  Brehmer & Gutsche's MCSAgent ``min(mc_max, mc_per_card × cards!)`` playouts each opening
  with a random card, and takes the fewest-heads row (their simplified rule).

Positions come from explicit deals (protocol.md); seats 0..3 are A..D. Hands are padded with
the highest cards nobody holds, as in tests/games/test_lame_duck_rulings.py.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pondside.bots import BUILTIN, UnknownBot, bot_names, make_bot
from pondside.bots.published import FlatMCBot, HighestBot, RowGapBot, turn_ducks
from pondside.engine import Match
from pondside.games import get_game
from pondside.games.lame_duck import GAME

A = 0


def deal(hands: list[list[int]], columns: list[int]) -> dict[str, list[Any]]:
    """The deal with each hand padded to 10 cards by the highest cards nobody holds."""
    used = {c for h in hands for c in h} | set(columns)
    spare = [c for c in range(104, 0, -1) if c not in used]
    full = []
    for h in hands:
        need = 10 - len(h)
        full.append(list(h) + spare[:need])
        del spare[:need]
    return {"hands": full, "columns": list(columns)}


def full_first_column() -> Match[Any]:
    """Turn 2 with column 0 = [10, 11, 12, 13, 14] (11 ducks): A holds 15, whose only place is
    that column's sixth, and 31, just above column 1's end."""
    m = Match(GAME, 4, deal=deal([[11, 15, 31], [12], [13], [14]], [10, 30, 60, 90]), seed=3)
    for seat, card in enumerate((11, 12, 13, 14)):
        m.apply(seat, f"play {card}")
    assert m.view(A)["columns"][0] == [10, 11, 12, 13, 14]
    return m


def too_low_for_a() -> Match[Any]:
    """A's 5 is below every column: columns of 5, 3, 5 and 1 ducks (11, 20, 33, 41)."""
    m = Match(GAME, 4, deal=deal([[5], [50], [51], [52]], [11, 20, 33, 41]), seed=3)
    for seat, card in enumerate((5, 50, 51, 52)):
        m.apply(seat, f"play {card}")
    assert m.to_act() == (A,)
    return m


def choose(spec: str, m: Match[Any], seed: int = 1) -> str:
    return make_bot(spec, GAME, A, seed).choose(m.view(A), m.legal(A))


# --- one turn's placement, as the sources simulate it ------------------------------------------
def test_turn_ducks_places_lowest_first_and_takes_the_fewest_ducks_column_when_too_low() -> None:
    # The rulings' worked example 3, with the too-low card taking the column of fewest ducks
    # (the sources' rule): column 1 ([30], 3 ducks) ties column 3 ([70]) and has the lower index.
    columns = ((3, 8, 12, 17, 21), (30,), (50, 55), (70,))
    assert turn_ducks(columns, 2, [24, 56, 33]) == 3
    assert turn_ducks(columns, 24, [2, 56, 33]) == 5  # the sixth card of column 0
    assert turn_ducks(columns, 56, [2, 24, 33]) == 0  # [50, 55, 56]
    assert turn_ducks(columns, 33, [2, 24, 56]) == 0  # [24, 33]: column 1 was taken by the 2


# --- randomcard ---------------------------------------------------------------------------------
def test_randomcard_plays_any_card_and_takes_the_column_with_the_fewest_ducks() -> None:
    m = full_first_column()
    played = {choose("randomcard", m, seed) for seed in range(40)}
    assert played == set(m.legal(A))  # every card of the hand, none preferred
    assert choose("randomcard", too_low_for_a()) == "take 3"


# --- highest ------------------------------------------------------------------------------------
def test_highest_always_plays_its_highest_card() -> None:
    m = full_first_column()
    assert choose("highest", m) == f"play {max(m.view(A)['hand'])}"


def test_highest_takes_the_column_with_the_fewest_ducks() -> None:
    assert choose("highest", too_low_for_a()) == "take 3"  # [41]: 1 duck


# --- rowgap -------------------------------------------------------------------------------------
def test_rowgap_knows_a_certain_sixth_card_and_plays_another() -> None:
    m = full_first_column()
    bot = make_bot("rowgap", GAME, A, 1)
    assert isinstance(bot, RowGapBot)
    # No unseen card lies between 14 and 15, and a too-low card of another player takes a
    # 3-duck column, never column 0: every draw gives the 15 all 11 ducks.
    assert bot.expected_ducks(m.view(A), 15) == 11
    assert bot.expected_ducks(m.view(A), 31) < 11
    assert bot.choose(m.view(A), m.legal(A)) != "play 15"


def test_rowgap_draws_the_other_players_cards_from_the_unseen_ones() -> None:
    m = full_first_column()
    bot = RowGapBot(GAME, A, random.Random(1), samples=1)
    seen: set[int] = set()
    real = bot.rng.sample

    def spy(pool: list[int], k: int) -> list[int]:
        assert k == 3  # one card from each other player
        seen.update(pool)
        return real(pool, k)

    bot.rng.sample = spy  # type: ignore[method-assign]
    bot.expected_ducks(m.view(A), 31)
    view = m.view(A)
    known = {c for col in view["columns"] for c in col} | set(view["hand"])
    assert seen and not seen & known


def test_rowgap_takes_the_column_with_the_fewest_ducks() -> None:
    assert choose("rowgap", too_low_for_a()) == "take 3"


def test_rowgap_counts_its_samples() -> None:
    with pytest.raises(UnknownBot, match="samples must be a whole number >= 1"):
        make_bot("rowgap:samples=0", GAME, 0, 1)


# --- flatmc -------------------------------------------------------------------------------------
def test_flatmc_budgets_are_the_sources() -> None:
    things = FlatMCBot(GAME, 0, random.Random(0), per_card=100)  # mcPerCard=100, mcMax=1000
    assert [things.playouts_for(n) for n in (10, 5, 2)] == [1000, 500, 200]
    capped = FlatMCBot(GAME, 0, random.Random(0), per_card=100, sims=300)
    assert capped.playouts_for(10) == 300  # 30 a card
    brehmer = FlatMCBot(GAME, 0, random.Random(0), per_card=10, sims=200, spread="random")
    assert [brehmer.playouts_for(n) for n in (2, 3, 4, 10)] == [20, 60, 200, 200]


def test_flatmc_chooses_the_fewest_mean_ducks_over_its_playouts() -> None:
    m = full_first_column()
    bot = FlatMCBot(GAME, A, random.Random(0), per_card=4)
    counts: dict[str, int] = {}

    def playout(view: Any, action: str) -> int:
        counts[action] = counts.get(action, 0) + 1
        return {"play 15": 11, "play 31": 1}.get(action, 2 + counts[action] % 3)

    bot.playout = playout  # type: ignore[method-assign]
    assert bot.choose(m.view(A), m.legal(A)) == "play 31"
    assert set(counts.values()) == {4}  # spread=even: per_card playouts for every card
    assert bot.playouts == 4 * len(m.legal(A))


def test_flatmc_random_spread_opens_each_playout_with_a_random_card() -> None:
    m = full_first_column()
    bot = FlatMCBot(GAME, A, random.Random(0), per_card=10, sims=200, spread="random")
    counts: dict[str, int] = {}

    def playout(view: Any, action: str) -> int:
        counts[action] = counts.get(action, 0) + 1
        return 0

    bot.playout = playout  # type: ignore[method-assign]
    bot.choose(m.view(A), m.legal(A))
    assert sum(counts.values()) == 200
    assert len(set(counts.values())) > 1  # not an even split


def test_flatmc_playouts_run_to_the_end_of_the_round_from_the_card_played() -> None:
    m = full_first_column()
    bot = FlatMCBot(GAME, A, random.Random(0), per_card=1)
    view = m.view(A)
    sixth = [bot.playout(view, "play 15") for _ in range(20)]
    assert min(sixth) >= 11  # the column's 11 ducks, then whatever the rest of the round brings
    assert len(set(sixth)) > 1  # later moves are random: the rounds differ


def test_flatmc_takes_by_search_or_by_fewest_ducks() -> None:
    m = too_low_for_a()
    assert choose("flatmc:per_card=10:sims=200:spread=random:take=fewest", m) == "take 3"
    bot = FlatMCBot(GAME, A, random.Random(0), per_card=5)
    assert bot.choose(m.view(A), m.legal(A)).startswith("take")
    assert bot.playouts == 5 * 4  # every column played out per_card times (ThingsAI)


def test_flatmc_refuses_settings_it_does_not_have() -> None:
    with pytest.raises(UnknownBot, match="spread is even or random"):
        make_bot("flatmc:spread=ucb", GAME, 0, 1)
    with pytest.raises(UnknownBot, match="take is search or fewest"):
        make_bot("flatmc:take=best", GAME, 0, 1)
    with pytest.raises(UnknownBot, match="per_card must be a whole number >= 1"):
        make_bot("flatmc:per_card=0.5", GAME, 0, 1)


# --- the registry -------------------------------------------------------------------------------
def test_the_baselines_are_bot_specs_of_lame_duck_only() -> None:
    for spec in ("randomcard", "highest", "rowgap", "flatmc"):
        assert spec in bot_names()
        assert spec not in BUILTIN  # the built-in list every game shares is unchanged
    assert isinstance(make_bot("highest", GAME, 0, 1), HighestBot)
    with pytest.raises(UnknownBot, match="'highest' plays Lame Duck only, not King of the"):
        make_bot("highest", get_game("king-of-the-quackers"), 0, 1)
    with pytest.raises(UnknownBot, match=r"its parameters .* are: per_card=100, sims, spread="):
        make_bot("flatmc:mc_max=3", GAME, 0, 1)


def test_a_whole_round_between_the_baselines_ends() -> None:
    m = Match(GAME, 5, {"rounds": 1}, seed=11)
    specs = ["highest", "rowgap:samples=20", "flatmc:per_card=2", "flatmc:per_card=2:sims=6"]
    bots = {s: make_bot(specs[s % len(specs)], GAME, s, s) for s in range(5)}
    while m.to_act():
        seat = m.to_act()[0]
        m.apply(seat, bots[seat].choose(m.view(seat), m.legal(seat)))
    assert m.outcome() is not None
