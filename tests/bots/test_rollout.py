"""Batched rollouts (``bots/rollout.py``): the search's playouts played together on the batched
engine give the one-by-one playouts' results (the heuristic: the same, playout for playout; the
random policy: the same distribution), and the search bots decide the same with them."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from pondside.analysis import estimate_actions
from pondside.batch import LameDuckTables
from pondside.bots import make_bot
from pondside.bots.lame_duck import LameDuckHeuristic
from pondside.bots.lame_duck_rollout import heuristic_actions
from pondside.bots.rollout import batched_rollouts
from pondside.bots.search import MCSBot
from pondside.engine import Game, Match
from pondside.games import get_game
from pondside.games.lame_duck import GAME

SETUPS = [
    (4, {}),
    (2, {}),
    (10, {}),
    (5, {"expert": True}),
    (3, {"target": 20}),
    (4, {"rounds": 2}),
]
DRAIN = get_game("down-the-drain")
PLAYOUT_SETUPS = [(GAME, p, o, 8) for p, o in SETUPS] + [
    (DRAIN, 4, {}, 4),
    (DRAIN, 3, {"games": 2}, 4),
    (DRAIN, 7, {}, 4),
]
"""The games with batched rollouts, each at its player counts and options, and how many
positions each playout test takes there."""


def samples(
    players: int, options: dict[str, Any], count: int, seed: int, game: Game[Any] = GAME
) -> list[tuple[Any, int]]:
    """(state, seat): a seat's determinization at decisions met in random matches, the others'
    hidden choices withdrawn as the search withdraws them (turns, takes, later rounds)."""
    rng = random.Random(seed)
    found: list[tuple[Any, int]] = []
    while len(found) < count:
        state = game.new(players, game.options(players, options), seed=rng.getrandbits(32))
        while not game.is_over(state) and len(found) < count:
            seat = game.to_act(state)[0]
            if rng.random() < 0.15:
                others = tuple(s for s in range(players) if s != seat)
                sample = game.determinize(game.view(state, seat), rng)
                found.append((game.withdraw_choices(sample, others), seat))
            state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return found


@pytest.mark.parametrize(
    ("game", "players", "options", "count"),
    PLAYOUT_SETUPS,
    ids=[f"{g.info.slug}-{p}-{o}" for g, p, o, _ in PLAYOUT_SETUPS],
)
def test_batched_heuristic_playouts_end_as_the_one_by_one_playouts(
    game: Game[Any], players: int, options: dict[str, Any], count: int
) -> None:
    """The heuristic draws nothing: from the same state each candidate's playout is the same,
    so its reward is the same to the last bit, for every reward."""
    for reward in ("rank", "win", "margin", "mixed", "score"):
        rollouts = batched_rollouts(game, players, "heuristic", reward)
        assert rollouts is not None
        for state, seat in samples(players, options, count, players, game):
            legal = game.legal_actions(state, seat)
            bot = MCSBot(game, seat, random.Random(1), rollout="heuristic", reward=reward)
            one = bot.play_each(state, legal, list(range(len(legal))), 5)
            together = rollouts.play([state], [[(seat, a) for a in legal]], 5)[0]
            assert together == one


def test_the_batched_heuristic_chooses_as_the_heuristic_at_every_step() -> None:
    """Every acting seat's choice at every step of 64 random tables (cards and takes)."""
    for players in (2, 4, 7):
        t = LameDuckTables(64, players, {"rounds": 2}, seed=players)
        bots = [LameDuckHeuristic(GAME, s, random.Random(0)) for s in range(players)]
        rng = np.random.default_rng(0)
        live = np.ones(64, dtype=bool)
        while not t.over.all():
            chosen = heuristic_actions(t, rng.random((64, players)), live)
            obs = [t.observe(s) for s in range(players)]
            acting = t.acting()
            for b in range(0, 64, 7):
                for s in np.flatnonzero(acting[b]):
                    view = t.to_view(obs[s], b, int(s))
                    legal = [t.actions[a] for a in np.flatnonzero(t.legal_mask(int(s))[b])]
                    assert t.actions[chosen[b, s]] == bots[s].choose(view, legal)
            # Random play between, so that the tables reach varied positions.
            t.step(np.where(rng.random((64, 1)) < 0.5, chosen, t.random_actions(rng)))


@pytest.mark.parametrize(
    ("game", "n"), [(GAME, 3000), (DRAIN, 1000)], ids=["lame-duck", "down-the-drain"]
)
def test_batched_random_playouts_have_the_one_by_one_distribution(game: Game[Any], n: int) -> None:
    """Different generators, so playouts differ one by one; over ``n`` playouts of each the
    mean reward of every seat agrees within four standard errors."""
    (state, seat), *_ = samples(4, {}, 1, 11, game)
    legal = game.legal_actions(state, seat)
    bot = MCSBot(game, seat, random.Random(2), rollout="random", reward="rank")
    one = np.array([bot.play_each(state, legal, [0], luck)[0] for luck in range(n)])
    rollouts = batched_rollouts(game, 4, "random", "rank")
    assert rollouts is not None
    together = np.array([r[0] for r in rollouts.play([state] * n, [[(seat, legal[0])]] * n, 3)])
    se = np.sqrt(one.var(axis=0) / n + together.var(axis=0) / n)
    assert (np.abs(one.mean(axis=0) - together.mean(axis=0)) < 4 * se).all()
    assert (one != together).any()  # the streams do differ


