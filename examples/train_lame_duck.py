#!/usr/bin/env python3
"""Train the ``learned`` Lame Duck bot on the batched engine, in NumPy (issue 29, point 6).

    python examples/train_lame_duck.py                      # 25 minutes, the shipped weights
    python examples/train_lame_duck.py --minutes 0.2 --out /tmp/w.npz --tables 64

The policy (``pondside.bots.lame_duck_learned``) scores each card of the hand from features of
the seat's view; a too-low card takes the column of fewest ducks (LD-8, ``casual``'s rule).
Its weights are searched by evolution strategies (OpenAI-ES: Salimans et al. 2017): each
generation draws ``--pairs`` Gaussian perturbations of the weights, plays each perturbation
and its mirror image as one seat against three ``casual`` bots (the batched heuristic,
``bots/lame_duck_rollout.py``) on the same deals, every deal once from each seat, all of them
one batch of tables, and moves the weights along the perturbations, weighted by the ranks of
their results, with Adam. Why ES and not a policy gradient: the whole population is one batch
of tables (NumPy's speed is in the batch), the greedy policy that ships is the one trained
(no sampling temperature to take away afterwards), a one-round match's result is one number
at its end (no credit to assign over the turns), and common deals for every member make the
comparison paired, so far fewer matches separate two policies.

Training starts from ``casual``'s own weights (``--init heuristic``; ``--init zero`` starts
from nothing) and keeps the weights that did best on a fixed set of evaluation deals, which it
reports as it goes (every ``--eval-every`` generations). Seeded: the same arguments give the
same weights, but a ``--minutes`` budget stops at a generation that depends on the machine, so
the weights file records the generations run: ``--generations N`` with the same seed repeats
them exactly.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from pondside.batch.base import Ints
from pondside.batch.lame_duck import LameDuckTables
from pondside.bots.lame_duck_learned import (
    FEATURES,
    WEIGHTS,
    Policy,
    best_cards,
    card_features,
    heuristic_weights,
    scores,
    table_inputs,
)
from pondside.bots.lame_duck_rollout import heuristic_actions

SHIPPED = Path(__file__).resolve().parent.parent / "src" / "pondside" / "bots" / WEIGHTS
PLAYERS = 4


def deals(seed: int, deals: int, copies: int) -> tuple[LameDuckTables, Ints]:
    """``copies`` blocks of the same ``deals`` deals, each deal played once from every seat
    (four tables a deal): the tables, and the learning seat at each."""
    per = deals * PLAYERS
    t = LameDuckTables(per * copies, players=PLAYERS, seed=seed)
    src = (np.arange(per * copies) % per) // PLAYERS  # each table's deal, among the first ones
    # The first rows' deals copied to every table: a one-round match is its first deal.
    for name in ("hands", "held", "owner", "slot", "first_hands", "first_columns"):
        arr = getattr(t, name)
        arr[:] = arr[src]
    t.columns[:] = t.columns[src]
    for name in ("lengths", "ends", "column_ducks"):
        arr = getattr(t, name)
        arr[:] = arr[:, src]
    return t, np.arange(per * copies) % PLAYERS


def play(t: LameDuckTables, seats: Ints, theta: np.ndarray, hidden: int) -> np.ndarray:
    """Play every table's round out, the policy ``theta`` (one per table, ``[B, size]``, or
    one for all) at ``seats`` and ``casual`` at the others; each table's result for the
    learning seat: its share of first place (ties share it)."""
    per_table = theta.ndim == 2
    none = np.empty(0)
    while not t.over.all():
        live = ~t.over
        actions = heuristic_actions(t, none, live)
        idx = np.flatnonzero(live & (t.awaiting < 0))
        if len(idx):
            x = table_inputs(t, idx, seats[idx])
            score = scores(card_features(x), theta[idx] if per_table else theta, hidden)
            actions[idx, seats[idx]] = best_cards(x.hands, score) - 1
        t.step(actions)
    rows = np.arange(t.batch)
    first = t.places == 1
    won: np.ndarray = np.where(first[rows, seats], 1.0 / first.sum(axis=1), 0.0)
    return won


def evaluate(policy: Policy, seed: int, n_deals: int) -> tuple[float, float]:
    """The win share on ``n_deals`` fixed deals (each from every seat), and its 95% half-width."""
    t, seats = deals(seed, n_deals, 1)
    won = play(t, seats, policy.theta, policy.hidden)
    per_deal = won.reshape(n_deals, PLAYERS).mean(axis=1)  # a deal's four seats, together
    return float(won.mean()), float(1.96 * per_deal.std(ddof=1) / np.sqrt(n_deals))


def centered_ranks(x: np.ndarray) -> np.ndarray:
    """Results as ranks in [-0.5, 0.5] (ES's fitness shaping: only the order counts)."""
    ranks = np.empty(len(x))
    ranks[np.argsort(x, kind="stable")] = np.arange(len(x))
    return ranks / (len(x) - 1) - 0.5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=25.0, help="training time budget")
    parser.add_argument("--generations", type=int, default=0, help="stop after N (0: by time)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pairs", type=int, default=16, help="mirrored perturbations a generation")
    parser.add_argument("--tables", type=int, default=64, help="deals each perturbation plays")
    parser.add_argument("--sigma", type=float, default=0.05, help="the perturbations' scale")
    parser.add_argument("--lr", type=float, default=0.02, help="Adam's step")
    parser.add_argument("--hidden", type=int, default=0, help="tanh units (0: linear)")
    parser.add_argument("--init", choices=("heuristic", "zero"), default="heuristic")
    parser.add_argument("--eval-deals", type=int, default=1000, help="fixed evaluation deals")
    parser.add_argument("--eval-every", type=int, default=10, help="generations between evals")
    parser.add_argument("--out", type=Path, default=SHIPPED)
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    k = len(FEATURES)
    theta = np.zeros(Policy.size_of(args.hidden))
    if args.init == "heuristic":
        theta[:k] = heuristic_weights()
    if args.hidden:  # random projections for the hidden units; their output weights start at 0
        theta[k : k + k * args.hidden] = rng.normal(0, 1 / np.sqrt(k), k * args.hidden)
    m, v = np.zeros_like(theta), np.zeros_like(theta)
    eval_seed = args.seed + 1_000_003
    start, cpu = time.perf_counter(), time.process_time()
    best = Policy(args.hidden, theta.copy())
    best_share, half = evaluate(best, eval_seed, args.eval_deals)
    print(
        f"start ({args.init}): win share {best_share:.1%} ± {half:.1%} on {args.eval_deals} deals",
        flush=True,
    )
    gen, matches = 0, 0
    while True:
        elapsed = time.perf_counter() - start
        if args.generations and gen >= args.generations:
            break
        if not args.generations and elapsed >= args.minutes * 60:
            break
        gen += 1
        eps = rng.normal(size=(args.pairs, len(theta)))
        population = np.concatenate([theta + args.sigma * eps, theta - args.sigma * eps])
        per = args.tables * PLAYERS
        t, seats = deals(int(rng.integers(2**62)), args.tables, len(population))
        won = play(t, seats, np.repeat(population, per, axis=0), args.hidden)
        matches += len(won)
        fitness = centered_ranks(won.reshape(len(population), per).mean(axis=1))
        grad = (fitness[: args.pairs] - fitness[args.pairs :]) @ eps / (2 * args.pairs * args.sigma)
        # Adam, ascending.
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad**2
        theta = theta + args.lr * (m / (1 - 0.9**gen)) / (np.sqrt(v / (1 - 0.999**gen)) + 1e-8)
        if gen % args.eval_every == 0:
            now = time.perf_counter()
            share, half = evaluate(Policy(args.hidden, theta.copy()), eval_seed, args.eval_deals)
            kept = share > best_share
            if kept:
                best, best_share = Policy(args.hidden, theta.copy()), share
            print(
                f"{now - start:6.0f} s, generation {gen}, {matches:,} matches "
                f"({matches / (now - start):,.0f}/s, {time.process_time() - cpu:.0f} s of CPU): "
                f"win share {share:.1%} ± {half:.1%}" + (" (best so far)" if kept else ""),
                flush=True,
            )
    # The last weights have their chance against the best seen.
    share, half = evaluate(Policy(args.hidden, theta.copy()), eval_seed, args.eval_deals)
    if share > best_share:
        best, best_share = Policy(args.hidden, theta.copy()), share
    elapsed = time.perf_counter() - start
    best.save(
        args.out,
        seed=args.seed,
        generations=gen,
        seconds=elapsed,
        cpu_seconds=time.process_time() - cpu,
        eval_share=best_share,
        init=args.init,
        # How to train them again: these, with --generations.
        command=" ".join(
            f"--{key.replace('_', '-')} {value}"
            for key, value in vars(args).items()
            if key not in ("minutes", "generations", "out")
        )
        + f" --generations {gen}",
    )
    print(
        f"done: {gen} generations, {matches:,} matches in {elapsed:.0f} s "
        f"({time.process_time() - cpu:.0f} s of CPU); kept weights with "
        f"win share {best_share:.1%} on the evaluation deals; wrote {args.out} "
        f"({args.out.stat().st_size:,} bytes)"
    )


if __name__ == "__main__":
    main()
