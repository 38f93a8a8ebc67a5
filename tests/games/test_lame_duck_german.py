"""Lame Duck in German (issue 28, point 7): the game's own sentences read as the German rules
page writes them (Spalte, Enten, Zug, Runde; "du" to the player; "die 23 von Ann", never a
name's genitive), counts take German's plural, the rules' refusals keep their ruling's code;
and the pseudo-locale finds no word past the catalog at any table size or option, nor in the
words the page and the terminal are served (prompts, terms, score notes, the card legend, the
tutorial's script, the terminal's board)."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from pondside import i18n
from pondside.engine import BadOption, IllegalAction, Match
from pondside.games.lame_duck import GAME, tutorial
from pondside.games.lame_duck.events import LameDuckEvent
from pondside.games.lame_duck.narrate import narrate
from pondside.i18n import _
from pondside.tui import get_ui

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]
GOLDEN = Path(__file__).parents[1] / "golden" / "lame-duck-4p-seed2026.json"
MARKED = re.compile("⟦[^⟦⟧]*⟧")


def german(
    before: dict[str, Any] | None, events: list[LameDuckEvent], receiver: int | None
) -> list[str]:
    with i18n.using("de"):
        return narrate(before, events, NAMES[:4], receiver)


def test_a_card_placed_is_told_to_you_and_of_another_seat_in_german() -> None:
    place: LameDuckEvent = {"type": "place", "seat": 1, "card": 23, "column": 1}
    before = {"columns": [[5], [21], [40], [77]]}
    assert german(before, [place], 1) == [
        "Deine 23 kommt an Spalte 2, auf die 21: der kleinste Abstand (2)."
    ]
    assert german(before, [place], 0) == [
        "Die 23 von Bob kommt an Spalte 2, auf die 21: der kleinste Abstand (2)."
    ]


def test_a_take_counts_ducks_and_cards_in_german_plurals() -> None:
    take: LameDuckEvent = {
        "type": "take",
        "seat": 0,
        "card": 3,
        "column": 3,
        "cards": [70],
        "ducks": 1,
        "reason": "too low",
    }
    sixth: LameDuckEvent = {**take, "card": 24, "column": 0, "cards": [3, 8, 12, 17, 21]}
    sixth.update(ducks=5, reason="sixth card")
    assert german(None, [take], 0) == [
        "Deine 3 ist niedriger als jede Spalte: Du nimmst Spalte 4 (1 Ente, 1 Karte), und die 3 "
        "beginnt sie neu."
    ]
    assert german(None, [sixth], 2) == [
        "Die 24 von Ann ist die sechste Karte von Spalte 1: Ann nimmt ihre 5 Karten mit "
        "5 Enten, und die 24 beginnt sie neu."
    ]


def test_a_shared_win_takes_the_plural_and_you_among_the_winners() -> None:
    end: LameDuckEvent = {"type": "match_end", "scores": [4, 9, 4, 12], "places": [1, 3, 1, 4]}
    assert german(None, [end], 0) == ["Die Partie ist vorbei: Du und Cid gewinnt mit je 4 Enten."]
    assert german(None, [end], 1) == ["Die Partie ist vorbei: Ann und Cid gewinnen mit je 4 Enten."]


def test_a_whole_golden_match_reads_in_german_for_a_seat_and_a_spectator() -> None:
    record = json.loads(GOLDEN.read_text())["record"]
    with i18n.using("de"):
        match: Match[Any] = Match.start_of(GAME, record)
        seen: dict[int | None, list[str]] = {0: [], None: []}
        before = {r: match.view(r) for r in seen}
        for seat, action in record["actions"]:
            events = match.apply(seat, action)
            for r in seen:
                after = match.view(r)
                seen[r] += GAME.narrate(before[r], events, after, r, NAMES[:4])
                before[r] = after
    mine, watching = "\n".join(seen[0]), "\n".join(seen[None])
    assert "Die Karten werden aufgedeckt: 1 (Bob), 2 (Dee), 14 (Cid), 38 (du)." in mine
    assert "Runde 1 ist vorbei. Enten dieser Runde: Du 9, Bob 31, Cid 2, Dee 7." in mine
    assert "Die Partie ist vorbei: Cid gewinnt mit 12 Enten." in watching
    # A spectator is nobody's "du"; no English word is left in either.
    assert not re.search(r"\b(Du|du|Deine?)\b", watching)
    assert not re.search(r"\b(the|goes|takes|you|your|ducks?)\b", mine + watching, re.I)


def test_a_refusal_is_german_with_its_ruling_code() -> None:
    match: Match[Any] = Match(GAME, 4, seed=1)
    with i18n.using("de"):
        card = match.view(1)["hand"][0]
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(match.state, 0, f"play {card}")
        assert str(refused.value) == (f"die Karte {card} ist nicht in der Hand von Platz 0 (LD-5)")
        with pytest.raises(BadOption, match="nicht beides"):
            GAME.options(4, {"rounds": 2, "target": 66})


def test_the_status_line_and_labels_speak_german() -> None:
    match: Match[Any] = Match(GAME, 4, seed=1)
    with i18n.using("de"):
        view = match.view(0)
        captions = GAME.captions(view, NAMES[:4])
        labels = GAME.labels(view, NAMES[:4])["actions"]
    assert captions["match"] == "1 Runde"
    assert captions["round"] == "Runde 1 von 1"
    assert captions["turn"] == "Zug 1 von 10"
    assert captions["status"] == "Wähle eine Karte zum Spielen."
    assert re.fullmatch(r"\d+ spielen \(\d Enten?\)", labels[0]["label"])
    assert labels[0]["effect"].startswith(("→ Spalte ", "zu niedrig"))


def test_the_words_served_once_are_german() -> None:
    with i18n.using("de"):
        terms = GAME.terms()
        prompts = GAME.prompts()
        notes = GAME.score_notes()
        samples = GAME.card_facts()["samples"]
    assert [t["term"] for t in terms] == ["Enten pro Karte", "Sechste Karte"]
    assert prompts["heading"] == "Runde {round}, Zug {turn}"
    assert notes == [{"note": "Weniger Enten sind besser."}]
    assert [s["caption"] for s in samples][:2] == ["1 Ente", "2: endet auf 5"]


def pseudo_leaks(text: str) -> str:
    """What of ``text`` lies outside the pseudo-locale's markers (nested messages included)."""
    before = None
    while before != text:
        before, text = text, MARKED.sub("", text)
    return text if re.search(r"[^\W\d_]", text) else ""


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [(2, {}, 1), (5, {"target": 30}, 2), (4, {"expert": True, "rounds": 2}, 3), (10, {}, 4)],
)
def test_every_table_size_and_option_is_told_through_the_catalog(
    players: int, options: dict[str, Any], seed: int
) -> None:
    """Played in the pseudo-locale: every line, label, reason, caption and refusal inside ⟦…⟧
    (``test_words_catalog`` plays three seats without options; this plays the rest)."""
    rng = random.Random(seed)
    found: list[str] = []
    names = NAMES * 2
    with i18n.using(i18n.PSEUDO):
        match: Match[Any] = Match(GAME, players, options=options, seed=seed)
        before = {r: match.view(r) for r in [*range(players), None]}
        while not match.is_over():
            for seat in match.to_act():
                said = GAME.labels(match.view(seat), names[:players], match.state)
                found += [pseudo_leaks(a["label"] + " " + a["effect"]) for a in said["actions"]]
                found += [pseudo_leaks(u["reason"]) for u in said["unplayable"]]
                for action in ("take 0", "play 1", "play 200"):
                    try:
                        GAME.apply(match.state, seat, action)
                    except IllegalAction as exc:
                        found.append(pseudo_leaks(str(exc)))
            seat = rng.choice(match.to_act())
            events = match.apply(seat, rng.choice(match.legal(seat)))
            for r in before:
                after = match.view(r)
                lines = GAME.narrate(before[r], events, after, r, names[:players])
                found += [pseudo_leaks(line) for line in lines]
                found += [pseudo_leaks(c) for c in GAME.captions(after, names[:players]).values()]
                before[r] = after
    assert not [f for f in found if f], sorted({f for f in found if f})[:20]


