"""The ladder's bottom rungs: the beginner is the heuristic as a newcomer plays it, misjudging
risks the way people new to each game do, with a person's memory and a few slips."""

from __future__ import annotations

import random

import pytest

from pondside.bots import UnknownBot, make_bot
from pondside.bots.declared import game_bots
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
def test_the_beginner_misjudges_and_slips_on_about_their_shares_of_decisions(game) -> None:
    slug = game.info.slug
    beginner = {s: make_bot("beginner", game, s, 5 + s) for s in range(6)}
    slips = misjudged = total = 0
    for seat, view, legal in decisions(slug):
        action = beginner[seat].choose(view, legal)
        assert action in legal
        misjudged += beginner[seat].misjudged
        if beginner[seat].slipped:
            slips += 1
            assert beginner[seat].explain(view, legal, action) == (
                "a slip: not the move a careful player would make"
            )
        else:
            assert beginner[seat].explain(view, legal, action)
        total += 1
        if total >= 400:
            break
    # misjudge 0.6 (the newcomer's rule), rate 0.1 (another action than the one chosen)
    assert 0.5 < misjudged / total < 0.7, (misjudged, total)
    assert 0.04 < slips / total < 0.16, (slips, total)


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
    sight: their beginner errs by its misjudgments and slips alone."""
    for slug in ("king-of-the-quackers", "wildcat-chicane", "ladders"):
        game = get_game(slug)
        for seat, view, _legal in decisions(slug, 1):
            assert make_bot("slips:memory=0", game, seat, 1).believed(view) is view
            break


def test_a_bad_memory_says_what_is_expected() -> None:
    with pytest.raises(UnknownBot, match=r"memory .* is 0 to 1, not 1.5"):
        make_bot("slips:memory=1.5", get_game("lame-duck"), 0, 0)


# --- misjudged risks: each game's newcomer (GameBots.newcomer), as its description says -------


def newcomer(slug: str, seat: int = 0, seed: int = 3):
    """The beginner that always misjudges and never slips nor forgets: the newcomer's rule."""
    return make_bot("slips:rate=0:misjudge=1", get_game(slug), seat, seed)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.info.slug)
def test_a_misjudge_share_of_zero_is_the_heuristic_and_of_one_the_newcomer(game) -> None:
    slug = game.info.slug
    rule = game_bots(game).newcomer
    for seat, view, legal in decisions(slug, 2):
        h = make_bot("heuristic", game, seat, 3).choose(view, legal)
        assert make_bot("slips:rate=0:misjudge=0", game, seat, 3).choose(view, legal) == h
        # Ladders' newcomer draws among what fits with its own generator: the rule is given a
        # generator in the same state.
        mine = newcomer(slug, seat, 3)
        same = random.Random()
        same.setstate(mine.newcomer.rng.getstate())
        assert mine.choose(view, legal) == rule(game, seat, same).choose(view, legal)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.info.slug)
def test_the_same_seed_makes_the_same_beginner(game) -> None:
    slug = game.info.slug
    runs = []
    for _ in range(2):
        bots = {s: make_bot("beginner", game, s, 11 + s) for s in range(6)}
        runs.append([bots[seat].choose(view, legal) for seat, view, legal in decisions(slug, 2)])
    assert runs[0] == runs[1]


def test_a_bad_misjudge_share_says_what_is_expected() -> None:
    with pytest.raises(UnknownBot, match=r"misjudge .* is 0 to 1, not 2"):
        make_bot("slips:misjudge=2", get_game("lame-duck"), 0, 0)


def lame_duck_view(columns: list[list[int]], hand: list[int]) -> dict:
    game = get_game("lame-duck")
    view = game.view(game.new(4, game.options(4, {"rounds": 1}), 1), 0)
    return {**view, "columns": columns, "hand": hand}


def test_a_lame_duck_newcomer_judges_a_column_by_its_length_not_its_ducks() -> None:
    # 55 (7 ducks, LD-2) alone, against three 1-duck cards: the heuristic takes the fewest
    # ducks, the newcomer the fewest cards.
    columns = [[55], [1, 2, 3], [60, 61, 62], [70, 71, 72, 73]]
    view = {**lame_duck_view(columns, [4]), "awaiting_take": 0}
    takes = ["take 0", "take 1", "take 2", "take 3"]
    assert make_bot("heuristic", get_game("lame-duck"), 0, 1).choose(view, takes) == "take 1"
    assert newcomer("lame-duck").choose(view, takes) == "take 0"


