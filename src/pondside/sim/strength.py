"""``make strength``: the bot strength tables of docs/bots.md, from one command.

For every game, at its default table and options: search vs heuristic, heuristic vs random and
search vs random. One seat holds the first bot and every other seat the second; seats rotate
between matches. The search bot's budget per game is in ``SEARCH`` (each at most 1 s a decision
on one core, measured by ``pondside bench GAME --bot SPEC``).
"""

from __future__ import annotations

import argparse
import platform
import time
from pathlib import Path
from typing import Any

from pondside.games import get_game, slugs

from .simulate import simulate

SEARCH = {
    "lame-duck": "ismcts:iterations=300:rollout=heuristic",
    "king-of-the-quackers": "ismcts:iterations=300:rollout=heuristic",
    "wildcat-chicane": "ismcts:iterations=300:rollout=heuristic",
    "ladders": "ismcts:iterations=200:rollout=heuristic:horizon=40",
    "down-the-drain": "ismcts:iterations=300:rollout=heuristic",
}


def matchups(slug: str, search: str) -> list[tuple[str, str]]:
    return [(search, "heuristic"), ("heuristic", "random"), (search, "random")]


def run(slug: str, first: str, rest: str, matches: int, seed: int, jobs: int) -> dict[str, Any]:
    game = get_game(slug)
    players = game.info.default_players
    started = time.perf_counter()
    result = simulate(slug, [first] + [rest] * (players - 1), matches, seed, None, jobs)
    data = result.to_json()
    others = data["entries"][1:]
    return {
        "game": slug,
        "players": players,
        "first": first,
        "rest": rest,
        "matches": matches,
        "entry": data["entries"][0],
        "others_mean_score": sum(e["mean_score"] for e in others) / len(others),
        "fair": 1 / players,
        "seconds": time.perf_counter() - started,
    }


def markdown(rows: list[dict[str, Any]], command: str) -> str:
    lines = [
        "| game | seats | bot | against | matches | win rate | 95% interval | fair share |"
        " mean score (bot / others) | above fair? |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        e = r["entry"]
        lo, hi = e["ci95"]
        verdict = "yes" if lo > r["fair"] else ("below" if hi < r["fair"] else "not shown")
        lines.append(
            f"| {r['game']} | {r['players']} | `{r['first']}` | {r['players'] - 1} × `{r['rest']}` |"
            f" {r['matches']} | {e['win_rate']:.1%} | {lo:.1%} – {hi:.1%} | {r['fair']:.1%} |"
            f" {e['mean_score']:.2f} / {r['others_mean_score']:.2f} | {verdict} |"
        )
    machine = f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}"
    return "\n".join([f"Command: `{command}` ({machine})", "", *lines, ""])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", default=",".join(slugs()))
    parser.add_argument("--matches", type=int, default=200, help="matches per line")
    parser.add_argument("--random-matches", type=int, default=100,
                        help="matches per line against random (the gaps are wide)")  # fmt: skip
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None, help="write the table here (Markdown)")
    args = parser.parse_args(argv)
    rows = []
    for slug in args.games.split(","):
        for first, rest in matchups(slug, SEARCH[slug]):
            n = args.random_matches if rest == "random" else args.matches
            row = run(slug, first, rest, n, args.seed, args.jobs)
            e = row["entry"]
            print(f"{slug:22} {first:45} vs {rest:10} {e['win_rate']:6.1%} "
                  f"[{e['ci95'][0]:.1%}, {e['ci95'][1]:.1%}] fair {row['fair']:.1%} "
                  f"({row['seconds']:.0f} s)", flush=True)  # fmt: skip
            rows.append(row)
    argv_text = " ".join(argv) if argv is not None else ""
    table = markdown(rows, f"python -m pondside.sim.strength {argv_text}".strip())
    print(table)
    if args.out:
        args.out.write_text(table)


if __name__ == "__main__":
    main()
