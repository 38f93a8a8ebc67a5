"""The engine's SplitMix64 (``engine/rng.py``) in JAX, on 64-bit words held as two uint32 halves.

A batched table's record is replayed by the exact engine, which deals every round after the
first from the table's seed (``batch/rng.py`` does the same in NumPy). JAX works in 32 bits
unless ``jax_enable_x64`` is switched on for the whole process (which would change every other
user's default dtypes, and GPUs emulate 64-bit products anyway), so a word here is a pair
``(hi, lo)`` of uint32 arrays and its products are made from 16-bit pieces: the same draws, the
same multiply-shift reduction and the same Fisher-Yates order as ``Rng.shuffled``, to the bit.

>>> import numpy as np
>>> from pondside.engine.rng import Rng, seed_state
>>> hi, lo = seed_words(jnp.array([0, 1], jnp.uint32), jnp.array([5, 2**32 - 1], jnp.uint32))
>>> state = int(hi[1]) << 32 | int(lo[1])
>>> state == seed_state(2**32 + 2**32 - 1)
True
>>> cards, (after_hi, after_lo) = shuffled((hi[1], lo[1]), 12)
>>> rng = Rng(state)
>>> np.asarray(cards).tolist() == rng.shuffled(range(1, 13))
True
>>> (int(after_hi) << 32 | int(after_lo)) == rng.state
True
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

Word = tuple[jax.Array, jax.Array]
"""A 64-bit word (or an array of them) as its high and low uint32 halves."""

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB
_SEED_SALT = 0x5EED5EED5EED5EED


def _const(value: int) -> Word:
    return jnp.uint32(value >> 32), jnp.uint32(value & 0xFFFFFFFF)


def _mul_high(a: jax.Array, b: jax.Array) -> jax.Array:
    """The high 32 bits of the 64-bit product of two uint32 (from four 16-bit products)."""
    a0, a1 = a & 0xFFFF, a >> 16
    b0, b1 = b & 0xFFFF, b >> 16
    p00, p01, p10, p11 = a0 * b0, a0 * b1, a1 * b0, a1 * b1
    middle = (p00 >> 16) + (p01 & 0xFFFF) + (p10 & 0xFFFF)
    return p11 + (p01 >> 16) + (p10 >> 16) + (middle >> 16)


def _add(a: Word, b: Word) -> Word:
    lo = a[1] + b[1]
    return a[0] + b[0] + (lo < a[1]).astype(jnp.uint32), lo


def _mul(a: Word, b: Word) -> Word:
    """The product modulo 2**64, as the engine's ``& MASK64`` keeps it."""
    hi = _mul_high(a[1], b[1]) + a[1] * b[0] + a[0] * b[1]
    return hi, a[1] * b[1]


def _xor_shift(a: Word, n: int) -> Word:
    """``a ^ (a >> n)`` for 0 < n < 32."""
    return a[0] ^ (a[0] >> n), a[1] ^ ((a[1] >> n) | (a[0] << (32 - n)))


def mix(z: Word) -> Word:
    """SplitMix64's output function."""
    z = _mul(_xor_shift(z, 30), _const(_M1))
    z = _mul(_xor_shift(z, 27), _const(_M2))
    return _xor_shift(z, 31)


def seed_words(seed_hi: jax.Array, seed_lo: jax.Array) -> Word:
    """``engine.rng.seed_state`` of each seed given as its two halves."""
    salt = _const(_SEED_SALT)
    return mix((seed_hi ^ salt[0], seed_lo ^ salt[1]))


def _below(z: Word, n: jax.Array) -> jax.Array:
    """``(z * n) >> 64`` for n < 2**31 (Lemire's multiply-shift, as ``Rng.below``)."""
    # z·n >> 64 = (z_hi·n + high half of z_lo·n) >> 32: the high half of that 64-bit sum.
    product_lo, product_hi = z[0] * n, _mul_high(z[0], n)
    total_lo = product_lo + _mul_high(z[1], n)
    return (product_hi + (total_lo < product_lo).astype(jnp.uint32)).astype(jnp.int32)


def traced(picks: jax.Array, size: int, count: int) -> jax.Array:
    """The first ``count`` cards of ``range(1, size + 1)`` after Fisher-Yates swaps of position
    i = size - 1 - t with ``picks[t]`` for t = 0, 1, ... (positions from the last down to 1).

    The swaps are not made: each of the ``count`` positions is followed back through them, the
    last swap first, to the position its card started at. That is a chain of selections over
    ``count`` positions, no scatter in sequence, which XLA fuses into one pass (a deal needs
    only the hands and the columns, not the unused cards)."""
    where = jnp.arange(count, dtype=jnp.int32)
    for t in range(size - 2, -1, -1):  # unrolled: each i is a constant
        i, j = size - 1 - t, picks[t]
        where = jnp.where(where == i, j, jnp.where(where == j, i, where))
    return (where + 1).astype(jnp.int16)


def shuffled(state: Word, size: int, count: int | None = None) -> tuple[jax.Array, Word]:
    """The first ``count`` cards (all when None) of ``Rng(state).shuffled(range(1, size +
    1))`` of one generator, and its state after it (written for one table; ``jax.vmap`` runs it
    over many)."""
    steps = range(1, size)
    # Draw t is mix(state + t·γ): every draw at once.
    offsets = (
        jnp.array([(t * _GOLDEN & _MASK64) >> 32 for t in steps], jnp.uint32),
        jnp.array([t * _GOLDEN & 0xFFFFFFFF for t in steps], jnp.uint32),
    )
    draws = mix(_add((state[0][None], state[1][None]), offsets))
    # Draw t (from 1) picks j below i + 1 for position i = size - t.
    picks = _below(draws, jnp.arange(size, 1, -1, dtype=jnp.uint32))
    cards = traced(picks, size, size if count is None else count)
    after = _add(state, _const((size - 1) * _GOLDEN & _MASK64))
    return cards, after
