"""How to play each game, written for players: one Markdown file per game slug.

The web pages (``/rules/<slug>``), the table's how-to dialog and ``pondside rules GAME`` all
read these files. Each opens with ``# Title`` and an ``## In short`` section (the few bullet
points the table's dialog shows), then the full rules in plain words.

A worked example is drawn with the table's own cards: a fenced block whose info string is
``cards``, optionally followed by a caption, holding one row of card codes per line in the
game's notation (shared/protocol.md), each row optionally labelled before a colon::

    ```cards The columns after the turn
    Column 0: 12 14 15
    Column 1: 37
    ```

Each text is written in English and translated whole, as ``de/<slug>.md`` (a language's folder
by its code): a translation keeps the English file's headings, its examples' cards and its links,
and only words change (a test compares them). :func:`text` reads the current language's file
(``pondside.i18n.current()``), and English where a language has none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from pondside import i18n
from pondside.games import get_game
from pondside.games.decktet import parse_card
from pondside.i18n import N_, _

CARDS = "cards"  # the fence's info word that marks an example
SHORT = N_("In short")  # the heading of the section the table's dialog shows, in English
DECKTET_GAMES = ("king-of-the-quackers", "wildcat-chicane")

_FENCE = re.compile(r"^```cards(?P<caption>[^\n]*)\n(?P<body>.*?)^```[ \t]*$", re.M | re.S)


@dataclass(frozen=True)
class Row:
    """One row of an example: a label (``Column 0``, ``Hand``) or ``""``, and its card codes."""

    label: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Example:
    """A ``cards`` block: its rows and its caption (``""`` when it has none)."""

    rows: tuple[Row, ...]
    caption: str

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(code for row in self.rows for code in row.cards)

    @staticmethod
    def parse(body: str, caption: str = "") -> Example:
        """The example of a block's body and the rest of its info string.

        >>> ex = Example.parse("Column 0: 12 14\\nHand: 5 W\\n", " Before the turn")
        >>> ex.caption, ex.rows[1]
        ('Before the turn', Row(label='Hand', cards=('5', 'W')))
        """
        rows = []
        for line in body.splitlines():
            if not line.strip():
                continue
            label, _, codes = line.rpartition(":")
            rows.append(Row(label.strip(), tuple(codes.split())))
        return Example(tuple(rows), caption.strip())


def has_text(slug: str) -> bool:
    """Whether ``slug`` has a how-to-play text (a newly added game may not have one yet)."""
    return resources.files(__name__).joinpath(f"{get_game(slug).info.slug}.md").is_file()


def language(slug: str, locale: str | None = None) -> str:
    """The language ``slug``'s text is read in for ``locale`` (the current language unless
    given): its own where it has a translation, else English (the pseudo-locale reads the
    English text; the rules pages mark it)."""
    locale = i18n.current() if locale is None else locale
    slug = get_game(slug).info.slug
    if (
        locale in i18n.LOCALES
        and resources.files(__name__).joinpath(locale, f"{slug}.md").is_file()
    ):
        return locale
    return i18n.DEFAULT


def text(slug: str, locale: str | None = None) -> str:
    """The Markdown of ``slug``'s how-to-play text in ``locale`` (the current language unless
    given; English where it has no translation); ``UnknownGame`` for a game there is not."""
    slug = get_game(slug).info.slug
    return _read(slug, language(slug, i18n.current() if locale is None else locale))


@cache
def _read(slug: str, lang: str) -> str:
    folder = resources.files(__name__)
    if lang != i18n.DEFAULT:
        folder = folder.joinpath(lang)
    return folder.joinpath(f"{slug}.md").read_text(encoding="utf-8")


def title(markdown: str) -> str:
    """The text's first-level heading."""
    match = re.search(r"^# (.+)$", markdown, re.M)
    return match.group(1).strip() if match else ""


@cache
def _short_headings() -> str:
    # "In short" as each language's text says it (the catalog has the heading's translations).
    said = {SHORT} | {i18n.translations(locale).gettext(SHORT) for locale in i18n.LOCALES}
    return "|".join(re.escape(heading) for heading in sorted(said))


def short(markdown: str) -> str:
    """The body of the ``## In short`` section, in the text's language (without its heading)."""
    match = re.search(
        rf"^## (?:{_short_headings()})[ \t]*\n(.*?)(?=^## |\Z)", markdown, re.M | re.S
    )
    return match.group(1).strip() + "\n" if match else ""


def examples(markdown: str) -> list[Example]:
    """Every ``cards`` example of a text, in order."""
    return [Example.parse(m["body"], m["caption"]) for m in _FENCE.finditer(markdown)]


def card_label(slug: str, code: str) -> str:
    """A card as text, for a terminal: ``[55]``, ``[W]``, ``[8YK the Betrayal]``."""
    if slug in DECKTET_GAMES:
        card = parse_card(code)
        return f"[{card.code} {card.name}]"
    return f"[{code}]"


def for_terminal(slug: str) -> str:
    """The text in the current language with each example written as card labels, for rich's
    Markdown renderer."""

    def written(match: re.Match[str]) -> str:
        ex = Example.parse(match["body"], match["caption"])
        lines = []
        for row in ex.rows:
            cards = " ".join(card_label(slug, c) for c in row.cards) or _("(none)")
            lines.append(f"{row.label}: {cards}" if row.label else cards)
        block = "```text\n" + "\n".join(lines) + "\n```\n"
        caption = ex.caption if ex.caption[-1:] in ("?", "!", ".", ":") else ex.caption + ":"
        return (f"*{caption}*\n\n" if ex.caption else "") + block

    return _FENCE.sub(written, text(slug))
