"""An optional compiled build of the rules' hot modules (mypyc), pure Python the reference.

``python -m pondside.engine.native build`` (``make native``) compiles ``MODULES`` with mypyc
into extension modules beside their sources; ``clean`` removes them, ``status`` says which
build is in use. Nothing needs it: without a C compiler, or on a fresh clone, the pure modules
are imported as always, and a failed build leaves them in use.

The compiled modules are used only while they are the build of the sources beside them: the
build records each source's hash (``_native.json``), and if any source changed since, or
``PONDSIDE_PURE=1`` is set, every module of the build is imported from its pure source.
All or none, because compiled modules call each other's functions directly: a compiled game
beside a pure ``rng`` would still run the old compiled ``rng``. The tests compare the two
builds' matches (``tests/engine/test_native.py``).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

# Modules of plain functions that pay compiled (docs/benchmarks.md). A module with a Game class
# does not compile usefully yet: mypyc drops the annotations and source that pondside.views
# reads (the view's TypedDict and its keys' docstrings), public helpers called with lists
# where they declare tuples fail (a compiled module checks its argument types), and the
# states, not compilable as native classes, make every field access a generic lookup. Each
# module listed must pass every test compiled.
MODULES = (
    "pondside.engine.rng",
    "pondside.games.king_of_the_quackers.combinations",
)
GROUP = "pondside._native"  # the shared library: pondside/_native__mypyc.*.so
SRC = Path(__file__).resolve().parent.parent.parent  # the folder that holds pondside/
STAMP = SRC / "pondside" / "_native.json"


def _source(module: str) -> Path:
    return SRC.joinpath(*module.split(".")).with_suffix(".py")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _extensions(module: str) -> list[Path]:
    folder, _, name = module.rpartition(".")
    where = SRC.joinpath(*folder.split("."))
    return [where / f"{name}{suffix}" for suffix in importlib.machinery.EXTENSION_SUFFIXES]


def _stamp() -> dict[str, Any]:
    try:
        found = json.loads(STAMP.read_text())
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def _built() -> dict[str, str] | None:
    """The build's modules and source hashes, or None when there is no build."""
    sources = _stamp().get("sources")
    return sources if isinstance(sources, dict) and sources else None


def active() -> bool:
    """Whether the compiled modules are imported (built, current, and not PONDSIDE_PURE)."""
    built = _built()
    if not built or os.environ.get("PONDSIDE_PURE"):
        return False
    try:
        return all(_digest(_source(m)) == h for m, h in built.items())
    except OSError:
        return False


class _PureSources(importlib.abc.MetaPathFinder):
    """Imports the build's modules from their sources (the build is stale or not wanted)."""

    def __init__(self, modules: Sequence[str]) -> None:
        self.modules = frozenset(modules)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in self.modules:
            return None
        return importlib.util.spec_from_file_location(fullname, _source(fullname))


def install() -> None:
    """Called by ``pondside.engine`` before it imports ``rng``: with a build present that is
    not to be used, its modules come from their sources. Without a build, nothing happens."""
    built = _built()
    if built and not active():
        sys.meta_path.insert(0, _PureSources([*built, *MODULES]))
    elif built is None and any(p.exists() for m in MODULES for p in _extensions(m)):
        # Compiled modules without the record of what they were built from: not trusted.
        sys.meta_path.insert(0, _PureSources(MODULES))


def clean() -> None:
    """Remove the build: the files it wrote (a module since dropped from ``MODULES`` too)."""
    written = _stamp().get("files", [])
    for name in written if isinstance(written, list) else []:
        (SRC / str(name)).unlink(missing_ok=True)
    for module in MODULES:
        for path in _extensions(module):
            path.unlink(missing_ok=True)
    for path in (SRC / "pondside").glob("_native__mypyc*"):
        path.unlink()
    STAMP.unlink(missing_ok=True)


_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="pondside-native",
    ext_modules=mypycify(sys.argv.pop(1).split(","), group_name={group!r}, opt_level="3"),
)
"""


def build() -> None:
    """Compile ``MODULES`` and put them beside their sources; raises on failure, having
    removed any earlier build (so the pure modules are in use)."""
    clean()
    with tempfile.TemporaryDirectory(prefix="pondside-native-") as tmp:
        work = Path(tmp)
        # Its own folder: setuptools would otherwise read the project's pyproject.toml.
        (work / "setup.py").write_text(_SETUP.format(group=GROUP))
        (work / "mypy.ini").write_text(
            f"[mypy]\nmypy_path = {SRC}\nignore_missing_imports = True\n"
        )
        paths = ",".join(str(_source(m)) for m in MODULES)
        subprocess.run(
            [sys.executable, "setup.py", paths, "build_ext", "--build-lib", "lib"],
            cwd=work,
            check=True,
        )
        files = []
        for built in (work / "lib").rglob("*.so"):
            target = SRC / built.relative_to(work / "lib")
            shutil.copyfile(built, target)
            files.append(str(target.relative_to(SRC)))
    stamp = {"sources": {m: _digest(_source(m)) for m in MODULES}, "files": sorted(files)}
    STAMP.write_text(json.dumps(stamp, indent=1) + "\n")


def main(argv: Sequence[str]) -> int:
    command = argv[0] if argv else "status"
    if command == "build":
        try:
            build()
        except (OSError, subprocess.CalledProcessError) as exc:
            clean()
            print(f"the compiled build failed ({exc}); the pure Python modules are in use")
            return 1
        print(f"compiled: {', '.join(MODULES)}")
        return 0
    if command == "clean":
        clean()
        return 0
    if command == "status":
        built = _built()
        if not built:
            print("pure Python (no compiled build)")
        elif active():
            print(f"compiled (mypyc): {', '.join(built)}")
        else:
            why = "PONDSIDE_PURE is set" if os.environ.get("PONDSIDE_PURE") else "sources changed"
            print(f"pure Python: a compiled build is present but not used ({why})")
        return 0
    print("usage: python -m pondside.engine.native [build|clean|status]")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
