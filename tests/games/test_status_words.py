"""The status line each page shows, and the words beside its board that depend on who reads
them, are the game's (issues 26 and 27: every sentence about a game is written once, in
Python): ``Game.captions`` gives the status by the page's situation (``"status"``: nothing
picked or sent; ``"status sent"``, ``"status picked"``, ``"status confirm"``, ``{what}`` the
page's cards), to the seat of the view as "you", and in a replay to the seat followed by its
name ("Ann played 45"). Each test sets up the rulebook's situation and reads what it says."""

from __future__ import annotations

import random
from typing import Any

from pondside.engine import Game, Match
from pondside.games import get_game
from pondside.games.king_of_the_quackers import GAME as KQ
from pondside.games.king_of_the_quackers.narrate import short_names
from pondside.games.lame_duck import GAME as LD
from pondside.games.wildcat_chicane import GAME as WC
from pondside.games.wildcat_chicane import WORKED_DEAL
from pondside.games.wildcat_chicane import board as wc_board
from pondside.server.replays import frames
from pondside.server.telling import tell

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def status(game: Game[Any], view: Any, replay: bool = False) -> str:
    return game.captions(view, NAMES[: view["players"]], replay)["status"]


# --- Lame Duck -----------------------------------------------------------------------------------
def lame_duck(hands: list[list[int]], columns: list[int], **options: Any) -> Match[Any]:
    """A Lame Duck table from the cards that matter, each hand padded by high cards."""
    used = {c for h in hands for c in h} | set(columns)
    spare = [c for c in range(104, 0, -1) if c not in used]
    full = []
    for hand in hands:
        full.append([*hand, *spare[: 10 - len(hand)]])
        del spare[: 10 - len(hand)]
    return Match(LD, len(hands), options, deal={"hands": full, "columns": columns}, seed=7)


def test_ld4_every_seat_chooses_a_card_and_is_told_so() -> None:
    m = lame_duck([[5, 6], [13, 14], [23]], [12, 22, 35, 47])
    said = LD.captions(m.view(0), NAMES[:3])
    assert said["status"] == "Choose a card to play."
    assert said["status confirm"] == "Choose a card, then confirm it."
    assert said["status sent"] == "You played {what}. Waiting for Bob and Cid."
    assert status(LD, m.view(None)) == "You are watching. Waiting for Ann, Bob and Cid."


def test_ld4_once_a_card_is_chosen_the_table_waits_for_the_others() -> None:
    m = lame_duck([[5, 6], [13, 14], [23]], [12, 22, 35, 47])
    m.apply(0, "play 6")
    assert status(LD, m.view(0)) == "You played 6. Waiting for Bob and Cid."
    # A replay followed from Ann's seat says it of Ann, and asks her nothing.
    assert status(LD, m.view(0), replay=True) == "Ann played 6. Waiting for Bob and Cid."
    assert status(LD, m.view(1), replay=True) == "Bob is choosing a card."
    assert status(LD, m.view(None)) == "You are watching. Waiting for Bob and Cid."


def test_ld6_while_a_too_low_card_takes_a_column_the_others_wait_for_its_player() -> None:
    m = lame_duck([[5, 6], [13, 14], [23]], [12, 22, 35, 47])
    for seat, card in enumerate((5, 13, 23)):
        m.apply(seat, f"play {card}")
    assert m.view(None)["awaiting_take"] == 0
    assert status(LD, m.view(1)) == "Ann is choosing a column to take."
    assert status(LD, m.view(None)) == "Ann is choosing a column to take."
    # Ann's status line says what she must do (issue 27: the pond's toast alone was missed).
    assert status(LD, m.view(0)) == ("Your 5 is lower than every column: choose a column to take.")
    assert status(LD, m.view(0), replay=True) == "Ann is choosing a column to take."


def test_ld5_ld9_the_headings_say_the_round_the_turn_and_how_long_the_match_is() -> None:
    m = lame_duck([[5, 6], [13, 14], [23]], [12, 22, 35, 47], rounds=2)
    said = LD.captions(m.view(None), NAMES[:3])
    assert (said["match"], said["round"], said["turn"]) == (
        "2 rounds",
        "Round 1 of 2",
        "Turn 1 of 10",
    )
    m = lame_duck([[5, 6], [13, 14], [23]], [12, 22, 35, 47], target=66)
    said = LD.captions(m.view(None), NAMES[:3])
    assert (said["match"], said["round"]) == ("to 66 ducks", "Round 1")


