"""Two languages (issue 28, point 7): the catalogs, the choice of language, the pages.

The English text is the message; German's catalog is read as it is; the pseudo-locale wraps
every message so that a page's text outside the catalog shows (the browser test)."""

from __future__ import annotations

import io
import json

import pytest

from pondside import catalogs, i18n
from pondside.server.pagewords import extract_html, translated_page


def test_the_catalogs_are_in_step_with_the_sources_and_german_is_complete() -> None:
    """``python -m pondside.catalogs check``: every marked message of Python, JavaScript and HTML
    (and every game's declared words) is in the template, and translated in German."""
    assert catalogs.problems() == []


@pytest.mark.parametrize(
    ("header", "cookie", "expected"),
    [
        (None, None, "en"),
        ("de-DE,de;q=0.9,en;q=0.8", None, "de"),
        ("fr-FR,fr;q=0.9", None, "en"),  # no language of ours: English
        ("fr;q=0.9,de-AT;q=0.5", None, "de"),  # the first of ours, by quality
        ("en;q=0.1,de;q=0.9", None, "de"),
        ("de-DE", "en", "en"),  # the switch's choice wins over the browser's
        ("de-DE", "xx", "de"),  # a cookie that is not ours is ignored
        (";;;q=,,de;q=abc,*", None, "en"),  # malformed: skipped, never an error
        ("en-XA", None, i18n.PSEUDO),
    ],
)
def test_the_language_is_the_persons_choice_then_the_browsers(
    header: str | None, cookie: str | None, expected: str
) -> None:
    assert i18n.negotiate(header, cookie) == expected


def test_a_message_reads_in_the_language_of_the_person_answered() -> None:
    assert i18n._("New table") == "New table"
    with i18n.using("de"):
        assert i18n._("New table") == "Neuer Tisch"
        assert i18n._("a message no catalog has") == "a message no catalog has"
        with i18n.using(i18n.PSEUDO):
            assert i18n._("New table") == "⟦New table⟧"
        assert i18n.current() == "de"
    assert i18n.current() == "en"


def test_plural_forms_follow_the_languages_rule() -> None:
    with i18n.using("de"):
        assert i18n.ngettext("{n} player", "{n} players", 1).format(n=1) == "1 Spieler"
        assert i18n.ngettext("{n} player", "{n} players", 3).format(n=3) == "3 Spieler"
    assert i18n.ngettext("{n} player", "{n} players", 0).format(n=0) == "0 players"


def test_the_browser_gets_its_catalog_by_cldr_plural_category() -> None:
    catalog = i18n.browser_catalog("de")
    assert catalog["locale"] == "de"
    assert catalog["messages"]["Watch"] == "Zuschauen"
    assert catalog["messages"]["{n} player"] == {"one": "{n} Spieler", "other": "{n} Spieler"}
    # English needs none (its messages are the ids); the pseudo-locale wraps every one.
    assert i18n.browser_catalog("en")["messages"] == {}
    pseudo = i18n.browser_catalog(i18n.PSEUDO)["messages"]
    assert pseudo["Watch"] == "⟦Watch⟧"
    assert pseudo["{n} player"] == {"one": "⟦{n} player⟧", "other": "⟦{n} players⟧"}


PAGE = """<!doctype html>
<html lang="en"><head><title>Pondside · lobby</title></head>
<body>
  <h1 title="Your name">Welcome to the pond</h1>
  <p>Playing as <strong id="who" translate="no">Ann</strong> &amp; co</p>
  <code translate="no">pondside replay</code>
  <input placeholder="Your name"><br>
  <script>const words = "Cancel";</script>
  <p>12 · ×</p>
</body></html>
"""


def test_an_html_page_gives_its_words_to_the_catalog_but_not_names_code_or_scripts() -> None:
    found = [m for _line, _f, m, _c in extract_html(io.BytesIO(PAGE.encode()), {}, [], {})]
    assert found == [
        "Pondside · lobby",
        "Your name",
        "Welcome to the pond",
        "Playing as",
        "& co",
        "Your name",
    ]


def test_an_html_page_is_served_in_the_readers_language(tmp_path: pytest.TempPathFactory) -> None:
    path = tmp_path / "page.html"  # type: ignore[operator]
    path.write_text(PAGE, "utf-8")
    german = translated_page(path, "de").decode()
    assert '<html lang="de">' in german
    assert '<h1 title="Dein Name">Willkommen am Teich</h1>' in german
    assert '<strong id="who" translate="no">Ann</strong>' in german
    assert 'placeholder="Dein Name"' in german and "Pondside · Lobby" in german
    assert 'const words = "Cancel";' in german
    # The browser's catalog is inside the page, and no "</" of it ends the script early.
    start = german.index('<script id="pondside-i18n" type="application/json">') + 51
    body = german[start : german.index("</script>", start)]
    assert json.loads(body)["messages"]["Watch"] == "Zuschauen"
    pseudo = translated_page(path, i18n.PSEUDO).decode()
    assert '<h1 title="⟦Your name⟧">⟦Welcome to the pond⟧</h1>' in pseudo
    assert "<p>12 · ×</p>" in pseudo  # no words, nothing to translate


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"}, "de"),  # a list: the first of ours
        ({"LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),  # the first one set decides
        ({"PONDSIDE_LANG": "de", "LANG": "en_GB.UTF-8"}, "de"),
        ({"LC_MESSAGES": "de_AT.UTF-8@euro"}, "de"),
    ],
)
def test_a_terminal_speaks_the_language_of_its_environment(
    environ: dict[str, str], expected: str
) -> None:
    assert i18n.from_environment(environ) == expected


def test_a_command_speaks_german_in_a_german_terminal() -> None:
    """``pondside games`` in a terminal whose language is German."""
    from click.testing import CliRunner

    from pondside.cli import main

    try:
        result = CliRunner().invoke(main, ["games"], env={"PONDSIDE_LANG": "de"})
        assert result.exit_code == 0, result.output
        assert "Pondside-Spiele" in result.output and "Spieler" in result.output
    finally:
        i18n.use_for_process("en")


def test_the_same_english_saying_two_things_is_told_apart_by_its_context() -> None:
    """A replay's "Play" runs the moves ("Abspielen"); a table's "Play" plays cards
    ("Spielen"): gettext's message context, in Python and in the page's catalog."""
    with i18n.using("de"):
        assert i18n._("Play") == "Spielen"
        assert i18n.pgettext("replay", "Play") == "Abspielen"
    messages = i18n.browser_catalog("de")["messages"]
    assert messages["Play"] == "Spielen"
    assert messages["replay\x04Play"] == "Abspielen"
