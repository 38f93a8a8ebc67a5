"""The server's modules stay in rooms: no two import each other (however indirectly, type
checking's imports included), the hub stays short, and no module grows past the house's
limit of 800 lines."""

from __future__ import annotations

import ast
from pathlib import Path

SERVER = Path(__file__).resolve().parents[2] / "src" / "pondside" / "server"


def _imports(path: Path) -> set[str]:
    """The server modules ``path`` imports (``from .x import``, ``from . import x``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                found.add(node.module.split(".")[0])
            elif node.level == 1:
                found |= {alias.name for alias in node.names}
            elif node.module and node.module.startswith("pondside.server."):
                found.add(node.module.split(".")[2])
    return found


def test_no_import_cycle_among_the_server_modules() -> None:
    graph = {p.stem: _imports(p) for p in SERVER.glob("*.py")}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in graph.get(start, set()):
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False

    cycles = sorted(m for m in graph if m != "__init__" and reaches(m, m, {m}))
    assert cycles == [], f"modules in an import cycle: {cycles}"


def test_the_hub_is_short_and_no_module_is_long() -> None:
    lengths = {p.name: len(p.read_text().splitlines()) for p in SERVER.glob("*.py")}
    assert lengths["hub.py"] <= 400
    assert {name: n for name, n in lengths.items() if n > 800} == {}
