"""The ``learned`` Lame Duck bot: a small policy trained on the batched engine (issue 29).

The policy scores every card of the hand from features of the seat's view and plays the best;
a too-low card takes the column of fewest ducks (LD-8, the rule ``casual`` uses, not learned).
The weights are trained by ``examples/train_lame_duck.py`` (evolution strategies against three
batched ``casual`` bots, ``docs/adapters.md``) and ship beside this module
(``lame_duck_learned.npz``, a few kilobytes).

The features are computed by one function, :func:`card_features`, over arrays of tables: the
training feeds it a whole batch (:func:`table_inputs`), the bot one view (:func:`view_inputs`),
so the bot plays what was trained (``tests/bots/test_lame_duck_learned.py`` checks that both
give the same numbers at every step of batched matches).

The features of a card: the heuristic's own terms (its expected ducks this turn, how snugly the
card follows its column's end, the cheapest column a too-low card would take and the bonus for
shedding it early, the card's own ducks), and more: the chance that the column fills before
the card (at least as many rival cards land there as the column has room for), the column's
room and ducks, the card's height and its rank among the unseen cards, the seat's other cards
bound for the same column, and the turns left, alone and times the others.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from importlib import resources
from math import comb
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from pondside.batch.base import Ints
from pondside.batch.lame_duck import LameDuckTables
from pondside.engine import Game, View
from pondside.games.lame_duck import (
    COLUMN_LIMIT,
    COLUMNS,
    DUCKS,
    TAKE,
    TURNS,
    column_ducks,
    deck_size,
    fewest_ducks_column,
)

from .base import Bot
from .lame_duck import AVERAGE_DUCKS, unseen_cards
from .lame_duck_rollout import public_cards

Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]

_DUCKS = np.array(DUCKS, dtype=np.int64)
_TAG = np.arange(COLUMNS)
_K = np.arange(COLUMN_LIMIT + 1)
WEIGHTS = "lame_duck_learned.npz"
"""The shipped weights' file, package data of ``pondside.bots``."""

FEATURES = (
    "risk",  # the heuristic's expected ducks this turn (card_risk), /10
    "snug",  # (card - its column's end) / deck
    "low_cheapest",  # too low: the cheapest column's ducks, /10
    "low_shed",  # too low: the heuristic's shedding bonus, turns left x (3 - cheapest) / 30
    "card_ducks",  # the card's own ducks, /7
    "fill_ducks",  # P(the column fills before the card) x the column's ducks, /10
    "fill",  # P(the column fills before the card)
    "p_gap",  # the share of unseen cards between the column's end and the card
    "room",  # the cards the column takes before a sixth, /5
    "column_ducks",  # the column's ducks, /10
    "too_low",
    "low_late",  # too low x turns left / 10
    "height",  # card / deck
    "height_late",  # card / deck x turns left / 10
    "unseen_below",  # the share of unseen cards lower than the card
    "mine_below",  # the seat's other cards bound for the same column and lower, /10
    "mine_same",  # the seat's other cards bound for the same column, /10
    "risk_late",  # risk x turns left / 10
    "room_one",  # the card would be the column's fifth
    "room_none",  # the column is full: the card is its sixth unless another lands first
    "low_length",  # too low: the cheapest column's cards, /5
    "low_cheapest_late",  # too low: cheapest /10 x turns left / 10
)


@dataclass(frozen=True)
class Inputs:
    """What :func:`card_features` reads, for ``n`` tables, each from one seat's view."""

    hands: Ints  # [n, H] the seat's cards, 0 in empty slots
    ends: Ints  # [n, 4] each column's last card
    lengths: Ints  # [n, 4] each column's cards
    ducks: Ints  # [n, 4] each column's ducks (LD-2)
    unseen: Bools  # [n, D + 1] the cards the seat has not seen (in other hands or unused)
    turns_left: Ints  # [n] turns after this one (TURNS - turn_number)
    players: int


