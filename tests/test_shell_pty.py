"""`referee play` in a real pseudo-terminal (pexpect), its screen read with pyte: Tab offers
the legal words at three points of a real turn of each game, another terminal's write
refreshes the toolbar, Ctrl-C clears the line and Ctrl-D leaves."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import click
import midgame
import pexpect
import pyte
import pytest
from example_runner import example_games

from referee.cli.complete import field_keys, heads, words

ROWS, COLS = 40, 120


class _Answering(pyte.Screen):
    child: pexpect.spawn

    def write_process_input(self, data: str) -> None:
        self.child.send(data)


class Screen:
    def __init__(self, db, game: str) -> None:
        env = {**os.environ, "REFEREE_DB": str(db), "TERM": "xterm", "NO_COLOR": "1"}
        env.pop("REFEREE_SESSION", None)
        self.child = pexpect.spawn(sys.executable, ["-m", "referee", "play", game], env=env,
                                   dimensions=(ROWS, COLS), encoding="utf-8", timeout=30)
        self.screen = _Answering(COLS, ROWS)
        self.screen.child = self.child  # answers the shell's cursor position requests
        self.stream = pyte.Stream(self.screen)
        self.prompt = f"{game}> "
        self.settle(until=self.prompt)

    def settle(self, until: str | None = None, quiet: float = 0.1, most: float = 30.0) -> None:
        """Read what the shell draws until it is quiet (and `until` is on screen)."""
        end = time.monotonic() + most
        while time.monotonic() < end:
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=quiet))
            except pexpect.TIMEOUT:
                if until is None or until in "\n".join(self.screen.display):
                    return
            except pexpect.EOF:
                return

    def wait(self, ok, most: float = 30.0) -> bool:
        """Read what the shell draws until `ok()` holds, at once (or until `most` seconds pass)."""
        end = time.monotonic() + most
        while not ok():
            left = end - time.monotonic()
            if left <= 0:
                return False
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=min(0.05, left)))
            except pexpect.TIMEOUT:
                pass
            except pexpect.EOF:
                return ok()
        return True

    def send(self, text: str, until: str | None = None) -> None:
        """Type `text`; with `until`, read until the shell is quiet with it on the screen (what
        comes next waits on its own condition otherwise)."""
        self.child.send(text)
        if until is not None:
            self.settle(until)

    @property
    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    def line(self) -> str:
        """The prompt line (the last one showing the prompt)."""
        return next(line for line in reversed(self.lines) if line.startswith(self.prompt.rstrip()))

    def menu(self) -> list[str]:
        """The words of the completion menu under the prompt line."""
        at = max(i for i, line in enumerate(self.lines) if line.startswith(self.prompt.rstrip()))
        out = []
        for line in self.lines[at + 1: -1]:
            if not line.strip():
                break
            out.append(line.split()[0])
        return out

    def toolbar(self) -> str:
        return self.lines[-1]


def _legal(live, before: str, verb: str, given: dict, key: str) -> list[str]:
    found = words(live, verb, given, key, None)
    return [w for w, _ in (heads(found, "") or found)]


def _point(s: Screen, typed: str, expected: list[str]) -> None:
    """Type `typed`, press Tab: the menu shows the expected words (as many as fit), in order."""
    s.send(typed)
    assert s.wait(lambda: s.line().startswith(s.prompt + typed.rstrip())), s.lines  # echoed: now Tab
    s.send("\t")
    done = s.prompt + typed + (expected[0] if len(expected) == 1 else "")
    need = min(len(expected), 6)
    # the menu (or the word put in) as expected, however slow the machine; then the shell is let
    # finish drawing (a menu's last row may come in a later read) before the menu is read whole
    s.wait(lambda: s.menu()[:need] == expected[:need] if len(expected) > 1 else s.line().startswith(done))
    s.settle(quiet=0.05, most=2.0)
    shown = s.menu()
    if len(expected) == 1:  # a single word is put in at once
        assert s.line().startswith(s.prompt + typed + expected[0]), s.line()
    else:
        assert shown == expected[: len(shown)] and len(shown) >= min(len(expected), 6), (typed, shown, expected, s.lines)
    s.send("\x03")  # Ctrl-C: the line is cleared, the shell stays
    assert s.wait(lambda: s.line().rstrip() == s.prompt.rstrip()), s.lines


def _log_size(db) -> int:
    from referee.record.store import Store

    store = Store(db, readonly=True)
    try:
        return len(store.actions(store.current_session()))
    finally:
        store.close()


def _arguments(group: click.Group, live, verb: str) -> list[str]:
    cmd = group.get_command(click.Context(group), verb)
    return [k for p, k in field_keys(live.engine, verb, cmd) if isinstance(p, click.Argument)]


@pytest.mark.parametrize("game", example_games())
def test_tab_offers_the_legal_words_at_three_points_of_a_turn(game, tmp_path):
    from referee.cli import cli

    db = tmp_path / "s.db"
    midgame.build(db, game)
    group = cli.get_command(click.Context(cli), game)
    live = midgame.live(db, game)
    s = Screen(db, game)
    try:
        action = next(a for a in live.engine.legal_actions(live.state)
                      if (keys := _arguments(group, live, a["verb"])) and keys[0] in a)
        verb, keys = action["verb"], _arguments(group, live, action["verb"])
        # 1. the verb's first argument
        _point(s, f"{verb} ", _legal(live, "", verb, {}, keys[0]))
        # 2. its second argument once the first is typed (else the verbs again, legal ones first)
        if len(keys) > 1 and keys[1] in action:
            _point(s, f"{verb} {action[keys[0]]} ",
                   _legal(live, "", verb, {keys[0]: action[keys[0]]}, keys[1]))
        # 3. after playing that action from this shell, the next player's first word
        from referee.cli.hint import command_words

        typed = " ".join(command_words(live.engine, verb, group.get_command(click.Context(group), verb), action))
        stored = _log_size(db)
        s.send(typed + "\r")  # the prompt is on the screen already: wait for the action to be stored
        assert s.wait(lambda: _log_size(db) > stored, most=60), s.lines
        s.settle(until=s.prompt)
        live = midgame.live(db, game)
        nxt = next(a for a in live.engine.legal_actions(live.state)
                   if (k := _arguments(group, live, a["verb"])) and k[0] in a)
        _point(s, f"{nxt['verb']} ", _legal(live, "", nxt["verb"], {}, _arguments(group, live, nxt["verb"])[0]))
    finally:
        s.child.terminate(force=True)


def test_another_terminals_write_refreshes_the_toolbar_and_ctrl_d_leaves(tmp_path):
    from referee.cli.output import status_line

    db = tmp_path / "s.db"
    midgame.build(db, "croa")
    s = Screen(db, "croa")
    try:
        assert s.wait(lambda: "Bob to play" in s.toolbar())  # the toolbar may come a moment late
        env = {**os.environ, "REFEREE_DB": str(db)}
        subprocess.run([sys.executable, "-m", "referee", "croa", "move", "h8", "g7", "--tile", "reeds"],
                       env=env, check=True, capture_output=True, timeout=60)
        live = midgame.live(db, "croa")
        expected = status_line(live.engine.summary(live.state), live.engine.turn_word)
        assert s.wait(lambda: expected.split(" · ")[0] in s.toolbar() and "Ann to play" in s.toolbar())
        # completion follows too: Ann's frogs now
        s.send("move ")
        assert s.wait(lambda: s.line().startswith(s.prompt + "move")), s.lines  # echoed: now Tab
        s.send("\t")
        s.wait(lambda: bool(s.menu()))
        s.settle(quiet=0.05, most=2.0)  # the menu drawn whole
        assert set(s.menu()) <= set(live.engine.words(live.state, "move", {}, "from")) and s.menu()
        s.send("\x03", until=s.prompt)
        s.send("\x04")  # Ctrl-D on an empty line leaves, exit 0
        s.child.expect(pexpect.EOF, timeout=10)
        s.child.close()
        assert s.child.exitstatus == 0
    finally:
        s.child.terminate(force=True)
