"""Getting started (issue 12, Deliver 7): the store's default place from platformdirs (loaded
only when needed), and `referee manual [GAME]` readable without the clone."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pexpect
import pytest
from click.testing import CliRunner

from referee.cli import GAME_NAMES, cli
from referee.cli.manpages import pages
from referee.cli.manual import roff_to_text
from referee.model import registry


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG_DATA_HOME is the Linux convention")
def test_default_store_is_in_platformdirs_user_data_dir(monkeypatch, tmp_path):
    import platformdirs

    from referee.record.stores import default_path

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_path() == platformdirs.user_data_path("referee", appauthor=False) / "referee.db"
    assert default_path().parent.parent == tmp_path


def test_help_and_version_do_not_load_platformdirs():
    code = ("import sys\nfrom referee.cli import cli\n"
            "for args in (['--help'], ['--version'], ['kleos', '--help']):\n"
            "    try:\n        cli.main(args, standalone_mode=False)\n    except SystemExit:\n        pass\n"
            "print('platformdirs' in sys.modules, 'referee.record.store' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "False False"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG_DATA_HOME is the Linux convention")
def test_a_store_without_db_option_is_made_where_platformdirs_says(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("REFEREE_DB", "REFEREE_SESSION")}
    env["XDG_DATA_HOME"] = str(tmp_path)
    subprocess.run([sys.executable, "-m", "referee", "sessions"], env=env, capture_output=True, check=True)
    assert not (tmp_path / "referee" / "referee.db").exists()  # a view never creates the store
    subprocess.run([sys.executable, "-m", "referee", "croa", "new", "--player", "Ann:red", "--player", "Bob:blue"],
                   env=env, capture_output=True, check=True)
    assert (tmp_path / "referee" / "referee.db").is_file()


@pytest.mark.parametrize("game", [None, *GAME_NAMES])
def test_manual_piped_is_plain_text_of_the_generated_page(game):
    result = CliRunner().invoke(cli, ["manual", *([game] if game else [])])
    assert result.exit_code == 0
    text = result.output
    assert not [line for line in text.splitlines() if line.startswith(".") or "\\f" in line]
    name = f"referee-{game}" if game else "referee"
    assert text.startswith(f"{name}(1)")
    if game == "kleos":
        assert "referee kleos move [OPTIONS] MINION TO" in text and "--dry-run" in text
    if game is None:
        assert "referee manual" in text and "EXIT STATUS" in text


def test_manual_of_an_unknown_game_is_a_usage_error():
    result = CliRunner().invoke(cli, ["manual", "klos"])
    assert result.exit_code == 2


def test_roff_to_text_handles_the_macros_the_pages_use():
    page = ('.TH "REFEREE-X" "1" "2026" "referee 0.1.0" "User Commands"\n.SH NAME\nreferee\\-x \\- a game\n'
            ".SH OPTIONS\n.TP\n\\fB\\-\\-db PATH\\fR\nThe store.\n.SH COMMANDS\n.SS referee x go\n"
            ".B referee x go\n[\\fIOPTIONS\\fR]\n.PP\n.nf\nkeep   this\n.fi\n")
    assert roff_to_text(page) == (
        "referee-x(1)\n\nNAME\n    referee-x - a game\n\nOPTIONS\n    --db PATH\n        The store.\n\n"
        "COMMANDS\n\n  referee x go\n    referee x go [OPTIONS]\n\n    keep   this\n")


def test_the_pages_written_for_a_package_are_what_manual_shows(tmp_path):
    subprocess.run([sys.executable, "-m", "referee.cli.manpages", str(tmp_path)], capture_output=True, check=True)
    shipped = pages(registry.shipped())  # a test game (Pig) gets no page
    written = {p.relative_to(tmp_path).as_posix(): p.read_text(encoding="utf-8") for p in tmp_path.rglob("*.1")}
    assert written == shipped  # fr/ too


def test_writing_the_pages_needs_their_folder():
    done = subprocess.run([sys.executable, "-m", "referee.cli.manpages"], capture_output=True, text=True)
    assert done.returncode == 1 and "usage: python -m referee.cli.manpages DIR" in done.stderr


def _spawn(args: list[str], **env: str) -> str:
    environ = {**os.environ, "TERM": "xterm", **env}
    child = pexpect.spawn(sys.executable, ["-m", "referee", *args], env=environ, dimensions=(24, 80),
                          encoding="utf-8", timeout=30)
    child.expect(pexpect.EOF)
    child.close()
    return child.before


@pytest.mark.skipif(shutil.which("man") is None, reason="no man(1) on this machine")
def test_manual_on_a_terminal_is_shown_by_man():
    text = _spawn(["manual", "croa"], MANPAGER="sed s/^/PAGED:/")
    lines = [line for line in text.splitlines() if line.strip()]
    assert lines and all(line.startswith("PAGED:") for line in lines)
    assert "REFEREE-CROA(1)" in text


@pytest.mark.skipif(shutil.which("sed") is None, reason="the test pager is sed")
def test_manual_on_a_terminal_without_man_pages_plain_text(tmp_path):
    # PATH without man: the plain text goes through Click's pager (here a sed that marks lines)
    text = _spawn(["manual", "croa"], PATH=str(tmp_path), PAGER=f"{shutil.which('sed')} s/^/PAGED:/")
    lines = [line for line in text.splitlines() if line.strip()]
    assert lines[0] == "PAGED:referee-croa(1)" and all(line.startswith("PAGED:") for line in lines)


def test_without_platformdirs_the_default_store_is_a_storage_error_saying_how_to_mend_it(monkeypatch):
    from referee.model.errors import StorageError
    from referee.record.stores import default_path

    monkeypatch.setitem(sys.modules, "platformdirs", None)  # as if it were not installed
    with pytest.raises(StorageError, match=r"reinstall referee .* or give --db PATH"):
        default_path()
