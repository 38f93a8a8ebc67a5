"""Batched rollouts: a search's playouts played together on a game's batched engine.

The search bots (``search.py``) play each playout one by one in Python. Where a game has a
batched engine that can be loaded from an engine state and a batched rollout policy, the
playouts of many samples (each sample's candidate actions and, across samples, many
determinizations) are loaded into the rows of one batch of tables and played to the end of the
hand in play together, one step of every table at a time; each row's end is judged by the
search's own reward. Lame Duck (``lame_duck_rollout.py``), Down the Drain
(``down_the_drain_rollout.py``), Wildcat Chicane (``wildcat_chicane_rollout.py``) and Ladders
(``ladders_rollout.py``, whose long rounds are cut and judged by progress, ``play``'s ``cut``)
have both policies, King of the Quackers (``king_of_the_quackers_rollout.py``) the random one.

What is the same as one by one, and what is not:
- ``rollout=heuristic``: the heuristic draws nothing, so a playout from a given state is one
  fixed sequence of actions; the batched heuristic makes the same choices, and each playout ends
  where the one-by-one playout ends, with the same reward (tested on fixed seeds).
- ``rollout=random``: the same distribution (a uniform legal action at each step), from NumPy's
  generator instead of the playout's ``random.Random``, so single playouts differ and only their
  distribution is the same (tested statistically). The candidates of one sample share their
  uniforms, step by step, as the one-by-one playouts share their draws (common random numbers).

>>> import random
>>> from pondside.games.lame_duck import GAME
>>> state = GAME.new(4, GAME.options(4, {}), seed=3)
>>> rollouts = batched_rollouts(GAME, 4, "heuristic", "rank")
>>> rewards = rollouts.play([state], [[(0, "play " + str(state.hands[0][0])), None]], luck=1)
>>> len(rewards[0]), len(rewards[0][0])
(2, 4)
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from pondside.engine import Game
from pondside.games import companion

from .registry import heuristic_class

_PACKAGE = __package__ or "pondside.bots"

Policy = Callable[[Any, npt.NDArray[np.float64], npt.NDArray[np.bool_]], npt.NDArray[np.int64]]
Move = tuple[int, str] | None
"""A seat's action to take first at a start state (a candidate), or None: play it as it is."""

ROLLOUT = "_rollout"
"""A game's batched rollout policies are its companion ``pondside.bots.<game>_rollout``
(``games.companion``): the games that have one play their playouts on the batched engine."""

_MADE = threading.local()
"""Per thread, the tables made so far, by game, players, size and options, with each action's
number by its name: every search bot of a process (a bench makes one a position) loads over
the same tables, which a call fills completely before it plays them."""

_CHUNK = 4096
"""The most rows a batch is given at once (Lame Duck's steps are fastest from about a thousand
tables on; far more only costs memory)."""


