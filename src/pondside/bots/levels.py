"""The bot levels a person chooses from: a fixed ladder of names, never a bot spec.

Weakest first: ``random``, ``beginner`` (the heuristic as a person new to the game plays it:
on six decisions in ten the game's newcomer rule, misjudging risks as newcomers do, with a
person's memory of the cards played and a slip on one decision in ten), ``casual`` (the game's
heuristic, or the rule bot its declaration names), ``strong`` (a quick search) and ``expert``
(the strongest search within the time a person waits, under 2 s a decision on one core of the
reference machine). Each game declares the specs of its search levels (``GameBots`` in its bot
module, ``declared.py``); their ratings are
measured in docs/bots.md (``make strength``).

The online table's lobby offers these names and nothing else, so nothing a web client sends can
name an arbitrary bot (``external:cmd=...`` would run a program on the server). The same names
work as bot specs in ``play --bots``, ``simulate`` and ``tournament``.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from pondside.engine import Game, PondsideError
from pondside.i18n import N_, _, percent, whole

from .declared import DEFAULT_EXPERT, DEFAULT_STRONG, game_bots

LEVELS = ("random", "beginner", "casual", "strong", "expert")
"""Weakest first."""

LEVEL_NAMES = {
    "random": N_("Random (plays any legal card)"),
    "beginner": N_("Beginner (misjudges as newcomers do)"),
    "casual": N_("Casual (a careful rule of thumb)"),
    "strong": N_("Strong (thinks ahead, quickly)"),
    "expert": N_("Expert (thinks longest, up to 2 s a move)"),
}

LEVEL_WORDS = {
    "random": N_("random"),
    "beginner": N_("beginner"),
    "casual": N_("casual"),
    "strong": N_("strong"),
    "expert": N_("expert"),
}
"""Each level's name inside a sentence ("ahead of the casual level")."""

STEPS_FILE = Path(__file__).with_name("steps.json")
"""The ladder's steps as measured (each level against the one below, docs/bots.md), per game:
``pondside strength --out`` writes it beside the table from docs/strength, so the lobby can say
how each level did without reading the documentation."""

ALIASES = {"heuristic": "casual", "search": "strong"}
"""The names of the first three levels (before issue 17), still accepted: tables and records
made with them keep working. The lobby lists only ``LEVELS``."""

BEGINNER = "slips:rate=0.1:memory=0.5:misjudge=0.6"

# Online, a search level's thinking is capped in seconds as well as iterations, so a busy or
# slow server keeps a person's wait bounded (at the price of a weaker move when it binds).
# Elsewhere the iterations alone decide, and a match replays the same for its seed.
ONLINE_SECONDS = 2.0


class UnknownLevel(PondsideError):
    """A level name that is not on the list."""


def is_level(name: str) -> bool:
    return name in LEVELS or name in ALIASES


def canonical(level: str) -> str:
    """The ladder's name for ``level`` (an alias's level); ``UnknownLevel`` for any other text."""
    found = ALIASES.get(level, level)
    if found not in LEVELS:
        raise UnknownLevel(f"there is no bot level {level!r}; the levels are: {', '.join(LEVELS)}")
    return found


def level_spec(game: Game[Any], level: str, online: bool = False) -> str:
    """The bot spec behind ``level`` for ``game``; ``UnknownLevel`` for any other text.
    ``online`` caps a search level's thinking at ``ONLINE_SECONDS``."""
    found = canonical(level)
    if found == "random":
        return "random"
    if found == "beginner":
        return BEGINNER
    declared = game_bots(game)
    if found == "casual":
        return "heuristic" if declared is None else declared.casual
    if declared is None:  # a game without bots of its own searches with the defaults
        spec = DEFAULT_STRONG if found == "strong" else DEFAULT_EXPERT
    else:
        spec = declared.strong if found == "strong" else declared.expert
    return f"{spec}:seconds={ONLINE_SECONDS}" if online else spec


def is_search(level: str) -> bool:
    """Whether the level thinks long enough to need a worker process."""
    return ALIASES.get(level, level) in ("strong", "expert")


@cache
def measured_steps() -> dict[str, list[dict[str, Any]]]:
    """Every game's measured steps (``STEPS_FILE``): lower, upper, matches, share, ci95 and
    whether the step was stopped early; empty where nothing is measured."""
    if not STEPS_FILE.is_file():
        return {}
    data: dict[str, list[dict[str, Any]]] = json.loads(STEPS_FILE.read_text())
    return data


def level_notes(slug: str) -> dict[str, str]:
    """What the lobby says of each level of a game that was measured against the level below
    it (the ladder's steps), in the current language: the share of their matches in which it
    finished ahead, with its 95 % interval, and whether that shows it stronger."""
    notes = {}
    for step in measured_steps().get(slug, ()):
        low, high = step["ci95"]
        words = {
            "lower": _(LEVEL_WORDS[step["lower"]]),
            "share": percent(step["share"]),
            "low": percent(low),
            "high": percent(high),
            "matches": whole(step["matches"]),
            "confidence": percent(0.95),
        }
        if low > 0.5:
            said = _(
                "Ahead of the {lower} level in {share} of {matches} matches against it"
                " (between {low} and {high}, at {confidence} confidence)."
            )
        else:
            said = _(
                "Not yet shown stronger than the {lower} level: ahead in {share} of"
                " {matches} matches against it (between {low} and {high}, at {confidence}"
                " confidence)."
            )
        notes[step["upper"]] = said.format(**words)
    return notes
