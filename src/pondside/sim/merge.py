"""Several tournament runs of the same bots added up, as if they were one longer run.

A measurement of thousands of matches is played in pieces: on several machines or sessions, or
stopped and taken up again with another seed (the same seed would deal the same cards again).
Each piece's ``--out`` folder holds its matches (``matches.csv``) and what was played
(``results.json``: the game, seats, options, rule constants, duplicate deals, seed). The pieces
add up when they played the same game the same way with the same bots and different seeds:
their matches are folded into one result in the order given (the ratings, which depend on the
order, as if the runs had been played one after the other), and the game's tallies are summed
from each run's entries (``matches.csv`` keeps places and scores, not tallies).
"""

from __future__ import annotations

import csv
import json
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

from pondside.engine import PondsideError
from pondside.games import slugs

from .stats import mean_interval
from .tournament import EntryStats, Row, TournamentResult

SAME = ("game", "players", "options", "tuning", "duplicate")
"""What the runs must share to add up, as ``results.json`` names it."""


class MergeError(PondsideError):
    """Runs that cannot be added up, and why."""


def read_json(folder: Path) -> dict[str, Any]:
    path = folder / "results.json"
    if not folder.is_dir():
        raise MergeError(f"{folder} is not a folder: give the --out folder of a tournament run")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MergeError(
            f"{folder} holds no tournament's results: expected results.json and matches.csv, "
            "as `pondside tournament --out` writes them"
        ) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise MergeError(f"{path} could not be read as a tournament's results: {exc}") from None
    wrong = problem(data)
    if wrong:
        raise MergeError(f"{path} is not a tournament's results.json as --out writes it: {wrong}")
    return cast(dict[str, Any], data)


# What results.json must hold to be added up, by key: the type each value must have.
KINDS: dict[str, type | tuple[type, ...]] = {
    "game": str,
    "players": int,
    "options": dict,
    "tuning": dict,
    "duplicate": bool,
    "seed": int,
    "matches": int,
    "entries": list,
}


def problem(data: Any) -> str:
    """What in a parsed results.json is not as a tournament writes it ("" when nothing)."""
    if not isinstance(data, dict):
        return f"expected an object of {', '.join(KINDS)}, not {type(data).__name__}"
    for key, kind in KINDS.items():
        if not isinstance(data.get(key), kind):
            return (
                f"expected {key!r} to be {getattr(kind, '__name__', kind)}, not {data.get(key)!r}"
            )
    if data["game"] not in slugs():
        return f"{data['game']!r} is not a game here (the games: {', '.join(slugs())})"
    for entry in data["entries"]:
        if not isinstance(entry, dict) or not isinstance(entry.get("bot"), str):
            return f"expected each entry to name its bot, not {entry!r}"
        for name, tally in (entry.get("tallies") or {}).items():
            if not isinstance(tally, dict) or not all(
                isinstance(tally.get(k), int | float) for k in ("happened", "of")
            ):
                return f"expected the tally {name!r} to count 'happened' of 'of', not {tally!r}"
    for run in data.get("runs") or []:
        if not isinstance(run, dict) or not all(
            isinstance(run.get(k), int) for k in ("seed", "matches")
        ):
            return f"expected each of its runs to give its seed and matches, not {run!r}"
    return ""


def read_rows(folder: Path, data: dict[str, Any], entry_of: dict[str, int]) -> list[Row]:
    """The matches of ``matches.csv``, their bots as entries of the merged result."""
    path = folder / "matches.csv"
    players = data["players"]
    rows = []
    try:
        with path.open(newline="", encoding="utf-8") as fh:
            for n, line in enumerate(csv.DictReader(fh), start=2):
                try:
                    seats = tuple(entry_of[line[f"seat{s}_bot"]] for s in range(players))
                    places = tuple(int(line[f"seat{s}_place"]) for s in range(players))
                    scores = tuple(float(line[f"seat{s}_score"]) for s in range(players))
                    index = int(line["match"])
                except (KeyError, TypeError, ValueError) as exc:
                    raise MergeError(
                        f"{path}, line {n}: expected a match of {players} seats "
                        f"(match, seatN_bot, seatN_place, seatN_score), not {dict(line)} ({exc})"
                    ) from None
                rows.append(Row(index, seats, places, scores))
    except FileNotFoundError:
        raise MergeError(f"{folder} has results.json but no matches.csv") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise MergeError(f"{path} could not be read: {exc}") from None
    if len(rows) != data["matches"]:
        raise MergeError(
            f"{path} holds {len(rows)} matches where its results.json counts {data['matches']}"
        )
    return rows


