"""A throwaway PostgreSQL cluster for the tests: `initdb` and `pg_ctl` from the system packages,
in a temporary folder, listening only on a Unix socket in that folder (trust authentication).

Run as root, the server runs as the `postgres` system user (initdb refuses root).
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import quote

SUPERUSER = "postgres"


def find_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    for path in sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True):
        return path
    return None


def why_not() -> str | None:
    """None when a cluster can be started here, else why not (the skip reason)."""
    if not find_bin("initdb") or not find_bin("pg_ctl"):
        return "the PostgreSQL server is not installed (no initdb/pg_ctl; apt-get install postgresql)"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install 'psycopg[binary]')"
    if os.geteuid() == 0:
        import pwd

        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no 'postgres' system user to run the server as"
        if not shutil.which("runuser"):
            return "running as root and runuser is missing"
    return None


class Cluster:
    """One server for the whole test run."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="refpg"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self._prefix: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres", "postgres")
            self._prefix = ["runuser", "-u", "postgres", "--"]
        os.chmod(self.root, 0o755)

    def _run(self, *args: str) -> None:
        subprocess.run([*self._prefix, *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       cwd=self.root)

    def start(self, durable: bool = False) -> None:
        """Tests run without fsync (a throwaway server); `durable` keeps the server's defaults
        (the benchmark: commits reach the disk, as on a club's server)."""
        self._run(find_bin("initdb") or "initdb", "-D", str(self.data), "-U", SUPERUSER, "--auth=trust",
                  "-E", "UTF8", "--locale=C", "--no-sync")
        opts = f"-c listen_addresses='' -c unix_socket_directories='{self.root}' -c max_connections=60"
        if not durable:
            opts += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run(find_bin("pg_ctl") or "pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", opts, "-w",
                  "start")

    def stop(self) -> None:
        try:
            self._run(find_bin("pg_ctl") or "pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, dbname: str = "postgres", user: str = SUPERUSER, schema: str | None = None) -> str:
        url = f"postgresql://{user}@/{dbname}?host={quote(str(self.root), safe='')}"
        if schema:
            url += "&options=" + quote(f"-csearch_path={schema}", safe="")
        return url

    def sql(self, statement: str, dbname: str = "postgres") -> None:
        import psycopg

        with psycopg.connect(self.url(dbname), autocommit=True) as conn:
            conn.execute(statement)

    def new_database(self, name: str) -> str:
        self.sql(f'DROP DATABASE IF EXISTS "{name}"')
        self.sql(f'CREATE DATABASE "{name}"')
        return self.url(name)
