"""Cards by name for a reader who does not type codes (issue 27): a King of the Quackers or
Wildcat Chicane sentence names its cards by the codes a person types at the terminal ("give the
Mountain (4MS)"); the same sentence carries where it does so (``Game.card_spans``), and read
with the names ("give the Mountain") it holds no code at all. The terminal's sentence is the
narrator's, unchanged (the snapshots in ``narration/`` pin it)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from pondside.engine import Match
from pondside.engine.narrate import with_names
from pondside.games import get_game
from pondside.games.decktet import BY_CODE, card_spans
from pondside.server.telling import tell, words_in

GOLDEN = Path(__file__).parents[1] / "golden"
DECKTET = sorted(GOLDEN.glob("king-of-the-quackers-*.json")) + sorted(
    GOLDEN.glob("wildcat-chicane-*.json")
)
NUMBERS = sorted(set(GOLDEN.glob("*.json")) - set(DECKTET))

CODE = re.compile(
    r"(?<![\w-])(?:1[MSVLYK]|[2-9][MSVLYK]{2}|N[MSVLYK]|[PT][MSVLYK]{3})(?:=\d+)?(?!\w)|\(0\)"
)
"""A Decktet card code as a sentence writes it (the Excuse's "0" only in brackets: "0 points"
is a number)."""


def sentences_of(record: dict[str, Any]) -> list[str]:
    """Every sentence a seat and a spectator read in a record's frames: each step's lines and,
    for each seat to act, its actions' labels and effects and its unplayable cards' reasons."""
    game = get_game(record["game"])
    match = Match.start_of(game, record)
    names = ["Ann", *[f"Bot {i + 1}" for i in range(1, match.players)]]
    out: list[str] = []
    for seat, action in record["actions"]:
        for s in match.to_act():
            labels = game.labels(match.view(s), names)
            out += [t for a in labels["actions"] for t in (a["label"], a["effect"])]
            out += [u["reason"] for u in labels["unplayable"]]
        before = {r: match.view(r) for r in (0, None)}
        events = match.apply(seat, action)
        for r in (0, None):
            out += game.narrate(before[r], events, match.view(r), r, names)
    return [t for t in out if t]


@pytest.mark.parametrize("path", DECKTET, ids=lambda p: p.stem)
def test_every_sentence_read_with_names_holds_no_code(path: Path) -> None:
    record = json.loads(path.read_text())["record"]
    game = get_game(record["game"])
    named = 0
    for text in sentences_of(record):
        spans = game.card_spans(text)
        shown = with_names(text, spans)
        assert not CODE.search(shown), (text, shown)
        # Each span stands where the sentence writes its cards' codes, and names them.
        for span in spans:
            written = text[span["start"] : span["end"]]
            assert all(code in written for code in span["cards"]), (text, span)
            assert all(BY_CODE[c].name.removeprefix("the ") in span["words"] for c in span["cards"])
        named += bool(spans)
    assert named, "a Decktet match names cards"


@pytest.mark.parametrize(
    ("sentence", "shown"),
    [
        ("give the Mountain (4MS) to Ann, the Ace of Suns (1S) to Bob",
         "give the Mountain to Ann, the Ace of Suns to Bob"),
        ("Straight Flush of Waves, 2 to 4: 1V=4 2VL 3MV",
         "Straight Flush of Waves, 2 to 4: the Ace of Waves as 4, the Origin and the Journey"),
        ("5ML the Forest — 5 (Moons/Leaves)", "the Forest — 5 (Moons/Leaves)"),
        ("1K Ace of Knots — Ace (Knots)", "the Ace of Knots — Ace (Knots)"),
        ("play 4VL the Sailor", "play the Sailor"),
        ("Bob plays Bomb of 2, rank Excuse: 3LY 0, on your Set — BOMB! (6 left).",
         "Bob plays Bomb of 2, rank Excuse: the Savage and the Excuse, on your Set — BOMB! (6 left)."),
        ("give the Excuse (0) to Bob, the Bard (NS) to Cid",
         "give the Excuse to Bob, the Bard to Cid"),
        ("a single must share a suit with the round's lead card 8MS (KQ-13)",
         "a single must share a suit with the round's lead card the Diplomat (KQ-13)"),
        ("Rule 1S: Ace of Suns: read BOTTOM, trump Suns",
         "Rule the Ace of Suns: Ace of Suns: read BOTTOM, trump Suns"),
        ("You bid 7 and took 0: 0 points (total 10).", "You bid 7 and took 0: 0 points (total 10)."),
    ],
)  # fmt: skip
def test_a_sentence_read_with_names(sentence: str, shown: str) -> None:
    assert with_names(sentence, card_spans(sentence)) == shown


def test_a_code_alone_that_is_a_players_name_is_left_as_it_is() -> None:
    """A player may be called "NY": the Calamity's code. A frame reads a code alone by the
    card's name only where no seat is so called; a card written with its name is read still."""
    game = get_game("king-of-the-quackers")
    lines = ["NY plays the Forest (5ML).", "a single must be higher than 8MS (KQ-13)"]
    assert words_in(game, lines, ["Ann", "NY"]) == {
        "the Forest (5ML)": "the Forest",
        "8MS": "the Diplomat",
    }
    assert words_in(game, ["NY"], ["Ann", "Bob"]) == {"NY": "the Calamity"}
    assert words_in(get_game("lame-duck"), ["Ann plays 55."], ["Ann"]) == {}


@pytest.mark.parametrize("path", DECKTET[:1] + NUMBERS[:1], ids=lambda p: p.stem)
def test_a_frame_carries_the_spans_of_its_sentences(path: Path) -> None:
    """What a frame tells a seat (``telling.tell``) carries each piece of its sentences (its
    lines, labels, reasons and the board's captions) that names cards by code, with its words; none for a game whose cards are numbers."""
    record = json.loads(path.read_text())["record"]
    game = get_game(record["game"])
    match = Match.start_of(game, record)
    names = [f"P{i + 1}" for i in range(match.players)]
    seen = 0
    for seat, action in record["actions"][:40]:
        before = match.view(0)
        events = match.apply(seat, action)
        told = tell(game, events, before, match.view(0), 0, names)
        said = [*told["narration"], *(u["reason"] for u in told["labels"]["unplayable"])]
        said += told["captions"].values()
        said += [t for a in told["labels"]["actions"] for t in (a["label"], a["effect"])]
        expected = {
            t[s["start"] : s["end"]]: s["words"] for t in said if t for s in game.card_spans(t)
        }
        assert told["card_words"] == expected
        seen += len(expected)
    assert bool(seen) == (path in DECKTET)
