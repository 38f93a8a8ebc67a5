"""Down the Drain's state, in a module of its own, for a compiled build of
``pondside.games.down_the_drain`` (``engine/native.py``): a class compiled by mypyc keeps no
annotations for the snapshot."""

from __future__ import annotations

from typing import Annotated

from pondside.engine import NONE_IS_ZERO, State


class DownTheDrainState(State):
    """A Down the Drain match. Treated as immutable: ``apply`` builds a new one.

    ``front[s]`` is the number in front of seat s (0 for none). The stack is ``stack[top:]``,
    top card first; ``discard`` is the face-up pile in the order cards reached it.
    ``history`` holds one ``(winners, held)`` pair per finished game of the series.
    """

    games: int
    game_no: int
    rng: int
    hands: tuple[tuple[int, ...], ...]
    front: tuple[Annotated[int, NONE_IS_ZERO], ...]
    stack: tuple[int, ...]
    top: int
    discard: tuple[int, ...]
    seat: int
    start: int
    plays: int
    history: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    over: bool

    def held(self) -> list[int]:
        """DD-9: the cards each seat holds, in hand and in front."""
        return [len(h) + (1 if f else 0) for h, f in zip(self.hands, self.front, strict=True)]

    def wins(self) -> list[int]:
        """Games won per seat over the series so far (a shared win counts for each winner)."""
        out = [0] * self.n
        for winners, _ in self.history:
            for s in winners:
                out[s] += 1
        return out

    def totals(self) -> list[int]:
        """Cards held at the end of each finished game, summed per seat."""
        return [sum(h[s] for _, h in self.history) for s in range(self.n)]
