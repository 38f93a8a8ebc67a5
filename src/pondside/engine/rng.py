"""Seeded randomness that lives inside the match state.

The state of the generator is one 64-bit integer stored in the game state, so states stay
small, copyable and JSON-serialisable, and a match is reproducible from its seed on every
Python version (``random.Random``'s algorithms are not promised to stay the same).
The generator is SplitMix64 (Steele, Lea & Flood 2014): tiny, fast in pure Python, and good
enough to shuffle cards.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def seed_state(seed: int) -> int:
    """The generator state for a user-facing seed (any integer, negative ones included)."""
    return _mix((seed & MASK64) ^ 0x5EED5EED5EED5EED)


class Rng:
    """A SplitMix64 generator over a state integer; read ``.state`` back into the game state."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK64

    # The draws below repeat ``_mix`` inline: every deal shuffles a deck (a hundred draws), and
    # a function call per draw was a sixth of a random Lame Duck match's time.
    def next64(self) -> int:
        z = self.state = (self.state + _GOLDEN) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (Lemire's multiply-shift; bias below 2**-56)."""
        z = self.state = (self.state + _GOLDEN) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return ((z ^ (z >> 31)) * n) >> 64

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffled(self, seq: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffle of a copy of ``seq`` (the draws of ``below``, inline)."""
        out = list(seq)
        s = self.state
        for i in range(len(out) - 1, 0, -1):
            s = (s + _GOLDEN) & MASK64
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            out[i], out[j] = out[j], out[i]
        self.state = s
        return out

    @staticmethod
    def draw_below(state: int, n: int) -> tuple[int, int]:
        """One draw from a generator state kept in a game state: ``(value, new_state)``.

        >>> value, state = Rng.draw_below(seed_state(1), 4)
        >>> value == Rng(seed_state(1)).below(4)
        True
        """
        rng = Rng(state)
        return rng.below(n), rng.state

    def fork(self, *salt: int) -> Rng:
        """An independent generator derived from this one and ``salt``, without advancing it.

        Used where a draw must not shift later deals, e.g. a timeout default: the record then
        holds the resulting action, and replaying it reproduces the rest of the match exactly.
        """
        z = self.state
        for s in salt:
            z = _mix((z ^ (s & MASK64)) + _GOLDEN)
        return Rng(z)


def _shuffle_inline(rng: random.Random, x: list[Any]) -> None:
    # random.Random.shuffle with its _randbelow written out: two Python calls less per card,
    # and search determinizes (shuffles the unseen cards) on every iteration.
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _sample_inline(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    # random.Random.sample's small-population branch with its _randbelow written out.
    getrandbits = rng.getrandbits
    n = len(population)
    pool = list(population)
    result = []
    for i in range(k):
        m = n - i
        b = m.bit_length()
        j = getrandbits(b)
        while j >= m:
            j = getrandbits(b)
        result.append(pool[j])
        pool[j] = pool[m - 1]
    return result


def _same_as_library() -> bool:
    """Whether the draws written out here are this Python's library draws."""
    for seed in range(3):
        a, b = list(range(150)), list(range(150))
        random.Random(seed).shuffle(a)
        _shuffle_inline(random.Random(seed), b)
        if a != b:
            return False
        for n, k in ((13, 2), (40, 40), (7, 7)):
            one, other = random.Random(seed), random.Random(seed)
            if one.sample(range(n), k) != _sample_inline(other, range(n), k):
                return False
            if one.random() != other.random():
                return False
    return True


_LIBRARY_RANDBELOW = getattr(random.Random, "_randbelow", None)
_SAME_DRAWS = _same_as_library()


def draws_inline(rng: random.Random) -> bool:
    """Whether ``rng.choice(seq)`` may be written out as ``seq[r]``, with ``r`` drawn by
    ``getrandbits(len(seq).bit_length())`` until below ``len(seq)``: the library's own draw
    (checked at import on this Python), which a playout's hot loop inlines."""
    return _SAME_DRAWS and getattr(type(rng), "_randbelow", None) is _LIBRARY_RANDBELOW


def sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """``rng.sample(population, k)``: the same picks and the same generator state after it
    (search samples hidden hands on every iteration), the library's own where it differs."""
    n = len(population)
    # The library picks from a copied pool while it is smaller than a set of k would be.
    setsize = 21 + (4 ** math.ceil(math.log(k * 3, 4)) if k > 5 else 0)
    if not draws_inline(rng) or not 0 <= k <= n or n > setsize:
        return rng.sample(population, k)
    return _sample_inline(rng, population, k)


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """``rng.shuffle(x)``: the same permutation and the same generator state after it.

    Bots' generators are ``random.Random`` and their draws are part of what a seed
    reproduces, so the fast path is taken only where it was checked to give the library's
    result (this Python's ``Random`` or a subclass that keeps its draws); otherwise the
    library's own shuffle runs.
    """
    if draws_inline(rng):
        _shuffle_inline(rng, x)
    else:
        rng.shuffle(x)
