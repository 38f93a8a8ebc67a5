"""Lame Duck over a batch of tables in JAX: the rules of ``batch/lame_duck.py`` as pure functions.

The state is a ``DuckTables`` pytree of fixed-shape arrays, one row per table. One table's
step is written once (``LameDuckJax._step_one``) and run over the batch with ``jax.vmap``;
placement's per-seat pass (lowest card first, LD-5) is unrolled over the seats (their number
is a shape); a whole random rollout is one ``lax.scan`` (``rollout``), so a GPU runs it with
no Python between steps. Every function is compiled once per player count, deck (LD-1) and
batch size (``kernel`` keeps one ``LameDuckJax`` per player count and deck); the match length
(LD-10) is data of each table.

The rules are the NumPy engine's, to the card: every option and player count, the too-low
column choice as a sub-step of its own (LD-8), rounds and match ends (LD-10). Actions are
numbered as the game numbers them (``play 1`` .. ``play D``, then ``take 0`` .. ``take 3``, the
no-op one past them). A step where some seat of a table passes an illegal action leaves that
table as it was and says so (``JaxStep.illegal``): a compiled function cannot raise per table;
``JaxLameDuckTables.step`` raises ``IllegalAction`` for it as the NumPy engine does.

Deals: the first round of each match is a uniform permutation from ``jax.random``, written
into the table's record (``deal``); the later rounds are dealt from the table's seed with the
engine's own generator (SplitMix64, ``batch/jax_rng.py``), as a match started from a deal
deals them, so ``Match.from_record`` replays every table exactly. Those shuffles, and the new
matches of a rollout, are made for the tables that need them only, a chunk of rows at a time
(``_rewrite``): a shuffle is a hundred draws of the generator and, for each dealt card, a chain
of a hundred selections (``jax_rng.traced``), too dear to run at every table at every step.

>>> k = kernel(4)
>>> state = k.init(jax.random.key(7), 32, rounds=2)
>>> state.hands.shape, int(k.acting(state).sum())
((32, 4, 10), 128)
>>> state, key, moved, decisions = k.rollout(state, jax.random.key(1), 60)
>>> moved.tolist() == [32] * 60  # a finished match is dealt again at once: every table moves
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt
from jax import lax

from pondside.engine import Game, IllegalAction
from pondside.games.lame_duck import COLUMN_LIMIT, COLUMNS, DUCKS, GAME, HAND_SIZE, TURNS, deck_size

from .base import Bools, Ints, Step, TablesBase
from .jax_rng import seed_words, shuffled, traced
from .lame_duck import TAKEN_SLOTS, LameDuckTables, first_deal, refusal, view_of

_DUCKS = jnp.array(DUCKS, dtype=jnp.int32)
HISTORY = 16
"""Rounds of history a state holds at first; ``JaxLameDuckTables`` grows it as matches go on."""


class DuckTables(NamedTuple):
    """``B`` Lame Duck tables (the arrays of ``LameDuckTables``, row-major: one row a table)."""

    seed: jax.Array
    """[B, 2] uint32: each table's match seed (high, low halves), for its record."""
    rng: jax.Array
    """[B, 2] uint32: each table's generator, which deals the rounds after the first."""
    first_hands: jax.Array
    """[B, P, 10] int16: the first round's hands, for the record's ``deal``."""
    first_columns: jax.Array
    """[B, 4] int16: the first round's columns."""
    hands: jax.Array
    """[B, P, 10] int16: each hand's cards in its first ``held`` slots, zeros after."""
    held: jax.Array
    """[B] int32."""
    columns: jax.Array
    """[B, 4, 5] int16: each column's cards, first card first, zeros after."""
    lengths: jax.Array
    """[B, 4] int32."""
    ends: jax.Array
    """[B, 4] int32: each column's last card."""
    column_ducks: jax.Array
    """[B, 4] int32: the ducks each column would cost (LD-2)."""
    revealed: jax.Array
    """[B, P] int32: each seat's card of this turn (while a take waits) or the last; 0 none."""
    awaiting: jax.Array
    """[B] int32: the seat whose too-low card waits for its column (LD-8), -1 for none."""
    taken: jax.Array
    """[B, P, 55] int16: the cards each seat took this round, in the order taken."""
    taken_count: jax.Array
    """[B, P] int32."""
    ducks: jax.Array
    """[B, P] int32: this round's ducks."""
    totals: jax.Array
    """[B, P] int32: ducks over the finished rounds."""
    history: jax.Array
    """[B, H, P] int32: each finished round's ducks (the first H rounds)."""
    turn: jax.Array
    """[B] int32."""
    round_no: jax.Array
    """[B] int32."""
    over: jax.Array
    """[B] bool."""
    places: jax.Array
    """[B, P] int32: competition places once over (LD-10), 0 before."""
    rounds: jax.Array
    """[B] int32: the match's rounds (LD-10), 0 where it plays to a target."""
    target: jax.Array
    """[B] int32: the match's target of ducks (LD-10), 0 where it plays a number of rounds."""


