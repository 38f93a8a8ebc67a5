"""A private PostgreSQL server for the tests that stop and restart it, so the shared one (and
the tests using it in parallel) are never disturbed: initdb into a fresh folder, ``pg_ctl`` on a
free loopback port, as the ``postgres`` user when the tests run as root (PostgreSQL refuses to
run as root). Debian's postgresql package provides the programs (`.ci/run` installs it); without
them the tests are skipped, except under CI, where that is a failure."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from redisproc import free_port


class PostgresProcess:
    def __init__(self) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        if not found:
            reason = "PostgreSQL's programs are not installed (Debian's package postgresql)"
            if os.environ.get("CI"):
                pytest.fail(f"{reason}; the CI variable is set, so these tests must run")
            pytest.skip(reason)
        self.bin = Path(found[-1]).parent
        self.root = Path(tempfile.mkdtemp(prefix="pondside-pg-"))
        self.root.chmod(0o755)  # the postgres user walks into it
        self.data = self.root / "data"
        self.port = free_port()
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "pondside",
                  "--no-sync", "-E", "UTF8")  # fmt: skip

    @property
    def url(self) -> str:
        return f"postgresql://pondside@127.0.0.1:{self.port}/postgres"

    def _run(self, *cmd: str) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres")
            cmd = ("runuser", "-u", "postgres", "--", *cmd)
        subprocess.run(cmd, check=True, capture_output=True, timeout=60)

    def start(self) -> PostgresProcess:
        options = f"-p {self.port} -h 127.0.0.1 -k {self.root} -F"
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options, "-w",
                  "-l", str(self.root / "log"), "start")  # fmt: skip
        return self

    def stop(self, mode: str = "immediate") -> None:
        """``immediate``: as a crash, no checkpoint, connections cut."""
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):  # already stopped
            self.stop()
        shutil.rmtree(self.root, ignore_errors=True)
