"""Puzzles from mistakes (issue 28, point 4): a decision of a recorded match becomes a puzzle
when a longer search with its seed fixed still finds a clearly better action; its answer is the
search's, its position is the seat's view alone, and an answer is judged by its solutions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pondside.analysis import estimate_actions
from pondside.engine import Match, PondsideError, record_names
from pondside.games import get_game
from pondside.puzzles import THRESHOLD, Puzzle, make_puzzle

GOLDEN = Path(__file__).parent / "golden"
ITERATIONS = 400
# A decision of each golden record where the seat (a random bot) made a clear mistake, and the
# answer the search finds there with the puzzle's seed fixed (issue 28's "the puzzle's expected
# answer is checked against the search with the seed fixed": pinned, so a change to the search
# or the rules that moves it shows here).
# (King of the Quackers' pass of two cards among 110 pairs: a smaller search, as it is slower.)
CASES = [
    ("lame-duck-4p-seed2026.json", 7, ITERATIONS, "play 53"),
    ("king-of-the-quackers-4p-seed3.json", 3, 250, "give TMLY 0"),
    ("ladders-3p-seed8.json", 2, ITERATIONS, "play climb to 0"),
    ("wildcat-chicane-4p-seed5.json", 2, ITERATIONS, "rule 1K"),
    # Down the Drain's choices rarely cost a clear place: a random seat against two
    # heuristics (``play_match(game, 3, None, ["random", "heuristic", "heuristic"], 1)``).
    ("../puzzles/down-the-drain-3p-seed1.json", 10, 300, "play 14"),
]


def decision(name: str, number: int) -> tuple[Any, Any, list[str], str, list[str], Match[Any]]:
    record = json.loads((GOLDEN / name).read_text())["record"]
    game = get_game(record["game"])
    final = Match.from_record(game, record)
    match: Match[Any] = Match.start_of(game, record)
    for who, action in final.actions[: number - 1]:
        match.apply(who, action)
    seat, played = final.actions[number - 1]
    names = record_names(record, final.players)
    return game, match.view(seat), match.legal(seat), played, names, match


@pytest.mark.parametrize(("name", "number", "iterations", "expected"), CASES)
def test_a_clear_mistake_of_a_recorded_match_is_a_puzzle_with_the_searchs_answer(
    name: str, number: int, iterations: int, expected: str
) -> None:
    game, view, legal, played, names, match = decision(name, number)
    puzzle = make_puzzle(game, view, legal, played, number, names, iterations=iterations)
    assert puzzle is not None
    # The answer is the search's, with the puzzle's seed: the same every time.
    again = estimate_actions(
        game, view, legal, keep=[played], iterations=iterations, seed=puzzle.seed
    )
    assert puzzle.answer == again.best.action == expected != played
    assert puzzle.loss >= THRESHOLD and puzzle.loss == pytest.approx(again.loss(played)[0])
    assert puzzle.answer in puzzle.solutions and played not in puzzle.solutions
    # The position is what that seat saw, nothing more; the question tells no answer.
    assert puzzle.view == match.view(view["seat"])
    question = puzzle.question()
    assert "answer" not in question and "solutions" not in question
    assert question["played"] == played and question["legal"] == legal
    # Judged by its solutions, explained action by action.
    assert puzzle.check(puzzle.answer)["right"] is True
    assert puzzle.check(played)["right"] is False
    explained = puzzle.check(played)["explained"]
    assert explained[0]["action"] == puzzle.answer and all(e["label"] for e in explained)
    # "The narration of what each move would have done": each label's effect in the game's
    # words (King of the Quackers' cards to give say it in the label itself).
    assert all(e["effect"] or e["action"].startswith("give ") for e in explained), explained
    with pytest.raises(PondsideError, match="not one of this position's actions"):
        puzzle.check("nonsense")
    kept = Puzzle.from_json(json.loads(json.dumps(puzzle.to_json())))
    assert kept.to_json() == puzzle.to_json()


def test_a_decision_with_no_clearly_better_move_is_no_puzzle() -> None:
    """ "Judged with enough playouts that the best move is clear": the same Lame Duck position
    with the search's own answer played is no puzzle, nor is one of the moves the search
    cannot tell from the best (a puzzle never marks an equal move wrong)."""
    name, number, iterations, expected = CASES[0]
    game, view, legal, played, names, _match = decision(name, number)
    puzzle = make_puzzle(game, view, legal, played, number, names, iterations=iterations)
    assert puzzle is not None
    equal = next(a for a in puzzle.solutions if a != expected)
    for move in (expected, equal):
        assert make_puzzle(game, view, legal, move, number, names, iterations=iterations) is None
