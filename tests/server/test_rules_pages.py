"""The players' rules: the how-to texts (pondside/howto), /rules, /rules/<slug>, /api/rules/<slug>."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from html.parser import HTMLParser

import httpx
import pytest

from pondside import howto
from pondside.games import all_games, down_the_drain, get_game, ladders, lame_duck
from pondside.games.decktet import BASIC_DECK, parse_card
from pondside.server import rules_pages
from serverproc import ServerProcess

SLUGS = [g.info.slug for g in all_games()]


@pytest.fixture
def client(shared_server: ServerProcess) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=shared_server.url) as http:
        yield http


def test_every_game_has_a_text() -> None:
    assert sorted(SLUGS) == sorted(
        ["lame-duck", "king-of-the-quackers", "wildcat-chicane", "ladders", "down-the-drain"]
    )
    for slug in SLUGS:
        assert howto.title(howto.text(slug)) == get_game(slug).info.name


@pytest.mark.parametrize("slug", SLUGS)
def test_the_text_opens_with_five_to_eight_points_in_short(slug: str) -> None:
    text = howto.text(slug)
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings[0] == "In short"
    points = re.findall(r"^- ", howto.short(text), re.M)
    assert 5 <= len(points) <= 8
    assert "```" not in howto.short(text)  # the table's dialog does not draw cards


@pytest.mark.parametrize("locale", ["en", "de"])
@pytest.mark.parametrize("slug", SLUGS)
def test_the_text_is_for_players_not_developers(slug: str, locale: str) -> None:
    text = howto.text(slug, locale)
    assert not re.search(r"\b(LD|KQ|WC|LA|DD)-\d", text), "no ruling numbers"
    assert "```json" not in text and "tests/" not in text and "src/" not in text
    # No notation either: players click cards, they do not type "play 5ML".
    assert not re.search(r"`(play|take|give|bid|rule|call|discard) ", text)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_option_is_explained(slug: str) -> None:
    text = howto.text(slug)
    options = text.split("\n## Options\n", 1)[1].split("\n## ", 1)[0]
    for option in get_game(slug).info.options:
        label = option.name.replace("_", " ")
        assert re.search(rf"^- \*\*{label}( mode)?:\*\*", options, re.M | re.I), option.name


# Each game's own notation code decides what a card is (shared/protocol.md).
IS_CARD: dict[str, Callable[[str], bool]] = {
    "lame-duck": lambda c: c.isdigit() and int(c) in lame_duck.PLAY,
    "down-the-drain": lambda c: c.isdigit() and int(c) in down_the_drain.COUNTS,
    "ladders": lambda c: c in ladders.PARSE_CARD,
    "king-of-the-quackers": lambda c: parse_card(c).code == c,
    "wildcat-chicane": lambda c: parse_card(c).code == c and parse_card(c) in BASIC_DECK,
}


@pytest.mark.parametrize("locale", ["en", "de"])
@pytest.mark.parametrize("slug", SLUGS)
def test_every_card_in_every_example_is_a_card_of_the_game(slug: str, locale: str) -> None:
    examples = howto.examples(howto.text(slug, locale))
    assert examples, "every game shows cards"
    for example in examples:
        for code in example.cards:
            assert IS_CARD[slug](code), f"{code!r} in {example}"


def test_an_example_becomes_a_block_the_page_draws() -> None:
    html, _ = rules_pages._render("king-of-the-quackers", "```cards The Bomb\nBomb: 3SK 3LY\n```\n")
    assert 'class="cards-example" data-game="king-of-the-quackers" data-cards="3SK 3LY"' in html
    assert '<span class="cards-label">Bomb</span>' in html
    assert 'title="the Painter">3SK</span>' in html  # the chip before the drawing
    assert '<p class="cards-caption">The Bomb</p>' in html


def test_raw_html_in_a_text_is_shown_as_text() -> None:
    html, _ = rules_pages._render(
        "lame-duck", "Hello <script>alert(1)</script> [x](javascript:alert(1))"
    )
    assert "<script" not in html and "&lt;script&gt;" in html and 'href="javascript' not in html


@pytest.mark.parametrize("slug", SLUGS)
def test_api_gives_the_title_the_short_text_and_the_whole_text(
    client: httpx.Client, slug: str
) -> None:
    r = client.get(f"/api/rules/{slug}")
    assert r.status_code == 200
    body = r.json()
    assert set(body) == {"title", "short_html", "html", "lang"} and body["lang"] == "en"
    assert body["title"] == get_game(slug).info.name
    assert body["short_html"].startswith("<ul>") and "<h2" not in body["short_html"]
    assert '<h2 id="in-short">In short</h2>' in body["html"]
    assert f'class="cards-example" data-game="{slug}"' in body["html"]


@pytest.mark.parametrize("slug", SLUGS)
def test_the_page_has_contents_a_table_link_and_the_examples(
    client: httpx.Client, slug: str
) -> None:
    r = client.get(f"/rules/{slug}")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    page = r.text
    contents, text = page.split("<article", 1)
    sections = re.findall(r'<h2 id="([a-z0-9-]+)">', text)
    assert len(sections) >= 6
    for anchor in sections:
        assert f'<a href="#{anchor}">' in contents
    assert f'href="/?game={slug}"' in page
    assert '<script type="module" src="/static/rules.js">' in page
    assert page.count('class="cards-example"') == len(howto.examples(howto.text(slug)))


def test_the_rules_index_lists_every_game(client: httpx.Client) -> None:
    page = client.get("/rules").text
    for game in all_games():
        assert f'<a href="/rules/{game.info.slug}">{game.info.name}</a>' in page
        assert f'href="/?game={game.info.slug}"' in page


def test_an_unknown_game_is_a_404_that_names_the_games(client: httpx.Client) -> None:
    r = client.get("/rules/snap")
    assert r.status_code == 404 and "There is no game called &#x27;snap&#x27;" in r.text
    assert "lame-duck" in r.text
    r = client.get("/api/rules/snap")
    assert r.status_code == 404 and "the games are" in r.json()["detail"].lower()
    r = client.get("/rules/%3Cscript%3E")
    assert r.status_code == 404 and "<script>" not in r.text and "&lt;script&gt;" in r.text


def test_the_page_s_script_and_style_are_served(client: httpx.Client) -> None:
    assert client.get("/static/rules.js").status_code == 200
    assert client.get("/static/rules.css").status_code == 200


# --- in German, and in the pseudo-locale ---------------------------------------------------------
def test_the_page_is_german_for_a_german_browser_and_english_without(client: httpx.Client) -> None:
    r = client.get("/rules/lame-duck", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    assert r.status_code == 200 and r.headers["content-language"] == "de"
    page = r.text
    assert '<html lang="de">' in page
    assert '<h2 id="kurz-gesagt">Kurz gesagt</h2>' in page and "Die sechste Karte" in page
    assert '<h2 class="toc-title">Inhalt</h2>' in page and "Einen Tisch Lame Duck eröffnen" in page
    assert '<span class="cards-label">Spalte 1</span>' in page
    assert "<title>Pondside · Lame Duck: so wird gespielt</title>" in page
    assert 'id="pondside-i18n"' in page  # the browser's catalog: the language switch's words
    english = client.get("/rules/lame-duck").text
    assert '<html lang="en">' in english and '<h2 id="in-short">In short</h2>' in english
    assert "Kurz gesagt" not in english
    # A link's ?lang= wins over the browser's languages.
    r = client.get("/rules/lame-duck?lang=de", headers={"Accept-Language": "en"})
    assert "Kurz gesagt" in r.text


def test_the_api_and_the_index_speak_the_request_s_language(client: httpx.Client) -> None:
    body = client.get("/api/rules/ladders", headers={"Accept-Language": "de"}).json()
    assert body["lang"] == "de" and body["title"] == "Ladders"
    assert "<li><strong>Ziel:</strong>" in body["short_html"]
    index = client.get("/rules?lang=de").text
    info = get_game("ladders").info
    assert (
        "<h1>Die Regeln</h1>" in index and f"{info.min_players}–{info.max_players} Spieler" in index
    )
    assert ">Regeln</a>" in index and "Tisch eröffnen" in index
    r = client.get("/rules/snap", headers={"Accept-Language": "de"})
    assert r.status_code == 404 and "Hier gibt es kein Spiel namens" in r.text


class _Words(HTMLParser):
    """The words of a page outside the pseudo-locale's markers (what its browser test finds),
    leaving out scripts and what is marked translate="no"."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.kept: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style") or ("translate", "no") in attrs:
            self.kept.append(tag)
        for name, value in attrs:
            if name in ("title", "aria-label", "alt", "placeholder") and value and not self.kept:
                self.text.append(value)

    def handle_endtag(self, tag: str) -> None:
        if self.kept and self.kept[-1] == tag:
            self.kept.pop()

    def handle_data(self, data: str) -> None:
        if not self.kept:
            self.text.append(data)

    def outside(self) -> list[str]:
        found = []
        for text in self.text:
            before = None
            while before != text:
                before, text = text, re.sub(r"⟦[^⟦⟧]*⟧", "", text)
            if re.search(r"[^\W\d_]", text):
                found.append(text.strip())
        return found


@pytest.mark.parametrize("path", ["/rules", "/rules/lame-duck", "/rules/king-of-the-quackers"])
def test_in_the_pseudo_locale_every_word_is_marked(client: httpx.Client, path: str) -> None:
    page = client.get(f"{path}?lang=en-XA").text
    words = _Words()
    words.feed("<body" + page.split("<body", 1)[1])
    # Card chips (a code, a Decktet card's printed name) are the cards' own: translate="no".
    assert words.outside() == []
    assert '<html lang="en">' in page
    assert path == "/rules" or '<h2 id="in-short">⟦In short⟧</h2>' in page
