"""Every store and input named (issue 24): what is refused at the door, and what a damaged or
unusual place to read or write is called, with no traceback."""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import example, given
from hypothesis import strategies as st

from referee.cli import cli
from referee.record import session
from referee.record.store import Store

CROA = ["croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--seed", "1"]
KLEOS = ["kleos", "new", "--player", "Ann:ares", "--player", "Bob:athena", "--champion", "ares=4/3/2/1",
         "--champion", "athena=3/3/4/2", "--temple", "ares:h1", "--seed", "4"]
ESC_TITLE = "\x1b]0;owned\x07"  # an OSC sequence: retitles the terminal that prints it


def run(db, *args: str, input: str | None = None):
    result = CliRunner().invoke(cli, ["--db", str(db), *args], input=input)
    assert "Traceback" not in result.output and "internal error" not in result.output
    return result


# -- the store named by --db ------------------------------------------------------------------------

@pytest.mark.parametrize("name", [":memory:", "", "  ", "file:x.db?mode=memory"])
def test_a_store_that_would_not_last_is_refused(name, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    result = CliRunner().invoke(cli, ["--db", name, *CROA])
    assert result.exit_code == 2 and "--db" in result.output
    assert not (tmp_path / "data").exists()  # nothing written to the default store either


def _open_at_once(path: str, barrier, results) -> None:
    barrier.wait()
    try:
        Store(path).close()
        results.put("ok")
    except Exception as exc:
        results.put(f"{type(exc).__name__}: {exc}")


def test_concurrent_first_users_create_the_store_once(tmp_path):
    ctx = multiprocessing.get_context("fork")
    for round_ in range(4):
        path = str(tmp_path / f"new{round_}.db")
        barrier, results = ctx.Barrier(8), ctx.Queue()
        procs = [ctx.Process(target=_open_at_once, args=(path, barrier, results)) for _ in range(8)]
        for p in procs:
            p.start()
        outcomes = [results.get(timeout=60) for _ in procs]
        for p in procs:
            p.join(timeout=60)
        assert outcomes == ["ok"] * 8
        assert Store(path).sessions(include_over=True) == []


# -- standard output that cannot be written ------------------------------------------------------

def _referee(db: Path, *args: str, stdout) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "referee", "--db", str(db), *args], stdout=stdout,
                          stderr=subprocess.PIPE, text=True, timeout=120, check=False)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_an_action_stored_but_not_printed_says_so_and_is_not_retyped(tmp_path):
    db = tmp_path / "t.db"
    assert run(db, *KLEOS).exit_code == 0
    with open("/dev/full", "w") as full:
        done = _referee(db, "kleos", "glory", "ares", "+1", "--reason", "a card", stdout=full)
    assert done.returncode == 3 and "Traceback" not in done.stderr
    assert ("what was done is stored, but its output could not be written (No space left on device): do not "
            "type it again; `referee log -n 1` shows the last action") in " ".join(done.stderr.split())
    assert len(Store(db).actions("kleos-1")) == 2  # stored once


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_view_that_cannot_print_says_nothing_was_stored(tmp_path):
    db = tmp_path / "t.db"
    assert run(db, *KLEOS).exit_code == 0
    with open("/dev/full", "w") as full:
        for view in (["--json", "show"], ["show"], ["log"]):
            done = _referee(db, *view, stdout=full)
            assert done.returncode == 3 and "Traceback" not in done.stderr, view
            assert "the output could not be written (No space left on device); nothing was stored" in \
                " ".join(done.stderr.split())


# -- control characters and the length of names -----------------------------------------------------

@pytest.mark.parametrize("args", [
    ["croa", "new", "--player", f"{ESC_TITLE}:red", "--player", "Bob:blue"],
    [*CROA, "--name", f"club{ESC_TITLE}"],
    ["kleos", "new", "--player", "Ann:ares", "--player", "B\x9bob:athena"],
])
def test_control_characters_in_names_are_refused_at_input(tmp_path, args):
    db = tmp_path / "t.db"
    result = run(db, *args)
    assert result.exit_code == 2 and "holds a control character" in result.output
    assert "\x1b" not in result.output and "\x07" not in result.output  # shown escaped: \x1b
    assert not db.exists() or Store(db).sessions(include_over=True) == []