def test_lame_ducks_banners_headings_and_score_rows_are_the_games_words() -> None:
    prompts = LD.prompts()
    assert prompts["heading"].format(round=2, turn=3) == "Round 2, turn 3"
    assert prompts["round over"].format(round=1) == "Round 1 is over"
    assert prompts["new cards"].format(round=2) == "Round 2: new cards"
    assert prompts["score row"].format(round=1) == "Round 1"


def test_a_replays_frames_call_the_seat_they_follow_by_name() -> None:
    m = lame_duck([[5, 6], [13, 14], [23]], [12, 22, 35, 47])
    record = {**m.record(), "actions": [[0, "play 6"]]}
    built = frames(record, 0, "upload-x", ["Ann", "Bob", "Cid"], [None, None, None])
    assert built["frames"][1]["captions"]["status"] == "Ann played 6. Waiting for Bob and Cid."
    # The live table tells the same seat as "you".
    told = tell(LD, [], None, m.view(0), 0, NAMES[:3], offered=False)
    assert told["captions"]["status"].startswith("Choose a card")


# --- King of the Quackers ----------------------------------------------------------------------
def quackers() -> Match[Any]:
    """Seed 42 at four players: after the pass, Ann leads and holds the Ace of Suns, 5SV, 6SY."""
    m = Match(KQ, 4, KQ.options(4, {"target": 1}), seed=42)
    m.apply(0, "give NL TMVK")
    for seat in (1, 2, 3):
        m.apply(seat, m.legal(seat)[0])
    return m


def test_kq8_the_leader_plays_any_combination() -> None:
    m = quackers()
    assert status(KQ, m.view(0)) == "Your lead: select any combination and play it."
    assert status(KQ, m.view(None)) == "You are watching: Ann leads a new round."
    assert status(KQ, m.view(1)) == "Ann leads a new round."
    assert KQ.captions(m.view(0), NAMES)["new round"] == "New round: Your lead."
    assert KQ.captions(m.view(1), NAMES)["new round"] == "New round: Ann leads."
    assert KQ.captions(m.view(0), NAMES)["beats"] == "A lead"


def test_kq9_the_next_seat_beats_the_play_or_passes() -> None:
    m = quackers()
    m.apply(0, "play 1S=4 5SV 6SY")
    said = KQ.captions(m.view(1), NAMES)
    assert said["status"] == "Your turn: beat Ann's play, or pass."
    # When no play is offered (the page sees only "pass"), the seat is told why.
    assert (
        said["status nothing beats"] == "Your turn: nothing in your hand beats the play, so pass."
    )
    assert said["nothing beats"] == "Nothing in your hand beats Ann's play: pass."
    assert said["beats"] == "Beats Ann's play"
    assert said["to beat by"] == "Ann led"
    assert status(KQ, m.view(0)) == "Bob to play or pass."
    assert KQ.captions(m.view(0), NAMES)["beats"] == "Beats your own play"
    m.apply(1, "pass")
    assert KQ.captions(m.view(2), NAMES)["passed"] == "Passed since: Bob."
    assert KQ.captions(m.view(1), NAMES)["passed"] == "Passed since: you."


def test_kq17_an_earlier_play_names_its_ace_with_the_number_it_stands_for() -> None:
    m = quackers()
    m.apply(0, "play 1S=4 5SV 6SY")
    m.apply(1, "pass")
    m.apply(2, "play 1M=6 4MS 5ML")
    said = KQ.captions(m.view(3), NAMES)
    assert said["play 0"] == "Ace of Suns as 4, Discovery, Penitent"
    assert "play 1" not in said  # the play to beat is said in full ("to beat")
    assert short_names("play 9LK 3LY 0") == "Excuse, Savage, Merchant"


def test_kq_a_seat_that_went_out_is_told_its_place_while_the_others_play_on() -> None:
    m = Match(KQ, 4, KQ.options(4, {"target": 1}), seed=42)
    rng = random.Random(0)
    while not m.view(None)["out"]:
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal(seat)))
    first = m.view(None)["out"][0]
    assert KQ.captions(m.view(first), NAMES)["went out"] == "You went out 1st: the others play on."
    assert status(KQ, m.view(first)).startswith("You went out 1st. ")


