#!/usr/bin/env python3
"""Random agents in every Pondside game through PettingZoo, and the environment step rate,
measured in the same run as PettingZoo's own ``leduc_holdem_v4`` when it is installed.

    python examples/pettingzoo_random.py                # every game, 3 s each
    python examples/pettingzoo_random.py --seconds 10 --games lame-duck ladders

A step is one ``env.step(action)`` of an agent that is to act, with the observation (view
encoding and action mask) built by ``env.last()`` before it; terminal ``step(None)`` calls
are not counted. Needs ``pip install 'pondside[rl]'`` (leduc needs ``pettingzoo[classic]``).
"""

from __future__ import annotations

import argparse
import functools
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from pondside.adapters import SHORT
from pondside.adapters.pettingzoo import env as pondside_env
from pondside.games import slugs


def step_rate(make: Callable[[], Any], seconds: float, seed: int = 0) -> tuple[float, int]:
    """Steps per CPU second of uniformly random legal play, and episodes finished (CPU time
    of this process, so other work on the machine does not distort the comparison)."""
    rng = np.random.default_rng(seed)
    env = make()
    steps = episodes = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        env.reset(seed=int(rng.integers(2**31)))
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = obs["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
        episodes += 1
    return steps / (time.process_time() - start), episodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game")
    parser.add_argument("--games", nargs="*", default=slugs())
    args = parser.parse_args()
    rows = []
    for slug in args.games:
        players, options = SHORT[slug]
        rate, episodes = step_rate(
            functools.partial(pondside_env, slug, players, **options), args.seconds
        )
        opts = ", ".join(f"{k}={v}" for k, v in options.items())
        rows.append((f"{slug} ({players}p, {opts})", rate, episodes))
        print(f"{rows[-1][0]:<45} {rate:>9.0f} steps/s  {episodes:>5} episodes", flush=True)
    try:
        from pettingzoo.classic import leduc_holdem_v4
    except Exception as exc:  # rlcard missing
        print(f"leduc_holdem_v4 is not available ({exc}); pip install 'pettingzoo[classic]'")
    else:
        rate, episodes = step_rate(leduc_holdem_v4.env, args.seconds)
        rows.append(("leduc_holdem_v4 (PettingZoo classic, 2p)", rate, episodes))
        print(f"{rows[-1][0]:<45} {rate:>9.0f} steps/s  {episodes:>5} episodes", flush=True)
    print("\n| environment | steps/s | episodes |\n|---|---:|---:|")
    for name, rate, episodes in rows:
        print(f"| {name} | {rate:,.0f} | {episodes} |")


if __name__ == "__main__":
    main()
