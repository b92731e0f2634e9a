"""Files (issue 13): `export -o` writes only regular files and never through a symbolic link,
`-o -` is standard output, new files are readable by their owner only, text that is not UTF-8
is refused at the boundary, and a closed pipe ends quietly."""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from kleos_table import NEW_ARGS, NEW_OPTIONS, glory

from referee.cli import cli
from referee.record import session
from referee.record.store import Store


def run(*args: str, input: str | bytes | None = None):
    return CliRunner().invoke(cli, list(args), input=input)


@pytest.fixture
def played(db):
    result = run("--json", *NEW_ARGS)
    assert result.exit_code == 0, result.output
    assert run("kleos", "glory", "ares", "+2", "--reason", "a card").exit_code == 0
    return json.loads(result.output)["session"]


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


# -- export -o: only regular files -------------------------------------------------------------

@pytest.mark.parametrize("force", [[], ["--force"]])
def test_export_onto_a_fifo_is_refused_even_with_force(played, tmp_path, force):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    result = run("export", "-o", str(fifo), *force)
    assert result.exit_code == 2 and "FIFO" in result.output, result.output
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_export_onto_a_socket_is_refused_even_with_force(played, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a short relative name: socket paths are limited to ~100 bytes
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind("sock")
        result = run("export", "-o", "sock", "--force")
    assert result.exit_code == 2 and "socket" in result.output, result.output
    assert stat.S_ISSOCK(os.lstat(tmp_path / "sock").st_mode)


def test_export_onto_a_folder_is_refused_even_with_force(played, tmp_path):
    folder = tmp_path / "out"
    folder.mkdir()
    result = run("export", "-o", str(folder), "--force")
    assert result.exit_code == 2, result.output
    assert "folder" in result.output or "directory" in result.output, result.output
    assert folder.is_dir() and not any(folder.iterdir())


def test_a_symlink_counts_as_existing_and_force_replaces_the_link_not_its_target(played, tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    link = tmp_path / "out.json"
    link.symlink_to(target)
    refused = run("export", "-o", str(link))
    assert refused.exit_code == 2 and "symbolic link" in refused.output and "--force" in refused.output
    assert link.is_symlink() and target.read_text() == "keep me"
    done = run("export", "-o", str(link), "--force")
    assert done.exit_code == 0, done.output
    assert not link.is_symlink() and json.loads(link.read_text())["game"] == "kleos"
    assert target.read_text() == "keep me"


def test_a_dangling_symlink_is_not_written_through(played, tmp_path):
    link = tmp_path / "out.json"
    link.symlink_to(tmp_path / "elsewhere.json")
    result = run("export", "-o", str(link))
    assert result.exit_code == 2 and "exists" in result.output
    assert not (tmp_path / "elsewhere.json").exists()


def test_export_dash_writes_to_standard_output_and_makes_no_file(played, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("export", "-o", "-")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["game"] == "kleos"
    assert not (tmp_path / "-").exists()


def test_a_file_name_too_long_is_a_clear_usage_error(played, tmp_path):
    result = run("export", "-o", str(tmp_path / ("x" * 300 + ".json")))
    assert result.exit_code == 2 and "too long" in result.output, result.output
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file left


def test_an_existing_regular_file_still_needs_force(played, tmp_path):
    out = tmp_path / "out.json"
    out.write_text("old")
    refused = run("export", "-o", str(out))
    assert refused.exit_code == 2 and out.read_text() == "old"
    assert run("export", "-o", str(out), "--force").exit_code == 0
    assert json.loads(out.read_text())["game"] == "kleos"


# -- owner-only files ----------------------------------------------------------------------------

def test_the_store_its_wal_files_and_exports_are_owner_only(tmp_path):
    path = tmp_path / "new-folder" / "referee.db"
    store = Store(path)
    sid = session.create(store, "kleos", NEW_OPTIONS, seed="4")[0].id
    session.act(store, sid, glory("ares", 1))
    assert _mode(path.parent) == 0o700
    assert _mode(path) == 0o600
    for suffix in ("-wal", "-shm"):
        extra = Path(str(path) + suffix)
        assert extra.exists() and _mode(extra) == 0o600, suffix
    store.close()
    out = tmp_path / "out.json"
    result = CliRunner().invoke(cli, ["--db", str(path), "export", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert _mode(out) == 0o600


# -- text that is not UTF-8 -------------------------------------------------------------------------

def test_an_argument_with_a_lone_surrogate_is_a_usage_error_and_nothing_is_stored(played, db):
    result = run("kleos", "glory", "ares", "+1", "--reason", "caf\udce9")
    assert result.exit_code == 2 and "not valid UTF-8" in result.output, result.output
    assert len(Store(db, readonly=True).actions(played)) == 2


def test_a_latin1_byte_in_argv_is_refused_with_exit_2(played, db):
    code = "from referee.cli import main; main()"
    done = subprocess.run([sys.executable.encode(), b"-c", code.encode(), b"kleos", b"glory", b"ares", b"+1",
                           b"--reason", b"caf\xe9"], check=False, capture_output=True, env={**os.environ, "LC_ALL": "C.UTF-8"})
    assert done.returncode == 2, done.stderr
    assert b"not valid UTF-8" in done.stderr and b"Traceback" not in done.stderr
    assert len(Store(db, readonly=True).actions(played)) == 2


def _export(tmp_path: Path) -> dict:
    out = tmp_path / "game.json"
    assert run("export", "-o", str(out)).exit_code == 0
    return json.loads(out.read_text())


def test_import_refuses_a_lone_surrogate_escape(played, db, tmp_path):
    data = _export(tmp_path)
    text = json.dumps(data).replace('"name": "Ann"', '"name": "Ann\\udcff"', 1)
    assert "\\udcff" in text
    (tmp_path / "bad.json").write_text(text)
    result = run("import", str(tmp_path / "bad.json"))
    assert result.exit_code == 2 and "lone surrogate" in result.output, result.output
    assert len(Store(db, readonly=True).sessions(include_over=True)) == 1


def test_import_refuses_a_file_that_is_not_utf8(played, db, tmp_path):
    data = _export(tmp_path)
    raw = json.dumps(data, ensure_ascii=False).replace('"Ann"', '"Ann\u00e9"', 1).encode("latin-1")
    (tmp_path / "latin1.json").write_bytes(raw)
    result = run("import", str(tmp_path / "latin1.json"))
    assert result.exit_code == 2 and "not valid UTF-8" in result.output, result.output
    assert len(Store(db, readonly=True).sessions(include_over=True)) == 1


# -- a closed pipe ---------------------------------------------------------------------------------

def test_a_reader_that_closes_early_ends_the_command_quietly_with_exit_0(played, db):
    for _ in range(5):
        assert run("kleos", "glory", "ares", "+1", "--reason", "a card").exit_code == 0
    code = "from referee.cli import main; main()"
    for args in (["log"], ["show"], ["export", "--format", "md"]):
        proc = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        proc.stdout.close()  # the reader is gone before the first line is written
        err = proc.stderr.read()
        assert proc.wait(timeout=30) == 0, (args, err)
        assert err == b"", (args, err)
