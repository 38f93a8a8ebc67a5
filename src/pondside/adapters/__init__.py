"""Research adapters: PettingZoo, OpenSpiel and Gymnasium environments for every game.

* :mod:`pondside.adapters.codec` — the fixed action numbering (each game's ``all_actions``) and
  the observation encoding (numpy only): one module per game named after its module under
  ``pondside.games`` (``lame_duck``, ``down_the_drain``...) encodes its views from its facts;
  a game without one gets a generic encoding;
* :mod:`pondside.adapters.pettingzoo` — ``env(slug, players=N, **options)`` (AEC) and
  ``parallel_env(...)`` (needs ``pettingzoo``);
* :mod:`pondside.adapters.openspiel` — ``register_all()`` (needs ``open_spiel``);
* :mod:`pondside.adapters.gymnasium` — ``PondsideEnv`` (needs ``gymnasium``).

The frameworks are optional: ``pip install 'pondside[rl]'``. See ``docs/adapters.md``.
"""

from __future__ import annotations

from typing import Any

SHORT: dict[str, tuple[int, dict[str, Any]]] = {
    "lame-duck": (4, {"rounds": 1}),
    "king-of-the-quackers": (3, {"target": 1}),
    "wildcat-chicane": (3, {"target": 1}),
    "ladders": (2, {"rounds": 1}),
    "down-the-drain": (3, {"games": 1}),
}
"""Players and options that keep a match to about one hand, for tests and quick examples.
(A target of 1 point ends the match after the first hand in which someone scores alone at
the top; Lame Duck's, Ladders' and Down the Drain's counts of rounds or games end it after one.)"""
