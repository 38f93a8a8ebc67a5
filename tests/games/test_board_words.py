"""The last words and rule-decided values the pages once worked out themselves (issue 26, the
audit of session 40) are the games': each board's captions (by the view, for the seat reading
it) and prompts (words a page fills with numbers it has). Each test sets up the rulebook's
situation and reads what the game says, where the page only draws it."""

from __future__ import annotations

import random
from typing import Any

from pondside.engine import Match
from pondside.games import get_game
from pondside.games.ladders.narrate import accent_words

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def play_until(m: Match[Any], done: Any, seed: int = 1) -> list[Any]:
    """Random legal actions until ``done(view)``; the events of every step."""
    rng = random.Random(seed)
    events: list[Any] = []
    while not done(m.view(None)):
        seat = m.to_act()[0]
        events += m.apply(seat, rng.choice(m.legal(seat)))
    return events


# --- Ladders -------------------------------------------------------------------------------------
def test_la5_a_skip_portal_on_an_accent_pile_counts_as_the_piles_height() -> None:
    view = {"accents": [["1", "2", "W"], [], ["W"], ["1"]], "accent_next": [4, 1, 2, 2]}
    said = accent_words(view)
    assert said["accent 0"] == "ACCENT pile 1: up to 3 (a SKIP PORTAL as 3), needs a 4"
    assert said["accent 0 as"] == "3"
    assert said["accent 1"] == "ACCENT pile 2: empty, starts with a 1"
    assert said["accent 2 as"] == "1"
    assert said["accent 3"] == "ACCENT pile 4: up to 1, needs a 2"
    assert "accent 3 as" not in said and "accent 1 as" not in said


def test_la4_la11_la9_the_stacks_and_the_end_of_a_turn_are_the_games_words() -> None:
    prompts = get_game("ladders").prompts()
    assert prompts["draw"].startswith("DRAW: the face-down pile")
    assert "shuffled into a new DRAW" in prompts["discard"]
    assert prompts["end turn"].startswith("End your turn")
    assert "RUNG pile" in prompts["ending only"]


def test_la8_an_empty_hand_on_its_turn_plays_from_the_piles() -> None:
    game = get_game("ladders")
    m = Match(game, 2, {}, seed=3)
    view = dict(m.view(m.to_act()[0]), hand=[])
    assert game.captions(view, NAMES[:2])["empty hand"] == (
        "Your hand is empty: play what you can from your piles."
    )
    # A replay asks nothing of the seat it follows; another seat is not to play.
    assert game.captions(view, NAMES[:2], replay=True)["empty hand"] == "Your hand is empty."
    other = dict(m.view(1 - m.to_act()[0]), hand=[])
    assert game.captions(other, NAMES[:2])["empty hand"] == "Your hand is empty."
    assert "empty hand" not in game.captions(m.view(None), NAMES[:2])


# --- Wildcat Chicane ------------------------------------------------------------------------------
def test_wc15_each_call_names_the_seat_that_made_it() -> None:
    game = get_game("wildcat-chicane")
    m = Match(game, 4, {"variant": "classic"}, seed=5)
    events = play_until(m, lambda v: v["phase"] == "bid")
    callers = [e["seat"] for e in events if e["type"] == "call"]
    for me in (None, *range(4)):
        said = game.captions(m.view(me), NAMES)
        assert said["calls"] == "Calls:"
        for i, seat in enumerate(callers):
            assert said[f"call {i} by"] == ("(you)" if seat == me else f"({NAMES[seat]})")


def test_wc4_wc7_the_middle_counts_the_choices_and_totals_the_bids() -> None:
    game = get_game("wildcat-chicane")
    m = Match(game, 3, {}, seed=6)
    said = game.captions(m.view(0), NAMES[:3])
    assert (said["middle"], said["middle count"]) == ("Ruling cards", "0 of 3 chosen")
    assert said["turn info"] == "Ruling cards"
    play_until(m, lambda v: v["phase"] == "bid" and sum(b is not None for b in v["bids"]) == 2)
    view = m.view(None)
    total = sum(b for b in view["bids"] if b is not None)
    said = game.captions(view, NAMES[:3])
    assert said["middle"] == "Bidding"
    assert said["middle count"] == f"2 of 3 bid · total {total}"


def test_wc10_the_led_suit_and_the_trick_heading_follow_the_trick() -> None:
    game = get_game("wildcat-chicane")
    m = Match(game, 3, {}, seed=6)
    play_until(m, lambda v: v["phase"] == "play" and len(v["trick"]) == 1)
    view = m.view(None)
    said = game.captions(view, NAMES[:3])
    assert said["middle"] == f"Trick 1 of {view['tricks_in_hand']}"
    assert said["led"].startswith("Led: ") and len(said["led"]) > len("Led: ")
    # Once the trick is taken, the page shows it until the next lead, so do its headings.
    play_until(m, lambda v: v["phase"] == "play" and v["tricks"] and not v["trick"])
    said = game.captions(m.view(None), NAMES[:3])
    assert said["middle"].startswith("Trick 1 of")
    assert said["turn info"].startswith("Trick 1 of") and said["turn info"].endswith("taken")
    assert "led" not in said
    assert game.prompts()["bid took"] == "bid {bid}, took {won}"


