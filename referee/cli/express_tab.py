"""The express lane for a Tab: a game verb's argument or option value completed without Click.

Bash, zsh and fish run a whole `referee` process for each Tab, and Click's import alone costs
more than the rest of the answer. So when the shell asks (`_REFEREE_COMPLETE`), `referee.cli.main`
asks this module first. It takes only `referee [globals] GAME [placement] VERB [words...] WORD`
where WORD is a value of one of the verb's declared arguments or options: it reads the request
as the shell's script sends it (`referee.cli.tab_words`), the words with the one reader
(`referee.cli.reader`, a Tab's line read leniently: the option typed last without its value is
the one completed, else the first argument still open), asks the same function as the Click
callback (`referee.cli.complete.complete_field`) and prints its answer as the shell's class
formats it (a verb in the table's words, `déplacer`, is its verb). Anything else -- an option
name, `new`, another command, a placement option's value, words after `--` -- and it declines:
`run` returns None having printed nothing, and the Click tree answers. Tests compare both on
every prefix of listed actions.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from referee.cli.express import Decline, Plan, Words, read_command, read_globals
from referee.model.text import utf8

SHELLS = ("bash", "zsh", "fish")


class NothingLeft(Decline):
    """Every argument typed and no option waiting for its value: a word, not an option's name,
    is offered nothing (Click's `Command.shell_complete`)."""


def run(argv: list[str]) -> int | None:
    """Answer the shell's completion request: exit code 0, or None when Click should."""
    shell, _, what = os.environ.get("_REFEREE_COMPLETE", "").partition("_")
    if argv or what != "complete" or shell not in SHELLS or sys.stdout is None:
        return None
    try:
        text = answer(shell)
        data = (text + "\n").encode()
    except Exception:  # Decline, or anything this lane is not sure of: Click answers it
        return None
    out = getattr(sys.stdout, "buffer", None)  # bytes, as Click writes them (no CRLF)
    sys.stdout.flush()
    if out is None:
        sys.stdout.write(data.decode())
    else:
        out.write(data)
    sys.stdout.flush()
    return 0


def answer(shell: str) -> str:
    """The lines the shell's script reads, or Decline."""
    from referee.cli.complete import choice_words, complete_field, stored_live
    from referee.cli.tab_words import answer_line, request

    args, typed = request(shell)
    if any("\x00" in w or not utf8(w) for w in (*args, typed)):
        raise Decline("a NUL character or a stray byte")
    incomplete, more = typed, None  # as Click's `_resolve_incomplete`: `--opt=VALUE`
    if incomplete == "=":
        incomplete = ""
    elif "=" in incomplete and incomplete.startswith("-"):
        more, _, incomplete = incomplete.partition("=")
    if incomplete.startswith("-") or "--" in args:
        raise Decline("an option's name, or after --")
    plan = Plan()
    words = Words(args)
    read_globals(plan, words)
    if plan.store_path is not None and os.path.isdir(plan.store_path):
        raise Decline("a folder for --db")
    read_command(plan, words)
    verb = plan.verb
    if verb is None:
        raise Decline("status")
    try:
        field, typed_fields = read_verb(verb, words.words[words.at:], more, plan)
    except NothingLeft:
        if incomplete and not incomplete[0].isalnum():
            raise Decline("Click lists the option names that begin so") from None
        return ""  # as Click's own answer for a command with nothing left to type: no word
    # the store and session the line names: a placement option (after the game or the verb)
    # over the root's, as when the command runs
    db, sid = plan.placed_store or plan.store_path, plan.session
    positional = [f for f in verb.fields if f.positional]
    arguments = [(f.name, _metavar(verb, f, i)) for i, f in enumerate(positional)]
    later = field.positional and verb.typed is not None and positional.index(field) > 0
    choices = tuple(field.choices) if field.choices and field.kind == "text" and not later else None
    if plan.lang is not None:
        from referee.model.i18n import set_language

        set_language(plan.lang)
    try:
        live = stored_live(db, sid, plan.game)
        try:
            if live is None:
                found = choice_words(choices, incomplete)
            else:
                found = complete_field(live, verb.name, field.name, typed_fields, incomplete,
                                       arguments=arguments, multiple=field.multiple, choices=choices)
        finally:
            if live is not None and live.store is not None:
                live.store.close()
        return "\n".join(answer_line(shell, w, h, typed) for w, h in found)
    finally:
        if plan.lang is not None:
            set_language(None)


def _metavar(verb: Any, field: Any, at: int) -> str:
    """The argument's metavar as the Click command shows it (a later word of a reshaped verb in [])."""
    metavar = field.metavar or ""
    if verb.typed is not None and at > 0 and metavar and not metavar.startswith("["):
        return f"[{metavar}]"
    return metavar


def read_verb(verb: Any, rest: list[str], more: str | None, plan: Plan) -> tuple[Any, dict[str, Any]]:
    """The field a Tab completes after the verb's words `rest` (`more`: an option name typed as
    `--opt=`), and the fields typed so far (field -> value), as the one reader
    (`referee.cli.reader`) reads the line (its placement options into `plan`); Decline for a
    placement option's value."""
    from referee.cli.reader import param_name, read

    reading = read(verb, [*rest, *([more] if more is not None else [])], partial=True)
    if reading.session:
        plan.session = reading.session
    if reading.store_path is not None:
        plan.placed_store = reading.store_path
    field: Any
    if reading.pending_option is not None:
        if reading.pending is None:
            raise Decline("not a value of the verb's own options")
        field = reading.pending
    elif more is not None:
        raise Decline("a flag or an option the verb does not take, typed with =")
    else:  # the first argument still open
        field = next((f for f in verb.fields if f.positional and (f.multiple or param_name(f) not in reading.typed)),
                     None)
        if field is None:
            raise NothingLeft("no argument left to type")
    typed = {f.name: reading.params[param_name(f)] for f in verb.fields  # a `--x/--no-x` flag is no field's
             if param_name(f) in reading.typed and "/" not in (f.option or "")}
    return field, typed
