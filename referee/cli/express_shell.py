"""The express lane for a script fed to the shell: `referee play GAME < game.txt`.

Each line of the script is echoed and run as the shell runs it (`Shell.run_script`). While the
lines are the game's actions or `status`, read by the one reader as the express lane reads them
(`referee.cli.express`), they run here without Click. At the first line that is anything else
(a session command, `use`, `help`, `set`, another game, a prefix to expand, a line the lane
declines), the rest of the script, that line included, goes to the Click shell in the same
process, which carries on with the same store and session. A refusal is said in the shell's
words (`referee.cli.run.outcome` with the Referee marked as in the shell), as the shell says it.
Tests run scripts both ways and compare what is printed, the exit code and the store.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import Any

from referee.cli import express

SHELL_WORDS = ("help", "quit", "exit", "use", "set")
MAX_LINE = 4096  # as the shell's own limit: a longer line goes to the Click shell, which refuses it


def _play(argv: list[str]) -> tuple[express.Plan, str, bool]:
    """`[globals] play GAME [--bail]`: the plan of the globals, the game, and --bail; or Decline."""
    from referee.model import registry

    plan = express.Plan()
    words = express.Words(argv)
    express.read_globals(plan, words)
    if not words.more() or words.take() != "play":
        raise express.Decline("not the shell")
    game, bail = None, False
    while words.more():
        word = words.take()
        if word == "--bail":
            bail = True
        elif word.startswith("-") or game is not None:
            raise express.Decline("an option or word of play the lane does not read")
        else:
            game = word
    if game not in registry.names():
        raise express.Decline("play without a game (or with a session id)")
    return plan, game, bail


def run(argv: list[str]) -> int | None:
    """Run a script of actions in the express lane: its exit code, or None (nothing done)."""
    from referee.cli.ansi import isatty

    if sys.stdin is None or sys.stdout is None or isatty(sys.stdin):
        return None
    try:
        plan, game, bail = _play(argv)
    except express.Decline:
        return None
    env_db, env_sid = os.environ.get("REFEREE_DB") or None, os.environ.get("REFEREE_SESSION") or None
    if (plan.store_path and env_db and plan.store_path != env_db) or plan.as_json or (
            plan.session and env_sid and plan.session != env_sid):
        return None  # each line's root reads the environment again: the Click shell's own ways
    from referee.cli import context

    if plan.lang is not None:
        from referee.model.i18n import set_language

        set_language(plan.lang)
    ref = context.Referee()
    ref.color = plan.color
    try:
        express._configure(ref, plan)
    except (express.Decline, Exception):
        ref.close()
        return None
    ref.in_shell, ref.shell_game = True, game
    pinned = ref.session_id
    return Script(ref, game, pinned, bail).run(_lines())


def _lines() -> Iterator[str]:
    yield from sys.stdin


class Script:
    """A script's lines, run here while they are actions, then by the Click shell."""

    def __init__(self, ref: Any, game: str, pinned: str | None, bail: bool) -> None:
        self.ref, self.game, self.pinned, self.bail = ref, game, pinned, bail
        self.worst = 0
        self.taken = 0  # lines run here

    def run(self, lines: Iterator[str]) -> int:
        """The lines, until one is not the lane's; an output that cannot be written (a full disk, a
        closed reader) ends the script as the Click shell ends it: named once, exit 3 (0 for a
        reader that went away, as `| head` does)."""
        from referee.cli import context, express

        self.commits = context.commits()
        try:
            return self._run(lines)
        except OSError as exc:
            return self._end(express._said(exc, False, self.ref, self.commits))

    def _run(self, lines: Iterator[str]) -> int:
        from referee.cli import context
        from referee.cli.ansi import echo

        for raw in lines:
            self.commits = context.commits()
            line = raw.rstrip("\n")
            if not line.strip():
                continue
            if line.lstrip().startswith("#"):
                echo(line)  # the script's own commentary
                continue
            read = self._plan(line)
            if read is None:
                return self._hand_over(line, lines)
            echo(f"{self.game}> {line}")
            code = self._act(*read)
            if code is None:  # failed before saying anything: the Click shell runs this line
                return self._hand_over(line, lines, echoed=True)
            self.taken += 1
            self.worst = max(self.worst, code)
            if code and self.bail:
                return self._end(code)
        return self._end(self.worst if self.bail else 0)

    def _plan(self, line: str) -> tuple[express.Plan, list[str]] | None:
        """The line's plan and words when it is an action or `status` the lane reads; else None."""
        import shlex

        if len(line) > MAX_LINE:
            return None
        try:
            words = shlex.split(line.strip())
        except ValueError:
            return None
        from referee.cli.names import SESSION_COMMANDS
        from referee.model import registry

        head = words[0]
        engine = registry.engine(self.game)
        if (head not in engine.verbs and head != "status") or head in SHELL_WORDS or head in SESSION_COMMANDS \
                or head in registry.names() or "--help" in words or "-h" in words[1:2]:
            return None
        plan = express.Plan()
        try:
            express.read_game_command(plan, express.Words([self.game, *words]))
        except express.Decline:
            return None
        return plan, words

    def _act(self, plan: express.Plan, words: list[str]) -> int | None:
        """Run one line as the shell's `execute` runs it; its exit code, or None to hand it over."""
        from referee.cli import ansi, context
        from referee.model.errors import RefereeError

        ref = self.ref
        ref.as_json = False  # as the shell sets it before each line, and the root's options then
        ref.session_id = self.pinned
        ref.shell_game = self.game
        ref.configure(db=os.environ.get("REFEREE_DB") or None, session_id=os.environ.get("REFEREE_SESSION") or None,
                      as_json=plan.as_json)
        if plan.session:
            ref.session_id = plan.session
        if plan.placed_store is not None:
            ref.close()
            ref.db = plan.placed_store
        as_json = "--json" in words
        printed, commits = ansi.PRINTED[0], context.commits()
        context.EXPRESS.append(ref)
        try:
            express.do(plan)
            sys.stdout.flush()
            return 0
        except (RefereeError, KeyboardInterrupt) as exc:
            return express._said(exc, as_json, ref, commits)
        except Exception as exc:
            if ansi.PRINTED[0] == printed and context.commits() == commits:
                return None
            return express._said(exc, as_json, ref, commits)
        finally:
            context.EXPRESS.pop()

    def _hand_over(self, line: str, rest: Iterator[str], echoed: bool = False) -> int:
        """The rest of the script, from `line` on, to the Click shell (in this process: what was
        read from standard input cannot be read again)."""
        import itertools

        from referee.cli.shell import Shell

        shell = Shell(self.ref, game=self.game, session_id=self.pinned)
        if echoed:
            code = shell.execute(line)
            if code is None:
                return self._end(self.worst if self.bail else 0)
            self.worst = max(self.worst, code)
            if code and self.bail:
                return self._end(code)
            line_and_rest: Iterator[str] = rest
        else:
            line_and_rest = itertools.chain([line], rest)
        code = shell.run_script(line_and_rest, bail=self.bail)
        return self._end(code if self.bail else 0)

    def _end(self, code: int) -> int:
        self.ref.close()
        return code
