"""The checkout stays clean: the suite writes nothing there, the repository holds no binary outside
tests/data, .gitignore covers the stores the referee makes, and the suite reads nothing of the
developer's shell (issue 39, item 5).

Eight empty SQLite stores named `--json`, `--session`, `--direction`, `Ann`, `15`, `2`, `deprive`
and `mild-gloom-yellow-drain` were once committed in the repository's root. They came from the
express lane's tests (tests/test_express_lane.py), which type random words with `--db` among
them: the word after it was taken as a store path, relative to the folder the suite ran in, the
checkout. Now the suite runs in a scratch folder (tests/conftest.py), a session that leaves
anything in the checkout fails, and `--db` followed by an option is refused.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from checkout import ROOT, Checkout, hermetic_environment
from click.testing import CliRunner

from referee.cli import cli, express

SQLITE_HEADER = b"SQLite format 3\x00"


def _tracked() -> list[str]:
    """The repository's files (git's list), or skip where this is not a git checkout."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: the repository's list of files is git's")
    out = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True, check=True).stdout
    return [name for name in out.decode().split("\0") if name]


def test_the_suite_runs_outside_the_checkout():
    """A path a test gives as relative lands in the session's scratch folder, not the checkout."""
    assert not Path.cwd().resolve().is_relative_to(ROOT)


def test_a_store_typed_after_the_verb_is_made_outside_the_checkout():
    """The words that made the store `Ann` in the repository's root: `--db` typed after the game,
    followed by a player's name. The store is made where the suite runs, never in the checkout."""
    try:
        result = CliRunner().invoke(cli, ["croa", "new", "--db", "Ann", "--player", "Ann:red", "--player", "Bob:blue", "--digital", "--seed", "7"])
        assert result.exit_code == 0, result.output
        assert (Path.cwd() / "Ann").is_file()
        assert not (ROOT / "Ann").exists()
    finally:
        (Path.cwd() / "Ann").unlink(missing_ok=True)


@pytest.mark.parametrize("words", [
    ["--db", "--json", "sessions"],
    ["kleos", "status", "--db", "--session"],
    ["kleos", "new", "--player", "Ann:ares", "--player", "Bob:athena", "--db", "--direction"],
])
def test_a_store_path_that_is_an_option_is_refused(words, tmp_path, monkeypatch):
    """`--db --json`: an option where the store's path was due is refused (exit 2), in the Click
    tree and in the express lane alike, and no store is made."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, words)
    assert result.exit_code == 2, result.output
    assert "that is an option, not the path of a store" in result.output
    assert os.listdir(tmp_path) == []


def test_the_express_lane_refuses_a_store_path_that_is_an_option(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code = express.run(["kleos", "status", "--db", "--session"])
    assert code == 2
    assert "that is an option, not the path of a store" in capsys.readouterr().err
    assert os.listdir(tmp_path) == []


def test_a_file_left_in_a_checkout_is_named(tmp_path):
    """The guard of tests/conftest.py: a file left is named; the caches Python, pytest and
    Hypothesis keep, and a virtual environment, are not (nor a file edited meanwhile)."""
    (tmp_path / "README.md").write_text("x")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("x")
    before = Checkout(tmp_path)
    assert before.left_behind() == []
    for cache in ("__pycache__", ".pytest_cache", ".hypothesis", "pkg.egg-info"):
        (tmp_path / cache).mkdir()
        (tmp_path / cache / "f").write_text("x")
    (tmp_path / "venv").mkdir()
    (tmp_path / "venv" / "pyvenv.cfg").write_text("home = /usr")
    assert before.left_behind() == []
    (tmp_path / "--json").write_bytes(SQLITE_HEADER)
    (tmp_path / "docs" / "a.md").write_text("changed")
    (tmp_path / "README.md").unlink()
    assert before.left_behind() == ["--json"]


def _binary(path: Path) -> bool:
    data = path.read_bytes()
    return data.startswith(SQLITE_HEADER) or b"\x00" in data


def test_the_repository_holds_no_binary_outside_tests_data():
    """No SQLite store, nor any file with a NUL byte, outside tests/data. The one exception: the
    compiled French catalog (`.mo`), which tests/test_i18n.py checks against its `.po` source."""
    found = [name for name in _tracked()
             if not name.startswith("tests/data/") and not name.endswith(".mo")
             and (ROOT / name).is_file() and _binary(ROOT / name)]
    assert found == []


def test_the_binary_check_finds_a_store_and_a_nul_byte(tmp_path):
    """The check above can fail: an empty store, and a text file with a NUL byte in it."""
    import sqlite3

    sqlite3.connect(tmp_path / "Ann").execute("CREATE TABLE t (x)").connection.close()
    (tmp_path / "notes.txt").write_bytes(b"text\x00more")
    (tmp_path / "plain.txt").write_text("text")
    assert [_binary(tmp_path / name) for name in ("Ann", "notes.txt", "plain.txt")] == [True, True, False]


@pytest.mark.parametrize("name", ["referee.db", "club.sqlite", "x.sqlite3", "referee.db-wal", "referee.db-shm",
                                  "referee.db-journal", "Ann-wal", "Ann-shm", "Ann-journal", "referee.history",
                                  "referee.db.v1-backup", "referee.db.v1-backup.2", ".referee-x1y2.tmp"])
def test_gitignore_covers_the_stores_the_referee_makes(name):
    """A store with an extension, SQLite's companion files (whatever the store is named), the
    shell's history beside a store, an upgrade's backup copy, an export's unfinished file. A store
    with no extension cannot be globbed: the session's guard (tests/conftest.py) catches it."""
    _tracked()
    found = subprocess.run(["git", "-C", str(ROOT), "check-ignore", "--no-index", "-q", name])
    assert found.returncode == 0, f"{name} is not ignored"