def merge_runs(folders: Sequence[Path]) -> TournamentResult:
    """The runs in ``folders`` as one result (see the module's docstring): refused, with the
    reason, where they did not play the same game the same way, used a seed twice, or do not
    hold a tournament's files."""
    if not folders:
        raise MergeError("give the --out folder of at least one tournament run")
    twice = sorted({str(f) for f in folders if list(folders).count(f) > 1})
    if twice:
        raise MergeError(f"{twice[0]} is given twice: each run counts once")
    runs = [(Path(f), read_json(Path(f))) for f in folders]
    first_folder, first = runs[0]
    labels = [e["bot"] for e in first["entries"]]
    seeds: dict[int, Path] = {}
    for folder, data in runs:
        for key in SAME:
            if data[key] != first[key]:
                raise MergeError(
                    f"the runs differ in {key}: {first_folder} has {first[key]!r}, {folder} has "
                    f"{data[key]!r}; only runs of the same game, seats, options, rule constants "
                    "and duplicate setting add up"
                )
        bots = [e["bot"] for e in data["entries"]]
        if sorted(bots) != sorted(labels):
            raise MergeError(
                f"the runs' bots differ: {first_folder} has {labels}, {folder} has {bots}"
            )
        # A sum of runs (merged before) brings the seeds of all its runs.
        for seed in [run["seed"] for run in data.get("runs", [])] or [data["seed"]]:
            if seed in seeds:
                raise MergeError(
                    f"{seeds[seed]} and {folder} were both played with seed {seed}: "
                    "the same deals would count twice"
                )
            seeds[seed] = folder
    entry_of = {label: i for i, label in enumerate(labels)}
    merged = TournamentResult(
        first["game"],
        first["players"],
        dict(first["options"]),
        first["seed"],
        first["duplicate"],
        [EntryStats(label) for label in labels],
        sum(data.get("planned_matches", data["matches"]) for _folder, data in runs),
        tuning=dict(first["tuning"]),
    )
    offset = 0
    step = deal_size(first["duplicate"], first["players"])
    for folder, data in runs:
        rows = read_rows(folder, data, entry_of)
        for row in rows:
            # Numbered on from the runs before: match i of the merged result is one match.
            merged.add(Row(offset + row.index, row.seats, row.places, row.scores))
        # Whole deals: a run stopped mid-deal leaves the rest of its last deal's numbers unused,
        # so that a deal's matches are still ``index // players`` (duplicate deals).
        offset += -(-(max((row.index for row in rows), default=-1) + 1) // step) * step
        merged.runs.extend(
            data.get("runs")
            or [
                {
                    "folder": str(folder),
                    "seed": data["seed"],
                    "matches": data["matches"],
                    "planned_matches": data.get("planned_matches", data["matches"]),
                }
            ]
        )
        for entry in data["entries"]:
            totals = merged.entries[entry_of[entry["bot"]]].tallies
            for name, tally in entry.get("tallies", {}).items():
                total = totals.setdefault(name, [0, 0])
                total[0] += tally["happened"]
                total[1] += tally["of"]
    return merged


def deal_size(duplicate: bool, players: int) -> int:
    """The matches of one deal: every turn of the seats in duplicate mode, else one."""
    return players if duplicate else 1


def pair_figures(result: TournamentResult, a: str, b: str) -> dict[str, Any]:
    """Bot ``a`` against bot ``b`` over ``result``'s matches, as the papers on climbing games
    report a bot against another (win share and average point difference apart), each deal
    counted once: the share of matches ``a``'s seats finish first (a first place shared counts
    its part), the share of meetings in which ``a`` placed above ``b`` (ties half), and ``a``'s
    points less ``b``'s, each the mean over deals of that deal's matches (duplicate matches of
    one deal share its luck) with a normal 95 % interval over the deals; a duplicate deal not
    played from every turn of the seats (a run stopped mid-deal) is left out (``left_out``: its
    matches). ``a`` and ``b`` are bot specs as the run named them; ``name#2`` is ``name``'s
    second entry, counted with it."""
    labels = [e.label.split("#")[0] for e in result.entries]
    for name in (a, b):
        if name not in labels:
            raise MergeError(
                f"no bot {name!r} played these matches: they had {sorted(set(labels))}"
            )
    if a == b:
        raise MergeError("give two different bots to set against each other")
    # Per deal, each match's figures and the share of first places ``a``'s seats would have by
    # chance.
    per_deal: dict[int, list[tuple[float, float, float, float]]] = {}
    step = deal_size(result.duplicate, result.players)
    for row in result.rows:
        mine = [s for s, e in enumerate(row.seats) if labels[e] == a]
        theirs = [s for s, e in enumerate(row.seats) if labels[e] == b]
        if not mine or not theirs:
            continue  # a table without both (more entries than seats)
        first = sum(row.places[s] == 1 for s in mine) / row.places.count(1)
        above = statistics.mean(
            1.0 if row.places[s] < row.places[t] else 0.5 if row.places[s] == row.places[t] else 0.0
            for s in mine
            for t in theirs
        )
        points = statistics.mean(row.scores[s] for s in mine) - statistics.mean(
            row.scores[t] for t in theirs
        )
        chance = len(mine) / result.players
        per_deal.setdefault(row.index // step, []).append((first, above, points, chance))
    # A duplicate deal stopped before every turn of its seats was played keeps a seat's edge
    # unbalanced: it is left out, and said.
    whole = [matches for matches in per_deal.values() if len(matches) == step]
    deals = [[statistics.fmean(x) for x in zip(*matches, strict=True)] for matches in whole]
    if len(deals) < 2:
        raise MergeError(
            f"{a} and {b} met in {len(deals)} whole deal(s): an interval needs two or more"
        )
    out: dict[str, Any] = {
        "bots": [a, b],
        "deals": len(deals),
        "matches": sum(map(len, whole)),
        "left_out": sum(map(len, per_deal.values())) - sum(map(len, whole)),
    }
    columns = list(zip(*deals, strict=True))
    for name, xs in zip(("first", "above", "points"), columns, strict=False):
        out[name] = {"mean": statistics.fmean(xs), "ci95": list(mean_interval(xs))}
    out["first"]["fair"] = statistics.fmean(columns[3])
    return out
