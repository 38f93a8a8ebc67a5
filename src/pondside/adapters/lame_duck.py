"""Lame Duck's observation encoding (``docs/adapters.md``), from the facts of
:mod:`pondside.games.lame_duck`. Card c is at index c-1."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from pondside.games.lame_duck import COLUMN_LIMIT, COLUMNS, DUCKS, HAND_SIZE, deck_size

from .codec import BIG, GameCodec, Layout


def codec(players: int, options: Mapping[str, Any]) -> GameCodec:
    d = deck_size(players, options["expert"])
    n = players
    lay = Layout()
    o_hand = lay.add("hand", d, 1, "1 where card c+1 is in my hand")
    o_choice = lay.add("my_choice", d, 1, "1 at the card I chose this turn (not yet revealed)")
    o_cols = lay.add("column_cards", (COLUMNS, d), 1, "1 where card c+1 lies in column k")
    o_len = lay.add("column_length", COLUMNS, COLUMN_LIMIT, "cards in each column")
    o_end = lay.add("column_end", COLUMNS, d, "the last card of each column")
    o_cduck = lay.add(
        "column_ducks", COLUMNS, COLUMN_LIMIT * max(DUCKS), "ducks in each column (`column_ducks`)"
    )
    o_rev = lay.add("revealed", (n, d), 1, "the card each seat revealed this (or last) turn")
    o_taken = lay.add("taken", (n, d), 1, "cards each seat has taken this round")
    o_size = lay.add("hand_size", n, HAND_SIZE, "cards in each hand")
    o_chosen = lay.add("chosen", n, 1, "1 if the seat has chosen this turn")
    o_await = lay.add("awaiting_take", n, 1, "1 for the seat that must take a column (LD-8)")
    o_toact = lay.add("to_act", n, 1, "1 for each seat still to decide now")
    o_rd = lay.add("round_ducks", n, sum(DUCKS), "ducks taken this round")
    o_tot = lay.add("totals", n, BIG, "ducks over the match")
    o_misc = lay.add("round_turn_over", 3, BIG, "round number, turn 1-10, 1 if over")

    def encode(v: Mapping[str, Any], out: np.ndarray) -> None:
        me = v["seat"]
        for c in v["hand"]:
            out[o_hand + c - 1] = 1
        if v.get("my_choice"):
            out[o_choice + v["my_choice"] - 1] = 1
        for k, col in enumerate(v["columns"]):
            for c in col:
                out[o_cols + k * d + c - 1] = 1
            out[o_len + k] = len(col)
            out[o_end + k] = col[-1]
            out[o_cduck + k] = v["column_ducks"][k]
        for s, c in v["revealed"]:
            out[o_rev + ((s - me) % n) * d + c - 1] = 1
        for s in range(n):
            r = (s - me) % n
            for c in v["taken"][s]:
                out[o_taken + r * d + c - 1] = 1
            out[o_size + r] = v["hand_sizes"][s]
            out[o_chosen + r] = v["chosen"][s]
            out[o_rd + r] = v["round_ducks"][s]
            out[o_tot + r] = v["totals"][s]
        if v["awaiting_take"] is not None:
            out[o_await + (v["awaiting_take"] - me) % n] = 1
        for s in v["to_act"]:
            out[o_toact + (s - me) % n] = 1
        out[o_misc] = v["hand_number"]
        out[o_misc + 1] = v["turn_number"]
        out[o_misc + 2] = v["over"]

    return GameCodec(lay, encode)