def test_kq4_kq28_the_notes_say_the_promise_the_cards_played_and_the_card_put_aside() -> None:
    m = Match(KQ, 4, KQ.options(4, {"target": 1, "bidding": True}), seed=42)
    m.apply(0, "give NL TMVK")
    for seat in (1, 2, 3):
        m.apply(seat, m.legal(seat)[0])
    said = KQ.captions(m.view(0), NAMES)
    assert said["promise"] == "No promise yet."
    # At four with the extended deck one card is out of play, seen by no one (KQ-4).
    assert said["played"] == (
        "No card played this hand; one more card lies face down, out of play for this hand "
        "(no one sees it)."
    )
    promise = next(a for a in m.legal(0) if a.endswith(" promise"))
    m.apply(0, promise)
    worth = m.view(None)["promise"]["value"]
    played = len(promise.split()) - 2  # the play's cards, without its verb and "promise"
    assert KQ.captions(m.view(0), NAMES)["played"].startswith(f"{played} card")
    assert KQ.captions(m.view(0), NAMES)["promise"] == (
        f"You have promised to go out first (worth {worth})."
    )
    assert KQ.captions(m.view(1), NAMES)["promise"] == (
        f"Ann has promised to go out first (worth {worth})."
    )


def test_kq_the_end_says_the_last_hands_points_best_first() -> None:
    m = Match(KQ, 4, KQ.options(4, {"target": 1}), seed=42)
    rng = random.Random(0)
    while not m.is_over():
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal(seat)))
    row = m.view(None)["hand_scores"][-1]
    said = KQ.captions(m.view(0), NAMES)["last hand"]
    assert said.startswith("Hand 1: ")
    shown = [int(part.split("+")[1]) for part in said.removeprefix("Hand 1: ").split(" · ")]
    assert shown == sorted(row, reverse=True)
    assert ("You +" in said) and "Ann" not in said


# --- Down the Drain --------------------------------------------------------------------------------
def test_dd5_dd4d_the_seat_to_play_is_told_how_many_of_its_cards_beat_a_group() -> None:
    dd = get_game("down-the-drain")
    m = Match(dd, 3, seed=10)
    assert status(dd, m.view(1)) == "Your turn: play any card (nothing in front to beat)."
    m.apply(1, "play 10")
    # Cid holds 2 3 7 14 18 20: 14, 18 and 20 beat Bob's 10.
    assert status(dd, m.view(2)) == "Your turn: pick a card to play; 3 of your cards beat a group."
    said = dd.captions(m.view(2), NAMES[:3])
    assert said["status picked"].replace("{what}", "14") == "Play your 14, or pick another card."
    assert said["status sent"].replace("{what}", "14") == "Playing your 14…"
    assert status(dd, m.view(0)) == "Waiting for Cid to play."
    assert status(dd, m.view(None)) == "You are watching: Cid is to play."
    assert status(dd, m.view(2), replay=True) == "Cid is to play."


# --- Wildcat Chicane --------------------------------------------------------------------------------
def chicane() -> Match[Any]:
    """The worked deal, its ruling cards chosen: Ann bids first."""
    m = Match(WC, 3, {}, deal=WORKED_DEAL, seed=7)
    for seat, action in enumerate(("rule NY", "rule NM", "rule 1L")):
        m.apply(seat, action)
    return m


def test_wc7_the_table_waits_for_each_bid_in_turn() -> None:
    m = chicane()
    dealer = m.view(None)["dealer"]
    assert WC.captions(m.view(dealer), NAMES[:3])["dealer"] == "You deal"
    assert WC.captions(m.view(None), NAMES[:3])["dealer"] == f"{NAMES[dealer]} deals"
    assert status(WC, m.view(1)) == "Waiting for Ann to bid."
    assert status(WC, m.view(None)) == "You are watching. Waiting for Ann to bid."
    assert status(WC, m.view(0)) == m.view(0)["prompt"]  # what to do, under which rule
    assert status(WC, m.view(0), replay=True) == "Waiting for Ann to bid."


