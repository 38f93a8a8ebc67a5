#!/usr/bin/env python3
"""OpenSpiel's Python ISMCTS against Pondside's heuristic bots, in any Pondside game.

    python examples/openspiel_ismcts.py lame-duck --matches 4 --simulations 100
    python examples/openspiel_ismcts.py down-the-drain --players 4 --matches 10

Seat 0 (rotating: match m puts ISMCTS in seat m % players) is OpenSpiel's
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with random rollouts, searching the game
registered by ``pondside.adapters.openspiel``; the other seats are ``pondside.bots``
heuristics (``--opponent random`` for random ones; a game without a heuristic bot uses
random). The heuristic bots see only their view, taken from the OpenSpiel state.
Needs ``pip install 'pondside[rl]'``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from pondside.adapters import SHORT
from pondside.adapters.openspiel import load
from pondside.bots import UnknownBot, make_bot
from pondside.games import get_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="?", default="lame-duck")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--matches", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    players, options = SHORT[args.game]
    players = args.players or players
    game = load(args.game, players=players, **options)
    pondside = get_game(args.game)
    codec = game.config.codec
    rs = np.random.RandomState(args.seed)
    wins = 0.0
    start = time.perf_counter()
    for m in range(args.matches):
        me = m % players
        bot = ismcts.ISMCTSBot(
            game, mcts.RandomRolloutEvaluator(1, rs), 2.0, args.simulations, random_state=rs
        )
        others = {}
        for s in range(players):
            if s == me:
                continue
            try:
                others[s] = make_bot(args.opponent, pondside, s, args.seed * 1000 + m * 10 + s)
            except UnknownBot:
                others[s] = make_bot("random", pondside, s, args.seed * 1000 + m * 10 + s)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rs.choice(actions, p=probs)))
            elif state.current_player() == me:
                state.apply_action(bot.step(state))
            else:
                seat = state.current_player()
                st = state.engine_state
                legal = sorted(pondside.legal_actions(st, seat))
                choice = others[seat].choose(pondside.view(st, seat), legal)
                state.apply_action(codec.encode(choice))
        outcome = pondside.outcome(state.engine_state)
        assert outcome is not None
        wins += outcome.places[me] == 1
        print(
            f"match {m + 1}: ISMCTS in seat {me}, places {list(outcome.places)}, "
            f"scores {list(outcome.scores)}",
            flush=True,
        )
    elapsed = time.perf_counter() - start
    print(
        f"ISMCTS ({args.simulations} simulations) first in {wins:.0f}/{args.matches} matches "
        f"against {args.opponent} ({elapsed:.1f}s)"
    )


if __name__ == "__main__":
    main()
