#!/usr/bin/env python3
"""Train one seat of a Pondside game with Gymnasium against Pondside's bots.

    python examples/gymnasium_train.py                       # Down the Drain vs random bots
    python examples/gymnasium_train.py --game lame-duck --episodes 3000 --opponents heuristic

A deliberately small learner that needs nothing but numpy: a linear softmax policy over the
legal actions (the action mask), trained with REINFORCE on the hand rewards of
``pondside.adapters.gymnasium.PondsideEnv``. It prints the average return and the win rate
before and after training, measured on the same evaluation seeds. Swap in any Gymnasium
learner that supports action masks (sb3-contrib's MaskablePPO reads ``env.action_masks()``).
Needs ``pip install 'pondside[rl]'``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from pondside.adapters import SHORT
from pondside.adapters.gymnasium import PondsideEnv


class LinearPolicy:
    def __init__(self, obs_size: int, actions: int, rng: np.random.Generator) -> None:
        self.w = np.zeros((actions, obs_size), np.float32)
        self.rng = rng

    def probs(self, obs: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        legal = np.flatnonzero(obs["action_mask"])
        x = obs["observation"] / (1.0 + obs["observation"])  # squash counts into [0, 1)
        logits = self.w[legal] @ x
        p = np.exp(logits - logits.max())
        return legal, p / p.sum()

    def act(self, obs: dict[str, np.ndarray], greedy: bool = False) -> int:
        legal, p = self.probs(obs)
        return int(legal[p.argmax()] if greedy else self.rng.choice(legal, p=p))


def evaluate(env: PondsideEnv, policy: LinearPolicy, episodes: int) -> tuple[float, float]:
    total = wins = 0.0
    for e in range(episodes):
        obs, _ = env.reset(seed=10_000 + e)
        done = False
        while not done:
            obs, r, term, trunc, info = env.step(policy.act(obs, greedy=True))
            total += r
            done = term or trunc
        wins += info["places"][info["seat"]] == 1
    return total / episodes, wins / episodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="down-the-drain")
    parser.add_argument("--episodes", type=int, default=5000)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--lr", type=float, default=0.02)
    parser.add_argument("--eval", type=int, default=200)
    args = parser.parse_args()
    players, options = SHORT[args.game]
    env = PondsideEnv(args.game, players, opponents=args.opponents, **options)
    rng = np.random.default_rng(0)
    policy = LinearPolicy(env.codec.obs_size, env.codec.num_actions, rng)
    before = evaluate(env, policy, args.eval)
    print(f"before: average return {before[0]:+.2f}, win rate {before[1]:.1%}")
    start, steps, baseline = time.perf_counter(), 0, 0.0
    for episode in range(args.episodes):
        obs, _ = env.reset(seed=episode)
        trajectory, rewards, done = [], [], False
        while not done:
            action = policy.act(obs)
            trajectory.append((obs, action))
            obs, r, term, trunc, _ = env.step(action)
            rewards.append(r)
            done = term or trunc
            steps += 1
        ret = np.cumsum(rewards[::-1])[::-1]  # return from each step on
        for (o, a), g in zip(trajectory, ret, strict=True):
            legal, p = policy.probs(o)
            x = o["observation"] / (1.0 + o["observation"])
            advantage = g - baseline
            for i, b in enumerate(legal):  # gradient of log softmax
                policy.w[b] += args.lr * advantage * ((b == a) - p[i]) * x
        baseline += 0.01 * (ret[0] - baseline)
    elapsed = time.perf_counter() - start
    after = evaluate(env, policy, args.eval)
    print(
        f"after {args.episodes} episodes ({steps} steps, {steps / elapsed:.0f} steps/s): "
        f"average return {after[0]:+.2f}, win rate {after[1]:.1%}"
    )


if __name__ == "__main__":
    main()
