"""A guest's secret: 256 random bits in an HttpOnly, SameSite=Strict cookie for the whole
site; the database and the server's memory keep only its SHA-256, and nothing compares the
secret itself (a lookup goes by the hash, which no one can steer)."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import httpx
from starlette.testclient import TestClient

from pondside.server import app as app_module
from pondside.server.app import create_app
from pondside.server.settings import Settings
from serverproc import GuestClient, ServerProcess

SERVER = Path(app_module.__file__).parent


def test_the_secret_has_256_random_bits(shared_server: ServerProcess) -> None:
    secrets = {GuestClient(shared_server, "Ann").http.cookies["pondside_secret"] for _ in range(5)}
    assert len(secrets) == 5
    for secret in secrets:
        raw = base64.urlsafe_b64decode(secret + "=" * (-len(secret) % 4))
        assert len(raw) * 8 == 256 >= 128


def test_the_cookie_is_httponly_strict_and_for_the_whole_site(
    shared_server: ServerProcess,
) -> None:
    r = httpx.post(f"{shared_server.url}/api/guest", json={"name": "Ann"})
    cookie = r.headers["set-cookie"]
    parts = [p.strip().lower() for p in cookie.split(";")]
    assert parts[0].startswith("pondside_secret=")
    assert "httponly" in parts and "samesite=strict" in parts and "path=/" in parts
    assert "secure" not in parts  # plain HTTP here; behind TLS it is Secure (docs/server.md)


def test_the_database_holds_no_secret_in_clear(server: ServerProcess, tmp_path: Path) -> None:
    guests = [GuestClient(server, name) for name in ("Ann", "Bob")]
    for g in guests:  # used, so any cache or log would have seen it
        assert g.http.get("/api/me").json()["name"] == g.name
    server.stop()
    stored = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.is_file())
    for g in guests:
        secret = g.http.cookies["pondside_secret"]
        assert secret.encode() not in stored
        assert hashlib.sha256(secret.encode()).hexdigest().encode() in stored  # looked right


def test_the_server_keeps_guests_by_the_hash_of_their_secret(tmp_path: Path) -> None:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'p.db'}"))
    with TestClient(app) as client:
        client.post("/api/guest", json={"name": "Ann"})
        secret = client.cookies["pondside_secret"]
        assert client.get("/api/me").json() == {"name": "Ann"}
        assert secret not in app.state.kept.guests
        assert hashlib.sha256(secret.encode()).hexdigest() in app.state.kept.guests


def test_no_code_compares_a_secret_itself() -> None:
    """A comparison of secrets in Python is hmac.compare_digest; the database finds a guest by
    the hash's index (a lookup, not a comparison of the secret)."""
    compared = re.compile(r"secret\w*\s*[!=]=|[!=]=\s*\w*secret")
    found = [
        f"{path.name}: {line.strip()}"
        for path in SERVER.glob("*.py")
        for line in path.read_text().splitlines()
        if compared.search(line)
    ]
    assert found == ["db.py: PlayerRow.secret_hash == hash_secret(secret)"]
