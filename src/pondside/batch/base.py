"""What every batched engine offers (``Tables``), what a step returns, and the step log from
which each table's match record is written."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from pondside.engine import Game, IllegalAction

from .rng import seed_states

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
        self._stacked: tuple[Bools, Ints] | None = None

    def add(self, acting: Bools, actions: npt.ArrayLike) -> None:
        self.steps.append((acting.copy(), np.array(actions, dtype=np.int64)))
        self._stacked = None

    def actions_of(self, table: int, names: list[str]) -> list[list[Any]]:
        """[[seat, action]...] of ``table``, seats in order within a step (a table takes the
        simultaneous choices so: the last one reveals them)."""
        if not self.steps:
            return []
        if self._stacked is None:  # [table, step, seat], stacked once for every table's record
            acting = np.stack([a for a, _ in self.steps], axis=1)
            actions = np.stack([x for _, x in self.steps], axis=1)
            self._stacked = (acting, actions)
        acting, actions = self._stacked
        step, seat = np.nonzero(acting[table])
        chosen = actions[table][step, seat].tolist()
        return [[s, names[a]] for s, a in zip(seat.tolist(), chosen, strict=True)]


class TablesBase:
    """What every batched engine sets up alike: the game's options checked as the engine
    checks them, the action list of the notation (one index per action, ``noop`` one past the
    last), the batch's generator and its row and seat indices. A game's tables set their own
    arrays in ``_setup`` (read before the first deal) and deal in ``reset``."""

    game: Game[Any]

    def __init__(
        self,
        batch: int,
        players: int = 4,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> None:
        if batch < 1:
            raise ValueError(f"a batch holds at least one table, not {batch}")
        self.options = self.game.options(players, options)
        self.batch, self.players = batch, players
        self.actions = self.game.all_actions(players, self.options)
        self.num_actions = len(self.actions)
        self.noop = self.num_actions
        self.rng = np.random.default_rng(seed)
        self._rows = np.arange(batch)
        self._seats = np.arange(players)
        self._setup()
        self.reset()

    seeds: Ints
    """[B] each table's match seed (the engine's, for the deals after the first)."""
    states: npt.NDArray[np.uint64]
    """[B] each table's generator (``batch/rng.py``), from its seed."""

    def _setup(self) -> None:
        """The game's own sizes, read from ``self.options`` before the first deal."""

    def reset(self, rows: Bools | None = None) -> None:
        raise NotImplementedError

    def _allocate(self) -> None:
        """The game's arrays for the whole batch, before its first deal."""
        raise NotImplementedError

    def _new_matches(self, rows: Bools | None) -> Ints:
        """The tables ``rows`` names (every one, its arrays made anew, when None), each given a
        new seed and its generator: a game's ``reset`` deals at them."""
        if rows is None:
            self._allocate()
            rows = np.ones(self.batch, dtype=bool)
        idx: Ints = np.flatnonzero(rows)
        if len(idx):
            self.seeds[idx] = self.rng.integers(0, 2**63, len(idx), dtype=np.uint64)
            self.states[idx] = seed_states(self.seeds[idx])
        return idx

    def acting(self) -> Bools:
        raise NotImplementedError

    def _first_deal(self, table: int) -> dict[str, Any]:
        """Table ``table``'s first deal, as its record's ``deal`` writes it."""
        raise NotImplementedError

    def _step_input(self, actions: npt.ArrayLike, rows: Bools | None) -> tuple[Ints, Bools]:
        """A step's actions as one per table and seat, and the seats that act in it (those of
        ``rows`` only, when given); ``IllegalAction`` for actions of another shape."""
        acts: Ints = np.asarray(actions, dtype=np.int64)
        if acts.shape != (self.batch, self.players):
            raise IllegalAction(
                f"a step takes one action per table and seat, shape ({self.batch}, "
                f"{self.players}), not {acts.shape}"
            )
        acting = self.acting()
        if rows is not None:
            acting = acting & rows[:, None]
        return acts, acting

    def _refusal(self, b: int, s: int, action: int, acts: bool) -> str | None:
        """Why seat ``s`` of table ``b`` may not pass ``action`` whatever the rules say (it
        does not act, or passes the no-op or no action at all), or None: the game's rules
        then say why (``_why``)."""
        where = f"table {b}, seat {s}"
        if not acts:
            return f"{where} does not act at this step: pass the no-op {self.noop}, not {action}"
        if action == self.noop:
            return f"{where} acts at this step: pass one of its legal actions, not the no-op"
        if not 0 <= action < self.num_actions:
            return f"{where}: actions are 0..{self.num_actions - 1}, not {action}"
        return None

    def record(self, table: int, log: StepLog | None = None) -> dict[str, Any]:
        """Table ``table``'s match record (the first deal explicit, its seed for the deals
        after it, the actions in ``log`` or, without one, none) for ``Match.from_record``."""
        return {
            "game": self.game.info.slug,
            "players": self.players,
            "options": dict(self.options),
            "seed": int(self.seeds[table]),
            "deal": self._first_deal(table),
            "actions": [] if log is None else log.actions_of(table, self.actions),
        }


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
