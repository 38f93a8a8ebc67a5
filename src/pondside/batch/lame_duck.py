"""Lame Duck over a batch of tables: the rules of ``games/lame_duck/`` on NumPy arrays.

Every table of the batch is a row of fixed-shape arrays; a step is one decision point of every
table at once (JaxMARL's parallel step): all seats choose their card together (LD-5), or, where
a card was too low, its player alone chooses the column to take (LD-8), a sub-step with its own
mask. Branches are selections over rows, never a Python ``if`` per table; the only Python loops
run over the seats of a turn (placement is in order, lowest card first, LD-5) and over the
cards of a shuffle.

Actions are numbered as the game numbers them (``Game.all_actions``: ``play 1`` .. ``play D``,
then ``take 0`` .. ``take 3``), and ``NOOP`` (one past the last) is what a seat passes when it
does not act. A seat sees :meth:`LameDuckTables.observe`: its own hand and what LD-12 makes
public, nothing else (``to_view`` turns one row of it into the engine's view, which the check
compares). The first round's deal comes from the batch's NumPy generator and is written into
each table's record; later rounds are dealt from each table's seed with the engine's own
generator (``batch/rng.py``), as a match started from a deal does.

>>> t = LameDuckTables(3, players=4, seed=7)
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

from pondside.engine import Game, IllegalAction
from pondside.games.lame_duck import (
    COLUMN_LIMIT,
    COLUMNS,
    DUCKS,
    GAME,
    HAND_SIZE,
    PLAY,
    TAKE,
    TURNS,
    deck_size,
)

from .base import Bools, Cards, Int32s, Ints, Step, StepLog, TablesBase
from .rng import shuffled

_DUCKS = np.array(DUCKS, dtype=np.int32)
# A seat plays at most 10 cards a round, each taking at most a full column (LD-7); the 5 more
# slots let a take write a whole column row without a bound check.
TAKEN_SLOTS = TURNS * COLUMN_LIMIT + COLUMN_LIMIT


class LameDuckTables(TablesBase):
    """``B`` Lame Duck tables of ``players`` seats with the game's options (LD-1, LD-10)."""

    game: Game[Any] = GAME

    def _setup(self) -> None:
        self.deck = deck_size(self.players, self.options["expert"])
        assert self.num_actions == self.deck + COLUMNS  # the notation: cards, then columns
        self._acting: Bools | None = None
        rounds = self.options["rounds"]
        self._history_rounds = rounds if rounds is not None else 8

    # --- dealing ----------------------------------------------------------------------
    def reset(self, rows: Bools | None = None) -> None:
        """Start new matches at ``rows`` (every table when None): new seeds, a new first deal."""
        idx = self._new_matches(rows)
        n = len(idx)
        if n == 0:
            return
        self._acting = None
        # A uniform shuffle: the order of independent uniform keys (53 random bits each, so a
        # tie, which the sort would break by position, has odds of about 1e-12 a deck). Twice
        # as fast as Generator.permuted over rows.
        cards = (np.argsort(self.rng.random((n, self.deck)), axis=1) + 1).astype(np.int16)
        self.first_hands[idx] = self._hands_of(cards)
        self.first_columns[idx] = cards[:, self.players * HAND_SIZE : self.players * HAND_SIZE + 4]
        self.round_no[idx] = 1
        self.totals[idx] = 0
        self.history[idx] = 0
        self.over[idx] = False
        self.places[idx] = 0
        self._start_round(idx, cards)

    def _allocate(self) -> None:
        b, p = self.batch, self.players
        self.seeds = np.zeros(b, dtype=np.uint64)
        self.states = np.zeros(b, dtype=np.uint64)
        self.first_hands = np.zeros((b, p, HAND_SIZE), dtype=np.int16)
        self.first_columns = np.zeros((b, COLUMNS), dtype=np.int16)
        self.hands = np.zeros((b, p, HAND_SIZE), dtype=np.int16)
        """Each hand's cards in its first ``held`` slots (in no order), zeros after."""
        self.held = np.zeros(b, dtype=np.int64)
        # Where each card is held: its seat (-1: in no hand) and its slot there, so that a
        # played card is found and checked by one look-up, not by searching every hand.
        self.owner = np.full((b, self.deck + 1), -1, dtype=np.int8)
        self.slot = np.zeros((b, self.deck + 1), dtype=np.int8)
        # The columns, flat, each with room at its end (a sink) where the tables that do not
        # place at a step write, so that placement runs over the whole batch without a branch.
        self._columns = np.zeros(b * COLUMNS * COLUMN_LIMIT + 2 * COLUMN_LIMIT, dtype=np.int16)
        self._lengths = np.zeros(COLUMNS * b + 1, dtype=np.int32)
        self._ends = np.zeros(COLUMNS * b + 1, dtype=np.int32)
        self._column_ducks = np.zeros(COLUMNS * b + 1, dtype=np.int32)
        self.revealed = np.zeros((b, p), dtype=np.int16)
        """The card each seat revealed this turn (while a take waits) or last turn; 0: none."""
        self.awaiting = np.full(b, -1, dtype=np.int64)
        self.taken = np.zeros((b, p, TAKEN_SLOTS), dtype=np.int16)
        self.taken_count = np.zeros((b, p), dtype=np.int64)
        self.ducks = np.zeros((b, p), dtype=np.int64)
        self.turn = np.zeros(b, dtype=np.int64)
        self.round_no = np.ones(b, dtype=np.int64)
        self.totals = np.zeros((b, p), dtype=np.int64)
        """Ducks per seat over the finished rounds."""
        self.history = np.zeros((b, self._history_rounds, p), dtype=np.int64)
        self.over = np.zeros(b, dtype=bool)
        self.places = np.zeros((b, p), dtype=np.int64)

    @property
    def columns(self) -> Cards:
        """[B, 4, 5] each column's cards, first card first, zeros after (LD-4, LD-6)."""
        return self._columns[: self.batch * COLUMNS * COLUMN_LIMIT].reshape(
            self.batch, COLUMNS, COLUMN_LIMIT
        )

    # Column-major ([4, B]): NumPy works over rows, and four rows of B cells go many times
    # faster than B rows of four.
    @property
    def lengths(self) -> Int32s:
        """[4, B] the number of cards in each column."""
        return self._lengths[: COLUMNS * self.batch].reshape(COLUMNS, self.batch)

    @property
    def ends(self) -> Int32s:
        """[4, B] each column's last card."""
        return self._ends[: COLUMNS * self.batch].reshape(COLUMNS, self.batch)

    @property
    def column_ducks(self) -> Int32s:
        """[4, B] the ducks each column would cost (LD-2)."""
        return self._column_ducks[: COLUMNS * self.batch].reshape(COLUMNS, self.batch)

    def _hands_of(self, cards: Cards) -> Cards:
        """LD-4: the first 10·P cards of each shuffled deck, 10 to each seat in turn."""
        return cards[:, : self.players * HAND_SIZE].reshape(-1, self.players, HAND_SIZE)

    def _start_round(self, idx: Ints, cards: Cards) -> None:
        """LD-4: hands and the four columns from each shuffled deck; a round's state anew."""
        start = self.players * HAND_SIZE
        self.hands[idx] = self._hands_of(cards)
        self.held[idx] = HAND_SIZE
        dealt = cards[:, :start]
        self.owner[idx] = -1
        self.owner[idx[:, None], dealt] = np.arange(start) // HAND_SIZE
        self.slot[idx[:, None], dealt] = np.arange(start) % HAND_SIZE
        first = cards[:, start : start + COLUMNS]
        self.columns[idx] = 0
        self.columns[idx, :, 0] = first
        self.lengths[:, idx] = 1
        self.ends[:, idx] = first.T
        self.column_ducks[:, idx] = _DUCKS[first].T
        self.revealed[idx] = 0
        self.awaiting[idx] = -1
        self.taken[idx] = 0  # a seat's view holds this round's cards only (LD-12)
        self.taken_count[idx] = 0
        self.ducks[idx] = 0
        self.turn[idx] = 0

    def set_position(self, table: int, columns: list[list[int]], hands: list[list[int]]) -> None:
        """Put ``table`` at the start of a turn with these columns (first card first) and
        hands of equal size (the rulebook's examples; the other cards stay unused)."""
        sizes = {len(h) for h in hands}
        if len(hands) != self.players or len(sizes) != 1 or not 1 <= min(sizes) <= HAND_SIZE:
            raise ValueError(f"give {self.players} hands of the same size, 1 to {HAND_SIZE} cards")
        if len(columns) != COLUMNS or not all(1 <= len(c) <= COLUMN_LIMIT for c in columns):
            raise ValueError("give 4 columns of 1 to 5 cards (LD-4, LD-7)")
        self.columns[table] = 0
        for k, col in enumerate(columns):
            self.columns[table, k, : len(col)] = col
        self.lengths[:, table] = [len(c) for c in columns]
        self.ends[:, table] = [c[-1] for c in columns]
        self.column_ducks[:, table] = [int(_DUCKS[c].sum()) for c in columns]
        held = len(hands[0])
        self.hands[table] = 0
        self.owner[table] = -1
        for s, hand in enumerate(hands):
            self.hands[table, s, :held] = hand
            self.owner[table, hand] = s
            self.slot[table, hand] = np.arange(held)
        self.held[table], self.turn[table] = held, TURNS - held
        self.revealed[table], self.awaiting[table] = 0, -1
        self._acting = None

    def load_states(self, rows: Ints, states: Sequence[Any], of: Ints | None = None) -> Ints:
        """Put table ``rows[k]`` in the engine's state ``states[of[k]]`` (``states[k]`` when
        ``of`` is None): a ``LameDuckState`` of this batch's players and options, its generator
        included, so that the table plays on as the engine would from there (the search's
        determinizations are played out so, ``bots/rollout.py``). Returns ``[len(rows), P]``
        each seat's card chosen and not yet revealed (LD-5) as its action, ``noop`` where
        none: the batch holds no hidden choice, so its caller passes them at the next step.
        """
        p, n = self.players, len(states)
        rows = np.asarray(rows, dtype=np.int64)
        pick = np.arange(n) if of is None else np.asarray(of, dtype=np.int64)
        hands = np.zeros((n, p, HAND_SIZE), dtype=np.int16)
        held = np.zeros(n, dtype=np.int64)
        columns = np.zeros((n, COLUMNS, COLUMN_LIMIT), dtype=np.int16)
        lengths = np.zeros((n, COLUMNS), dtype=np.int32)
        revealed = np.zeros((n, p), dtype=np.int16)
        taken = np.zeros((n, p, TAKEN_SLOTS), dtype=np.int16)
        counts = np.zeros((n, p), dtype=np.int64)
        history = np.zeros((n, max(len(st.history) for st in states), p), dtype=np.int64)
        for i, st in enumerate(states):
            options = {"expert": st.expert, "rounds": st.rounds, "target": st.target}
            if st.n != p or options != self.options:
                raise ValueError(
                    f"a state of {st.n} players with options {options} does not fit these "
                    f"tables of {p} with {self.options}"
                )
            size = len(st.hands[0])
            if any(len(h) != size for h in st.hands):
                raise ValueError("every hand holds as many cards at a turn's boundary (LD-5)")
            held[i] = size
            if size:
                hands[i, :, :size] = st.hands
            for k, col in enumerate(st.columns):
                columns[i, k, : len(col)] = col
                lengths[i, k] = len(col)
            for card, s in st.revealed:
                revealed[i, s] = card
            for s, cards in enumerate(st.taken):
                if cards:
                    taken[i, s, : len(cards)] = cards
                    counts[i, s] = len(cards)
            if st.history:
                history[i, : len(st.history)] = st.history
        cards = hands.reshape(n, -1).astype(np.int64)
        owner = np.full((n, self.deck + 1), -1, dtype=np.int8)
        slot = np.zeros((n, self.deck + 1), dtype=np.int8)
        at = np.arange(n)[:, None]
        owner[at, cards] = np.arange(p * HAND_SIZE) // HAND_SIZE
        slot[at, cards] = np.arange(p * HAND_SIZE) % HAND_SIZE
        owner[:, 0], slot[:, 0] = -1, 0
        self.hands[rows], self.held[rows] = hands[pick], held[pick]
        self.owner[rows], self.slot[rows] = owner[pick], slot[pick]
        self.columns[rows] = columns[pick]
        self.lengths[:, rows] = lengths[pick].T
        last = np.take_along_axis(columns, (lengths - 1)[:, :, None].astype(np.int64), 2)[..., 0]
        self.ends[:, rows] = last[pick].T
        self.column_ducks[:, rows] = _DUCKS[columns].sum(axis=2)[pick].T
        self.revealed[rows] = revealed[pick]
        self.awaiting[rows] = np.array([st.awaiting for st in states])[pick]
        self.taken[rows], self.taken_count[rows] = taken[pick], counts[pick]
        self.ducks[rows] = np.array([st.ducks for st in states], dtype=np.int64)[pick]
        self.turn[rows] = np.array([st.turn for st in states])[pick]
        self.round_no[rows] = np.array([st.round_no for st in states])[pick]
        if history.shape[1] > self.history.shape[1]:
            grown = np.zeros((self.batch, 2 * history.shape[1], p), np.int64)
            grown[:, : self.history.shape[1]] = self.history
            self.history = grown
        self.history[rows] = 0
        self.history[rows, : history.shape[1]] = history[pick]
        totals = history.sum(axis=1)
        self.totals[rows] = totals[pick]
        over = np.array([st.over for st in states], dtype=bool)
        self.over[rows] = over[pick]
        # LD-10: competition places, fewer ducks better, where the state's match is over.
        places = 1 + (totals[:, None, :] < totals[:, :, None]).sum(axis=2)
        self.places[rows] = np.where(over[:, None], places, 0)[pick]
        self.states[rows] = np.array(
            [st.rng & 0xFFFFFFFFFFFFFFFF for st in states], dtype=np.uint64
        )[pick]
        self._acting = None
        chosen = np.array([st.chosen for st in states], dtype=np.int64)[pick]
        forced: Ints = np.where(chosen > 0, chosen - 1, self.noop)
        return forced

    # --- who acts, and what they may do -------------------------------------------------
    def acting(self) -> Bools:
        """[B, P]: the seats that decide at this step (all while cards are chosen, LD-5; the
        too-low card's player alone while a column is to be taken, LD-8; none once over).
        Made once per step and shared: read it, do not change it."""
        if self._acting is None:
            everyone = (self.awaiting < 0) & ~self.over
            acting = (self._seats == self.awaiting[:, None]) | everyone[:, None]
            acting.flags.writeable = False
            self._acting = acting
        return self._acting

    def legal_mask(self, seat: int | None = None) -> Bools:
        """[B, P, A] legal actions of every seat (or [B, A] of ``seat``); a seat that does not
        act has none (it passes ``noop``)."""
        seats = range(self.players) if seat is None else (seat,)
        acting = self.acting()
        out = np.zeros((self.batch, len(seats), self.num_actions + 1), dtype=bool)
        waiting = self.awaiting >= 0
        for k, s in enumerate(seats):
            playing = acting[:, s] & ~waiting
            cards = np.where(playing[:, None], self.hands[:, s, :].astype(np.int64) - 1, -1)
            out[self._rows[:, None], k, cards] = True  # -1 lands on the spare last column
            out[acting[:, s] & waiting, k, self.deck : self.deck + COLUMNS] = True
        out = out[:, :, : self.num_actions]
        return out[:, 0] if seat is not None else out

    def random_actions(self, rng: np.random.Generator) -> Ints:
        """[B, P] a uniformly random legal action for every acting seat, ``noop`` for the rest
        (the batched random bot)."""
        acting = self.acting()
        waiting = self.awaiting >= 0
        u = rng.random((self.batch, self.players))
        slot = (u * self.held[:, None]).astype(np.int64)
        at = (self._rows * self.players)[:, None] + self._seats
        out = self.hands.reshape(-1)[at * HAND_SIZE + slot].astype(np.int64) - 1
        take = self.deck + (u * COLUMNS).astype(np.int64)
        out[waiting] = take[waiting]
        out[~acting] = self.noop
        actions: Ints = out
        return actions

    # --- a step -----------------------------------------------------------------------
    def step(self, actions: npt.ArrayLike, rows: Bools | None = None) -> Step:
        """Every seat's action (``noop`` where it does not act); ``rows`` limits the step to
        those tables (the others neither act nor change). Raises ``IllegalAction`` naming the
        first table and seat whose action is not legal, and then changes nothing."""
        acts, acting = self._step_input(actions, rows)
        waiting = self.awaiting >= 0
        choose = acting.any(axis=1) & ~waiting
        take = acting.any(axis=1) & waiting
        slot = self._check(acts, acting, choose, take)
        before, round_before = self.ducks.copy(), self.round_no.copy()
        ended = self.over.copy()
        playing = np.flatnonzero(choose)
        placing = np.zeros(self.batch, dtype=bool)
        placing[self._choose(playing, acts[playing] + 1, slot[playing])] = True
        taking = np.flatnonzero(take)
        column = None
        if len(taking):
            column = np.full(self.batch, -1, dtype=np.int64)
            column[taking] = acts[taking, self.awaiting[taking]] - self.deck
            self.awaiting[taking] = -1
            placing[taking] = True
        self._place(placing, column)
        self._acting = None
        gained = self.ducks - before
        # Where a round ended and the next began, its ducks went to history and start anew.
        dealt = np.flatnonzero(self.round_no != round_before)
        gained[dealt] = self.history[dealt, round_before[dealt] - 1] - before[dealt]
        return Step(gained, self.over & ~ended)

    def _check(self, acts: Ints, acting: Bools, choose: Bools, take: Bools) -> Ints:
        """The slot of each played card in its hand; raises on the first illegal action."""
        plays = (acts >= 0) & (acts < self.deck)
        cards = np.where(plays, acts + 1, 0)
        at = self._rows[:, None] * (self.deck + 1) + cards
        in_hand = self.owner.ravel()[at] == self._seats
        takes = (acts >= self.deck) & (acts < self.num_actions)
        ok = np.where(
            acting,
            np.where(choose[:, None], in_hand, take[:, None] & takes),
            acts == self.noop,
        )
        if not ok.all():
            b, s = (int(x) for x in np.argwhere(~ok)[0])
            raise IllegalAction(self._why(b, s, int(acts[b, s]), bool(acting[b, s])))
        slot: Ints = self.slot.ravel()[at].astype(np.int64)
        return slot

    def _why(self, b: int, s: int, action: int, acts: bool) -> str:
        return refusal(self, b, s, action, acts, int(self.awaiting[b]), self.deck)

    def _choose(self, idx: Ints, cards: Ints, slot: Ints) -> Ints:
        """LD-5: the chosen cards leave the hands and are revealed; a too-low lowest card waits
        for its player's column (LD-8). Returns the tables whose cards are placed now."""
        p, width = self.players, self.deck + 1
        last = self.held[idx] - 1
        # The hand's last card fills the played card's slot.
        base = (idx * p)[:, None] + self._seats
        hands = self.hands.reshape(-1)
        moved_at = base * HAND_SIZE + last[:, None]
        moved = hands[moved_at].astype(np.int64)
        hands[base * HAND_SIZE + slot] = moved
        hands[moved_at] = 0
        rows = (idx * width)[:, None]
        self.slot.reshape(-1)[rows + moved] = slot
        self.owner.reshape(-1)[rows + cards] = -1
        self.held[idx] = last
        self.revealed[idx] = cards
        lowest = cards.min(axis=1)
        too_low = lowest < self.ends[:, idx].min(axis=0)
        if not too_low.any():
            return idx
        self.awaiting[idx[too_low]] = cards[too_low].argmin(axis=1)
        placing: Ints = idx[~too_low]
        return placing

    def _place(self, placing: Bools, take: Ints | None) -> None:
        """LD-6..LD-8: the revealed cards placed lowest first at the ``placing`` tables;
        ``take`` is the column the too-low card's player chose (-1 where none is too low;
        None: at no table). The whole batch is worked over; the other tables write to the
        sinks."""
        p, b = self.players, self.batch
        r = self._rows
        revealed = np.ascontiguousarray(self.revealed.T, dtype=np.int32)
        rank = np.zeros((p, b), dtype=np.int64)
        for s in range(p):  # LD-5: lowest first; rank = how many of the turn's cards are lower
            rank += revealed[s] < revealed
        # Zeros, not np.empty: a table that is not placing may hold equal cards (a row loaded
        # for a search with nothing revealed yet), whose ranks tie and leave holes in its
        # order; its reads go to the sinks, but they must index the batch.
        order = np.zeros((p, b), dtype=np.int64)
        order[rank, r] = self._seats[:, None]
        ends = self.ends
        lengths, flat_ends = self._lengths, self._ends
        cducks, columns = self._column_ducks, self._columns
        ducks, count = self.ducks.reshape(-1), self.taken_count.reshape(-1)
        taken = self.taken.reshape(-1)
        tagged = np.arange(COLUMNS)[:, None]
        five = np.arange(COLUMN_LIMIT)
        sink, sink_cell = COLUMNS * b, b * COLUMNS * COLUMN_LIMIT
        for k in range(p):
            seat = order[k]
            card = revealed.reshape(-1)[seat * b + r]
            # LD-6: the closest lower end is the greatest one below the card; each end carries
            # its column in its two low bits, so the greatest of four rows names the column.
            key = (ends < card) * (ends * COLUMNS + tagged)
            col = np.maximum(np.maximum(key[0], key[1]), np.maximum(key[2], key[3])) & 3
            full = np.zeros(b, dtype=bool)
            if k == 0 and take is not None:
                chose = take >= 0
                col = np.where(chose, take, col)  # LD-8: only the lowest can be too low
                full = chose
            at = np.where(placing, col * b + r, sink)
            length = lengths[at]
            full |= length == COLUMN_LIMIT
            cell = np.where(placing, (r * COLUMNS + col) * COLUMN_LIMIT, sink_cell)
            who = np.flatnonzero(full & placing)
            if len(who):  # LD-7, LD-8: the column's cards go to the player, the card starts it
                gone = at[who]
                whose = who * p + seat[who]
                cells = cell[who][:, None] + five
                taken[(whose * TAKEN_SLOTS + count[whose])[:, None] + five] = columns[cells]
                count[whose] += lengths[gone]
                ducks[whose] += cducks[gone]
                columns[cells] = 0
                cducks[gone] = 0
                length[who] = 0
            columns[cell + length] = card
            lengths[at] = length + 1
            flat_ends[at] = card
            cducks[at] += _DUCKS[card]
            lengths[sink] = 0
        self.turn += placing
        done = np.flatnonzero(placing & (self.turn == TURNS))
        if len(done):
            self._end_round(done)

    def _end_round(self, idx: Ints) -> None:
        """LD-9, LD-10: the round's ducks go to history; the match ends, or a new round is
        dealt from each table's generator (a match from a deal deals its later rounds so)."""
        rounds, target = self.options["rounds"], self.options["target"]
        if self.round_no[idx].max() > self.history.shape[1]:
            grown = np.zeros((self.batch, 2 * self.history.shape[1], self.players), np.int64)
            grown[:, : self.history.shape[1]] = self.history
            self.history = grown
        self.history[idx, self.round_no[idx] - 1] = self.ducks[idx]
        self.totals[idx] += self.ducks[idx]
        totals = self.totals[idx]
        # LD-10: until someone reaches the target, or for the given number of rounds.
        over = totals.max(axis=1) >= target if target is not None else self.round_no[idx] >= rounds
        ended = idx[over]
        self.over[ended] = True
        # LD-10: competition places, fewer ducks better (1, 2, 2, 4).
        done = totals[over]
        self.places[ended] = 1 + (done[:, None, :] < done[:, :, None]).sum(axis=2)
        going = idx[~over]
        if len(going):
            self.round_no[going] += 1
            cards, self.states[going] = shuffled(self.states[going], self.deck)
            self._start_round(going, cards)

    # --- scores and records -------------------------------------------------------------
    def scores(self) -> Ints:
        """[B, P] ducks over the match so far, the round in play included (``Game.scores``)."""
        live = np.where((self.turn < TURNS)[:, None], self.ducks, 0)
        return self.totals + live

    def _first_deal(self, table: int) -> dict[str, Any]:
        return first_deal(self.first_hands[table], self.first_columns[table])

    # --- what a seat sees -------------------------------------------------------------
    def observe(self, seat: int) -> dict[str, npt.NDArray[Any]]:
        """What ``seat`` sees at every table (LD-12), as arrays over the batch: its own hand
        and the public table, nothing of the other hands, the unused cards or the seeds."""
        mask = np.zeros((self.batch, self.deck + 1), dtype=bool)
        mask[self._rows[:, None], self.hands[:, seat, :]] = True
        return {
            "hand": mask[:, 1:],
            "held": self.held.copy(),
            "columns": self.columns.copy(),
            "column_lengths": self.lengths.T.copy(),
            "column_ducks": self.column_ducks.T.copy(),
            "revealed": self.revealed.copy(),
            "awaiting": self.awaiting.copy(),
            "taken": self.taken.copy(),
            "taken_count": self.taken_count.copy(),
            "round_ducks": self.ducks.copy(),
            "totals": self.scores(),
            "history": self.history.copy(),
            "round": self.round_no.copy(),
            "turn": self.turn.copy(),
            "acting": self.acting(),
            "over": self.over.copy(),
        }

    def encode(self, seat: int) -> npt.NDArray[np.float32]:
        """[B, size] ``seat``'s observation as the research adapters encode its view
        (``adapters/lame_duck.py``, the layout of ``docs/adapters.md``), for every table at
        once; seats relative to ``seat`` (row 0 is the seat itself)."""
        from pondside.adapters.codec import Codec

        layout = Codec(GAME.info.slug, self.players, self.options).layout
        at = {f.name: f.start for f in layout.fields}
        b, n, d, rows = self.batch, self.players, self.deck, self._rows[:, None]
        out = np.zeros((b, layout.size + 1), dtype=np.float32)  # the last: a sink for blanks
        sink = layout.size
        order = (seat + np.arange(n)) % n  # relative row r is seat (seat + r) % n

        def cards_at(start: int, cards: npt.NDArray[Any]) -> None:
            c = cards.reshape(b, -1).astype(np.int64)
            out[rows, np.where(c > 0, start + c - 1, sink)] = 1

        cards_at(at["hand"], self.hands[:, seat])
        for k in range(COLUMNS):
            cards_at(at["column_cards"] + k * d, self.columns[:, k])
        for r, s in enumerate(order):
            cards_at(at["revealed"] + r * d, self.revealed[:, s])
            used = np.arange(TAKEN_SLOTS) < self.taken_count[:, s, None]
            cards_at(at["taken"] + r * d, np.where(used, self.taken[:, s], 0))
        out[:, at["column_length"] : at["column_length"] + COLUMNS] = self.lengths.T
        out[:, at["column_end"] : at["column_end"] + COLUMNS] = self.ends.T
        out[:, at["column_ducks"] : at["column_ducks"] + COLUMNS] = self.column_ducks.T
        out[:, at["hand_size"] : at["hand_size"] + n] = self.held[:, None]
        waiting = np.where(
            self.awaiting >= 0, at["awaiting_take"] + (self.awaiting - seat) % n, sink
        )
        out[self._rows, waiting] = 1
        out[:, at["to_act"] : at["to_act"] + n] = self.acting()[:, order]
        out[:, at["round_ducks"] : at["round_ducks"] + n] = self.ducks[:, order]
        out[:, at["totals"] : at["totals"] + n] = self.scores()[:, order]
        misc = at["round_turn_over"]
        out[:, misc] = self.round_no
        out[:, misc + 1] = np.minimum(self.turn + 1, TURNS)
        out[:, misc + 2] = self.over
        return out[:, :sink]

    def to_view(self, obs: Mapping[str, npt.NDArray[Any]], table: int, seat: int) -> dict[str, Any]:
        """Row ``table`` of ``seat``'s observation as the engine's view (``view_of``)."""
        return view_of(self.players, self.options, obs, table, seat)