def card_features(x: Inputs) -> Floats:
    """[n, H, len(FEATURES)] each card's features (rows of empty slots are to be masked)."""
    hands = x.hands
    n, held = hands.shape
    deck = x.unseen.shape[1] - 1
    rows = np.arange(n)[:, None]
    below = np.cumsum(x.unseen, axis=1)  # [n, D + 1]: unseen cards up to each number
    total = below[:, -1:]  # [n, 1]
    count = np.maximum(total, 1)
    # LD-6: each card's column, the greatest end below it (each end tagged with its column).
    key = np.where(
        x.ends[:, None, :] < hands[:, :, None], x.ends[:, None, :] * COLUMNS + _TAG, 0
    ).max(axis=2)  # [n, H]
    too_low = key == 0
    fits = ~too_low
    col, end = key & 3, key >> 2
    col_ducks = x.ducks[rows, col]
    need = COLUMN_LIMIT - x.lengths[rows, col]
    gap = below[rows, np.maximum(hands - 1, 0)] - below[rows, end]
    p = np.where(total > 0, gap / count, 0.0)
    # The binomial law of the rival cards landing between the end and the card (card_risk's).
    rivals = x.players - 1
    combs = np.array([comb(rivals, k) for k in _K], dtype=np.float64)
    k = _K.astype(np.float64)
    pmf = combs * p[..., None] ** k * (1 - p[..., None]) ** np.maximum(rivals - k, 0)  # [n,H,6]
    exact = np.take_along_axis(pmf, need[..., None], axis=2)[..., 0]
    fill = pmf[..., ::-1].cumsum(axis=2)[..., ::-1]  # comb(rivals, k) is 0 past the rivals
    fill = np.take_along_axis(fill, need[..., None], axis=2)[..., 0]  # P(at least need land)
    risk = exact * (col_ducks + need * AVERAGE_DUCKS)
    # LD-8 as the take is made (fewest ducks, then fewest cards, then the lowest column).
    take = ((x.ducks * (COLUMN_LIMIT + 1) + x.lengths) * COLUMNS + _TAG).min(axis=1) & 3
    cheapest = x.ducks[np.arange(n), take][:, None].astype(np.float64)
    cheapest_length = x.lengths[np.arange(n), take][:, None].astype(np.float64)
    late = (x.turns_left / TURNS)[:, None]
    shed = x.turns_left[:, None] * np.maximum(0, 3 - cheapest) / 30
    valid = hands > 0
    same = (col[:, :, None] == col[:, None, :]) & (fits & valid)[:, None, :] & fits[:, :, None]
    same &= ~np.eye(held, dtype=bool)
    lower = hands[:, None, :] < hands[:, :, None]
    low, on = too_low.astype(np.float64), fits.astype(np.float64)
    height = hands / deck
    columns = [
        risk / 10 * on,
        (hands - end) / deck * on,
        low * cheapest / 10,
        low * shed,
        _DUCKS[hands] / 7,
        fill * col_ducks / 10 * on,
        fill * on,
        p * on,
        need / COLUMN_LIMIT * on,
        col_ducks / 10 * on,
        low,
        low * late,
        height,
        height * late,
        below[rows, np.maximum(hands - 1, 0)] / count,
        (same & lower).sum(axis=2) / 10,
        same.sum(axis=2) / 10,
        risk / 10 * late * on,
        (need == 1) * on,
        (need == 0) * on,
        low * cheapest_length / COLUMN_LIMIT,
        low * cheapest / 10 * late,
    ]
    return np.stack(columns, axis=2)


def heuristic_weights() -> Floats:
    """The linear weights under which the policy plays as ``casual`` does (its cost, negated,
    in the features' units: a start for the training, which says whether it uses it)."""
    w = np.zeros(len(FEATURES))
    for name, cost in (
        ("risk", 10),
        ("snug", 0.01),
        ("low_cheapest", 10),
        ("low_shed", -0.3 * 10),
        ("card_ducks", 0.001 * 7),
    ):
        w[FEATURES.index(name)] = -cost / 10
    return w


@dataclass(frozen=True)
class Policy:
    """A card's score: the features times ``linear``, plus a small tanh layer (``hidden``
    units, none for a linear policy); the highest-scoring card is played."""

    hidden: int
    theta: Floats  # the weights, flat (``size``)

    @staticmethod
    def size_of(hidden: int) -> int:
        k = len(FEATURES)
        return k + hidden * (k + 2)

    def scores(self, features: Floats) -> Floats:
        """[n, H] every card's score."""
        return scores(features, self.theta, self.hidden)

    def save(self, path: Path, **meta: Any) -> None:
        np.savez_compressed(
            path, theta=self.theta, hidden=self.hidden, features=np.array(FEATURES), **meta
        )

    @classmethod
    def load(cls, path: Any) -> Policy:
        """Weights written by :meth:`save` (a path or an open binary file)."""
        with np.load(path) as data:
            features = tuple(str(f) for f in data["features"])
            if features != FEATURES:
                raise ValueError(
                    f"these weights were trained on the features {features}, and this "
                    f"version computes {FEATURES}: train again (examples/train_lame_duck.py)"
                )
            hidden = int(data["hidden"])
            theta = np.asarray(data["theta"], dtype=np.float64)
        if theta.shape != (cls.size_of(hidden),):
            raise ValueError(f"weights of {theta.shape} do not fit {hidden} hidden units")
        return cls(hidden, theta)


