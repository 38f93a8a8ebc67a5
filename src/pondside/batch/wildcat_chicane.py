"""Wildcat Chicane over a batch of tables: the rules of ``games/wildcat_chicane/`` on arrays.

Every table is a row of fixed-shape arrays; a step is one decision point of every table at
once. The ruling cards are chosen together (WC-4), so that is one step where every seat acts;
a classic call (WC-15), a bid (WC-7) and a card (WC-8) are steps where the seat whose turn it is
acts alone and the others pass the no-op. Branches are selections over rows; the only Python
loops run over the few phases of a step and over the swaps of a shuffle.

Cards are numbered as the engine numbers them (``games/wildcat_chicane/cards.py``: the basic
Decktet in table order, 0..35). A hand is who holds each card, ``owner`` ``[B, 36]``, so a
hand's cards, a follow test (WC-10) or a trump test (WC-9) is one comparison over 36 columns:
each card's suit as a seat reads it is ``_SUIT[reading, card]`` (WC-5).

Actions are numbered as the game numbers them (``Game.all_actions``): the 12 ``rule`` actions
(or the 8 classic calls), ``bid 0`` .. ``bid T``, then ``play`` of each of the 36 cards; the
no-op is one past the last. The first hand's deal comes from the batch's NumPy generator and is
written into each table's record; later hands are dealt from each table's seed with the
engine's own generator (``batch/rng.py``), as a match started from a deal does.

>>> t = WildcatChicaneTables(3, players=4, seed=7)
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
from pondside.games.decktet import SUIT_NAMES, SUITS
from pondside.games.wildcat_chicane import (
    CALLS,
    CODES,
    GAME,
    HAND_LIMIT,
    IS_RULER,
    NUMBER_CARDS,
    PHASES,
    RANK,
    RULER_CARDS,
    SUIT,
    ChicaneState,
    hand_size,
    reading_of_ruler,
    trick_count,
    voids,
)

from .base import Bools, Ints, Step, StepLog, TablesBase
from .rng import shuffled

RULE, CALL, BID, PLAY, OVER = (PHASES.index(p) for p in ("rule", "call", "bid", "play", "over"))
_SUIT = np.array([[SUITS.index(s[r]) for s in SUIT] for r in (0, 1)], dtype=np.int64)
"""[reading, card]: the card's one suit (its index in ``SUITS``) for a TOP (0) or BOTTOM (1)
player (WC-5); Aces and Crowns have one suit either way."""
_IN_SUIT = np.zeros((2, len(SUITS) + 1, 36), dtype=bool)
"""[reading, suit, card]: whether the card is of that suit for a TOP (0) or BOTTOM (1) player;
the last suit row (index -1, no suit yet) holds no card."""
_IN_SUIT[0, _SUIT[0], np.arange(36)] = True
_IN_SUIT[1, _SUIT[1], np.arange(36)] = True
_RANK = np.array(RANK, dtype=np.int64)
_RULERS = np.array(RULER_CARDS, dtype=np.int64)
_NUMBERS = np.array(NUMBER_CARDS, dtype=np.int64)
_READING_OF = np.array([reading_of_ruler(c) if IS_RULER[c] else -1 for c in range(36)])
_SCORE_FACTOR = np.array([4, 2, 1, 0], dtype=np.int64)  # WC-12, by min(|won - bid|, 3)
_CARDS = 36
_FIRST_HISTORY = 16  # hands of history kept at first; doubled as matches grow (to 100, WC-16)


class WildcatChicaneTables(TablesBase):
    """``B`` Wildcat Chicane tables of ``players`` seats (3 or 4) with the game's options
    (``variant`` wildcat or classic, ``target``)."""

    game: Game[Any] = GAME

    def _setup(self) -> None:
        n = self.players
        self.classic = self.options["variant"] == "classic"
        self.size = hand_size(n)
        self.tricks = trick_count(n, self.options["variant"])
        choices = len(CALLS) if self.classic else len(RULER_CARDS)
        self.bid0, self.play0 = choices, choices + self.tricks + 1
        # The notation: ruling cards or calls, the bids, then every card.
        assert self.num_actions == self.play0 + _CARDS
        self._acting: Bools | None = None
        self._playable_now: Bools | None = None

    # --- dealing ----------------------------------------------------------------------
    def reset(self, rows: Bools | None = None) -> None:
        """Start new matches at ``rows`` (every table when None): new seeds, a random first
        dealer (WC-2) and a new first deal (WC-3, WC-15)."""
        idx = self._new_matches(rows)
        n = len(idx)
        if n == 0:
            return
        # Uniform shuffles: the order of independent uniform keys (ties have odds ~1e-13).
        if self.classic:
            hands = np.argsort(self.rng.random((n, _CARDS)), axis=1)
            hands = hands.reshape(n, self.players, self.size)
        else:
            rulers = _RULERS[np.argsort(self.rng.random((n, len(_RULERS))), axis=1)]
            numbers = _NUMBERS[np.argsort(self.rng.random((n, len(_NUMBERS))), axis=1)]
            hands = self._hands_of(rulers, numbers)
        dealer = self.rng.integers(0, self.players, n)
        self.first_hands[idx] = np.sort(hands, axis=2)
        self.first_dealer[idx] = dealer
        self.hand_no[idx] = 1
        self.totals[idx] = 0
        self.history[idx] = 0
        self.over[idx] = False
        self.places[idx] = 0
        self._start_hand(idx, hands, dealer)

    def _allocate(self) -> None:
        b, p = self.batch, self.players
        self.seeds = np.zeros(b, dtype=np.uint64)
        self.states = np.zeros(b, dtype=np.uint64)
        self.first_hands = np.zeros((b, p, self.size), dtype=np.int64)
        self.first_dealer = np.zeros(b, dtype=np.int64)
        self.owner = np.full((b, _CARDS), -1, dtype=np.int8)
        """The seat holding each card (-1: in no hand: a ruling card, or played)."""
        self.phase = np.zeros(b, dtype=np.int64)
        """The index in ``PHASES``: rule, call, bid, play, over."""
        self.turn = np.full(b, -1, dtype=np.int64)
        """The seat to call, bid or play (-1 while the ruling cards are chosen, and at the end)."""
        self.dealer = np.zeros(b, dtype=np.int64)
        self.hand_no = np.ones(b, dtype=np.int64)
        self.rulers = np.full((b, p), -1, dtype=np.int64)
        """Each seat's revealed ruling card (WC-4), -1 before the reveal and in classic."""
        self.readings = np.full((b, p), -1, dtype=np.int64)
        """0 TOP, 1 BOTTOM (WC-5, WC-15), -1 not yet known."""
        self.trumps = np.full((b, p), -1, dtype=np.int64)
        """Each seat's trump suit, its index in ``SUITS`` (WC-6), -1 not yet known."""
        self.calls = np.full((b, 2), -1, dtype=np.int64)
        """The classic calls made (their index in ``CALLS``), -1 for none yet (WC-15)."""
        self.bids = np.full((b, p), -1, dtype=np.int64)
        self.won = np.zeros((b, p), dtype=np.int64)
        self.played_card = np.full((b, _CARDS), -1, dtype=np.int64)
        """The cards played this hand, in order; tricks are each ``players`` of them."""
        self.played_seat = np.full((b, _CARDS), -1, dtype=np.int64)
        self.played = np.zeros(b, dtype=np.int64)
        self.winners = np.full((b, self.size), -1, dtype=np.int64)
        """Who took each finished trick of this hand."""
        self.led = np.full(b, -1, dtype=np.int64)
        """The suit led to the trick in play as its leader reads it (WC-10), -1 before a lead."""
        self.voids = np.zeros((b, p), dtype=np.int64)
        """The suits (bits in ``SUITS`` order) each seat has shown it lacks (WC-10)."""
        self.broken = np.zeros(b, dtype=bool)
        """Whether a trump has been played this hand (classic's leading rule, WC-15)."""
        self.totals = np.zeros((b, p), dtype=np.int64)
        self.history = np.zeros((b, _FIRST_HISTORY, p), dtype=np.int64)
        """Each finished hand's scores (WC-12)."""
        self.over = np.zeros(b, dtype=bool)
        self.places = np.zeros((b, p), dtype=np.int64)

    def _hands_of(self, rulers: Ints, numbers: Ints) -> Ints:
        """WC-3: the Aces and Crowns evenly in turn, then the number cards evenly."""
        n, p = len(rulers), self.players
        return np.concatenate([rulers.reshape(n, p, -1), numbers.reshape(n, p, -1)], axis=2)

    def _start_hand(self, idx: Ints, hands: Ints, dealer: Ints) -> None:
        """A hand's state anew: the hands dealt, ruling cards to choose (WC-4) or, in classic,
        the dealer's left to call (WC-15)."""
        n = len(idx)
        owner = np.empty((n, _CARDS), dtype=np.int8)
        owner[np.arange(n)[:, None], hands.reshape(n, -1)] = np.repeat(self._seats, self.size)
        self.owner[idx] = owner
        self.dealer[idx] = dealer
        for a in (self.rulers, self.readings, self.trumps, self.calls, self.bids):
            a[idx] = -1
        self.won[idx] = 0
        self.played_card[idx] = -1
        self.played_seat[idx] = -1
        self.played[idx] = 0
        self.winners[idx] = -1
        self.led[idx] = -1
        self.voids[idx] = 0
        self.broken[idx] = False
        if self.classic:
            self.phase[idx], self.turn[idx] = CALL, (dealer + 1) % self.players
        else:
            self.phase[idx], self.turn[idx] = RULE, -1
        self._acting = self._playable_now = None

    def _deal_next(self, idx: Ints) -> None:
        """WC-2, WC-3: the next hand, dealt from each table's generator as the engine deals."""
        if self.classic:
            cards, self.states[idx] = shuffled(self.states[idx], _CARDS)
            hands = (cards.astype(np.int64) - 1).reshape(len(idx), self.players, self.size)
        else:
            rulers, states = shuffled(self.states[idx], len(_RULERS))
            numbers, self.states[idx] = shuffled(states, len(_NUMBERS))
            hands = self._hands_of(_RULERS[rulers - 1], _NUMBERS[numbers - 1])
        self._start_hand(idx, hands, (self.dealer[idx] + 1) % self.players)

    def set_position(
        self,
        table: int,
        hands: Sequence[Sequence[str]],
        dealer: int,
        totals: Sequence[int] | None = None,
        hand_no: int = 1,
    ) -> None:
        """Put ``table`` at the start of a hand: these hands (card codes, as a deal writes
        them), this dealer, the match's totals so far and the hand's number (the rulebook's
        examples, the tie and the hand limit). The engine reads the deal, so a deal it would
        refuse is refused here (``BadDeal``)."""
        deal = {"hands": [list(h) for h in hands], "dealer": dealer}
        st = GAME.from_deal(self.players, dict(self.options), deal, 0)
        if not 1 <= hand_no <= HAND_LIMIT:
            raise ValueError(f"a match has hands 1 to {HAND_LIMIT} (WC-16), not {hand_no}")
        row = np.array([table])
        self._start_hand(row, np.array([st.hands]), np.array([dealer]))
        self.hand_no[table] = hand_no
        self.totals[table] = 0 if totals is None else totals
        self.history[table] = 0
        self.over[table] = False
        self.places[table] = 0

    def load_states(
        self, rows: Ints, states: Sequence[ChicaneState], of: Ints | None = None
    ) -> Ints:
        """Put table ``rows[k]`` in the engine's state ``states[of[k]]`` (``states[k]`` when
        ``of`` is None): any ``ChicaneState`` of this batch's players and options (ruling
        cards being chosen, calls, bids, a trick in play, later hands, a match over), its
        generator included, so that the table plays on as the engine would (the search's
        playouts, ``bots/rollout.py``). A loaded table's record is not its match's. Returns
        ``[len(rows), P]``: while the ruling cards are chosen (WC-4), the ruling card each seat
        has chosen and not yet revealed (the batch keeps no hidden choice: play it at the next
        step), ``noop`` elsewhere."""
        p, n = self.players, len(states)
        rows = np.asarray(rows, dtype=np.int64)
        pick = np.arange(n) if of is None else np.asarray(of, dtype=np.int64)
        mine = {k: self.options[k] for k in ("variant", "target")}
        longest = max((len(st.history) for st in states), default=0)
        if longest > self.history.shape[1]:
            grown = np.zeros((self.batch, min(longest, HAND_LIMIT), p), dtype=np.int64)
            grown[:, : self.history.shape[1]] = self.history
            self.history = grown
        owner = np.full((n, _CARDS), -1, dtype=np.int8)
        played = np.full((n, 2, _CARDS), -1, dtype=np.int64)  # cards, seats
        winners = np.full((n, self.size), -1, dtype=np.int64)
        calls = np.full((n, 2), -1, dtype=np.int64)
        history = np.zeros((n, self.history.shape[1], p), dtype=np.int64)
        seats = np.zeros((n, 7, p), dtype=np.int64)  # rulers .. places, below
        forced = np.full((n, p), self.noop, dtype=np.int64)
        scalars = np.zeros((n, 6), dtype=np.int64)
        for i, st in enumerate(states):
            if st.n != p or {"variant": st.variant, "target": st.target} != mine:
                raise ValueError(
                    f"a state of {st.n} players, {st.variant} to {st.target}, does not fit "
                    f"these tables of {p} players, {mine['variant']} to {mine['target']}"
                )
            for s, hand in enumerate(st.hands):
                owner[i, list(hand)] = s
            if st.phase == "rule":
                for s, c in enumerate(st.chosen):
                    if c >= 0:
                        forced[i, s] = RULER_CARDS.index(c)
            plays = [pair for trick in (*st.tricks, st.trick) for pair in trick]
            if plays:
                played[i, :, : len(plays)] = np.array(plays).T[::-1]
            winners[i, : len(st.winners)] = st.winners
            calls[i, : len(st.calls)] = [CALLS.index(c) for c in st.calls]
            if st.history:
                history[i, : len(st.history)] = st.history
            trumps = [SUITS.index(t) if t else -1 for t in st.trumps]
            over = st.phase == "over"
            totals = np.array(st.totals)
            places = (1 + (totals[None, :] > totals[:, None]).sum(axis=1)) * over
            seats[i] = (st.rulers, st.readings, trumps, st.bids, st.won, voids(st), places)
            leader = st.trick[0] if st.trick else (0, -1)
            led = _SUIT[st.readings[leader[0]], leader[1]] if st.trick else -1
            scalars[i] = (PHASES.index(st.phase), st.turn, st.dealer, st.hand_no, led, len(plays))
        self.owner[rows] = owner[pick]
        self.played_card[rows], self.played_seat[rows] = played[pick, 0], played[pick, 1]
        self.winners[rows], self.calls[rows] = winners[pick], calls[pick]
        self.history[rows] = history[pick]
        for k, array in enumerate(
            (self.rulers, self.readings, self.trumps, self.bids, self.won, self.voids, self.places)
        ):
            array[rows] = seats[pick, k]
        for k, column in enumerate(
            (self.phase, self.turn, self.dealer, self.hand_no, self.led, self.played)
        ):
            column[rows] = scalars[pick, k]
        self.broken[rows] = np.array([st.broken for st in states], dtype=bool)[pick]
        self.totals[rows] = np.array([st.totals for st in states], dtype=np.int64)[pick]
        self.over[rows] = self.phase[rows] == OVER
        self.states[rows] = np.array(
            [st.rng & 0xFFFFFFFFFFFFFFFF for st in states], dtype=np.uint64
        )[pick]
        self._acting = self._playable_now = None
        loaded: Ints = forced[pick]
        return loaded

    # --- who acts, and what they may do -------------------------------------------------
    def acting(self) -> Bools:
        """[B, P]: every seat while the ruling cards are chosen (WC-4); the seat to call, bid
        or play otherwise; nobody once the match is over. Shared: read it, do not change it."""
        if self._acting is None:
            acting = (self._seats == self.turn[:, None]) | (self.phase == RULE)[:, None]
            acting.flags.writeable = False
            self._acting = acting
        return self._acting

    def _playable(self) -> Bools:
        """[B, 36]: the cards the seat whose turn it is may play (none outside the play phase).
        Shared: read it, do not change it."""
        if self._playable_now is not None:
            return self._playable_now
        r, turn = self._rows, np.maximum(self.turn, 0)
        own = (self.owner == self.turn.astype(np.int8)[:, None]) & (self.phase == PLAY)[:, None]
        reading, led = self.readings[r, turn], self.led
        # WC-10: follow the led suit as you read it, if you can.
        follow = own & _IN_SUIT[reading, led]
        # WC-9 (wildcat, all hand long) and WC-15 (classic, until a trump is played): no trump
        # lead while the hand holds another suit.
        free = own & ~_IN_SUIT[reading, self.trumps[r, turn]]
        if self.classic:
            free |= own & self.broken[:, None]
        limited = np.where(led[:, None] >= 0, follow, free)
        playable: Bools = np.where(limited.any(axis=1)[:, None], limited, own)
        playable.flags.writeable = False
        self._playable_now = playable
        return playable

    def _call_bounds(self) -> tuple[Ints, Ints]:
        """WC-15: the calls allowed now, ``low <= call < high``: any call first, then the
        other kind (a suit after TOP or BOTTOM, TOP or BOTTOM after a suit)."""
        first = self.calls[:, 0]
        low = np.where((first >= 0) & (first < 2), 2, 0)
        high = np.where(first >= 2, 2, len(CALLS))
        return low, high

    def _turn_legal(self) -> Bools:
        """[B, A]: the legal actions of the seat whose turn it is (none while the ruling cards
        are chosen, or once over)."""
        out = np.zeros((self.batch, self.num_actions), dtype=bool)
        out[self.phase == BID, self.bid0 : self.play0] = True  # WC-7: 0 to the hand's tricks
        if self.classic:
            low, high = self._call_bounds()
            calls = np.arange(len(CALLS))
            out[:, : len(CALLS)] = (
                (self.phase == CALL)[:, None] & (calls >= low[:, None]) & (calls < high[:, None])
            )
        out[:, self.play0 :] = self._playable()
        return out

    def _rule_legal(self) -> Bools:
        """[B, P, 12]: the Aces and Crowns each seat may choose as its ruling card (WC-4)."""
        held = self.owner[:, _RULERS]
        choosing = (self.phase == RULE)[:, None, None]
        out: Bools = (held[:, None, :] == self._seats[None, :, None]) & choosing
        return out

    def legal_mask(self, seat: int | None = None) -> Bools:
        """[B, P, A] legal actions of every seat (or [B, A] of ``seat``); a seat that does not
        act has none (it passes ``noop``)."""
        out = np.zeros((self.batch, self.players, self.num_actions), dtype=bool)
        if not self.classic:
            out[:, :, : len(_RULERS)] = self._rule_legal()
        turning = np.flatnonzero(self.turn >= 0)
        out[turning, self.turn[turning]] = self._turn_legal()[turning]
        return out[:, seat] if seat is not None else out

    def random_actions(self, rng: np.random.Generator) -> Ints:
        """[B, P] a uniformly random legal action for every acting seat, ``noop`` for the rest
        (the batched random bot)."""
        out = np.full((self.batch, self.players), self.noop, dtype=np.int64)
        phase = self.phase
        playing = np.flatnonzero(phase == PLAY)
        if len(playing):
            # The greatest of uniform keys over the playable cards (float32: two equal keys,
            # which favour the lower card, come at most once in 250,000 steps).
            keys = rng.random((len(playing), _CARDS), dtype=np.float32)
            keys = np.where(self._playable()[playing], keys, -1)
            out[playing, self.turn[playing]] = self.play0 + keys.argmax(axis=1)
        bidding = np.flatnonzero(phase == BID)
        if len(bidding):
            out[bidding, self.turn[bidding]] = rng.integers(self.bid0, self.play0, len(bidding))
        calling = np.flatnonzero(phase == CALL)
        if len(calling):
            low, high = (bound[calling] for bound in self._call_bounds())
            out[calling, self.turn[calling]] = rng.integers(low, high)
        choosing = np.flatnonzero(phase == RULE)
        if len(choosing):
            legal = self._rule_legal()[choosing]
            keys = np.where(legal, rng.random(legal.shape, dtype=np.float32), -1)
            out[choosing] = keys.argmax(axis=2)
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
        phase, turn = self.phase.copy(), self.turn
        mine = acts[self._rows, np.maximum(turn, 0)]
        choosing = np.flatnonzero(moving & (phase == RULE))
        if len(choosing):
            self._reveal(choosing, _RULERS[acts[choosing]])
        calling = np.flatnonzero(moving & (phase == CALL))
        if len(calling):
            self._call(calling, mine[calling])
        bidding = np.flatnonzero(moving & (phase == BID))
        if len(bidding):
            self._bid(bidding, mine[bidding] - self.bid0)
        playing = np.flatnonzero(moving & (phase == PLAY))
        if len(playing):
            self._play(playing, mine[playing] - self.play0, points)
        self._acting = self._playable_now = None
        return Step(points, self.over & ~ended)

    def _check(self, acts: Ints, acting: Bools) -> None:
        """Raises ``IllegalAction`` on the first action that is not legal."""
        r, phase = self._rows, self.phase
        mine = acts[r, np.maximum(self.turn, 0)]  # the action of the seat whose turn it is
        card = np.clip(mine - self.play0, 0, _CARDS - 1)
        ok = np.where(
            phase == PLAY,
            (mine >= self.play0) & (mine < self.num_actions) & self._playable()[r, card],
            (phase == BID) & (mine >= self.bid0) & (mine < self.play0),
        )
        if self.classic:
            low, high = self._call_bounds()
            ok |= (phase == CALL) & (mine >= low) & (mine < high)
        legal = (self._seats == self.turn[:, None]) & ok[:, None]
        if not self.classic:
            safe = np.clip(acts, 0, len(_RULERS) - 1)
            held = self.owner[r[:, None], _RULERS[safe]] == self._seats
            legal |= (phase == RULE)[:, None] & (acts >= 0) & (acts < len(_RULERS)) & held
        ok2 = np.where(acting, legal, acts == self.noop)
        if not ok2.all():
            b, s = (int(x) for x in np.argwhere(~ok2)[0])
            raise IllegalAction(self._why(b, s, int(acts[b, s]), bool(acting[b, s])))

    def _why(self, b: int, s: int, action: int, acts: bool) -> str:
        refused = self._refusal(b, s, action, acts)
        if refused:
            return refused
        where = f"table {b}, seat {s}"
        name, phase = self.actions[action], PHASES[int(self.phase[b])]
        if not name.startswith(phase):
            return f"{where}: now is the {phase} phase, so {name!r} is not allowed"
        if phase == "rule":
            return f"{where}: {name!r} names an Ace or Crown not in its hand (WC-4)"
        if phase == "call":
            return f"{where}: {name!r}: the second call is the other kind (WC-15)"
        if self.owner[b, action - self.play0] != s:
            return f"{where}: {name!r}: the card is not in its hand (WC-8)"
        if self.led[b] >= 0:
            suit = SUIT_NAMES[SUITS[int(self.led[b])]]
            return f"{where}: {name!r}: it must follow the led suit, {suit}, as it reads it (WC-10)"
        if self.classic:
            return f"{where}: {name!r}: trumps may not be led until a trump is played (WC-15)"
        return f"{where}: {name!r}: it may not lead its trump while it holds another suit (WC-9)"

    def _reveal(self, idx: Ints, cards: Ints) -> None:
        """WC-4: the ruling cards revealed together leave the hands; WC-5, WC-6: each makes its
        player TOP (a Crown) or BOTTOM (an Ace), its suit their trump. WC-7: bidding starts on
        the dealer's left."""
        self.rulers[idx] = cards
        self.owner[idx[:, None], cards] = -1
        self.readings[idx] = _READING_OF[cards]
        self.trumps[idx] = _SUIT[0, cards]
        self.phase[idx] = BID
        self.turn[idx] = (self.dealer[idx] + 1) % self.players

    def _call(self, idx: Ints, call: Ints) -> None:
        """WC-15: TOP or BOTTOM sets every seat's reading, a suit every seat's trump; after
        the second call the dealer's left bids first."""
        second = self.calls[idx, 0] >= 0
        self.calls[idx, second.astype(np.int64)] = call
        reading = call < 2
        self.readings[idx[reading]] = call[reading, None]
        self.trumps[idx[~reading]] = call[~reading, None] - 2
        n = self.players
        self.turn[idx] = np.where(second, self.dealer[idx] + 1, self.turn[idx] + 1) % n
        self.phase[idx[second]] = BID

    def _bid(self, idx: Ints, bid: Ints) -> None:
        """WC-7: the bid is public; once the last has bid, the first bidder leads (WC-8)."""
        turn = self.turn[idx]
        self.bids[idx, turn] = bid
        turn = (turn + 1) % self.players
        self.turn[idx] = turn
        self.phase[idx[turn == (self.dealer[idx] + 1) % self.players]] = PLAY

    def _play(self, idx: Ints, card: Ints, points: Ints) -> None:
        """WC-8..WC-11: the card joins the trick, read by its player; a full trick goes to its
        winner, who leads next; the last trick ends the hand (WC-12)."""
        n = self.players
        seat = self.turn[idx]
        self.owner[idx, card] = -1
        at = self.played[idx]
        self.played_card[idx, at] = card
        self.played_seat[idx, at] = seat
        read = _SUIT[self.readings[idx, seat], card]
        self.broken[idx] |= read == self.trumps[idx, seat]
        led = self.led[idx]
        leads = at % n == 0
        self.led[idx[leads]] = read[leads]
        # WC-10: a follower who did not follow has shown it lacks the led suit.
        off = np.flatnonzero(~leads & (read != led))
        self.voids[idx[off], seat[off]] |= 1 << led[off]
        self.played[idx] = at + 1
        done = (at + 1) % n == 0
        self.turn[idx[~done]] = (seat[~done] + 1) % n
        full = idx[done]
        if not len(full):
            return
        winner = self._winning(full)
        self.won[full, winner] += 1
        self.winners[full, (self.played[full] - 1) // n] = winner
        self.turn[full] = winner  # WC-8: the winner leads next
        self.led[full] = -1
        last = full[self.played[full] == self.tricks * n]
        if len(last):
            self._end_hand(last, points)

    def _winning(self, idx: Ints) -> Ints:
        """WC-11: the seat winning each table's trick in play (or just completed): the highest
        trump, each card judged by its own player's reading and trump, the earlier of equal
        trumps; without a trump, the highest card of the led suit."""
        n = self.players
        count = (self.played[idx] - 1) % n + 1
        start = self.played[idx] - count
        pos = np.arange(n)
        at = np.minimum(start[:, None] + pos, _CARDS - 1)
        cards = self.played_card[idx[:, None], at]
        seats = self.played_seat[idx[:, None], at]
        col = idx[:, None]
        read = _SUIT[self.readings[col, seats], cards]
        trump = read == self.trumps[col, seats]
        counts = trump | (read == read[:, :1])
        key = np.where(
            counts & (pos < count[:, None]), (trump * 16 + _RANK[cards]) * 8 + 7 - pos, -1
        )
        winner: Ints = seats[np.arange(len(idx)), key.argmax(axis=1)]
        return winner

    def _end_hand(self, idx: Ints, points: Ints) -> None:
        """WC-12 scores; WC-13 the target, reached by one player alone; WC-16 the hand limit;
        WC-2 the next dealer and the next hand, dealt from the table's generator."""
        bids = self.bids[idx]
        scores = _SCORE_FACTOR[np.minimum(np.abs(self.won[idx] - bids), 3)] * bids
        hand = self.hand_no[idx]
        if hand.max() > self.history.shape[1]:
            wider = min(max(2 * self.history.shape[1], int(hand.max())), HAND_LIMIT)
            grown = np.zeros((self.batch, wider, self.players), dtype=np.int64)
            grown[:, : self.history.shape[1]] = self.history
            self.history = grown
        self.history[idx, hand - 1] = scores
        totals = self.totals[idx] + scores
        self.totals[idx] = totals
        points[idx] += scores
        best = totals.max(axis=1)
        alone = (totals == best[:, None]).sum(axis=1) == 1
        over = (best >= self.options["target"]) & alone | (hand >= HAND_LIMIT)
        ended = idx[over]
        self.over[ended] = True
        self.phase[ended], self.turn[ended] = OVER, -1
        done = totals[over]
        # Competition places, more points better (1, 2, 2, 4); WC-16: equal totals share.
        self.places[ended] = 1 + (done[:, None, :] > done[:, :, None]).sum(axis=2)
        going = idx[~over]
        if len(going):
            self.hand_no[going] += 1
            self._deal_next(going)

    # --- scores and records -------------------------------------------------------------
    def scores(self) -> Ints:
        """[B, P] the match totals so far (``Game.scores``: finished hands)."""
        return self.totals.copy()

    def _first_deal(self, table: int) -> dict[str, Any]:
        return {
            "hands": [[CODES[c] for c in hand] for hand in self.first_hands[table].tolist()],
            "dealer": int(self.first_dealer[table]),
        }

    # --- what a seat sees -------------------------------------------------------------
    def observe(self, seat: int) -> dict[str, npt.NDArray[Any]]:
        """What ``seat`` sees at every table (WC-14), as arrays over the batch: its own hand,
        how many cards each hand holds, and what is public (ruling cards once revealed, calls,
        readings, trumps, bids, every card played, tricks won); nothing of the other hands,
        the later deals or the seeds."""
        sizes = (self.owner[:, None, :] == self._seats[None, :, None]).sum(axis=2)
        return {
            "hand": self.owner == seat,
            "hand_sizes": sizes,
            "phase": self.phase.copy(),
            "turn": self.turn.copy(),
            "dealer": self.dealer.copy(),
            "hand_no": self.hand_no.copy(),
            "rulers": self.rulers.copy(),
            "readings": self.readings.copy(),
            "trumps": self.trumps.copy(),
            "calls": self.calls.copy(),
            "bids": self.bids.copy(),
            "won": self.won.copy(),
            "played_card": self.played_card.copy(),
            "played_seat": self.played_seat.copy(),
            "played": self.played.copy(),
            "winners": self.winners.copy(),
            "voids": self.voids.copy(),
            "totals": self.totals.copy(),
            "history": self.history.copy(),
            "acting": self.acting(),
            "over": self.over.copy(),
        }

    def to_view(self, obs: Mapping[str, npt.NDArray[Any]], table: int, seat: int) -> dict[str, Any]:
        """Row ``table`` of ``seat``'s observation as the engine's view (``WildcatChicane.view``)
        at a step's boundary, where no ruling card is chosen and unrevealed. The state is
        rebuilt from the observation alone, the other hands as unknown cards of their sizes,
        and the game's own ``view`` speaks for it (its prompt is the game's sentence); the
        events of the last action (``last_events``) are not kept in the batch."""
        t, n = table, self.players
        st = ChicaneState.blank()
        st.n, st.variant, st.target = n, self.options["variant"], self.options["target"]
        st.rng = 0
        phase = int(obs["phase"][t])
        st.phase = PHASES[phase]
        st.hand_no, st.dealer = int(obs["hand_no"][t]), int(obs["dealer"][t])
        done = st.hand_no - (phase != OVER)
        history = obs["history"][t, :done].tolist()
        st.history = tuple(tuple(h) for h in history)
        st.totals = tuple(obs["totals"][t].tolist())
        own = tuple(np.flatnonzero(obs["hand"][t]).tolist())
        sizes = obs["hand_sizes"][t].tolist()
        st.hands = tuple(own if s == seat else (-1,) * sizes[s] for s in range(n))
        st.chosen = (-1,) * n
        st.rulers = tuple(obs["rulers"][t].tolist())
        st.calls = tuple(CALLS[c] for c in obs["calls"][t].tolist() if c >= 0)
        st.readings = tuple(obs["readings"][t].tolist())
        st.trumps = tuple(SUITS[k] if k >= 0 else "" for k in obs["trumps"][t].tolist())
        st.bids = tuple(obs["bids"][t].tolist())
        st.turn = int(obs["turn"][t])
        played = int(obs["played"][t])
        seats, cards = obs["played_seat"][t, :played], obs["played_card"][t, :played]
        plays = list(zip(seats.tolist(), cards.tolist(), strict=True))
        finished = played // n
        st.tricks = tuple(tuple(plays[k * n : k * n + n]) for k in range(finished))
        st.trick = tuple(plays[finished * n :])
        st.winners = tuple(obs["winners"][t, :finished].tolist())
        st.won = tuple(obs["won"][t].tolist())
        # Whether a trump was played this hand (the classic prompt's leading rule, WC-15).
        st.broken = any(st.is_trump(s, c) for s, c in plays)
        view = dict(GAME.view(st, seat))
        del view["last_events"]
        return view

    def encode(self, seat: int) -> npt.NDArray[np.float32]:
        """[B, size] ``seat``'s observation as the research adapters encode its view
        (``adapters/wildcat_chicane.py``, the layout of ``docs/adapters.md``), for every table
        at once; seats relative to ``seat`` (row 0 is the seat itself)."""
        from pondside.adapters.codec import Codec

        layout = Codec(GAME.info.slug, self.players, self.options).layout
        at = {f.name: f.start for f in layout.fields}
        b, n, rows = self.batch, self.players, self._rows[:, None]
        out = np.zeros((b, layout.size + 1), dtype=np.float32)  # the last: a sink for blanks
        sink = layout.size
        order = (seat + np.arange(n)) % n  # relative row r is seat (seat + r) % n
        relative = (np.arange(n) - seat) % n  # seat s is relative row relative[s]

        def one_hot(start: int, value: npt.NDArray[Any], width: int) -> None:
            """value [B, k] (or [B]), -1 for none: row r's one-hot at start + r·width."""
            v = value.reshape(b, -1)
            k = np.arange(v.shape[1]) * width
            out[rows, np.where(v >= 0, start + k + v, sink)] = 1

        out[:, at["hand"] : at["hand"] + _CARDS] = self.owner == seat
        one_hot(at["phase"], self.phase, 0)
        one_hot(at["dealer"], relative[self.dealer], 0)
        one_hot(at["ruler"], self.rulers[:, order], _CARDS)
        one_hot(at["reading"], self.readings[:, order], 2)
        one_hot(at["trump"], self.trumps[:, order], len(SUITS))
        one_hot(at["calls"], self.calls, 0)
        bids = self.bids[:, order]
        out[:, at["bid"] : at["bid"] + n] = np.maximum(bids, 0)
        out[:, at["has_bid"] : at["has_bid"] + n] = bids >= 0
        out[:, at["won"] : at["won"] + n] = self.won[:, order]
        sizes = (self.owner[:, None, :] == order[None, :, None]).sum(axis=2)
        out[:, at["hand_size"] : at["hand_size"] + n] = sizes
        out[:, at["to_act"] : at["to_act"] + n] = self.acting()[:, order]
        slots = np.arange(_CARDS)
        played = slots < self.played[:, None]
        who = relative[np.maximum(self.played_seat, 0)]
        card = self.played_card
        out[rows, np.where(played, at["played"] + who * _CARDS + card, sink)] = 1
        count = self.played % n
        current = played & (slots >= (self.played - count)[:, None])
        out[rows, np.where(current, at["trick"] + who * _CARDS + card, sink)] = 1
        leading = np.flatnonzero(count > 0)
        first = self.played[leading] - count[leading]
        out[leading, at["trick_leader"] + who[leading, first]] = 1
        one_hot(at["led_suit"], self.led, 0)
        if len(leading):
            out[leading, at["winning"] + relative[self._winning(leading)]] = 1
        bits = (self.voids[:, order, None] >> np.arange(len(SUITS))) & 1
        out[:, at["voids"] : at["voids"] + n * len(SUITS)] = bits.reshape(b, -1)
        out[:, at["totals"] : at["totals"] + n] = self.totals[:, order]
        misc = at["hand_tricks"]
        out[:, misc] = self.hand_no
        out[:, misc + 1] = self.tricks
        out[:, misc + 2] = self.played // n
        return out[:, :sink]


__all__ = ["GAME", "StepLog", "WildcatChicaneTables"]  # StepLog: the docstring's example
