"""`amend`, `insert`, `strike`: correct a past action, every later one re-checked.

WORDS after `--` are what a user types after `referee GAME`: they are parsed by the
game's own Click commands in capture mode (`run_action` hands the action back
instead of applying it), then `referee.record.corrections.correct` does the rest.
"""

from __future__ import annotations

import inspect
from typing import Any

import click
from click.shell_completion import CompletionItem

from referee.cli import context, generate, output
from referee.cli.common import json_option
from referee.cli.current import label, target
from referee.model import registry
from referee.model.errors import InputError
from referee.model.i18n import N_, _, ngettext
from referee.record import corrections, session

AFTER_WORDS = """
N is the action's number in `referee log` (1 is the first action after `new`).
Every later action is re-checked in order, keeping the dice and draws it
recorded. If all hold, the correction becomes the history and a before/after
table shows what changed; if one no longer holds: exit 1, naming it and its
rule, nothing changed (--cut keeps the history up to it; it and the rest are
undone, and `redo` retries them one by one). The old entry stays in the store
with the reason and time (`referee log --all`, exports, `verify`). A correction
is not an undo step: `undo` afterwards takes back the last action of the
corrected history, as always.
"""


def _options(fn: Any) -> Any:
    fn = click.option("--cut", is_flag=True,
                      help="If a later action no longer holds, keep the history up to it and undo it and the "
                           "rest (redo them one by one).")(fn)
    fn = click.option("--dry-run", is_flag=True, help="Show the before/after; record nothing.")(fn)
    fn = click.option("--reason", default=None, metavar="TEXT", help="Why (kept with the old entry).")(fn)
    return json_option(fn)


def _number(fn: Any) -> Any:
    return click.argument("number", metavar="N", type=click.IntRange(min=0),
                          shell_complete=_complete_number)(fn)


def _complete_number(ctx: click.Context, _param: click.Parameter, incomplete: str) -> list:
    """The numbers of the live history, the latest first, each with its log line."""
    try:
        return [CompletionItem(str(n), help=line) for n, line in live_lines(ctx.find_object(context.Referee))
                if str(n).startswith(incomplete)]
    except Exception:  # completion never fails loudly
        return []


def live_lines(ref: Any, sid: str | None = None) -> list[tuple[int, str]]:
    """(number, log line) of the session's live actions (the current one's by default), the latest first."""
    store = ref.reader()
    sid = session.resolve(store, None, sid or ref.session_id)
    engine = registry.engine(store.session(sid)["game"])
    rows = store.actions(sid)
    return [(n, engine.describe(r["action"])) for n, r in enumerate(rows)][:0:-1]


@click.command("amend", context_settings={"ignore_unknown_options": True})
@_number
@click.argument("words", nargs=-1, required=True, metavar="-- WORDS...")
@_options
def amend_cmd(number: int, words: tuple[str, ...], reason: str | None, dry_run: bool, cut: bool) -> None:
    """Action N becomes the command WORDS (as typed after `referee GAME`).

    Example: `referee amend 12 -- attack ares:1 athena:2 --dice ss-`.
    """
    _run("amend", number, words, reason, dry_run, cut)


@click.command("insert", context_settings={"ignore_unknown_options": True})
@_number
@click.argument("words", nargs=-1, required=True, metavar="-- WORDS...")
@_options
def insert_cmd(number: int, words: tuple[str, ...], reason: str | None, dry_run: bool, cut: bool) -> None:
    """A forgotten action WORDS, placed before action N."""
    _run("insert", number, words, reason, dry_run, cut)


@click.command("strike")
@_number
@_options
def strike_cmd(number: int, reason: str | None, dry_run: bool, cut: bool) -> None:
    """Action N was never played: set it aside."""
    _run("strike", number, (), reason, dry_run, cut)


for _cmd in (amend_cmd, insert_cmd, strike_cmd):
    _cmd.help = inspect.cleandoc(_cmd.help or "") + "\n" + AFTER_WORDS
    _cmd.context_settings["help_option_names"] = ["-h", "--help"]


def capture(game: str, words: list[str]) -> dict:
    """The action WORDS mean in `game`, parsed by the game's own commands, not applied."""
    if not words:
        raise InputError(_("give the command after `--`, as typed after `referee GAME`"))
    group = generate.group_of(game)
    ref = context.get()
    parent = click.get_current_context().find_root()  # usage errors read `referee GAME VERB`
    probe = click.Context(group, parent=parent, info_name=game, obj=ref)
    _name, cmd, _rest = group.resolve_command(probe, list(words))
    params = {p.name for p in cmd.params} if cmd is not None else set()
    if cmd is None or cmd.name == "new" or "dry_run" not in params:
        raise InputError(_("'{word}' is not an action of {game}: give a verb that acts, as typed after "
                           "`referee {game}`").format(word=words[0], game=game))
    ref.capture = []
    try:
        with group.make_context(game, list(words), parent=parent, obj=ref) as sub:
            group.invoke(sub)
        found = ref.capture
    finally:
        ref.capture = None
    if not found:
        raise InputError(_("'{words}' gives no action").format(words=" ".join(words)))
    return found[0]


