"""``make strength``: the bot strength tables of docs/bots.md, from one command.

For every game, at its default table and options: search vs heuristic, heuristic vs random and
search vs random. One seat holds the first bot and every other seat the second; seats rotate
between matches. The search bot's budget per game is in ``SEARCH`` (each at most 1 s a decision
on one core, measured by ``pondside bench GAME --bot SPEC``).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path
from typing import Any

from pondside.games import get_game, slugs

from .simulate import SimulationResult, simulate

SEARCH = {
    "lame-duck": "ismcts:iterations=1000:rollout=heuristic:reward=win",
    "king-of-the-quackers": "mcs:iterations=200:rollout=heuristic:prior=heuristic",
    "wildcat-chicane": "ismcts:iterations=300:rollout=heuristic",
    "ladders": "mcs:iterations=300:rollout=heuristic:turns=3:reward=margin:prior=heuristic",
    "down-the-drain": "ismcts:iterations=300:rollout=heuristic:reward=win",
}

# A Ladders match to 500 takes several rounds of some 130 decisions a seat: one round a match.
OPTIONS: dict[str, dict[str, Any]] = {"ladders": {"rounds": 1}}


LINES = ("search-heuristic", "heuristic-random", "search-random")


def matchups(search: str) -> dict[str, tuple[str, str]]:
    """The table's three lines per game, by name: (the bot in one seat, the bot in the rest)."""
    return {
        "search-heuristic": (search, "heuristic"),
        "heuristic-random": ("heuristic", "random"),
        "search-random": (search, "random"),
    }


def line_of(row: dict[str, Any]) -> str:
    if "line" in row:
        return str(row["line"])
    return ("heuristic" if row["first"] == "heuristic" else "search") + "-" + row["rest"]


def run(slug: str, first: str, rest: str, matches: int, seed: int, jobs: int) -> dict[str, Any]:
    game = get_game(slug)
    players = game.info.default_players
    started = time.perf_counter()
    options = OPTIONS.get(slug, {})

    step, shown = max(10, matches // 10), 0

    def report(partial: SimulationResult) -> None:
        # A running tally on stderr, about ten lines a line of the table: a long line can be
        # judged (or stopped) before it ends.
        nonlocal shown
        done = partial.matches
        if done // step > shown // step or done == matches:
            shown = done
            rate = partial.entries[0].wins / done
            print(f"  {slug}: {done}/{matches} matches, {first} {rate:.1%}", file=sys.stderr)

    bots = [first] + [rest] * (players - 1)
    result = simulate(slug, bots, matches, seed, options, jobs, report=report)
    data = result.to_json()
    others = data["entries"][1:]
    return {
        "game": slug,
        "players": players,
        "first": first,
        "rest": rest,
        "matches": matches,
        "options": options,
        "entry": data["entries"][0],
        "others_mean_score": sum(e["mean_score"] for e in others) / len(others),
        "fair": 1 / players,
        "seconds": time.perf_counter() - started,
    }


def options_text(row: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in row.get("options", {}).items()) or "defaults"


def markdown(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| game | seats | options | bot | against | matches | win rate | 95% interval |"
        " fair share | mean score (bot / others) | above fair? |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        e = r["entry"]
        lo, hi = e["ci95"]
        verdict = "yes" if lo > r["fair"] else ("below" if hi < r["fair"] else "not shown")
        lines.append(
            f"| {r['game']} | {r['players']} | {options_text(r)} | `{r['first']}` |"
            f" {r['players'] - 1} × `{r['rest']}` |"
            f" {r['matches']} | {e['win_rate']:.1%} | {lo:.1%} – {hi:.1%} | {r['fair']:.1%} |"
            f" {e['mean_score']:.2f} / {r['others_mean_score']:.2f} | {verdict} |"
        )
    commands = sorted({f"`{r['command']}`" for r in rows})
    machine = (
        f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}"
    )
    return "\n".join([*lines, "", f"Made by {', '.join(commands)} ({machine}).", ""])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", default=",".join(slugs()))
    parser.add_argument("--matches", type=int, default=200, help="search vs heuristic matches")
    parser.add_argument(
        "--random-matches",
        type=int,
        default=60,
        help="search vs random matches (the gap is wide)",
    )
    parser.add_argument(
        "--heuristic-matches",
        type=int,
        default=1000,
        help="heuristic vs random matches (cheap: no search)",
    )
    parser.add_argument(
        "--lines",
        default=",".join(LINES),
        help=f"which lines to play ({', '.join(LINES)}); the others are kept from --results",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--search", default=None, help="search bot spec instead of SEARCH[game]")
    parser.add_argument(
        "--results",
        type=Path,
        default=Path("docs/strength"),
        help="folder of per-game results (JSON), merged into the table",
    )
    parser.add_argument("--out", type=Path, default=None, help="write the table here (Markdown)")
    parser.add_argument(
        "--report-only",
        action="store_true",
        help="only merge the results already in --results into the table",
    )
    args = parser.parse_args(argv)
    args.results.mkdir(parents=True, exist_ok=True)
    command = "python -m pondside.sim.strength " + " ".join(
        argv if argv is not None else sys.argv[1:]
    )
    lines = args.lines.split(",")
    unknown = sorted(set(lines) - set(LINES))
    if unknown:
        parser.error(f"unknown line {unknown[0]!r}: the lines are {', '.join(LINES)}")
    matches = {
        "search-heuristic": args.matches,
        "heuristic-random": args.heuristic_matches,
        "search-random": args.random_matches,
    }
    for slug in [] if args.report_only else args.games.split(","):
        path = args.results / f"{slug}.json"
        kept = {line_of(r): r for r in json.loads(path.read_text())} if path.is_file() else {}
        for line, (first, rest) in matchups(args.search or SEARCH[slug]).items():
            if line not in lines or matches[line] < 1:
                continue
            row = run(slug, first, rest, matches[line], args.seed, args.jobs)
            row["command"] = command
            row["line"] = line
            e = row["entry"]
            print(
                f"{slug:22} {first:45} vs {rest:10} {e['win_rate']:6.1%} "
                f"[{e['ci95'][0]:.1%}, {e['ci95'][1]:.1%}] fair {row['fair']:.1%} "
                f"({row['seconds']:.0f} s)",
                flush=True,
            )
            kept[line] = row
            rows = [kept[k] for k in LINES if k in kept]
            # Written after every line, so a long run that is stopped keeps what it measured.
            path.write_text(json.dumps(rows, indent=1) + "\n")
    files = [args.results / f"{slug}.json" for slug in slugs()]
    merged = [row for path in files if path.is_file() for row in json.loads(path.read_text())]
    table = markdown(merged)
    print(table)
    if args.out:
        write_between_markers(args.out, table)


START, END = "<!-- strength table: make strength -->", "<!-- end of strength table -->"


def write_between_markers(path: Path, table: str) -> None:
    """Replace the table between the markers in ``path`` (the rest of the page is prose)."""
    text = path.read_text() if path.is_file() else ""
    if START in text and END in text:
        head, rest = text.split(START, 1)
        text = f"{head}{START}\n{table}{END}{rest.split(END, 1)[1]}"
    else:
        text = f"{START}\n{table}{END}\n"
    path.write_text(text)


if __name__ == "__main__":
    main()
