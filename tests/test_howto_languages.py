"""The how-to-play texts in German (src/pondside/howto/de/): each is the English text's
translation, so a later edit of one shows in the other. Headings, examples' cards, links,
tables and lists are the same in both; only the words differ."""

from __future__ import annotations

import re

import pytest

from pondside import howto, i18n
from pondside.games import slugs

SLUGS = [slug for slug in slugs() if howto.has_text(slug)]


def translated(slug: str) -> tuple[str, str]:
    return howto.text(slug, "en"), howto.text(slug, "de")


def outline(markdown: str) -> list[str]:
    """The text's skeleton: each heading's level, each list item, table row and example, in
    order (the words left out)."""
    without_examples = re.sub(r"^```cards.*?^```$", "```cards", markdown, flags=re.M | re.S)
    marks = re.findall(r"^(#+ |\s*- |\s*\d+\. |\|.*|```cards)", without_examples, re.M)
    # A table row by its columns ("1st" is "1." in German), anything else by its marks.
    return [
        "|" * mark.count("|") if mark.startswith("|") else re.sub(r"[^#\-.\d`]", "", mark)
        for mark in marks
    ]


@pytest.mark.parametrize("slug", SLUGS)
def test_every_game_is_in_german(slug: str) -> None:
    assert howto.language(slug, "de") == "de"
    english, german = translated(slug)
    assert german != english
    # The games' names stay as they are.
    assert howto.title(german) == howto.title(english)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_german_text_has_the_english_headings_lists_and_tables(slug: str) -> None:
    english, german = translated(slug)
    headings = [re.findall(r"^(#+) ", text, re.M) for text in (english, german)]
    assert headings[0] == headings[1]
    assert outline(german) == outline(english)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_german_examples_show_the_same_cards(slug: str) -> None:
    english, german = translated(slug)
    ours, theirs = howto.examples(german), howto.examples(english)
    assert [[row.cards for row in ex.rows] for ex in ours] == [
        [row.cards for row in ex.rows] for ex in theirs
    ]
    # A labelled row stays labelled, a caption stays a caption: words to translate.
    assert [[bool(row.label) for row in ex.rows] for ex in ours] == [
        [bool(row.label) for row in ex.rows] for ex in theirs
    ]
    assert [bool(ex.caption) for ex in ours] == [bool(ex.caption) for ex in theirs]


@pytest.mark.parametrize("slug", SLUGS)
def test_the_german_text_has_the_same_links_and_a_short_section(slug: str) -> None:
    english, german = translated(slug)
    links = [re.findall(r"\]\(([^)]*)\)", text) for text in (english, german)]
    assert links[0] == links[1]
    with i18n.using("de"):
        assert re.search(r"^## Kurz gesagt$", german, re.M)
    points = [re.findall(r"^- ", howto.short(text), re.M) for text in (english, german)]
    assert len(points[1]) == len(points[0]) >= 5


def test_the_current_language_picks_the_text_and_english_is_the_fallback() -> None:
    with i18n.using("de"):
        assert "## Kurz gesagt" in howto.text("lame-duck")
    with i18n.using("en"):
        assert "## In short" in howto.text("lame-duck")
    # The pseudo-locale reads the English text (the rules pages mark it); so would a
    # language of ours without a translation.
    with i18n.using(i18n.PSEUDO):
        assert howto.language("lame-duck") == "en"
        assert "## In short" in howto.text("lame-duck")
    assert howto.language("lame-duck", "fr") == "en"


def test_the_terminal_text_in_german_writes_empty_rows_in_german() -> None:
    with i18n.using("de"):
        out = howto.for_terminal("down-the-drain")
    assert "Anne: (keine)" in out and "*Nach Rachels Zug:*" in out
