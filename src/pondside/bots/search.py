"""Search bots that see only their own view: single-observer ISMCTS and flat Monte-Carlo.

Both work on every game through the engine protocol alone: ``determinize`` samples a full
state from the bot's view on every iteration, and ``to_act``/``legal_actions``/``apply`` play
it out. Playouts stop when the current hand ends (or the match does): a hand is judged by
how the match scores moved during it, ranked per seat, so each seat maximises its own result
and more than two players are handled; a finished match is judged by its places.

ISMCTS follows Cowling, Powley & Whitehouse (2012), "Information Set Monte Carlo Tree
Search": one tree over the observer's information sets, children keyed by (seat, action),
UCB with availability counts. At a simultaneous step the other seats' choices are sampled
from the rollout policy, not searched in the tree, so the tree never conditions their choice
on ours (no peeking).

Where the game has batched rollouts (``rollout.py``: Lame Duck, Down the Drain, Wildcat Chicane,
Ladders, its cut playouts included; King of the Quackers with the random policy only), the
playouts run together on its batched
engine: ``mcs`` by default (``batch=16``; the same decisions with the heuristic as policy, the
same distribution with the random one), ``ismcts`` with ``batch=K`` (K walks down the tree with
virtual visits, then their playouts). ``batch=0`` plays them one by one.

One by one, a random playout is the game's own loop where it has one (``random_playout``, each
game's ``playout.py``): the same actions from the same draws as ``legal_actions`` and ``apply``
step by step, on lists it owns, so the search decides as before in less time.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from pondside.engine import Game, View
from pondside.engine.rng import draws_inline

from .base import Bot
from .inference import HEURISTIC, RANDOM, Inference
from .registry import heuristic_class, make_bot
from .rollout import BatchedRollouts, Move, batched_rollouts, reward_of

Policy = Callable[[Any, int, list[str]], str]
REWARDS = ("rank", "mixed", "win", "margin", "score")
ROLLOUTS = ("random", "heuristic", "adaptive")


def step_by_step_playout(
    game: Game[Any],
    state: Any,
    hands: int,
    last: int,
    limit: int,
    turns: int,
    getrandbits: Callable[[int], int],
) -> Any:
    """A random playout through the rules' functions, step by step: until the hand after
    ``hands`` hands ends, ``limit`` decisions were made (-1: no limit) or the turn passed from
    one seat to another ``turns`` times (-1: no limit); ``last`` acted last. The random
    policy's draw is written out: ``prng.choice(legal)``, the same number from the same stream,
    without two Python calls a step (a sixth of a search's time went to them). A game's own
    ``random_playout`` plays the same actions from the same draws
    (tests/games/test_random_playouts.py holds it to this)."""
    to_act, legal_actions, apply, hands_played = (
        game.to_act,
        game.legal_actions,
        game.apply,
        game.hands_played,
    )
    while limit != 0:
        seats = to_act(state)
        if not seats or hands_played(state) > hands:
            return state
        seat = seats[0]
        if seat != last:
            if last >= 0:
                turns -= 1
                if turns == 0:
                    return state
            last = seat
        legal = legal_actions(state, seat)
        n = len(legal)
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        state, _ = apply(state, seat, legal[r])
        limit -= 1
    return state


class Budget:
    """Iterations, or seconds of thinking (seconds make decisions depend on machine speed)."""

    def __init__(self, iterations: int | None, seconds: float | None, default: int) -> None:
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise ValueError(f"iterations must be a whole number >= 1, not {iterations!r}")
        if seconds is not None and (not isinstance(seconds, int | float) or seconds <= 0):
            raise ValueError(f"seconds must be a positive number, not {seconds!r}")
        self.iterations = iterations if iterations or seconds else default
        self.seconds = seconds

    def run(self, step: Callable[[int], None]) -> int:
        """``step(i)`` for each iteration ``i`` of the budget; the iterations done."""
        done = 0

        def one(_n: int) -> None:
            nonlocal done
            step(done)
            done += 1

        return self.run_chunks(one, 1)

    def run_chunks(self, step: Callable[[int], None], chunk: int) -> int:
        """``run``, ``chunk`` iterations at a time (``step(n)`` does ``n``): the last chunk is
        cut to the iterations left, and a time budget is looked at between chunks."""
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        i = 0
        while True:
            if self.iterations is not None and i >= self.iterations:
                return i
            if deadline is not None and i > 0 and time.perf_counter() >= deadline:
                return i
            n = chunk if self.iterations is None else min(chunk, self.iterations - i)
            step(n)
            i += n


class SearchBot(Bot):
    """What ISMCTS and flat Monte-Carlo share: budget, rollout policy, playouts and rewards."""

    default_iterations = 1000
    default_horizon = 60
    default_batch = 0
    """Playouts played together on the game's batched engine (``bots/rollout.py``), where it
    has one: 0 plays them one by one."""

    def __init__(
        self,
        game: Game[Any],
        seat: int,
        rng: random.Random,
        iterations: int | None = None,
        seconds: float | None = None,
        rollout: str = "random",
        horizon: int | None = None,
        turns: int | None = None,
        reward: str = "rank",
        prior: str = "none",
        infer: str = "none",
        epsilon: float = 0.1,
        pool: int = 200,
        batch: int | None = None,
        models: str = "",
        own: str = "heuristic",
        redeal: str = "off",
    ) -> None:
        super().__init__(game, seat, rng)
        self.budget = Budget(iterations, seconds, self.default_iterations)
        if horizon is not None and (not isinstance(horizon, int) or horizon < 1):
            raise ValueError(f"horizon must be a whole number of decisions >= 1, not {horizon!r}")
        if turns is not None and (not isinstance(turns, int) or turns < 1):
            raise ValueError(f"turns must be a whole number of turns >= 1, not {turns!r}")
        # Long hands (Ladders) are cut short and judged by the game's progress measure:
        # after ``horizon`` decisions, or once the turn has passed ``turns`` times.
        self.horizon = horizon or self.default_horizon
        self.turns = turns
        if reward not in REWARDS:
            raise ValueError(f"reward is {', '.join(REWARDS)}, not {reward!r}")
        self.reward_kind = reward
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout is {', '.join(ROLLOUTS)}, not {rollout!r}")
        # Playouts draw from their own generator, so flat Monte-Carlo can replay the same
        # luck after every candidate action (common random numbers).
        self.prng = random.Random(rng.random())
        self.rollout = rollout
        self.random_rollout = rollout == "random"
        if not isinstance(models, str):
            raise ValueError(
                f"models are bot names joined by +, as in models=highest, not {models!r}"
            )
        # With rollout=adaptive:models=A+B the test of each seat also tries these players.
        self.models = tuple(m for m in models.split("+") if m)
        if self.models and rollout != "adaptive":
            raise ValueError("models are the kinds of player rollout=adaptive tries")
        # With rollout=adaptive:own=random the playouts play this seat's later moves at random.
        if own not in ("heuristic", "random"):
            raise ValueError(
                f"own (how playouts play this seat) is heuristic or random, not {own!r}"
            )
        if own != "heuristic" and rollout != "adaptive":
            raise ValueError("own is how rollout=adaptive plays the search's own seat")
        if redeal not in ("on", "off"):
            raise ValueError(f"redeal is on or off, not {redeal!r}")
        self.policy: Policy
        if rollout == "random":
            self.policy = self._random_policy
        elif rollout == "adaptive":
            self.policy = self._adaptive_policy()
        else:
            self.policy = self._heuristic_policy()
        if prior not in ("none", "heuristic"):
            raise ValueError(f"prior is none or heuristic, not {prior!r}")
        # With prior=heuristic the game's heuristic keeps its choice unless the search finds
        # another action clearly better (each bot says what "clearly" means).
        self.prior: Bot | None = None
        if prior == "heuristic":
            self.prior = heuristic_class(game)(game, seat, random.Random(rng.random()))
        if infer not in ("none", "heuristic"):
            raise ValueError(f"infer is none or heuristic, not {infer!r}")
        # With infer=heuristic the hidden cards are dealt by how well they explain the others'
        # past plays under the game's model of them (bots/inference.py), not uniformly. With
        # rollout=adaptive the same model is tested seat by seat on a pool of deals, and the
        # playouts play each seat as the heuristic or at random, whichever explains it better.
        self.inference: Inference | None = None
        if rollout == "adaptive" or infer == "heuristic":
            self.inference = Inference(
                game,
                seat,
                epsilon,
                pool,
                weigh=infer == "heuristic",
                adapt=rollout == "adaptive",
                models=self.models,
                own=HEURISTIC if own == "heuristic" else RANDOM,
                redeal=redeal == "on",
            )
        self.iterations_done = 0
        self.batch_asked = batch is not None
        batch = self.default_batch if batch is None else batch
        if not isinstance(batch, int) or batch < 0:
            raise ValueError(
                f"batch must be a whole number >= 0 (0: playouts one by one), not {batch!r}"
            )
        self.batch = batch
        self._rollouts: dict[int, BatchedRollouts | None] = {}

    def batched(self, state: Any, players: int) -> BatchedRollouts | None:
        """The game's batched rollouts for playouts from ``state`` with this bot's policy and
        reward, or None: ``batch=0``, a game without them, a policy the game plays batched only
        when asked (``batch`` given), or a hand judged in progress (a cut playout) where the
        batch does not measure it."""
        if not self.batch:
            return None
        if players not in self._rollouts:
            self._rollouts[players] = batched_rollouts(
                self.game, players, self.rollout, self.reward_kind, self.played_as, self.models
            )
        found = self._rollouts[players]
        if found is None or (not found.by_default and not self.batch_asked):
            return None
        if not found.cuts and self.game.progress(state) is not None:
            return None
        return found

    def cut(self, state: Any) -> tuple[int, int | None] | None:
        """How ``playout`` cuts a playout from ``state`` (``horizon``, ``turns``), for the
        batched playouts; None where the hand is played to its end."""
        return None if self.game.progress(state) is None else (self.horizon, self.turns)

    def _random_policy(self, state: Any, seat: int, legal: list[str]) -> str:
        # choice(seq) draws seq[_randbelow(len(seq))], as randrange(len(seq)) did: the same
        # stream, one Python call less per playout step.
        return self.prng.choice(legal)

    def _heuristic_policy(self) -> Policy:
        return self._bots_policy(heuristic_class(self.game))

    def _bots_policy(self, make: Callable[[Game[Any], int, random.Random], Bot]) -> Policy:
        """Each seat played by its own bot ``make(game, seat, rng)``, drawing from the
        playouts' generator."""
        bots: dict[int, Bot] = {}
        view = self.game.view

        def policy(state: Any, seat: int, legal: list[str]) -> str:
            bot = bots.get(seat)
            if bot is None:
                bot = bots[seat] = make(self.game, seat, self.prng)
            return bot.choose(view(state, seat), legal)

        return policy

    def played_as(self) -> tuple[int, ...] | None:
        """How an adaptive search's playouts play each seat (``Inference``'s ``played_as``:
        0 the heuristic, 1 at random, 2 and on the ``models``); None, every seat by the
        heuristic, until the first look at the evidence."""
        return None if self.inference is None else self.inference.played_as

    def _adaptive_policy(self) -> Policy:
        """``rollout=adaptive``: each seat by the heuristic, at random or as one of the
        ``models``, as ``played_as`` says."""

        def model(name: str) -> Callable[[Game[Any], int, random.Random], Bot]:
            # The models choose without chance (GameBots.models), so their own seed is moot.
            return lambda game, seat, _rng: make_bot(name, game, seat, 0)

        def uniform(_state: Any, _seat: int, legal: list[str]) -> str:
            return self.prng.choice(legal)

        policies: list[Policy] = [self._heuristic_policy(), uniform]
        policies += [self._bots_policy(model(name)) for name in self.models]

        def policy(state: Any, seat: int, legal: list[str]) -> str:
            played_as = self.played_as()
            return policies[0 if played_as is None else played_as[seat]](state, seat, legal)

        return policy

    # --- playouts -----------------------------------------------------------------------
    def playout(
        self, state: Any, hands: int, last: int = -1, decisions: int = 0, passes: int = 0
    ) -> Any:
        """Play ``state`` by the rollout policy until the hand in play ends, or, in a game that
        can judge a hand in progress, until ``horizon`` decisions or ``turns`` passes of the
        turn from one seat to another have been made since the root.

        ``last`` is the seat that acted last, ``decisions`` and ``passes`` what was already
        played since the root: every action is judged at the same point of the game, so a
        move that ends the turn early is not credited with an extra turn of its own.
        """
        game, policy = self.game, self.policy
        to_act, legal_actions, apply, hands_played = (
            game.to_act,
            game.legal_actions,
            game.apply,
            game.hands_played,
        )
        cut = game.progress(state) is not None
        # -1: no limit. A tree already deeper than the horizon is judged where it stands.
        limit = max(0, self.horizon - decisions) if cut else -1
        turns = self.turns - passes if cut and self.turns else -1
        if self.random_rollout and draws_inline(self.prng):
            fused = game.random_playout
            if fused is not None:
                # The game's own loop: the same actions from the same draws, on lists it owns.
                end: Any = fused(state, hands, last, limit, turns, self.prng.getrandbits)
                return end
            return step_by_step_playout(
                game, state, hands, last, limit, turns, self.prng.getrandbits
            )
        while limit != 0:
            seats = to_act(state)
            if not seats or hands_played(state) > hands:
                return state
            seat = seats[0]
            if seat != last:
                if last >= 0:
                    turns -= 1
                    if turns == 0:
                        return state
                last = seat
            state, _ = apply(state, seat, policy(state, seat, legal_actions(state, seat)))
            limit -= 1
        return state

    def reward(
        self,
        state: Any,
        base: tuple[float, ...],
        hands: int = -1,
        base_progress: tuple[float, ...] | None = None,
    ) -> list[float]:
        """Per seat, in [0, 1]: by places once the match is over, by how the scores moved once
        the hand is over, and by the game's progress measure for a hand cut short.

        ``rank``: the share of other seats beaten (ties count half); ``win``: first place only;
        ``mixed``: half rank, half margin; ``margin``: how far ahead of the others a seat
        moved; ``score``: how far the seat moved, whatever the others did; the last two first
        place only once the match is over."""
        game = self.game
        outcome = game.outcome(state)
        progress = game.progress(state) if game.hands_played(state) <= hands else None
        if outcome is not None:
            results: list[float] = [-p for p in outcome.places]
        elif progress is not None:
            # How far each seat got during the playout: standings that were already apart
            # at the root must not drown the effect of the move being judged.
            start = base_progress or (0.0,) * len(progress)
            results = [p - b for p, b in zip(progress, start, strict=True)]
        else:
            sign = -1.0 if game.info.lower_score_is_better else 1.0
            results = [sign * (a - b) for a, b in zip(game.scores(state), base, strict=True)]
        return reward_of(results, self.reward_kind, outcome is not None)

    def choose(self, view: View, legal: list[str]) -> str:
        if self.inference is not None:
            self.inference.observe(view)  # every view, forced or not: the plays it shows count
        if len(legal) == 1:
            return legal[0]
        return self.search(view, legal)

    def sampler(self, view: View) -> Callable[[], Any]:
        """Draws the states the search plays on: uniform determinizations of ``view``, or
        weighted by inference."""
        if self.inference is not None:
            return self.inference.sampler(view, self.rng)
        rng, sample = self.rng, self.game.determinizer(view)
        return lambda: sample(rng)

    def search(self, view: View, legal: list[str]) -> str:
        raise NotImplementedError


class _Node:
    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # the seat whose action led here
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.children: dict[tuple[int, str], _Node] = {}


class ISMCTSBot(SearchBot):
    """Single-observer information-set MCTS (``ismcts:iterations=1000:rollout=random:c=0.7``)."""

    name = "ismcts"

    def __init__(
        self,
        game: Game[Any],
        seat: int,
        rng: random.Random,
        c: float = 0.7,
        **params: Any,
    ) -> None:
        super().__init__(game, seat, rng, **params)
        if not isinstance(c, int | float) or c < 0:
            raise ValueError(f"c (the exploration constant) must be >= 0, not {c!r}")
        self.c = float(c)

    def search(self, view: View, legal: list[str]) -> str:
        game, me, rng = self.game, self.seat, self.rng
        to_act, legal_actions, apply = game.to_act, game.legal_actions, game.apply
        root = _Node(me)
        others = tuple(s for s in range(view["players"]) if s != me)
        hands = -1
        c, log, sqrt = self.c, math.log, math.sqrt
        draw = self.sampler(view)
        # The library's draws written out where they are this Python's own (draws_inline):
        # the same numbers from the same generators, two Python calls less each.
        inline_policy = self.random_rollout and draws_inline(self.prng)
        inline_rng = draws_inline(rng)
        prng_bits, rng_bits = self.prng.getrandbits, rng.getrandbits

        def descend() -> tuple[Any, Any, list[_Node], int, int, int, int, Any]:
            """One iteration's sample and its walk down the tree: the sample, the state
            reached, the nodes passed, the last seat to act, the decisions and passes of the
            turn made, the turns after which the hand is cut (0: never), and the sample's
            progress (read once: the reward measures from it)."""
            nonlocal hands
            state = root_state = game.withdraw_choices(draw(), others)
            if hands < 0:
                hands = game.hands_played(state)
            # The cut of a long hand counts from the root, the tree's moves included.
            base_progress = game.progress(state)
            turns = self.turns if base_progress is not None and self.turns else 0
            node, path, last, decisions, passes = root, [], me, 0, 0
            while True:
                seats = to_act(state)
                if not seats or game.hands_played(state) > hands:
                    break
                if seats[0] != last:
                    passes += 1
                    if passes == turns:
                        break
                if len(seats) > 1:
                    # Simultaneous step: the others' hidden choices are sampled, not searched.
                    for s in seats:
                        if s != me:
                            choices = legal_actions(state, s)
                            if inline_policy:  # prng.choice(choices), its draw written out
                                n = len(choices)
                                k = n.bit_length()
                                r = prng_bits(k)
                                while r >= n:
                                    r = prng_bits(k)
                                state, _ = apply(state, s, choices[r])
                            else:
                                state, _ = apply(state, s, self.policy(state, s, choices))
                    continue
                seat = seats[0]
                actions = legal_actions(state, seat)
                children = node.children
                untried = []
                best, best_action, best_score = None, "", -1.0
                for a in actions:
                    child = children.get((seat, a))
                    if child is None:
                        untried.append(a)
                        continue
                    child.avail += 1
                    score = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
                    if score > best_score:
                        best, best_action, best_score = child, a, score
                if untried:
                    # The prior's action is tried first: with more actions than iterations
                    # (a King of the Quackers pass) it would otherwise go untried.
                    if node is root and favourite in untried:
                        a = favourite
                    elif inline_rng:  # rng.randrange(len(untried)), its draw written out
                        n = len(untried)
                        k = n.bit_length()
                        r = rng_bits(k)
                        while r >= n:
                            r = rng_bits(k)
                        a = untried[r]
                    else:
                        a = untried[rng.randrange(len(untried))]
                    child = children[(seat, a)] = _Node(seat)
                    child.avail = 1
                    state, _ = apply(state, seat, a)
                    path.append(child)
                    last, decisions = seat, decisions + 1
                    break
                assert best is not None
                state, _ = apply(state, seat, best_action)
                path.append(best)
                node = best
                last, decisions = seat, decisions + 1
            return root_state, state, path, last, decisions, passes, turns, base_progress

        def finish(
            root_state: Any,
            state: Any,
            last: int,
            decisions: int,
            passes: int,
            turns: int,
            base_progress: Any,
        ) -> list[float]:
            """The playout from the tree's leaf, judged against the sample's root."""
            if not turns or passes < turns:
                state = self.playout(state, hands, last, decisions, passes)
            base = game.scores(root_state)
            return self.reward(state, base, hands, base_progress)

        def iteration(_step: int) -> None:
            root_state, state, path, last, decisions, passes, turns, progress = descend()
            rewards = finish(root_state, state, last, decisions, passes, turns, progress)
            for n in path:
                n.visits += 1
                n.total += rewards[n.seat]

        def iterations(count: int) -> None:
            # Leaf-parallel: ``count`` walks down the tree, each visit counted as it is made
            # (a virtual loss, so the walks spread over the tree), then their playouts together.
            leaves = []
            for _ in range(count):
                leaf = descend()
                for n in leaf[2]:
                    n.visits += 1
                leaves.append(leaf)
            batched = self.batched(leaves[0][0], view["players"])
            if batched is None:
                results = [finish(r, s, la, d, p, t, b) for r, s, _, la, d, p, t, b in leaves]
            else:
                played = batched.play(
                    [leaf[1] for leaf in leaves],
                    [[None]] * count,
                    rng.getrandbits(64),
                    roots=[leaf[0] for leaf in leaves],
                    cut=self.cut(leaves[0][0]),
                    since=[(leaf[3], leaf[4], leaf[5]) for leaf in leaves],
                )
                results = [per[0] for per in played]
            for leaf, rewards in zip(leaves, results, strict=True):
                for n in leaf[2]:
                    n.total += rewards[n.seat]

        favourite = self.prior.choose(view, legal) if self.prior else None
        if self.batch:
            self.iterations_done = self.budget.run_chunks(iterations, self.batch)
        else:
            self.iterations_done = self.budget.run(iteration)
        self.tree = root  # the last decision's tree, to inspect
        # The prior's action keeps its place unless another earned one visit and half the
        # average share more.
        bonus = 1.0 + 0.5 * self.iterations_done / len(legal)

        def merit(action: str) -> tuple[float, float]:
            child = root.children.get((me, action))
            visits, total = (child.visits, child.total) if child else (0, 0.0)
            return (visits + (bonus if action == favourite else 0.0), total)

        return max(legal, key=merit)


class MCSBot(SearchBot):
    """Flat determinized Monte-Carlo (``mcs:iterations=1000``): the legal actions are played out
    from sampled states and the best mean result is chosen.

    Two things make the budget go further. Each sample is one determinization on which every
    candidate action is played out with the same luck (common random numbers: the same hidden
    cards, the same draws, the same rollout choices), so actions are compared on equal terms.
    And the budget is spent by sequential halving (Karnin, Koren & Somekh 2013): in rounds, the
    worse half of the candidates is dropped after each, so the close calls get the samples.
    With ``prior=heuristic`` the heuristic's action stands unless another is ahead of it by
    more than ``z`` standard errors of the paired differences. A halving round's samples are
    played out together on the game's batched engine where it has one (``batch`` samples at a
    time under a ``seconds`` budget; ``batch=0``: one by one).
    """

    name = "mcs"
    default_batch = 16

    def __init__(
        self,
        game: Game[Any],
        seat: int,
        rng: random.Random,
        z: float = 1.0,
        **params: Any,
    ) -> None:
        super().__init__(game, seat, rng, **params)
        if not isinstance(z, int | float) or z < 0:
            raise ValueError(f"z (standard errors to overrule the prior) must be >= 0, not {z!r}")
        self.z = float(z)

    def search(self, view: View, legal: list[str]) -> str:
        game, me, rng = self.game, self.seat, self.rng
        others = tuple(s for s in range(view["players"]) if s != me)
        favourite = self.prior.choose(view, legal) if self.prior else None
        fav = legal.index(favourite) if favourite in legal else -1
        values: list[list[float]] = [[] for _ in legal]  # per action, one value per sample
        candidates = list(range(len(legal)))
        rounds = max(1, math.ceil(math.log2(len(legal))))
        budget, started, done = self.budget, time.perf_counter(), 0
        draw = self.sampler(view)
        # Under a time budget the samples go in groups of ``batch`` (batched) or one by one.
        chunk = 1

        def mean(k: int) -> float:
            return sum(values[k]) / len(values[k])

        def sample(count: int = 1) -> None:
            nonlocal done, chunk
            starts, lucks = [], []
            for _ in range(count):  # the generator's draws in the one-by-one order
                starts.append(game.withdraw_choices(draw(), others))
                lucks.append(rng.getrandbits(64))
            if self.batched(starts[0], view["players"]):
                chunk = self.batch
            for rewards in self.play_samples(starts, legal, candidates, lucks):
                for k, reward in zip(candidates, rewards, strict=True):
                    values[k].append(reward[me])
            done += count * len(candidates)

        for r in range(rounds):
            if budget.seconds:
                until = started + budget.seconds * (r + 1) / rounds
                sample(chunk)
                while time.perf_counter() < until:
                    sample(chunk)
            else:
                quota = ((budget.iterations or 1) - done) // (rounds - r)
                sample(max(1, quota // len(candidates)))
            if r < rounds - 1 and len(candidates) > 1:
                ranked = sorted(candidates, key=lambda k: -mean(k))
                keep = ranked[: math.ceil(len(ranked) / 2)]
                if fav >= 0 and fav not in keep:
                    keep.append(fav)
                candidates = keep
        self.iterations_done = done
        self.values = values  # the last decision's rewards, per action and sample, to inspect
        best = max(candidates, key=mean)
        if fav >= 0 and best != fav and not self._clearly_better(values[best], values[fav]):
            return legal[fav]
        return legal[best]

    def play_samples(
        self, starts: list[Any], actions: list[str], candidates: list[int], lucks: list[int]
    ) -> list[list[list[float]]]:
        """``play_each`` of every start with its luck, together on the game's batched engine
        where it has one (the starts' playouts share the first luck's generator there), one by
        one otherwise."""
        batched = self.batched(starts[0], len(self.game.scores(starts[0]))) if starts else None
        if batched is None:
            return [
                self.play_each(state, actions, candidates, luck)
                for state, luck in zip(starts, lucks, strict=True)
            ]
        moves: list[Move] = [(self.seat, actions[k]) for k in candidates]
        return batched.play(starts, [moves] * len(starts), lucks[0], cut=self.cut(starts[0]))

    def play_each(
        self, state: Any, actions: list[str], candidates: list[int], luck: int
    ) -> list[list[float]]:
        """One sample on common random numbers: each candidate ``actions[k]`` applied to
        ``state`` and played out with the same ``luck`` (the same draws, the same rollout
        choices); the reward vector of every seat, per candidate."""
        game, me = self.game, self.seat
        hands = game.hands_played(state)
        base, base_progress = game.scores(state), game.progress(state)
        out = []
        for k in candidates:
            self.prng.seed(luck)
            after, _ = game.apply(state, me, actions[k])
            end = self.playout(after, hands, me, 1)
            out.append(self.reward(end, base, hands, base_progress))
        return out

    def _clearly_better(self, mine: list[float], theirs: list[float]) -> bool:
        """The paired mean difference is above ``z`` standard errors (both saw every sample)."""
        diffs = [a - b for a, b in zip(mine, theirs, strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        if n < 2:
            return mean > 0 and self.z == 0
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean > self.z * math.sqrt(var / n)
