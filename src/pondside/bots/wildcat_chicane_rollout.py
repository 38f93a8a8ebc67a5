"""Wildcat Chicane's rollout policies over a batch of tables (``bots/rollout.py`` plays them).

``heuristic_actions`` is :class:`~pondside.bots.wildcat_chicane.WildcatChicaneHeuristic`. Its
card play, nearly every step of a playout, is written over the batch: the card's strength as
the seat reads it (its trump first, then its rank, WC-6), whether it would take the trick in
play as it stands (WC-11, ``trick_winner``'s order: the higher trump, the earlier of equal
ones, else the higher card of the led suit), and the same choice between the strongest and the
weakest card of the winners, the losers or the whole hand as the tricks still needed say; of
equal strengths the lower card, as ``max`` and ``min`` keep the first of the heuristic's list
(the hand in card order). The ruling card, the classic calls and the bids, a few steps a hand
and only in playouts that start before the play, are asked of the heuristic itself, one table
at a time, on what it reads of the seat's view (``lean_view``'s fields). Every choice is the
heuristic's (``tests/bots/test_wildcat_chicane_rollout.py`` compares them).

``random_actions`` is the uniform random bot on given uniforms, so that the candidates of one
sample share their luck.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt

from pondside.batch.base import Ints
from pondside.batch.wildcat_chicane import (
    _RANK,
    _SUIT,
    BID,
    CALL,
    PLAY,
    RULE,
    WildcatChicaneTables,
)
from pondside.games.decktet import SUITS
from pondside.games.wildcat_chicane import CALLS, CODES, GAME, READING_NAMES

from .wildcat_chicane import WildcatChicaneHeuristic

Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]

_CARDS = np.arange(36)


def batched_heuristic_applies(heuristic: type) -> bool:
    """Whether the batched policy is the game's declared heuristic."""
    return heuristic is WildcatChicaneHeuristic


def _nth(mask: Bools, u: Floats) -> Ints:
    """Per row, the index of a uniformly chosen true column of ``mask`` (each row has one),
    from the uniform ``u``: the ``floor(u · count)``-th, lowest first."""
    count = mask.sum(axis=1)
    r = np.minimum((u * count).astype(np.int64), count - 1)
    out: Ints = np.argmax(np.cumsum(mask, axis=1) > r[:, None], axis=1)
    return out


def random_actions(t: WildcatChicaneTables, u: Floats, live: Bools) -> Ints:
    """[B, P] a uniformly random legal action of every acting seat of the ``live`` tables,
    from the uniforms ``u`` [B, P]; ``noop`` elsewhere."""
    out = np.full((t.batch, t.players), t.noop, dtype=np.int64)
    phase = np.where(live & ~t.over, t.phase, -1)
    playing = np.flatnonzero(phase == PLAY)
    if len(playing):
        seat = t.turn[playing]
        out[playing, seat] = t.play0 + _nth(t._playable()[playing], u[playing, seat])
    bidding = np.flatnonzero(phase == BID)
    if len(bidding):
        seat = t.turn[bidding]
        out[bidding, seat] = t.bid0 + (u[bidding, seat] * (t.tricks + 1)).astype(np.int64)
    calling = np.flatnonzero(phase == CALL)
    if len(calling):
        low, high = (bound[calling] for bound in t._call_bounds())
        seat = t.turn[calling]
        out[calling, seat] = low + (u[calling, seat] * (high - low)).astype(np.int64)
    choosing = np.flatnonzero(phase == RULE)
    if len(choosing):
        legal = t._rule_legal()[choosing]  # [n, P, 12]
        n, p = len(choosing), t.players
        picks = _nth(legal.reshape(n * p, -1), u[choosing].reshape(-1))
        out[choosing] = picks.reshape(n, p)
    return out


def _strength(t: WildcatChicaneTables, idx: Ints, seat: Ints) -> Ints:
    """[n, 36] the heuristic's ``strength`` of each card for ``seat``: its trump first, then
    its rank (as one number)."""
    reading = t.readings[idx, seat]
    trump = _SUIT[reading[:, None], _CARDS] == t.trumps[idx, seat][:, None]
    out: Ints = trump * 16 + _RANK
    return out