def test_a_lame_duck_newcomer_plays_where_the_column_looks_shortest() -> None:
    # 74 is the fifth card of a four-card column: it looks dangerous, though a rival card must
    # land there first; 63 the fourth of three; 4 goes to the three-card column at 3.
    columns = [[55], [1, 2, 3], [60, 61, 62], [70, 71, 72, 73]]
    view = lame_duck_view(columns, [56, 63, 74])
    legal = ["play 56", "play 63", "play 74"]
    assert newcomer("lame-duck").choose(view, legal) == "play 56"  # the one-card column
    sixth = lame_duck_view([[10, 11, 12, 13, 14], [20], [30, 31], [40, 41, 42, 43]], [15, 5])
    # 15 would be the sixth card of a full column; 5 is too low, taking the one-card column
    assert newcomer("lame-duck").choose(sixth, ["play 5", "play 15"]) == "play 5"


def test_a_wildcat_chicane_newcomer_bids_one_trick_more_than_the_heuristic() -> None:
    game = get_game("wildcat-chicane")
    bids = 0
    for seat, view, legal in decisions("wildcat-chicane", 6):
        if legal[0].startswith("bid"):
            careful = int(make_bot("heuristic", game, seat, 1).choose(view, legal).split()[1])
            wanted = f"bid {min(careful + 1, view['tricks_in_hand'])}"
            if wanted in legal:
                assert newcomer("wildcat-chicane", seat).choose(view, legal) == wanted
                bids += 1
    assert bids >= 5


def test_a_wildcat_chicane_newcomer_sheds_its_weakest_card_once_its_bid_is_made() -> None:
    from pondside.bots.wildcat_chicane import READING
    from pondside.games.wildcat_chicane import INDEX, RANK, SUIT

    shed = 0
    for seat, view, legal in decisions("wildcat-chicane", 6):
        if legal[0].startswith("play") and view["bids"][seat] - view["won"][seat] <= 0:
            reading, trump = READING[view["readings"][seat]], view["trumps"][seat]
            cards = {a: INDEX[a[5:]] for a in legal}
            strength = {a: (SUIT[c][reading] == trump, RANK[c]) for a, c in cards.items()}
            action = newcomer("wildcat-chicane", seat).choose(view, legal)
            assert strength[action] == min(strength.values())
            shed += 1
    assert shed >= 5


def test_a_king_of_the_quackers_newcomer_leads_its_biggest_play_and_beats_every_trick() -> None:
    from pondside.games.king_of_the_quackers import BOMB, describe

    led = followed = 0
    for seat, view, legal in decisions("king-of-the-quackers", 4):
        plays = [describe(a) for a in legal if a != "pass" and not a.endswith(" promise")]
        if view["phase"] == "pass" or not plays:
            continue
        chosen = describe(newcomer("king-of-the-quackers", seat).choose(view, legal))
        assert chosen is not None  # never a pass while a play beats the table
        if "pass" not in legal:
            assert len(chosen.cards) == max(len(p.cards) for p in plays if p is not None)
            led += 1
        else:
            cheapest = min((p.kind == BOMB, p.rank) for p in plays if p is not None)
            assert (chosen.kind == BOMB, chosen.rank) == cheapest
            followed += 1
    assert led >= 5 and followed >= 5


def test_a_ladders_newcomer_plays_whatever_fits_a_climb_top_first() -> None:
    played = 0
    for seat, view, legal in decisions("ladders", 2):
        action = newcomer("ladders", seat).choose(view, legal)
        if any(a.startswith("play climb ") for a in legal):
            assert action.startswith("play climb ")
        elif any(a.startswith("play ") for a in legal):
            assert action.startswith("play ")  # no discard while anything fits
            played += 1
    assert played >= 5


def test_a_down_the_drain_newcomer_plays_its_highest_card() -> None:
    for seat, view, legal in decisions("down-the-drain", 2):
        action = newcomer("down-the-drain", seat).choose(view, legal)
        assert int(action[5:]) == max(int(a[5:]) for a in legal)
