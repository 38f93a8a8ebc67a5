"""Wildcat Chicane in German (issue 28, point 7): a match played in German reads as a German
card room writes it (the glossary of the German rules page: Herrscherkarte, Ansage, Stich,
Trumpf; the Decktet's own names kept, ranks and suits translated); and the classic variant at
four players is told through the catalog too (the pseudo-locale test's other table)."""

from __future__ import annotations

import random
from typing import Any

from pondside import i18n
from pondside.engine import IllegalAction, Match
from pondside.games.decktet import card_name, card_spans, parse_card, rank_word, suit_name
from pondside.games.wildcat_chicane import GAME, WORKED_DEAL

from .test_words_catalog import offered, told

NAMES = ["Ann", "Bob", "Cid"]


def _worked_match() -> Match[Any]:
    """The worked example's deal: Ann rules with the Calamity, Bob with the Huntress, Cid with
    the Ace of Leaves; everyone bids 3; Ann leads the Chance Meeting."""
    m: Match[Any] = Match(GAME, 3, deal=WORKED_DEAL, seed=1)
    for s, a in enumerate(("rule NY", "rule NM", "rule 1L")):
        m.apply(s, a)
    return m


def test_the_decktets_names_in_german_keep_the_proper_names() -> None:
    with i18n.using("de"):
        assert card_name("8YK") == "the Betrayal"
        assert card_name("1K") == "Ass der Knoten"
        assert card_name("0") == "die Excuse"
        assert [suit_name(s) for s in "MSVLYK"] == [
            "Monde",
            "Sonnen",
            "Wellen",
            "Blätter",
            "Wyrme",
            "Knoten",
        ]
        assert [rank_word(r) for r in (1, 10, 11, 12)] == ["Ass", "Bauer", "Hof", "Krone"]
        # A German sentence's cards are read by their German names; a German name is typed.
        (span,) = card_spans("Du gewinnst Stich 1 mit Ass der Knoten (1K).")
        assert span["words"] == "Ass der Knoten"
        assert parse_card("Ass der Knoten").code == "1K"


def test_a_german_table_tells_you_and_the_others_in_whole_sentences() -> None:
    m = _worked_match()
    with i18n.using("de"):
        before = m.view(0)
        events = m.apply(0, "bid 3")
        mine = GAME.narrate(before, events, m.view(0), 0, NAMES)
        assert mine == ["Du sagst 3 Stiche an."]
        before = m.view(0)
        events = m.apply(1, "bid 1")
        assert GAME.narrate(before, events, m.view(0), 0, NAMES) == ["Bob sagt 1 Stich an."]
        m.apply(2, "bid 0")
        before = m.view(1)
        events = m.apply(0, "play 7ML")
        (line,) = GAME.narrate(before, events, m.view(1), 1, NAMES)
        assert line == "Ann spielt aus: the Chance Meeting (7ML), gelesen als Monde."
        captions = GAME.captions(m.view(0), NAMES)
        assert captions["reading"] == (
            "Du liest TOP: Die verblasste Farbe deiner Karten mit zwei Farben zählt nicht."
        )
        assert captions["bids"] == "Ansagen: 4 für 11 Stiche · 7 darunter"
        assert captions["status"] == "Warten, bis Bob spielt."


def test_a_german_refusal_and_prompt() -> None:
    m = _worked_match()
    with i18n.using("de"):
        for s in range(3):
            m.apply(s, "bid 3")
        assert m.view(0)["prompt"] == (
            "Du spielst aus: Spiel eine beliebige Karte außer einem Trumpf (Wyrme)."
        )
        m.apply(0, "play 7ML")
        try:
            GAME.apply(m.state, 1, "play 2SY")
        except IllegalAction as exc:
            said = str(exc)
        else:
            raise AssertionError("Bob must follow Moons")
        assert said.startswith("du musst die ausgespielte Farbe bedienen, Monde, so, wie du")
        assert "WC-10" in said


def test_the_hands_end_and_the_matchs_end_in_german() -> None:
    view = Match(GAME, 3, seed=1).view(None)
    with i18n.using("de"):
        lines = GAME.narrate(
            view,
            [
                {
                    "type": "hand_end",
                    "hand": 4,
                    "bids": [3, 1, 0],
                    "won": [3, 2, 6],
                    "scores": [12, 2, 0],
                    "totals": [41, 12, 3],
                },
                {"type": "match_end", "scores": [41, 12, 3], "places": [1, 2, 3]},
            ],
            view,
            1,
            NAMES,
        )
    assert lines == [
        "Runde 4 ist vorbei.",
        "Ann hatte 3 angesagt und 3 gewonnen: 12 Punkte (gesamt 41).",
        "Du hattest 1 angesagt und 2 gewonnen: 2 Punkte (gesamt 12).",
        "Cid hatte 0 angesagt und 6 gewonnen: 0 Punkte (gesamt 3).",
        "Die Partie ist vorbei: Ann gewinnt mit 41 Punkten.",
    ]


def test_classic_at_four_is_told_through_the_catalog() -> None:
    """The pseudo-locale test's match, in the classic variant (calls, WC-15) at four players."""
    rng = random.Random(7)
    found: list[str] = []
    with i18n.using(i18n.PSEUDO):
        match: Match[Any] = Match(GAME, 4, {"variant": "classic", "target": 30}, seed=7)
        before: dict[int | None, Any] = {r: match.view(r) for r in [*range(4), None]}
        for _step in range(300):
            if match.is_over():
                break
            for seat in match.to_act():
                found += offered(GAME, match, seat, rng)
            seat = rng.choice(match.to_act())
            events = match.apply(seat, rng.choice(match.legal(seat)))
            found += told(GAME, match, before, events)
        for term in GAME.terms():
            assert i18n.PSEUDO_OPEN in term["term"] and i18n.PSEUDO_OPEN in term["meaning"]
    assert not found, "\n".join(sorted(set(found))[:40])
