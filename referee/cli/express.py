"""The express lane: a game's action and its `status`, run without loading Click.

Most commands typed at a table are one action or a look at the table, and Click's import
alone costs about as much as everything else such a command does. So `referee.cli.main` asks
this module first. Its words are read by the one reader the Click tree reads them with
(`referee.cli.reader`: the root's options, the game's, the verb's or `status`'s); the action is
built, run and printed with the same code (`referee.cli.acting`).

This module only decides whether it takes the command: an action or `status` whose words the
reader takes, yes; `--help`, `--version`, words the reader refuses, another command: no --
`run` returns None and the Click tree runs the command from the start (and says a usage error
with its usage line, read by the same reader). A refusal by the rules, or a fault of the store,
is said here exactly as the Click tree says it (`referee.cli.run.outcome`); any other failure
before anything was printed or stored declines too.
"""

from __future__ import annotations

import os
import sys
from typing import Any


class Decline(Exception):
    """The express lane will not read these words: the Click tree does."""


class Words:
    """The words of one command, read from the left (`take` the next; `at`: where the rest begin)."""

    def __init__(self, words: list[str]) -> None:
        self.words = list(words)
        self.at = 0

    def more(self) -> bool:
        return self.at < len(self.words)

    def peek(self) -> str:
        return self.words[self.at]

    def take(self) -> str:
        self.at += 1
        return self.words[self.at - 1]


class Plan:
    """What the words ask for: the global settings, the game, and the command."""

    def __init__(self) -> None:
        self.store_path: str | None = None  # --db
        self.placed_store: str | None = None  # a --db after the game: taken as typed (the placement option)
        self.session: str | None = None
        self.as_json = False
        self.viewer: str | None = None  # --as NAME
        self.color: bool | None = None
        self.lang: str | None = None
        self.game = ""
        self.verb: Any = None  # the declared Verb, or None for `status`
        self.params: dict[str, Any] = {}
        self.dry_run = False
        self.full = False


def placement(plan: Plan, session: str | None, db: str | None, as_json: bool) -> None:
    """`--session`, `--db`, `--json` after the game or the verb (the placement options)."""
    if session:
        plan.session = session
    if db is not None:
        plan.placed_store = db
    plan.as_json = plan.as_json or as_json


def _read(reader: Any, words: Words, whose: str) -> Any:
    """One of the reader's levels over the words left (`read_root`, `read_group`): what it read,
    the words it took counted; a word it refuses, or help asked for, goes to the Click tree."""
    from referee.cli.reader import Misread

    try:
        found = reader(words.words[words.at:])
    except Misread:
        raise Decline(f"words {whose} does not take: the Click tree says why") from None
    if found.asks is not None:
        raise Decline(f"help or the version, asked of {whose}")
    words.at += found.at
    return found


def read_globals(plan: Plan, words: Words) -> None:
    """The root's options, before the game, read by the root's own reader
    (`referee.cli.reader.read_root`); a word it refuses, `--help` and `--version` go to the Click
    tree, which reads them with the same function and says them."""
    from referee.cli.reader import read_root

    root = _read(read_root, words, "the root")
    plan.store_path, plan.session, plan.as_json = root.store_path, root.session, root.as_json
    plan.viewer, plan.color, plan.lang = root.viewer, root.color, root.lang


def read_command(plan: Plan, words: Words) -> None:
    """The game, its placement options, and the verb (`status` or an action verb)."""
    from referee.model import registry
    from referee.model.i18n import fold

    if not words.more():
        raise Decline("no command")
    plan.game = words.take()
    if plan.game not in registry.names():
        raise Decline("not a game")
    from referee.cli.reader import read_group

    read = _read(read_group, words, "the game's group")
    placement(plan, read.typed.get("--session"), read.typed.get("--db"), "--json" in read.flags)
    if not words.more():
        raise Decline("no verb")
    engine = registry.engine(plan.game)
    name = words.take()
    if name == "status":
        return
    if name not in engine.verbs:
        if name in _other_commands(engine):
            raise Decline("a command other than an action")
        name = engine.verb_words.get(fold(name), name)
        if name == "status":
            return
    if name not in engine.verbs:
        raise Decline("not an action verb")
    plan.verb = engine.verbs[name]


def _other_commands(engine: Any) -> set[str]:
    """The names of a game group's commands that are not action verbs."""
    return {"new", "status", "rules", "hint", *(row.name for row in engine.commands if not row.group)}


