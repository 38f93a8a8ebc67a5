"""Wildcat Chicane's observation encoding (``docs/adapters.md``), from the facts of
:mod:`pondside.games.wildcat_chicane`. Cards are indexed in the basic deck's table order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from pondside.games.decktet import SUITS
from pondside.games.wildcat_chicane import (
    CALLS,
    CODES,
    GAME,
    INDEX,
    PHASES,
    READING_NAMES,
    hand_size,
)

from .codec import BIG, GameCodec, Layout

SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
CALLED = tuple(c.removeprefix("call ") for c in CALLS)
"""The calls as the view lists them (``top``, ``trump Y``), in the order of the actions."""
TRICKS = hand_size(GAME.info.min_players)
"""The most cards a hand holds, and so the most tricks, bids and tricks won (WC-3)."""


def codec(players: int, options: Mapping[str, Any]) -> GameCodec:
    n = players
    c_n, s_n, r_n = len(CODES), len(SUITS), len(READING_NAMES)
    lay = Layout()
    o_hand = lay.add("hand", c_n, 1, "1 where a basic-deck card (table order) is in my hand")
    o_choice = lay.add("my_choice", c_n, 1, "the ruling card I chose, before the reveal")
    o_phase = lay.add("phase", len(PHASES), 1, "one-hot: rule, call, bid, play, over")
    o_dealer = lay.add("dealer", n, 1, "1 for the dealer")
    o_ruler = lay.add("ruler", (n, c_n), 1, "each seat's revealed ruling card")
    o_read = lay.add("reading", (n, r_n), 1, "each seat's reading: top, bottom (WC-5, WC-15)")
    o_trump = lay.add("trump", (n, s_n), 1, "each seat's trump suit (M S V L Y K)")
    o_calls = lay.add("calls", len(CALLED), 1, "classic calls made: top, bottom, trump M..K")
    o_bid = lay.add("bid", n, TRICKS, "each seat's bid (0 before it bids)")
    o_bidm = lay.add("has_bid", n, 1, "1 once the seat has bid")
    o_won = lay.add("won", n, TRICKS, "tricks won this hand")
    o_size = lay.add("hand_size", n, TRICKS, "cards in each hand")
    o_chosen = lay.add("chosen", n, 1, "1 if the seat has chosen its ruling card")
    o_toact = lay.add("to_act", n, 1, "1 for each seat to decide now")
    o_played = lay.add("played", (n, c_n), 1, "cards each seat played to this hand's tricks")
    o_trick = lay.add("trick", (n, c_n), 1, "the card each seat played to the current trick")
    o_leader = lay.add("trick_leader", n, 1, "the seat that led the current trick")
    o_led = lay.add("led_suit", s_n, 1, "the led suit as the leader reads it")
    o_winning = lay.add("winning", n, 1, "the seat winning the current trick")
    o_voids = lay.add("voids", (n, s_n), 1, "suits each seat has shown it lacks")
    o_tot = lay.add("totals", n, BIG, "match scores")
    o_misc = lay.add("hand_tricks", 3, BIG, "hand number, tricks in the hand, tricks done")

    def encode(v: Mapping[str, Any], out: np.ndarray) -> None:
        me = v["seat"]
        for c in v["hand"]:
            out[o_hand + INDEX[c]] = 1
        if v.get("my_choice"):
            out[o_choice + INDEX[v["my_choice"]]] = 1
        out[o_phase + PHASES.index(v["phase"])] = 1
        out[o_dealer + (v["dealer"] - me) % n] = 1
        for s in range(n):
            r = (s - me) % n
            if v["rulers"][s]:
                out[o_ruler + r * c_n + INDEX[v["rulers"][s]]] = 1
            if v["readings"][s]:
                out[o_read + r * r_n + READING_NAMES.index(v["readings"][s])] = 1
            if v["trumps"][s]:
                out[o_trump + r * s_n + SUIT_INDEX[v["trumps"][s]]] = 1
            if v["bids"][s] is not None:
                out[o_bid + r] = v["bids"][s]
                out[o_bidm + r] = 1
            out[o_won + r] = v["won"][s]
            out[o_size + r] = v["hand_sizes"][s]
            out[o_chosen + r] = v["chosen"][s]
            for suit in v["voids"][s]:
                out[o_voids + r * s_n + SUIT_INDEX[suit]] = 1
            out[o_tot + r] = v["totals"][s]
        for call in v["calls"]:
            out[o_calls + CALLED.index(call)] = 1
        for s in v["to_act"]:
            out[o_toact + (s - me) % n] = 1
        for t in v["tricks"]:
            for s, c in t["cards"]:
                out[o_played + ((s - me) % n) * c_n + INDEX[c]] = 1
        for i, (s, c) in enumerate(v["trick"]):
            r = (s - me) % n
            out[o_played + r * c_n + INDEX[c]] = 1
            out[o_trick + r * c_n + INDEX[c]] = 1
            if i == 0:
                out[o_leader + r] = 1
        if v["led_suit"]:
            out[o_led + SUIT_INDEX[v["led_suit"]]] = 1
        if v["winning"] is not None:
            out[o_winning + (v["winning"] - me) % n] = 1
        out[o_misc] = v["hand_number"]
        out[o_misc + 1] = v["tricks_in_hand"]
        out[o_misc + 2] = len(v["tricks"])

    return GameCodec(lay, encode)
