"""Ladders over a batch of tables: the rules of ``games/ladders/`` on arrays.

One seat acts at a time, and a turn is several actions (LA-5, LA-9), so a step is one action of
every table's seat to act, as the engine's actions are: a play onto an ACCENT pile from the
hand, a CLIMB top or a RUNG top (a partner's too, LA-14), or the discard that ends the turn.
After each action a table settles as the engine does: an empty hand draws five (LA-8), a seat
with neither a card nor a play passes (LA-9) until the deadlock guard (LA-15), a completed
ACCENT pile goes to DISCARD (LA-7), which is reshuffled into DRAW with the engine's own
generator when DRAW runs out (LA-11), and a round ends when a CLIMB (both, for partners) is
empty (LA-12); the next round is dealt from the table's seed by the next dealer (LA-3).

Cards are 1..12 and 13 for a SKIP PORTAL, as in the engine's state. Actions are the game's
numbering (``Game.all_actions``); ``noop`` is one past the last. The first deal comes from the
batch's NumPy generator and is written into each record.

>>> t = LaddersTables(3, players=2, seed=7)
>>> t.acting().sum(axis=1).tolist(), t.hand_sizes[:, :].sum(axis=1).tolist()
([1, 1, 1], [5, 5, 5])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from pondside.engine import Game, IllegalAction
from pondside.games.ladders import CARD, DECK, GAME, HAND, PARSE_CARD, RUNGS, SLOTS, TOP, WILD
from pondside.games.ladders.rules import PARSE, climb_size

from .base import Bools, Ints, Step, TablesBase
from .rng import seed_states, shuffled


def _shuffled(states: npt.NDArray[np.uint64], lengths: Ints | None = None) -> tuple[Ints, Any]:
    """``Rng(state).shuffled(range(1, L + 1))`` for each state (L: the deck, or ``lengths``),
    the rest of each row L+1.., and the states after (``batch.rng.shuffled``, which shuffles a
    few rows one at a time: a reshuffle, LA-11, or a new round's deal, LA-3, rarely comes to many
    tables at once)."""
    order, after = shuffled(states, len(DECK), lengths)
    return order.astype(np.int64), after


_DECK = np.array(DECK, dtype=np.int8)
_SIDE = WILD + 1  # counts are indexed by the card itself (index 0 stays empty)
_COUNTS = np.bincount(_DECK, minlength=_SIDE)
_CARDS = np.arange(_SIDE) * (np.arange(_SIDE) > 0) - (np.arange(_SIDE) == 0)
"""Each count's card, -1 at index 0: a one-hot count of a pile never counts its empty places."""
_KINDS = ("hand", "climb", "rung", "partner climb", "partner rung", "discard")
HAND_KIND, CLIMB_KIND, RUNG_KIND, P_CLIMB_KIND, P_RUNG_KIND, DISCARD_KIND = range(len(_KINDS))
_HEIGHT_CODE = TOP ** np.arange(SLOTS - 1, -1, -1)


def _fit_table() -> Bools:
    """[12**4, 14, SLOTS]: for every ACCENT heights (0..11 each), whether card c (1..12, 13 =
    W; 0 for no card) may go onto slot s (LA-5): a pile of h cards takes h + 1, the lowest
    empty slot a 1 (protocol), and a SKIP PORTAL any of those. A step looks its tables up
    here instead of working it out."""
    h = np.stack(np.meshgrid(*[np.arange(TOP)] * SLOTS, indexing="ij"), -1).reshape(-1, SLOTS)
    empty = h == 0
    lowest = empty & (np.cumsum(empty, axis=1) == 1)
    card = np.arange(_SIDE)[None, :, None]
    need = np.where(empty, 1, h + 1)[:, None, :]
    opened = (~empty | lowest)[:, None, :]
    out: Bools = opened & ((card == need) | (card == WILD)) & (card > 0)
    return out


_FITS = _fit_table()
_FITS_ANYWHERE: Bools = np.asarray(_FITS.any(axis=2), dtype=bool)
"""[12**4, 14]: whether card c fits some ACCENT slot (LA-9's "a play is open")."""
_NAMES = np.array([""] + [CARD[c] for c in range(1, _SIDE)], dtype=object)


