"""Down the Drain's observation encoding (``docs/adapters.md``), from the facts of
:mod:`pondside.games.down_the_drain`. Numbers are indexed in deck order (2..20 at 0..18)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from pondside.games.down_the_drain import COUNTS, DECK, NUMBERS, group_value

from .codec import BIG, GameCodec, Layout

COPIES = max(COUNTS.values())
"""The most copies of one number (DD-1): the bound of every count."""


def codec(players: int, options: Mapping[str, Any]) -> GameCodec:
    n = players
    col = {x: i for i, x in enumerate(NUMBERS)}
    k = len(NUMBERS)
    lay = Layout()
    o_hand = lay.add("hand_counts", k, COPIES, "copies of each number 2..20 in my hand")
    o_front = lay.add("front", (n, k), 1, "1 at the number in front of each seat")
    o_group = lay.add(
        "group_value", n, max(NUMBERS) * COPIES, "value of the group the seat's card is in (DD-3)"
    )
    o_disc = lay.add("discard_counts", k, COPIES, "copies of each number on the discard pile")
    o_unseen = lay.add(
        "unseen_counts", k, COPIES, "copies of each number I cannot see (other hands and the stack)"
    )
    o_size = lay.add("hand_size", n, len(DECK), "cards in each hand")
    o_held = lay.add("held", n, len(DECK), "cards each seat holds, hand and front (DD-9)")
    o_turn = lay.add("turn", n, 1, "1 for the seat whose turn it is")
    o_start = lay.add("start", n, 1, "1 for this game's start player")
    o_wins = lay.add("wins", n, BIG, "games won in the series")
    o_tot = lay.add("totals", n, BIG, "cards held at the end of finished games, summed")
    o_misc = lay.add("stack_plays_game", 3, BIG, "stack size, plays so far, game number")

    def encode(v: Mapping[str, Any], out: np.ndarray) -> None:
        me = v["seat"]
        unseen = dict(COUNTS)
        for x in v["hand"]:
            out[o_hand + col[x]] += 1
            unseen[x] -= 1
        front = v["front"]
        for s in range(n):
            r = (s - me) % n
            x = front[s]
            if x:
                out[o_front + r * k + col[x]] = 1
                out[o_group + r] = group_value(front, x)
                unseen[x] -= 1
            out[o_size + r] = v["hand_sizes"][s]
            out[o_held + r] = v["held"][s]
            out[o_wins + r] = v["wins"][s]
            out[o_tot + r] = v["totals"][s]
        for x in v["discard"]:
            out[o_disc + col[x]] += 1
            unseen[x] -= 1
        for x, c in unseen.items():
            out[o_unseen + col[x]] = c
        for s in v["to_act"]:
            out[o_turn + (s - me) % n] = 1
        out[o_start + (v["start"] - me) % n] = 1
        out[o_misc] = v["stack_size"]
        out[o_misc + 1] = v["plays"]
        out[o_misc + 2] = v["hand_number"]

    return GameCodec(lay, encode)
