"""What is worked out once and read by people of either language (issue 28, point 7): an
analysis's decisions are labelled in every language from the record (``decision_labels``),
and a stored puzzle is said again in its reader's language from its view (``Puzzle.said``),
neither searching again."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pondside import i18n
from pondside.analysis import choices, decision_labels
from pondside.engine import ActionLabel, Match, View
from pondside.engine.narrate import action_words
from pondside.games.lame_duck.game import LameDuck
from pondside.i18n import _
from pondside.puzzles import Puzzle
from pondside.server.thinking import SPOKEN, in_language


class Spoken(LameDuck):
    """Lame Duck whose labels open with a catalog message (the seat, "seat 1:"): a label that
    differs by language whatever the game's own words are translated to yet."""

    def action_label(self, view: View, action: str, names: Sequence[str]) -> ActionLabel:
        label = super().action_label(view, action, names)
        seat = _("seat {seat}").format(seat=view["seat"])
        return {**label, "label": f"{seat}: {label['label']}"}


GAME = Spoken()


def finished_record(seed: int = 5) -> dict[str, Any]:
    match = Match(GAME, 3, {"rounds": 1}, seed=seed)
    pick = random.Random(seed)
    while not match.is_over():
        for seat in match.to_act():
            match.apply(seat, pick.choice(match.legal(seat)))
    return match.record()


def test_an_analysis_is_labelled_in_every_language_from_its_record() -> None:
    record = finished_record()
    todo = choices(GAME, record, [1])
    # Decisions as an analysis writes them: the best here is any other legal action.
    decisions = [
        {"number": n, "seat": s, "played": a, "best": next(x for x in legal if x != a)}
        for n, s, _view, legal, a in todo
    ]
    labels = decision_labels(GAME, record, decisions, SPOKEN)
    assert set(labels) == {"en", "de", i18n.PSEUDO}
    for locale in SPOKEN:
        with i18n.using(locale):
            expected = [
                [action_words(GAME.action_label(view, x, [])) for x in (a, decisions[i]["best"])]
                for i, (_n, _s, view, _legal, a) in enumerate(todo)
            ]
        assert labels[locale] == expected
    assert labels["en"][0][0].startswith("seat 1: play ")
    assert labels["de"][0][0].startswith("Platz 1: ") and "spielen" in labels["de"][0][0]
    assert labels[i18n.PSEUDO][0][0].startswith("⟦seat 1⟧: ")

    # The answer carries the asker's labels, and nothing of the other languages.
    found = {
        "decisions": [{**d, "played_label": "", "best_label": "", "loss": 0.5} for d in decisions],
        "labels": labels,
    }
    german = in_language(found, "de")
    assert "labels" not in german
    assert [[d["played_label"], d["best_label"]] for d in german["decisions"]] == labels["de"]
    assert [d["loss"] for d in german["decisions"]] == [0.5] * len(decisions)


def test_a_stored_puzzle_is_said_again_in_its_readers_language() -> None:
    match = Match(GAME, 3, {"rounds": 1}, seed=2)
    view, legal = match.view(1), match.legal(1)
    stored = Puzzle(
        game=GAME.info.slug,
        seat=1,
        number=2,
        view=view,
        legal=legal,
        played=legal[0],
        answer=legal[1],
        solutions=[legal[1]],
        loss=0.4,
        explained=[
            {
                "action": a,
                "label": "old words",
                "effect": "",
                "place": 1.5,
                "win": 0.3,
                "samples": 9,
            }
            for a in legal[:2]
        ],
        names=["seat 0", "Ann", "random 2"],
        seed=1,
    )
    with i18n.using("de"):
        german = stored.said(GAME)
    # The names the record gave stay; its fallback ("seat 0") is said in German.
    assert german.names == ["Platz 0", "Ann", "random 2"]
    assert (
        german.explained[0]["label"].startswith("Platz 1: ")
        and "spielen" in german.explained[0]["label"]
    )
    assert german.question()["played_label"] == german.explained[0]["label"]
    # The search's figures and the answer are the stored ones.
    kept = ("action", "place", "win", "samples")
    assert [{k: e[k] for k in kept} for e in german.explained] == [
        {k: e[k] for k in kept} for e in stored.explained
    ]
    assert (german.answer, german.solutions, german.loss) == (legal[1], [legal[1]], 0.4)
    english = stored.said(GAME)
    assert english.names == stored.names
    assert english.explained[0]["label"].startswith("seat 1: play ")
