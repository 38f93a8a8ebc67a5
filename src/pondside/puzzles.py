"""Puzzles from a player's own mistakes (issue 28, point 4).

The post-match analysis (``pondside.analysis``) finds the decisions where a seat lost expected
places. A decision becomes a puzzle when a longer search, on common random numbers with its
seed fixed, still finds a clearly better action than the one played: the played action's loss
against the best is at least ``THRESHOLD`` places and at least twice its paired standard
error. The puzzle is the position from that seat's view (nothing of the hidden cards: the view
is all a puzzle holds), "you played X: find a better move"; its answers are every action not
clearly worse than the best (``solutions``: within twice the paired standard error of it), and
it is explained with each evaluated action's label, what it would do (the game's own words:
``Game.labels``) and the search's estimates.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pondside import i18n
from pondside.analysis import Analysis, Estimates, decision_seed, estimate_actions
from pondside.engine import Game, Match, PondsideError, View, record_names
from pondside.i18n import _

THRESHOLD = 0.2
"""Expected places a played action must lose against the best for its decision to be a puzzle."""
ITERATIONS = 1200
"""Playouts of a puzzle's search: more than an analysis's, so its best move is clear."""
MOST_PER_MATCH = 3
"""A seat's biggest mistakes of one match that are tried as puzzles."""


@dataclass(frozen=True)
class Puzzle:
    """One decision of a finished match, from the view of the seat that made it."""

    game: str
    seat: int
    number: int
    """The action's place in the record (1 = its first action)."""
    view: View
    legal: list[str]
    played: str
    answer: str
    """The best action the search found."""
    solutions: list[str]
    """Every action not clearly worse than the best: each is a right answer."""
    loss: float
    """Expected places the played action loses against the best."""
    explained: list[dict[str, Any]]
    """Each evaluated action, best first: label, what it would do, expected place, win share."""
    names: list[str]
    seed: int

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seat": self.seat,
            "number": self.number,
            "view": self.view,
            "legal": list(self.legal),
            "played": self.played,
            "answer": self.answer,
            "solutions": list(self.solutions),
            "loss": round(self.loss, 4),
            "explained": self.explained,
            "names": list(self.names),
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Puzzle:
        return cls(**{k: data[k] for k in cls.__dataclass_fields__})

    def said(self, game: Game[Any]) -> Puzzle:
        """The puzzle in the reader's language (``i18n.current``). A puzzle is stored with the
        words of the moment it was found, in the language of no one in particular; what a
        person reads of it is said again from what it keeps: each action's label and what it
        would do from its view (``Game.labels``), and the seats that the record named by its
        fallback ("seat 2", ``record_names``) named so in the reader's words."""
        with i18n.using(i18n.DEFAULT):
            fallback = record_names({}, len(self.names))
        again = record_names({}, len(self.names))
        names = [again[i] if name == fallback[i] else name for i, name in enumerate(self.names)]
        explained = _labelled(game, self.view, names, self.explained)
        return dataclasses.replace(self, names=names, explained=explained)

    def question(self) -> dict[str, Any]:
        """What a solver is shown: the position and the legal actions, with the played one
        named; nothing of the answer."""
        played = next((e["label"] for e in self.explained if e["action"] == self.played), None)
        return {
            "game": self.game,
            "seat": self.seat,
            "view": self.view,
            "legal": list(self.legal),
            "names": list(self.names),
            "played": self.played,
            "played_label": played or self.played,
        }

    def check(self, action: str) -> dict[str, Any]:
        """The verdict on ``action``: right when it is one of the solutions; with the answer,
        and every evaluated action explained."""
        if action not in self.legal:
            raise PondsideError(
                _("{action!r} is not one of this position's actions: {actions}").format(
                    action=action, actions=", ".join(self.legal)
                )
            )
        return {
            "action": action,
            "right": action in self.solutions,
            "answer": self.answer,
            "solutions": list(self.solutions),
            "played": self.played,
            "loss": round(self.loss, 4),
            "explained": self.explained,
        }


