"""``python -m pondside.cli`` is the ``pondside`` command, as ``python -m pondside`` is."""

from pondside.cli import main

# Guarded, unlike pondside/__main__.py: the doctest walk imports every module of the package.
if __name__ == "__main__":
    main()
