"""No two modules of ``pondside`` import each other, directly or round a loop (STYLE.md, the
house): a cycle makes a module's meaning depend on which of the two was imported first, and
hides which layer sits on which.

The graph is read from the source with ``ast``, not by importing: an edge for every
``pondside.*`` import a module makes, wherever it stands. An import moved into a function, or
under ``if TYPE_CHECKING:``, does not run at import time, but the two modules still lean on
each other (the issue counts ``bots/registry.py`` <-> ``bots/levels.py``, whose imports are in
functions, as a cycle): the layers are one-way only if no import goes back up.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pondside

SRC = Path(pondside.__file__).resolve().parent

# Cycles known and being removed elsewhere, each as the set of modules round its loop: none
# since issue 26 (the bots' declaration, the server in rooms). A cycle not listed fails the
# first test, a listed one that is gone fails the second.
KNOWN_CYCLES: list[frozenset[str]] = []


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(SRC.rglob("*.py"))}


def imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """The ``pondside`` modules that module ``name`` imports: for ``from X import y``, the
    module ``X.y`` where ``y`` is one, else ``X``."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in known}
            continue
        base = node.module or ""
        if node.level:
            anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
            base = ".".join(anchor + ([base] if base else []))
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            if sub in known:
                out.add(sub)
            elif base in known:
                out.add(base)
    out.discard(name)
    return out


def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imported(name, path, known) for name, path in found.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan's algorithm), each as one
    loop through it, from its first module in sorted order back to it."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return [loop(sorted(g)[0], g, edges) for g in groups]


def loop(start: str, group: set[str], edges: dict[str, set[str]]) -> list[str]:
    """The shortest path from ``start`` back to itself within ``group`` (breadth first)."""
    came: dict[str, str] = {}
    frontier = [start]
    while frontier:
        after: list[str] = []
        for v in frontier:
            for w in sorted(edges[v] & group):
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if w not in came:
                    came[w] = v
                    after.append(w)
        frontier = after
    raise AssertionError(f"{start} is in a cycle yet no path leads back to it")


def test_no_module_of_pondside_imports_itself_round_a_loop() -> None:
    found = [c for c in cycles(graph()) if frozenset(c) not in KNOWN_CYCLES]
    assert not found, "import cycles: " + "; ".join(" -> ".join(c) for c in found)


def test_the_known_cycles_are_still_there() -> None:
    """A known cycle that is gone is taken off the list, so that it cannot come back unseen."""
    now = {frozenset(c) for c in cycles(graph())}
    gone = [sorted(c) for c in KNOWN_CYCLES if c not in now]
    assert not gone, f"no longer cycles, take them off KNOWN_CYCLES: {gone}"


def test_the_graph_sees_a_cycle_and_names_it() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    assert cycles(edges) == [["a", "b", "c", "a"]]


def test_the_graph_reads_relative_and_deferred_imports() -> None:
    edges = graph()
    assert "pondside.sim.tournament" in edges["pondside.sim.report"]  # from .tournament import
    assert "pondside.bots.levels" in edges["pondside.sim.strength"]  # in a function
    assert "pondside.analysis" in edges["pondside.sim.plots"]  # under TYPE_CHECKING
