"""``engine``: the JSON-lines engine protocol on stdin and stdout (docs/protocol.md)."""

from __future__ import annotations

import click


@click.command()
def engine() -> None:
    """Speak the JSON-lines engine protocol on stdin/stdout (see docs/protocol.md)."""
    from pondside.protocol import main as serve

    serve()