class JaxStep(NamedTuple):
    """What one step did at every table."""

    points: jax.Array
    """[B, P] the ducks each seat took in this step (LD-9)."""
    ended: jax.Array
    """[B] the tables whose match ended in this step."""
    illegal: jax.Array
    """[B, P] the seats whose action was not legal; their table did not move."""


def _where(flag: jax.Array, new: Any, old: Any) -> Any:
    """``new`` where the (one table's) ``flag`` holds, else ``old``: a branch as a selection."""
    return jax.tree.map(lambda a, b: jnp.where(flag, a, b), new, old)


class LameDuckJax:
    """The compiled functions of Lame Duck at ``players`` seats, with the expert deck or not
    (LD-1): the shapes. How a match ends (``rounds`` or ``target``, LD-10) is data of each
    table, given to ``init``, so that one compilation serves every match length."""

    def __init__(self, players: int, expert: bool = False) -> None:
        self.players, self.expert = players, expert
        self.deck = deck_size(players, expert)
        self.num_actions = self.deck + COLUMNS
        self.noop = self.num_actions
        self._init_jit = jax.jit(self._init, static_argnums=(1, 2))
        self.step: Callable[..., tuple[DuckTables, JaxStep]] = jax.jit(self._step)
        self.acting: Callable[[DuckTables], jax.Array] = jax.jit(self._acting)
        self.legal_mask: Callable[[DuckTables], jax.Array] = jax.jit(self._legal_mask)
        self.random_actions: Callable[[DuckTables, jax.Array], jax.Array] = jax.jit(
            self._random_actions
        )
        self.reset: Callable[[DuckTables, jax.Array, jax.Array], DuckTables] = jax.jit(self._reset)
        self.scores: Callable[[DuckTables], jax.Array] = jax.jit(self._scores)
        self.observe: Callable[[DuckTables, int], dict[str, jax.Array]] = jax.jit(self._observe)
        self.rollout: Callable[
            [DuckTables, jax.Array, int], tuple[DuckTables, jax.Array, jax.Array, jax.Array]
        ] = jax.jit(self._rollout, static_argnums=(2,))

    # --- dealing ----------------------------------------------------------------------
    def _start_round(self, st: DuckTables, cards: jax.Array) -> DuckTables:
        """LD-4 at one table: 10 cards to each seat in turn from the shuffled deck ``cards``,
        the next four start the columns; the round's state anew."""
        p = self.players
        start = p * HAND_SIZE
        first = cards[start : start + COLUMNS]
        return st._replace(
            hands=cards[:start].reshape(p, HAND_SIZE),
            held=jnp.int32(HAND_SIZE),
            columns=jnp.zeros((COLUMNS, COLUMN_LIMIT), jnp.int16).at[:, 0].set(first),
            lengths=jnp.ones(COLUMNS, jnp.int32),
            ends=first.astype(jnp.int32),
            column_ducks=_DUCKS[first],
            revealed=jnp.zeros(p, jnp.int32),
            awaiting=jnp.int32(-1),
            taken=jnp.zeros_like(st.taken),
            taken_count=jnp.zeros(p, jnp.int32),
            ducks=jnp.zeros(p, jnp.int32),
            turn=jnp.int32(0),
        )

    def _new_match(self, st: DuckTables, key: jax.Array) -> DuckTables:
        """A new match at one table: a new seed (below 2**63, as the NumPy engine's) and a
        uniform first deal; its rounds after the first come from the seed (LD-4)."""
        deal_key, seed_key = jax.random.split(key)
        # A uniform Fisher-Yates shuffle: position i swaps with a uniform j <= i.
        bounds = jnp.arange(self.deck, 1, -1)
        picks = jax.random.randint(deal_key, (self.deck - 1,), 0, bounds)
        cards = traced(picks, self.deck, self.players * HAND_SIZE + COLUMNS)
        seed = jax.random.bits(seed_key, (2,), jnp.uint32) & jnp.array(
            [0x7FFFFFFF, 0xFFFFFFFF], jnp.uint32
        )
        start = self.players * HAND_SIZE
        st = st._replace(
            seed=seed,
            rng=jnp.stack(seed_words(seed[0], seed[1])),
            first_hands=cards[:start].reshape(self.players, HAND_SIZE),
            first_columns=cards[start : start + COLUMNS],
            totals=jnp.zeros_like(st.totals),
            history=jnp.zeros_like(st.history),
            round_no=jnp.int32(1),
            over=jnp.bool_(False),
            places=jnp.zeros_like(st.places),
        )
        return self._start_round(st, cards)

    def _next_round(self, st: DuckTables, _: jax.Array) -> DuckTables:
        """LD-4, LD-10: the next round at one table, dealt from its generator as the engine
        deals a match's later rounds (``Rng.shuffled`` of the whole deck)."""
        dealt = self.players * HAND_SIZE + COLUMNS
        cards, (hi, lo) = shuffled((st.rng[0], st.rng[1]), self.deck, dealt)
        st = st._replace(rng=jnp.stack([hi, lo]), round_no=st.round_no + 1)
        return self._start_round(st, cards)

    def _rewrite(
        self,
        st: DuckTables,
        rows: jax.Array,
        make: Callable[[DuckTables, jax.Array], DuckTables],
        key: jax.Array | None,
    ) -> DuckTables:
        """``make`` (one table's new state from its old one and a key: None when it draws
        nothing) at the ``rows`` tables only, a chunk of rows at a time, gathered and written
        back: the work is that of the tables that need it, not of the whole batch."""
        size = rows.shape[0]
        chunk = min(size, max(8, size // 8))  # about the tables a step ends a round at

        def body(carry: tuple[DuckTables, jax.Array, jax.Array]) -> Any:
            st, remaining, i = carry
            idx = jnp.nonzero(remaining, size=chunk, fill_value=size)[0]
            safe = jnp.minimum(idx, size - 1)
            if key is None:
                keys = jnp.zeros(chunk, jnp.uint32)
            else:
                keys = jax.random.split(jax.random.fold_in(key, i), chunk)
            new = jax.vmap(make)(jax.tree.map(lambda x: x[safe], st), keys)
            st = jax.tree.map(lambda x, y: x.at[idx].set(y, mode="drop"), st, new)
            return st, remaining.at[idx].set(False, mode="drop"), i + 1

        out = lax.while_loop(lambda c: c[1].any(), body, (st, rows, jnp.int32(0)))
        return out[0]

    def init(
        self,
        key: jax.Array,
        batch: int,
        rounds: int | None = 1,
        target: int | None = None,
        history: int = HISTORY,
    ) -> DuckTables:
        """``batch`` new matches, each from its own key, of ``rounds`` rounds or to ``target``
        ducks (LD-10, the game's options: ``GAME.options`` checks them); ``history`` rounds of
        history to start with. The match length is data, not a shape: one compilation serves
        every length."""
        ends = jnp.array([rounds or 0, target or 0], jnp.int32)
        state: DuckTables = self._init_jit(key, batch, history, ends)
        return state

    def _init(self, key: jax.Array, batch: int, history: int, ends: jax.Array) -> DuckTables:
        b, p = batch, self.players
        i32 = jnp.int32
        blank = DuckTables(
            seed=jnp.zeros((b, 2), jnp.uint32),
            rng=jnp.zeros((b, 2), jnp.uint32),
            first_hands=jnp.zeros((b, p, HAND_SIZE), jnp.int16),
            first_columns=jnp.zeros((b, COLUMNS), jnp.int16),
            hands=jnp.zeros((b, p, HAND_SIZE), jnp.int16),
            held=jnp.zeros(b, i32),
            columns=jnp.zeros((b, COLUMNS, COLUMN_LIMIT), jnp.int16),
            lengths=jnp.zeros((b, COLUMNS), i32),
            ends=jnp.zeros((b, COLUMNS), i32),
            column_ducks=jnp.zeros((b, COLUMNS), i32),
            revealed=jnp.zeros((b, p), i32),
            awaiting=jnp.full(b, -1, i32),
            taken=jnp.zeros((b, p, TAKEN_SLOTS), jnp.int16),
            taken_count=jnp.zeros((b, p), i32),
            ducks=jnp.zeros((b, p), i32),
            totals=jnp.zeros((b, p), i32),
            history=jnp.zeros((b, history, p), i32),
            turn=jnp.zeros(b, i32),
            round_no=jnp.ones(b, i32),
            over=jnp.zeros(b, bool),
            places=jnp.zeros((b, p), i32),
            rounds=jnp.full(b, ends[0], i32),
            target=jnp.full(b, ends[1], i32),
        )
        fresh: DuckTables = jax.vmap(self._new_match)(blank, jax.random.split(key, b))
        return fresh

    def _reset(self, st: DuckTables, rows: jax.Array, key: jax.Array) -> DuckTables:
        """New matches (new seeds, new first deals) at the ``rows`` tables."""
        return self._rewrite(st, rows, self._new_match, key)

    # --- who acts, and what they may do -----------------------------------------------
    def _acting_one(self, st: DuckTables) -> jax.Array:
        """[P] at one table: every seat while cards are chosen (LD-5), the too-low card's
        player alone while a column is to be taken (LD-8), nobody once the match is over."""
        waiting = st.awaiting >= 0
        seats = jnp.arange(self.players)
        return (seats == st.awaiting) | (~waiting & ~st.over)

    def _acting(self, st: DuckTables) -> jax.Array:
        acting: jax.Array = jax.vmap(self._acting_one)(st)
        return acting

    def _legal_mask(self, st: DuckTables) -> jax.Array:
        """[B, P, A] every seat's legal actions; a seat that does not act has none."""
        acting = self._acting(st)
        waiting = (st.awaiting >= 0)[:, None]
        b, p, a = acting.shape[0], self.players, self.num_actions
        choosing = (acting & ~waiting)[:, :, None]
        # A card c is action c - 1; empty slots (and seats not choosing) land on the spare A.
        cards = jnp.where(choosing & (st.hands > 0), st.hands.astype(jnp.int32) - 1, a)
        mask = jnp.zeros((b, p, a + 1), bool)
        mask = mask.at[jnp.arange(b)[:, None, None], jnp.arange(p)[None, :, None], cards].set(True)
        takes = (jnp.arange(a + 1) >= self.deck) & (jnp.arange(a + 1) < a)
        mask = mask | ((acting & waiting)[:, :, None] & takes)
        return mask[:, :, :a]

    def _random_actions(self, st: DuckTables, key: jax.Array) -> jax.Array:
        """[B, P] a uniformly random legal action of every acting seat, the no-op for the
        rest (the batched random bot)."""
        u = jax.random.uniform(key, st.revealed.shape)
        slot = (u * st.held[:, None]).astype(jnp.int32)
        card = jnp.take_along_axis(st.hands, slot[:, :, None], axis=2)[:, :, 0]
        take = self.deck + (u * COLUMNS).astype(jnp.int32)
        out = jnp.where((st.awaiting >= 0)[:, None], take, card.astype(jnp.int32) - 1)
        return jnp.where(self._acting(st), out, self.noop)

    # --- a step -----------------------------------------------------------------------
    def _step(
        self, st: DuckTables, actions: jax.Array, rows: jax.Array | None = None
    ) -> tuple[DuckTables, JaxStep]:
        """Every seat's action (``[B, P]``, the no-op where it does not act); ``rows`` (``[B]``
        bool) limits the step to those tables. Tables where an action is illegal stay."""
        live = jnp.ones(st.held.shape, bool) if rows is None else rows
        moved, points, illegal, deal = jax.vmap(self._step_one)(st, actions.astype(jnp.int32), live)
        moved = self._rewrite(moved, deal, self._next_round, None)
        return moved, JaxStep(points, moved.over & ~st.over, illegal)

    def _step_one(
        self, st: DuckTables, acts: jax.Array, live: jax.Array
    ) -> tuple[DuckTables, jax.Array, jax.Array, jax.Array]:
        """One table's step: its next state (the new round not yet dealt), each seat's ducks
        taken, the seats whose action was illegal, and whether a new round is to be dealt."""
        d = self.deck
        waiting = st.awaiting >= 0
        acting = self._acting_one(st) & live
        cards = acts + 1
        in_hand = (st.hands == cards[:, None]).any(axis=1) & (acts >= 0) & (acts < d)
        takes = (acts >= d) & (acts < d + COLUMNS)
        ok = jnp.where(acting, jnp.where(waiting, takes, in_hand), acts == self.noop)
        moves = acting.any() & ok.all()
        choose, take = moves & ~waiting, moves & waiting
        # LD-5: the chosen cards leave the hands (the last card fills the slot) and show.
        slot = jnp.argmax(st.hands == cards[:, None], axis=1)
        last = st.held - 1
        slots = jnp.arange(HAND_SIZE)
        hands = jnp.where(slots == slot[:, None], st.hands[:, last][:, None], st.hands)
        hands = jnp.where(slots == last, 0, hands).astype(jnp.int16)
        too_low = cards.min() < st.ends.min()
        revealed = jnp.where(choose, cards, st.revealed)
        # LD-8: a too-low card waits for its player's column; the column, taken as the card
        # comes up (it is the lowest, so the first).
        awaiting = jnp.where(choose & too_low, jnp.argmin(cards).astype(jnp.int32), -1)
        awaiting = jnp.where(choose | take, awaiting, st.awaiting)
        column = jnp.where(take, acts[st.awaiting] - d, -1)
        placing = (choose & ~too_low) | take
        table = (st.columns, st.lengths, st.ends, st.column_ducks, st.taken, st.taken_count)
        placed = self._place(revealed, column, st.ducks, table)
        ducks, table = _where(placing, placed, (st.ducks, table))
        points = ducks - st.ducks
        turn = st.turn + placing
        ended = placing & (turn == TURNS)
        # LD-9, LD-10: the round's ducks to history; the match ends or goes on.
        totals = st.totals + jnp.where(ended, ducks, 0)
        done = jnp.where(st.target > 0, totals.max() >= st.target, st.round_no >= st.rounds)
        over = ended & done
        places = 1 + (totals[None, :] < totals[:, None]).sum(axis=1, dtype=jnp.int32)
        st = st._replace(
            hands=jnp.where(choose, hands, st.hands),
            held=st.held - choose,
            revealed=revealed,
            awaiting=awaiting,
            columns=table[0],
            lengths=table[1],
            ends=table[2],
            column_ducks=table[3],
            taken=table[4],
            taken_count=table[5],
            ducks=ducks,
            turn=turn,
            totals=totals,
            history=st.history.at[st.round_no - 1].add(jnp.where(ended, ducks, 0), mode="drop"),
            over=st.over | over,
            places=jnp.where(over, places, st.places),
        )
        return st, points, ~ok, ended & ~done

    def _place(
        self, revealed: jax.Array, take: jax.Array, ducks: jax.Array, table: tuple[jax.Array, ...]
    ) -> tuple[jax.Array, tuple[jax.Array, ...]]:
        """LD-6..LD-8 at one table: the ``revealed`` cards placed lowest first; ``take`` is the
        column the too-low card's player chose (-1 where none is too low). ``table`` is the
        columns, their lengths, ends and ducks, the cards taken and their counts. Small arrays
        are changed by selection over their cells (one-hot), which XLA fuses, not by scatter."""
        order = jnp.argsort(revealed)
        tags = jnp.arange(COLUMNS)
        cells = jnp.arange(COLUMN_LIMIT)
        seats = jnp.arange(self.players)

        def place(k: int, carry: Any) -> Any:
            ducks, (columns, lengths, ends, cducks, taken, count) = carry
            seat = order[k]
            card = revealed[seat]
            # LD-6: the closest lower end is the greatest below the card; each end carries
            # its column in its two low bits, so the greatest key names the column.
            col = jnp.max(jnp.where(ends < card, ends * COLUMNS + tags, -1)) & 3
            if k == 0:  # LD-8: only the lowest card can be too low
                col = jnp.where(take >= 0, take, col)
            at = tags == col
            length = lengths[col]
            full = (length == COLUMN_LIMIT) | ((k == 0) & (take >= 0))
            # LD-7, LD-8: the column's cards go to the player (a seat's slots past its count
            # are zeros, so writing zeros where nothing is taken changes nothing).
            mine = seats == seat
            gone = jnp.where(full, columns[col], 0)
            taken = lax.dynamic_update_slice(taken, gone[None, :], (seat, count[seat]))
            count = count + jnp.where(mine & full, length, 0)
            ducks = ducks + jnp.where(mine & full, cducks[col], 0)
            length = jnp.where(full, 0, length)
            kept = jnp.where(at[:, None] & full, 0, columns)
            columns = jnp.where(at[:, None] & (cells == length), card, kept).astype(jnp.int16)
            lengths = jnp.where(at, length + 1, lengths)
            ends = jnp.where(at, card, ends)
            cducks = jnp.where(at, jnp.where(full, 0, cducks) + _DUCKS[card], cducks)
            return ducks, (columns, lengths, ends, cducks, taken, count)

        carry = (ducks, table)
        for k in range(self.players):  # unrolled: P is small, and k == 0 is a constant
            carry = place(k, carry)
        placed: tuple[jax.Array, tuple[jax.Array, ...]] = carry
        return placed

    # --- scores, observations, rollouts -------------------------------------------------
    def _scores(self, st: DuckTables) -> jax.Array:
        """[B, P] ducks over the match so far, the round in play included (``Game.scores``)."""
        return st.totals + jnp.where((st.turn < TURNS)[:, None], st.ducks, 0)

    def _observe(self, st: DuckTables, seat: int | jax.Array) -> dict[str, jax.Array]:
        """What ``seat`` sees at every table (LD-12): its own hand and the public table, the
        keys of ``LameDuckTables.observe``; nothing of the other hands, the unused cards,
        the seeds or the generators."""
        b = st.held.shape[0]
        hand = jnp.zeros((b, self.deck + 1), bool)
        hand = hand.at[jnp.arange(b)[:, None], st.hands[:, seat, :]].set(True)
        return {
            "hand": hand[:, 1:],
            "held": st.held,
            "columns": st.columns,
            "column_lengths": st.lengths,
            "column_ducks": st.column_ducks,
            "revealed": st.revealed,
            "awaiting": st.awaiting,
            "taken": st.taken,
            "taken_count": st.taken_count,
            "round_ducks": st.ducks,
            "totals": self._scores(st),
            "history": st.history,
            "round": st.round_no,
            "turn": st.turn,
            "acting": self._acting(st),
            "over": st.over,
        }

    def _rollout(
        self, st: DuckTables, key: jax.Array, steps: int
    ) -> tuple[DuckTables, jax.Array, jax.Array, jax.Array]:
        """``steps`` steps of the random bot at every table, a finished match dealt anew at
        its table, as one ``lax.scan``. Returns the state, the key after, and per step the
        tables that moved and the seat decisions made."""

        def one(carry: tuple[DuckTables, jax.Array], _: None) -> Any:
            st, key = carry
            key, act_key, deal_key = jax.random.split(key, 3)
            acting = self._acting(st)
            st, out = self._step(st, self._random_actions(st, act_key))
            st = self._reset(st, out.ended, deal_key)
            counts = (acting.any(axis=1).sum(dtype=jnp.int32), acting.sum(dtype=jnp.int32))
            return (st, key), counts

        (st, key), (tables, decisions) = lax.scan(one, (st, key), None, length=steps)
        return st, key, tables, decisions


def from_numpy(tables: LameDuckTables, history: int = HISTORY) -> DuckTables:
    """The state of NumPy ``tables`` (``batch/lame_duck.py``) as a ``DuckTables``: a position
    set there (``set_position``, ``load_states``) played on here, or both engines stepped side
    by side from the same state (the tests do)."""
    t, i32 = tables, jnp.int32
    seeds, states = t.seeds.astype(np.uint64), t.states.astype(np.uint64)

    def halves(words: npt.NDArray[np.uint64]) -> jax.Array:
        return jnp.asarray(
            np.stack([words >> np.uint64(32), words & np.uint64(0xFFFFFFFF)], 1), jnp.uint32
        )

    rows = max(history, t.history.shape[1])
    past = np.zeros((t.batch, rows, t.players), np.int32)
    past[:, : t.history.shape[1]] = t.history
    return DuckTables(
        seed=halves(seeds),
        rng=halves(states),
        first_hands=jnp.asarray(t.first_hands, jnp.int16),
        first_columns=jnp.asarray(t.first_columns, jnp.int16),
        hands=jnp.asarray(t.hands, jnp.int16),
        held=jnp.asarray(t.held, i32),
        columns=jnp.asarray(t.columns, jnp.int16),
        lengths=jnp.asarray(t.lengths.T, i32),
        ends=jnp.asarray(t.ends.T, i32),
        column_ducks=jnp.asarray(t.column_ducks.T, i32),
        revealed=jnp.asarray(t.revealed, i32),
        awaiting=jnp.asarray(t.awaiting, i32),
        taken=jnp.asarray(t.taken, jnp.int16),
        taken_count=jnp.asarray(t.taken_count, i32),
        ducks=jnp.asarray(t.ducks, i32),
        totals=jnp.asarray(t.totals, i32),
        history=jnp.asarray(past),
        turn=jnp.asarray(t.turn, i32),
        round_no=jnp.asarray(t.round_no, i32),
        over=jnp.asarray(t.over),
        places=jnp.asarray(t.places, i32),
        rounds=jnp.full(t.batch, t.options["rounds"] or 0, i32),
        target=jnp.full(t.batch, t.options["target"] or 0, i32),
    )


@functools.lru_cache(maxsize=64)
def kernel(players: int, expert: bool = False) -> LameDuckJax:
    """The compiled Lame Duck functions of ``players`` seats and that deck, made once and kept
    (``jax.jit`` compiles each again for every new batch size)."""
    return LameDuckJax(players, expert)


class JaxLameDuckTables(TablesBase):
    """The ``Tables`` protocol (``batch/base.py``) over the JAX kernel, host arrays in and out:
    what ``pondside batch check --backend jax`` plays and replays. Each call goes to the device
    and back; code that stays on the device calls the kernel's functions (``self.kernel``)."""

    game: Game[Any] = GAME

    def _setup(self) -> None:
        self.kernel = kernel(self.players, self.options["expert"])
        self.deck = self.kernel.deck
        self._acting: Bools | None = None
        rounds = self.options["rounds"] or 1
        # Room for every round of a match of rounds; to a target, grown as matches go on.
        self._history = max(HISTORY, 1 << (rounds - 1).bit_length())

    def _key(self) -> jax.Array:
        return jax.random.key(int(self.rng.integers(2**63)))

    def reset(self, rows: Bools | None = None) -> None:
        """New matches at ``rows`` (every table when None): new seeds, new first deals."""
        if rows is None:
            rounds, target = self.options["rounds"], self.options["target"]
            self._set(self.kernel.init(self._key(), self.batch, rounds, target, self._history))
        else:
            self._set(self.kernel.reset(self.state, jnp.asarray(rows, bool), self._key()))

    def load(self, state: DuckTables) -> None:
        """Put the tables in ``state`` (of this batch's size, players and deck; ``from_numpy``
        makes one from the NumPy engine's tables)."""
        if state.hands.shape != (self.batch, self.players, HAND_SIZE):
            raise ValueError(
                f"a state of hands {tuple(state.hands.shape)} does not fit {self.batch} tables "
                f"of {self.players} seats"
            )
        self._set(state)

    def _set(self, state: DuckTables) -> None:
        """The new state, and the host copies every step reads."""
        self.state = state
        self.over: Bools = np.asarray(state.over)
        self.places: Ints = np.asarray(state.places).astype(np.int64)
        self.awaiting: Ints = np.asarray(state.awaiting).astype(np.int64)
        seed = np.asarray(state.seed).astype(np.uint64)
        self.seeds = ((seed[:, 0] << np.uint64(32)) | seed[:, 1]).astype(np.int64)  # < 2**63
        self._acting = None

    def acting(self) -> Bools:
        if self._acting is None:
            self._acting = np.asarray(self.kernel.acting(self.state))
        return self._acting

    def legal_mask(self, seat: int | None = None) -> Bools:
        """[B, P, A] legal actions of every seat (or [B, A] of ``seat``)."""
        mask: Bools = np.asarray(self.kernel.legal_mask(self.state))
        return mask if seat is None else mask[:, seat]

    def random_actions(self, rng: np.random.Generator) -> Ints:
        """[B, P] the kernel's random bot, keyed from ``rng``."""
        key = jax.random.key(int(rng.integers(2**63)))
        return np.asarray(self.kernel.random_actions(self.state, key)).astype(np.int64)

    def step(self, actions: npt.ArrayLike, rows: Bools | None = None) -> Step:
        """As ``LameDuckTables.step``: ``IllegalAction`` names the first table and seat whose
        action is not legal, and nothing changes."""
        acts, acting = self._step_input(actions, rows)
        held = self.state.history.shape[1]
        if int(np.asarray(self.state.round_no).max()) >= held:
            # The round in play needs a row of history at its end: room for as many again.
            grown = jnp.zeros((self.batch, held, self.players), jnp.int32)
            history = jnp.concatenate([self.state.history, grown], axis=1)
            self.state = self.state._replace(history=history)
        live = None if rows is None else jnp.asarray(rows, bool)
        state, out = self.kernel.step(self.state, jnp.asarray(acts, jnp.int32), live)
        illegal = np.asarray(out.illegal)
        if illegal.any():
            b, s = (int(x) for x in np.argwhere(illegal)[0])
            why = refusal(
                self, b, s, int(acts[b, s]), bool(acting[b, s]), int(self.awaiting[b]), self.deck
            )
            raise IllegalAction(why)
        self._set(state)
        return Step(np.asarray(out.points).astype(np.int64), np.asarray(out.ended))

    def scores(self) -> Ints:
        """[B, P] ducks over the match so far, the round in play included."""
        return np.asarray(self.kernel.scores(self.state)).astype(np.int64)

    def _first_deal(self, table: int) -> dict[str, Any]:
        st = self.state
        return first_deal(np.asarray(st.first_hands[table]), np.asarray(st.first_columns[table]))

    def observe(self, seat: int) -> dict[str, npt.NDArray[Any]]:
        """What ``seat`` sees at every table (LD-12), as ``LameDuckTables.observe``."""
        if not 0 <= seat < self.players:
            raise ValueError(f"seats are 0..{self.players - 1}, not {seat}")
        return {k: np.asarray(v) for k, v in self.kernel.observe(self.state, seat).items()}

    def to_view(self, obs: Mapping[str, npt.NDArray[Any]], table: int, seat: int) -> dict[str, Any]:
        """Row ``table`` of ``seat``'s observation as the engine's view (``view_of``)."""
        return view_of(self.players, self.options, obs, table, seat)

    def encode(self, seat: int) -> npt.NDArray[np.float32]:
        """[B, size] ``seat``'s observation as the research adapters encode its view
        (``docs/adapters.md``): each table's view encoded by the adapter, one at a time (a
        Python loop; the NumPy engine's ``encode`` does it over arrays)."""
        from pondside.adapters.codec import Codec

        codec = Codec(GAME.info.slug, self.players, self.options)
        obs = self.observe(seat)
        rows = [codec.observe(self.to_view(obs, t, seat)) for t in range(self.batch)]
        return np.stack(rows).astype(np.float32)
