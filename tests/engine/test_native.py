"""The compiled build (``make native``, engine/native.py) plays exactly as the pure Python.

Without a build (a fresh clone, CI) the pure modules are what every test runs, and these
tests are skipped; with one, the rest of the suite runs against the compiled modules and this
file compares their matches with the pure ones, move by move.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pondside.engine import native
from pondside.games import get_game

GAMES = ("lame-duck", "down-the-drain", "king-of-the-quackers", "wildcat-chicane", "ladders")


FINGERPRINT = """
import hashlib, json, random, sys
from pondside.games import get_game

def fingerprint(slug):
    game = get_game(slug)
    h = hashlib.sha256()
    for players in sorted({game.info.min_players, game.info.default_players, game.info.max_players}):
        options = game.options(players)
        rng = random.Random(players)
        for seed in range(12):
            st = game.new(players, options, seed)
            while seats := game.to_act(st):
                seat = seats[rng.randrange(len(seats))]
                legal = sorted(game.legal_actions(st, seat))
                st, events = game.apply(st, seat, legal[rng.randrange(len(legal))])
                h.update(json.dumps([seat, events, game.view(st, seat)], sort_keys=True).encode())
            h.update(json.dumps(game.position(st), sort_keys=True).encode())
            h.update(repr(game.outcome(st)).encode())
        h.update(repr(game.position(game.determinize(game.view(game.new(players, options, 1), 0), random.Random(5)))).encode())
    return h.hexdigest()
"""

needs_build = pytest.mark.skipif(not native.active(), reason="no compiled build in use")


def _fingerprints(pure: bool) -> dict[str, str]:
    env = {**os.environ, "PONDSIDE_PURE": "1" if pure else ""}
    src = str(Path(native.__file__).resolve().parents[2])
    env["PYTHONPATH"] = os.pathsep.join([src, env.get("PYTHONPATH", "")])
    code = FINGERPRINT + f"print(json.dumps({{s: fingerprint(s) for s in {GAMES!r}}}))"
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return dict(json.loads(out.stdout))


@needs_build
def test_the_compiled_modules_are_in_use() -> None:
    for slug in GAMES:
        get_game(slug)
    for module in native.MODULES:
        assert not sys.modules[module].__file__.endswith(".py")  # type: ignore[union-attr]


@needs_build
def test_compiled_and_pure_play_the_same_matches() -> None:
    assert _fingerprints(pure=False) == _fingerprints(pure=True)


def test_without_a_current_build_the_sources_are_imported() -> None:
    if native.active():
        pytest.skip("a compiled build is in use")
    for module in native.MODULES:
        if module in sys.modules:
            assert sys.modules[module].__file__.endswith(".py")  # type: ignore[union-attr]


def test_a_build_is_used_only_while_it_matches_its_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stamp = tmp_path / "_native.json"
    monkeypatch.setattr(native, "STAMP", stamp)
    monkeypatch.delenv("PONDSIDE_PURE", raising=False)
    assert not native.active()  # no build
    current = {m: native._digest(native._source(m)) for m in native.MODULES}
    stamp.write_text(json.dumps({"sources": current, "files": []}))
    assert native.active()
    monkeypatch.setenv("PONDSIDE_PURE", "1")
    assert not native.active()
    monkeypatch.delenv("PONDSIDE_PURE")
    stale = {**current, native.MODULES[0]: "0" * 64}
    stamp.write_text(json.dumps({"sources": stale, "files": []}))
    assert not native.active()
    stamp.write_text("not json")
    assert not native.active()


def test_the_fallback_imports_each_module_from_its_source() -> None:
    finder = native._PureSources(native.MODULES)
    for module in native.MODULES:
        spec = finder.find_spec(module, None)
        assert spec is not None and str(spec.origin).endswith(".py")
    assert finder.find_spec("pondside.games.decktet", None) is None
