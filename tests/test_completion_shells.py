"""Completion in real bash, zsh and fish: after a `GOD:N` word (bash splits words at `:`), and a
multi-word card name inserted quoted. Each shell runs in a pseudo-terminal (pexpect); every wait
is for what the screen must show, with a deadline. `.ci/run` installs zsh and fish."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import midgame
import pexpect
import pytest

from referee.cli.shell import last_word_start
from referee.cli.tab_words import after_break, typed_words

BIN = str(Path(sys.executable).parent)
WAIT = 60


@pytest.fixture(scope="module")
def kleos_db(tmp_path_factory):
    """A Kleos game in its Action Phase (Ann's ares:1 may move) and one in its Play Phase."""
    folder = tmp_path_factory.mktemp("completion")
    action, play = folder / "action.db", folder / "play.db"
    midgame.build(action, "kleos", cut=30)
    midgame.build(play, "kleos", cut=24)
    return action, play


def _spawn(shell: str, db: Path) -> pexpect.spawn:
    if shutil.which(shell) is None:
        pytest.skip(f"{shell} is not installed (.ci/run installs it with apt-get)")
    env = {**os.environ, "REFEREE_DB": str(db), "PATH": f"{BIN}:{os.environ['PATH']}",
           "TERM": "xterm", "NO_COLOR": "1", "COLUMNS": "100"}
    env.pop("REFEREE_SESSION", None)
    argv = {"bash": ["--norc", "--noprofile"], "zsh": ["-f"], "fish": ["--no-config"]}[shell]
    child = pexpect.spawn(shell, argv, env=env, encoding="utf-8", timeout=WAIT, dimensions=(40, 100))
    ready = "READY$((1+1))" if shell != "fish" else "READY(math 1+1)"
    setup = {"bash": 'eval "$(referee completion bash)"',
             "zsh": 'autoload -Uz compinit && compinit -u && eval "$(referee completion zsh)"',
             "fish": "referee completion fish | source"}[shell]
    child.sendline(f"{setup}; echo {ready}")
    child.expect("READY2")
    return child


def _offered(child: pexpect.spawn, line: str, expect: str, tabs: int = 2) -> str:
    child.send(line + "\t" * tabs)
    child.expect(expect)
    seen = child.before + child.after
    child.sendcontrol("u")  # the line cleared for the next one
    return seen


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_a_god_slot_word_completes_its_slots_and_then_the_places(shell, kleos_db):
    child = _spawn(shell, kleos_db[0])
    try:
        assert "champion" in _offered(child, "referee kleos move ares:", "champion")
        seen = _offered(child, "referee kleos move ares:1 ", "theater")
        assert "market" in seen or "market" in child.read_nonblocking(4096, timeout=5)
    finally:
        child.terminate(force=True)


@pytest.mark.parametrize(("shell", "quoted"), [("bash", "'Hoplite Warrior'"),
                                               ("zsh", "Hoplite\\ Warrior"),
                                               ("fish", "Hoplite\\ Warrior")])
def test_a_multi_word_card_is_inserted_quoted(shell, quoted, kleos_db):
    child = _spawn(shell, kleos_db[1])
    try:
        child.send("referee kleos play athena Hop\t")
        child.expect_exact(quoted)
    finally:
        child.terminate(force=True)


def test_bash_words_are_split_again_as_typed_and_answered_after_the_last_break():
    assert typed_words("referee kleos move ares:") == (["kleos", "move"], "ares:")
    assert typed_words("referee kleos move ares:1 ") == (["kleos", "move", "ares:1"], "")
    assert typed_words("referee kleos play athena 'Hoplite W") == (["kleos", "play", "athena"],
                                                                    "Hoplite W")
    breaks = " \t\n\"'@><=;|&(:"
    assert after_break("ares:", breaks) == 5 and after_break("Ann=1", breaks) == 4
    assert after_break("market", breaks) == 0


def test_the_shell_inserts_a_name_with_spaces_quoted_over_the_whole_word():
    assert last_word_start("play athena Hop") == len("play athena ")
    assert last_word_start("play athena 'Hoplite W") == len("play athena ")
    assert last_word_start("play athena ") == len("play athena ")
