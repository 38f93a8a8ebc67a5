"""The examples in Pondside's docstrings run: a stale example fails here."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import pondside

# Scripts, not libraries: importing them runs them (the command; Alembic's environment).
SCRIPTS = {"pondside.__main__", "pondside.server.migrations.env"}
# JAX's examples run in a process of their own (tests/batch/test_jax_lame_duck.py): a process
# that has run jax may deadlock when it forks, and the suite's workers fork pools.
MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(pondside.__path__, "pondside.")
    if m.name not in SCRIPTS and not m.name.startswith("pondside.batch.jax_")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    try:
        module = importlib.import_module(name)
    except ImportError as exc:  # an optional extra (numpy, pettingzoo, ...) not installed
        pytest.skip(f"{name} needs {exc.name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring example(s) of {name} failed"
