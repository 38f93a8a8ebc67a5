"""Seeded randomness that lives inside the match state.

The state of the generator is one 64-bit integer stored in the game state, so states stay
small, copyable and JSON-serialisable, and a match is reproducible from its seed on every
Python version (``random.Random``'s algorithms are not promised to stay the same).
The generator is SplitMix64 (Steele, Lea & Flood 2014): tiny, fast in pure Python, and good
enough to shuffle cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

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

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & MASK64
        return _mix(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (Lemire's multiply-shift; bias below 2**-56)."""
        return (self.next64() * n) >> 64

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffled(self, seq: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffle of a copy of ``seq``."""
        out = list(seq)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
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