class LaddersTables(TablesBase):
    """``B`` Ladders tables of ``players`` seats (2-6, or 4 in partnerships) with the game's
    options (``teams``, ``target``, ``rounds``)."""

    game: Game[Any] = GAME

    def _setup(self) -> None:
        p = self.players
        self.teams = bool(self.options["teams"])
        self.climb = climb_size(p)
        # RUNG piles grow only from hands, and hands only from DRAW: a pile never holds more
        # than the cards dealt outside the CLIMBs (LA-3, LA-9).
        self.rung_depth = len(DECK) - p * self.climb
        parsed = [PARSE[a] for a in self.actions]
        self._kind = np.array([_KINDS.index(k) for k, _, _ in parsed] + [-1], dtype=np.int64)
        self._x = np.array([x for _, x, _ in parsed] + [0], dtype=np.int64)
        self._slot = np.array([s for _, _, s in parsed] + [0], dtype=np.int64)
        self._partner = (self._seats + 2) % p if self.teams else self._seats
        # _work_out_legal puts the kinds' masks side by side: each kind's actions together, in
        # _KINDS' order, from the hand's plays (card-major, CARD order 1..12, W) on.
        assert (np.diff(self._kind[:-1]) >= 0).all() and self._kind[0] == HAND_KIND
        self._side = self._seats % 2 if self.teams else self._seats
        self._sides = 2 if self.teams else p
        self._climbing = (self._kind[:-1] == CLIMB_KIND) | (self._kind[:-1] == P_CLIMB_KIND)
        self._known: tuple[Ints, Bools] | None = None
        rounds = self.options["rounds"]
        self._history_rounds = rounds if rounds is not None else 8

    # --- dealing ----------------------------------------------------------------------
    def reset(self, rows: Bools | None = None) -> None:
        """Start new matches at ``rows`` (every table when None): new seeds, a new first deal
        and a random first dealer (LA-3)."""
        if rows is None:
            self._allocate()
            rows = np.ones(self.batch, dtype=bool)
        idx = np.flatnonzero(rows)
        n = len(idx)
        if n == 0:
            return
        self._known = None
        self.seeds[idx] = self.rng.integers(0, 2**63, n, dtype=np.uint64)
        self.states[idx] = seed_states(self.seeds[idx])
        # A uniform shuffle: the order of independent uniform keys (ties have odds ~1e-12).
        cards = _DECK[np.argsort(self.rng.random((n, len(DECK))), axis=1)]
        dealer = self.rng.integers(0, self.players, n)
        self.first_cards[idx] = cards
        self.first_dealer[idx] = dealer
        self.round_no[idx] = 1
        self.totals[idx] = 0
        self.history[idx] = 0
        self.over[idx] = False
        self.places[idx] = 0
        self._start_round(idx, cards, dealer)
        self._settle(idx)

    def _allocate(self) -> None:
        b, p, d = self.batch, self.players, len(DECK)
        self.seeds = np.zeros(b, dtype=np.uint64)
        self.states = np.zeros(b, dtype=np.uint64)
        self.first_cards = np.zeros((b, d), dtype=np.int8)
        """The first deal: each CLIMB in turn (top card first), then DRAW (top card first)."""
        self.first_dealer = np.zeros(b, dtype=np.int64)
        self.climbs = np.zeros((b, p, self.climb), dtype=np.int8)
        """Each CLIMB pile bottom first: its top is at ``climb_left - 1``."""
        self.climb_left = np.zeros((b, p), dtype=np.int64)
        self.hands = np.zeros((b, p, _SIDE), dtype=np.int64)
        """Copies of each card (1..12, 13 = W) in each hand."""
        self.hand_sizes = np.zeros((b, p), dtype=np.int64)
        self.rungs = np.zeros((b, p, RUNGS, self.rung_depth), dtype=np.int8)
        """Each RUNG pile bottom first, ``rung_sizes`` cards."""
        self.rung_sizes = np.zeros((b, p, RUNGS), dtype=np.int64)
        self.rung_counts = np.zeros((b, p, RUNGS, _SIDE), dtype=np.int64)
        self.rung_tops = np.zeros((b, p, RUNGS), dtype=np.int64)
        """Each RUNG pile's top card, 0 for an empty pile."""
        self.accents = np.zeros((b, SLOTS, TOP), dtype=np.int8)
        """Each ACCENT pile bottom first; its height is the number it has reached."""
        self.heights = np.zeros((b, SLOTS), dtype=np.int64)
        self.draw = np.zeros((b, d), dtype=np.int8)
        """DRAW, bottom first: its top is at ``draw_size - 1``."""
        self.draw_size = np.zeros(b, dtype=np.int64)
        self.discard = np.zeros((b, d), dtype=np.int8)
        """DISCARD in the order the completed piles reached it (LA-7), ``discard_size``."""
        self.discard_size = np.zeros(b, dtype=np.int64)
        self.discard_counts = np.zeros((b, _SIDE), dtype=np.int64)
        self.turn = np.zeros(b, dtype=np.int64)
        self.dealer = np.zeros(b, dtype=np.int64)
        self.played = np.zeros(b, dtype=bool)
        """Whether a card reached an ACCENT pile this turn (LA-15)."""
        self.idle = np.zeros(b, dtype=np.int64)
        """Idle turns in a row before this one (LA-15)."""
        self.round_no = np.ones(b, dtype=np.int64)
        self.totals = np.zeros((b, p), dtype=np.int64)
        self.history = np.zeros((b, self._history_rounds, p), dtype=np.int64)
        self.over = np.zeros(b, dtype=bool)
        self.places = np.zeros((b, p), dtype=np.int64)

    def _start_round(self, idx: Ints, cards: npt.NDArray[np.int8], dealer: Ints) -> None:
        """LA-3, LA-4: each CLIMB in turn, the rest as DRAW (both listed top card first in
        ``cards``); the dealer's left starts and draws five. The caller settles (LA-8)."""
        n, p, k = len(idx), self.players, self.climb
        self.climbs[idx] = cards[:, : p * k].reshape(n, p, k)[:, :, ::-1]
        self.climb_left[idx] = k
        self.hands[idx] = 0
        self.hand_sizes[idx] = 0
        self.rungs[idx] = 0
        self.rung_sizes[idx] = 0
        self.rung_counts[idx] = 0
        self.rung_tops[idx] = 0
        self.accents[idx] = 0
        self.heights[idx] = 0
        self.draw[idx] = 0
        self.draw[idx, : len(DECK) - p * k] = cards[:, p * k :][:, ::-1]
        self.draw_size[idx] = len(DECK) - p * k
        self.discard_size[idx] = 0
        self.discard_counts[idx] = 0
        self.idle[idx] = 0
        self.played[idx] = False
        self.dealer[idx] = dealer
        self.turn[idx] = (dealer + 1) % p
        self._draw(idx, self.turn[idx], np.full(n, HAND))

    def set_position(
        self,
        table: int,
        climbs: Sequence[Sequence[int]],
        hands: Sequence[Sequence[int]],
        rungs: Sequence[Sequence[Sequence[int]]] | None = None,
        accents: Sequence[Sequence[int]] | None = None,
        turn: int = 0,
    ) -> None:
        """Put ``table`` at the start of ``turn``'s turn, its hand drawn: these CLIMBs (top card
        first), hands, RUNG piles per seat and ACCENT piles (bottom card first); the rest of the
        deck is DRAW (the rulebook's worked example)."""
        p = self.players
        if len(climbs) != p or len(hands) != p or not 0 <= turn < p:
            raise ValueError(f"give {p} climbs and hands and a seat 0..{p - 1}")
        rungs = rungs or [[[]] * RUNGS] * p
        accents = accents or [[]] * SLOTS
        left = _COUNTS.copy()
        placed = [c for x in (*climbs, *hands, *accents) for c in x]
        placed += [c for rs in rungs for r in rs for c in r]
        np.subtract.at(left, placed, 1)
        if (left < 0).any():
            raise ValueError("the piles and hands hold more of a card than the deck (LA-1)")
        t = table
        self._known = None
        self.climbs[t] = 0
        self.hands[t] = 0
        self.rungs[t] = 0
        self.rung_counts[t] = 0
        self.accents[t] = 0
        for s in range(p):
            self.climbs[t, s, : len(climbs[s])] = list(climbs[s])[::-1]
            self.climb_left[t, s] = len(climbs[s])
            np.add.at(self.hands[t, s], list(hands[s]), 1)
            self.hand_sizes[t, s] = len(hands[s])
            for r in range(RUNGS):
                self.rungs[t, s, r, : len(rungs[s][r])] = rungs[s][r]
                self.rung_sizes[t, s, r] = len(rungs[s][r])
                np.add.at(self.rung_counts[t, s, r], list(rungs[s][r]), 1)
                self.rung_tops[t, s, r] = rungs[s][r][-1] if rungs[s][r] else 0
        for i, pile in enumerate(accents):
            self.accents[t, i, : len(pile)] = pile
            self.heights[t, i] = len(pile)
        rest = np.repeat(np.arange(_SIDE), left)
        self.draw[t] = 0
        self.draw[t, : len(rest)] = rest
        self.draw_size[t] = len(rest)
        self.discard_size[t] = 0
        self.discard_counts[t] = 0
        self.turn[t] = turn
        self.played[t] = False
        self.idle[t] = 0
        self.over[t] = False

    def load_states(self, rows: Ints, states: Sequence[Any], of: Ints | None = None) -> Ints:
        """Put table ``rows[k]`` in the engine's state ``states[of[k]]`` (``states[k]`` when
        ``of`` is None): any ``LaddersState`` of this batch's players and options, mid-turn
        included (the cards played this turn, the idle turns, LA-15), its generator included,
        so that the table plays on as the engine would (the search's playouts,
        ``bots/rollout.py``). A loaded table's record is not its match's. Returns ``[len(rows),
        P]`` of ``noop``: Ladders keeps no hidden choice."""
        p, n, k = self.players, len(states), self.climb
        rows = np.asarray(rows, dtype=np.int64)
        pick = np.arange(n) if of is None else np.asarray(of, dtype=np.int64)
        mine = {key: self.options[key] for key in ("teams", "target", "rounds")}
        longest = max((len(st.history) for st in states), default=0)
        if longest > self.history.shape[1]:
            grown = np.zeros((self.batch, longest, p), dtype=np.int64)
            grown[:, : self.history.shape[1]] = self.history
            self.history = grown
        climbs = np.zeros((n, p, k), dtype=np.int8)
        climb_left = np.zeros((n, p), dtype=np.int64)
        hands = np.zeros((n, p, _SIDE), dtype=np.int64)
        rungs = np.zeros((n, p, RUNGS, self.rung_depth), dtype=np.int8)
        rung_sizes = np.zeros((n, p, RUNGS), dtype=np.int64)
        accents = np.zeros((n, SLOTS, TOP), dtype=np.int8)
        heights = np.zeros((n, SLOTS), dtype=np.int64)
        draw = np.zeros((n, len(DECK)), dtype=np.int8)
        discard = np.zeros((n, len(DECK)), dtype=np.int8)
        history = np.zeros((n, self.history.shape[1], p), dtype=np.int64)
        # turn, dealer, played, idle, round_no, over, draw size, discard size
        scalars = np.zeros((n, 8), dtype=np.int64)
        for i, st in enumerate(states):
            given = {"teams": st.teams, "target": st.target, "rounds": st.rounds}
            if st.n != p or given != mine:
                raise ValueError(
                    f"a state of {st.n} players with {given} does not fit these tables of "
                    f"{p} players with {mine}"
                )
            for s in range(p):
                # Both keep CLIMB, RUNG and ACCENT piles and DRAW bottom first, top last.
                climbs[i, s, : len(st.climbs[s])] = st.climbs[s]
                climb_left[i, s] = len(st.climbs[s])
                np.add.at(hands[i, s], list(st.hands[s]), 1)
                for r, pile in enumerate(st.rungs[s]):
                    rungs[i, s, r, : len(pile)] = pile
                    rung_sizes[i, s, r] = len(pile)
            for slot, pile in enumerate(st.accents):
                accents[i, slot, : len(pile)] = pile
                heights[i, slot] = len(pile)
            draw[i, : len(st.draw)] = st.draw
            discard[i, : len(st.discard)] = st.discard
            if st.history:
                history[i, : len(st.history)] = st.history
            scalars[i] = (
                st.turn, st.dealer, st.played, st.idle, st.round_no, st.over,
                len(st.draw), len(st.discard),
            )  # fmt: skip
        self._known = None
        self.climbs[rows], self.climb_left[rows] = climbs[pick], climb_left[pick]
        self.hands[rows] = hands[pick]
        self.hand_sizes[rows] = hands[pick].sum(axis=2)
        self.rungs[rows], self.rung_sizes[rows] = rungs[pick], rung_sizes[pick]
        self.rung_counts[rows] = (rungs[pick][..., None] == _CARDS).sum(axis=3)
        under = np.maximum(rung_sizes[pick] - 1, 0)[..., None]
        tops = np.take_along_axis(rungs[pick], under, axis=3)[..., 0]
        self.rung_tops[rows] = tops * (rung_sizes[pick] > 0)
        self.accents[rows], self.heights[rows] = accents[pick], heights[pick]
        self.draw[rows], self.discard[rows] = draw[pick], discard[pick]
        self.discard_counts[rows] = (discard[pick][..., None] == _CARDS).sum(axis=1)
        self.history[rows] = history[pick]
        self.totals[rows] = np.array([st.totals for st in states], dtype=np.int64)[pick]
        for j, column in enumerate(
            (self.turn, self.dealer, self.played, self.idle, self.round_no, self.over)
        ):
            column[rows] = scalars[pick, j]
        self.draw_size[rows], self.discard_size[rows] = scalars[pick, 6], scalars[pick, 7]
        totals = self.totals[rows][:, : self._sides]
        side_place = 1 + (totals[:, None, :] > totals[:, :, None]).sum(axis=2)
        self.places[rows] = side_place[:, self._side] * self.over[rows][:, None]
        self.states[rows] = np.array(
            [st.rng & 0xFFFFFFFFFFFFFFFF for st in states], dtype=np.uint64
        )[pick]
        loaded: Ints = np.full((len(rows), p), self.noop, dtype=np.int64)
        return loaded

    # --- who acts, and what they may do -------------------------------------------------
    def acting(self) -> Bools:
        """[B, P]: the seat whose turn it is (LA-4), none once the match is over."""
        out: Bools = (self._seats == self.turn[:, None]) & ~self.over[:, None]
        return out

    def _fits(self, idx: Ints) -> Bools:
        """[n, 14, SLOTS]: card c may go onto slot s (LA-5) at tables ``idx``."""
        out: Bools = _FITS[self.heights[idx] @ _HEIGHT_CODE]
        return out

    def _tops(self, idx: Ints, owner: Ints) -> tuple[Ints, Ints]:
        """The CLIMB top [n] and the RUNG tops [n, RUNGS] of ``owner`` (0: an empty pile)."""
        left = self.climb_left[idx, owner]
        climb = self.climbs[idx, owner, np.maximum(left - 1, 0)] * (left > 0)
        return climb.astype(np.int64), self.rung_tops[idx, owner]

    def _legal(self, idx: Ints) -> Bools:
        """[n, A]: the legal actions of the seat to act at tables ``idx`` (``legal_actions``),
        kept until the tables change: a bot's choice and the step's check ask for the same."""
        known = self._known
        if known is not None and np.array_equal(known[0], idx):
            return known[1]
        out = self._work_out_legal(idx)
        self._known = (idx, out)
        return out

    def _work_out_legal(self, idx: Ints) -> Bools:
        n = len(idx)
        r = np.arange(n)
        seat = self.turn[idx]
        fits = self._fits(idx)
        # Each held card once a slot (the hand's plays, card-major) and once a RUNG pile (its
        # discards). Repeated, then and-ed: an and broadcast over a length-one axis took three
        # times as long.
        cards = self.hands[idx, seat, 1:] > 0
        held = np.repeat(cards, SLOTS, axis=1)
        parts = [held & fits[:, 1:].reshape(n, -1)]
        for owner in (seat, self._partner[seat]) if self.teams else (seat,):
            climb, rungs = self._tops(idx, owner)
            parts += [fits[r, climb], fits[r[:, None], rungs].reshape(n, -1)]
        parts.append(held if RUNGS == SLOTS else np.repeat(cards, RUNGS, axis=1))
        # The kinds' actions lie in _KINDS' order, one after another (checked in __init__).
        out: Bools = np.concatenate(parts, axis=1)
        return out

    def legal_mask(self, seat: int | None = None) -> Bools:
        """[B, P, A] (or [B, A] for ``seat``): the seat to act's legal actions, none for the
        others."""
        idx = np.flatnonzero(~self.over)
        mask = np.zeros((self.batch, self.players, self.num_actions), dtype=bool)
        mask[idx, self.turn[idx]] = self._legal(idx)
        return mask[:, seat] if seat is not None else mask

    def random_actions(self, rng: np.random.Generator) -> Ints:
        """[B, P] a uniformly random legal action for the seat to act, ``noop`` for the
        others."""
        out = np.full((self.batch, self.players), self.noop, dtype=np.int64)
        idx = np.flatnonzero(~self.over)
        # A 32-bit key per action, straight from the generator's raw 64-bit words (a third
        # less time than float32 keys, and 8 more bits): a tie among a row's legal actions,
        # which argmax would settle by position, has odds of about 1e-8 a step.
        size = len(idx) * self.num_actions
        raw = rng.bit_generator.random_raw((size + 1) // 2).view(np.uint32)[:size]
        keys = raw.reshape(len(idx), self.num_actions)
        keys *= self._legal(idx)
        out[idx, self.turn[idx]] = keys.argmax(axis=1)
        return out

    def check_actions(self, rng: np.random.Generator) -> Ints:
        """[B, P] the actions ``pondside batch check`` plays: uniformly random at the even
        tables; at the odd ones a random play whenever there is one, a CLIMB top first, so
        that CLIMBs empty and rounds are won (LA-12, LA-14), which uniformly random play,
        discarding nine times in ten, almost never does."""
        out = np.full((self.batch, self.players), self.noop, dtype=np.int64)
        idx = np.flatnonzero(~self.over)
        legal = self._legal(idx)
        keys = rng.random(legal.shape, dtype=np.float32)
        eager = (idx % 2 == 1)[:, None]
        keys += eager * ((self._kind[:-1] != DISCARD_KIND) + self._climbing)
        out[idx, self.turn[idx]] = (keys * legal).argmax(axis=1)
        return out

    # --- a step -----------------------------------------------------------------------
    def step(self, actions: npt.ArrayLike, rows: Bools | None = None) -> Step:
        """Every seat's action (``noop`` where it does not act); ``rows`` limits the step to
        those tables. Raises ``IllegalAction`` naming the first table and seat whose action is
        not legal, and then changes nothing."""
        acts, acting = self._step_input(actions, rows)
        idx = np.flatnonzero(acting.any(axis=1))
        seat = self.turn[idx]
        act = acts[idx, seat]
        inside = (act >= 0) & (act < self.num_actions)
        legal = self._legal(idx)[np.arange(len(idx)), np.where(inside, act, 0)] & inside
        ok = acts == self.noop
        ok[idx, seat] = legal
        if not ok.all():
            b, s = (int(x) for x in np.argwhere(~ok)[0])
            raise IllegalAction(self._why(b, s, int(acts[b, s]), bool(acting[b, s])))
        before = self.totals.copy()
        ended = self.over.copy()
        self._known = None
        kind = self._kind[act]
        ends = kind == DISCARD_KIND
        if (~ends).any():
            self._play(idx[~ends], seat[~ends], kind[~ends], act[~ends])
        if ends.any():
            self._discard(idx[ends], seat[ends], act[ends])
        self._settle(idx)
        return Step(self.totals - before, self.over & ~ended)

    def _why(self, b: int, s: int, action: int, acts: bool) -> str:
        refused = self._refusal(b, s, action, acts)
        if refused:
            return refused
        where = f"table {b}, seat {s}"
        return f"{where} may not {self.actions[action]!r} now (LA-5, LA-9, LA-14)"

    def _play(self, idx: Ints, seat: Ints, kind: Ints, act: Ints) -> None:
        """LA-5: one card onto an ACCENT pile; a completed pile goes to DISCARD (LA-7); an
        emptied CLIMB wins the round (LA-12, both CLIMBs for partners, LA-14)."""
        r = np.arange(len(idx))
        partner = (kind == P_CLIMB_KIND) | (kind == P_RUNG_KIND)
        owner = np.where(partner, self._partner[seat], seat)
        slot, x = self._slot[act], self._x[act]
        from_hand = kind == HAND_KIND
        from_climb = (kind == CLIMB_KIND) | (kind == P_CLIMB_KIND)
        from_rung = (kind == RUNG_KIND) | (kind == P_RUNG_KIND)
        climb, rungs = self._tops(idx, owner)
        card = np.where(from_hand, x, np.where(from_climb, climb, rungs[r, x % RUNGS]))
        h = idx[from_hand]
        self.hands[h, seat[from_hand], card[from_hand]] -= 1
        self.hand_sizes[h, seat[from_hand]] -= 1
        self.climb_left[idx[from_climb], owner[from_climb]] -= 1
        g, o, pile = idx[from_rung], owner[from_rung], x[from_rung]
        self.rung_sizes[g, o, pile] -= 1
        self.rung_counts[g, o, pile, card[from_rung]] -= 1
        under = self.rung_sizes[g, o, pile]
        self.rung_tops[g, o, pile] = self.rungs[g, o, pile, np.maximum(under - 1, 0)] * (under > 0)
        height = self.heights[idx, slot]
        self.accents[idx, slot, height] = card
        self.heights[idx, slot] = height + 1
        self.played[idx] = True
        done = height + 1 == TOP
        if done.any():
            d, s = idx[done], slot[done]
            self._to_discard(d, self.accents[d, s].astype(np.int64))
            self.accents[d, s] = 0
            self.heights[d, s] = 0
        left = self.climb_left[idx, owner]
        won = from_climb & (left == 0)
        if self.teams:
            won &= self.climb_left[idx, self._partner[owner]] == 0
        if won.any():
            self._end_round(idx[won], self._side[owner[won]])

    def _to_discard(self, idx: Ints, cards: Ints) -> None:
        """A completed ACCENT pile [n, 12] onto DISCARD, in its order (LA-7)."""
        at = self.discard_size[idx][:, None] + np.arange(TOP)
        self.discard[idx[:, None], at] = cards
        self.discard_size[idx] += TOP
        for j in range(TOP):
            self.discard_counts[idx, cards[:, j]] += 1

    def _discard(self, idx: Ints, seat: Ints, act: Ints) -> None:
        """LA-9: a card from the hand onto one of the player's RUNG piles ends the turn."""
        card, pile = self._x[act], self._slot[act]
        self.hands[idx, seat, card] -= 1
        self.hand_sizes[idx, seat] -= 1
        self.rungs[idx, seat, pile, self.rung_sizes[idx, seat, pile]] = card
        self.rung_sizes[idx, seat, pile] += 1
        self.rung_counts[idx, seat, pile, card] += 1
        self.rung_tops[idx, seat, pile] = card
        self._end_turn(idx)

    def _end_turn(self, idx: Ints) -> None:
        """LA-15: count idle turns, and end the round after one per seat; otherwise the next
        player (clockwise) starts by drawing up to five (LA-4). The caller settles."""
        stuck = ~self.played[idx] & (self.draw_size[idx] == 0) & (self.discard_size[idx] == 0)
        self.idle[idx] = np.where(stuck, self.idle[idx] + 1, 0)
        dead = self.idle[idx] >= self.players
        if dead.any():
            self._end_round(idx[dead], self._fewest_climb_side(idx[dead]))
        going = idx[~dead]
        self.turn[going] = (self.turn[going] + 1) % self.players
        self.played[going] = False
        seat = self.turn[going]
        self._draw(going, seat, HAND - self.hand_sizes[going, seat])

    def _side_climbs(self, idx: Ints) -> Ints:
        """[n, sides]: the CLIMB cards each side holds (a partnership adds its two, LA-15)."""
        left = self.climb_left[idx]
        if self.teams:
            return left[:, :2] + left[:, 2:]
        return left

    def _fewest_climb_side(self, idx: Ints) -> Ints:
        """LA-15: the side with the fewest CLIMB cards, -1 where several share the fewest."""
        counts = self._side_climbs(idx)
        low = counts.min(axis=1, keepdims=True)
        alone = (counts == low).sum(axis=1) == 1
        return np.where(alone, counts.argmin(axis=1), -1)

    def _settle(self, idx: Ints) -> None:
        """LA-8, LA-9: the seat to act with an empty hand draws five; one with neither a card
        nor a play passes, turn after turn (the deadlock guard ends that, LA-15)."""
        idx = idx[~self.over[idx]]
        while len(idx):
            seat = self.turn[idx]
            empty = self.hand_sizes[idx, seat] == 0
            if empty.any():
                self._draw(idx[empty], seat[empty], np.full(int(empty.sum()), HAND))
            # Only an empty hand (DRAW and DISCARD spent) can leave a seat without a play:
            # the open plays are looked for at those tables alone, a few of thousands.
            idx = idx[self.hand_sizes[idx, seat] == 0]
            idx = idx[~self._has_play(idx)]
            if len(idx):
                self._end_turn(idx)
                idx = idx[~self.over[idx]]

    def _has_play(self, idx: Ints) -> Bools:
        """Whether the seat to act has a card that can reach an ACCENT pile (LA-5, LA-14)."""
        r = np.arange(len(idx))
        seat = self.turn[idx]
        fits: Bools = _FITS_ANYWHERE[self.heights[idx] @ _HEIGHT_CODE]
        out: Bools = np.asarray(((self.hands[idx, seat] > 0) & fits).any(axis=1), dtype=bool)
        for owner in (seat, self._partner[seat]) if self.teams else (seat,):
            climb, rungs = self._tops(idx, owner)
            out |= fits[r, climb] | fits[r[:, None], rungs].any(axis=1)
        return out

    def _draw(self, idx: Ints, seat: Ints, count: Ints) -> None:
        """Draw ``count`` cards from the top of DRAW; an empty DRAW first takes DISCARD,
        shuffled by the table's generator as the engine shuffles it (LA-11); with both empty,
        what there is."""
        wanting = count > 0
        idx, seat, count = idx[wanting], seat[wanting], count[wanting]
        got = self._take(idx, seat, count)
        short = (got < count) & (self.discard_size[idx] > 0)
        if short.any():
            e = idx[short]
            size = self.discard_size[e]
            order, self.states[e] = _shuffled(self.states[e], size)
            pile = np.take_along_axis(self.discard[e], order - 1, axis=1)
            self.draw[e] = np.where(np.arange(len(DECK)) < size[:, None], pile, 0)
            self.draw_size[e] = size
            self.discard_size[e] = 0
            self.discard_counts[e] = 0
            self._take(e, seat[short], count[short] - got[short])

    def _take(self, idx: Ints, seat: Ints, count: Ints) -> Ints:
        """Up to ``count`` cards off DRAW into the hand; the number taken."""
        size = self.draw_size[idx]
        take = np.minimum(count, size)
        for j in range(int(take.max(initial=0))):
            on = np.flatnonzero(take > j)
            card = self.draw[idx[on], size[on] - 1 - j]
            self.hands[idx[on], seat[on], card] += 1
        self.draw_size[idx] = size - take
        self.hand_sizes[idx, seat] += take
        out: Ints = take
        return out

    def _end_round(self, idx: Ints, winner: Ints) -> None:
        """LA-13: the winning side (-1: none, LA-15) scores 25 + 5 per card left in the other
        sides' CLIMBs; the match ends after the last round or at the target, or the next dealer
        (to the left) deals the next round from the table's generator (LA-3)."""
        sides = self._side_climbs(idx)
        won = winner >= 0
        others = sides.sum(axis=1) - sides[np.arange(len(idx)), np.maximum(winner, 0)]
        scorer = (self._side[None, :] == winner[:, None]) & won[:, None]
        points = np.where(scorer, 25 + 5 * others[:, None], 0)
        if self.round_no[idx].max() > self.history.shape[1]:
            grown = np.zeros((self.batch, 2 * self.history.shape[1], self.players), np.int64)
            grown[:, : self.history.shape[1]] = self.history
            self.history = grown
        self.history[idx, self.round_no[idx] - 1] = points
        self.totals[idx] += points
        rounds = self.options["rounds"]
        if rounds is not None:
            last = self.round_no[idx] >= rounds
        else:
            last = self.totals[idx].max(axis=1) >= self.options["target"]
        ended = idx[last]
        self.over[ended] = True
        # Competition places by side (LA-14: partners share theirs), the highest total first.
        totals = self.totals[ended][:, : self._sides]
        side_place = 1 + (totals[:, None, :] > totals[:, :, None]).sum(axis=2)
        self.places[ended] = side_place[:, self._side]
        going = idx[~last]
        if len(going):
            self.round_no[going] += 1
            order, self.states[going] = _shuffled(self.states[going])
            cards = _DECK[order - 1]
            self._start_round(going, cards, (self.dealer[going] + 1) % self.players)

    # --- scores and records -------------------------------------------------------------
    def scores(self) -> Ints:
        """[B, P] the running totals (LA-13; partners carry their side's, LA-14)."""
        out: Ints = self.totals.copy()
        return out

    def _first_deal(self, table: int) -> dict[str, Any]:
        cards = _NAMES[self.first_cards[table].astype(np.int64)].tolist()
        k, p = self.climb, self.players
        return {
            "climbs": [cards[s * k : s * k + k] for s in range(p)],
            "hands": [[] for _ in range(p)],
            "draw": cards[p * k :],
            "dealer": int(self.first_dealer[table]),
        }

    # --- what a seat sees -------------------------------------------------------------
    def observe(self, seat: int) -> dict[str, npt.NDArray[Any]]:
        """What ``seat`` sees at every table (LA-16): its own hand, CLIMB tops and sizes, every
        RUNG pile, the ACCENT piles, DISCARD's cards, the sizes of DRAW and of the hands; not
        the other hands, the face-down CLIMB cards, DRAW's order nor the generator."""
        climb_tops = np.zeros((self.batch, self.players), dtype=np.int64)
        for s in self._seats:
            climb_tops[:, s] = self._tops(self._rows, np.full(self.batch, s))[0]
        return {
            "hand_counts": self.hands[:, seat].copy(),
            "hand_sizes": self.hand_sizes.copy(),
            "climb_tops": climb_tops,
            "climb_sizes": self.climb_left.copy(),
            "rungs": self.rungs.copy(),
            "rung_sizes": self.rung_sizes.copy(),
            "rung_counts": self.rung_counts.copy(),
            "accents": self.accents.copy(),
            "heights": self.heights.copy(),
            "discard_counts": self.discard_counts.copy(),
            "draw_size": self.draw_size.copy(),
            "turn": np.where(self.over, -1, self.turn),
            "dealer": self.dealer.copy(),
            "played": self.played.copy(),
            "idle": self.idle.copy(),
            "round": self.round_no.copy(),
            "finished": self.round_no - 1 + self.over,
            "history": self.history.copy(),
            "totals": self.totals.copy(),
            "over": self.over.copy(),
        }

    def to_view(self, obs: Mapping[str, npt.NDArray[Any]], table: int, seat: int) -> dict[str, Any]:
        """Row ``table`` of ``seat``'s observation as the engine's view (``Ladders.view``), less
        ``last_events``, which the batch does not keep."""
        t, p = table, self.players

        def show(cards: npt.NDArray[Any]) -> list[str]:
            out: list[str] = _NAMES[cards.astype(np.int64)].tolist()
            return out

        def counted(counts: npt.NDArray[Any]) -> list[str]:
            return show(np.repeat(np.arange(_SIDE), counts))

        over = bool(obs["over"][t])
        heights = obs["heights"][t]
        sizes = obs["rung_sizes"][t]
        tops = obs["climb_tops"][t]
        return {
            "game": GAME.info.slug,
            "players": p,
            "seat": seat,
            "to_act": [] if over else [int(obs["turn"][t])],
            "over": over,
            "hand_number": int(obs["round"][t]),
            "hand_sizes": obs["hand_sizes"][t].tolist(),
            "totals": obs["totals"][t].tolist(),
            "hand_scores": obs["history"][t, : obs["finished"][t]].tolist(),
            "options": dict(self.options),
            "dealer": int(obs["dealer"][t]),
            "partners": [int(self._partner[s]) if self.teams else None for s in range(p)],
            "climb_tops": [CARD[int(c)] if c else None for c in tops],
            "climb_sizes": obs["climb_sizes"][t].tolist(),
            "rungs": [
                [show(obs["rungs"][t, s, r, : sizes[s, r]]) for r in range(RUNGS)] for s in range(p)
            ],
            "accents": [show(obs["accents"][t, i, : heights[i]]) for i in range(SLOTS)],
            "accent_next": (heights + 1).tolist(),
            "discard": counted(obs["discard_counts"][t]),
            "draw_size": int(obs["draw_size"][t]),
            "played": bool(obs["played"][t]),
            "idle_turns": int(obs["idle"][t]),
            "hand": counted(obs["hand_counts"][t]),
        }

    def encode(self, seat: int) -> npt.NDArray[np.float32]:
        """[B, size] ``seat``'s observation as the research adapters encode its view
        (``adapters/ladders.py``), for every table at once; seats relative to ``seat``."""
        from pondside.adapters.codec import Codec

        layout = Codec(GAME.info.slug, self.players, self.options).layout
        at = {f.name: f.start for f in layout.fields}
        b, n, k = self.batch, self.players, _SIDE - 1
        out = np.zeros((b, layout.size + 1), dtype=np.float32)  # the last: a sink for blanks
        order = (seat + np.arange(n)) % n
        cards = np.arange(1, _SIDE)
        hand = self.hands[:, seat, 1:]
        out[:, at["hand_counts"] : at["hand_counts"] + k] = hand
        seen = hand.copy()
        tops = self.observe(seat)["climb_tops"][:, order]
        cells = np.where(tops > 0, at["climb_top"] + np.arange(n) * k + tops - 1, layout.size)
        out[self._rows[:, None], cells] = 1
        seen += (tops[:, :, None] == cards).sum(axis=1)
        out[:, at["climb_size"] : at["climb_size"] + n] = self.climb_left[:, order]
        sizes = self.rung_sizes[:, order]
        out[:, at["rung_size"] : at["rung_size"] + n * RUNGS] = sizes.reshape(b, -1)
        rung_tops = np.stack([self._tops(self._rows, np.full(b, s))[1] for s in order], axis=1)
        pile = np.arange(n * RUNGS).reshape(n, RUNGS)
        cells = np.where(rung_tops > 0, at["rung_top"] + pile * k + rung_tops - 1, layout.size)
        out[self._rows[:, None], cells.reshape(b, -1)] = 1
        counts = self.rung_counts[:, order, :, 1:]
        out[:, at["rung_counts"] : at["rung_counts"] + n * RUNGS * k] = counts.reshape(b, -1)
        seen += counts.sum(axis=(1, 2))
        out[:, at["accent_size"] : at["accent_size"] + SLOTS] = self.heights
        seen += (self.accents.reshape(b, -1)[:, :, None] == cards).sum(axis=1)
        out[:, at["discard_counts"] : at["discard_counts"] + k] = self.discard_counts[:, 1:]
        seen += self.discard_counts[:, 1:]
        out[:, at["unseen_counts"] : at["unseen_counts"] + k] = _COUNTS[1:] - seen
        out[:, at["hand_size"] : at["hand_size"] + n] = self.hand_sizes[:, order]
        out[:, at["turn"] : at["turn"] + n] = self.acting()[:, order]
        out[self._rows, at["dealer"] + (self.dealer - seat) % n] = 1
        if self.teams:
            out[:, at["partner"] + 2] = 1  # the partner sits two seats on (LA-2)
        out[:, at["totals"] : at["totals"] + n] = self.totals[:, order]
        misc = at["draw_played_idle_round"]
        out[:, misc] = self.draw_size
        out[:, misc + 1] = self.played
        out[:, misc + 2] = self.idle
        out[:, misc + 3] = self.round_no
        return out[:, : layout.size]


def cards_of(text: str) -> list[int]:
    """Cards written as the notation writes them ('5 W 12') as the batch holds them."""
    return [PARSE_CARD[c] for c in text.split()]


__all__ = ["LaddersTables", "cards_of"]
