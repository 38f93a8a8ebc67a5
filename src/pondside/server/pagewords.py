"""The words of the HTML pages, in the reader's language.

The pages (``static/*.html``) are written in English, as plain HTML a designer can open; each
text between tags and each attribute a person reads (``title``, ``aria-label``, ``placeholder``,
``alt``) is a catalog message. :func:`extract_html` gives them to the catalog (a Babel
extraction method), and :func:`translated_page` serves a page with them translated, its
``lang`` set and the browser's catalog inside (``static/i18n.js`` reads it): one request, no
second round trip before the page can speak.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import IO, Any

import orjson

from pondside import i18n

READ_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
"""The attributes whose values a person reads (a screen reader's, a tooltip's)."""
SKIPPED = ("script", "style")
# Elements with no end tag.
VOID = frozenset(
    {
        "area", "base", "br", "col", "embed", "hr", "img",
        "input", "link", "meta", "source", "track", "wbr",
    }
)  # fmt: skip
_SPACE = re.compile(r"\s+")
_WORDS = re.compile(r"[^\W\d_]", re.UNICODE)
"""Text with at least one letter is words; "·", "×", "12" are not."""


def message_of(text: str) -> str | None:
    """The catalog message of a text between tags (its spaces as the browser shows them), or
    None when it has no words."""
    said = _SPACE.sub(" ", text).strip()
    return said if _WORDS.search(said) else None


class _Walker(HTMLParser):
    """Visits a page's text and read attributes; :class:`_Translator` rewrites them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.skipping = 0
        # The open elements that keep their words as they are (a script, a command's name,
        # anything marked translate="no"), by tag: closed by the matching end tag.
        self.kept: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        keep = tag in SKIPPED or ("translate", "no") in attrs
        if keep and tag not in VOID:
            self.kept.append(tag)
            self.skipping += 1
        self.start(tag, [] if keep else attrs, self.get_starttag_text() or "", closed=False)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        keep = ("translate", "no") in attrs
        self.start(tag, [] if keep else attrs, self.get_starttag_text() or "", closed=True)

    def handle_endtag(self, tag: str) -> None:
        if self.kept and self.kept[-1] == tag:
            self.kept.pop()
            self.skipping -= 1
        self.other(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        if self.skipping:
            self.other(data)
        else:
            self.text(data)

    def handle_comment(self, data: str) -> None:
        self.other(f"<!--{data}-->")

    def handle_decl(self, decl: str) -> None:
        self.other(f"<!{decl}>")

    def start(self, tag: str, attrs: list[tuple[str, str | None]], raw: str, closed: bool) -> None:
        self.other(raw)

    def text(self, data: str) -> None:
        self.other(html.escape(data, quote=False))

    def other(self, raw: str) -> None:
        pass


class _Collector(_Walker):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[int, str]] = []

    def start(self, tag: str, attrs: list[tuple[str, str | None]], raw: str, closed: bool) -> None:
        for name, value in attrs:
            if name in READ_ATTRIBUTES and value and (said := message_of(value)):
                self.found.append((self.getpos()[0], said))

    def text(self, data: str) -> None:
        said = message_of(data)
        if said:
            self.found.append((self.getpos()[0], said))


def extract_html(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """A Babel extraction method: each message of an HTML page, with its line."""
    collector = _Collector()
    collector.feed(fileobj.read().decode("utf-8"))
    collector.close()
    for lineno, message in collector.found:
        yield lineno, "t", message, []


class _Translator(_Walker):
    def __init__(self, locale: str, catalog: str) -> None:
        super().__init__()
        self.locale = locale
        self.catalog = catalog
        self.out: list[str] = []

    def say(self, message: str) -> str:
        return i18n.translations(self.locale).gettext(message)

    def start(self, tag: str, attrs: list[tuple[str, str | None]], raw: str, closed: bool) -> None:
        read = [n for n, v in attrs if n in READ_ATTRIBUTES and v and message_of(v)]
        if tag != "html" and not read:
            self.out.append(raw)
            return
        parts = [tag]
        for name, value in attrs:
            if tag == "html" and name == "lang":
                value = "en" if self.locale == i18n.PSEUDO else self.locale
            elif name in read and value is not None:
                value = self.say(message_of(value) or value)
            parts.append(name if value is None else f'{name}="{html.escape(value)}"')
        self.out.append(f"<{' '.join(parts)}{' /' if closed else ''}>")

    def text(self, data: str) -> None:
        said = message_of(data)
        if said is None:
            self.out.append(html.escape(data, quote=False))
            return
        lead = data[: len(data) - len(data.lstrip())]
        trail = data[len(data.rstrip()) :]
        self.out.append(lead + html.escape(self.say(said), quote=False) + trail)

    def other(self, raw: str) -> None:
        if raw == "</head>":
            # The catalog as JSON in the page; "</" never ends the script early.
            self.out.append(
                '<script id="pondside-i18n" type="application/json">'
                + self.catalog.replace("</", "<\\/")
                + "</script>\n"
            )
        self.out.append(raw)


@cache
def _page(path: Path, mtime: float, locale: str) -> bytes:
    catalog = orjson.dumps(i18n.browser_catalog(locale)).decode()
    translator = _Translator(locale, catalog)
    translator.feed(path.read_text("utf-8"))
    translator.close()
    return "".join(translator.out).encode()


def translated_page(path: Path, locale: str) -> bytes:
    """The page at ``path`` in ``locale`` (made once per page, language and edit)."""
    return _page(path, path.stat().st_mtime, locale if i18n.known(locale) else i18n.DEFAULT)