def test_wc11_the_middle_of_the_table_says_who_leads_wins_and_took_the_trick() -> None:
    m = chicane()
    while m.view(None)["phase"] == "bid":
        seat = m.to_act()[0]
        m.apply(seat, m.legal(seat)[0])
    assert WC.captions(m.view(0), NAMES[:3])["leads"] == "You lead"
    assert WC.captions(m.view(1), NAMES[:3])["leads"] == "Ann leads"
    for _ in range(3):
        seat = m.to_act()[0]
        m.apply(seat, m.legal(seat)[0])
    winner = m.view(None)["tricks"][-1]["winner"]
    said = WC.captions(m.view(winner), NAMES[:3])
    assert (said["took it"], said["takes it"], said["leads next"]) == (
        "You took it",
        "You take it",
        "You lead next",
    )
    other = WC.captions(m.view((winner + 1) % 3), NAMES[:3])
    assert other["leads next"] == f"{NAMES[winner]} leads next"


def test_wc5_wc7_each_seat_is_said_to_read_its_cards_and_to_have_bid() -> None:
    m = chicane()
    m.apply(0, "bid 3")
    said = WC.captions(m.view(0), NAMES[:3])
    # The Calamity makes Ann read TOP with Wyrms as trump (the worked deal).
    assert said["seat reads 0"] == "You read TOP, trump Wyrms."
    assert said["seat bid 0"] == "You bid 3 and have taken 0 tricks."
    said = WC.captions(m.view(1), NAMES[:3])
    assert said["seat reads 0"] == "Ann reads TOP, trump Wyrms."
    assert said["seat bid 0"] == "Ann bid 3 and has taken 0 tricks."
    # Nothing taken yet against a bid of 3: neither past it nor at it.
    assert "seat bid over 0" not in said and "seat bid exact 0" not in said


def test_wc12_a_bid_taken_past_or_met_exactly_is_said_for_the_page_to_mark() -> None:
    view = {
        "seat": 0,
        "readings": [None, None, None],
        "trumps": [None, None, None],
        "bids": [1, 2, 0],
        "won": [2, 2, 0],
        "phase": "play",
    }
    said = wc_board.seat_words(view, NAMES[:3])
    assert said["seat bid over 0"] == "You have taken more tricks than you bid."
    assert said["seat bid exact 1"] == "Bob has taken exactly as many tricks as bid."
    assert said["seat bid exact 2"] == "Cid has taken exactly as many tricks as bid."
    assert "seat bid exact 0" not in said and "seat bid over 1" not in said
    # While bids are still being made, a bid of 0 with nothing taken is not yet met.
    said = wc_board.seat_words({**view, "phase": "bid", "won": [0, 0, 0]}, NAMES[:3])
    assert not [key for key in said if key.startswith(("seat bid over", "seat bid exact"))]


# --- Ladders and a game with no page of its own -----------------------------------------------------
def test_ladders_says_whose_turn_it_is_to_those_who_wait() -> None:
    la = get_game("ladders")
    m = Match(la, 3, seed=8)
    turn = m.to_act()[0]
    other = (turn + 1) % 3
    assert status(la, m.view(other)) == f"Waiting for {NAMES[turn]} to play."
    assert status(la, m.view(None)) == f"You are watching: {NAMES[turn]} is playing."
    assert status(la, m.view(other), replay=True) == f"{NAMES[turn]} is playing."
    assert la.prompts()["score row"].format(round=2) == "Round 2"


def test_la14_a_partners_piles_are_said_to_be_the_partners_and_playable() -> None:
    la = get_game("ladders")
    m = Match(la, 4, la.options(4, {"teams": True}), seed=9)
    said = la.captions(m.view(0), NAMES)
    # Partners sit opposite (LA-2): Ann plays with Cid.
    assert [said[f"piles {s}"] for s in range(4)] == [
        "Your piles",
        "Bob's piles",
        "Cid's piles (your partner)",
        "Dee's piles",
    ]
    assert said["partner note"] == "you may play their tops"
    assert "partner note" not in la.captions(m.view(None), NAMES)
    assert la.captions(m.view(None), NAMES)["piles 0"] == "Ann's piles"


def test_a_game_without_words_of_its_own_says_whom_the_table_waits_for() -> None:
    m = lame_duck([[5, 6], [13, 14], [23]], [12, 22, 35, 47])
    m.apply(0, "play 6")
    generic = Game.captions  # the default a new game has before its narrate writes one
    assert generic(LD, m.view(0), NAMES[:3]) == {"status": "Waiting for Bob and Cid."}
    assert generic(LD, m.view(1), NAMES[:3])["status"] == "Your turn: choose a card or an action."
