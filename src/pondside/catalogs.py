"""The message catalogs kept in step with the sources (the maintainers' commands).

``python -m pondside.catalogs extract`` writes the template (``locale/pondside.pot``) from the
sources, ``update`` merges it into each language's catalog, ``check`` says what is out of step
or untranslated and fails then (``tests/test_i18n.py`` runs it). The runtime is
``pondside.i18n``.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog

from pondside.i18n import DEFAULT, DOMAIN, LOCALES, catalog_path, read_catalog, template_path

SOURCES = Path(__file__).parent
PYTHON_KEYWORDS: Mapping[str, Any] = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "plural_forms": (1, 2),
    "pgettext": ((1, "c"), 2),
}
BROWSER_KEYWORDS: Mapping[str, Any] = {"t": None, "tn": (1, 2), "tc": ((1, "c"), 2)}
PASSES: list[tuple[list[tuple[str, str]], Mapping[str, Any]]] = [
    ([("**.py", "python")], PYTHON_KEYWORDS),
    (
        [
            ("**/static/**.js", "javascript"),
            ("**/static/**.html", "pondside.server.pagewords:extract_html"),
        ],
        BROWSER_KEYWORDS,
    ),
    ([("games/__init__.py", "pondside.catalogs:extract_declarations")], PYTHON_KEYWORDS),
]
"""Python's and the browser's sources, each with its own names for the marks (a Python
function called ``t`` is not a message), and the games' declarations."""


def extract_declarations(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """A Babel extraction method: the words each game declares (its name, summary, options:
    ``pondside.server.gamefacts.declared_words``), read from the games themselves."""
    from pondside.games import all_games
    from pondside.server.gamefacts import declared_words

    for game in all_games():
        for words in declared_words(game):
            yield 0, "_", words, [f"declared by {game.info.slug}"]


def extract() -> Catalog:
    """Every marked message of the sources: Python's ``_``/``N_``/``ngettext``, JavaScript's
    ``t``/``tn``, the text and read attributes of the HTML pages."""
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(domain=DOMAIN, project="Pondside", charset="utf-8", fuzzy=False)
    options = {"**/static/**.js": {"parse_template_string": "true"}}
    for methods, keywords in PASSES:
        for filename, lineno, message, comments, context in extract_from_dir(
            str(SOURCES),
            methods,
            options,
            keywords=dict(keywords),
            comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True,
        ):
            catalog.add(
                message,
                None,
                [(f"src/pondside/{filename}", lineno)],
                auto_comments=comments,
                context=context,
            )
    return catalog


def _write(catalog: Catalog, path: Path) -> None:
    from babel.messages.pofile import write_po

    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    # No dates or line numbers: the files change only when a message does.
    write_po(buffer, catalog, omit_header=False, sort_output=True, include_lineno=False)
    text = re.sub(rb'"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', b"", buffer.getvalue())
    path.write_bytes(text)


def _ids(catalog: Catalog) -> set[Any]:
    return {m.id if not isinstance(m.id, list) else tuple(m.id) for m in catalog if m.id}


def problems() -> list[str]:
    """What is out of step: the template against the sources, each catalog against the
    template, and messages not (or only fuzzily) translated."""
    found: list[str] = []
    fresh = _ids(extract())
    stored = _ids(read_catalog(template_path())) if template_path().exists() else set()
    for message in sorted(map(str, fresh - stored))[:20]:
        found.append(f"not in the template (run python -m pondside.catalogs extract): {message}")
    for message in sorted(map(str, stored - fresh))[:20]:
        found.append(f"in the template but no longer in the sources: {message}")
    for locale in LOCALES:
        if locale == DEFAULT:
            continue
        catalog = read_catalog(catalog_path(locale), locale)
        have = _ids(catalog)
        for message in sorted(map(str, stored - have))[:20]:
            found.append(f"{locale}: missing (python -m pondside.catalogs update): {message}")
        for m in catalog:
            if not m.id:
                continue
            strings = m.string if isinstance(m.string, tuple | list) else [m.string]
            if m.fuzzy or not all(strings):
                found.append(f"{locale}: not translated yet: {m.id}")
    return found


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "check"
    if what == "extract":
        _write(extract(), template_path())
        return 0
    if what == "update":
        template = read_catalog(template_path())
        for locale in LOCALES:
            if locale == DEFAULT:
                continue
            path = catalog_path(locale)
            catalog = read_catalog(path, locale) if path.exists() else Catalog(locale=locale)
            catalog.update(template, no_fuzzy_matching=True)
            catalog.project, catalog.fuzzy = "Pondside", False
            catalog.obsolete.clear()
            _write(catalog, path)
        return 0
    if what == "check":
        found = problems()
        for line in found:
            print(line)
        return 1 if found else 0
    print("usage: python -m pondside.catalogs [extract | update | check]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
