"""``make strength`` (``pondside strength``): the bot strength tables of docs/bots.md.

For every game, at its default table and options: search vs heuristic, heuristic vs random and
search vs random. One seat holds the first bot and every other seat the second; seats rotate
between matches. The search bot is the top level's, ``expert`` in the game's bot declaration
(``GameBots``) (within 2 s a decision on one core, measured by ``pondside bench GAME --bot SPEC``).

And the level ladder: a duplicate round robin of the levels (``pondside.bots.levels``), with
openskill ratings and, for each level, its share of the meetings with the level below. And the
ladder's steps: each level against the one below alone, half the seats each, on duplicate
deals; a round robin of five levels spends most of its matches on pairs that are not
neighbours (two seats: nine matches in ten), so the steps are where a neighbour's edge is
measured with hundreds of matches (issue 31, point 6).
"""

from __future__ import annotations

import itertools
import json
import math
import platform
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from pondside.bots.declared import DEFAULT_EXPERT, game_bots
from pondside.engine import PondsideError
from pondside.games import get_game, slugs

from .simulate import simulate
from .stats import wilson_interval
from .tournament import Stopped, TournamentResult, tournament

DEFAULT_SEARCH = DEFAULT_EXPERT
"""For a game without a bot declaration of its own."""


def search_spec(slug: str) -> str:
    """The game's search bot for the table: its declared top level (``GameBots.search``)."""
    declared = game_bots(get_game(slug))
    return DEFAULT_SEARCH if declared is None else declared.search


def table_options(slug: str) -> dict[str, Any]:
    """The options the table plays the game with (``GameBots.strength_options``)."""
    declared = game_bots(get_game(slug))
    return {} if declared is None else dict(declared.strength_options)


LINES = ("search-heuristic", "heuristic-random", "search-random", "ladder", "steps")


def matchups(search: str) -> dict[str, tuple[str, str]]:
    """The table's three lines per game, by name: (the bot in one seat, the bot in the rest)."""
    return {
        "search-heuristic": (search, "heuristic"),
        "heuristic-random": ("heuristic", "random"),
        "search-random": (search, "random"),
    }


def ladder_options(slug: str) -> dict[str, Any]:
    """The options the ladder plays (``GameBots.ladder``: a shorter match where a whole one
    costs the search levels too much), else the table's."""
    declared = game_bots(get_game(slug))
    return {} if declared is None else dict(declared.ladder)


def ladder_round(slug: str) -> int:
    """Matches in one round of the ladder's round robin: every choice of levels for the seats
    (``comb(levels, seats)`` tables), each deal played once from every seat (duplicate)."""
    from pondside.bots.levels import LEVELS

    players = get_game(slug).info.default_players
    return math.comb(len(LEVELS), players) * players


