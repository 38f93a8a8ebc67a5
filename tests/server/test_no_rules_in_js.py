"""No JavaScript file states a rule of a game (issue 26): the rule helpers and copied sentences
that the pages once held are gone, and stay gone. Each fact now comes from the game, in Python:
the view (DD's ``through``, KQ's ``neighbours``, LD's ``turns``), ``Game.terms()``,
``Game.card_facts()`` and ``Game.score_notes()`` in ``GET /api/games``, and each frame's
``standing``, ``standings`` and ``captions`` (``Game.standing``, ``Game.standings``,
``Game.captions``: Wildcat Chicane's note under the table, Lame Duck's places as each take is
shown), and every status line (the captions' ``"status"`` keys, by the page's situation)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "src" / "pondside" / "server" / "static"
FILES = sorted(STATIC.glob("games/*.js")) + [
    STATIC / name
    for name in (
        *("cards.js", "pond.js", "decktet.js", "rules.js", "game.js", "room.js"),
        # The table frame's parts (split from game.js).
        *("explain.js", "fitnames.js", "focus.js", "picks.js", "scores.js"),
        # The lobby, the hint and the replay page read game facts too.
        *("lobby.js", "hint.js", "replay.js"),
    )
]

# Each identifier or sentence with the rule it restated.
GONE = {
    r"\bCOPIES\b": "DD-1's deck counts (the game's 'the deck' term)",
    r"\bthroughSeat\b": "DD-4a's turn that pushes a group through (the view's groups' through)",
    r"\b(leftOf|rightOf)\b": "KQ-5's neighbours (the view's neighbours)",
    r"\bTURNS_SHOWN\b": "LD-5's turns a round (the view's turns)",
    r"n % 11 === 0|n === 55": "LD-2's ducks per card (Game.card_facts)",
    r"\bSCORING\b|A bid scores 4": "WC-12's scoring (Game.terms)",
    r"\bTERMS\b|\bWORDS\b|\bSHORT\b": "a legend's glossary (Game.terms)",
    r"ending in 5, 3 for": "LD-2 in words (the 'Ducks per card' term)",
    r"Fewer ducks are better|points are better": "what wins (Game.score_notes)",
    r"Most games won|fewest cards held": "DD-9's places in words (Game.score_notes)",
    r"\bscoreNote\b|\bplacesOf\b|\bplaces\(view\)": "places or what wins, worked out (frame's standing)",
    r"unless beaten first|drew a card|(?i:any card may be played)|none wins|play any card": (
        "DD-4a, DD-5, DD-6, DD-9 (captions, Game.prompts)"
    ),
    r"plays like any card": "Wildcat Chicane's personalities (the 'Personality' term)",
    r"(?i:end your turn)|turn then ends": (
        "Ladders' LA-9 and LA-10 in the status and the End turn button (Game.prompts 'end turn', "
        "'ending only')"
    ),
    r"lower than every column|beats the play, so pass|in your hand beats": (
        "LD-6 and KQ-9 in the status (Game.prompts)"
    ),
    r"does not count": "WC-5's reading in words (Wildcat Chicane's captions 'reading')",
    r"must take (fewer|more)|\} (over|under)`": (
        "WC-7's bids over or under the tricks (captions 'bids', 'bids meaning')"
    ),
    r"face down until": "WC-4's hidden ruling cards (captions 'ruler chosen')",
    r"Your bid \$\{": "WC-12's score of the seat's bid (captions 'bid')",
    r"takes the five": "LD-7 in a sixth cell's title (the 'Sixth card' term)",
    r"\bshownPlaces\b|1 \+ \w+\.filter\(": (
        "places worked out from the ducks mid-animation (the frame's standings)"
    ),
    # The status lines and the sentences around the boards that depend on who reads them
    # (you or a name, a replay's "Ann played"): the frame's captions ("status", "status sent",
    # "status picked", "status confirm" and the board's keys, Game.captions), and the words
    # a page fills with numbers of the view (Game.prompts: "heading", "score row").
    r"Waiting for \$\{|Waiting for the next": "whom the table waits for (captions 'status')",
    r"You are watching(\. |: \$\{)": "a spectator's status line (captions 'status')",
    r"You played|\} is choosing a|Choose a card(, then| to play)": (
        "LD-4 and LD-6 in the status (Lame Duck's captions 'status', 'status confirm')"
    ),
    r"Round \$\{|Turn \$\{[^}]*\} of|, turn \$\{": (
        "a round's and a turn's headings and score rows (Lame Duck's captions 'round', 'turn'; "
        "Game.prompts 'heading', 'score row')"
    ),
    r"is over`|new cards`|Placing the cards": (
        "LD's banners of a round's end and deal, and its placing status (Game.prompts)"
    ),
    r"\$\{[^}]*\} ducks`": "LD-9's match to a number of ducks (Lame Duck's captions 'match')",
    r"to play or pass|leads a new round|select any combination|\{ whose \}": (
        "KQ-8 and KQ-9 in the status (King of the Quackers' captions 'status', 'nothing beats')"
    ),
    r'"Excuse" : x\[0\] === "1"': (
        "an earlier play's card names, its Ace without the number it stands for (KQ-17: "
        "captions 'play K')"
    ),
    r"Playing your|Play your \$\{|of your cards beat": "DD-4d in the status (captions 'status')",
    r'"(lead next|take it|are winning|call first|make the second call)"|took it`': (
        "who calls, leads or takes a trick, as you or a name (WC-11, WC-15: Wildcat Chicane's "
        "captions 'caller', 'leads', 'winning', 'takes it', 'took it', 'leads next')"
    ),
    r"choose a card or an action": "the generic page's status (Game.captions' default)",
    r"New round: \$\{|Beats \$\{|You went out \$\{": (
        "KQ-8's leader, KQ-9's play to beat and where the seat went out, as you or a name "
        "(captions 'new round', 'beats', 'went out')"
    ),
    r'"You deal"': "WC-2's dealer as you or a name (captions 'dealer')",
    r'"led" : "played"|Passed since: \$\{': (
        "KQ-9's play to beat and who passed since, as you or a name (captions 'to beat by', "
        "'passed')"
    ),
    r"promised to go out first|No promise yet|lies face down|played this hand|\} \+\$\{row": (
        "KQ-4's card put aside, KQ-28's promise and the last hand's points in the notes "
        "(captions 'promise', 'played', 'last hand')"
    ),
    r"play their tops|piles \(your partner\)|\"Your piles\"": (
        "LA-14's partner's piles, as you or a name (Ladders' captions 'piles N', 'partner note')"
    ),
    r'"You read"|"have" : "has"': (
        "WC-5..WC-7's reading and bid of a seat, as you or a name (captions 'seat reads N', "
        "'seat bid N')"
    ),
    # The last rules and game words a page held (issue 26's audit of session 40), each now the
    # game's: its captions (by the view, for the seat reading it) or its prompts (words the page
    # fills with numbers it has).
    r"face-down pile the hands|into a new DRAW": (
        "LA-4 and LA-11 in the DRAW and DISCARD tooltips (Ladders' prompts 'draw', 'discard')"
    ),
    r"starts with a 1|SKIP PORTAL as \{height\}|=== WILD \? pile\.length": (
        "LA-5's ACCENT piles and what a SKIP PORTAL on top counts as (captions 'accent N', "
        "'accent N as')"
    ),
    r"play what you can": "LA-8's empty hand (Ladders' captions 'empty hand')",
    r"dealer \+ 1": "WC-15's order of the calls (Wildcat Chicane's captions 'call N by')",
    r"led_suit \|\||\bLed:": "WC-10's led suit (Wildcat Chicane's captions 'led')",
    r"\bbidTotal\b|· total|bid \{bid\}, took": (
        "WC-7's bids and their total, WC-12's bid against the tricks (captions 'middle count', "
        "prompts 'bid took')"
    ),
    r"Calls:|, the last\"|Trick \{n\} of|\"Ruling cards\"|\} chosen\"|\"Bidding\"": (
        "Wildcat Chicane's headings of the table (captions 'calls', 'last hand', 'middle', "
        "'middle count')"
    ),
    r"\(your (left|right)\)|You gave:|You received:": (
        "KQ-5's pass to each neighbour (King of the Quackers' captions 'pass left', 'gave')"
    ),
    r"Round of \{|Sets of \{|Straight Flushes of|The lead card:|Passing cards|New lead": (
        "KQ-8's round by its kind, KQ-13's lead card (captions 'round', 'turn info'; prompts "
        "'lead card')"
    ),
    r"(?i:beat the play, or pass|cards of your lead|can complete a play|and promise)": (
        "KQ-9's selection and KQ-29's promise buttons (captions 'select'; prompts 'more', "
        "'promise')"
    ),
    r"\bRANK_VALUE\b|\bTABLE_ORDER\b": (
        "the Decktet's rank values, a hand shown low to high (King of the Quackers' card facts "
        "'order')"
    ),
    r'COLUMN_LIMIT = \d|four columns"': (
        "LD-4's four columns and LD-7's five cards a column (Lame Duck's card facts "
        "'column_limit', prompts 'pond')"
    ),
    r"\b(SLOTS|RUNGS) = \d": (
        "LA-5's four ACCENT piles and LA-9's four RUNG piles a seat (the view's accents, rungs)"
    ),
    r'sixth-mark", "\d': "LD-7's sixth card, its number (Lame Duck's card facts 'column_limit')",
    r"\)\.personality\b": (
        "KQ-20's cards that make Bombs, the Excuse among them (King of the Quackers' card facts "
        "'personalities')"
    ),
    r"won > bid|won === bid": (
        "WC-12's bid taken past or met exactly (captions 'seat bid over N', 'seat bid exact N')"
    ),
    r'\bRANK_NAMES\b|t\("the (Author|Betrayal|Excuse)"\)': (
        "decktet.md's table of cards, their types and the rank order (Decktet games' card facts "
        "'decktet')"
    ),
    r"a random card|taken for you": "LD-11's defaults on timeout (Lame Duck's prompts 'timeout')",
    r"win the pond|Expert mode:": "LD-10's winner and LD-1's expert table (prompts 'win title')",
    r"Turn \{n\}\"|\(in play\)|\(won\)|\} held\"": (
        "DD-9's games of a series and the cards held (Down the Drain's prompts 'score row', "
        "captions 'turn info')"
    ),
    r"\"(your|their) turn\"|Highest: ": (
        "DD-4's turn and highest group to beat (captions 'turn note', 'group N words')"
    ),
}

MODULE_LINES = 400
"""The most lines a game's browser module may hold (issue 26: it draws its board and wires its
controls; a larger one is split by what its parts do)."""


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_no_page_restates_a_rule_the_game_serves(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for pattern, rule in GONE.items():
        found = re.search(pattern, text)
        assert found is None, f"{path.name} restates {rule}: {found.group(0)!r}"


@pytest.mark.parametrize("path", sorted(STATIC.glob("games/*.js")), ids=lambda p: p.name)
def test_a_game_module_is_a_board_and_its_controls_not_a_second_engine(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MODULE_LINES, (
        f"{path.name} has {lines} lines; split it by what its parts do (the board, the hand, "
        f"the previews), at most {MODULE_LINES} lines each"
    )


# Words of a game beyond its terms' names that its pages write only as the game serves them.
MORE_WORDS = {
    "lame-duck": ("duck", "ducks", "column", "too low", "pond", "take"),
    "king-of-the-quackers": (
        *("Set", "Straight Flush", "Bomb", "Excuse", "personality", "Ace", "promised"),
        *("pass", "passed", "To beat", "dealer"),
    ),
    "wildcat-chicane": ("trick", "tricks", "dealer", "call", "led", "lead", "leads", "bidding"),
    "ladders": ("DRAW", "DISCARD"),
    "down-the-drain": ("in front", "beaten", "joined", "stack", "discard", "To beat", "games won"),
}
SLUG_FILES = {"lame-duck": ("cards.js", "pond.js")}
"""Lame Duck's page draws with two modules of the frame's folder as well as its own."""
MESSAGE = re.compile(r"\bt[nc]?\(\s*\"((?:[^\"\\]|\\.)*)\"(?:\s*,\s*\"((?:[^\"\\]|\\.)*)\")?")


def game_words(slug: str) -> list[str]:
    """The game's own words in English: each term's name (``Game.terms()``; "TOP / BOTTOM" is
    two, "Personality (☺)" one) and :data:`MORE_WORDS`."""
    from pondside.games import get_game
    from pondside.i18n import using

    with using("en"):
        names = [term["term"] for term in get_game(slug).terms()]
    words = {w.strip() for name in names for w in re.sub(r"\(.*?\)", "", name).split(" / ")}
    return sorted(words | set(MORE_WORDS.get(slug, ())))


@pytest.mark.parametrize(
    "slug", ["lame-duck", "king-of-the-quackers", "wildcat-chicane", "ladders", "down-the-drain"]
)
def test_a_game_module_writes_its_game_words_only_as_the_game_serves_them(slug: str) -> None:
    """A page's own messages (``t``, ``tn``) are the frame's: buttons, counts, what a click
    does. A game's words (CLIMB, a trump, a duck) come from the game (its prompts, captions,
    card facts), written once in Python with their translations."""
    files = sorted(STATIC.glob(f"games/{slug}*.js")) + [
        STATIC / f for f in SLUG_FILES.get(slug, ())
    ]
    words = game_words(slug)
    found = []
    for path in files:
        for match in MESSAGE.finditer(path.read_text(encoding="utf-8")):
            for message in filter(None, match.groups()):
                message = re.sub(r"\{\w+\}", "", message)  # its slots are not words
                for word in words:
                    if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", message, re.IGNORECASE):
                        found.append(f"{path.name}: {message!r} ({word})")
    assert not found, "game words written by a page:\n" + "\n".join(found)
