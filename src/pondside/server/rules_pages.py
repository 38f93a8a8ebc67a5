"""The rules pages for players: ``/rules``, ``/rules/<slug>`` and ``/api/rules/<slug>``.

The texts are the how-to-play files the package ships (pondside/howto/<slug>.md), rendered
with markdown-it with raw HTML off: nothing a client sends reaches the renderer, only the slug
picks a file, and an unknown slug is a 404 before any file is opened. Card examples become
``<div class="cards-example">`` blocks that static/rules.js draws with the table's own cards;
without JavaScript they read as card chips.

Every page is in the language of the request (``pondside.i18n.current()``): the text is the
game's translation (English where it has none; the article then says ``lang="en"``), the page
around it goes through the catalog. In the pseudo-locale the English text is marked block by
block (each heading, paragraph, list item, table cell, example caption and row label wrapped in
the catalog's markers), as a translation would replace it, so its browser test finds any word
of the page that is in neither.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from html import escape

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, JSONResponse, Response
from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

from pondside import howto, i18n
from pondside.games import get_game, slugs
from pondside.games.decktet import parse_card
from pondside.i18n import _

from .web import language_headers

router = APIRouter()


@dataclass(frozen=True)
class Rendered:
    """A game's how-to text as the pages need it."""

    slug: str
    lang: str  # the language the text is written in
    title: str
    short_html: str
    html: str
    contents: tuple[tuple[str, str], ...]  # (anchor, heading) of every section


