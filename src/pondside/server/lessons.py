"""The words of a tutorial's coach beyond the hint (issue 28, 5): each game's tutorial script
(``pondside.games.<game>.tutorial``: ``LESSONS`` by kind of decision, ``DONE`` said at the end)
and the lesson that opens a prompt. Apart from ``tutorials.py`` (the routes), so that the
thinking that answers the coach can read them without the web tier."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from pondside.games import companion, get_game
from pondside.i18n import N_, _

NEXT = N_(
    "Next, play a real table: open one in the lobby and invite friends or choose bots of your "
    "level, or learn another game here."
)
"""What the end of every tutorial suggests (the page links the lobby and the tutorials)."""


@cache
def script(game: str) -> tuple[Mapping[str, str], str | None]:
    """A game's tutorial script: its lessons by kind of decision, and what it taught, said at
    the end; none for a game whose package has no ``tutorial`` module (a new game). A tutorial
    module that fails on an import of its own raises (``games.companion``'s policy)."""
    module = companion(get_game(game), "pondside.games", ".tutorial")
    if module is None:
        return {}, None
    return dict(module.LESSONS), str(module.DONE)


def shortest(game: str) -> dict[str, Any]:
    """The options of the game's shortest match, which its tutorial plays (one round, hand or
    game: ``OPTIONS`` of its tutorial script); the game's defaults where it declares none."""
    module = companion(get_game(game), "pondside.games", ".tutorial")
    return dict(getattr(module, "OPTIONS", {}))


def lesson(game: str, action: str, taken: Iterable[str]) -> str | None:
    """The lesson that opens the coach's prompt for ``action``: its kind's, the first time the
    player meets that kind of decision (``taken``: the actions they took before), else none.

    >>> lesson("lame-duck", "take 2", ["play 14"]).startswith("Your card is lower")
    True
    >>> lesson("lame-duck", "play 7", ["play 14"]) is None
    True
    """
    kind = action.split()[0]
    if any(done.split()[0] == kind for done in taken):
        return None
    # The script is marked in the game's package (``N_``) and said here, in the asker's words.
    found = script(game)[0].get(kind)
    return None if found is None else _(found)


__all__ = ["NEXT", "lesson", "script", "shortest"]