def _status(plan: Plan, words: Words) -> None:
    """`status`'s words (--full and the placement options), read by the one reader."""
    from referee.cli.reader import Misread, read_fields, status_fields

    try:
        reading = read_fields(status_fields(), words.words[words.at:], dry_run=False)
    except Misread:
        raise Decline("words status does not take: the Click tree says why") from None
    if reading.help:
        raise Decline("help")
    plan.full = bool(reading.params["full"])
    placement(plan, reading.session, reading.store_path, reading.as_json)


def _verb(plan: Plan, words: Words) -> None:
    """The verb's words, read by the one reader (`referee.cli.reader`); words it refuses, and
    `--help`, go to the Click tree, which reads them with the same reader and says why."""
    from referee.cli.reader import Misread, read

    try:
        reading = read(plan.verb, words.words[words.at:])
    except Misread:
        raise Decline("words the verb does not take: the Click tree shows its usage") from None
    if reading.help:
        raise Decline("help")
    plan.params, plan.dry_run = reading.params, reading.dry_run
    placement(plan, reading.session, reading.store_path, reading.as_json)


def read(argv: list[str]) -> Plan:
    """The plan of `argv`, or Decline."""
    from referee.model.text import utf8

    if any("\x00" in a or not utf8(a) for a in argv):
        raise Decline("a NUL character or a stray byte")
    plan = Plan()
    words = Words(argv)
    read_globals(plan, words)
    read_game_command(plan, words)
    return plan


def read_game_command(plan: Plan, words: Words) -> None:
    """The game's command in `words` (after the global options) into `plan`, or Decline."""
    read_command(plan, words)
    if plan.verb is None:
        _status(plan, words)
    else:
        _verb(plan, words)


def _configure(ref: Any, plan: Plan) -> None:
    """Configure the command's Referee as the root's and the placement options configure it."""
    ref.color = plan.color  # first, as Click's eager --color/--no-color: even a refusal below obeys it
    db = plan.store_path if plan.store_path is not None else (os.environ.get("REFEREE_DB") or None)
    if db is not None and os.path.isdir(db):
        raise Decline("a folder for --db")  # Click's Path type refuses it
    ref.configure(db=db, session_id=plan.session or os.environ.get("REFEREE_SESSION") or None,
                  as_json=plan.as_json, color=plan.color, viewer=plan.viewer)
    if plan.placed_store is not None:  # `referee kleos --db PATH ...`: taken as typed
        ref.db = plan.placed_store


def do(plan: Plan) -> None:
    """The command's own work, as the Click tree's callback does it."""
    from referee.cli import acting

    if plan.verb is None:
        acting.show_session(plan.game, None, full=plan.full)
        from referee.model import registry

        if registry.engine(plan.game).cards is not None:
            acting.missing_cards(plan.game)
        return
    verb = plan.verb
    action = {"verb": verb.name, **acting.values(verb.fields, plan.params)}
    if verb.typed is not None:
        action = verb.typed(action)
    extra = acting.shown_extra(verb) if verb.shows is not None else None
    if extra is not None and all(v is None for k, v in action.items() if k != "verb") \
            and acting.again(plan.game, verb, plan.dry_run):  # after the game: shown again
        return
    prepare = acting.prepared(plan.game, verb) if verb.prepare is not None else None
    acting.run_action(plan.game, action, dry_run=plan.dry_run, prepare=prepare, extra=extra)


def run(argv: list[str]) -> int | None:
    """Run `argv` in the express lane: its exit code, or None when the Click tree should."""
    if sys.stdout is None or sys.stderr is None:
        return None
    try:
        plan = read(argv)
    except Decline:
        return None
    from referee.cli import ansi, context
    from referee.model.errors import RefereeError

    if plan.lang is not None:
        from referee.model.i18n import set_language

        set_language(plan.lang)
    as_json = "--json" in argv  # as the Click tree decides how to say a failure
    printed = ansi.PRINTED[0]
    commits = context.commits()
    ref = context.Referee()
    context.EXPRESS.append(ref)
    try:
        try:
            _configure(ref, plan)
            do(plan)
            sys.stdout.flush()
        finally:
            context.EXPRESS.pop()
            ref.close()
        return 0
    except (RefereeError, KeyboardInterrupt) as exc:
        return _said(exc, as_json, ref, commits)
    except Exception as exc:  # Decline too
        if ansi.PRINTED[0] == printed and context.commits() == commits:
            return None  # nothing said, nothing stored: the Click tree runs it and says what it says
        return _said(exc, as_json, ref, commits)


def _said(exc: BaseException, as_json: bool, ref: Any, commits: int) -> int:
    """What the Click tree says of `exc`, and its exit code (`referee.cli.run.outcome`)."""
    from referee.cli.run import flush_stdout, outcome

    try:
        return outcome(exc, as_json, ref, commits)
    finally:
        flush_stdout()


