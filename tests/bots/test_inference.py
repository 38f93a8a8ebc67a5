"""Inference: determinizations weighted by how well they explain the others' past plays."""

from __future__ import annotations

import random
import statistics

import pytest

from pondside.bots import UnknownBot, make_bot
from pondside.bots.down_the_drain import DownTheDrainInference
from pondside.bots.inference import tempered
from pondside.bots.lame_duck import LameDuckInference
from pondside.games import get_game


def heuristic_match(slug: str, seed: int):
    """Every decision of a match of four heuristics: (seat, view, legal, action, true state)."""
    game = get_game(slug)
    state = game.new(4, game.options(4), seed)
    bots = [make_bot("heuristic", game, s, s) for s in range(4)]
    while seats := game.to_act(state):
        seat = seats[0]
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        action = bots[seat].choose(view, legal)
        yield seat, view, legal, action, state
        state, _ = game.apply(state, seat, action)


def heuristic_match_views(seed: int):
    """Seat 0's views of a Lame Duck match of four heuristics, with the true state."""
    for seat, view, legal, _, state in heuristic_match("lame-duck", seed):
        if seat == 0:
            yield view, legal, state


def test_the_true_deal_explains_the_plays_better_than_uniform_deals() -> None:
    game = get_game("lame-duck")
    rng = random.Random(3)
    shares = []
    for seed in range(3):
        model = LameDuckInference(game, 0, 0.1)
        for view, legal, state in heuristic_match_views(seed):
            model.observe(view)
            if legal[0].startswith("play") and view["turn_number"] > 3:
                true = model.likelihood(state)
                sampled = [model.likelihood(game.determinize(view, rng)) for _ in range(50)]
                shares.append(sum(w < true for w in sampled) / len(sampled))
    # The other seats are the heuristic itself: their true hands fit their plays far better.
    assert statistics.median(shares) > 0.9, shares


def test_nothing_is_inferred_before_a_play_is_seen() -> None:
    game = get_game("lame-duck")
    view, _, state = next(heuristic_match_views(1))
    model = LameDuckInference(game, 0, 0.1)
    model.observe(view)
    assert model.likelihood(state) == 1.0
    assert model.likelihood(game.determinize(view, random.Random(1))) == 1.0


def test_tempering_keeps_enough_states_and_their_order() -> None:
    likelihoods = [1e-30, 1e-12, 1e-3, 0.0, 0.5, 1e-40]
    weights = tempered(likelihoods, least=3.0)
    assert sum(weights) ** 2 / sum(w * w for w in weights) >= 3.0 - 1e-6
    assert weights[3] == 0.0  # an impossible state stays impossible
    order = sorted(range(6), key=lambda i: likelihoods[i])
    assert sorted(range(6), key=lambda i: weights[i]) == order
    assert tempered([0.0, 0.0], 1.0) == []
    assert tempered([0.2, 0.2], 1.0) == [1.0, 1.0]  # already spread: untouched (scaled)


def test_an_inferring_search_plays_legal_reproducible_moves() -> None:
    game = get_game("lame-duck")
    spec = "ismcts:iterations=40:rollout=heuristic:infer=heuristic:pool=30"
    chosen = []
    for _ in range(2):
        bot = make_bot(spec, game, 0, 9)
        moves = []
        for view, legal, _ in heuristic_match_views(2):
            action = bot.choose(view, legal)
            assert action in legal
            moves.append(action)
        chosen.append(moves)
    assert chosen[0] == chosen[1]
    assert 1.0 <= bot.inference.effective <= 30.0  # type: ignore[attr-defined]


def test_inference_needs_a_model_and_sensible_parameters() -> None:
    with pytest.raises(UnknownBot, match="Ladders has no model of its players"):
        make_bot("ismcts:infer=heuristic", get_game("ladders"), 0, 0)
    with pytest.raises(UnknownBot, match="infer is none or heuristic, not 'yes'"):
        make_bot("ismcts:infer=yes", get_game("lame-duck"), 0, 0)
    with pytest.raises(UnknownBot, match="epsilon"):
        make_bot("mcs:infer=heuristic:epsilon=1", get_game("lame-duck"), 0, 0)


def down_the_drain_match(seed: int):
    """Every decision of a Down the Drain match of four heuristics: (seat, view, action, state)."""
    for seat, view, _, action, state in heuristic_match("down-the-drain", seed):
        yield seat, view, action, state


def test_down_the_drain_plays_between_turns_are_rebuilt_from_the_table() -> None:
    """DD-11: a seat sees its own turns only; the model rebuilds the others' plays, each with
    the table it was chosen on, exactly as they were."""
    game = get_game("down-the-drain")
    for seed in range(4):
        model = DownTheDrainInference(game, 0, 0.1)
        truth = set()
        others = 0
        for s, view, action, _ in down_the_drain_match(seed):
            if s == 0:
                model.observe(view)
                continue
            others += 1
            truth.add(
                (
                    s,
                    int(action[5:]),
                    tuple(f or 0 for f in view["front"]),
                    tuple(view["hand_sizes"]),
                    tuple(sorted(view["discard"])),
                    view["stack_size"],
                )
            )
        rebuilt = [
            (
                p.seat,
                p.card,
                p.table.front,
                p.table.hand_sizes,
                tuple(sorted(p.table.discard.elements())),
                p.table.stack,
            )
            for p in model.plays
        ]
        assert set(rebuilt) <= truth
        assert len(rebuilt) >= 0.8 * others - 3  # the last cycle is not seen by seat 0


def test_down_the_drain_true_hands_explain_the_plays_better_than_uniform_deals() -> None:
    game = get_game("down-the-drain")
    rng = random.Random(5)
    shares = []
    for seed in range(4):
        model = DownTheDrainInference(game, 0, 0.1)
        for s, view, _, state in down_the_drain_match(seed):
            if s != 0:
                continue
            model.observe(view)
            if view["plays"] > 8:
                true = model.likelihood(state)
                sampled = [model.likelihood(game.determinize(view, rng)) for _ in range(40)]
                shares.append(sum(w < true for w in sampled) / len(sampled))
    assert statistics.median(shares) > 0.6, shares
