"""Every game has one shape (issue 26, STYLE.md "The house"): a package under ``pondside.games``
with the same modules, so that a reader who knows one game finds any rule of another by the same
file name; and no module of ``src/`` grows past what a person reads in one go.

The import-cycle check over ``src/`` lives in ``tests/test_imports.py``.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import textwrap
from pathlib import Path

import pytest

import pondside
import pondside.games
from pondside.games import MODULES, get_game, slugs

SRC = Path(pondside.__file__).resolve().parent
GAMES = Path(pondside.games.__file__).resolve().parent

# The modules every game package has (docs/adding-a-game.md): the binding's re-exports, the
# state with its constants and view types, the declared events, the rules as functions of the
# state, what a seat knows (view, determinization, position checks), the narrator, and the thin
# ``Game`` binding that names them.
REQUIRED = ("__init__", "state", "events", "rules", "seat", "narrate", "game")
# Modules a game may have (docs/adding-a-game.md): its tutorial's lessons, read by the server,
# and a search's random playout played in one loop (``random_playout``, issue 29).
OPTIONAL = {"tutorial", "playout"}
# A game's own helper modules, beside the required ones.
OWN_HELPERS = {
    "king-of-the-quackers": {"combinations"},
    "wildcat-chicane": {"cards", "board"},
}
# Modules of pondside.games that are not a game: the registry (__init__) and the Decktet's
# cards, which two games share.
SHARED = {"decktet"}
MAX_LINES = 800


def modules_of(package: str) -> set[str]:
    return {p.stem for p in (GAMES / package).glob("*.py")}


@pytest.mark.parametrize("slug", slugs())
def test_every_game_is_a_package_with_the_same_modules(slug: str) -> None:
    package = MODULES[slug]
    assert (GAMES / package / "__init__.py").is_file(), f"{slug} is not a package"
    found = modules_of(package)
    missing = set(REQUIRED) - found
    assert not missing, f"{slug} lacks {sorted(missing)}"
    extra = found - set(REQUIRED) - OPTIONAL - OWN_HELPERS.get(slug, set())
    assert not extra, f"{slug} has modules outside the layout: {sorted(extra)}"


@pytest.mark.parametrize("slug", slugs())
def test_the_registry_finds_the_game_the_package_exports(slug: str) -> None:
    """The package re-exports its binding: ``from pondside.games.<game> import GAME``."""
    package = importlib.import_module(f"pondside.games.{MODULES[slug]}")
    assert package.GAME is get_game(slug)
    assert set(package.__all__) <= set(dir(package))


def test_the_games_folder_holds_only_game_packages_and_the_shared_cards() -> None:
    """No game module lives beside the packages (the old ``lame_duck.py`` with its
    ``lame_duck_state.py`` siblings): one shape for every game."""
    packages = {m.name for m in pkgutil.iter_modules([str(GAMES)]) if m.ispkg}
    plain = {m.name for m in pkgutil.iter_modules([str(GAMES)]) if not m.ispkg}
    assert packages == set(MODULES.values())
    assert plain == SHARED


def test_no_module_of_src_is_over_800_lines() -> None:
    long = {
        str(p.relative_to(SRC.parent)): n
        for p in sorted(SRC.rglob("*"))
        # Every file of code: Python and the pages' JavaScript, CSS and HTML (issue 26: "no
        # file in src/ over 800 lines"); the catalogs are data, not read in one go.
        if p.suffix in {".py", ".js", ".css", ".html"}
        and (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, f"modules over {MAX_LINES} lines (split them by concern): {long}"


@pytest.mark.parametrize("slug", slugs())
def test_the_game_class_is_a_thin_binding(slug: str) -> None:
    """The rules are functions of ``rules.py`` (and the words of ``narrate.py``); the ``Game``
    class in ``game.py`` names them: each method is such a function itself
    (``apply = staticmethod(rules.apply)``) or a ``def`` of one statement that passes it the
    game or its arguments in another order (``view``, ``narrate``)."""
    game = get_game(slug)
    binding = type(game)
    package = f"pondside.games.{MODULES[slug]}"
    assert binding.__module__ == f"{package}.game"
    for name, member in vars(binding).items():
        if isinstance(member, staticmethod):
            assert member.__func__.__module__.startswith("pondside.games."), name
        elif inspect.isfunction(member):
            tree = ast.parse(textwrap.dedent(inspect.getsource(member)))
            body = tree.body[0].body  # type: ignore[attr-defined]
            if isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                body = body[1:]  # the docstring
            assert len(body) == 1 and isinstance(body[0], ast.Return), (
                f"{binding.__name__}.{name} holds rules: move them to {package}.rules "
                "(or narrate) and name the function"
            )