# --- shared with the JAX engine (batch/jax_lame_duck.py) --------------------------------------
def first_deal(hands: npt.NDArray[Any], columns: npt.NDArray[Any]) -> dict[str, Any]:
    """A table's first deal as its record's ``deal`` writes it (``protocol.md``): each hand
    sorted, the four column cards."""
    return {"hands": np.sort(hands, axis=1).tolist(), "columns": np.asarray(columns).tolist()}


def refusal(
    tables: TablesBase, b: int, s: int, action: int, acts: bool, awaiting: int, deck: int
) -> str:
    """Why seat ``s`` of table ``b`` may not pass ``action`` (``awaiting``: the seat whose
    too-low card waits for its column there, -1 for none)."""
    refused = tables._refusal(b, s, action, acts)
    if refused:
        return refused
    where = f"table {b}, seat {s}"
    name = tables.actions[action]
    if awaiting >= 0:
        return f"{where} must take a column (LD-8): take 0..3, not {name!r}"
    if action >= deck:
        return f"{where}: no card is too low, so no column is taken now (LD-8), not {name!r}"
    return f"{where}: card {action + 1} is not in its hand (LD-5)"


def view_of(
    players: int,
    options: Mapping[str, Any],
    obs: Mapping[str, npt.NDArray[Any]],
    table: int,
    seat: int,
) -> dict[str, Any]:
    """Row ``table`` of ``seat``'s observation (``LameDuckTables.observe``) as the engine's view
    (``LameDuck.view``) at a step's boundary, where no card is chosen and none awaits its
    reveal; the events of the last action (``last_events``) are not kept in the batch."""
    t = table
    turn, over, held = int(obs["turn"][t]), bool(obs["over"][t]), int(obs["held"][t])
    rounds_done = int(obs["round"][t]) - (turn < TURNS)
    waiting = int(obs["awaiting"][t])
    revealed = obs["revealed"][t]
    lengths, counts = obs["column_lengths"][t], obs["taken_count"][t]
    return {
        "game": GAME.info.slug,
        "players": players,
        "seat": seat,
        "to_act": np.flatnonzero(obs["acting"][t]).tolist(),
        "over": over,
        "hand_number": int(obs["round"][t]),
        "hand_sizes": [held] * players,
        "totals": obs["totals"][t].tolist(),
        "hand_scores": obs["history"][t, :rounds_done].tolist(),
        "options": dict(options),
        "turn_number": min(turn + 1, TURNS),
        "turns": TURNS,
        "columns": [obs["columns"][t, k, : lengths[k]].tolist() for k in range(COLUMNS)],
        "column_ducks": obs["column_ducks"][t].tolist(),
        "chosen": [False] * players,
        "revealed": [[int(s), int(revealed[s])] for s in np.argsort(revealed) if revealed[s]],
        "awaiting_take": None if waiting < 0 else waiting,
        "taken": [obs["taken"][t, s, : counts[s]].tolist() for s in range(players)],
        "round_ducks": obs["round_ducks"][t].tolist(),
        "hand": (np.flatnonzero(obs["hand"][t]) + 1).tolist(),
        "my_choice": None,
    }


__all__ = ["GAME", "PLAY", "TAKE", "LameDuckTables", "StepLog"]  # StepLog: the docstring's example
