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
from typing import Any

from pondside.engine import PondsideError

from .stats import mean_interval
from .tournament import EntryStats, Row, TournamentResult

SAME = ("game", "players", "options", "tuning", "duplicate")
"""What the runs must share to add up, as ``results.json`` names it."""


class MergeError(PondsideError):
    """Runs that cannot be added up, and why."""


def read_json(folder: Path) -> dict[str, Any]:
    path = folder / "results.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MergeError(
            f"{folder} holds no tournament's results: expected results.json and matches.csv, "
            "as `pondside tournament --out` writes them"
        ) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise MergeError(f"{path} could not be read as a tournament's results: {exc}") from None
    missing = [key for key in (*SAME, "seed", "matches", "entries") if key not in data]
    if not isinstance(data, dict) or missing:
        raise MergeError(f"{path} is not a tournament's results.json (it lacks {missing})")
    return data


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
    step = first["players"] if first["duplicate"] else 1
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


def pair_figures(result: TournamentResult, a: str, b: str) -> dict[str, Any]:
    """Bot ``a`` against bot ``b`` over ``result``'s matches, as the papers on climbing games
    report a bot against another (win share and average point difference apart), each deal
    counted once: the share of matches ``a``'s seats finish first (a first place shared counts
    its part), the share of meetings in which ``a`` placed above ``b`` (ties half), and ``a``'s
    points less ``b``'s, each the mean over deals of that deal's matches (duplicate matches of
    one deal share its luck) with a normal 95 % interval over the deals. ``a`` and ``b`` are bot
    specs as the run named them; ``name#2`` is ``name``'s second entry, counted with it."""
    labels = [e.label.split("#")[0] for e in result.entries]
    for name in (a, b):
        if name not in labels:
            raise MergeError(
                f"no bot {name!r} played these matches: they had {sorted(set(labels))}"
            )
    if a == b:
        raise MergeError("give two different bots to set against each other")
    per_deal: dict[int, list[tuple[float, float, float]]] = {}
    fair: list[float] = []  # the share of first places ``a``'s seats would have by chance
    step = result.players if result.duplicate else 1
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
        per_deal.setdefault(row.index // step, []).append((first, above, points))
        fair.append(len(mine) / result.players)
    deals = [
        [statistics.mean(x) for x in zip(*matches, strict=True)] for matches in per_deal.values()
    ]
    if len(deals) < 2:
        raise MergeError(f"{a} and {b} met in {len(deals)} deal(s): an interval needs two or more")
    out: dict[str, Any] = {
        "bots": [a, b],
        "deals": len(deals),
        "matches": sum(map(len, per_deal.values())),
    }
    for name, xs in zip(("first", "above", "points"), zip(*deals, strict=True), strict=True):
        out[name] = {"mean": statistics.fmean(xs), "ci95": list(mean_interval(xs))}
    out["first"]["fair"] = statistics.mean(fair)
    return out