def nth_true(mask: npt.NDArray[np.bool_], u: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
    """Per row, the index of a uniformly chosen true column of ``mask`` (each row has one),
    from the uniform ``u``: the ``floor(u · count)``-th, lowest first (a random policy's
    choice among a row's legal actions)."""
    count = mask.sum(axis=1)
    r = np.minimum((u * count).astype(np.int64), count - 1)
    out: npt.NDArray[np.int64] = np.argmax(np.cumsum(mask, axis=1) > r[:, None], axis=1)
    return out


def reward_of(results: Sequence[float], kind: str, finished: bool) -> list[float]:
    """Per seat, in [0, 1], from ``results`` (higher better: minus the places once the match is
    ``finished``, else each seat's gain over the hand) as the search rewards a playout's end.

    ``rank``: the share of other seats beaten (ties count half); ``win``: first place only;
    ``mixed``: half rank, half margin; ``margin``: how far ahead of the others a seat moved,
    and first place only once the match is over; ``score``: how far a seat moved, whatever the
    others did, and first place only once the match is over."""
    n = len(results)
    if kind == "score" and not finished:
        # The seat's own gain alone, squashed as a margin is: what a bidding game pays for
        # making one's own bid (WC-12), where the ranks also reward spoiling another's.
        return [0.5 + 0.5 * r / (1.0 + abs(r)) for r in results]
    if n < 2:
        return [1.0]
    if kind == "margin" and not finished:
        # How far ahead of the other seats' average a seat moved, squashed into (0, 1):
        # a margin of one point (one CLIMB card) is worth 0.75, and 0.5 is level.
        total = sum(results)
        return [
            0.5 + 0.5 * x / (1.0 + abs(x)) for x in ((r - (total - r) / (n - 1)) for r in results)
        ]
    # Counted in plain loops: every iteration of a search comes here, and two generators a
    # seat cost more than the counting.
    ranks = []
    for mine in results:
        below = same = 0
        for r in results:
            if r < mine:
                below += 1
            elif r == mine:
                same += 1
        ranks.append((below + 0.5 * (same - 1)) / (n - 1))
    if kind == "rank":
        return ranks
    if kind in ("win", "margin", "score"):
        # Only first place counts (shared: split), as a win rate does.
        best = max(results)
        firsts = results.count(best)
        return [1.0 / firsts if r == best else 0.0 for r in results]
    # Mixed: half the rank, half the margin scaled to the spread of this playout.
    lo, hi = min(results), max(results)
    spread = hi - lo
    return [
        0.5 * k + (0.5 * (r - lo) / spread if spread else 0.25)
        for k, r in zip(ranks, results, strict=True)
    ]


class BatchedRollouts:
    """A game's playouts on its batched engine, with one rollout policy and one reward.

    ``play(starts, moves, luck)`` plays, for each start state, each of its moves (a seat's
    action taken first, or None) to the end of the hand in play, and returns the reward vector
    of every seat for each: ``[start][move][seat]``."""

    def __init__(self, game: Game[Any], players: int, policy: Policy, reward: str) -> None:
        module = companion(game, _PACKAGE, ROLLOUT)
        if module is None:
            raise ValueError(f"{game.info.name} has no batched rollouts ({_PACKAGE}.*{ROLLOUT})")
        self.game, self.players, self.policy, self.reward = game, players, policy, reward
        self._module = module
        self.playouts = 0
        self.by_default = True
        """Whether a search plays on the batch without being asked (``batch`` not given): not
        with a policy the game says pays no better batched (its ``HEURISTIC_BY_DEFAULT``)."""
        self.cuts = hasattr(module, "progress")
        """Whether the batch measures a hand in progress (``Game.progress``), so that a
        playout can be cut and judged as ``SearchBot.playout`` cuts it (``play``'s ``cut``)."""

    def _tables_for(self, rows: int, options: dict[str, Any]) -> tuple[Any, dict[str, int]]:
        """Tables of at least ``rows`` rows (a power of two: a search's calls vary in size, and
        making a game's tables can cost more than a call, King of the Quackers' 35,000 action
        names some 60 ms) and these options, made once and loaded over at every call; with
        each action's number by its name."""
        size = 1 << max(rows - 1, 0).bit_length()
        made: dict[tuple[Any, ...], tuple[Any, dict[str, int]]] = _MADE.__dict__.setdefault(
            "tables", {}
        )
        settings = (self.game.info.slug, self.players, tuple(sorted(options.items())))
        found = made.get((size, *settings))
        if found is None:
            tables = self._module.TABLES(size, players=self.players, options=options, seed=0)
            same = [i for (_, *other), (_, i) in made.items() if tuple(other) == settings]
            index = same[0] if same else {name: k for k, name in enumerate(tables.actions)}
            found = made[(size, *settings)] = (tables, index)
        return found

    def play(
        self,
        starts: Sequence[Any],
        moves: Sequence[Sequence[Move]],
        luck: int,
        roots: Sequence[Any] | None = None,
        cut: tuple[int, int | None] | None = None,
        since: Sequence[tuple[int, int, int]] | None = None,
    ) -> list[list[list[float]]]:
        """``roots[i]`` is the state whose scores and hand a playout from ``starts[i]`` is
        judged against (a tree search's root, before the tree's own moves; the start itself
        when None).

        ``cut``: ``(horizon, turns)`` for a hand judged in progress (only where ``cuts``):
        each playout ends after ``horizon`` decisions or once the turn has passed ``turns``
        times (None: no limit), and one that ends so is judged by the progress made since its
        root, as ``SearchBot.playout`` and ``SearchBot.reward`` do. ``since[i]``: the seat that
        acted last, the decisions and the passes of the turn already made since the root
        before ``starts[i]`` (``playout``'s ``last``, ``decisions``, ``passes``; -1, 0, 0 when
        None)."""
        roots = starts if roots is None else roots
        since = [(-1, 0, 0)] * len(starts) if since is None else since
        out: list[list[list[float]]] = []
        rng = np.random.default_rng(luck)
        i = 0
        while i < len(starts):
            # Whole starts to a chunk, so that a start's moves share their luck.
            j, rows = i, 0
            while j < len(starts) and (j == i or rows + len(moves[j]) <= _CHUNK):
                rows += len(moves[j])
                j += 1
            out.extend(self._play(starts[i:j], moves[i:j], roots[i:j], rng, cut, since[i:j]))
            i = j
        return out

    def _play(
        self,
        starts: Sequence[Any],
        moves: Sequence[Sequence[Move]],
        roots: Sequence[Any],
        rng: np.random.Generator,
        cut: tuple[int, int | None] | None,
        since: Sequence[tuple[int, int, int]],
    ) -> list[list[list[float]]]:
        game, p = self.game, self.players
        sizes = [len(m) for m in moves]
        rows = sum(sizes)
        tables, index = self._tables_for(rows, self._module.options_of(starts[0]))
        group = np.repeat(np.arange(len(starts)), sizes)
        # The rows past ``rows`` are not played (their ``hands`` bound is below any table's).
        forced = np.full((tables.batch, p), tables.noop, dtype=np.int64)
        forced[:rows] = tables.load_states(np.arange(rows), starts, group)
        base = np.zeros((tables.batch, p))
        base[:rows] = np.array([game.scores(root) for root in roots], dtype=np.float64)[group]
        hands = np.full(tables.batch, -1, dtype=np.int64)
        hands[:rows] = np.array([game.hands_played(root) for root in roots])[group]
        luck = np.zeros((tables.batch, p))
        r = 0
        for its in moves:
            for k, move in enumerate(its):
                if move is not None:
                    forced[r + k, move[0]] = index[move[1]]
            r += len(its)
        live = ~tables.over & (self._module.hands_played(tables) <= hands)
        # -1: no limit (as in ``SearchBot.playout``, a count below zero never reaches zero).
        limit = np.full(tables.batch, -1, dtype=np.int64)
        turns = np.full(tables.batch, -1, dtype=np.int64)
        last = np.full(tables.batch, -1, dtype=np.int64)
        if cut is not None:
            horizon, most = cut
            made = np.array(since, dtype=np.int64).reshape(-1, 3)[group]
            last[:rows] = made[:, 0]
            limit[:rows] = np.maximum(0, horizon - made[:, 1])
            if most:
                turns[:rows] = most - made[:, 2]
            live &= (limit != 0) & (turns != 0)
        first = True
        while True:
            if cut is not None:
                # A new seat to act passes the turn; the last pass allowed ends the playout.
                seat = np.argmax(tables.acting(), axis=1)
                changed = live & (seat != last)
                passed = changed & (last >= 0)
                turns -= passed
                live &= ~(passed & (turns == 0))
                last = np.where(changed, seat, last)
            if not live.any():
                break
            luck[:rows] = rng.random((len(starts), p))[group]
            actions = self.policy(tables, luck, live)
            if first:
                # The hidden choices of the start and the candidates are played at the first step
                # where their seats act (the start's turn, or its take).
                acting = tables.acting() & live[:, None]
                actions = np.where(acting & (forced != tables.noop), forced, actions)
                first = False
            tables.step(actions, rows=live)
            limit -= live
            live &= ~tables.over & (self._module.hands_played(tables) <= hands) & (limit != 0)
        self.playouts += rows
        lower = game.info.lower_score_is_better
        scores = tables.scores()
        places = tables.places
        over = tables.over
        in_hand = self._module.hands_played(tables) <= hands
        if cut is not None:
            progress = self._module.progress(tables)
            base_progress = np.zeros((tables.batch, p))
            base_progress[:rows] = np.array([game.progress(root) for root in roots])[group]
        out: list[list[list[float]]] = []
        r = 0
        for size in sizes:
            per: list[list[float]] = []
            for k in range(r, r + size):
                if over[k]:
                    results = [-float(x) for x in places[k]]
                elif cut is not None and in_hand[k]:
                    results = (progress[k] - base_progress[k]).tolist()
                else:
                    gained = scores[k] - base[k]
                    results = [float(-g if lower else g) for g in gained]
                per.append(reward_of(results, self.reward, bool(over[k])))
            out.append(per)
            r += size
        return out


class SeatPolicies:
    """``rollout=adaptive``: each seat by the policy ``played_as()`` names for it (an index into
    ``policies``: the heuristic, random, then the search's ``models``), every seat by the first
    while it is None."""

    def __init__(
        self,
        policies: Sequence[Policy],
        players: int,
        played_as: Callable[[], tuple[int, ...] | None],
    ) -> None:
        self.policies, self.players, self.played_as = tuple(policies), players, played_as

    def __call__(
        self, t: Any, u: npt.NDArray[np.float64], live: npt.NDArray[np.bool_]
    ) -> npt.NDArray[np.int64]:
        kinds = self.played_as()
        if kinds is None or len(set(kinds)) == 1:
            return self.policies[0 if kinds is None else kinds[0]](t, u, live)
        seats, present = np.array(kinds), sorted(set(kinds))
        out: npt.NDArray[np.int64] = np.select(
            [seats[None, :] == k for k in present], [self.policies[k](t, u, live) for k in present]
        )
        return out


def batched_rollouts(
    game: Game[Any],
    players: int,
    rollout: str,
    reward: str,
    played_as: Callable[[], tuple[int, ...] | None] | None = None,
    models: Sequence[str] = (),
) -> BatchedRollouts | None:
    """The game's batched rollouts with this policy (``random``, ``heuristic``, or
    ``adaptive``: each seat as ``played_as()`` says, the heuristic, random or one of
    ``models``), or None where there are none: a game without a batched engine loaded from
    states, a hand judged in progress (``Game.progress``: the batch has no progress measure), a
    model the batch does not play, or a heuristic the batched policy is not (a game's heuristic
    tuned by the lab)."""
    module = companion(game, _PACKAGE, ROLLOUT)
    if module is None:
        return None
    if rollout in ("heuristic", "adaptive"):
        if not module.batched_heuristic_applies(heuristic_class(game)):
            return None
        policy: Policy = module.heuristic_actions
        if rollout == "adaptive":
            assert played_as is not None
            more = [getattr(module, f"{name}_actions", None) for name in models]
            if None in more:
                return None
            policies = [policy, module.random_actions, *more]
            policy = SeatPolicies(policies, players, played_as)
    else:
        policy = module.random_actions
    out = BatchedRollouts(game, players, policy, reward)
    out.by_default = rollout == "random" or getattr(module, "HEURISTIC_BY_DEFAULT", True)
    return out
