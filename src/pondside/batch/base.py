"""What every batched engine offers (``Tables``), what a step returns, and the step log from
which each table's match record is written."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from pondside.engine import Game

Ints = npt.NDArray[np.int64]
Int32s = npt.NDArray[np.int32]
Cards = npt.NDArray[np.int16]
Bools = npt.NDArray[np.bool_]


@dataclass
class Step:
    """What one step did at every table."""

    points: Ints
    """[B, P] each seat's score change in this step (Lame Duck: the ducks it took, LD-9)."""
    ended: Bools
    """[B] the tables whose match ended in this step."""


class StepLog:
    """The actions of every step, kept to write each table's record (``Tables.record``)."""

    def __init__(self) -> None:
        self.steps: list[tuple[Bools, Ints]] = []

    def add(self, acting: Bools, actions: npt.ArrayLike) -> None:
        self.steps.append((acting.copy(), np.array(actions, dtype=np.int64)))

    def actions_of(self, table: int, names: list[str]) -> list[list[Any]]:
        """[[seat, action]...] of ``table``, seats in order within a step (a table takes the
        simultaneous choices so: the last one reveals them)."""
        out: list[list[Any]] = []
        for acting, actions in self.steps:
            for s in np.flatnonzero(acting[table]):
                out.append([int(s), names[int(actions[table, s])]])
        return out


class Tables(Protocol):
    """A batch of tables of one game (``LameDuckTables`` is the model): fixed-shape arrays,
    one row per table; a step is every table's decision point at once."""

    game: Game[Any]
    batch: int
    players: int
    options: dict[str, Any]
    num_actions: int
    noop: int
    """The action a seat passes where it does not act: one past the game's last action."""
    over: Bools
    places: Ints

    def reset(self, rows: Bools | None = None) -> None: ...
    def acting(self) -> Bools: ...
    def legal_mask(self, seat: int | None = None) -> Bools: ...
    def random_actions(self, rng: np.random.Generator) -> Ints: ...
    def step(self, actions: npt.ArrayLike, rows: Bools | None = None) -> Step: ...
    def scores(self) -> Ints: ...
    def record(self, table: int, log: StepLog | None = None) -> dict[str, Any]: ...
    def observe(self, seat: int) -> dict[str, npt.NDArray[Any]]: ...
    def encode(self, seat: int) -> npt.NDArray[np.float32]: ...
    def to_view(
        self, obs: Mapping[str, npt.NDArray[Any]], table: int, seat: int
    ) -> dict[str, Any]: ...