def test_control_characters_in_a_rename_and_in_an_action_are_refused(tmp_path):
    db = tmp_path / "t.db"
    assert run(db, *KLEOS).exit_code == 0
    renamed = run(db, "sessions", "rename", "kleos-1", f"x{ESC_TITLE}")
    assert renamed.exit_code == 2 and "holds a control character (\\x1b)" in renamed.output
    acted = run(db, "kleos", "glory", "ares", "+1", "--reason", f"a card{ESC_TITLE}")
    assert acted.exit_code == 2 and "holds a control character (\\x1b)" in acted.output
    assert len(Store(db).actions("kleos-1")) == 1 and Store(db).session("kleos-1")["name"] == ""


def _named_control(check) -> str | None:
    """The control character a refusal names (`\x1b`), or None when the check accepts."""
    from referee.model.errors import InputError

    try:
        check()
    except InputError as exc:
        found = re.search(r"holds a control character \((\\x[0-9a-f]{2})\)", exc.message)
        assert found, exc.message
        return found.group(1)
    return None


@given(st.text(alphabet=st.characters(max_codepoint=0x2030)))
@example("\t\n\r")
@example("a\x0bb\x0cc\x85d\x1be\x9f")
@example("x\u202fy\x7f")
@example("Bob \xa0\u2028")
def test_a_control_character_is_found_whether_or_not_the_text_is_printable(text):
    """The check in C that spares most texts a regular expression escapes and refuses exactly
    what the patterns name: tab and newline kept in output, tab and line breaks in a typed text,
    none in a name."""
    from referee.model import text as texts

    def code(found: re.Match | None) -> str | None:
        return None if found is None else f"\\x{ord(found.group()):02x}"

    assert texts.shown(text) == re.sub(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]", lambda m: code(m) or "", text)
    assert _named_control(lambda: texts.check_texts({"reason": text}, "the action")) == \
        code(re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]", text))
    name = text[:200]
    assert _named_control(lambda: texts.check_name(name, "the player name")) == \
        code(re.search(r"[\x00-\x1f\x7f-\x9f]", name))


def test_control_characters_already_stored_are_escaped_wherever_names_are_printed(tmp_path, monkeypatch):
    from referee.model import text

    db = tmp_path / "t.db"
    store = Store(db)
    monkeypatch.setattr(text, "check_new", lambda options, name="": None)  # a store from before the check
    session.create(store, "croa", {"players": [f"Ann{ESC_TITLE}:red", "Bob:blue"]}, seed="1",
                   name=f"club{ESC_TITLE}")
    store.close()
    for view in (["sessions"], ["show"], ["log"], ["croa", "status"], ["export", "--format", "md"],
                 ["export", "--format", "summary"], ["export", "--format", "csv"]):
        result = run(db, *view)
        assert result.exit_code == 0, (view, result.output)
        assert "\x1b" not in result.output and "\x07" not in result.output, view
        assert "\\x1b]0;owned\\x07" in result.output, view


def test_a_name_over_200_characters_is_refused_at_the_table_as_on_import(tmp_path):
    db = tmp_path / "t.db"
    long = "A" * 201
    result = run(db, "croa", "new", "--player", f"{long}:red", "--player", "Bob:blue")
    assert result.exit_code == 2 and "the player name is 201 characters long, over the limit of 200" in result.output
    result = run(db, *CROA, "--name", long)
    assert result.exit_code == 2 and "the session name is 201 characters long" in result.output
    ok = "A" * 200  # the longest name is accepted, exported and imported again
    assert run(db, "croa", "new", "--player", f"{ok}:red", "--player", "Bob:blue", "--seed", "1").exit_code == 0
    exported = tmp_path / "x.json"
    assert run(db, "export", "-o", str(exported)).exit_code == 0
    assert run(tmp_path / "other.db", "import", str(exported)).exit_code == 0