class _Renderer(RendererHTML):
    """markdown-it's HTML renderer, with ``cards`` blocks drawn as examples."""

    def fence(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        token = tokens[idx]
        word, _, caption = token.info.strip().partition(" ")
        if word != howto.CARDS:
            return super().fence(tokens, idx, options, env)
        return _example_html(env["game"], howto.Example.parse(token.content, caption), env["mark"])


MD = MarkdownIt("commonmark", {"html": False}, renderer_cls=_Renderer).enable("table")


def _example_html(slug: str, ex: howto.Example, mark: bool) -> str:
    rows = []
    for row in ex.rows:
        said = _marked(row.label) if mark else row.label
        label = f'<span class="cards-label">{escape(said)}</span>' if row.label else ""
        chips = "".join(_chip(slug, code) for code in row.cards)
        empty = escape(_("empty"))
        chips = chips or f'<span class="cards-empty">{empty}</span>'
        rows.append(
            f'<div class="cards-row">{label}<span class="cards" '
            f'data-cards="{escape(" ".join(row.cards))}">{chips}</span></div>'
        )
    said = _marked(ex.caption) if mark else ex.caption
    caption = f'<p class="cards-caption">{escape(said)}</p>' if ex.caption else ""
    return (
        f'<div class="cards-example" data-game="{escape(slug)}" '
        f'data-cards="{escape(" ".join(ex.cards))}">{"".join(rows)}{caption}</div>\n'
    )


def _chip(slug: str, code: str) -> str:
    # What the page shows before rules.js draws the cards (or if it cannot). A card's code and
    # its printed name are the card's own, the same in every language (translate="no").
    if slug in howto.DECKTET_GAMES:
        name = escape(parse_card(code).name)
        return f'<span class="card-chip" translate="no" title="{name}">{escape(code)}</span>'
    return f'<span class="card-chip" translate="no">{escape(code)}</span>'


def _marked(text: str) -> str:
    return f"{i18n.PSEUDO_OPEN}{text}{i18n.PSEUDO_CLOSE}"


def _anchor(text: str, taken: set[str]) -> str:
    # In ASCII, whatever the language: "Übersicht" is #ubersicht, "Straße" #strasse.
    ascii_text = unicodedata.normalize("NFKD", text.lower().replace("ß", "ss"))
    base = re.sub(r"[^a-z0-9]+", "-", ascii_text.encode("ascii", "ignore").decode()).strip("-")
    base = base or "section"
    anchor, n = base, 2
    while anchor in taken:
        anchor, n = f"{base}-{n}", n + 1
    taken.add(anchor)
    return anchor


def _render(
    slug: str, markdown: str, mark: bool = False
) -> tuple[str, tuple[tuple[str, str], ...]]:
    env = {"game": slug, "mark": mark}
    tokens = MD.parse(markdown, env)
    taken: set[str] = set()
    contents = []
    for i, token in enumerate(tokens):
        if mark and token.type == "inline":
            # Each run of text on its own: "**Aim:** take" is two, as a page shows them.
            for child in token.children or ():
                if child.type in ("text", "code_inline") and child.content.strip():
                    child.content = _marked(child.content)
        if token.type == "heading_open":
            heading = tokens[i + 1].content  # the Markdown, before any marking
            anchor = _anchor(heading, taken)
            token.attrSet("id", anchor)
            if token.tag == "h2":
                contents.append((anchor, _marked(heading) if mark else heading))
    return MD.renderer.render(tokens, MD.options, env), tuple(contents)


def rendered(slug: str) -> Rendered:
    """``slug``'s text in the current language."""
    return _rendered(slug, i18n.current())


@cache
def _rendered(slug: str, locale: str) -> Rendered:
    # Once per game and language: the files are part of the package, they do not change.
    lang = howto.language(slug, locale)
    markdown = howto.text(slug, locale)
    mark = locale == i18n.PSEUDO
    html, contents = _render(slug, markdown, mark)
    short_html, _contents = _render(slug, howto.short(markdown), mark)
    title = _marked(howto.title(markdown)) if mark else howto.title(markdown)
    return Rendered(slug, lang, title, short_html, html, contents)


def _games() -> list[str]:
    """The games that have a how-to text, in the registry's order."""
    return [slug for slug in slugs() if howto.has_text(slug)]


def _known(slug: str) -> bool:
    return slug in _games()


def _unknown(slug: str) -> str:
    asked = slug if len(slug) <= 40 else f"{slug[:40]}..."
    return _("There is no game called {asked} here. The games are: {games}.").format(
        asked=repr(asked), games=", ".join(_games())
    )


# --- routes ------------------------------------------------------------------------------------
@router.get("/api/rules/{slug}")
async def rules_json(slug: str) -> Response:
    """A game's how-to text in the request's language: ``title``, ``short_html`` (the "In
    short" points), ``html``, and ``lang`` (the language the text is written in)."""
    if not _known(slug):
        # In ASCII, as every error: the slug is whatever the address held.
        body = json.dumps({"detail": _unknown(slug)}, ensure_ascii=True)
        headers = language_headers()
        return Response(body, status_code=404, media_type="application/json", headers=headers)
    r = rendered(slug)
    return JSONResponse(
        {"title": r.title, "short_html": r.short_html, "html": r.html, "lang": r.lang},
        headers=language_headers(),
    )


@router.get("/rules", include_in_schema=False)
async def rules_index() -> Response:
    items = []
    rules, open_table = escape(_("Rules")), escape(_("Open a table"))
    for slug in _games():
        info = get_game(slug).info
        name = escape(_(info.name))
        players = _("{low}–{high} players").format(low=info.min_players, high=info.max_players)
        items.append(
            f'<li class="rules-game"><h2><a href="/rules/{info.slug}">{name}</a></h2>'
            f'<p class="muted small">{escape(players)}</p>'
            f"<p>{escape(_(info.summary))}</p>"
            f'<p class="rules-game-links"><a class="btn" href="/rules/{info.slug}">'
            f"{rules}</a> "
            f'<a class="btn primary" href="/?game={info.slug}">{open_table}</a>'
            "</p></li>"
        )
    heading = _("The rules")
    intro = _(
        "How to play each game of the pond, with examples drawn with the cards you play with."
    )
    body = (
        '<main class="rules-main rules-index"><section class="panel">'
        f"<h1>{escape(heading)}</h1><p>{escape(intro)}</p>"
        f'<ul class="rules-games">{"".join(items)}</ul>'
        "</section></main>"
    )
    return HTMLResponse(_page(_("Rules"), body), headers=language_headers())


@router.get("/rules/{slug}", include_in_schema=False)
async def rules_page(slug: str) -> Response:
    if not _known(slug):
        heading, back = escape(_("No such game")), escape(_("All the rules"))
        body = (
            '<main class="rules-main rules-index"><section class="panel">'
            f"<h1>{heading}</h1><p>{escape(_unknown(slug))}</p>"
            f'<p><a href="/rules">{back}</a></p></section></main>'
        )
        page = _page(_("No such game"), body)
        return HTMLResponse(page, status_code=404, headers=language_headers())
    r = rendered(slug)
    name = _(get_game(slug).info.name)
    contents = "".join(f'<li><a href="#{a}">{escape(h)}</a></li>' for a, h in r.contents)
    # A text not yet translated says it is English, inside a page in the reader's language.
    lang = "" if r.lang == _html_lang() else f' lang="{r.lang}"'
    toc, every_game = escape(_("Contents")), escape(_("All the games"))
    open_table = _("Open a table of {game}").format(game=name)
    body = (
        f'<main class="rules-main" data-game="{slug}">'
        f'<nav class="panel rules-toc" aria-label="{toc}">'
        f'<details id="toc" open><summary><h2 class="toc-title">{toc}</h2></summary>'
        f"<ol>{contents}</ol></details>"
        f'<a class="btn primary" id="open-table" href="/?game={slug}">'
        f"{escape(open_table)}</a>"
        f'<p><a href="/rules">{every_game}</a></p></nav>'
        f'<article class="panel rules-text"{lang}>{r.html}</article></main>'
    )
    return HTMLResponse(
        _page(_("{game}: how to play").format(game=r.title), body), headers=language_headers()
    )


def _html_lang() -> str:
    """The page's ``lang``: the request's language (the pseudo-locale's words are English)."""
    locale = i18n.current()
    return i18n.DEFAULT if locale == i18n.PSEUDO else locale


# The links of the site's top bar, as its other pages have them (static/*.html).
_NAV = (
    ("/learn", "nav-learn", i18n.N_("Learn")),
    ("/daily", "nav-daily", i18n.N_("Deal of the day")),
    ("/puzzles", "nav-puzzles", i18n.N_("Puzzles")),
    ("/rules", "nav-rules", i18n.N_("Rules")),
    ("/leaderboard", "nav-leaderboard", i18n.N_("Leaderboard")),
    ("/history", "nav-history", i18n.N_("My matches")),
    ("/replay", "nav-replay", i18n.N_("Watch a record")),
)


def _page(title: str, body: str) -> str:
    nav = "\n".join(
        f'    <a href="{href}" id="{id_}"'
        + (' aria-current="page"' if href == "/rules" else "")
        + f">{escape(_(words))}</a>"
        for href, id_, words in _NAV
    )
    # The browser's catalog (static/i18n.js reads it: the language switch, its words).
    catalog = json.dumps(i18n.browser_catalog(i18n.current()), ensure_ascii=False)
    catalog = catalog.replace("</", "<\\/")
    brand = escape(_("Pondside"))
    title = _("Pondside · {page}").format(page=title)
    return f"""<!doctype html>
<html lang="{_html_lang()}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="stylesheet" href="/static/game.css">
<link rel="stylesheet" href="/static/site.css">
<link rel="stylesheet" href="/static/rules.css">
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<script id="pondside-i18n" type="application/json">{catalog}</script>
<script type="module" src="/static/rules.js"></script>
<script type="module" src="/static/who.js"></script>
</head>
<body class="rules-page">
<header class="topbar">
  <a class="brand" href="/"><span class="brand-duck" aria-hidden="true"></span>{brand}</a>
  <nav class="site-nav" aria-label="{brand}">
{nav}
  </nav>
</header>
{body}
</body>
</html>
"""
