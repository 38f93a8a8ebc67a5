"""Down the Drain in German (issue 28, point 7): a few steps of a table read as a German card
room writes them ("du" to the player, the rules page's words: anschließen, schlagen, den
Abfluss hinunter, durchgebracht), and whole matches in the pseudo-locale at more player counts
and as a series than the test over every game plays."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from rich.console import Console

from games.test_words_catalog import offered, told
from pondside import i18n
from pondside.engine import BadDeal, IllegalAction, Match
from pondside.games.down_the_drain import DECK, GAME
from pondside.games.down_the_drain.narrate import deck_words, narrate
from pondside.tui import get_ui

NAMES = ["Ann", "Bob", "Cid"]
ANN, BOB, CID = 0, 1, 2


def table() -> Match[Any]:
    """Ann starts; Ann holds a 3 and a 10, Bob a 2, Cid a 10 and high cards."""
    hands = [[3, 10, 4, 5, 6, 7], [2, 4, 5, 6, 7, 8], [10, 12, 13, 14, 15, 16]]
    left = Counter(DECK)
    left.subtract(c for h in hands for c in h)
    deal = {"hands": hands, "stack": sorted(left.elements()), "start": ANN}
    return Match(GAME, 3, deal=deal, seed=1)


def step(match: Match[Any], seat: int, action: str) -> dict[int, list[str]]:
    """The lines of one action as each seat reads them."""
    before = {r: match.view(r) for r in range(3)}
    events = match.apply(seat, action)
    return {r: GAME.narrate(before[r], events, match.view(r), r, NAMES) for r in range(3)}


def test_a_table_reads_in_german_to_you_and_about_the_others() -> None:
    m = table()
    with i18n.using("de"):
        said = step(m, ANN, "play 3")
        assert said[ANN] == ["Du spielst eine 3."]
        assert said[BOB] == ["Ann spielt eine 3."]
        step(m, BOB, "play 2")
        # Cid's turn: every card of his hand beats a group now (a plural of the status line).
        status = GAME.captions(m.view(CID), NAMES)["status"]
        assert status == "Du bist dran: Wähle eine Karte; 6 deiner Karten schlagen eine Gruppe."
        label = GAME.labels(m.view(CID), NAMES, m.state)["actions"][0]
        assert (label["label"], label["effect"]) == ("10 spielen", "→ 10 wert; schlägt Ann und Bob")
        said = step(m, CID, "play 10")
        assert said[ANN] == [
            "Cid spielt eine 10.",
            "Sie schlägt deine 3 und die 2 von Bob: den Abfluss hinunter.",
            "Du und Bob zieht je eine Karte vom Stapel.",
        ]
        assert said[CID][2] == "Ann und Bob ziehen je eine Karte vom Stapel."
        said = step(m, ANN, "play 10")
        assert said[ANN] == [
            "Du spielst eine 10 und schließt dich der 10 von Cid an: zwei 10er, 20 wert."
        ]
        assert said[CID] == [
            "Ann spielt eine 10 und schließt sich deiner 10 an: zwei 10er, 20 wert."
        ]
        captions = GAME.captions(m.view(BOB), NAMES)
        assert captions["group 10"] == (
            "wird im Zug von Cid durchgebracht, wenn sie nicht vorher geschlagen wird"
        )
        assert (
            captions["status"]
            == "Du bist dran: Wähle eine Karte; keine deiner Karten schlägt eine Gruppe."
        )


def test_a_refusal_reads_in_german_with_its_ruling() -> None:
    m = table()
    with i18n.using("de"), pytest.raises(IllegalAction) as refused:
        m.apply(ANN, "play 20")
    assert str(refused.value) == "Platz 0 hat keine 20 (DD-4)"
    with i18n.using("de"), pytest.raises(IllegalAction) as refused:
        m.apply(CID, "play 10")
    assert str(refused.value) == "Platz 0 ist am Zug, nicht Platz 2 (DD-4)"


def test_a_series_deals_and_counts_in_german() -> None:
    after = {"options": {"games": 2}, "hand_sizes": [6, 6, 6]}
    deal = [{"type": "deal", "game": 2, "start": BOB}]
    with i18n.using("de"):
        assert narrate(None, deal, after, NAMES, ANN) == [  # type: ignore[arg-type]
            "Spiel 2 wird gegeben, je 6 Karten: Bob spielt zuerst."
        ]
        assert narrate(None, deal, after, NAMES, BOB) == [  # type: ignore[arg-type]
            "Spiel 2 wird gegeben, je 6 Karten: Du spielst zuerst."
        ]
        assert deck_words().startswith("90 Karten: sechzehn 2er, zwölf 3er, neun 4er")
        assert deck_words().endswith("und je eine von 16 bis 20.")
    # English is the message ids, unchanged.
    assert deck_words().startswith("90 cards: sixteen 2s, twelve 3s, nine 4s")


@pytest.mark.parametrize(("players", "games"), [(4, 2), (5, 1)])
def test_whole_matches_are_told_through_the_catalog(players: int, games: int) -> None:
    rng = random.Random(players)
    found: list[str] = []
    with i18n.using(i18n.PSEUDO):
        match: Match[Any] = Match(GAME, players, {"games": games}, seed=players)
        before = {r: match.view(r) for r in [*range(players), None]}
        while not match.is_over():
            seat = match.to_act()[0]
            if match.state.plays % 7 == 0:  # every seventh decision: its labels and refusals
                found += offered(GAME, match, seat, rng)
            events = match.apply(seat, rng.choice(match.legal(seat)))
            found += told(GAME, match, before, events)
    assert not found, "\n".join(sorted(set(found))[:40])


def test_a_deal_that_is_not_one_is_refused_in_german() -> None:
    hands = [[2] * 6] * 3
    with i18n.using("de"), pytest.raises(BadDeal) as refused:
        Match(GAME, 3, deal={"hands": hands, "stack": [], "start": 9}, seed=1)
    assert str(refused.value) == "start ist der Platz, der zuerst spielt, 0 bis 2; nicht 9"
    with i18n.using("de"), pytest.raises(BadDeal) as refused:
        Match(GAME, 3, deal={"hands": hands, "stack": [], "start": 0}, seed=1)
    assert str(refused.value) == "der Deal enthält 18 Karten mit 2; das Deck hat 16 (DD-1)"


def test_the_terminal_table_speaks_german() -> None:
    console = Console(record=True, width=80)
    m = table()
    with i18n.using("de"):
        ui = get_ui(GAME, NAMES, me=ANN)  # its legend in the terminal's language
        ui.render(console, m.view(ANN))
        ui.show_help(console, m.view(ANN), m.legal(ANN))
    text = console.export_text()
    assert "Down the Drain · Zugrunde 1" in text
    assert "Stapel: 72 Karten · Ablagestapel (0): leer" in text
    assert "Deine Hand: Tippe eine Karte, um sie zu spielen" in text
    assert "Spieler" in text and "gehalten" in text and "▶ am Zug" in text
    assert "vor sich: die Karte eines Spielers" in text