def test_wc12_the_last_hand_is_headed_while_the_next_is_set_up() -> None:
    game = get_game("wildcat-chicane")
    m = Match(game, 3, {}, seed=6)
    play_until(m, lambda v: v["hand_number"] == 2)
    assert game.captions(m.view(None), NAMES[:3])["last hand"] == "Hand 1"


# --- King of the Quackers -------------------------------------------------------------------------
def test_kq5_the_pass_slots_name_each_neighbour() -> None:
    game = get_game("king-of-the-quackers")
    m = Match(game, 4, game.options(4, {"target": 1}), seed=42)
    view = m.view(0)
    left, right = view["neighbours"]
    said = game.captions(view, NAMES)
    assert said["pass left"] == f"For {NAMES[left]} (your left)"
    assert said["pass right"] == f"For {NAMES[right]} (your right)"
    assert said["turn info"] == "Passing cards"


def test_kq8_kq9_a_round_is_headed_by_its_kind_and_a_selection_beats_or_leads() -> None:
    game = get_game("king-of-the-quackers")
    m = Match(game, 4, game.options(4, {"target": 1}), seed=42)
    play_until(m, lambda v: v["phase"] == "play")
    leader = m.to_act()[0]
    said = game.captions(m.view(leader), NAMES)
    assert said["turn info"] == "New lead"
    assert said["select"] == "Select the cards of your lead."
    assert (said["gave"], said["received"]) == ("You gave:", "You received:")
    single = next(a for a in m.legal(leader) if a.startswith("play ") and len(a.split()) == 2)
    m.apply(leader, single)
    said = game.captions(m.view(m.to_act()[0]), NAMES)
    assert said["round"] == "Round of single cards" == said["turn info"]
    assert said["select"] == "Select cards to beat the play, or pass."
    prompts = game.prompts()
    assert "{card}" in prompts["lead card"]
    assert "{n}" in prompts["promise ace worth"] and "{value}" in prompts["promise worth"]


def test_kq_a_hand_is_shown_low_to_high_by_rank_then_in_table_order() -> None:
    order = get_game("king-of-the-quackers").card_facts()["order"]
    assert order[:3] == ["0", "1M", "1S"]  # the Excuse lowest (0), then the Aces
    assert order.index("9LK") < order.index("PMSL") < order.index("TMVK") < order.index("NM")
    assert len(order) == len(set(order)) == 45


def test_kq20_the_cards_marked_as_personalities_are_the_bomb_makers_the_excuse_among_them() -> None:
    # KQ-20: the Author, Painter, Savage, Sailor, Soldier, Lunatic, Penitent, Diplomat, Merchant,
    # Huntress, Bard, Watchman, Light Keeper, Consul, and the Excuse (the page marks them ☺).
    from pondside.games.decktet import name_of

    marked = get_game("king-of-the-quackers").card_facts()["personalities"]
    assert len(marked) == len(set(marked)) == 15
    assert "0" in marked
    assert {name_of(c) for c in marked if c != "0"} == {
        f"the {name}"
        for name in ("Author", "Painter", "Savage", "Sailor", "Soldier", "Lunatic", "Penitent",
                     "Diplomat", "Merchant", "Huntress", "Bard", "Watchman", "Light Keeper",
                     "Consul")
    }  # fmt: skip


# --- Lame Duck ------------------------------------------------------------------------------------
def test_ld11_the_clocks_defaults_and_the_winners_title_are_the_games_words() -> None:
    prompts = get_game("lame-duck").prompts()
    assert "random card, {card}," in prompts["timeout card"]
    assert "{column}" in prompts["timeout take"]
    assert prompts["win title"] == "You win the pond!"


def test_ld7_the_pond_draws_as_many_cells_as_a_column_holds_before_its_sixth() -> None:
    from pondside.games.lame_duck import rules

    assert get_game("lame-duck").card_facts()["column_limit"] == rules.COLUMN_LIMIT == 5


# --- Down the Drain -------------------------------------------------------------------------------
def test_dd4_the_turn_and_the_highest_group_to_beat_are_the_games_words() -> None:
    game = get_game("down-the-drain")
    m = Match(game, 4, {}, seed=10)
    play_until(m, lambda v: len([g for g in v["groups"] if 0 not in g["seats"]]) >= 2)
    view = m.view(0)
    said = game.captions(view, NAMES)
    turn = view["to_act"][0]
    assert said["turn note"] == ("your turn" if turn == 0 else "their turn")
    assert said["turn info"] == f"Turn {view['plays'] + 1}"
    others = [g for g in view["groups"] if 0 not in g["seats"]]
    assert said[f"group {others[0]['number']} words"].startswith("Highest: ")
    assert not said[f"group {others[1]['number']} words"].startswith("Highest")
    assert get_game("down-the-drain").prompts()["score won"] == "{n} (won)"


