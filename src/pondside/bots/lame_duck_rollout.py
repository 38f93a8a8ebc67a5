"""Lame Duck's rollout policies over a batch of tables (``bots/rollout.py`` plays them).

``heuristic_actions`` is :class:`~pondside.bots.lame_duck.LameDuckHeuristic` over every table
and seat at once: the same expected ducks of each card (``card_risk``: the card's column, LD-6,
and the chance that the other seats' cards fill it first, each drawn from the cards that seat
has not seen), the same bonus for shedding a too-low card while the columns are cheap, the same
tie-break (the lowest card), and the fewest-ducks column when a card is too low (LD-8). The
arithmetic is the heuristic's, in the same order, so every choice is the same as the one-by-one
heuristic's (``tests/bots/test_rollout.py`` compares them). ``random_actions`` is the uniform
random bot on given uniforms, so that the candidates of one sample share their luck;
``highest_actions`` the published "Always Highest", for a search that models a seat as it.
"""

from __future__ import annotations

from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from pondside.batch.base import Ints
from pondside.batch.lame_duck import LameDuckTables
from pondside.games import lame_duck as rules
from pondside.games.lame_duck import COLUMN_LIMIT, COLUMNS, DUCKS, HAND_SIZE, TURNS

from .lame_duck import AVERAGE_DUCKS, CARDS, LameDuckHeuristic

Floats = npt.NDArray[np.float64]

_DUCKS = np.array(DUCKS, dtype=np.int64)
_TAG = np.arange(COLUMNS)[:, None]


def batched_heuristic_applies(heuristic: type) -> bool:
    """Whether the batched policy is the game's heuristic as it stands: the lab may tune the
    column's length the heuristic reads, which the batched engine's rules do not follow."""
    return heuristic is LameDuckHeuristic and rules.COLUMN_LIMIT == COLUMN_LIMIT


def _takes(t: LameDuckTables, idx: Ints, out: Ints) -> None:
    """LD-8 as the heuristic answers it: the column of fewest ducks, then of fewest cards, then
    the lowest (``fewest_ducks_column``)."""
    key = (t.column_ducks[:, idx] * (COLUMN_LIMIT + 1) + t.lengths[:, idx]) * COLUMNS + _TAG
    out[idx, t.awaiting[idx]] = t.deck + (key.min(axis=0) & 3)


def _takes_answered(t: LameDuckTables, live: npt.NDArray[np.bool_]) -> tuple[Ints, Ints]:
    """What the rule-based policies share: [B, P] actions with every too-low card of the
    ``live`` tables given its fewest-ducks column (``_takes``) and ``noop`` elsewhere, and the
    live tables whose seats choose cards now, for the policy to fill in."""
    out = np.full((t.batch, t.players), t.noop, dtype=np.int64)
    live = live & ~t.over
    waiting = t.awaiting >= 0
    idx = np.flatnonzero(live & waiting)
    if len(idx):
        _takes(t, idx, out)
    return out, np.flatnonzero(live & ~waiting)


def public_cards(t: LameDuckTables, idx: Ints) -> npt.NDArray[np.bool_]:
    """[n, D+1] the cards every seat of tables ``idx`` has seen (LD-12): the columns and the
    cards taken this round (a new round clears the taken piles); number 0, no card, too."""
    n = len(idx)
    rows = np.arange(n)[:, None]
    seen = np.zeros((n, t.deck + 1), dtype=bool)
    seen[rows, t.columns[idx].reshape(n, -1)] = True
    seen[rows, t.taken[idx].reshape(n, -1)] = True
    seen[:, 0] = True
    return seen


