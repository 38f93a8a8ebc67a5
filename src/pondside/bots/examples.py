"""Small bots that show how to bring your own: registered as entry points in pyproject.toml.

``first`` is the whole interface in one function: it receives the view and the legal actions
and returns one of them.
"""

from __future__ import annotations

from pondside.engine import View


def first_legal(view: View, legal: list[str]) -> str:
    """Always the first legal action (the list is sorted as strings)."""
    return legal[0]