def _run(kind: str, number: int, words: tuple[str, ...], reason: str | None, dry_run: bool, cut: bool) -> None:
    ref = context.get()
    store = ref.store()
    sid = target(store, ref.session_id)
    meta = store.session(sid)
    game = meta["game"]
    as_json = ref.as_json
    action = capture(game, list(words)) if kind != "strike" else None
    ref.as_json = as_json  # `--json` among WORDS counts as given here
    rows = store.actions(sid)
    was = rows[number]["action"] if 0 < number < len(rows) else None
    engine = registry.engine(game)
    if not ref.as_json:  # said first: a refusal below is about this session and this action too
        _where(kind, label(meta), number, engine.describe(was) if was else None)
    outcome = corrections.correct(store, sid, kind, number, action, reason=reason, dry_run=dry_run, cut=cut)
    if ref.as_json:
        state = None if dry_run else context.seen(session.load(store, sid)).state_json()
        output.emit_json(output.envelope({**outcome.as_json(), "was": was}, sid, state))
        return
    show(outcome, engine.turn_word)


def _where(kind: str, session: str, number: int, was: str | None) -> None:
    """The session a correction is made in, and the action it changes (or goes before)."""
    if was is None:
        where = {"amend": _("Amend in {session}: action #{number}."),
                 "strike": _("Strike in {session}: action #{number}."),
                 "insert": _("Insert in {session}: action #{number}.")}[kind]
    else:
        where = {"amend": _("Amend in {session}: action #{number} was `{was}`."),
                 "strike": _("Strike in {session}: action #{number} was `{was}`."),
                 "insert": _("Insert in {session}: before action #{number} `{was}`.")}[kind]
    click.echo(where.format(session=session, number=number, was=was or ""))


def show(outcome: Any, turn_word: str = "turn") -> None:
    """The before/after table and what became of the later actions."""
    head = {"amend": _("Amended action {number}"), "insert": _("Inserted before action {number}"),
            "strike": _("Struck action {number}")}[outcome.kind].format(number=outcome.number)
    if outcome.command:
        head += _(" as `{command}`").format(command=outcome.command)
    if outcome.dry_run:
        head = _("(dry run: nothing recorded)") + " " + head[0].lower() + head[1:]
    rechecked = ngettext("{n} later action re-checked.", "{n} later actions re-checked.",
                         outcome.rechecked).format(n=outcome.rechecked)
    click.echo(_("{head}; {rechecked}").format(head=head, rechecked=rechecked))
    if outcome.reopened:
        click.echo(_("The finished game's seed was revealed: its draws from now on use a new secret, "
                     "commitment {commitment}").format(commitment=outcome.reopened))
    if outcome.first_failing:
        f = outcome.first_failing
        click.echo(_("Cut at action {number} ({command}): {message}").format(
            number=f.number, command=f.command, message=f.message)
            + (" [" + _("rule: {rule}").format(rule=_(f.rule)) + "]" if f.rule else ""))
        click.echo(_("It and the rest are undone: `redo` retries them one by one."))
    names = output.player_names(outcome.after)
    if outcome.changed:
        rows = [[_what(c["what"]), *(_cell(c[k], c["what"] in WORDS) for k in ("before", "after"))]
                for c in outcome.changed]
        output.echo(output.table(["", _("before"), _("after")], rows), players=names)
    else:
        click.echo(_("Nothing changed in the scores, the turn or the pending decisions."))
    output.echo_status(outcome.after, turn_word)


# the rows of the before/after table (`score Ann`: the word, then the player's name)
CHANGED = (N_("score"), N_("turn"), N_("phase"), N_("current"), N_("pending"), N_("over"), N_("winners"),
           N_("outcome"))


def _what(what: str) -> str:
    """A before/after row's name in the table's language (`score Ann`, `tour`)."""
    word, sep, rest = what.partition(" ")
    return _(word) + sep + rest


WORDS = ("phase", "outcome")  # rows whose values are the game's words (a name is not translated)


def _cell(value: Any, word: bool = False) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, str) and word:
        return _(value) if value else "-"
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "-"
    return str(value) if value != "" else "-"
