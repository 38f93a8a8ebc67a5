"""Lame Duck's state, its constants (the deck, the table, the ducks of a card) and the view a
seat gets of it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

from pondside.engine import (
    NONE_IS_MINUS_ONE,
    NONE_IS_ZERO,
    CommonView,
    NotRequired,
    State,
    TypedDict,
)

TURNS = 10  # LD-5: a round is 10 turns
COLUMNS = 4
HAND_SIZE = 10


def duck_count(card: int) -> int:
    """LD-2: 55 → 7; other multiples of 11 → 5; of 10 → 3; other ending in 5 → 2; else 1."""
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 10 == 5:
        return 2
    return 1


DUCKS = (0, *(duck_count(c) for c in range(1, 105)))


def deck_size(players: int, expert: bool) -> int:
    """LD-1: 104 cards, or 10·P+4 in expert mode so every card is in play."""
    return 10 * players + 4 if expert else 104


def column_ducks(column: Sequence[int]) -> int:
    return sum(DUCKS[c] for c in column)


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


class LameDuckOptions(TypedDict):
    expert: bool
    """Cards 1 to 10·players+4 only, every one in play (LD-1)."""
    rounds: int | None
    """Play this many rounds (LD-10); null when the match is played to a target."""
    target: int | None
    """Play until someone has this many ducks; null when a number of rounds is played."""


class LameDuckView(CommonView):
    """What one seat (or a spectator) sees of a Lame Duck match (LD-12: choices are hidden)."""

    options: LameDuckOptions
    hand: NotRequired[list[int]]
    """The seat's cards, ascending."""
    my_choice: NotRequired[int | None]
    """The card this seat has chosen this turn and not yet revealed."""
    turn_number: int
    """The turn of the round in play, 1 to ``turns`` (LD-5)."""
    turns: int
    """The turns a round has (LD-5: 10)."""
    columns: list[list[int]]
    """The four columns, first card first (LD-4, LD-6)."""
    column_ducks: list[int]
    """The ducks each column would cost (LD-2)."""
    chosen: list[bool]
    """Which seats have chosen their card this turn (the cards stay hidden, LD-12)."""
    revealed: list[list[int]]
    """[seat, card] of the cards revealed this turn, in placement order (the last turn's once
    placed)."""
    awaiting_take: int | None
    """The seat whose too-low card waits while it chooses a column to take (LD-8)."""
    taken: list[list[int]]
    """The cards each seat has taken this round."""
    round_ducks: list[int]
    """The ducks each seat has taken this round."""
