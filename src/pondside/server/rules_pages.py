"""The rules pages for players: ``/rules``, ``/rules/<slug>`` and ``/api/rules/<slug>``.

The texts are the how-to-play files the package ships (pondside/howto/<slug>.md), rendered
with markdown-it with raw HTML off: nothing a client sends reaches the renderer, only the slug
picks a file, and an unknown slug is a 404 before any file is opened. Card examples become
``<div class="cards-example">`` blocks that static/rules.js draws with the table's own cards;
without JavaScript they read as card chips.
"""

from __future__ import annotations

import json
import re
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

from pondside import howto
from pondside.games import get_game, slugs
from pondside.games.decktet import parse_card

router = APIRouter()
NO_CACHE = {"Cache-Control": "no-cache"}


@dataclass(frozen=True)
class Rendered:
    """A game's how-to text as the pages need it."""

    slug: str
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
        return _example_html(env["game"], howto.Example.parse(token.content, caption))


MD = MarkdownIt("commonmark", {"html": False}, renderer_cls=_Renderer).enable("table")


def _example_html(slug: str, ex: howto.Example) -> str:
    rows = []
    for row in ex.rows:
        label = f'<span class="cards-label">{escape(row.label)}</span>' if row.label else ""
        chips = "".join(_chip(slug, code) for code in row.cards)
        chips = chips or '<span class="cards-empty">empty</span>'
        rows.append(
            f'<div class="cards-row">{label}<span class="cards" '
            f'data-cards="{escape(" ".join(row.cards))}">{chips}</span></div>'
        )
    caption = f'<p class="cards-caption">{escape(ex.caption)}</p>' if ex.caption else ""
    return (
        f'<div class="cards-example" data-game="{escape(slug)}" '
        f'data-cards="{escape(" ".join(ex.cards))}">{"".join(rows)}{caption}</div>\n'
    )


def _chip(slug: str, code: str) -> str:
    # What the page shows before rules.js draws the cards (or if it cannot).
    if slug in howto.DECKTET_GAMES:
        name = escape(parse_card(code).name)
        return f'<span class="card-chip" title="{name}">{escape(code)}</span>'
    return f'<span class="card-chip">{escape(code)}</span>'


def _anchor(text: str, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"
    anchor, n = base, 2
    while anchor in taken:
        anchor, n = f"{base}-{n}", n + 1
    taken.add(anchor)
    return anchor


def _render(slug: str, markdown: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    env = {"game": slug}
    tokens = MD.parse(markdown, env)
    taken: set[str] = set()
    contents = []
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            heading = tokens[i + 1].content
            anchor = _anchor(heading, taken)
            token.attrSet("id", anchor)
            if token.tag == "h2":
                contents.append((anchor, heading))
    return MD.renderer.render(tokens, MD.options, env), tuple(contents)


@cache
def rendered(slug: str) -> Rendered:
    """``slug``'s text rendered once (the files are part of the package, they do not change)."""
    markdown = howto.text(slug)
    html, contents = _render(slug, markdown)
    short_html, _ = _render(slug, howto.short(markdown))
    return Rendered(slug, howto.title(markdown), short_html, html, contents)


def _games() -> list[str]:
    """The games that have a how-to text, in the registry's order."""
    return [slug for slug in slugs() if howto.has_text(slug)]


def _known(slug: str) -> bool:
    return slug in _games()


def _unknown(slug: str) -> str:
    asked = slug if len(slug) <= 40 else f"{slug[:40]}..."
    return f"There is no game called {asked!r} here. The games are: {', '.join(_games())}."


# --- routes ------------------------------------------------------------------------------------
@router.get("/api/rules/{slug}")
async def rules_json(slug: str) -> Response:
    """A game's how-to text: ``title``, ``short_html`` (the "In short" points), ``html``."""
    if not _known(slug):
        # In ASCII, as every error: the slug is whatever the address held.
        body = json.dumps({"detail": _unknown(slug)}, ensure_ascii=True)
        return Response(body, status_code=404, media_type="application/json")
    r = rendered(slug)
    return JSONResponse({"title": r.title, "short_html": r.short_html, "html": r.html})


@router.get("/rules", include_in_schema=False)
async def rules_index() -> Response:
    items = []
    for slug in _games():
        info = get_game(slug).info
        items.append(
            f'<li class="rules-game"><h2><a href="/rules/{info.slug}">{escape(info.name)}</a></h2>'
            f'<p class="muted small">{info.min_players}–{info.max_players} players</p>'
            f"<p>{escape(info.summary)}</p>"
            f'<p class="rules-game-links"><a class="btn" href="/rules/{info.slug}">Rules</a> '
            f'<a class="btn primary" href="/?game={info.slug}">Open a table</a></p></li>'
        )
    body = (
        '<main class="rules-main rules-index"><section class="panel">'
        "<h1>The rules</h1><p>How to play each game of the pond, with examples drawn with "
        f'the cards you play with.</p><ul class="rules-games">{"".join(items)}</ul>'
        "</section></main>"
    )
    return HTMLResponse(_page("Rules", body), headers=NO_CACHE)


@router.get("/rules/{slug}", include_in_schema=False)
async def rules_page(slug: str) -> Response:
    if not _known(slug):
        body = (
            '<main class="rules-main rules-index"><section class="panel">'
            f"<h1>No such game</h1><p>{escape(_unknown(slug))}</p>"
            '<p><a href="/rules">All the rules</a></p></section></main>'
        )
        return HTMLResponse(_page("No such game", body), status_code=404, headers=NO_CACHE)
    r = rendered(slug)
    name = escape(get_game(slug).info.name)
    contents = "".join(f'<li><a href="#{a}">{escape(h)}</a></li>' for a, h in r.contents)
    body = (
        f'<main class="rules-main" data-game="{slug}">'
        '<nav class="panel rules-toc" aria-label="Contents">'
        '<details id="toc" open><summary><h2 class="toc-title">Contents</h2></summary>'
        f"<ol>{contents}</ol></details>"
        f'<a class="btn primary" id="open-table" href="/?game={slug}">Open a table of {name}</a>'
        '<p><a href="/rules">All the games</a></p></nav>'
        f'<article class="panel rules-text">{r.html}</article></main>'
    )
    return HTMLResponse(_page(f"{r.title} rules", body), headers=NO_CACHE)


def _page(title: str, body: str) -> str:
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pondside · {escape(title)}</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="stylesheet" href="/static/game.css">
<link rel="stylesheet" href="/static/rules.css">
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<script type="module" src="/static/rules.js"></script>
</head>
<body class="rules-page">
<header class="topbar">
  <a class="brand" href="/"><span class="brand-duck" aria-hidden="true"></span>Pondside</a>
  <nav class="site-nav" aria-label="Pondside">
    <a href="/learn" id="nav-learn">Learn</a>
    <a href="/daily" id="nav-daily">Deal of the day</a>
    <a href="/puzzles" id="nav-puzzles">Puzzles</a>
    <a href="/rules" id="nav-rules" aria-current="page">Rules</a>
    <a href="/leaderboard" id="nav-leaderboard">Leaderboard</a>
    <a href="/history" id="nav-history">My matches</a>
    <a href="/replay" id="nav-replay">Watch a record</a>
  </nav>
</header>
{body}
</body>
</html>
"""