def heuristic_actions(t: LameDuckTables, u: Floats, live: npt.NDArray[np.bool_]) -> Ints:
    """[B, P] the heuristic's action for every acting seat of the ``live`` tables, ``noop``
    elsewhere (``u`` is unused: the heuristic draws nothing)."""
    p, deck = t.players, t.deck
    out, idx = _takes_answered(t, live)
    n = len(idx)
    if n == 0:
        return out
    rows = np.arange(n)[:, None]
    # What each seat has seen: the public cards and its own hand. The rest (the other hands,
    # the unused cards) is unseen (``unseen_cards``).
    seen = public_cards(t, idx)
    owner = t.owner[idx]
    unseen = ~seen[:, None, :] & (owner[:, None, :] != np.arange(p)[None, :, None])
    unseen[:, :, 0] = False
    below = np.cumsum(unseen, axis=2, dtype=np.int16)  # [n, P, D+1]: unseen up to each number
    total = below[:, :, -1]
    held = int(t.held[idx].max())  # every hand of a table holds as many cards (LD-5)
    hands = t.hands[idx, :, :held].astype(np.int64)  # [n, P, H]
    valid = np.arange(held) < t.held[idx][:, None, None]
    ends, lengths = t.ends[:, idx], t.lengths[:, idx]  # [4, n]
    ducks = t.column_ducks[:, idx].astype(np.int64)
    # LD-6: each card's column, the greatest end below it (each end tagged with its column).
    key = np.where(
        ends[:, :, None, None] < hands[None], (ends * COLUMNS + _TAG)[:, :, None, None], 0
    ).max(axis=0)  # [n, P, H]
    too_low = key == 0
    col = key & 3
    end = key >> 2
    flat = rows[:, :, None] * COLUMNS + col
    col_ducks = ducks.T.reshape(-1)[flat]
    need = COLUMN_LIMIT - lengths.T.reshape(-1)[flat]
    seat_rows = (rows * p + np.arange(p))[:, :, None] * (deck + 1)
    cum = below.reshape(-1)
    gap = cum[seat_rows + np.maximum(hands - 1, 0)] - cum[seat_rows + end]
    count = total[:, :, None]
    prob = np.where(count > 0, gap / np.maximum(count, 1), 0.0)
    rivals = p - 1
    combs = np.array([comb(rivals, k) if k <= rivals else 0 for k in range(COLUMN_LIMIT + 1)])
    exact = np.where(
        need <= rivals,
        combs[need] * prob**need * (1 - prob) ** np.maximum(rivals - need, 0),
        0.0,
    )
    risk = exact * (col_ducks + need * AVERAGE_DUCKS)
    cost = risk + 0.01 * (hands - end) / CARDS
    cheapest = ducks.min(axis=0)  # [n]
    turns_left = TURNS - np.minimum(t.turn[idx] + 1, TURNS)
    shed = 0.3 * turns_left * np.maximum(0, 3 - cheapest) / 3
    low = cheapest.astype(np.float64)[:, None, None] - shed[:, None, None]
    cost = np.where(too_low, low, cost)
    cost = cost + 0.001 * _DUCKS[hands]
    # The first card of least cost in the hand's ascending order, as the heuristic goes.
    cost = np.where(valid, cost, np.inf)
    order = np.argsort(np.where(valid, hands, HAND_SIZE * 1000), axis=2)
    best = np.take_along_axis(order, np.argmin(np.take_along_axis(cost, order, 2), 2)[..., None], 2)
    out[idx] = np.take_along_axis(hands, best, 2)[..., 0] - 1
    return out


def random_actions(t: LameDuckTables, u: Floats, live: npt.NDArray[np.bool_]) -> Ints:
    """[B, P] a uniformly random card of each acting seat's hand, or a random column to take,
    from the uniforms ``u`` [B, P]; ``noop`` for the other seats and tables."""
    acting = t.acting() & live[:, None]
    slot = (u * t.held[:, None]).astype(np.int64)
    at = (np.arange(t.batch) * t.players)[:, None] + np.arange(t.players)
    out: Ints = t.hands.reshape(-1)[at * HAND_SIZE + slot].astype(np.int64) - 1
    waiting = t.awaiting >= 0
    out[waiting] = (t.deck + (u * COLUMNS).astype(np.int64))[waiting]
    out[~acting] = t.noop
    return out


def highest_actions(t: LameDuckTables, u: Floats, live: npt.NDArray[np.bool_]) -> Ints:
    """[B, P] the published "Always Highest" (``published.HighestBot``) for every acting seat
    of the ``live`` tables: its highest card, or the fewest-ducks column when a card is too
    low; ``noop`` elsewhere (``u`` is unused)."""
    out, idx = _takes_answered(t, live)
    if len(idx):
        # A hand's unused slots hold 0 (no card), below every card.
        out[idx] = t.hands[idx].max(axis=2).astype(np.int64) - 1
    return out


TABLES = LameDuckTables


def options_of(state: Any) -> dict[str, Any]:
    """The options of the match ``state`` is in, as the tables take them."""
    return {"expert": state.expert, "rounds": state.rounds, "target": state.target}


def hands_played(t: LameDuckTables) -> Ints:
    """[B] the rounds finished (``Game.hands_played``): the last one stays in play once over."""
    played: Ints = t.round_no - 1 + t.over
    return played
