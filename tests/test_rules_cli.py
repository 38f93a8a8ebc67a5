"""`pondside rules GAME`: the players' text in a terminal; `--rulings`: the numbered rulings."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from pondside.cli import main
from pondside.games import slugs
from pondside.server import rules_pages
from test_adding_a_game import high_card  # noqa: F401 (a game added without a how-to text)

# The terminal's language comes from the environment: the tests say theirs (English unless given).
ENGLISH: dict[str, str | None] = {
    "PONDSIDE_LANG": None,
    "LANGUAGE": None,
    "LC_ALL": None,
    "LC_MESSAGES": None,
    "LANG": "C",
}


def rules(*args: str, env: dict[str, str | None] | None = None) -> str:
    runner = CliRunner(env={**ENGLISH, **(env or {})})
    result = runner.invoke(main, ["rules", *args], terminal_width=100)
    assert result.exit_code == 0, result.output
    return result.output


def test_lame_duck_prints_the_players_text_with_its_examples_as_cards() -> None:
    out = rules("lame-duck")
    assert out.lstrip().startswith("Lame Duck")
    assert "In short" in out and "sixth card" in out
    assert "Column 1: [12] [14] [15]" in out  # a worked example, as cards
    assert "Where does the 39 go?" in out  # its caption
    assert "LD-8" not in out and "```" not in out


def test_decktet_cards_are_written_with_their_names() -> None:
    out = rules("king-of-the-quackers")
    assert "[3SK the Painter] [3LY the Savage]" in out
    assert "[1V Ace of Waves] [7VY the Cave] [8VL the Mill]" in out


def test_ladders_skip_portals_are_written_w() -> None:
    assert "Hand: [5] [W] [12] [1] [9]" in rules("ladders")


@pytest.mark.parametrize("slug", slugs())
def test_every_game_prints_both_texts(slug: str) -> None:
    players, rulings = rules(slug), rules(slug, "--rulings")
    assert "In short" in players and "In short" not in rulings
    assert players != rulings


def test_rulings_are_what_the_command_printed_before() -> None:
    out = rules("lame-duck", "--rulings")
    assert "too low" in out.lower() and "LD-8" in out


def test_an_unknown_game_names_the_games() -> None:
    result = CliRunner().invoke(main, ["rules", "snap"])
    assert result.exit_code != 0 and "lame-duck" in result.output


@pytest.mark.usefixtures("high_card")
def test_a_game_without_a_players_text_prints_what_it_has() -> None:
    out = rules("high-card")
    assert "High Card" in out
    assert not rules_pages._known("high-card")  # and no rules page: a 404, not an error


def test_lame_duck_in_german_with_lang() -> None:
    out = rules("lame-duck", "--lang", "de")
    assert out.lstrip().startswith("Lame Duck")  # the game's name stays as it is
    assert "Kurz gesagt" in out and "Die sechste Karte" in out and "In short" not in out
    assert "Spalte 1: [12] [14] [15]" in out  # an example's row label, translated
    assert "Wohin kommt die 39?" in out  # its caption
    assert "```" not in out


def test_the_environment_s_language_when_no_lang_is_given() -> None:
    assert "Kurz gesagt" in rules("ladders", env={"LANG": "de_DE.UTF-8"})
    assert "Kurz gesagt" in rules("ladders", env={"LANGUAGE": "fr:de", "LANG": "en_GB.UTF-8"})
    assert "In short" in rules("ladders", env={"LANG": "fr_FR.UTF-8"})
    # --lang wins over the environment.
    assert "In short" in rules("ladders", "--lang", "en", env={"LANG": "de_DE.UTF-8"})


def test_an_unknown_language_is_refused_with_the_choices() -> None:
    result = CliRunner(env=ENGLISH).invoke(main, ["rules", "lame-duck", "--lang", "fr"])
    assert result.exit_code != 0 and "'de'" in result.output and "'en'" in result.output
