"""The engine's SplitMix64 (``engine/rng.py``) over arrays of generator states.

A match started from an explicit deal deals its later rounds from its seed (rulings' note in
``rules/lame-duck.md``), so a batched table whose record replays through the exact engine must
shuffle those rounds exactly as ``Rng.shuffled`` does: the same 64-bit draws, the same
multiply-shift reduction, the same Fisher-Yates order. Here the draws of a whole shuffle are made
at once for every table (states advance by a constant, so draw t is ``mix(s + t·γ)``), and only
the swaps run in sequence, each over the whole batch.

>>> from pondside.engine.rng import Rng, seed_state
>>> states = seed_states(np.array([1, 2], dtype=np.uint64))
>>> int(states[0]) == seed_state(1)
True
>>> cards, after = shuffled(states, 6)
>>> rng = Rng(seed_state(2))
>>> cards[1].tolist() == rng.shuffled(range(1, 7)), int(after[1]) == rng.state
(True, True)
>>> many = seed_states(np.arange(FEW + 1, dtype=np.uint64))  # the batched swaps
>>> cards, after = shuffled(many, 45)
>>> rng = Rng(seed_state(FEW))
>>> cards[FEW].tolist() == rng.shuffled(range(1, 46)), int(after[FEW]) == rng.state
(True, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

U64 = npt.NDArray[np.uint64]

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_SEED_SALT = np.uint64(0x5EED5EED5EED5EED)
_LOW32 = np.uint64(0xFFFFFFFF)


def mix(z: U64) -> U64:
    """SplitMix64's output function, wrapping modulo 2**64 as the engine's masks do."""
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


def seed_states(seeds: npt.NDArray[Any]) -> U64:
    """``engine.rng.seed_state`` of each seed (seeds taken modulo 2**64)."""
    return mix(seeds.astype(np.uint64) ^ _SEED_SALT)


def _below(z: U64, n: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
    """``(z * n) >> 64`` for n < 2**31: the high word of the product, from 32-bit halves."""
    high = (z >> np.uint64(32)) * n
    low = ((z & _LOW32) * n) >> np.uint64(32)
    return ((high + low) >> np.uint64(32)).astype(np.int64)


FEW = 12
"""Up to this many rows, ``shuffled`` runs the engine's generator row by row."""


def shuffled(
    states: U64, size: int, lengths: npt.NDArray[np.int64] | None = None
) -> tuple[npt.NDArray[np.int16], U64]:
    """``Rng(state).shuffled(range(1, L + 1))`` for each state, and the states after it; L is
    ``size`` or, given ``lengths``, each row's own length (the rest of the row stays L+1 ..
    size, unshuffled): a discard pile of each table's size (Down the Drain, DD-7).

    Up to ``FEW`` rows swap in Python lists, row by row: the batched swaps below cost about as
    much for one row as for a thousand, and a step often deals a new hand at only one or two
    tables."""
    rows = len(states)
    steps = np.arange(1, size, dtype=np.uint64)
    length = np.full(rows, size, dtype=np.int64) if lengths is None else lengths
    with np.errstate(over="ignore"):
        draws = mix(states[:, None] + steps[None, :] * _GOLDEN)
        after = states + np.maximum(length - 1, 0).astype(np.uint64) * _GOLDEN
    # Draw t (from 1) picks j for position i = L - t, below i + 1.
    bounds = np.maximum(length[:, None] - np.arange(size - 1), 1).astype(np.uint64)
    picks = _below(draws, bounds)
    if rows <= FEW:
        shuffles = []
        for row, own in zip(picks.tolist(), length.tolist(), strict=True):
            deck = list(range(1, size + 1))
            for t in range(own - 1):  # draw t picks the card for place own - 1 - t
                at, pick = own - 1 - t, row[t]
                deck[at], deck[pick] = deck[pick], deck[at]
            shuffles.append(deck)
        return np.array(shuffles, dtype=np.int16).reshape(rows, size), after
    cards = np.tile(np.arange(1, size + 1, dtype=np.int16), (rows, 1))
    everyone = np.arange(rows)
    for t in range(int(length.max(initial=0)) - 1):
        if lengths is None:
            i: Any = size - 1 - t
            who: Any = everyone
        else:
            who = np.flatnonzero(length - 1 - t >= 1)
            i = length[who] - 1 - t
        j = picks[who, t]
        held = cards[who, j]
        cards[who, j] = cards[who, i]
        cards[who, i] = held
    return cards, after