def test_the_suite_reads_no_referee_variable_of_the_shell():
    """tests/conftest.py cleared every REFEREE_* of the developer's shell (the test games' switch
    is the suite's own), the locale's language, NO_COLOR, and moved the default store's folder."""
    assert sorted(k for k in os.environ if k.startswith("REFEREE_")) == ["REFEREE_TEST_GAMES"]
    assert "NO_COLOR" not in os.environ and "LC_ALL" not in os.environ and "LC_MESSAGES" not in os.environ
    assert os.environ["LANG"] == "C.UTF-8"
    assert not Path(os.environ["XDG_DATA_HOME"]).resolve().is_relative_to(Path.home().resolve())
    assert not Path(os.environ["XDG_CONFIG_HOME"]).resolve().is_relative_to(Path.home().resolve())


def test_hermetic_environment_clears_what_the_referee_reads(tmp_path):
    env = {"REFEREE_DB": "/somewhere", "REFEREE_SESSION": "x", "REFEREE_LANG": "fr", "REFEREE_AS_JSON": "1",
           "REFEREE_VENV": "/v", "REFEREE_KLEOS_GLORY_REASON": "r", "_REFEREE_COMPLETE": "bash_complete",
           "NO_COLOR": "1", "LC_ALL": "fr_FR.UTF-8", "LANG": "fr_FR.UTF-8", "HOME": "/home/dev", "PATH": "/bin"}
    cleared = hermetic_environment(env, tmp_path)
    assert env == {"HOME": "/home/dev", "PATH": "/bin", "LANG": "C.UTF-8", "XDG_DATA_HOME": str(tmp_path / "data"),
                   "XDG_CONFIG_HOME": str(tmp_path / "config")}
    assert "REFEREE_VENV" in cleared and "LC_ALL" in cleared


def test_every_referee_variable_the_code_reads_is_cleared():
    """Every REFEREE_* name written in the code is one `hermetic_environment` clears (all of them:
    the prefix), and every other variable it reads for the language or colour is listed there."""
    import re

    named = set()
    for path in (ROOT / "referee").rglob("*.py"):
        named |= set(re.findall(r"\b_?REFEREE_[A-Z_]+", path.read_text(encoding="utf-8")))
    env = dict.fromkeys(named, "x")
    hermetic_environment(env, Path("/tmp"))
    assert set(env) == {"LANG", "XDG_DATA_HOME", "XDG_CONFIG_HOME"}
