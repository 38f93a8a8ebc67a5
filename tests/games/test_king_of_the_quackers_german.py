"""King of the Quackers in German (issue 28, point 7): a match told to a German table reads as
the German rules page writes the game (Spiel, Runde, ausspielen, passen, hinausgehen), each
person's sentence whole ("Du passt.", "Bob passt."), counts in their plural forms, refusals
in German with the ruling's code kept."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from pondside import i18n
from pondside.engine import IllegalAction, Match, Speaker
from pondside.games import get_game
from pondside.games.king_of_the_quackers import narrate

GAME = get_game("king-of-the-quackers")
NAMES = ["Ann", "Bob", "Cid", "Dee"]
ENGLISH = re.compile(r"\bYou\b|\byou\b| passes\b| leads\b| plays\b| left\)|\bHand \d|promise|round")
"""Words of the English sentences that a German line never holds (the Decktet's card names,
proper names kept in English by the German rules, hold none of them)."""


def told_in_german(players: int, options: dict[str, Any], seed: int) -> dict[int | None, list[str]]:
    """Every line of a whole match as each seat and a spectator read it, in German."""
    rng = random.Random(seed)
    lines: dict[int | None, list[str]] = {r: [] for r in [*range(players), None]}
    with i18n.using("de"):
        match: Match[Any] = Match(GAME, players, options=options, seed=seed)
        before = {r: match.view(r) for r in lines}
        while not match.is_over():
            seat = rng.choice(match.to_act())
            legal = match.legal(seat)
            plays = [a for a in legal if a != "pass"]
            events = match.apply(seat, rng.choice(plays if plays and rng.random() < 0.7 else legal))
            for r in lines:
                after = match.view(r)
                lines[r] += GAME.narrate(before[r], events, after, r, NAMES[:players])
                before[r] = after
    return lines


@pytest.fixture(scope="module")
def match_lines() -> dict[int | None, list[str]]:
    return told_in_german(4, {"bidding": True, "target": 20}, 3)


def test_you_and_a_name_each_have_their_own_sentence(match_lines: dict[int | None, list[str]]):
    assert "Du passt." in match_lines[1]
    assert "Bob passt." in match_lines[0]
    assert "Bob passt." in match_lines[None]
    assert any(
        re.fullmatch(r"Du gibst .+ an Bob und .+ an Dee weiter\.", li) for li in match_lines[0]
    )
    assert any(
        li.startswith("Die gewählten Karten wechseln die Hand. Du bekommst ")
        for li in match_lines[2]
    )


def test_a_whole_match_reads_in_german(match_lines: dict[int | None, list[str]]):
    lines = [li for told in match_lines.values() for li in told]
    assert any(re.match(r"Spiel \d+ ist vorbei: ", li) for li in lines)
    assert any(
        re.search(r" ist als \d+\. hinausgegangen|geht als \d+\. hinaus!", li) for li in lines
    )
    assert any(li.startswith("Die Partie ist vorbei: ") for li in lines)
    english = [li for li in lines if ENGLISH.search(li)]
    assert not english, english[:5]


def test_counts_take_their_plural_forms():
    with i18n.using("de"):
        assert narrate.played_words(1, False) == "1 Karte in diesem Spiel gespielt."
        assert narrate.played_words(3, False) == "3 Karten in diesem Spiel gespielt."
        assert narrate.played_words(0, True).startswith("In diesem Spiel ist noch keine Karte")
        sp = Speaker(NAMES, 0)
        one = {"seat": 1, "action": "play 5ML", "cards": ["5ML"], "kind": "single", "left": 1}
        assert narrate.play_line(sp, one, None, True).endswith("(noch 1 Karte).")
        assert narrate.play_line(sp, {**one, "left": 4}, None, True).startswith(
            "Bob eröffnet mit 5ML the Forest — 5 ("
        )
        assert narrate.play_line(sp, {**one, "left": 4}, None, True).endswith("(noch 4 Karten).")


def test_a_refusal_is_german_and_keeps_its_ruling():
    with i18n.using("de"):
        match: Match[Any] = Match(GAME, 3, seed=1)
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(match.state, 0, "pass")
        assert str(refused.value) == (
            "zuerst gibt jeder Spieler zwei Karten weiter: 'give LINKS RECHTS' (KQ-5)"
        )
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(match.state, 0, "bogus")
        assert str(refused.value).startswith(
            "'bogus' ist keine Aktion: schreib 'give LINKS RECHTS'"
        )


def test_the_offered_actions_read_in_german():
    with i18n.using("de"):
        match: Match[Any] = Match(GAME, 3, seed=1)
        labels = GAME.labels(match.view(0), NAMES[:3], match.state)
        give = labels["actions"][0]["label"]
        assert re.fullmatch(r"gib .+ \(\w+\) an Bob, .+ \(\w+\) an Cid", give), give
        captions = GAME.captions(match.view(0), NAMES[:3])
        assert captions["pass"] == "Gib zwei Karten weiter: Wähle eine für jeden Nachbarn."
        assert captions["status"].startswith("Wähle eine Karte für Bob links von dir")
