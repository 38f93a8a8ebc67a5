"""The ladder's bottom rungs: the beginner is the heuristic with a person's memory and slips."""

from __future__ import annotations

import random

import pytest

from pondside.bots import UnknownBot, make_bot
from pondside.games import all_games, get_game


def decisions(slug: str, matches: int = 6):
    """Every decision with a real choice in a few random matches: (view, legal) per seat."""
    game = get_game(slug)
    rng = random.Random(1)
    for m in range(matches):
        state = game.new(game.info.default_players, game.options(game.info.default_players), m)
        while seats := game.to_act(state):
            seat = seats[0]
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                yield seat, game.view(state, seat), legal
            state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.info.slug)
def test_the_beginner_slips_on_about_its_rate_of_decisions(game) -> None:
    slug = game.info.slug
    beginner = {s: make_bot("beginner", game, s, 5 + s) for s in range(6)}
    slips = total = 0
    for seat, view, legal in decisions(slug):
        action = beginner[seat].choose(view, legal)
        assert action in legal
        if beginner[seat].slipped:
            slips += 1
            assert beginner[seat].explain(view, legal, action) == (
                "a slip: not the move a careful player would make"
            )
        total += 1
        if total >= 400:
            break
    # rate 0.3 (a slip plays another action than the heuristic's: see the next test)
    assert 0.2 < slips / total < 0.4, (slips, total)


def test_a_slip_rate_of_zero_is_the_heuristic_and_of_one_never_is() -> None:
    game = get_game("lame-duck")
    for seat, view, legal in decisions("lame-duck", 2):
        h = make_bot("heuristic", game, seat, 3).choose(view, legal)
        assert make_bot("slips:rate=0", game, seat, 3).choose(view, legal) == h
        assert make_bot("slips:rate=1", game, seat, 3).choose(view, legal) != h


def test_a_bad_slip_rate_says_what_is_expected() -> None:
    with pytest.raises(UnknownBot, match=r"rate .* is 0 to 1, not 2"):
        make_bot("slips:rate=2", get_game("lame-duck"), 0, 0)


def taken_piles_after(turns: int, seed: int = 4) -> tuple[dict, list[str]]:
    """A four-seat Lame Duck view some turns in, with cards in the taken piles (LD-9)."""
    game = get_game("lame-duck")
    rng = random.Random(seed)
    state = game.new(4, game.options(4, {"rounds": 1}), seed)
    while seats := game.to_act(state):
        seat = seats[0]
        legal = game.legal_actions(state, seat)
        view = game.view(state, 0)
        playing = seat == 0 and legal[0].startswith("play")
        if playing and view["turn_number"] >= turns and sum(map(len, view["taken"])) >= 6:
            return view, legal
        state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
    raise AssertionError("no view with taken cards")


def test_a_beginner_remembers_each_taken_card_or_not_for_the_whole_round() -> None:
    """FreeDoko's limited memory: each card gone into a pile is kept in mind or not, decided
    once; asked again, the same cards are remembered; a new round starts a fresh memory."""
    game = get_game("lame-duck")
    view, _legal = taken_piles_after(5)
    beginner = make_bot("slips:rate=0:memory=0.5", game, 0, 7)
    first = beginner.believed(view)
    assert beginner.believed(view) == first
    kept = sum(map(len, first["taken"]))
    assert 0 < kept < sum(map(len, view["taken"]))
    for held, all_of in zip(first["taken"], view["taken"], strict=True):
        assert set(held) <= set(all_of)
    # Everything else in sight is as it is: the columns, the hand.
    assert {k: v for k, v in first.items() if k != "taken"} == {
        k: v for k, v in view.items() if k != "taken"
    }
    later = {**view, "hand_number": view["hand_number"] + 1}
    fresh = [beginner.believed(later)["taken"] for _ in range(2)]
    assert fresh[0] == fresh[1]


def test_a_perfect_memory_is_the_heuristic_and_no_memory_forgets_every_taken_card() -> None:
    game = get_game("lame-duck")
    view, legal = taken_piles_after(6)
    heuristic = make_bot("heuristic", game, 0, 3).choose(view, legal)
    assert make_bot("slips:rate=0:memory=1", game, 0, 3).choose(view, legal) == heuristic
    none = make_bot("slips:rate=0:memory=0", game, 0, 3)
    assert none.believed(view)["taken"] == [[] for _ in view["taken"]]
    assert none.choose(view, legal) == make_bot("heuristic", game, 0, 3).choose(
        none.believed(view), legal
    )


def test_a_down_the_drain_beginner_keeps_the_top_of_the_discard_pile_in_sight() -> None:
    game = get_game("down-the-drain")
    for seat, view, _legal in decisions("down-the-drain", 3):
        if len(view["discard"]) >= 4:
            believed = make_bot("slips:rate=0:memory=0", game, seat, 1).believed(view)
            assert believed["discard"] == view["discard"][-1:]
            return
    raise AssertionError("no view with a discard pile")


def test_where_the_heuristic_counts_no_card_memory_changes_nothing() -> None:
    """King of the Quackers, Wildcat Chicane and Ladders' heuristics read only what is in
    sight: their beginner errs by its slips alone."""
    for slug in ("king-of-the-quackers", "wildcat-chicane", "ladders"):
        game = get_game(slug)
        for seat, view, _legal in decisions(slug, 1):
            assert make_bot("slips:memory=0", game, seat, 1).believed(view) is view
            break


def test_a_bad_memory_says_what_is_expected() -> None:
    with pytest.raises(UnknownBot, match=r"memory .* is 0 to 1, not 1.5"):
        make_bot("slips:memory=1.5", get_game("lame-duck"), 0, 0)
