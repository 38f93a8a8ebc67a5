"""King of the Quackers' observation encoding and action features (``docs/adapters.md``), from
the facts of :mod:`pondside.games.king_of_the_quackers`. Cards are indexed in the table order of
the extended deck, whose first 36 are the basic deck."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from pondside.games.king_of_the_quackers import (
    CROWN,
    GAME,
    INDEX,
    KIND_VALUE,
    NUMBER_OF,
    PASS,
    deck_cards,
    hand_size,
    parse_play,
)

from .codec import BIG, GameCodec, Layout

MOST_CARDS = hand_size(GAME.info.min_players, "extended")
"""The most cards a hand holds (KQ-4), and so the most in a play or a promise (KQ-29)."""
ACE_NUMBERS = sorted(NUMBER_OF[0])
"""The numbers an Ace may stand for in a Straight Flush (KQ-18): 2..9."""


def codec(players: int, options: Mapping[str, Any]) -> GameCodec:
    n = players
    c_n = len(deck_cards(options["deck"]))
    k_n = len(KIND_VALUE)
    lay = Layout()
    o_hand = lay.add("hand", c_n, 1, "1 where a card (table order of the deck) is in my hand")
    o_gave = lay.add("gave", (2, c_n), 1, "the cards I gave: to the left, to the right")
    o_recv = lay.add("received", (2, c_n), 1, "the cards I received, in the view's order")
    o_phase = lay.add("phase", 2, 1, "one-hot: pass, play")
    o_dealer = lay.add("dealer", n, 1, "1 for the dealer")
    o_turn = lay.add("turn", n, 1, "1 for the seat whose turn it is in play")
    o_toact = lay.add("to_act", n, 1, "1 for each seat to decide now")
    o_chosen = lay.add("chosen", n, 1, "1 if the seat has chosen its two cards to give")
    o_size = lay.add("hand_size", n, MOST_CARDS, "cards in each hand")
    o_out = lay.add(
        "out_place",
        n,
        GAME.info.max_players,
        "the place a seat went out in (1 = first), 0 if still in",
    )
    o_played = lay.add("played", c_n, 1, "cards played so far this hand")
    o_rsize = lay.add("round_size", 1, MOST_CARDS, "cards per play in this round (0: no lead yet)")
    o_kind = lay.add(
        "round_kind", k_n, 1, "the round's kind: open, single, set, straight_flush, bomb"
    )
    o_lead = lay.add("lead_card", c_n, 1, "the card that led a round of singles")
    o_lseat = lay.add("last_seat", n, 1, "the seat that played last in this round")
    o_lkind = lay.add("last_kind", k_n, 1, "the last play's kind")
    o_lrank = lay.add("last_rank", 1, CROWN, "the last play's rank")
    o_lcards = lay.add("last_play", c_n, 1, "the cards of the last play in this round")
    o_passed = lay.add("passed", n, 1, "1 for seats that have passed since the last play")
    o_rplays = lay.add("round_plays", 1, BIG, "plays made in this round")
    o_prom = lay.add("promise", n, 1, "1 for the seat that promised (KQ-28)")
    o_pval = lay.add("promise_value", 1, MOST_CARDS, "the promise's value (KQ-29)")
    o_aside = lay.add("put_aside", 1, 1, "1 if a card is put aside this hand (KQ-4)")
    o_tot = lay.add("scores", n, BIG, "match scores")
    o_misc = lay.add("hand_number", 1, BIG, "the hand's number")

    def encode(v: Mapping[str, Any], out: np.ndarray) -> None:
        me = v["seat"]
        for c in v["hand"]:
            out[o_hand + INDEX[c]] = 1
        for i, c in enumerate(v.get("gave") or ()):
            out[o_gave + i * c_n + INDEX[c]] = 1
        for i, c in enumerate(v.get("received") or ()):
            out[o_recv + i * c_n + INDEX[c]] = 1
        out[o_phase + (v["phase"] != "pass")] = 1
        out[o_dealer + (v["dealer"] - me) % n] = 1
        if v["phase"] == "play":  # the seat whose turn it is (at the pass, everyone chooses)
            for s in v["to_act"]:
                out[o_turn + (s - me) % n] = 1
        for s in v["to_act"]:
            out[o_toact + (s - me) % n] = 1
        for s in range(n):
            r = (s - me) % n
            out[o_chosen + r] = v["chosen"][s]
            out[o_size + r] = v["hand_sizes"][s]
            out[o_tot + r] = v["totals"][s]
        for place, s in enumerate(v["out"], 1):
            out[o_out + (s - me) % n] = place
        for c in v["played"]:
            out[o_played + INDEX[c]] = 1
        rnd = v["round"]
        if rnd:
            out[o_rsize] = rnd["size"]
            out[o_kind + KIND_VALUE[rnd["kind"]]] = 1
            if rnd["lead_card"]:
                out[o_lead + INDEX[rnd["lead_card"]]] = 1
            if rnd["last_seat"] is not None and rnd["last_seat"] >= 0:
                out[o_lseat + (rnd["last_seat"] - me) % n] = 1
            if rnd["last_kind"] in KIND_VALUE:
                out[o_lkind + KIND_VALUE[rnd["last_kind"]]] = 1
            out[o_lrank] = rnd["last_rank"] or 0
            for s in rnd["passed"]:
                out[o_passed + (s - me) % n] = 1
            plays = rnd["plays"]
            out[o_rplays] = len(plays)
            if plays:
                for c in parse_play(plays[-1][1])[0]:
                    out[o_lcards + c] = 1
        if v["promise"]:
            out[o_prom + (v["promise"]["seat"] - me) % n] = 1
            out[o_pval] = v["promise"]["value"]
        out[o_aside] = v["put_aside"]
        out[o_misc] = v["hand_number"]

    o_f_left, o_f_right, o_f_play = 3, 3 + c_n, 3 + 2 * c_n
    o_f_ace = o_f_play + c_n
    feature_size = o_f_ace + len(ACE_NUMBERS) + 1

    def features(action: str) -> np.ndarray:
        """Card counts of an action: [give, pass, play] one-hot, the card given left, the card
        given right, the cards played, the number an Ace stands for (2..9), promise."""
        f = np.zeros(feature_size, dtype=np.float32)
        words = action.split(" ")
        if words[0] == "give":
            f[0] = 1
            f[o_f_left + INDEX[words[1]]] = 1
            f[o_f_right + INDEX[words[2]]] = 1
        elif action == PASS:
            f[1] = 1
        else:
            f[2] = 1
            cards, ace, promise = parse_play(action)
            for c in cards:
                f[o_f_play + c] = 1
            if ace:
                f[o_f_ace + ACE_NUMBERS.index(ace)] = 1
            f[-1] = promise
        return f

    return GameCodec(lay, encode, features, feature_size)
