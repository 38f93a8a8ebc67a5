"""The migrations make the schema the models describe (rows.py), on SQLite and PostgreSQL: a
column or table added to a model without its migration (or the other way round) fails here,
not at a user's next start."""

from __future__ import annotations

from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from pondside.server.db import Base, Store


def differences(url: str) -> list[object]:
    store = Store(url)  # migrates to the newest revision
    try:
        with store.engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            return list(compare_metadata(context, Base.metadata))
    finally:
        store.close()


def test_the_migrated_sqlite_schema_is_the_models(tmp_path: Path) -> None:
    assert differences(f"sqlite:///{tmp_path / 'p.db'}") == []


def test_the_migrated_postgresql_schema_is_the_models(postgres: str) -> None:
    found = differences(postgres)
    assert found == [], found


def test_the_newest_migration_is_the_last_of_the_chain() -> None:
    versions = Path(__file__).resolve().parents[2] / "src/pondside/server/migrations/versions"
    numbers = sorted(p.name[1:5] for p in versions.glob("v0*.py"))
    assert numbers == [f"{i:04d}" for i in range(1, len(numbers) + 1)]
