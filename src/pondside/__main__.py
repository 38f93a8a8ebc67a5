"""``python -m pondside`` is the ``pondside`` command."""

from pondside.cli import main

main()
