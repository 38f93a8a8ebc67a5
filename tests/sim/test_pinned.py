"""Results pinned for a seed: the same seed must give the same wins and scores, whatever the
number of processes. Pinned again when the seats' order around the table began to change
between matches (issue 16); a tournament of more entries than seats kept its results, as the
first 3 x 4 matches of its schedule did not change."""

from __future__ import annotations

import pytest

from pondside.sim.simulate import simulate
from pondside.sim.tournament import tournament

BOTS = ["heuristic", "random", "random", "random"]


def numbers(data: dict[str, object], *keys: str) -> list[tuple[float, ...]]:
    entries = data["entries"]
    assert isinstance(entries, list)
    return [tuple(round(e[k], 4) for k in keys) for e in entries]


@pytest.mark.parametrize("jobs", [1, 2])
def test_simulate_gives_the_pinned_results(jobs: int) -> None:
    data = simulate("lame-duck", BOTS, 12, seed=3, jobs=jobs).to_json()
    assert data["matches"] == 12
    assert numbers(data, "wins", "mean_score") == [
        (7.5, 4.0),
        (3.0, 13.4167),
        (0.0, 17.0833),
        (1.5, 17.5833),
    ]


@pytest.mark.parametrize("jobs", [1, 2])
def test_tournament_gives_the_pinned_results(jobs: int) -> None:
    data = tournament("lame-duck", BOTS, 12, seed=3, duplicate=True, jobs=jobs).to_json()
    assert numbers(data, "matches", "wins", "mean_score", "mean_place", "rating") == [
        (12, 7.5, 5.25, 1.5, 17.5034),
        (12, 1.5, 16.0, 2.6667, 0.9587),
        (12, 2.0, 15.25, 2.75, -0.776),
        (12, 1.0, 14.5, 2.8333, 1.9623),
    ]


def test_a_tournament_of_more_entries_than_seats_gives_the_pinned_results() -> None:
    data = tournament("lame-duck", BOTS, 12, seed=3, players=3).to_json()
    assert numbers(data, "matches", "wins", "mean_score", "mean_place", "rating") == [
        (9, 5.0, 8.2222, 1.5556, 11.3345),
        (9, 2.5, 13.6667, 2.0, 3.7402),
        (9, 3.5, 11.0, 1.8889, 5.9815),
        (9, 1.0, 16.0, 2.4444, -2.0549),
    ]
