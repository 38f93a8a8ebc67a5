"""The online table: ``pondside serve`` (docs/server.md)."""

from .app import create_app, serve
from .settings import Settings, default_database

__all__ = ["Settings", "create_app", "default_database", "serve"]