# -- data files and the shell's lines ------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["elysion", "catalog", "check", "BIG"],
    ["kleos", "card", "import", "BIG"],
    ["kleos", "new", "--player", "Ann:ares", "--player", "Bob:athena", "--board", "BIG"],
    ["cerebria", "new", "--player", "Ann", "--player", "Bob", "--deck", "BIG"],
    ["croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--males", "BIG"],
    ["kreus", "new", "--player", "A", "--player", "B", "--player", "C", "--cards", "BIG"],
    ["elysion", "new", "--player", "Ann", "--player", "Bob", "--catalog", "BIG"],
])
def test_a_data_file_is_read_with_a_bound(tmp_path, args):
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:  # sparse: 5 MB and one byte of zeros, written in no time
        fh.truncate(5_000_001)
    result = run(tmp_path / "t.db", *[str(big) if a == "BIG" else a for a in args])
    assert result.exit_code == 2, result.output
    assert f"{big} is larger than the limit of 5 MB for a data file" in result.output


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_dev_zero_as_a_catalog_is_refused_not_read_whole(tmp_path):
    import resource

    def cap() -> None:  # were it read whole, the process dies at 1 GB instead of taking the machine's memory
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    done = subprocess.run([sys.executable, "-m", "referee", "--db", str(tmp_path / "t.db"), "elysion", "catalog",
                           "check", "/dev/zero"], capture_output=True, text=True, timeout=120, preexec_fn=cap,
                          check=False)
    assert done.returncode == 2 and "/dev/zero is larger than the limit of 5 MB for a data file" in done.stderr


def test_the_shell_refuses_a_line_over_4096_characters(tmp_path):
    db = tmp_path / "t.db"
    assert run(db, *KLEOS).exit_code == 0
    line = "glory ares +1 --reason " + "x" * 5000
    result = run(db, "play", "kleos", "--bail", input=line + "\n")
    assert result.exit_code == 2
    assert "the line is 5,023 characters long, over the limit of 4,096 for one command; nothing was run" \
        in result.output
    assert len(Store(db).actions("kleos-1")) == 1


# -- damaged rows ---------------------------------------------------------------------------------

@pytest.mark.parametrize("statement, named", [
    ("UPDATE sessions SET summary = '{bad'", "session 'kleos-1' in the store"),
    ("UPDATE sessions SET created = 'noon'", "the session row (its game, name, seed, commitment, status, summary, "
                                             "times or origin) was changed outside the referee"),
    ("UPDATE actions SET created = 'noon' WHERE idx = 1", "an action's events, reason or time was changed"),
])
def test_a_damaged_row_is_named_with_its_session(tmp_path, statement, named):
    db = tmp_path / "t.db"
    assert run(db, *KLEOS).exit_code == 0
    assert run(db, "kleos", "glory", "ares", "+1", "--reason", "a card").exit_code == 0
    con = sqlite3.connect(db)
    con.execute(statement)
    con.commit()
    con.close()
    # an action row's events or times: named by what reads the rows and by the next action (which
    # seals them again); `show` draws the state kept after the sealed head (docs/integrity.md)
    first = ["show", "kleos-1"] if statement.startswith("UPDATE sessions") else \
        ["kleos", "glory", "ares", "+1", "--reason", "another card"]
    for view in (first, ["log", "kleos-1"], ["verify", "kleos-1"]):
        result = run(db, *view)
        assert result.exit_code == 3 and named in result.output and "kleos-1" in result.output, view


def test_a_truncated_store_is_named_damaged(tmp_path):
    db = tmp_path / "t.db"
    assert run(db, *KLEOS).exit_code == 0
    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    with open(db, "r+b") as fh:
        fh.truncate(3 * 4096)  # the header and the first pages: the actions' pages are gone
    for view in (["show"], ["log"], ["verify"]):
        result = run(db, *view)
        assert result.exit_code == 3 and "is damaged" in result.output, view


# -- where an export goes -------------------------------------------------------------------------

def test_export_to_dev_stdout_writes_through_and_leaves_the_link(tmp_path, monkeypatch):
    from referee.after import export

    db = tmp_path / "t.db"
    assert run(db, *KLEOS).exit_code == 0

    def never(*_args, **_kwargs):  # were it reached, the machine's /dev/stdout link would be replaced
        raise AssertionError("export tried to write a file in place of /dev/stdout")

    monkeypatch.setattr(export, "write_atomic", never)
    result = run(db, "export", "-o", "/dev/stdout", "--force")
    assert result.exit_code == 0 and json.loads(result.output)["game"] == "kleos"
    if os.path.lexists("/dev/stdout"):
        assert os.path.islink("/dev/stdout") or not os.path.isfile("/dev/stdout")


def test_a_link_to_a_device_is_never_replaced_by_an_export(tmp_path):
    db = tmp_path / "t.db"
    assert run(db, *KLEOS).exit_code == 0
    link = tmp_path / "out.json"
    link.symlink_to("/dev/null")
    result = run(db, "export", "-o", str(link), "--force")
    assert result.exit_code == 2 and "is a symbolic link to something that is not a regular file" in result.output
    assert link.is_symlink() and os.readlink(link) == "/dev/null"
