"""King of the Quackers over a batch of tables: the rules of ``games/king_of_the_quackers/`` on
arrays.

Every table is a row of fixed-shape arrays; a step is one decision point of every table at
once. The pass (KQ-5) is one step where every seat gives its two cards together; in play the
seat whose turn it is acts alone (KQ-7) and the others pass the no-op. A hand is a 64-bit mask
of the cards it holds, so "these cards are in the hand" is one ``&`` for any combination.

Actions are numbered as the game numbers them (``Game.all_actions``, the research adapters'
numbering): every ``give`` pair, ``pass``, every play a hand can ever make, and with the bidding
rules every play with a promise. That is 4,000 to 69,000 actions, almost all of them Bombs of
personalities (every subset of up to fifteen), so a mask over all of them at every step would
cost far more than the step. A step therefore keeps the actions in two parts: the few hundred
plays that are not Bombs, each a row of precomputed facts (its cards, kind, rank, size) tested
against every table at once, and the Bombs, counted and drawn from the held personalities
(a Bomb is exactly a subset of them of the right size, KQ-20); ``legal_mask`` writes the full
mask for callers that want it (small batches). ``docs/batch.md`` says why.

The first hand's deal comes from the batch's NumPy generator and is written into each table's
record; later hands are dealt from each table's seed with the engine's own generator
(``batch/rng.py``), as a match started from a deal does.

>>> t = KingOfTheQuackersTables(3, players=4, seed=7)
>>> t.acting().sum(axis=1).tolist()
[4, 4, 4]
>>> rng, log = np.random.default_rng(0), StepLog()
>>> while not t.over.all():
...     actions = t.random_actions(rng)
...     log.add(t.acting(), actions)
...     _ = t.step(actions)
>>> from pondside.engine import Match
>>> m = Match.from_record(GAME, t.record(1, log))
>>> m.outcome().places == tuple(t.places[1].tolist())
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from pondside.engine import Game, IllegalAction, places_from_results
from pondside.games.king_of_the_quackers import (
    BOMB,
    CODE,
    EXCUSE,
    FLUSH,
    GAME,
    SET,
    SINGLE,
    QuackersState,
    deck_cards,
    hand_size,
)
from pondside.games.king_of_the_quackers.combinations import MOUNTAIN, OPEN, POINTS, SUITMASK

from .base import Bools, Ints, Step, StepLog, TablesBase
from .king_of_the_quackers_actions import actions_of, card_bit
from .king_of_the_quackers_random import random_gives, random_plays
from .rng import shuffled

U64s = npt.NDArray[np.uint64]

PASSING, PLAYING = 0, 1
_PHASES = ("pass", "play")
_ONE = np.uint64(1)
_FIRST_HISTORY = 16  # hands of history kept at first; doubled as matches grow


SUITMASK_ARRAY = np.array(SUITMASK, dtype=np.int64)


class KingOfTheQuackersTables(TablesBase):
    """``B`` King of the Quackers tables of ``players`` seats (3 or 4) with the game's options
    (``deck``, ``bidding``, ``target``, ``lead_passes``)."""

    game: Game[Any] = GAME

    def _setup(self) -> None:
        o = self.options
        self.deck = o["deck"]
        self.cards = len(deck_cards(self.deck))
        self.size = hand_size(self.players, self.deck)
        self.bidding = bool(o["bidding"])
        self.lead_step = -1 if o["lead_passes"] == "right" else 1
        self.points = np.array(POINTS[(self.players, self.bidding)], dtype=np.int64)
        self.act = actions_of(self.players, self.deck, self.bidding)
        assert len(self.act.give) == self.num_actions + 1
        self.person_bits = np.uint64(sum(card_bit(int(c)) for c in self.act.people))
        n = self.players
        self._seat_bits = 1 << np.arange(n)
        self._nearest = {
            step: np.array(
                [
                    [
                        next(
                            (
                                (seat + k * step) % n
                                for k in range(1, n + 1)
                                if held >> (seat + k * step) % n & 1
                            ),
                            -1,
                        )
                        for held in range(1 << n)
                    ]
                    for seat in range(n)
                ],
                dtype=np.int64,
            )
            for step in (1, -1)
        }
        """[step][seat, seats holding cards as bits]: the nearest holder after the seat, going
        ``step`` (+1 left, -1 right; the seat itself last), -1 for none."""
        self._acting: Bools | None = None
        self._index: dict[str, int] | None = None

    # --- dealing ----------------------------------------------------------------------
    def reset(self, rows: Bools | None = None) -> None:
        """Start new matches at ``rows`` (every table when None): new seeds, a random first
        dealer (KQ-3) and a new first deal (KQ-4)."""
        idx = self._new_matches(rows)
        n = len(idx)
        if n == 0:
            return
        # A uniform shuffle: the order of independent uniform keys (ties have odds ~1e-13).
        cards = np.argsort(self.rng.random((n, self.cards)), axis=1)
        dealer = self.rng.integers(0, self.players, n)
        hands = np.sort(cards[:, : self.players * self.size].reshape(n, self.players, -1), 2)
        aside = cards[:, -1] if self.cards % self.players else np.full(n, -1)
        self.first_hands[idx] = hands
        self.first_aside[idx] = aside
        self.first_dealer[idx] = dealer
        self.hand_no[idx] = 1
        self.totals[idx] = 0
        self.history[idx] = 0
        self.over[idx] = False
        self.places[idx] = 0
        self._start_hand(idx, hands, aside, dealer)

    def _allocate(self) -> None:
        b, p = self.batch, self.players
        self.seeds = np.zeros(b, dtype=np.uint64)
        self.states = np.zeros(b, dtype=np.uint64)
        self.first_hands = np.zeros((b, p, self.size), dtype=np.int64)
        self.first_aside = np.full(b, -1, dtype=np.int64)
        self.first_dealer = np.zeros(b, dtype=np.int64)
        self.hands = np.zeros((b, p), dtype=np.uint64)
        """Each hand's cards as bits (card c is bit c)."""
        self.held = np.zeros((b, p), dtype=np.int64)
        """How many cards each hand holds."""
        self.aside = np.full(b, -1, dtype=np.int64)
        """The card put aside unseen (KQ-4), -1 for none."""
        self.gives = np.full((b, p, 2), -1, dtype=np.int64)
        """Each seat's two cards given, to its left then its right (KQ-5), -1 before the pass."""
        self.phase = np.zeros(b, dtype=np.int64)
        """0: the pass (KQ-5), 1: play."""
        self.dealer = np.zeros(b, dtype=np.int64)
        self.hand_no = np.ones(b, dtype=np.int64)
        self.turn = np.full(b, -1, dtype=np.int64)
        """The seat to play (-1 at the pass and once over)."""
        self.round_size = np.zeros(b, dtype=np.int64)
        """The cards in each play of this round, 0 when ``turn`` leads a new one."""
        self.round_kind = np.zeros(b, dtype=np.int64)
        """The round's kind (``OPEN`` after a Bomb lead, KQ-24)."""
        self.lead = np.full(b, -1, dtype=np.int64)
        """The card led, whose suits a single shares (KQ-13), -1 for none."""
        self.last_seat = np.full(b, -1, dtype=np.int64)
        self.last_kind = np.zeros(b, dtype=np.int64)
        self.last_rank = np.zeros(b, dtype=np.int64)
        self.passed = np.zeros((b, p), dtype=bool)
        """The seats that passed since the last play."""
        self.round_actions = np.zeros((b, self.cards), dtype=np.int64)
        self.round_seats = np.zeros((b, self.cards), dtype=np.int64)
        self.round_plays = np.zeros(b, dtype=np.int64)
        """This round's plays (each at least a card, so at most the deck), first first."""
        self.played_cards = np.zeros((b, self.cards), dtype=np.int64)
        """The cards played this hand in the order played (a play's in table order)."""
        self.played = np.zeros(b, dtype=np.int64)
        self.mountain = np.zeros(b, dtype=bool)
        """Whether the Mountain has been played this hand (KQ-28)."""
        self.out = np.full((b, p), -1, dtype=np.int64)
        self.out_count = np.zeros(b, dtype=np.int64)
        self.promiser = np.full(b, -1, dtype=np.int64)
        self.promise_value = np.zeros(b, dtype=np.int64)
        self.bonus = np.zeros((b, p), dtype=np.int64)
        """This hand's promise points, once resolved (KQ-30)."""
        self.totals = np.zeros((b, p), dtype=np.int64)
        self.history = np.zeros((b, _FIRST_HISTORY, p), dtype=np.int64)
        self.over = np.zeros(b, dtype=bool)
        self.places = np.zeros((b, p), dtype=np.int64)

    def _start_hand(self, idx: Ints, hands: Ints, aside: Ints, dealer: Ints) -> None:
        """KQ-4: the hands dealt, the pass to make (KQ-5)."""
        bits = np.left_shift(_ONE, hands.astype(np.uint64)).sum(axis=2, dtype=np.uint64)
        self.hands[idx] = bits
        self.held[idx] = self.size
        self.aside[idx] = aside
        self.dealer[idx] = dealer
        self.gives[idx] = -1
        self.phase[idx] = PASSING
        self.played[idx] = 0
        self.mountain[idx] = False
        self.out[idx] = -1
        self.out_count[idx] = 0
        self.promiser[idx] = -1
        self.promise_value[idx] = 0
        self.bonus[idx] = 0
        self._new_round(idx, np.full(len(idx), -1))
        self._acting = None

    def _new_round(self, idx: Ints, leader: Ints) -> None:
        self.turn[idx] = leader
        self.round_size[idx] = 0
        self.round_kind[idx] = OPEN
        self.lead[idx] = -1
        self.last_seat[idx] = -1
        self.last_kind[idx] = 0
        self.last_rank[idx] = 0
        self.passed[idx] = False
        self.round_plays[idx] = 0

    def _deal_next(self, idx: Ints) -> None:
        """KQ-3, KQ-4: the next dealer, and the hand dealt from each table's generator as the
        engine deals it."""
        order, self.states[idx] = shuffled(self.states[idx], self.cards)
        cards: Ints = order.astype(np.int64) - 1  # the deck is cards 0 .. D-1, in table order
        n, k = len(idx), self.size
        hands = cards[:, : k * self.players].reshape(n, self.players, k)
        aside: Ints = cards[:, -1] if self.cards % self.players else np.full(n, -1)
        self._start_hand(idx, hands, aside, (self.dealer[idx] + 1) % self.players)

    def set_state(self, table: int, state: QuackersState) -> None:
        """Put ``table`` in the engine's ``state`` (a position of the rulebook's scenarios, read
        by the game's own ``check_position``; its players and options must be the batch's).
        The table's record then starts from its earlier deal, so it no longer replays."""
        st = GAME.check_position(state.copy())
        if st.phase == "pass" and any(g is not None for g in st.gives):
            raise ValueError("a position at the pass is set before anyone has given")
        self.load_states(np.array([table]), [st])

    def load_states(
        self, rows: Ints, states: Sequence[QuackersState], of: Ints | None = None
    ) -> Ints:
        """Put table ``rows[k]`` in the engine's state ``states[of[k]]`` (``states[k]`` when
        ``of`` is None): any ``QuackersState`` of this batch's players and options, mid-hand or
        at the pass, its generator included, so that the table plays on as the engine would
        (the next hands dealt as the engine deals them; the search's playouts,
        ``bots/rollout.py``). A loaded table's record is not its match's. Returns ``[len(rows),
        P]``: at the pass, the give each seat has chosen and not yet made (the batch keeps no
        hidden choice: play it at the next step), ``noop`` elsewhere."""
        p, n = self.players, len(states)
        rows = np.asarray(rows, dtype=np.int64)
        pick = np.arange(n) if of is None else np.asarray(of, dtype=np.int64)
        mine = {k: self.options[k] for k in ("deck", "bidding", "target", "lead_passes")}
        index = self.action_index()
        d = self.cards - 1
        longest = max((len(st.history) for st in states), default=0)
        if longest > self.history.shape[1]:
            grown = np.zeros((self.batch, longest, p), dtype=np.int64)
            grown[:, : self.history.shape[1]] = self.history
            self.history = grown
        hands = np.zeros((n, p), dtype=np.uint64)
        gives = np.full((n, p, 2), -1, dtype=np.int64)
        forced = np.full((n, p), self.noop, dtype=np.int64)
        round_actions = np.zeros((n, self.cards), dtype=np.int64)
        round_seats = np.zeros((n, self.cards), dtype=np.int64)
        played_cards = np.zeros((n, self.cards), dtype=np.int64)
        out = np.full((n, p), -1, dtype=np.int64)
        history = np.zeros((n, self.history.shape[1], p), dtype=np.int64)
        places = np.zeros((n, p), dtype=np.int64)
        scalars = np.zeros((n, 15), dtype=np.int64)
        for i, st in enumerate(states):
            if st.n != p or dict(st.options()) != mine:
                raise ValueError(
                    f"a state of {st.n} players and options {dict(st.options())} does not fit "
                    f"these tables of {p} players and options {mine}"
                )
            hands[i] = [sum(card_bit(c) for c in h) for h in st.hands]
            for s, g in enumerate(st.gives):
                if g is not None:
                    gives[i, s] = g
                    if st.phase == "pass":  # chosen, not yet exchanged (KQ-5)
                        left, right = g
                        forced[i, s] = left * d + (right if right < left else right - 1)
            for k, (seat, action) in enumerate(st.round_plays):
                round_seats[i, k], round_actions[i, k] = seat, index[action]
            played_cards[i, : len(st.played)] = st.played
            out[i, : len(st.out)] = st.out
            if st.history:
                history[i, : len(st.history)] = st.history
            if st.over:
                places[i] = places_from_results(list(st.totals), lower_is_better=False)
            promiser, value = st.promise if st.promise is not None else (-1, 0)
            scalars[i] = (
                st.aside, _PHASES.index(st.phase), st.dealer, st.hand_no, st.turn, st.size,
                st.kind, st.lead, st.last_seat, st.last_kind, st.last_rank, st.passed,
                len(st.round_plays), promiser, value,
            )  # fmt: skip
        self.hands[rows] = hands[pick]
        self.held[rows] = np.array([[len(h) for h in st.hands] for st in states])[pick]
        self.gives[rows] = gives[pick]
        columns = (
            self.aside, self.phase, self.dealer, self.hand_no, self.turn, self.round_size,
            self.round_kind, self.lead, self.last_seat, self.last_kind, self.last_rank,
        )  # fmt: skip
        for k, column in enumerate(columns):
            column[rows] = scalars[pick, k]
        self.passed[rows] = ((scalars[pick, 11, None] >> self._seats) & 1).astype(bool)
        self.round_plays[rows] = scalars[pick, 12]
        self.round_actions[rows], self.round_seats[rows] = round_actions[pick], round_seats[pick]
        self.played[rows] = np.array([len(st.played) for st in states])[pick]
        self.played_cards[rows] = played_cards[pick]
        self.mountain[rows] = np.array([MOUNTAIN in st.played for st in states])[pick]
        self.out[rows] = out[pick]
        self.out_count[rows] = np.array([len(st.out) for st in states])[pick]
        self.promiser[rows], self.promise_value[rows] = scalars[pick, 13], scalars[pick, 14]
        self.bonus[rows] = np.array([st.bonus for st in states], dtype=np.int64)[pick]
        self.totals[rows] = np.array([st.totals for st in states], dtype=np.int64)[pick]
        self.history[rows] = history[pick]
        self.over[rows] = np.array([st.over for st in states], dtype=bool)[pick]
        self.places[rows] = places[pick]
        self.states[rows] = np.array(
            [st.rng & 0xFFFFFFFFFFFFFFFF for st in states], dtype=np.uint64
        )[pick]
        self._acting = None
        loaded: Ints = forced[pick]
        return loaded

    def action_index(self) -> dict[str, int]:
        """Each action's number by its name (made once: tens of thousands of names)."""
        if self._index is None:
            self._index = {name: k for k, name in enumerate(self.actions)}
        return self._index

    # --- who acts, and what they may do -------------------------------------------------
    def acting(self) -> Bools:
        """[B, P]: every seat at the pass (KQ-5); the seat to play otherwise; nobody once the
        match is over. Shared: read it, do not change it."""
        if self._acting is None:
            passing = (self.phase == PASSING) & ~self.over
            acting = (self._seats == self.turn[:, None]) | passing[:, None]
            acting.flags.writeable = False
            self._acting = acting
        return self._acting

    def _may_promise(self) -> Bools:
        """[B] KQ-28 apart from the play itself: bidding on, no promise yet, nobody out, no
        Mountain played."""
        out: Bools = (self.promiser < 0) & (self.out_count == 0) & ~self.mountain
        return out & self.bidding

    def _plays_ok(self, rows: Ints, acts: Ints, shared: bool) -> Bools:
        """Whether the seat to play at each of ``rows`` may make the play ``acts``: KQ-8,
        KQ-13..KQ-24, KQ-28. ``shared``: ``acts`` is one list of plays tested at every row
        ([rows, plays] out), else one play per row."""
        a = self.act
        seat = np.maximum(self.turn[rows], 0)
        # Shared plays: the facts of each play once ([1, plays]), the tables' state as a column.
        act: Any = (None, slice(None)) if shared else (slice(None),)
        col: Any = (slice(None), None) if shared else (slice(None),)

        def fact(x: npt.NDArray[Any]) -> npt.NDArray[Any]:
            out: npt.NDArray[Any] = x[acts][act]
            return out

        hand = self.hands[rows, seat][col]
        ok: Bools = (fact(a.bits) & ~hand) == 0
        ok &= fact(a.play) & (self.phase[rows] == PLAYING)[col] & (self.turn[rows] >= 0)[col]
        if self.bidding:  # KQ-28: a promise keeps a card, is not the Mountain, and is the first
            held = self.held[rows, seat][col]
            may = self._may_promise()[rows][col] & ~fact(a.mountain) & (fact(a.size) < held)
            ok &= ~fact(a.promise) | may
        rnd, last = self.round_size[rows][col], self.last_rank[rows][col]
        a_size, a_rank = fact(a.size), fact(a.rank)
        lead = self.lead[rows][col]
        lead_suits = SUITMASK_ARRAY[np.maximum(lead, 0)]
        single = fact(a.excuse) | (  # KQ-15: the Excuse is a one-card Bomb on any single
            (((fact(a.suits) & lead_suits) != 0) | (lead == EXCUSE)) & (a_rank >= last)
        )
        kind, a_kind = self.round_kind[rows][col], fact(a.kind)
        bomb = a_kind == BOMB
        group = (bomb | (a_kind == SET) & (kind != FLUSH) | (a_kind == FLUSH) & (kind != SET)) & (
            bomb | (a_rank >= last)
        )
        # KQ-8: the leader plays any combination it holds; a follower one of the round's size.
        ok &= (rnd == 0) | (a_size == rnd) & np.where(rnd == 1, single, group)
        return ok

    def _passes_ok(self) -> Bools:
        """[B] whether the seat to play may pass: it follows (KQ-8)."""
        out: Bools = (self.phase == PLAYING) & (self.turn >= 0) & (self.round_size > 0)
        return out

    def legal_mask(self, seat: int | None = None) -> Bools:
        """[B, P, A] legal actions of every seat (or [B, A] of ``seat``); a seat that does not
        act has none (it passes ``noop``). The full mask holds every Bomb of the notation
        (up to 65,000 actions), so it suits small batches; the batched bots do not need it."""
        a = self.act
        out = np.zeros((self.batch, self.players, self.num_actions), dtype=bool)
        passing = np.flatnonzero((self.phase == PASSING) & ~self.over)
        if len(passing):
            gives = np.flatnonzero(a.give)
            h = self.hands[passing][:, :, None]
            lb = np.left_shift(_ONE, a.left[gives].astype(np.uint64))
            rb = np.left_shift(_ONE, a.right[gives].astype(np.uint64))
            out[passing[:, None, None], self._seats[None, :, None], gives] = ((h & lb) != 0) & (
                (h & rb) != 0
            )
        playing = np.flatnonzero((self.phase == PLAYING) & (self.turn >= 0))
        if len(playing):
            plays = np.flatnonzero(a.play)
            legal = self._plays_ok(playing, plays, shared=True)
            turn = self.turn[playing]
            out[playing[:, None], turn[:, None], plays] = legal
            out[playing, turn, a.pass_action] = self._passes_ok()[playing]
        return out[:, seat] if seat is not None else out

    def random_actions(self, rng: np.random.Generator) -> Ints:
        """[B, P] a uniformly random legal action for every acting seat, ``noop`` for the rest
        (the batched random bot: ``king_of_the_quackers_random``)."""
        out = np.full((self.batch, self.players), self.noop, dtype=np.int64)
        passing = np.flatnonzero((self.phase == PASSING) & ~self.over)
        if len(passing):
            out[passing] = random_gives(self, passing, rng)
        playing = np.flatnonzero((self.phase == PLAYING) & (self.turn >= 0))
        if len(playing):
            out[playing, self.turn[playing]] = random_plays(self, playing, rng)
        return out

    # --- a step -----------------------------------------------------------------------
    def step(self, actions: npt.ArrayLike, rows: Bools | None = None) -> Step:
        """Every seat's action (``noop`` where it does not act); ``rows`` limits the step to
        those tables (the others neither act nor change). Raises ``IllegalAction`` naming the
        first table and seat whose action is not legal, and then changes nothing."""
        acts, acting = self._step_input(actions, rows)
        self._check(acts, acting)
        moving = acting.any(axis=1)
        points = np.zeros((self.batch, self.players), dtype=np.int64)
        ended = self.over.copy()
        phase = self.phase.copy()
        passing = np.flatnonzero(moving & (phase == PASSING))
        if len(passing):
            self._exchange(passing, acts[passing])
        playing = np.flatnonzero(moving & (phase == PLAYING))
        if len(playing):
            mine = acts[playing, self.turn[playing]]
            passes = self.act.passes[mine]
            if passes.any():
                self._pass(playing[passes])
            if (~passes).any():
                self._play(playing[~passes], mine[~passes], points)
        self._acting = None
        return Step(points, self.over & ~ended)

    def _check(self, acts: Ints, acting: Bools) -> None:
        """Raises ``IllegalAction`` on the first action that is not legal: a seat that does
        not act passes the no-op; at the pass, each seat two cards it holds (KQ-5); in play,
        the seat to play a legal play or pass (tested at the tables that act only)."""
        a = self.act
        safe = np.where((acts >= 0) & (acts <= self.noop), acts, self.noop)
        ok = ~acting & (acts == self.noop)
        moving = acting.any(axis=1)
        passing = np.flatnonzero(moving & (self.phase == PASSING))
        if len(passing):
            gives = safe[passing]
            hand = self.hands[passing]
            lb = np.left_shift(_ONE, np.maximum(a.left[gives], 0).astype(np.uint64))
            rb = np.left_shift(_ONE, np.maximum(a.right[gives], 0).astype(np.uint64))
            legal = a.give[gives] & ((hand & lb) != 0) & ((hand & rb) != 0)
            ok[passing] |= acting[passing] & legal
        playing = np.flatnonzero(moving & (self.phase == PLAYING))
        if len(playing):
            turn = self.turn[playing]
            mine = safe[playing, turn]
            legal = self._plays_ok(playing, mine, shared=False)
            legal |= a.passes[mine] & (self.round_size[playing] > 0)  # KQ-8: a follower passes
            ok[playing, turn] |= legal
        if not ok.all():
            b, s = (int(x) for x in np.argwhere(~ok)[0])
            raise IllegalAction(self._why(b, s, int(acts[b, s]), bool(acting[b, s])))

    def _why(self, b: int, s: int, action: int, acts: bool) -> str:
        """Why the action is refused, in the engine's words: the engine's own check of the
        table's state says it (with its ruling)."""
        refused = self._refusal(b, s, action, acts)
        if refused:
            return refused
        try:
            GAME.apply(self._state(b, None), s, self.actions[action])
        except IllegalAction as exc:
            return f"table {b}, seat {s}: {self.actions[action]!r}: {exc}"
        return f"table {b}, seat {s}: {self.actions[action]!r} is not legal now"

    def _exchange(self, idx: Ints, acts: Ints) -> None:
        """KQ-5: the chosen cards move together; KQ-6: the dealer's left neighbour leads."""
        n = self.players
        left, right = self.act.left[acts], self.act.right[acts]
        lb = np.left_shift(_ONE, left.astype(np.uint64))
        rb = np.left_shift(_ONE, right.astype(np.uint64))
        hands = self.hands[idx] & ~lb & ~rb
        hands |= np.roll(lb, 1, axis=1)  # seat s receives its right neighbour's left card
        hands |= np.roll(rb, -1, axis=1)  # and its left neighbour's right card
        self.hands[idx] = hands
        self.gives[idx, :, 0], self.gives[idx, :, 1] = left, right
        self.phase[idx] = PLAYING
        self._new_round(idx, (self.dealer[idx] + 1) % n)

    def _next_holding(self, idx: Ints, seat: Ints, step: int) -> Ints:
        """The nearest seat after ``seat`` going ``step`` (+1 left, -1 right) with cards."""
        holders = (self.held[idx] > 0) @ self._seat_bits
        out: Ints = self._nearest[step][seat, holders]
        return out

    def _pass(self, idx: Ints) -> None:
        """KQ-9: a pass; KQ-10: everyone else passed, the round ends and its last player
        leads; KQ-11: a leader without cards hands the lead on."""
        seat = self.turn[idx]
        self.passed[idx, seat] = True
        waiting = (
            (self.held[idx] > 0) & ~self.passed[idx] & (self._seats != self.last_seat[idx][:, None])
        ).any(axis=1)
        go = idx[waiting]
        self.turn[go] = self._next_holding(go, seat[waiting], 1)
        done = idx[~waiting]
        if len(done):
            leader = self.last_seat[done]
            gone = self.held[done, leader] == 0
            leader[gone] = self._next_holding(done[gone], leader[gone], self.lead_step)
            self._new_round(done, leader)

    def _play(self, idx: Ints, acts: Ints, points: Ints) -> None:
        """KQ-8, KQ-13..KQ-24: the play leaves the hand and becomes the one to beat; KQ-12 a
        player out of cards goes out, the hand ending when one holder is left; KQ-29 a
        promise is worth the cards left."""
        a = self.act
        seat = self.turn[idx]
        size, kind = a.size[acts], a.kind[acts]
        self.hands[idx, seat] &= ~a.bits[acts]
        left = self.held[idx, seat] - size
        self.held[idx, seat] = left
        at = self.played[idx]
        card = a.cards[acts, 0]
        self.played_cards[idx, at] = card
        for k in range(1, int(size.max())):  # most plays are singles: the rest slot by slot
            more = np.flatnonzero(size > k)
            self.played_cards[idx[more], at[more] + k] = a.cards[acts[more], k]
        self.played[idx] = at + size
        self.mountain[idx] |= a.mountain[acts]
        first = self.round_size[idx] == 0
        # KQ-15: a following Excuse is a one-card Bomb.
        kind = np.where(~first & a.excuse[acts], BOMB, kind)
        new, old = idx[first], idx[~first]
        self.round_size[new] = size[first]
        self.round_kind[new] = np.where(kind[first] == BOMB, OPEN, kind[first])
        self.lead[new] = np.where(kind[first] == SINGLE, card[first], -1)
        k_old = kind[~first]
        grouped = (k_old == SET) | (k_old == FLUSH)
        self.round_kind[old[grouped]] = k_old[grouped]
        # KQ-14: the first single after an Excuse lead leads the suits.
        suits = (k_old == SINGLE) & (self.lead[old] == EXCUSE)
        self.lead[old[suits]] = card[~first][suits]
        self.last_seat[idx] = seat
        self.last_kind[idx] = kind
        self.last_rank[idx] = a.rank[acts]  # the Excuse's rank is 0 (KQ-15)
        self.passed[idx] = False
        r = self.round_plays[idx]
        self.round_actions[idx, r] = acts
        self.round_seats[idx, r] = seat
        self.round_plays[idx] = r + 1
        promised = a.promise[acts]
        self.promiser[idx[promised]] = seat[promised]
        self.promise_value[idx[promised]] = left[promised]
        gone = np.flatnonzero(left == 0)
        ending = np.zeros(len(idx), dtype=bool)
        if len(gone):
            self._go_out(idx[gone], seat[gone])
            ending[gone] = (self.held[idx[gone]] > 0).sum(axis=1) == 1
        going = idx[~ending]
        self.turn[going] = self._next_holding(going, seat[~ending], 1)
        if len(gone) and ending.any():
            self._end_hand(idx[ending], points)

    def _go_out(self, idx: Ints, seat: Ints) -> None:
        """KQ-12: the seat goes out; KQ-30: the first out settles a promise."""
        count = self.out_count[idx]
        self.out[idx, count] = seat
        self.out_count[idx] = count + 1
        settle = (count == 0) & (self.promiser[idx] >= 0)
        rows, who = idx[settle], seat[settle]
        promiser, value = self.promiser[rows], self.promise_value[rows]
        kept = promiser == who
        self.bonus[rows[kept], promiser[kept]] += value[kept]
        broken = rows[~kept]
        share = -(-value[~kept] // (self.players - 1))
        others = self._seats != promiser[~kept][:, None]
        self.bonus[broken] += others * share[:, None]

    def _end_hand(self, idx: Ints, points: Ints) -> None:
        """KQ-12, KQ-25, KQ-26: places, points, the target reached by one player alone; KQ-3
        the next dealer and the next hand, dealt from the table's generator."""
        last = np.argmax(self.held[idx] > 0, axis=1)
        count = self.out_count[idx]
        self.out[idx, count] = last
        self.out_count[idx] = count + 1
        order = self.out[idx]
        scores = np.zeros((len(idx), self.players), dtype=np.int64)
        scores[np.arange(len(idx))[:, None], order] = self.points[None, :]
        scores += self.bonus[idx]
        hand = self.hand_no[idx]
        if hand.max() > self.history.shape[1]:
            wider = max(2 * self.history.shape[1], int(hand.max()))
            grown = np.zeros((self.batch, wider, self.players), dtype=np.int64)
            grown[:, : self.history.shape[1]] = self.history
            self.history = grown
        self.history[idx, hand - 1] = scores
        totals = self.totals[idx] + scores
        self.totals[idx] = totals
        points[idx] += scores
        best = totals.max(axis=1)
        alone = (totals == best[:, None]).sum(axis=1) == 1
        over = (best >= self.options["target"]) & alone
        ended = idx[over]
        if len(ended):
            self.over[ended] = True
            self._new_round(ended, np.full(len(ended), -1))
            for t in ended.tolist():
                totals_t = self.totals[t].tolist()
                self.places[t] = places_from_results(totals_t, lower_is_better=False)
        going = idx[~over]
        if len(going):
            self.hand_no[going] += 1
            self._deal_next(going)

    # --- scores and records -------------------------------------------------------------
    def scores(self) -> Ints:
        """[B, P] ``Game.scores``: the totals, and in a hand in play the places of the players
        out (KQ-25) and a resolved promise (KQ-30)."""
        now = self.totals.copy()
        live = np.flatnonzero((self.phase == PLAYING) & ~self.over)
        now[live] += self.bonus[live]
        for place in range(self.players):
            rows = live[self.out_count[live] > place]
            now[rows, self.out[rows, place]] += self.points[place]
        return now

    def _first_deal(self, table: int) -> dict[str, Any]:
        aside = int(self.first_aside[table])
        return {
            "hands": [[CODE[c] for c in hand] for hand in self.first_hands[table].tolist()],
            "aside": CODE[aside] if aside >= 0 else None,
            "dealer": int(self.first_dealer[table]),
        }

    # --- what a seat sees -------------------------------------------------------------
    def observe(self, seat: int) -> dict[str, npt.NDArray[Any]]:
        """What ``seat`` sees at every table (KQ-27), as arrays over the batch: its own hand,
        the two cards it gave and, in play, the two it received, every hand's size, and what
        is public (the round, every card played, who is out, the promise, the scores);
        nothing of the other hands, the card put aside, the later deals or the seeds."""
        n = self.players
        own = (self.hands[:, seat, None] >> np.arange(self.cards, dtype=np.uint64)) & _ONE
        received = np.stack(
            [self.gives[:, (seat + 1) % n, 1], self.gives[:, (seat - 1) % n, 0]], axis=1
        )
        received[self.phase != PLAYING] = -1
        return {
            "hand": own == 1,
            "hand_sizes": self.held.copy(),
            "gave": self.gives[:, seat].copy(),
            "received": received,
            "put_aside": self.aside >= 0,
            "phase": self.phase.copy(),
            "turn": self.turn.copy(),
            "dealer": self.dealer.copy(),
            "hand_no": self.hand_no.copy(),
            "round_size": self.round_size.copy(),
            "round_kind": self.round_kind.copy(),
            "lead": self.lead.copy(),
            "last_seat": self.last_seat.copy(),
            "last_kind": self.last_kind.copy(),
            "last_rank": self.last_rank.copy(),
            "passed": self.passed.copy(),
            "round_actions": self.round_actions.copy(),
            "round_seats": self.round_seats.copy(),
            "round_plays": self.round_plays.copy(),
            "played_cards": self.played_cards.copy(),
            "played": self.played.copy(),
            "out": self.out.copy(),
            "out_count": self.out_count.copy(),
            "promiser": self.promiser.copy(),
            "promise_value": self.promise_value.copy(),
            "bonus": self.bonus.copy(),
            "totals": self.totals.copy(),
            "history": self.history.copy(),
            "acting": self.acting(),
            "over": self.over.copy(),
        }

    def _state(self, table: int, seat: int | None) -> QuackersState:
        """Table ``table`` as the engine's state: every hand (``seat`` None) or, for ``seat``,
        what it knows (``_rebuild``)."""
        if seat is not None:
            return self._rebuild(self.observe(seat), table, seat)
        st = self._rebuild(self.observe(0), table, 0)
        bits = self.hands[table].tolist()
        st.hands = tuple(tuple(c for c in range(self.cards) if h >> c & 1) for h in bits)
        st.gives = tuple(None if g[0] < 0 else (g[0], g[1]) for g in self.gives[table].tolist())
        st.aside = int(self.aside[table])
        return st

    def _rebuild(self, obs: Mapping[str, npt.NDArray[Any]], t: int, seat: int) -> QuackersState:
        """The engine's state as ``seat`` knows it from its observation: the other hands as
        unknown cards of their sizes, the others' gives unknown but for the cards it got."""
        n = self.players
        st = QuackersState.blank()
        st.n, st.deck, st.bidding = n, self.deck, self.bidding
        st.target, st.lead_passes = self.options["target"], self.options["lead_passes"]
        st.rng, st.last_events = 0, ()
        st.hand_no, st.dealer = int(obs["hand_no"][t]), int(obs["dealer"][t])
        st.over = bool(obs["over"][t])
        done = st.hand_no - 1 + st.over
        st.history = tuple(tuple(h) for h in obs["history"][t, :done].tolist())
        st.totals = tuple(obs["totals"][t].tolist())
        st.phase = _PHASES[int(obs["phase"][t])]
        own = tuple(np.flatnonzero(obs["hand"][t]).tolist())
        sizes = obs["hand_sizes"][t].tolist()
        st.hands = tuple(own if s == seat else (-1,) * sizes[s] for s in range(n))
        st.aside = 0 if obs["put_aside"][t] else -1
        gave = obs["gave"][t].tolist()
        # Only whether each seat chose is public at the pass; in play every seat has chosen,
        # and this seat knows the card each neighbour gave it (KQ-5, KQ-27).
        gives: list[tuple[int, int] | None] = [None] * n
        if gave[0] >= 0:
            got = obs["received"][t].tolist()
            left, right = [-1, -1], [-1, -1]
            left[1], right[0] = got[0], got[1]
            gives = [(-1, -1)] * n
            gives[(seat + 1) % n] = (left[0], left[1])
            gives[(seat - 1) % n] = (right[0], right[1])
            gives[seat] = (gave[0], gave[1])
        st.gives = tuple(gives)
        st.played = tuple(obs["played_cards"][t, : int(obs["played"][t])].tolist())
        st.out = tuple(obs["out"][t, : int(obs["out_count"][t])].tolist())
        promiser = int(obs["promiser"][t])
        st.promise = None if promiser < 0 else (promiser, int(obs["promise_value"][t]))
        st.bonus = tuple(obs["bonus"][t].tolist())
        st.turn = int(obs["turn"][t])
        st.size, st.kind = int(obs["round_size"][t]), int(obs["round_kind"][t])
        st.lead, st.last_seat = int(obs["lead"][t]), int(obs["last_seat"][t])
        st.last_kind, st.last_rank = int(obs["last_kind"][t]), int(obs["last_rank"][t])
        st.passed = sum(1 << s for s in np.flatnonzero(obs["passed"][t]).tolist())
        r = int(obs["round_plays"][t])
        st.round_plays = tuple(
            (s, self.actions[a])
            for s, a in zip(
                obs["round_seats"][t, :r].tolist(),
                obs["round_actions"][t, :r].tolist(),
                strict=True,
            )
        )
        return st

    def to_view(self, obs: Mapping[str, npt.NDArray[Any]], table: int, seat: int) -> dict[str, Any]:
        """Row ``table`` of ``seat``'s observation as the engine's view
        (``KingOfTheQuackers.view``) at a step's boundary: the state is rebuilt from the
        observation alone and the game's own ``view`` speaks for it; the events of the last
        action (``last_events``) are not kept in the batch."""
        view = dict(GAME.view(self._rebuild(obs, table, seat), seat))
        del view["last_events"]
        return view

    def encode(self, seat: int) -> npt.NDArray[np.float32]:
        """[B, size] ``seat``'s observation as the research adapters encode its view
        (``adapters/king_of_the_quackers.py``, ``docs/adapters.md``): each table's view
        encoded by the adapter, one table at a time (a Python loop, not an array operation)."""
        from pondside.adapters.codec import Codec

        codec = Codec(GAME.info.slug, self.players, self.options)
        obs = self.observe(seat)
        rows = [codec.observe(self.to_view(obs, t, seat)) for t in range(self.batch)]
        return np.stack(rows).astype(np.float32)


__all__ = ["GAME", "KingOfTheQuackersTables", "StepLog"]  # StepLog: the docstring's example