def scores(features: Floats, theta: Floats, hidden: int) -> Floats:
    """[n, H] the cards' scores under ``theta`` (``[size]``, or ``[n, size]``: one policy per
    table, as the training's population plays)."""
    k = features.shape[2]
    th = np.atleast_2d(theta)  # [1 or n, size]
    out: Floats = np.einsum("nhk,nk->nh", features, np.broadcast_to(th[:, :k], (len(features), k)))
    if hidden:
        w1 = th[:, k : k + k * hidden].reshape(-1, k, hidden)
        b1 = th[:, k + k * hidden : k + k * hidden + hidden]
        w2 = th[:, k + k * hidden + hidden :]
        layer = np.tanh(np.matmul(features, w1) + b1[:, None, :])  # [n, H, hidden]
        out = out + np.einsum("nhj,nj->nh", layer, np.broadcast_to(w2, (len(features), hidden)))
    return out


def best_cards(hands: Ints, score: Floats) -> Ints:
    """[n] each table's card of highest score (the lowest such card on a tie)."""
    valid = hands > 0
    order = np.argsort(np.where(valid, hands, np.iinfo(np.int64).max), axis=1)
    ranked = np.where(
        np.take_along_axis(valid, order, 1), np.take_along_axis(score, order, 1), -np.inf
    )
    best = np.take_along_axis(order, ranked.argmax(axis=1)[:, None], 1)
    cards: Ints = np.take_along_axis(hands, best, 1)[:, 0]
    return cards


def table_inputs(t: LameDuckTables, idx: Ints, seats: Ints) -> Inputs:
    """The view of seat ``seats[i]`` at table ``idx[i]``, at a step where cards are chosen."""
    n = len(idx)
    rows = np.arange(n)[:, None]
    # What the seat has seen: the public cards and its own hand (as ``unseen_cards`` counts).
    seen = public_cards(t, idx)
    hands = t.hands[idx, seats].astype(np.int64)
    seen[rows, hands] = True
    return Inputs(
        hands=hands,
        ends=t.ends[:, idx].T.astype(np.int64),
        lengths=t.lengths[:, idx].T.astype(np.int64),
        ducks=t.column_ducks[:, idx].T.astype(np.int64),
        unseen=~seen,
        turns_left=TURNS - np.minimum(t.turn[idx] + 1, TURNS),
        players=t.players,
    )


def view_inputs(view: View) -> Inputs:
    """One seat's view (``LameDuck.view``) as one table's :class:`Inputs`."""
    columns = [list(c) for c in view["columns"]]
    deck = deck_size(view["players"], view["options"]["expert"])
    unseen = np.zeros((1, deck + 1), dtype=bool)
    unseen[0, unseen_cards(view)] = True
    return Inputs(
        hands=np.array([sorted(view["hand"])], dtype=np.int64),
        ends=np.array([[c[-1] for c in columns]], dtype=np.int64),
        lengths=np.array([[len(c) for c in columns]], dtype=np.int64),
        ducks=np.array([[column_ducks(tuple(c)) for c in columns]], dtype=np.int64),
        unseen=unseen,
        turns_left=np.array([TURNS - view["turn_number"]], dtype=np.int64),
        players=view["players"],
    )


@functools.cache
def shipped_policy() -> Policy:
    """The weights that ship with Pondside, loaded once."""
    with resources.files(__package__).joinpath(WEIGHTS).open("rb") as f:
        return Policy.load(f)


class LameDuckLearned(Bot):
    """The shipped policy's best card; a too-low card takes the column of fewest ducks."""

    name = "learned"

    def __init__(self, game: Game[Any], seat: int, rng: random.Random, **params: Any) -> None:
        super().__init__(game, seat, rng, **params)
        self.policy = shipped_policy()

    def choose(self, view: View, legal: list[str]) -> str:
        if legal[0].startswith("take"):
            return TAKE[fewest_ducks_column(tuple(tuple(c) for c in view["columns"]))]
        x = view_inputs(view)
        card = int(best_cards(x.hands, self.policy.scores(card_features(x)))[0])
        return f"play {card}"