def test_the_candidates_of_a_sample_share_their_random_luck() -> None:
    """Common random numbers: the same candidate twice in one sample plays out the same."""
    rollouts = batched_rollouts(GAME, 4, "random", "rank")
    assert rollouts is not None
    for state, seat in samples(4, {}, 5, seed=3):
        move = (seat, GAME.legal_actions(state, seat)[0])
        twice = rollouts.play([state], [[move, move]], 9)[0]
        assert twice[0] == twice[1]


def positions(count: int, seed: int, game: Game[Any] = GAME) -> list[tuple[Any, list[str], int]]:
    """(view, legal, seat) of four-seat decisions with a choice, a few random moves in."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        match = Match(game, 4, seed=rng.getrandbits(32))
        for _ in range(rng.randrange(25)):
            seat = match.to_act()[0]
            match.apply(seat, rng.choice(match.legal(seat)))
        seat = match.to_act()[0]
        if len(match.legal(seat)) > 1:
            out.append((match.view(seat), match.legal(seat), seat))
    return out


@pytest.mark.parametrize(
    ("game", "spec"),
    [
        (GAME, "mcs:iterations=150:rollout=heuristic"),
        (GAME, "mcs:iterations=150:rollout=heuristic:reward=margin:prior=heuristic"),
        (GAME, "mcs:iterations=150:rollout=heuristic:infer=heuristic"),
        (DRAIN, "mcs:iterations=60:rollout=heuristic:reward=win:prior=heuristic"),  # its expert
        (DRAIN, "mcs:iterations=60:rollout=heuristic:reward=margin"),
    ],
    ids=lambda x: x if isinstance(x, str) else x.info.slug,
)
def test_mcs_decides_the_same_batched_and_one_by_one_with_heuristic_playouts(
    game: Game[Any], spec: str
) -> None:
    """The same values for every sample, so the same decision, with the playouts batched (the
    default) and one by one."""
    for k, (view, legal, seat) in enumerate(positions(4 if game is GAME else 3, 5, game)):
        batched = make_bot(spec, game, seat, k)
        alone = make_bot(spec + ":batch=0", game, seat, k)
        assert batched.choose(view, legal) == alone.choose(view, legal)
        assert batched.iterations_done == alone.iterations_done  # type: ignore[attr-defined]
        assert batched.values == alone.values  # type: ignore[attr-defined]
        rollouts = batched.batched(game.determinize(view, random.Random(0)), 4)  # type: ignore[attr-defined]
        assert rollouts.playouts == batched.iterations_done  # type: ignore[attr-defined]


def test_drain_mcs_with_batched_random_playouts_is_legal_and_reproducible_for_a_seed() -> None:
    """Down the Drain's random playouts on the batched engine draw from a generator seeded
    by the bot's: the same seed, the same values and card."""
    for k, (view, legal, seat) in enumerate(positions(2, 7, DRAIN)):
        spec = "mcs:iterations=80:rollout=random"
        chosen = [make_bot(spec, DRAIN, seat, k) for _ in range(2)]
        first, second = (bot.choose(view, legal) for bot in chosen)
        assert first in legal and first == second
        assert chosen[0].values == chosen[1].values  # type: ignore[attr-defined]


def test_drain_analysis_estimates_the_same_with_playouts_batched_or_one_by_one() -> None:
    """Down the Drain (Lame Duck's: ``tests/test_analyze.py``)."""
    for k, (view, legal, _seat) in enumerate(positions(2, 9, DRAIN)):
        batched = estimate_actions(DRAIN, view, legal, iterations=60, seed=k)
        alone = estimate_actions(DRAIN, view, legal, iterations=60, seed=k, batch=0)
        assert batched.to_json()["actions"] == alone.to_json()["actions"]


def test_mcs_under_a_time_budget_plays_its_samples_in_batches() -> None:
    view, legal, seat = positions(1, seed=8)[0]
    bot = make_bot("mcs:seconds=0.2:rollout=heuristic", GAME, seat, 1)
    assert bot.choose(view, legal) in legal
    # Every playout went through the batched engine.
    rollouts = bot.batched(GAME.determinize(view, random.Random(0)), 4)  # type: ignore[attr-defined]
    assert rollouts is not None
    assert rollouts.playouts == bot.iterations_done > 0  # type: ignore[attr-defined]


def test_ismcts_with_batched_playouts_spends_its_budget_and_plays_a_legal_card() -> None:
    for k, (view, legal, seat) in enumerate(positions(3, seed=6)):
        bot = make_bot("ismcts:iterations=100:rollout=heuristic:reward=win:batch=32", GAME, seat, k)
        assert bot.choose(view, legal) in legal
        assert bot.iterations_done == 100  # type: ignore[attr-defined]
        root = bot.tree  # type: ignore[attr-defined]
        assert sum(c.visits for c in root.children.values()) == 100
        # Every visit's reward arrived: no total above its visits, none left at zero visits.
        assert all(0.0 <= c.total <= c.visits for c in root.children.values())


@pytest.mark.parametrize("spec", ["mcs:batch=-1", "ismcts:batch=1.5"])
def test_a_bad_batch_is_refused(spec: str) -> None:
    from pondside.bots import UnknownBot

    with pytest.raises(UnknownBot, match="batch"):
        make_bot(spec, GAME, 0, 1)


def test_games_without_batched_rollouts_play_them_one_by_one() -> None:
    game = get_game("king-of-the-quackers")
    assert batched_rollouts(game, 4, "heuristic", "rank") is None
    match = Match(game, 4, seed=2)
    seat = match.to_act()[0]
    bot = make_bot("mcs:iterations=40:rollout=heuristic", game, seat, 1)
    assert bot.choose(match.view(seat), match.legal(seat)) in match.legal(seat)