def test_decktet_games_serve_the_deck_the_page_draws_names_types_and_rank_order() -> None:
    # rules/decktet.md: the table of cards with their types (P personality, L location,
    # E event), and the rank order Excuse < Ace < 2..9 < Pawn < Court < Crown.
    kq = get_game("king-of-the-quackers").card_facts()["decktet"]
    wc = get_game("wildcat-chicane").card_facts()["decktet"]
    assert kq["cards"] == wc["cards"] and len(kq["cards"]) == 45
    assert kq["cards"]["8YK"] == {"name": "the Betrayal", "called": "the Betrayal", "types": "E"}
    assert kq["cards"]["1K"] == {"name": "Ace of Knots", "called": "the Ace of Knots", "types": ""}
    assert kq["cards"]["2VL"]["types"] == "LE" and kq["cards"]["PMYK"]["types"] == "P"
    assert kq["ranks"] == ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "P", "T", "N"]
    assert wc["ranks"] == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "N"]  # WC-1: basic deck
    assert wc["suits"]["Y"] == "Wyrms" and wc["rank_names"]["T"] == "Court"


# --- the board's counts and labels (issue 26's sweep of session 52) -------------------------------
def test_la1_la14_each_pile_is_read_bottom_card_first_for_its_owner_or_by_name() -> None:
    game = get_game("ladders")
    m = Match(game, 2, {}, seed=3)
    view = dict(m.view(0))
    view["rungs"] = [[["3", "W"], [], [], []], [["9"], [], [], []]]
    said = game.captions(view, NAMES[:2])
    assert said["rung 0 0"] == "Your RUNG pile 1: 2 cards, 3, SKIP PORTAL (top SKIP PORTAL)"
    assert said["rung 0 1"] == "Your RUNG pile 2: empty"
    assert said["rung 1 0"] == "Bob's RUNG pile 1: 1 card, 9 (top 9)"
    size, top = view["climb_sizes"][1], view["climb_tops"][1]
    assert said["climb 1"] == f"Bob's CLIMB: {size} cards, top {game.card_facts()['words'][top]}"
    assert said["climb 0"].startswith("Your CLIMB: ")


def test_la1_each_card_is_named_with_its_article_as_the_narration_names_it() -> None:
    words = get_game("ladders").card_facts()["words"]
    assert (words["7"], words["8"], words["11"], words["W"]) == (
        "a 7",
        "an 8",
        "an 11",
        "a SKIP PORTAL",
    )
    assert len(words) == 13


def test_dd9_the_cards_held_count_hand_and_front_together() -> None:
    game = get_game("down-the-drain")
    m = Match(game, 3, {"games": 3}, seed=2)
    play_until(m, lambda v: any(v["front"]) and v["plays"] >= 2)
    view = m.view(0)
    said = game.captions(view, NAMES[:3])
    for s in range(3):
        held, hand = view["held"][s], view["hand_sizes"][s]
        assert said[f"held {s}"].startswith(f"{held} card")
        assert held == hand + (1 if view["front"][s] else 0)
        if view["front"][s]:
            assert said[f"held {s}"].endswith(f"{hand} in hand, 1 in front")
        assert said[f"held where {s}"].endswith("fewer is better, none wins")
        # A series counts its games won too, on the bar and on the end screen.
        assert said[f"wins {s}"] == f"{view['wins'][s]} wins"
        assert said[f"end score {s}"].endswith("held over the games")
    assert said["stack count"] == f"Stack: {view['stack_size']} cards"


def test_dd9_one_game_ends_with_the_cards_held() -> None:
    game = get_game("down-the-drain")
    m = Match(game, 3, {"games": 1}, seed=2)
    said = game.captions(m.view(0), NAMES[:3])
    assert said["end score 0"] == "0 cards held"
    assert "wins 0" not in said


def test_ld2_a_number_of_ducks_in_every_plural_form_of_the_readers_language() -> None:
    from pondside.i18n import using

    game = get_game("lame-duck")
    assert game.counts()["ducks"] == {"one": "{n} duck", "other": "{n} ducks"}
    with using("de"):
        assert game.counts()["ducks"] == {"one": "{n} Ente", "other": "{n} Enten"}
    # The legend's terms are found by the names the prompts give them.
    names = {t["term"] for t in game.terms()}
    assert {game.prompts()["term ducks per card"], game.prompts()["term sixth card"]} <= names


def test_wc_the_board_words_and_counts_are_the_games() -> None:
    game = get_game("wildcat-chicane")
    prompts = game.prompts()
    assert (prompts["top"], prompts["bottom"]) == ("TOP", "BOTTOM")
    assert prompts["term top bottom"] in {t["term"] for t in game.terms()}
    assert game.counts()["bid tricks"]["other"] == "Bid {n} tricks"
