"""Lame Duck's JAX engine, tested in a process of its own (``jax_lame_duck_cases.py``).

JAX starts threads of its own once it compiles, and a process that forks after that may
deadlock in the child (JAX warns so at every fork). The suite's other tests fork pools
(tournaments, the lab) in whatever worker runs them, so jax never enters a worker's process:
its cases, and the JAX modules' docstring examples, run in a pytest of their own, which also
lets its compilations be shared.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

CASES = Path(__file__).with_name("jax_lame_duck_cases.py")
ROOT = Path(__file__).resolve().parents[2]
UNOPTIMISED = "--xla_backend_optimization_level=0"


def test_the_jax_engine_passes_its_cases_in_a_process_of_its_own() -> None:
    if importlib.util.find_spec("jax") is None:
        if os.environ.get("CI"):
            pytest.fail("jax is missing: make install puts the jax extra in (pondside[jax])")
        pytest.skip("jax is not installed (the jax extra: pip install 'pondside[jax]')")
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:xdist",
            "-p",
            "no:cacheprovider",
            str(CASES),
        ],
        cwd=ROOT,
        # XLA's CPU backend compiles without LLVM's optimisations: the cases compile more than
        # they run (a shape each), and the engine's integers come out the same (93 -> 60 s of
        # CPU for the cases, measured on the shared 2-core machine).
        env={**os.environ, "XLA_FLAGS": f"{os.environ.get('XLA_FLAGS', '')} {UNOPTIMISED}"},
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-10000:] + run.stderr[-4000:]
    assert " passed" in run.stdout and "skipped" not in run.stdout, run.stdout[-2000:]