def run_ladder(slug: str, matches: int, seed: int, jobs: int) -> dict[str, Any]:
    """A duplicate round robin of every level at the game's default table: ratings, and each
    level's share of its meetings with the level below (fair: one half)."""
    from pondside.bots.levels import LEVELS

    game = get_game(slug)
    players = game.info.default_players
    options = ladder_options(slug)
    started = time.perf_counter()
    step, shown = max(players, matches // 10), 0

    def report(so_far: TournamentResult, _: int) -> None:
        nonlocal shown
        if so_far.matches // step > shown // step or so_far.matches == matches:
            shown = so_far.matches
            order = sorted(zip(so_far.ratings, LEVELS, strict=True), key=lambda r: -r[0].mu)
            print(
                f"  {slug} ladder: {shown}/{matches} matches, by rating: "
                + " > ".join(name for _, name in order),
                file=sys.stderr,
            )

    try:
        result = tournament(
            slug, list(LEVELS), matches, seed, players, options, True, jobs, progress=report
        )
    except Stopped as stop:
        if not stop.result.matches:
            raise
        return {**ladder_row(slug, options, seed, stop.result, started), **partial(stop)}
    return ladder_row(slug, options, seed, result, started)


def ladder_row(
    slug: str, options: dict[str, Any], seed: int, result: TournamentResult, started: float
) -> dict[str, Any]:
    from pondside.bots.levels import LEVELS, level_spec

    game = get_game(slug)
    data = result.to_json()
    levels = []
    for i, (level, entry) in enumerate(zip(LEVELS, data["entries"], strict=True)):
        row: dict[str, Any] = {
            "level": level,
            "spec": level_spec(game, level),
            "matches": entry["matches"],
            "win_rate": entry["win_rate"],
            "mean_place": entry["mean_place"],
            "rating_mu": entry["rating_mu"],
            "rating_sigma": entry["rating_sigma"],
        }
        if i:
            wins, met = result.pairwise_wins[i][i - 1], result.pairwise_meetings[i][i - 1]
            row["below"] = {
                "level": LEVELS[i - 1],
                "share": wins / met if met else None,
                "meetings": met,
                "ci95": list(wilson_interval(wins, met)) if met else None,
            }
        levels.append(row)
    return {
        "game": slug,
        "line": "ladder",
        "players": result.players,
        "matches": result.matches,
        "options": options,
        "seed": seed,
        "levels": levels,
        "seconds": time.perf_counter() - started,
    }


def verdict_of(lo: float, hi: float, fair: float) -> str:
    """A table's last column: whether a 95 % interval lies above the fair share, below it, or
    across it."""
    return "yes" if lo > fair else ("below" if hi < fair else "not shown")


def ladder_markdown(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| game | seats | options | matches | level | bot | rating (μ ± 2σ) | mean place |"
        " vs the level below | 95% interval | above ½? |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        for lv in r["levels"]:
            mu, sigma = lv["rating_mu"], lv["rating_sigma"]
            below = lv.get("below")
            if below and below["share"] is not None:
                lo, hi = below["ci95"]
                vs = f"{below['share']:.1%} of {below['meetings']} vs {below['level']}"
                interval = f"{lo:.1%} – {hi:.1%}"
                verdict = verdict_of(lo, hi, 0.5)
            else:
                vs = interval = verdict = "—"
            lines.append(
                f"| {r['game']} | {r['players']} | {options_text(r)} | {played(r)} |"
                f" **{lv['level']}** | `{lv['spec']}` | {mu:.1f} ± {2 * sigma:.1f} |"
                f" {lv['mean_place']:.2f} | {vs} | {interval} | {verdict} |"
            )
    commands = sorted({f"`{r['command']}`" for r in rows if "command" in r})
    machine = (
        f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}"
    )
    made = f"Made by {', '.join(commands)} ({machine})." if commands else ""
    return "\n".join([*lines, "", made, ""])


def step_names() -> list[str]:
    """The ladder's steps, as ``lower-upper``, weakest first."""
    from pondside.bots.levels import LEVELS

    return [f"{lower}-{upper}" for lower, upper in itertools.pairwise(LEVELS)]


def step_sides(players: int) -> list[int]:
    """How many seats the upper level holds at each of a step's tables: half; with an odd
    number of seats both ways (2 of 3, then 1 of 3), so that neither level holds more seats."""
    half = players // 2
    return [half] if players % 2 == 0 else [players - half, half]


def run_steps(
    slug: str, matches: int, seed: int, jobs: int, pairs: Sequence[str] = ()
) -> dict[str, Any]:
    """Each level against the one below (``pairs``: those named ``lower-upper``, else every
    step): ``matches`` matches a step at the ladder's table, the upper level in half the seats
    and the lower in the rest, every deal played from every turn of the seats (duplicate). A
    match counts for the upper level when its seats' mean place is better than the lower's
    (a tie counts half; fair is one half by symmetry), with a Wilson 95 % interval over the
    matches: within a deal the turns share its luck, which the interval does not credit."""
    from pondside.bots.levels import LEVELS

    game = get_game(slug)
    players = game.info.default_players
    options = ladder_options(slug)
    started = time.perf_counter()
    steps: list[dict[str, Any]] = []
    stopped: Stopped | None = None
    for lower, upper in itertools.pairwise(LEVELS):
        if pairs and f"{lower}-{upper}" not in pairs:
            continue
        # Each match played: the upper and the lower level's mean places.
        played: list[tuple[float, float]] = []
        begun = time.perf_counter()
        sides = step_sides(players)
        for i, k in enumerate(sides):
            # Whole deals (every turn of the seats) at each table, splitting the step's matches.
            share = matches // len(sides) + (matches % len(sides) if i == 0 else 0)
            n = max(players, share - share % players)
            bots = [upper] * k + [lower] * (players - k)
            tally = _step_tally(slug, lower, upper, len(played), n)
            try:
                result = tournament(
                    slug, bots, n, seed, players, options, True, jobs, progress=tally
                )
            except Stopped as stop:
                result, stopped = stop.result, stop
            for match in result.rows:
                seated = list(zip(match.places, match.seats, strict=True))
                ups = [p for p, e in seated if e < k]
                downs = [p for p, e in seated if e >= k]
                played.append((sum(ups) / len(ups), sum(downs) / len(downs)))
            if stopped:
                break
        if played:
            wins = sum(1.0 if up < down else 0.5 if up == down else 0.0 for up, down in played)
            step: dict[str, Any] = {
                "lower": lower,
                "upper": upper,
                "specs": step_specs(slug, upper, lower),
                "wins": wins,
                "matches": len(played),
                "share": wins / len(played),
                "ci95": list(wilson_interval(wins, len(played))),
                "upper_mean_place": sum(up for up, _ in played) / len(played),
                "lower_mean_place": sum(down for _, down in played) / len(played),
                "seconds": time.perf_counter() - begun,
                "seeds": [seed],
            }
            if stopped:
                step.update(partial=True, planned_matches=matches)
            steps.append(step)
        if stopped:
            break
    row = {
        "game": slug,
        "line": "steps",
        "players": players,
        "matches": matches,
        "options": options,
        "seed": seed,
        "steps": steps,
        "seconds": time.perf_counter() - started,
    }
    if stopped:
        row.update(partial=True, planned_matches=matches)
    return row


def _step_tally(
    slug: str, lower: str, upper: str, before: int, planned: int
) -> Callable[[TournamentResult, int], None]:
    """A running tally on stderr of a step's table (``before``: the step's matches at its
    tables played already)."""
    every, shown = max(10, planned // 5), 0

    def report(so_far: TournamentResult, _: int) -> None:
        nonlocal shown
        if so_far.matches // every > shown // every or so_far.matches == planned:
            shown = so_far.matches
            print(
                f"  {slug} step {lower} -> {upper}: {before + shown} matches",
                file=sys.stderr,
            )

    return report


def steps_markdown(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| game | seats | options | step | matches | upper level ahead | 95% interval |"
        " mean place (upper / lower) | above ½? |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        for st in r["steps"]:
            lo, hi = st["ci95"]
            verdict = verdict_of(lo, hi, 0.5)
            if not step_is_current(r["game"], st):
                verdict = f"{verdict}, but played with an earlier spec (`{st['specs'][0]}`)"
            stopped = f" (stopped; {st['planned_matches']} planned)" if st.get("partial") else ""
            lines.append(
                f"| {r['game']} | {r['players']} | {options_text(r)} |"
                f" {st['lower']} → **{st['upper']}** | {st['matches']}{stopped} |"
                f" {st['share']:.1%} | {lo:.1%} – {hi:.1%} |"
                f" {st['upper_mean_place']:.2f} / {st['lower_mean_place']:.2f} | {verdict} |"
            )
    commands = sorted({f"`{c}`" for r in rows for st in r["steps"] for c in step_commands(st)})
    made = f"Made by {', '.join(commands)}." if commands else ""
    return "\n".join([*lines, "", made, ""])


def steps_summary(rows: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The steps rows as the lobby reads them (``pondside.bots.levels.STEPS_FILE``): per
    game, each step's levels, matches, share of the upper level and its interval. A step
    played with levels other than today's is left out: the lobby would quote it for a bot
    that did not play it."""
    keep = ("lower", "upper", "matches", "share", "ci95")
    return {
        r["game"]: [
            {**{k: st[k] for k in keep}, "partial": bool(st.get("partial"))}
            for st in r["steps"]
            if step_is_current(r["game"], st)
        ]
        for r in rows
        if r.get("line") == "steps"
    }


def step_specs(slug: str, upper: str, lower: str) -> list[str]:
    """The specs a step's two levels have now, the upper level's first (as a step keeps them,
    ``specs``)."""
    from pondside.bots.levels import level_spec

    game = get_game(slug)
    return [level_spec(game, upper), level_spec(game, lower)]


def step_is_current(slug: str, step: dict[str, Any]) -> bool:
    """Whether ``step`` was played with the specs its two levels have now (a level's spec
    changes when a better bot takes its place; its old step then says nothing of the new)."""
    return bool(step["specs"] == step_specs(slug, step["upper"], step["lower"]))


def line_of(row: dict[str, Any]) -> str:
    if "line" in row:
        return str(row["line"])
    return f"{'heuristic' if row['first'] == 'heuristic' else 'search'}-{row['rest']}"


def run(slug: str, first: str, rest: str, matches: int, seed: int, jobs: int) -> dict[str, Any]:
    game = get_game(slug)
    players = game.info.default_players
    started = time.perf_counter()
    options = table_options(slug)

    step, shown = max(10, matches // 10), 0

    def report(partial: TournamentResult, _: int) -> None:
        # A running tally on stderr, about ten lines a line of the table: a long line can be
        # judged (or stopped) before it ends.
        nonlocal shown
        done = partial.matches
        if done // step > shown // step or done == matches:
            shown = done
            rate = partial.entries[0].wins / done
            print(f"  {slug}: {done}/{matches} matches, {first} {rate:.1%}", file=sys.stderr)

    bots = [first] + [rest] * (players - 1)
    try:
        result = simulate(slug, bots, matches, seed, options, jobs, progress=report)
    except Stopped as stop:
        if not stop.result.matches:
            raise
        return {**line_row(slug, first, rest, options, stop.result, started), **partial(stop)}
    return line_row(slug, first, rest, options, result, started)


def partial(stop: Stopped) -> dict[str, Any]:
    """What marks a line stopped before its end (Ctrl-C or SIGTERM): kept, and said so."""
    return {"partial": True, "planned_matches": stop.result.planned}


def line_row(
    slug: str,
    first: str,
    rest: str,
    options: dict[str, Any],
    result: TournamentResult,
    started: float,
) -> dict[str, Any]:
    players = result.players
    data = result.to_json()
    others = data["entries"][1:]
    return {
        "game": slug,
        "players": players,
        "first": first,
        "rest": rest,
        "matches": result.matches,
        "options": options,
        "entry": data["entries"][0],
        "others_mean_score": sum(e["mean_score"] for e in others) / len(others),
        "fair": 1 / players,
        "seconds": time.perf_counter() - started,
    }


def played(row: dict[str, Any]) -> str:
    """The matches of a line, and of how many planned when it was stopped before its end."""
    if row.get("partial"):
        return f"{row['matches']} (stopped; {row['planned_matches']} planned)"
    return str(row["matches"])


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
        verdict = verdict_of(lo, hi, r["fair"])
        lines.append(
            f"| {r['game']} | {r['players']} | {options_text(r)} | `{r['first']}` |"
            f" {r['players'] - 1} × `{r['rest']}` |"
            f" {played(r)} | {e['win_rate']:.1%} | {lo:.1%} – {hi:.1%} | {r['fair']:.1%} |"
            f" {e['mean_score']:.2f} / {r['others_mean_score']:.2f} | {verdict} |"
        )
    commands = sorted({f"`{r['command']}`" for r in rows})
    machine = (
        f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}"
    )
    return "\n".join([*lines, "", f"Made by {', '.join(commands)} ({machine}).", ""])


def play_lines(
    games: Sequence[str],
    lines: Sequence[str],
    matches: Mapping[str, int],
    seed: int,
    jobs: int,
    search: str | None,
    results: Path,
    command: str,
    pairs: Sequence[str] = (),
    more: bool = False,
) -> Iterator[dict[str, Any]]:
    """Play ``lines`` of each game's table, ``matches[line]`` matches each (a step of the ladder
    each, of the steps ``pairs`` names or all); yield each row as it is kept in
    ``results``/GAME.json beside the lines not played again. With ``more``, a step's matches
    are added to those kept of it (``added_step``), played with a ``seed`` they were not."""
    results.mkdir(parents=True, exist_ok=True)
    if more:
        if any(line != "steps" for line in lines):
            raise PondsideError("only the ladder's steps take more matches: give --lines steps")
        # Every game checked before any is played: a refusal never comes after hours of play.
        for slug in games:
            check_more(slug, kept_lines(results / f"{slug}.json").get("steps"), seed, pairs)
    for slug in games:
        path = results / f"{slug}.json"
        kept = kept_lines(path)
        plays = {**matchups(search or search_spec(slug)), "ladder": ("", ""), "steps": ("", "")}
        for line, (first, rest) in plays.items():
            if line not in lines or matches[line] < 1:
                continue
            if line == "ladder":
                unit = ladder_round(slug)
                row = run_ladder(slug, max(unit, matches[line] - matches[line] % unit), seed, jobs)
            elif line == "steps":
                row = run_steps(slug, matches[line], seed, jobs, pairs)
            else:
                row = run(slug, first, rest, matches[line], seed, jobs)
            row["command"] = command
            row["line"] = line
            for st in row.get("steps", ()):
                st["command"] = command  # each step says how it was made: they merge below
            # Read again: another run may have written another line of this game meanwhile.
            kept = kept_lines(path)
            if line == "steps" and "steps" in kept and (pairs or more):
                # Steps played again replace only themselves (or, with ``more``, add to
                # themselves): the others' figures stay.
                before = {(st["lower"], st["upper"]): st for st in kept["steps"]["steps"]}
                if more:
                    row["steps"] = [
                        added_step(slug, before[st["lower"], st["upper"]], st)
                        if (st["lower"], st["upper"]) in before
                        else st
                        for st in row["steps"]
                    ]
                again = {(st["lower"], st["upper"]) for st in row["steps"]}
                others = [st for key, st in before.items() if key not in again]
                row["steps"] = sorted([*others, *row["steps"]], key=_step_order)
            kept[line] = row
            # Written after every line, so a long run that is stopped keeps what it measured.
            path.write_text(json.dumps([kept[k] for k in LINES if k in kept], indent=1) + "\n")
            yield row
            if row.get("partial"):
                # Stopped (Ctrl-C, SIGTERM) mid-line: what it played is kept, the rest not played.
                raise KeyboardInterrupt


def kept_lines(path: Path) -> dict[str, dict[str, Any]]:
    """A game's rows kept in ``path`` (``results``/GAME.json), by line; none where there is
    no such file yet."""
    return {line_of(r): r for r in json.loads(path.read_text())} if path.is_file() else {}


def step_seeds(step: dict[str, Any]) -> list[int]:
    """The seeds a kept step's matches were played with: recorded with it (``seeds``), or, for
    a step kept before they were, the one its command gave (``--seed``; 0 by default)."""
    if "seeds" in step:
        return [int(s) for s in step["seeds"]]
    words = str(step.get("command", "")).split()
    return [int(words[words.index("--seed") + 1])] if "--seed" in words else [0]


def step_commands(step: dict[str, Any]) -> list[str]:
    """The commands that played a step's matches (several once matches were added)."""
    return list(step.get("commands") or ([step["command"]] if "command" in step else []))


def check_more(slug: str, row: dict[str, Any] | None, seed: int, pairs: Sequence[str]) -> None:
    """Refuse, before a match is played, to add matches to a kept step with a seed its matches
    were played with (the same deals would count twice), or whose levels have changed since."""
    for st in row["steps"] if row else ():
        if pairs and f"{st['lower']}-{st['upper']}" not in pairs:
            continue
        same_levels(slug, st, step_specs(slug, st["upper"], st["lower"]))
        seeds = step_seeds(st)
        if seed in seeds:
            raise PondsideError(
                f"{slug}'s step {st['lower']}-{st['upper']} was played with seed {seed} already: "
                f"the same deals would count twice; give --seed another number (played with "
                f"{', '.join(map(str, seeds))})"
            )


def same_levels(slug: str, step: dict[str, Any], now: list[str]) -> None:
    """Refuse to add to ``step`` matches of levels other than those it was played with."""
    if now != step["specs"]:
        raise PondsideError(
            f"{slug}'s step {step['lower']}-{step['upper']} was played as {step['specs']} and "
            f"its levels are now {now}: play it again without --more"
        )


def added_step(slug: str, old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """One step over ``old``'s matches and ``new``'s (played with another seed): the wins and
    matches added, the share, its interval and the mean places over them all. Refused where the
    levels' specs are not the ones ``old`` was played with (the level changed since)."""
    same_levels(slug, old, new["specs"])
    a, b = old["matches"], new["matches"]
    n, wins = a + b, old["wins"] + new["wins"]
    step: dict[str, Any] = {
        "lower": old["lower"],
        "upper": old["upper"],
        "specs": new["specs"],
        "wins": wins,
        "matches": n,
        "share": wins / n,
        "ci95": list(wilson_interval(wins, n)),
        "upper_mean_place": (old["upper_mean_place"] * a + new["upper_mean_place"] * b) / n,
        "lower_mean_place": (old["lower_mean_place"] * a + new["lower_mean_place"] * b) / n,
        "seconds": old.get("seconds", 0.0) + new.get("seconds", 0.0),
        "seeds": step_seeds(old) + step_seeds(new),
        "commands": step_commands(old) + step_commands(new),
    }
    # Stopped before all its matches, the step is partial: of the matches planned over its
    # pieces (a piece stopped before counts what it had planned).
    if new.get("partial"):
        step.update(
            partial=True, planned_matches=old.get("planned_matches", a) + new["planned_matches"]
        )
    return step


def _step_order(step: dict[str, Any]) -> int:
    from pondside.bots.levels import LEVELS

    return LEVELS.index(step["lower"])


def summary_line(row: dict[str, Any]) -> str:
    if row.get("line") == "steps":
        told = ", ".join(
            f"{st['lower']} -> {st['upper']} {st['share']:.1%} "
            f"[{st['ci95'][0]:.1%}, {st['ci95'][1]:.1%}] of {st['matches']}"
            for st in row["steps"]
        )
        return f"{row['game']:22} steps: {told} ({row['seconds']:.0f} s)"
    if row.get("line") == "ladder":
        ranked = sorted(row["levels"], key=lambda lv: -lv["rating_mu"])
        order = " > ".join(f"{lv['level']} {lv['rating_mu']:.1f}" for lv in ranked)
        return (
            f"{row['game']:22} ladder, {row['matches']} matches: {order} ({row['seconds']:.0f} s)"
        )
    e = row["entry"]
    return (
        f"{row['game']:22} {row['first']:45} vs {row['rest']:10} {e['win_rate']:6.1%} "
        f"[{e['ci95'][0]:.1%}, {e['ci95'][1]:.1%}] fair {row['fair']:.1%} "
        f"({row['seconds']:.0f} s)"
    )


def merged(results: Path) -> list[dict[str, Any]]:
    """Every game's rows kept in ``results``, in the games' order."""
    files = [results / f"{slug}.json" for slug in slugs()]
    return [row for path in files if path.is_file() for row in json.loads(path.read_text())]


START, END = "<!-- strength table: make strength -->", "<!-- end of strength table -->"
LADDER_START, LADDER_END = "<!-- ladder table: make strength -->", "<!-- end of ladder table -->"


STEPS_START, STEPS_END = "<!-- steps table: make strength -->", "<!-- end of steps table -->"
SPECS_START, SPECS_END = "<!-- level specs: make strength -->", "<!-- end of level specs -->"


def level_specs_markdown() -> str:
    """Every game's bot behind each search level, as the code has them now."""
    from pondside.bots.levels import level_spec

    lines = ["| game | strong | expert |", "|---|---|---|"]
    for slug in slugs():
        game = get_game(slug)
        strong, expert = (level_spec(game, lv) for lv in ("strong", "expert"))
        lines.append(f"| {slug} | `{strong}` | `{expert}` |")
    return "\n".join([*lines, ""])


def tables(rows: list[dict[str, Any]]) -> tuple[str, str, str]:
    """The strength table, the ladder table and the steps table, in Markdown."""
    ladders = [r for r in rows if r.get("line") == "ladder"]
    steps = [r for r in rows if r.get("line") == "steps"]
    lines = [r for r in rows if r.get("line") not in ("ladder", "steps")]
    return markdown(lines), ladder_markdown(ladders), steps_markdown(steps)


def write_between_markers(path: Path, table: str, start: str = START, end: str = END) -> None:
    """Replace the table between the markers in ``path`` (the rest of the page is prose)."""
    text = path.read_text() if path.is_file() else ""
    if start in text and end in text:
        head, rest = text.split(start, 1)
        text = f"{head}{start}\n{table}{end}{rest.split(end, 1)[1]}"
    else:
        text = f"{text}{start}\n{table}{end}\n"
    path.write_text(text)
