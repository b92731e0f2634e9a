import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))  # shared helpers such as kleos_table, and tests/games
from checkout import ROOT, Checkout, hermetic_environment

# The suite reads nothing of the developer's shell that changes what the referee does: every
# REFEREE_* variable (the store, the session, the language, and Click's automatic variables such
# as REFEREE_AS_JSON), the locale's language, NO_COLOR, the default store's folder. Done here, at
# import, so the referee processes the tests start inherit the same environment.
SCRATCH = Path(tempfile.mkdtemp(prefix="referee-tests-"))
atexit.register(shutil.rmtree, SCRATCH, True)
hermetic_environment(os.environ, SCRATCH)
# The test games (tests/games/, such as Pig) join the registry, here and in the referee processes
# the tests start (referee.model.registry.TEST_GAMES)
os.environ["REFEREE_TEST_GAMES"] = "1"
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(Path(__file__).parent), os.environ.get("PYTHONPATH")) if p)

# Output is fitted to COLUMNS when it is set; pytest-xdist's workers set it to 80. Tests that
# care about a width set it themselves, so every run (one process or several) reads the same.
os.environ.pop("COLUMNS", None)
os.environ.pop("LINES", None)

# No per-example deadline (a 2-core CI machine is slow at times); under CI the examples
# are derandomized so a run is repeatable, while a developer's runs keep exploring.
settings.register_profile("dev", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(scope="session", autouse=True)
def nothing_left_in_the_checkout():
    """The tests run in a scratch folder, never in the checkout: a path a test or the referee takes
    as relative (`--db Ann`, a report's file) lands there. The eight empty stores once committed
    in the repository's root (`--json`, `Ann`, `15`...) were made so: the express lane's tests
    type random words, `--db` among them, and the word after it became a store in the folder the
    suite ran in. When the session ends, a file new in the checkout fails it."""
    before = Checkout(ROOT)
    cwd = os.getcwd()
    os.chdir(SCRATCH)
    try:
        yield
    finally:
        os.chdir(cwd)
    left = before.left_behind()
    if left:
        pytest.fail("the tests left files in the checkout (write under tmp_path, or the db fixture): "
                    + ", ".join(left), pytrace=False)


@pytest.fixture
def db(tmp_path, monkeypatch):
    """A fresh store path, also set as REFEREE_DB for CLI calls."""
    path = tmp_path / "referee.db"
    monkeypatch.setenv("REFEREE_DB", str(path))
    monkeypatch.delenv("REFEREE_SESSION", raising=False)
    return path


# -- PostgreSQL (club play): one throwaway cluster per test run, a schema per test ------------

@pytest.fixture(scope="session")
def pg_cluster():
    """A real PostgreSQL server in a temporary folder (Unix socket only); skipped, with the
    reason, where the server or psycopg is not installed."""
    from pg_server import Cluster, why_not

    reason = why_not()
    if reason:
        pytest.skip(reason)
    cluster = Cluster()
    cluster.start()
    cluster.sql("CREATE DATABASE referee_tests")
    yield cluster
    cluster.stop()


_schemas = iter(range(1, 10**6))


@pytest.fixture
def pg_url(pg_cluster):
    """A URL to an empty schema of its own on the test server."""
    name = f"t{os.getpid()}_{next(_schemas)}"
    pg_cluster.sql(f"CREATE SCHEMA {name}", "referee_tests")
    return pg_cluster.url("referee_tests", schema=name)


# -- headless Chromium: one per module, each test opening its own pages -------------------

@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium driven by Playwright (never a downloaded browser), launched once per
    module rather than once per test; skipped, with the reason, where either is missing. Not once
    per session: Playwright's sync API keeps an asyncio loop running in the thread while it lives,
    and the shell's tests (prompt_toolkit's asyncio.run) cannot run beside it."""
    from serve_support import CHROMIUM, why_no_browser

    reason = why_no_browser()
    if reason:
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture(params=["sqlite", "postgres"])
def store_target(request, tmp_path):
    """Where a store lives, on each backend: an SQLite path or a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "s.db")
    return request.getfixturevalue("pg_url")
