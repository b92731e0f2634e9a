"""A script fed to the shell (`referee play GAME < script`) runs its actions in the express lane
and hands the rest to the Click shell: what is printed, the exit code and the store are exactly
those of the Click shell running the whole script (issue 26).

Scripts are random playouts of every game, typed as players type them, with comments, blank
lines, refused lines, `status`, session commands (`log`, `undo`) and unknown words mixed in,
with and without `--bail`.
"""

from __future__ import annotations

import contextlib
import io
import random
import sys
from pathlib import Path

import click
import pytest

from referee.cli import cli, express_shell
from referee.cli.context import Referee
from referee.cli.run import invoke
from referee.model import registry
from referee.model.i18n import set_language
from referee.testing import playout_choices
from tests.test_express_lane import Both, _words
from tests.test_express_tab import _changed

OTHER_LINES = ("# a comment", "", "status", "log -n 1", "undo", "nonsense here", "help", "status --json")


def _script(both: Both, rng: random.Random, length: int) -> list[str]:
    """Lines a table might feed the shell: the playout's actions, and the odd other line."""
    from referee.record import session

    engine = both.engine
    state = both.state()
    lines: list[str] = []
    for ply in range(1, length + 1):
        if engine.summary(state)["over"]:
            break
        legal = playout_choices(engine, state)
        if not legal:
            break
        action = rng.choice(legal)
        words = _words(both.game, action)
        roll = rng.random()
        if words and roll < 0.15:
            lines.append(" ".join(_changed(words, rng, words)))  # often refused, or read otherwise
        elif roll < 0.25:
            lines.append(rng.choice(OTHER_LINES))
        if words:
            lines.append(" ".join(words))
            state, _, _ = session.run(engine, engine.copy(state), {k: v for k, v in action.items() if v is not None},
                                      "script", ply)
    return lines


def _run(both: Both, argv: list[str], script: str, lane: bool) -> tuple[int | None, str, str, tuple[str, str]]:
    both._fresh()
    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.StringIO(script)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            if lane:
                code = express_shell.run(list(argv))
            else:
                ref = Referee()
                try:
                    code = invoke(cli, list(argv), prog_name="referee", obj=ref)
                finally:
                    ref.close()
    finally:
        sys.stdin = stdin
        set_language(None)
    return code, out.getvalue(), err.getvalue(), both._after()


@pytest.mark.parametrize("game", registry.shipped())
def test_a_script_runs_the_same_in_the_lane_and_in_the_click_shell(game: str, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("COLUMNS", "80")
    for var in ("REFEREE_DB", "REFEREE_SESSION", "REFEREE_LANG"):
        monkeypatch.delenv(var, raising=False)
    rng = random.Random(31)
    both = Both(tmp_path, game, seed=3)
    for attempt in range(4):
        lines = _script(both, rng, 12)
        script = "\n".join(lines) + "\n"
        argv = ["--db", str(both.work), "--session", both.sid, "play", game, *(["--bail"] if attempt % 2 else [])]
        lane = _run(both, argv, script, lane=True)
        assert lane[0] is not None, "the lane declined a script of the game's actions"
        click_side = _run(both, argv, script, lane=False)
        assert lane == click_side, f"script {attempt} differs:\n{script}"


def test_the_lane_leaves_the_interactive_shell_and_its_options_to_click(monkeypatch: pytest.MonkeyPatch):
    """A terminal on standard input (the prompt), `--board`, a session id instead of a game:
    the Click shell runs them from the start."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("status\n"))
    assert express_shell.run(["play", "kleos", "--board"]) is None
    assert express_shell.run(["play", "kleos-3"]) is None
    assert express_shell.run(["play"]) is None

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Terminal("status\n"))
    assert express_shell.run(["play", "kleos"]) is None
    assert click is not None
