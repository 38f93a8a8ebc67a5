"""Lame Duck's state, in a module of its own, for a compiled build of ``pondside.games.lame_duck``
(``engine/native.py``): a class compiled by mypyc keeps no annotations for the snapshot."""

from __future__ import annotations

from typing import Annotated

from pondside.engine import NONE_IS_MINUS_ONE, NONE_IS_ZERO, State

TURNS = 10  # LD-5: a round is 10 turns


class LameDuckState(State):
    """A Lame Duck match. Treated as immutable: ``apply`` builds a new one.

    ``chosen[s]`` is seat s's secretly chosen card (0 while it has not chosen); the chosen card
    stays in the hand until the reveal. ``revealed`` holds this turn's cards (card, seat) in
    placement order while a too-low card waits for its column (``awaiting`` is that seat, -1
    when none does), and the last turn's cards otherwise. ``ducks`` are this round's.
    """

    expert: bool
    rounds: int | None
    target: int | None
    rng: int
    round_no: int
    history: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    unused: tuple[int, ...]
    columns: tuple[tuple[int, ...], ...]
    chosen: tuple[Annotated[int, NONE_IS_ZERO], ...]
    revealed: tuple[tuple[int, int], ...]
    awaiting: Annotated[int, NONE_IS_MINUS_ONE]
    taken: tuple[tuple[int, ...], ...]
    ducks: tuple[int, ...]
    turn: int
    over: bool

    def totals(self) -> list[int]:
        """Ducks per seat over the match so far, the round in play included."""
        # A finished round is already in history (the last one keeps its ducks on show).
        live = self.ducks if self.turn < TURNS else (0,) * self.n
        return [sum(r[s] for r in self.history) + live[s] for s in range(self.n)]
