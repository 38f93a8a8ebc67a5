"""Ladders in German (issue 28, point 7): a match told to a German reader reads as a German card
room writes it (the glossary of the German rules page: CLIMB, RUNG, ACCENT and SKIP PORTAL keep
their names, "du" to the player), a "you" line and a name's line each whole, counts in their
plural, a refusal with its ruling; and every table of Ladders (two players, partnerships, five)
told wholly through the catalog in the pseudo-locale, as ``test_words_catalog`` plays three."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.test_words_catalog import NAMES, offered, told
from pondside import i18n
from pondside.engine import BadOption, IllegalAction, Match
from pondside.games import get_game
from pondside.games.ladders.events import Deal, MatchEnd, Play, RoundEnd
from pondside.games.ladders.narrate import narrate, prompts, terms

GAME = get_game("ladders")


def german_match(seed: int = 8) -> tuple[list[str], list[str]]:
    """A whole two-player match (one round) told in German to seat 0 and to a spectator."""
    names = ["Ann", "Bob"]
    rng = random.Random(seed)
    mine: list[str] = []
    watching: list[str] = []
    with i18n.using("de"):
        match: Match[Any] = Match(GAME, 2, seed=seed, options={"rounds": 1})
        while not match.is_over():
            seat = match.to_act()[0]
            events = match.apply(seat, rng.choice(match.legal(seat)))
            mine += GAME.narrate(None, events, match.view(0), 0, names)
            watching += GAME.narrate(None, events, match.view(None), None, names)
    return mine, watching


def test_a_match_told_in_german_speaks_to_du_and_of_names() -> None:
    mine, watching = german_match()
    # The reader's own turn and draw, a count in its plural; another's turn by name.
    assert "Du bist dran." in mine
    assert "Bob ist dran." in mine
    assert "Du ziehst 5 Karten." in mine
    # One card and several: each count in its own form.
    assert "Bob zieht 1 Karte." in mine
    assert any(line.startswith("Du beendest deinen Zug und legst ") for line in mine)
    # Another player's own pile, without a gendered possessive: "den eigenen".
    assert any(
        line.startswith("Bob beendet den Zug und legt ") and "auf den eigenen RUNG-Stapel" in line
        for line in mine
    )
    assert mine[-1].startswith("Die Partie ist vorbei: ")
    # A spectator reads names only.
    assert not any(line.startswith(("Du ", "Dein")) for line in watching)


def test_a_card_takes_the_german_article_and_case() -> None:
    start: Play = {"type": "play", "seat": 1, "from": "hand", "card": "1", "to": 0, "as": 1}
    wild: Play = {"type": "play", "seat": 0, "from": "climb", "card": "W", "to": 2, "as": 8}
    partner: Play = {
        "type": "play",
        "seat": 0,
        "from": "partner rung",
        "card": "8",
        "to": 1,
        "as": 8,
        "owner": 2,
        "rung": 1,
    }
    names = ["Ann", "Bob", "Cid", "Dee"]
    deal: Deal = {"type": "deal", "round": 2, "dealer": 1, "climb_tops": ["8", "W"]}
    with i18n.using("de"):
        assert narrate([deal], names[:2], 0, teams=False) == [
            "Runde 2: Bob gibt. Die obersten CLIMB-Karten: bei dir 8, bei Bob SKIP PORTAL."
        ]
        assert narrate([start], names, 0, teams=False) == [
            "Bob beginnt ACCENT-Stapel 1 mit einer 1 aus der eigenen Hand."
        ]
        assert narrate([wild], names, 0, teams=False) == [
            "Du spielst ein SKIP PORTAL (als 8) von deinem CLIMB auf ACCENT-Stapel 3."
        ]
        assert narrate([partner], names, 0, teams=True) == [
            "Du spielst eine 8 vom RUNG-Stapel 2 von Cid auf ACCENT-Stapel 2."
        ]
        assert narrate([partner], names, 2, teams=True) == [
            "Ann spielt eine 8 von deinem RUNG-Stapel 2 auf ACCENT-Stapel 2."
        ]


def test_a_partnership_wins_in_the_plural() -> None:
    won: RoundEnd = {
        "type": "round_end",
        "round": 1,
        "reason": "climb",
        "winners": [0, 2],
        "points": [250, 0, 250, 0],
        "totals": [250, 0, 250, 0],
        "climb_sizes": [0, 20, 0, 25],
    }
    names = ["Ann", "Bob", "Cid", "Dee"]
    with i18n.using("de"):
        assert narrate([won], names, 2, teams=True) == [
            "Du und Ann leert eure beiden CLIMB-Stapel und gewinnt Runde 1: je 250 Punkte "
            "(45 Karten in den anderen CLIMB-Stapeln übrig)."
        ]
        assert narrate([won], names, 1, teams=True) == [
            "Ann und Cid leeren ihre beiden CLIMB-Stapel und gewinnen Runde 1: je 250 Punkte "
            "(45 Karten in den anderen CLIMB-Stapeln übrig)."
        ]


def test_a_shared_first_place_takes_the_verb_of_its_subject() -> None:
    shared: MatchEnd = {"type": "match_end", "scores": [0, 0, 0], "places": [1, 1, 1]}
    names = ["Ann", "Bob", "Cid"]
    with i18n.using("de"):
        assert narrate([shared], names, 1, teams=False) == [
            "Die Partie ist vorbei: Du, Ann und Cid teilt euch den ersten Platz mit 0 Punkten."
        ]
        assert narrate([shared], names, None, teams=False) == [
            "Die Partie ist vorbei: Ann, Bob und Cid teilen sich den ersten Platz mit 0 Punkten."
        ]
    # English as before: the reader first among the seats.
    assert narrate([shared], names, 1, teams=False) == [
        "The match is over: you, Ann and Cid share first place with 0 points."
    ]


def test_refusals_are_german_with_their_ruling() -> None:
    with i18n.using("de"):
        match: Match[Any] = Match(GAME, 2, seed=3)
        waiting = 1 - match.to_act()[0]
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(match.state, waiting, "discard 5 to 0")
        assert str(refused.value) == (
            f"Platz {1 - waiting} ist am Zug, nicht Platz {waiting} (LA-4)"
        )
        with pytest.raises(BadOption, match="Spiele sie mit 4 Spielern"):
            GAME.options(3, {"teams": True})


def test_the_page_words_are_german() -> None:
    with i18n.using("de"):
        said = prompts()
        assert said["score row"].format(round=2) == "Runde 2"
        assert said["turn"].startswith("Du bist dran: Baue die ACCENT-Stapel auf")
        # The rulebook's names stay, their meanings are German.
        assert [t["term"] for t in terms()] == ["CLIMB", "RUNG", "ACCENT", "SKIP PORTAL"]
        assert terms()[3]["meaning"].startswith("der Joker")
        match: Match[Any] = Match(GAME, 4, seed=2, options={"teams": True})
        me = match.to_act()[0]
        captions = GAME.captions(match.view(me), NAMES[:4])
        assert captions[f"piles {me}"] == "Deine Stapel"
        assert (
            captions[f"piles {(me + 2) % 4}"]
            == f"Stapel von {NAMES[(me + 2) % 4]} (spielt mit dir)"
        )
        assert captions["partner note"] == "du darfst ihre obersten Karten spielen"


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (4, {"teams": True}), (5, {"rounds": 1})],
    ids=["two", "partnerships", "five"],
)
def test_every_table_is_told_through_the_catalog(players: int, options: dict[str, Any]) -> None:
    rng = random.Random(players)
    found: list[str] = []
    with i18n.using(i18n.PSEUDO):
        match: Match[Any] = Match(GAME, players, seed=players, options=options)
        before = {r: match.view(r) for r in [*range(players), None]}
        for _step in range(600):
            if match.is_over():
                break
            seat = match.to_act()[0]
            found += offered(GAME, match, seat, rng)
            events = match.apply(seat, rng.choice(match.legal(seat)))
            found += told(GAME, match, before, events)
        found += [f"term {t}" for t in terms() if i18n.PSEUDO_OPEN not in t["meaning"]]
        found += [f"prompt {k}" for k, v in prompts().items() if not v.startswith("⟦")]
    assert not found, "\n".join(sorted(set(found))[:40])
