"""``pondside`` with High Card added as its author adds it (its two folders on the package
paths and the one registry line, as ``tests/test_adding_a_game.py``'s fixture does), for the
browser test that plays it at the online table: ``python tests/newgame/serve.py serve ...``."""

from __future__ import annotations

import sys
from pathlib import Path

import pondside.bots
import pondside.games
from pondside.cli import main

HERE = Path(__file__).parent

if __name__ == "__main__":
    for package in (pondside.games, pondside.bots):
        package.__path__.append(str(HERE / package.__name__.rsplit(".", 1)[1]))
    pondside.games.MODULES["high-card"] = "high_card"  # the one registry line
    main(sys.argv[1:], prog_name="pondside")
