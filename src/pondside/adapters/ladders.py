"""Ladders' observation encoding (``docs/adapters.md``), from the facts of
:mod:`pondside.games.ladders`. Cards are indexed 1..12, W at 0..12."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from pondside.games.ladders import (
    CARD,
    DECK,
    DECK_COUNTS,
    GAME,
    HAND,
    RUNGS,
    SLOTS,
    TOP,
    climb_size,
    partner,
)

from .codec import BIG, GameCodec, Layout

CARDS = [CARD[c] for c in CARD]
"""The cards as the view writes them, in index order."""
COUNTS = [DECK_COUNTS[c] for c in CARD]
"""Copies of each card in the deck (LA-1)."""


def codec(players: int, options: Mapping[str, Any]) -> GameCodec:
    n = players
    teams = bool(options["teams"])
    col = {c: i for i, c in enumerate(CARDS)}
    k = len(CARDS)
    lay = Layout()
    o_hand = lay.add("hand_counts", k, HAND, "copies of 1..12, W in my hand")
    o_ctop = lay.add("climb_top", (n, k), 1, "each seat's face-up CLIMB top (1..12, W)")
    o_csize = lay.add("climb_size", n, climb_size(GAME.info.min_players), "cards in each CLIMB")
    o_rtop = lay.add("rung_top", (n, RUNGS, k), 1, "the top card of each RUNG pile")
    o_rsize = lay.add("rung_size", (n, RUNGS), len(DECK), "cards in each RUNG pile")
    o_rcount = lay.add(
        "rung_counts", (n, RUNGS, k), len(DECK), "copies of each card in each RUNG pile"
    )
    o_acc = lay.add("accent_size", SLOTS, TOP, "cards on each ACCENT pile (0: a free slot)")
    o_disc = lay.add("discard_counts", k, max(COUNTS), "copies of each card in DISCARD")
    o_unseen = lay.add(
        "unseen_counts", k, max(COUNTS), "copies of each card I cannot see (hands, CLIMBs, DRAW)"
    )
    o_size = lay.add("hand_size", n, HAND, "cards in each hand")
    o_turn = lay.add("turn", n, 1, "1 for the seat whose turn it is")
    o_dealer = lay.add("dealer", n, 1, "1 for the dealer")
    o_partner = lay.add("partner", n, 1, "1 for my partner (teams)")
    o_tot = lay.add("totals", n, BIG, "match scores")
    o_misc = lay.add(
        "draw_played_idle_round",
        4,
        BIG,
        "DRAW size, 1 if a card reached an ACCENT pile this "
        "turn, idle turns in a row (LA-15), round number",
    )

    def encode(v: Mapping[str, Any], out: np.ndarray) -> None:
        me = v["seat"]
        unseen = list(COUNTS)
        for c in v["hand"]:
            out[o_hand + col[c]] += 1
            unseen[col[c]] -= 1
        for s in range(n):
            r = (s - me) % n
            top = v["climb_tops"][s]
            if top is not None:
                out[o_ctop + r * k + col[top]] = 1
                unseen[col[top]] -= 1
            out[o_csize + r] = v["climb_sizes"][s]
            for i, pile in enumerate(v["rungs"][s]):
                out[o_rsize + r * RUNGS + i] = len(pile)
                if pile:
                    out[o_rtop + (r * RUNGS + i) * k + col[pile[-1]]] = 1
                for c in pile:
                    out[o_rcount + (r * RUNGS + i) * k + col[c]] += 1
                    unseen[col[c]] -= 1
            out[o_size + r] = v["hand_sizes"][s]
            out[o_tot + r] = v["totals"][s]
        for i, pile in enumerate(v["accents"]):
            out[o_acc + i] = len(pile)
            for c in pile:
                unseen[col[c]] -= 1
        for c in v["discard"]:
            out[o_disc + col[c]] += 1
            unseen[col[c]] -= 1
        for i, c in enumerate(unseen):
            out[o_unseen + i] = c
        for s in v["to_act"]:
            out[o_turn + (s - me) % n] = 1
        out[o_dealer + (v["dealer"] - me) % n] = 1
        if teams:
            out[o_partner + partner(0)] = 1  # the partner's row, relative to my seat (LA-2)
        out[o_misc] = v["draw_size"]
        out[o_misc + 1] = bool(v["played"])
        out[o_misc + 2] = v["idle_turns"]
        out[o_misc + 3] = v["hand_number"]

    return GameCodec(lay, encode)