def _play(t: WildcatChicaneTables, idx: Ints, out: Ints) -> None:
    """The heuristic's card (``_play``) for the seat to play at tables ``idx``."""
    n = t.players
    seat = t.turn[idx]
    cards = t._playable()[idx]
    strength = _strength(t, idx, seat)
    need = t.bids[idx, seat] - t.won[idx, seat]
    count = t.played[idx] % n  # the cards of the trick in play
    # The trick as it stands (WC-11): each card's key as ``WildcatChicaneTables._winning``
    # makes it, and the key this seat's card would have played now, after them.
    pos = np.arange(n)
    start = t.played[idx] - count
    at = np.minimum(start[:, None] + pos, 35)
    played = t.played_card[idx[:, None], at]
    seats = t.played_seat[idx[:, None], at]
    read = _SUIT[t.readings[idx[:, None], seats], played]
    trump = read == t.trumps[idx[:, None], seats]
    led = read[:, :1]
    counts = (trump | (read == led)) & (pos < count[:, None])
    best = np.where(counts, (trump * 16 + _RANK[played]) * 8 + 7 - pos, -1).max(axis=1)
    mine = _SUIT[t.readings[idx, seat][:, None], _CARDS]
    mine_trump = mine == t.trumps[idx, seat][:, None]
    mine_counts = mine_trump | (mine == led)
    key = np.where(mine_counts, (mine_trump * 16 + _RANK) * 8 + 7 - count[:, None], -1)
    winners = cards & (key > best[:, None])
    losers = cards & ~winners
    # ``max``/``min`` by strength keep the first of equals: the lower card.
    high = strength * 64 - _CARDS
    low = strength * 64 + _CARDS

    def strongest(mask: Bools) -> Ints:
        picked: Ints = np.argmax(np.where(mask, high, -(1 << 20)), axis=1)
        return picked

    def weakest(mask: Bools) -> Ints:
        picked: Ints = np.argmin(np.where(mask, low, 1 << 20), axis=1)
        return picked

    leading = (count == 0)[:, None]
    last = (count == n - 1)[:, None]
    needs = (need > 0)[:, None]
    any_win = winners.any(axis=1)[:, None]
    any_lose = losers.any(axis=1)[:, None]
    # Leading: high to win, low to lose. Following: see the module's docstring.
    take_high = np.where(
        leading,
        needs,
        np.where(needs, any_win & ~last, any_lose | last),
    )
    pool = np.where(
        leading,
        cards,
        np.where(
            needs,
            np.where(any_win, winners, cards),
            np.where(any_lose, losers, winners),
        ),
    )
    pick = np.where(take_high[:, 0], strongest(pool), weakest(pool))
    out[idx, seat] = t.play0 + pick


def _lean_view(t: WildcatChicaneTables, b: int, seat: int) -> dict[str, Any]:
    """What the heuristic reads of ``seat``'s view before the play (``lean_view``'s fields)."""
    calls = [CALLS[c][5:] for c in t.calls[b].tolist() if c >= 0]
    return {
        "players": t.players,
        "hand": [CODES[c] for c in np.flatnonzero(t.owner[b] == seat).tolist()],
        "calls": calls,
        "readings": [READING_NAMES[r] if r >= 0 else None for r in t.readings[b].tolist()],
        "trumps": [SUITS[s] if s >= 0 else None for s in t.trumps[b].tolist()],
        "tricks_in_hand": t.tricks,
    }


def _before_play(t: WildcatChicaneTables, idx: Ints, out: Ints, bots: list[Any]) -> None:
    """The ruling cards, calls and bids of tables ``idx``, asked of the heuristic one by one."""
    mask = t.legal_mask()
    acting = t.acting()
    for b in idx.tolist():
        for s in np.flatnonzero(acting[b]).tolist():
            legal = [t.actions[a] for a in np.flatnonzero(mask[b, s]).tolist()]
            out[b, s] = t.actions.index(bots[s].choose(_lean_view(t, b, s), legal))


_BOTS: list[Any] = []


def heuristic_actions(t: WildcatChicaneTables, u: Floats, live: Bools) -> Ints:
    """[B, P] the heuristic's action for every acting seat of the ``live`` tables, ``noop``
    elsewhere (``u`` is unused: the heuristic draws nothing)."""
    out = np.full((t.batch, t.players), t.noop, dtype=np.int64)
    phase = np.where(live & ~t.over, t.phase, -1)
    playing = np.flatnonzero(phase == PLAY)
    if len(playing):
        _play(t, playing, out)
    before = np.flatnonzero((phase >= 0) & (phase != PLAY))
    if len(before):
        while len(_BOTS) < t.players:  # the heuristic draws nothing: one per seat will do
            _BOTS.append(WildcatChicaneHeuristic(GAME, len(_BOTS), random.Random(0)))
        _before_play(t, before, out, _BOTS)
    return out


TABLES = WildcatChicaneTables


def options_of(state: Any) -> dict[str, Any]:
    """The options of the match ``state`` is in, as the tables take them."""
    return {"variant": state.variant, "target": state.target}


def hands_played(t: WildcatChicaneTables) -> Ints:
    """[B] the hands finished (``Game.hands_played``): the last stays in play once over."""
    played: Ints = t.hand_no - 1 + t.over
    return played
