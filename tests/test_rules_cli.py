"""`pondside rules GAME`: the players' text in a terminal; `--rulings`: the numbered rulings."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from pondside.cli import main
from pondside.games import slugs
from pondside.server import rules_pages
from test_adding_a_game import high_card  # noqa: F401 (a game added without a how-to text)


def rules(*args: str) -> str:
    result = CliRunner().invoke(main, ["rules", *args], terminal_width=100)
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