def test_the_served_words_the_tutorial_and_the_terminal_go_through_the_catalog() -> None:
    with i18n.using(i18n.PSEUDO):
        served = [
            *GAME.prompts().values(),
            *(t["term"] + t["meaning"] for t in GAME.terms()),
            *(n["note"] for n in GAME.score_notes()),
            *(s["caption"] for s in GAME.card_facts()["samples"]),
            *(_(lesson) for lesson in tutorial.LESSONS.values()),
            _(tutorial.DONE),
        ]
        match: Match[Any] = Match(GAME, 3, seed=4)
        ui = get_ui(GAME, NAMES[:3], me=0)
        console = Console(file=io.StringIO(), width=100, color_system=None)
        ui.draw(console, match.view(0))
        served.append(ui.legend)
    assert not [w for w in served if pseudo_leaks(w)]
    board = console.file.getvalue()  # type: ignore[attr-defined]
    # The board's words are marked; what is left is numbers, names, cards and rules.
    leftover = re.findall(r"[^\W\d_]+", pseudo_leaks(board) or "")
    assert set(leftover) <= {"Ann", "Bob", "Cid"}, leftover


def test_the_labels_words_are_remembered_in_each_language_apart() -> None:
    """The labels' words, remembered per language (the server's hot path), read as the
    language of the moment writes them, whichever was asked first."""
    from pondside.games.lame_duck.narrate import play_effect, play_label, take_label

    def words() -> tuple[str, ...]:
        return (
            play_label(45, 2),
            play_effect(1, None),
            play_effect(2, 7),
            play_effect(-1, None),
            take_label(1),
        )

    with i18n.using("de"):
        first_german = words()
    english = words()
    with i18n.using("de"):
        assert words() == first_german
    assert english == (
        "play 45 (2 ducks)",
        "→ column 2",
        "→ column 3, 6th: you take 7 ducks",
        "too low: you choose a column",
        "take column 2",
    )
    assert "Enten" in first_german[0] and "Spalte" in first_german[4]
    assert all(g != e for g, e in zip(first_german, english, strict=True))
