"""Scripted games for the correction tests: the opening of each game's example, typed through `Table`."""

from __future__ import annotations

import random
import shlex
from pathlib import Path
from typing import Any

from referee.model.errors import RefereeError
from referee.record import corrections, session
from referee.testing import Outcome, Table, playout_choices

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NOT_ACTIONS = ("undo", "redo", "log", "status", "hint", "show", "help")


def opening(game: str, count: int) -> tuple[str, list[str], list[str]]:
    """(the `new` words, lines to run before the actions, the first `count` action lines)."""
    new = ""
    setup: list[str] = []
    actions: list[str] = []
    for raw in (EXAMPLES / f"{game}.txt").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        first = shlex.split(line)[0]
        if first == "new":
            new = line[len("new"):].strip()
        elif not new:
            setup.append(line)
        elif first in NOT_ACTIONS:
            break
        else:
            actions.append(line)
            if len(actions) == count:
                break
    return new, setup, actions


def scripted(game: str, count: int) -> tuple[Table, list[str]]:
    """A Table that has played the first `count` actions of the example; returns it and the lines
    (line i-1 is action i of the log)."""
    new, setup, actions = opening(game, count)
    t = Table(game)
    for line in setup:
        t.ok(line)
    out = t.run(["new", *shlex.split(new)])
    assert out.code == 0, out.error
    t.sid = out.envelope["session"]
    played = []
    for line in actions:  # an example shows refusals and views too: those lines are left out
        before = t.log_length()
        if t.run(line).code == 0 and t.log_length() == before + 1:
            played.append(line)
    assert t.log_length() == len(played) + 1
    return t, played


def root(t: Table, command: str | list[str]) -> Outcome:
    """A root command (`amend`, `log`, `export`...) on the Table's session."""
    return t.run(shlex.split(command) if isinstance(command, str) else command, game=False)


def words(line: str) -> list[str]:
    return shlex.split(line)


def correct_randomly(store: Any, sid: str, rng: random.Random) -> str:
    """One of undo, redo, amend, strike or insert, at random, on stored session `sid` (refusals
    are fine: nothing changes); returns the kind tried."""
    loaded = session.load(store, sid)
    last = len(loaded.records) - 1
    kind = rng.choice(["undo", "redo", "amend", "strike", "insert"])
    try:
        if kind == "undo" and last >= 1:
            session.undo(store, sid, rng.randint(1, min(3, last)))
        elif kind == "redo":
            session.redo(store, sid, 1)
        elif last >= 1:
            number = rng.randint(1, last)
            if kind == "strike":
                corrections.correct(store, sid, "strike", number, reason="test", cut=True)
            else:
                before = session.replay(loaded.engine, loaded.seed, list(loaded.records)[:number])
                choices = playout_choices(loaded.engine, before)
                if choices:
                    corrections.correct(store, sid, kind, number, rng.choice(choices), reason="test", cut=True)
    except RefereeError:
        pass
    return kind