def _explained(
    game: Game[Any], view: View, found: Estimates, names: Sequence[str]
) -> list[dict[str, Any]]:
    estimates = [
        {
            "action": e.action,
            "place": round(e.place, 3),
            "win": round(e.win, 3),
            "samples": e.samples,
        }
        for e in found.actions
    ]
    return _labelled(game, view, names, estimates)


def _labelled(
    game: Game[Any], view: View, names: Sequence[str], explained: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """Each of ``explained`` (an action and its estimates) with its label and what it would
    do, in the game's words and the current language."""
    said = {a["action"]: a for a in game.labels(view, names)["actions"]}
    out = []
    for e in explained:
        label = said.get(e["action"])
        words = {
            "label": label["label"] if label else e["action"],
            "effect": label.get("effect") if label else None,
        }
        out.append(
            {"action": e["action"], **words, **{k: v for k, v in e.items() if k not in words}}
        )
    return out


def make_puzzle(
    game: Game[Any],
    view: View,
    legal: list[str],
    played: str,
    number: int,
    names: Sequence[str],
    *,
    iterations: int = ITERATIONS,
    seed: int = 0,
) -> Puzzle | None:
    """The puzzle of one decision, or None when the search finds no clearly better action than
    the one played (deterministic for a ``seed``)."""
    puzzle_seed = decision_seed(seed, number)
    found = estimate_actions(
        game, view, legal, keep=[played], iterations=iterations, seed=puzzle_seed
    )
    best = found.best.action
    if best == played:
        return None
    loss, err = found.loss(played)
    if loss < THRESHOLD or loss < 2 * err:
        return None
    # Every action not clearly worse than the best, paired on the samples it saw (an action
    # dropped in an early round of halving saw the best's first samples), is a right answer too:
    # a puzzle never marks wrong a move its own table rates as good.
    solutions = [best]
    for e in found.actions[1:]:
        if e.action != played:
            behind, spread = found.loss(e.action)
            if behind <= 2 * spread:
                solutions.append(e.action)
    return Puzzle(
        game=game.info.slug,
        seat=int(view["seat"]),
        number=number,
        view=view,
        legal=list(legal),
        played=played,
        answer=best,
        solutions=solutions,
        loss=loss,
        explained=_explained(game, view, found, names),
        names=list(names),
        seed=puzzle_seed,
    )


def puzzles_from(
    game: Game[Any],
    record: Mapping[str, Any],
    analysis: Analysis | Mapping[str, Any],
    seat: int,
    *,
    most: int = MOST_PER_MATCH,
    iterations: int = ITERATIONS,
    seed: int = 0,
) -> list[Puzzle]:
    """The puzzles of ``seat``'s biggest mistakes in ``record`` (its analysis's decisions that
    lost at least ``THRESHOLD``, biggest first, at most ``most`` tried)."""
    decisions = (
        [d.to_json() for d in analysis.decisions]
        if isinstance(analysis, Analysis)
        else list(analysis["decisions"])
    )
    mistakes = sorted(
        (d for d in decisions if d["seat"] == seat and d["loss"] >= THRESHOLD),
        key=lambda d: (-d["loss"], d["number"]),
    )[:most]
    wanted = {int(d["number"]) for d in mistakes}
    if not wanted:
        return []
    final = Match.from_record(game, record)
    names = record_names(record, final.players)
    replayed: Match[Any] = Match.start_of(game, record)
    found = []
    for number, (who, action) in enumerate(final.actions, 1):
        if number in wanted and who == seat:
            legal = replayed.legal(seat)
            view = replayed.view(seat)
            puzzle = make_puzzle(
                game, view, legal, action, number, names, iterations=iterations, seed=seed
            )
            if puzzle is not None:
                found.append(puzzle)
        replayed.apply(who, action)
    return found


__all__ = ["ITERATIONS", "THRESHOLD", "Puzzle", "make_puzzle", "puzzles_from"]
