"""Down the Drain over a batch of tables: the rules of ``games/down_the_drain/`` on arrays.

One seat acts at a time (DD-4), so a step is every table's turn at once: the played card joins
its number's group (DD-3), every strictly lower group of another number is beaten (DD-4d,
DD-5), the beaten draw in clockwise order (DD-6) from a stack reshuffled from the discard pile
when it runs out (DD-7, with the engine's own generator, so the replay draws the same cards),
and the next seat's card, if still in front, is pushed through with its group, which wins the
game for those whose hand is empty (DD-4a, DD-8). Games end at the guard (DD-10), a series of
``games`` rotates the start player and ranks by games won, then cards held (DD-9).

Actions are the game's numbering (``play 2`` .. ``play 20`` are 0 .. 18), ``noop`` (19) is what
the seats not to act pass. The first game's deal comes from the batch's NumPy generator and is
written into each record; later games are dealt from each table's seed, as the engine does.

>>> t = DownTheDrainTables(3, players=4, seed=7)
>>> t.acting().sum(axis=1).tolist()
[1, 1, 1]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from pondside.engine import Game, IllegalAction
from pondside.games.down_the_drain import DECK, GAME, GUARD_CYCLES, NUMBERS, hand_size

from .base import Bools, Ints, Step, TablesBase
from .rng import shuffled

_DECK = np.array(DECK, dtype=np.int64)
_NUMBERS = np.array(NUMBERS, dtype=np.int64)
_SIDE = max(NUMBERS) + 1  # counts are indexed by the number itself (0 and 1 stay empty)


class DownTheDrainTables(TablesBase):
    """``B`` Down the Drain tables of ``players`` seats (3-8) with the game's options."""

    game: Game[Any] = GAME

    def _setup(self) -> None:
        self.hand = hand_size(self.players)

    # --- dealing ----------------------------------------------------------------------
    def reset(self, rows: Bools | None = None) -> None:
        """Start new matches at ``rows`` (every table when None): new seeds, a new first deal
        and a random start player (DD-2)."""
        idx = self._new_matches(rows)
        n = len(idx)
        if n == 0:
            return
        # A uniform shuffle: the order of independent uniform keys (ties have odds ~1e-12).
        cards = _DECK[np.argsort(self.rng.random((n, len(DECK))), axis=1)]
        start = self.rng.integers(0, self.players, n)
        dealt = self.players * self.hand
        self.first_hands[idx] = cards[:, :dealt].reshape(n, self.players, self.hand)
        self.first_stack[idx] = cards[:, dealt:]
        self.first_start[idx] = start
        self.game_no[idx] = 1
        self.wins[idx] = 0
        self.totals[idx] = 0
        self.won[idx] = False
        self.held_after[idx] = 0
        self.over[idx] = False
        self.places[idx] = 0
        self._start_game(idx, cards, start)

    def _allocate(self) -> None:
        b, p, g = self.batch, self.players, self.options["games"]
        self.seeds = np.zeros(b, dtype=np.uint64)
        self.states = np.zeros(b, dtype=np.uint64)
        self.first_hands = np.zeros((b, p, self.hand), dtype=np.int64)
        self.first_stack = np.zeros((b, len(DECK) - p * self.hand), dtype=np.int64)
        self.first_start = np.zeros(b, dtype=np.int64)
        self.counts = np.zeros((b, p, _SIDE), dtype=np.int64)
        """Copies of each number in each hand."""
        self.hand_sizes = np.zeros((b, p), dtype=np.int64)
        self.front = np.zeros((b, p), dtype=np.int64)
        """The number in front of each seat, 0 for none (DD-3)."""
        self.stack = np.zeros((b, len(DECK)), dtype=np.int64)
        """The stack, top card first, from ``top`` to ``stack_size``."""
        self.top = np.zeros(b, dtype=np.int64)
        self.stack_size = np.zeros(b, dtype=np.int64)
        self.discard = np.zeros((b, len(DECK)), dtype=np.int64)
        """The discard pile in the order the cards reached it, ``discard_size`` of them."""
        self.discard_size = np.zeros(b, dtype=np.int64)
        self.discard_counts = np.zeros((b, _SIDE), dtype=np.int64)
        self.seat = np.zeros(b, dtype=np.int64)
        self.start = np.zeros(b, dtype=np.int64)
        self.plays = np.zeros(b, dtype=np.int64)
        self.game_no = np.ones(b, dtype=np.int64)
        self.won = np.zeros((b, g, p), dtype=bool)
        """Each finished game's winners (DD-8)."""
        self.held_after = np.zeros((b, g, p), dtype=np.int64)
        """The cards each seat held at the end of each finished game (DD-9)."""
        self.wins = np.zeros((b, p), dtype=np.int64)
        self.totals = np.zeros((b, p), dtype=np.int64)
        self.over = np.zeros(b, dtype=bool)
        self.places = np.zeros((b, p), dtype=np.int64)

    def _start_game(self, idx: Ints, cards: Ints, start: Ints) -> None:
        """DD-2: the hands, the rest as the stack, the start player to act."""
        n, dealt = len(idx), self.players * self.hand
        counts = np.zeros((n, self.players, _SIDE), dtype=np.int64)
        hands = cards[:, :dealt].reshape(n, self.players, self.hand)
        np.add.at(counts, (np.arange(n)[:, None, None], self._seats[:, None], hands), 1)
        self.counts[idx] = counts
        self.hand_sizes[idx] = self.hand
        self.front[idx] = 0
        self.stack[idx] = 0
        self.stack[idx, : len(DECK) - dealt] = cards[:, dealt:]
        self.top[idx] = 0
        self.stack_size[idx] = len(DECK) - dealt
        self.discard_size[idx] = 0
        self.discard_counts[idx] = 0
        self.seat[idx] = start
        self.start[idx] = start
        self.plays[idx] = 0

    def set_position(self, table: int, hands: list[list[int]], stack: list[int], seat: int) -> None:
        """Put ``table`` at the start of a game: these hands, this stack (top card first, the
        rest of the deck face up on the discard pile) and ``seat`` to play first (the
        rulebook's example)."""
        if len(hands) != self.players or not 0 <= seat < self.players:
            raise ValueError(f"give {self.players} hands and a seat 0..{self.players - 1}")
        left = np.bincount(_DECK, minlength=_SIDE)
        self.counts[table] = 0
        for s, hand in enumerate(hands):
            np.add.at(self.counts[table, s], hand, 1)
        np.subtract.at(left, [c for h in hands for c in h] + list(stack), 1)
        if (left < 0).any():
            raise ValueError("the hands and the stack hold more of a number than the deck (DD-1)")
        self.hand_sizes[table] = [len(h) for h in hands]
        self.front[table] = 0
        self.stack[table] = 0
        self.stack[table, : len(stack)] = stack
        self.stack_size[table], self.top[table] = len(stack), 0
        pile = np.repeat(np.arange(_SIDE), left)
        self.discard[table] = 0
        self.discard[table, : len(pile)] = pile
        self.discard_size[table] = len(pile)
        self.discard_counts[table] = left
        self.seat[table] = self.start[table] = seat
        self.plays[table] = 0

    def load_states(self, rows: Ints, states: Sequence[Any], of: Ints | None = None) -> Ints:
        """Put table ``rows[k]`` in the engine's state ``states[of[k]]`` (``states[k]`` when
        ``of`` is None): a ``DownTheDrainState`` of this batch's players and options, its
        generator included, so that the table plays on as the engine would from there (the
        search's determinizations are played out so, ``bots/rollout.py``). A loaded table's
        record is not its match's: the match's first deal is not in the state. Returns
        ``[len(rows), P]`` of ``noop``: one seat acts at a time (DD-4), so nothing is chosen
        and not yet revealed."""
        p, n = self.players, len(states)
        rows = np.asarray(rows, dtype=np.int64)
        pick = np.arange(n) if of is None else np.asarray(of, dtype=np.int64)
        g = self.options["games"]
        counts = np.zeros((n, p, _SIDE), dtype=np.int64)
        stack = np.zeros((n, len(DECK)), dtype=np.int64)
        discard = np.zeros((n, len(DECK)), dtype=np.int64)
        won = np.zeros((n, g, p), dtype=bool)
        held_after = np.zeros((n, g, p), dtype=np.int64)
        for i, st in enumerate(states):
            if st.n != p or st.games != g:
                raise ValueError(
                    f"a state of {st.n} players and {st.games} games does not fit these tables "
                    f"of {p} players and {g} games"
                )
            for s, hand in enumerate(st.hands):
                np.add.at(counts[i, s], list(hand), 1)
            stack[i, : len(st.stack)] = st.stack
            discard[i, : len(st.discard)] = st.discard
            for k, (winners, held) in enumerate(st.history):
                won[i, k, list(winners)] = True
                held_after[i, k] = held
        at = np.arange(n)[:, None]
        discard_counts = np.zeros((n, _SIDE), dtype=np.int64)
        np.add.at(discard_counts, (at, discard), 1)
        discard_counts[:, 0] = 0
        sizes = np.array([[len(h) for h in st.hands] for st in states], dtype=np.int64)
        self.counts[rows], self.hand_sizes[rows] = counts[pick], sizes[pick]
        self.front[rows] = np.array([st.front for st in states], dtype=np.int64)[pick]
        self.stack[rows], self.discard[rows] = stack[pick], discard[pick]
        self.discard_counts[rows] = discard_counts[pick]
        self.top[rows] = np.array([st.top for st in states], dtype=np.int64)[pick]
        self.stack_size[rows] = np.array([len(st.stack) for st in states], dtype=np.int64)[pick]
        self.discard_size[rows] = np.array([len(st.discard) for st in states])[pick]
        for name in ("seat", "start", "plays", "game_no"):
            column: Ints = getattr(self, name)
            column[rows] = np.array([getattr(st, name) for st in states])[pick]
        self.won[rows], self.held_after[rows] = won[pick], held_after[pick]
        self.wins[rows] = won.sum(axis=1)[pick]
        totals = held_after.sum(axis=1)
        self.totals[rows] = totals[pick]
        over = np.array([st.over for st in states], dtype=bool)
        self.over[rows] = over[pick]
        # DD-9: ranked by games won, then by cards held, where the state's match is over.
        wins = won.sum(axis=1)
        better = (wins[:, None, :] > wins[:, :, None]) | (
            (wins[:, None, :] == wins[:, :, None]) & (totals[:, None, :] < totals[:, :, None])
        )
        self.places[rows] = np.where(over[:, None], 1 + better.sum(axis=2), 0)[pick]
        self.states[rows] = np.array(
            [st.rng & 0xFFFFFFFFFFFFFFFF for st in states], dtype=np.uint64
        )[pick]
        forced: Ints = np.full((len(rows), p), self.noop, dtype=np.int64)
        return forced

    # --- who acts, and what they may do -------------------------------------------------
    def acting(self) -> Bools:
        """[B, P]: the seat whose turn it is (DD-4), none once the match is over."""
        out: Bools = (self._seats == self.seat[:, None]) & ~self.over[:, None]
        return out

    def legal_mask(self, seat: int | None = None) -> Bools:
        """[B, P, A] (or [B, A] for ``seat``): DD-4b, any number of the hand."""
        mask = (self.counts[:, :, _NUMBERS] > 0) & self.acting()[:, :, None]
        return mask[:, seat] if seat is not None else mask

    def random_actions(self, rng: np.random.Generator) -> Ints:
        """[B, P] a uniformly random legal action (one of the distinct numbers in the hand, as
        the engine lists them) for the seat to act, ``noop`` for the others."""
        hands = self.counts.reshape(-1, _SIDE)[self._rows * self.players + self.seat]
        # Number-major ([19, B]): an argmax over 19 rows of B, not over B rows of 19.
        legal = hands.T[_NUMBERS] > 0
        keys = rng.random(legal.shape) * legal
        out = np.full((self.batch, self.players), self.noop, dtype=np.int64)
        playing = ~self.over
        out[self._rows[playing], self.seat[playing]] = keys.argmax(axis=0)[playing]
        return out

    # --- a step -----------------------------------------------------------------------
    def step(self, actions: npt.ArrayLike, rows: Bools | None = None) -> Step:
        """Every seat's action (``noop`` where it does not act); ``rows`` limits the step to
        those tables. Raises ``IllegalAction`` naming the first table and seat whose action is
        not legal, and then changes nothing."""
        acts, acting = self._step_input(actions, rows)
        number = np.where((acts >= 0) & (acts < self.num_actions), acts + 2, 0)
        hands = (self._rows * self.players)[:, None] + self._seats
        held = self.counts.reshape(-1)[hands * _SIDE + number] > 0
        ok = np.where(acting, held, acts == self.noop)
        if not ok.all():
            b, s = (int(x) for x in np.argwhere(~ok)[0])
            raise IllegalAction(self._why(b, s, int(acts[b, s]), bool(acting[b, s])))
        before = self.totals.copy()
        ended = self.over.copy()
        idx = np.flatnonzero(acting.any(axis=1))
        if len(idx):
            self._play(idx, number[idx, self.seat[idx]])
        return Step(self.totals - before, self.over & ~ended)

    def _why(self, b: int, s: int, action: int, acts: bool) -> str:
        refused = self._refusal(b, s, action, acts)
        if refused:
            return refused
        where = f"table {b}, seat {s}"
        return f"{where} holds no {action + 2} (DD-4)"

    def _play(self, idx: Ints, card: Ints) -> None:
        """DD-4b..DD-4d, DD-6, DD-7, then the next seat's push-through (DD-4a) or the guard."""
        p, n = self.players, len(idx)
        r = np.arange(n)
        seat = self.seat[idx]
        hand = idx * p + seat
        self.counts.reshape(-1)[hand * _SIDE + card] -= 1
        self.hand_sizes.reshape(-1)[hand] -= 1
        front = self.front[idx]
        front[r, seat] = card
        # DD-3: each seat's group size, seat by seat over the tables (seat-major: fast rows).
        columns = np.ascontiguousarray(front.T)
        size = np.zeros((p, n), dtype=np.int64)
        for u in range(p):
            size += columns == columns[u]
        size = size.T
        value = card * size[r, seat]
        # DD-4d, DD-5: every other number's group strictly lower is beaten.
        beaten = (front != 0) & (front != card[:, None]) & (front * size < value[:, None])
        for k in range(1, p):  # DD-6: the beaten cards, then the draws, clockwise from seat+1
            t = (seat + k) % p
            lose = np.flatnonzero(beaten[r, t])
            self._discard(idx[lose], front[lose, t[lose]])
        front[beaten] = 0
        self.front[idx] = front
        for k in range(1, p):
            t = (seat + k) % p
            draw = np.flatnonzero(beaten[r, t])
            if len(draw):
                self._draw(idx[draw], t[draw])
        self.plays[idx] += 1
        following = (seat + 1) % p
        self.seat[idx] = following
        guard = self.plays[idx] >= GUARD_CYCLES * p  # DD-10: no winner
        if guard.any():
            self._end_game(idx[guard], np.zeros((int(guard.sum()), p), dtype=bool))
        pushed = ~guard & (self.front[idx, following] != 0)
        if pushed.any():
            self._push_through(idx[pushed], following[pushed])

    def _discard(self, idx: Ints, cards: Ints) -> None:
        """Cards onto the discard pile, in order (one per table)."""
        self.discard[idx, self.discard_size[idx]] = cards
        self.discard_size[idx] += 1
        self.discard_counts[idx, cards] += 1

    def _draw(self, idx: Ints, seat: Ints) -> None:
        """DD-6, DD-7: one card each; an empty stack is first reshuffled from the discard pile
        with the table's generator (``Rng.shuffled`` of the pile in its order)."""
        empty = self.top[idx] >= self.stack_size[idx]
        if empty.any():
            e = idx[empty]
            size = self.discard_size[e]
            order, self.states[e] = shuffled(self.states[e], len(DECK), size)
            pile = np.take_along_axis(self.discard[e], order.astype(np.int64) - 1, axis=1)
            self.stack[e] = np.where(np.arange(len(DECK)) < size[:, None], pile, 0)
            self.stack_size[e] = size
            self.top[e] = 0
            self.discard_size[e] = 0
            self.discard_counts[e] = 0
        card = self.stack[idx, self.top[idx]]
        self.top[idx] += 1
        self.counts[idx, seat, card] += 1
        self.hand_sizes[idx, seat] += 1

    def _push_through(self, idx: Ints, seat: Ints) -> None:
        """DD-4a, DD-8: the seat's card and its group go to the discard pile; those of the
        group with an empty hand win and the game ends."""
        card = self.front[idx, seat]
        group = self.front[idx] == card[:, None]
        for k in range(self.players):  # one card per member, all of the same number
            members = np.flatnonzero(group[:, k])
            self._discard(idx[members], card[members])
        self.front[idx] = np.where(group, 0, self.front[idx])
        winners = group & (self.hand_sizes[idx] == 0)
        won = winners.any(axis=1)
        if won.any():
            self._end_game(idx[won], winners[won])

    def _end_game(self, idx: Ints, winners: Bools) -> None:
        """DD-8, DD-9: the game's winners and cards held; the series ends, or the next game is
        dealt from the table's generator with the next start player."""
        held = self.hand_sizes[idx] + (self.front[idx] != 0)
        game = self.game_no[idx] - 1
        self.won[idx, game] = winners
        self.held_after[idx, game] = held
        self.wins[idx] += winners
        self.totals[idx] += held
        last = self.game_no[idx] >= self.options["games"]
        ended = idx[last]
        self.over[ended] = True
        # DD-9: ranked by games won, then by cards held, ties sharing a place.
        wins, totals = self.wins[ended], self.totals[ended]
        better = (wins[:, None, :] > wins[:, :, None]) | (
            (wins[:, None, :] == wins[:, :, None]) & (totals[:, None, :] < totals[:, :, None])
        )
        self.places[ended] = 1 + better.sum(axis=2)
        going = idx[~last]
        if len(going):
            self.game_no[going] += 1
            order, self.states[going] = shuffled(self.states[going], len(DECK))
            cards = _DECK[order.astype(np.int64) - 1]
            self._start_game(going, cards, (self.start[going] + 1) % self.players)

    # --- scores and records -------------------------------------------------------------
    def scores(self) -> Ints:
        """[B, P] cards held at the end of each finished game, summed (``Game.scores``)."""
        out: Ints = self.totals.copy()
        return out

    def _first_deal(self, table: int) -> dict[str, Any]:
        return {
            "hands": np.sort(self.first_hands[table], axis=1).tolist(),
            "stack": self.first_stack[table].tolist(),
            "start": int(self.first_start[table]),
        }

    # --- what a seat sees -------------------------------------------------------------
    def observe(self, seat: int) -> dict[str, npt.NDArray[Any]]:
        """What ``seat`` sees at every table (DD-11): its own hand, the cards in front, the
        discard pile, the stack's size and the hand sizes; not the other hands nor the stack."""
        finished = self.game_no - 1 + self.over
        return {
            "hand_counts": self.counts[:, seat].copy(),
            "hand_sizes": self.hand_sizes.copy(),
            "front": self.front.copy(),
            "stack_size": self.stack_size - self.top,
            "discard": self.discard.copy(),
            "discard_size": self.discard_size.copy(),
            "discard_counts": self.discard_counts.copy(),
            "seat": np.where(self.over, -1, self.seat),
            "start": self.start.copy(),
            "plays": self.plays.copy(),
            "game": self.game_no.copy(),
            "finished": finished,
            "won": self.won.copy(),
            "held_after": self.held_after.copy(),
            "wins": self.wins.copy(),
            "totals": self.totals.copy(),
            "over": self.over.copy(),
        }

    def to_view(self, obs: Mapping[str, npt.NDArray[Any]], table: int, seat: int) -> dict[str, Any]:
        """Row ``table`` of ``seat``'s observation as the engine's view (``DownTheDrain.view``),
        less ``last_events``, which the batch does not keep."""
        t = table
        front = obs["front"][t].tolist()
        numbers = sorted({c for c in front if c}, key=lambda c: (-c * front.count(c), -c))
        finished = int(obs["finished"][t])
        to_act = [] if obs["over"][t] else [int(obs["seat"][t])]
        sizes = obs["hand_sizes"][t].tolist()
        return {
            "game": GAME.info.slug,
            "players": self.players,
            "seat": seat,
            "to_act": to_act,
            "over": bool(obs["over"][t]),
            "hand_number": int(obs["game"][t]),
            "hand_sizes": sizes,
            "totals": obs["totals"][t].tolist(),
            "hand_scores": obs["held_after"][t, :finished].tolist(),
            "options": dict(self.options),
            "start": int(obs["start"][t]),
            "plays": int(obs["plays"][t]),
            "front": [c or None for c in front],
            "groups": [
                {
                    "number": c,
                    "seats": [s for s in range(self.players) if front[s] == c],
                    "value": c * front.count(c),
                    # DD-4a: the first seat holding it in front, clockwise from the seat to act.
                    "through": None
                    if obs["over"][t]
                    else next(
                        (
                            k
                            for i in range(self.players)
                            if front[k := (int(obs["seat"][t]) + i) % self.players] == c
                        ),
                        None,
                    ),
                }
                for c in numbers
            ],
            "held": [h + (1 if f else 0) for h, f in zip(sizes, front, strict=True)],
            "stack_size": int(obs["stack_size"][t]),
            "discard": obs["discard"][t, : obs["discard_size"][t]].tolist(),
            "winners": [np.flatnonzero(w).tolist() for w in obs["won"][t, :finished]],
            "wins": obs["wins"][t].tolist(),
            "hand": np.repeat(np.arange(_SIDE), obs["hand_counts"][t]).tolist(),
        }

    def encode(self, seat: int) -> npt.NDArray[np.float32]:
        """[B, size] ``seat``'s observation as the research adapters encode its view
        (``adapters/down_the_drain.py``), for every table at once; seats relative to ``seat``."""
        from pondside.adapters.codec import Codec

        layout = Codec(GAME.info.slug, self.players, self.options).layout
        at = {f.name: f.start for f in layout.fields}
        b, n, k = self.batch, self.players, len(NUMBERS)
        out = np.zeros((b, layout.size + 1), dtype=np.float32)  # the last: a sink for blanks
        order = (seat + np.arange(n)) % n
        front = self.front[:, order]
        size = (front[:, :, None] == front[:, None, :]).sum(axis=2)
        out[:, at["hand_counts"] : at["hand_counts"] + k] = self.counts[:, seat, _NUMBERS]
        cells = np.where(front > 0, at["front"] + np.arange(n) * k + front - 2, layout.size)
        out[self._rows[:, None], cells] = 1
        out[:, at["group_value"] : at["group_value"] + n] = front * size * (front > 0)
        out[:, at["discard_counts"] : at["discard_counts"] + k] = self.discard_counts[:, _NUMBERS]
        in_front = (self.front[:, :, None] == _NUMBERS).sum(axis=1)
        seen = self.counts[:, seat, _NUMBERS] + in_front + self.discard_counts[:, _NUMBERS]
        unseen = np.bincount(_DECK - 2, minlength=k)[None, :] - seen
        out[:, at["unseen_counts"] : at["unseen_counts"] + k] = unseen
        out[:, at["hand_size"] : at["hand_size"] + n] = self.hand_sizes[:, order]
        held = self.hand_sizes + (self.front != 0)
        out[:, at["held"] : at["held"] + n] = held[:, order]
        out[:, at["turn"] : at["turn"] + n] = self.acting()[:, order]
        out[self._rows, at["start"] + (self.start - seat) % n] = 1
        out[:, at["wins"] : at["wins"] + n] = self.wins[:, order]
        out[:, at["totals"] : at["totals"] + n] = self.totals[:, order]
        misc = at["stack_plays_game"]
        out[:, misc] = self.stack_size - self.top
        out[:, misc + 1] = self.plays
        out[:, misc + 2] = self.game_no
        return out[:, : layout.size]


__all__ = ["DownTheDrainTables"]
