"""Two languages: every sentence a person reads goes through one message catalog.

The English text is the message id (gettext's convention, as Babel's and every Python web
framework's catalogs are): English needs no catalog, and a message not yet translated reads in
English rather than as a key. German's catalog is ``locale/de/LC_MESSAGES/pondside.po``, read
as it is (no compiled ``.mo`` to keep in step: it is compiled in memory once per process).

- Python marks a message with :func:`_` (translated now, in the language of the person being
  answered: :func:`using`), :func:`ngettext` (a count's plural form, by the language's own
  rule) or :func:`N_` (a constant: marked for the catalog, translated where it is shown).
- The browser gets the catalog of its page's language with the page (:func:`browser_catalog`),
  and ``static/i18n.js`` reads it: ``t("…")`` and ``tn("…", "…", n)``.
- HTML pages are written in English and translated as they are served
  (``pondside.server.pagewords``).
- The pseudo-locale :data:`PSEUDO` wraps every catalog message in ``⟦…⟧``: a page shown in it
  has every word of ours inside the markers, so a browser test finds any text that bypasses
  the catalog.

The catalogs are kept by ``python -m pondside.catalogs`` (``pondside.catalogs``).
"""

from __future__ import annotations

import gettext as _gettext
import io
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

DEFAULT = "en"
"""The language of the message ids, and of a person whose browser names no language of ours."""
LOCALES: dict[str, str] = {"en": "English", "de": "Deutsch"}
"""The languages of the site, each by its own name (a switch offers them so)."""
PSEUDO = "en-XA"
"""The pseudo-locale (CLDR's code for pseudo-accents): every message wrapped in markers."""
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"
DOMAIN = "pondside"
LOCALE_DIR = Path(__file__).with_name("locale")
COOKIE = "pondside_lang"
"""The cookie that remembers a person's choice of language (set by the page's switch)."""

_current: ContextVar[str] = ContextVar("pondside_locale", default=DEFAULT)


def known(locale: str | None) -> bool:
    return locale in LOCALES or locale == PSEUDO


def template_path() -> Path:
    return LOCALE_DIR / f"{DOMAIN}.pot"


def catalog_path(locale: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale, domain=DOMAIN)


@cache
def translations(locale: str) -> _gettext.NullTranslations:
    """The translations of ``locale``: none for English (the ids are English), every message
    wrapped for the pseudo-locale, else its catalog compiled in memory."""
    if locale == PSEUDO:
        return _Pseudo()
    if locale == DEFAULT or locale not in LOCALES:
        return _gettext.NullTranslations()
    catalog = read_catalog(catalog_path(locale), locale)
    buffer = io.BytesIO()
    # Fuzzy entries are a translator's guess, not yet a translation: left out as gettext does.
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return _gettext.GNUTranslations(buffer)


class _Pseudo(_gettext.NullTranslations):
    """Every message wrapped in ⟦…⟧, placeholders kept, so text outside the catalog shows."""

    def gettext(self, message: str) -> str:
        return f"{PSEUDO_OPEN}{message}{PSEUDO_CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)


def current() -> str:
    """The language of the person being answered now."""
    return _current.get()


@contextmanager
def using(locale: str) -> Iterator[None]:
    """Speak ``locale`` inside the block (a request's, a connection's, a command's)."""
    token = _current.set(locale if known(locale) else DEFAULT)
    try:
        yield
    finally:
        _current.reset(token)


def _(message: str) -> str:
    """``message`` in the current language."""
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the current language (German and
    English both have two forms; the catalog's plural rule says which)."""
    return translations(_current.get()).ngettext(singular, plural, n)


def number(value: float, digits: int = 1) -> str:
    """``value`` with ``digits`` after the decimal mark, as the current language writes it
    (``1.5`` in English, ``1,5`` in German), the pages' ``num()`` in Python.

    >>> number(1.25, 1), number(3, 0)
    ('1.2', '3')
    """
    locale = _current.get()
    return format_decimal(
        value,
        format="0" + ("." + "0" * digits if digits > 0 else ""),
        locale=DEFAULT if locale == PSEUDO else locale,
        decimal_quantization=True,
    )


def whole(value: int) -> str:
    """A count with the current language's grouping (``2,000`` in English, ``2.000`` in
    German).

    >>> whole(1998)
    '1,998'
    """
    locale = _current.get()
    return format_decimal(value, locale=DEFAULT if locale == PSEUDO else locale)


def percent(share: float) -> str:
    """``share`` (0 to 1) as a whole percentage, as the current language writes it (``66%`` in
    English, ``66 %`` in German): a sentence takes it whole, so no ``%`` stands in a message.

    >>> percent(0.657)
    '66%'
    """
    locale = _current.get()
    return format_percent(share, locale=DEFAULT if locale == PSEUDO else locale)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where the same English says two things: the
    ``context`` tells them apart (a replay's "Play" runs the moves, a table's plays cards)."""
    return translations(_current.get()).pgettext(context, message)


def N_(message: str) -> str:
    """Marks a constant for the catalog; it is translated where it is shown, with :func:`_`."""
    return message


# --- choosing the language -------------------------------------------------------------------
_QUALITY = re.compile(
    r"\s*([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)\s*(?:;\s*q\s*=\s*([0-9]+(?:\.[0-9]*)?)\s*)?"
)


def preferred(accept_language: str | None) -> list[str]:
    """The languages of an ``Accept-Language`` header, most wanted first (RFC 9110, 12.5.4);
    anything malformed is skipped, never an error (the header is the client's)."""
    found: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept_language or "")[:1000].split(",")[:32]):
        match = _QUALITY.fullmatch(part)
        if not match or match.group(1) == "*":
            continue
        try:
            q = float(match.group(2)) if match.group(2) else 1.0
        except ValueError:
            continue
        if q > 0:
            found.append((-q, i, match.group(1)))
    return [tag for _q, _i, tag in sorted(found)]


