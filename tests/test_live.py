"""Live for everyone: the store's data_version, `show --watch`, the shell's board option and
unique prefixes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import midgame
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.output import DummyOutput

from referee.cli.context import Referee
from referee.cli.shell import Shell
from referee.record.store import Store


def _shell(db, game: str) -> Shell:
    ref = Referee()
    ref.configure(str(db), None, False)
    return Shell(ref, game=game, output=DummyOutput(), history=InMemoryHistory())


def test_data_version_changes_for_another_connections_write_only(tmp_path):
    db = tmp_path / "s.db"
    midgame.build(db, "croa", cut=1)
    mine, other = Store(db), Store(db)
    seen = mine.data_version()
    mine.touch("croa-1")  # our own write: no change
    assert mine.data_version() == seen
    other.touch("croa-1")
    assert mine.data_version() != seen


def test_the_shell_follows_another_terminals_action(db):
    midgame.build(db, "croa", cut=6)
    shell = _shell(db, "croa")
    assert "Bob to play" in shell.toolbar() and shell.follow() is False
    env = {**os.environ, "REFEREE_DB": str(db)}
    subprocess.run([sys.executable, "-m", "referee", "croa", "move", "h8", "g7", "--tile", "reeds"],
                   env=env, check=True, capture_output=True, timeout=60)
    assert "Ann to play" in shell.toolbar()  # the toolbar looks before it draws
    assert shell.referee.live.engine.summary(shell.referee.live.state)["current"] == "Ann"


def test_unique_prefixes_stand_for_commands_and_an_ambiguous_one_is_refused(db, capsys):
    midgame.build(db, "croa", cut=6)
    shell = _shell(db, "croa")
    assert shell.expand(["mov", "h8", "g7"]) == ["move", "h8", "g7"] and shell.expand(["mo"]) == ["mo"]
    assert shell.expand(["und"]) == ["undo"] and shell.expand(["e"]) == ["e"]  # exit, export, elysion...
    # (mo: move or mosquito)
    assert shell.execute("mov h8 g7 --tile reeds") == 0
    assert shell.summary["current"] == "Ann"
    assert shell.execute("e") == 2
    assert "'e' could be elysion, exit or export: type more of it" in capsys.readouterr().err


def test_set_board_on_draws_the_board_after_each_action_only(db, capsys):
    midgame.build(db, "croa", cut=6)
    shell = _shell(db, "croa")
    assert shell.execute("set board on") == 0
    capsys.readouterr()
    shell.execute("move h8 g7 --tile reeds --dry-run")  # a dry run: no board
    assert "colony" not in capsys.readouterr().out.lower()
    shell.execute("move h8 g7 --tile reeds")
    drawn = capsys.readouterr().out
    assert "Crôa! · session croa-1" in drawn
    assert shell.execute("set board off") == 0 and shell.execute("set board maybe") == 2


class _Reader:
    """Lines a child process prints, read in a thread, waited for with a deadline (never a sleep)."""

    def __init__(self, stream) -> None:
        import threading

        self.text = ""
        self._cond = threading.Condition()
        threading.Thread(target=self._pump, args=(stream,), daemon=True).start()

    def _pump(self, stream) -> None:
        for chunk in iter(lambda: stream.read(1), ""):
            with self._cond:
                self.text += chunk
                self._cond.notify_all()

    def wait_for(self, what: str, count: int = 1, deadline: float = 60.0) -> None:
        end = time.monotonic() + deadline
        with self._cond:
            while self.text.count(what) < count:
                left = end - time.monotonic()
                assert left > 0, f"waited {deadline} s for {count} x {what!r}; got:\n{self.text[-2000:]}"
                self._cond.wait(left)


def _ctrl_c_as_at_a_terminal() -> None:
    """Ctrl-C (SIGINT) at its default in the watch, as in a terminal: a test run started in the
    background by a script (no job control) has it ignored, and a child inherits that."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _watch(db, *extra):
    env = {**os.environ, "REFEREE_DB": str(db), "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"}
    env.pop("REFEREE_SESSION", None)
    proc = subprocess.Popen([sys.executable, "-m", "referee", "show", "--watch", *extra], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_ctrl_c_as_at_a_terminal)
    return proc, _Reader(proc.stdout), env


HEAD = "Crôa! · session croa-1"


def test_show_watch_redraws_on_every_change_and_ctrl_c_leaves_with_exit_0(tmp_path):
    db = tmp_path / "s.db"
    midgame.build(db, "croa", cut=6)
    watch, seen, env = _watch(db)
    try:
        seen.wait_for("(watching croa-1")
        subprocess.run([sys.executable, "-m", "referee", "croa", "move", "h8", "g7", "--tile", "reeds"],
                       env=env, check=True, capture_output=True, timeout=60)
        seen.wait_for("(watching croa-1", count=2)
    finally:
        watch.send_signal(signal.SIGINT)
        _, err = watch.communicate(timeout=30)
    assert watch.returncode == 0, err
    draws = seen.text.split(HEAD)
    assert len(draws) == 3  # drawn at the start, then once for the move
    assert "Bob to play" in draws[1] and "Ann to play" in draws[2]
    assert "Traceback" not in err


def test_show_watch_redraws_when_the_terminal_is_resized(tmp_path):
    db = tmp_path / "s.db"
    midgame.build(db, "croa", cut=6)
    watch, seen, _ = _watch(db)
    try:
        seen.wait_for("(watching croa-1")
        watch.send_signal(signal.SIGWINCH)
        seen.wait_for("(watching croa-1", count=2)
    finally:
        watch.send_signal(signal.SIGINT)
        watch.communicate(timeout=30)
    assert seen.text.count(HEAD) == 2 and watch.returncode == 0


def test_show_watch_ends_on_a_final_screen_and_stays_on_its_game(tmp_path):
    db = tmp_path / "s.db"
    lines = midgame.lines("croa")
    midgame.build(db, "croa", cut=len(lines) - 2)  # the last move is still to come
    watch, seen, env = _watch(db)
    try:
        seen.wait_for("(watching croa-1")
        # another game starts meanwhile: the watch stays on croa-1
        subprocess.run([sys.executable, "-m", "referee", "croa", "new", "--player", "Cy:green",
                        "--player", "Dee:pink", "--seed", "3"], env=env, check=True,
                       capture_output=True, timeout=60)
        subprocess.run([sys.executable, "-m", "referee", "--session", "croa-1", "croa",
                        *lines[-2].split()], env=env, check=True, capture_output=True, timeout=60)
        seen.wait_for("the watch ends")  # the final screen, read by the reader thread alone
        watch.wait(timeout=60)
    finally:
        if watch.poll() is None:
            watch.kill()
    assert watch.returncode == 0, watch.stderr.read() if watch.stderr else ""
    assert "croa-2" not in seen.text
    assert "Game over" in seen.text.split(HEAD)[-1] and "the watch ends" in seen.text