def negotiate(accept_language: str | None = None, chosen: str | None = None) -> str:
    """The language to speak: the person's own choice (the switch's cookie, a ``?lang=``) when
    it is one of ours, else the first of the browser's languages we have, else English."""
    if chosen is not None and known(chosen):
        return chosen
    for tag in preferred(accept_language):
        if tag == PSEUDO:
            return PSEUDO
        best = Locale.negotiate([tag], list(LOCALES), sep="-")
        if best is not None:
            return str(best)
    return DEFAULT


ENVIRONMENT = ("PONDSIDE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where a terminal's language is read, first found first (gettext's order, after our own)."""


def from_environment(environ: Mapping[str, str]) -> str:
    """The terminal's language: the first of :data:`ENVIRONMENT` that is set, as gettext reads
    it ("de_DE.UTF-8", "de:en": a list, the first of ours wins), else English. "C" and
    "POSIX" mean no language: English."""
    for name in ENVIRONMENT:
        value = environ.get(name, "")
        if not value:
            continue
        for part in value.split(":"):
            tag = part.split(".")[0].split("@")[0].replace("_", "-")
            if tag in ("C", "POSIX", ""):
                continue
            if known(tag):
                return tag
            best = Locale.negotiate([tag], list(LOCALES), sep="-")
            if best is not None:
                return str(best)
        return DEFAULT  # the first variable set decides, as gettext's does
    return DEFAULT


def use_for_process(locale: str) -> None:
    """Speak ``locale`` from now on in this process's main flow (a command's, a terminal's)."""
    _current.set(locale if known(locale) else DEFAULT)


# --- the browser's catalog -------------------------------------------------------------------
def _plural_categories(locale: str, translate: _gettext.NullTranslations) -> dict[str, int]:
    """Which of the catalog's plural forms each of CLDR's categories takes (the browser picks
    the category with ``Intl.PluralRules``): a sample number of each category, asked of the
    catalog's own rule."""
    try:
        rule = Locale.parse(locale.replace("-", "_")).plural_form
    except (UnknownLocaleError, ValueError):
        rule = Locale.parse(DEFAULT).plural_form
    forms: dict[str, int] = {}
    for n in range(0, 200):
        category = rule(n)
        if category not in forms:
            pick = getattr(translate, "plural", None)
            forms[category] = int(pick(n)) if pick is not None else (0 if n == 1 else 1)
    return forms


@cache
def browser_catalog(locale: str) -> dict[str, Any]:
    """What a page needs to speak ``locale``: the translations of the messages of the
    browser's own scripts (``static/*.js``), and the plural forms by CLDR category."""
    if not known(locale):
        locale = DEFAULT
    translate = translations(locale)
    template = read_catalog(template_path())
    messages: dict[str, Any] = {}
    categories = _plural_categories(DEFAULT if locale == PSEUDO else locale, translate)
    for message in template:
        if not message.id or not any(str(f).endswith(".js") for f, _line in message.locations):
            continue
        if isinstance(message.id, tuple | list):
            one, many = message.id[0], message.id[1]
            forms = {cat: _plural_form(translate, one, many, i) for cat, i in categories.items()}
            if locale != DEFAULT:
                messages[one] = forms
        elif locale != DEFAULT and message.context:
            # Keyed as gettext keys it: the context, EOT, the message (i18n.js's tc()).
            said = translate.pgettext(message.context, message.id)
            if said != message.id:
                messages[f"{message.context}\x04{message.id}"] = said
        elif locale != DEFAULT:
            said = translate.gettext(message.id)
            if said != message.id:
                messages[message.id] = said
    return {"locale": locale, "lang": locale, "messages": messages}


def plural_forms(one: str, many: str) -> dict[str, str]:
    """A message with a count, in every plural form of the current language, by CLDR category
    ("one", "other": what ``Intl.PluralRules`` answers): a page picks the form for any count
    it has itself (a column's ducks mid-animation), where a sentence made here has the count
    already. The catalog takes the pair from here as from ``ngettext``."""
    locale = _current.get()
    translate = translations(locale)
    categories = _plural_categories(DEFAULT if locale == PSEUDO else locale, translate)
    return {cat: _plural_form(translate, one, many, i) for cat, i in categories.items()}


def _plural_form(translate: _gettext.NullTranslations, one: str, many: str, index: int) -> str:
    """The catalog's ``index``-th plural form of a message (gettext asks by number, not by
    index: a number that picks that index is found)."""
    pick = getattr(translate, "plural", None)
    for n in range(0, 200):
        chosen = int(pick(n)) if pick is not None else (0 if n == 1 else 1)
        if chosen == index:
            return translate.ngettext(one, many, n)
    return translate.ngettext(one, many, 2)
