"""A game's Click group, generated from its engine's declaration (referee.model.verbs).

    group("croa")  # the group `referee croa`: every declared verb, `new`, views, tools

Each declared `Verb` becomes a command: its positional fields the arguments (in order), its
option fields the options (required, repeatable, flags, metavars, `kind="int"` parsed as a
number, a `choices` domain listed), its help the verb's, who may use it said after it; the
command builds the action from the words typed, hands it to the session layer and prints
what happened (with --dry-run and --json). Each declared `Command` (`new`, a view, a
calculator) becomes a command the same way. Any registered engine gets its CLI from here:
nothing in referee/cli/ is written per game.
"""

from __future__ import annotations

import functools
from typing import Any

import click

from referee.cli import common, context, output
from referee.cli.acting import Lazy, again, prepared, show_parts, shown_extra, values  # noqa: F401
from referee.cli.common import decorated
from referee.cli.reader import flag_spelling, param_name
from referee.model.verbs import (
    WHO_HELP,
    Answer,
    Command,
    Field,
    Verb,
)


def group(name: str) -> click.Group:
    """The Click group of game `name`, built from `registry.engine(name)`'s declaration."""
    from referee.model import registry

    engine = registry.engine(name)
    made = common.game_group(name, help=engine.cli_help or None)
    made.aliases.update(engine.verb_words)  # type: ignore[attr-defined]
    # each command is built when first used (an action builds its own verb alone)
    for verb in engine.verbs.values():
        made.add_later(verb.name, functools.partial(verb_command, name, verb))  # type: ignore[attr-defined]
    for row in engine.commands:
        if row.kind == "group":
            made.add_later(row.name, functools.partial(_subgroup, name, row, engine.commands))  # type: ignore[attr-defined]
        elif not row.group:
            made.add_later(row.name, functools.partial(command, name, row))  # type: ignore[attr-defined]
    if engine.cards is not None:
        for view in ("status", "hint"):
            then_missing_cards(name, made.commands[view])
    return made


def _subgroup(game: str, row: Command, rows: tuple[Command, ...]) -> click.Group:
    """A declared group of commands (`card ...`), whole, so the placement options reach each of
    its commands."""
    sub = click.Group(row.name, help=row.help, context_settings={"help_option_names": ["-h", "--help"]})
    for each in rows:
        if each.kind != "group" and each.group == row.name:
            sub.add_command(command(game, each))
    return sub


def then_missing_cards(game: str, cmd: click.Command) -> None:
    """After `cmd` (status, hint) in text: what to type when the next step needs cards the
    referee does not know (`referee.cli.acting.missing_cards`)."""
    inner = cmd.callback
    assert inner is not None

    def callback(*args: Any, **kwargs: Any) -> None:
        from referee.cli.acting import missing_cards

        inner(*args, **kwargs)
        missing_cards(game)

    cmd.callback = functools.update_wrapper(callback, inner)


# -- fields -> Click parameters ------------------------------------------------------------------

def _type(field: Field) -> Any:
    if field.kind == "int":
        return click.INT if field.limits is None else click.IntRange(*field.limits)
    if field.choices and field.kind == "text":
        return common.PrefixChoice(field.choices, case_sensitive=False)
    if field.kind == "file":
        return click.Path(dir_okay=False)  # read by datafile.read_text, which names what is wrong
    if field.kind == "path":
        return click.Path(dir_okay=False)
    return None


def parameter(field: Field) -> click.Parameter:
    """The Click argument or option that types `field`."""
    name = param_name(field)
    if field.positional:
        return click.Argument([name], required=field.required, nargs=-1 if field.multiple else 1,
                              metavar=field.metavar, type=_type(field))
    assert field.option is not None
    decls = [field.option, *field.aliases, name]
    if field.kind == "flag":
        decls[0] = flag_spelling(field)  # `--deal/--no-deal`: None when neither is typed
        return click.Option(decls, is_flag=True, default=field.default,
                            help=field.help or None)
    extra: dict[str, Any] = {} if field.default is None else {"default": field.default,
                                                            "show_default": not field.multiple}
    return click.Option(decls, required=field.required and field.default is None,
                        multiple=field.multiple, metavar=field.metavar, type=_type(field),
                        help=field.help or None, **extra)


def who_line(verb: Verb) -> str:
    """Who may use the verb, said after its help (the core enforces it)."""
    return f"Who: {WHO_HELP[verb.who]}."


# -- a verb -------------------------------------------------------------------------------------

def verb_command(game: str, verb: Verb) -> click.Command:
    """The command of one action verb: it builds the action and runs it on the current session."""

    def build(**params: Any) -> dict:
        action = {"verb": verb.name, **values(verb.fields, params)}
        return verb.typed(action) if verb.typed is not None else action

    prepare = prepared(game, verb) if verb.prepare is not None else None

    extra = shown_extra(verb) if verb.shows is not None else None

    def callback(dry_run: bool, **params: Any) -> None:
        action = build(**params)
        if extra is not None and all(v is None for k, v in action.items() if k != "verb") \
                and again(game, verb, dry_run):
            return
        common.run_action(game, action, dry_run=dry_run, prepare=prepare, extra=extra)

    params = [parameter(f) for f in verb.fields]
    if verb.typed is not None:  # words reshaped after parsing: the hook checks the later ones
        for param in [p for p in params if isinstance(p, click.Argument)][1:]:
            param.required = False
            param.type = click.STRING
            if param.metavar and not param.metavar.startswith("["):
                param.metavar = f"[{param.metavar}]"
    for each in params:  # every argument and option value: the legal words (not a flag)
        if not (isinstance(each, click.Option) and (each.is_flag or each.count)):
            each._custom_shell_complete = _complete
    cmd = common.ReadCommand(verb.name, verb.fields, reshaped=verb.typed is not None, callback=callback,
                             help=verb.help or verb.name,
                             params=decorated(params, common.dry_run_option, common.json_option),
                             epilog=who_line(verb), context_settings={"help_option_names": ["-h", "--help"]})
    cmd.referee_prepare = prepare  # type: ignore[attr-defined]  # completion's card trials
    cmd.referee_action = build  # type: ignore[attr-defined]  # hint checks its commands with it
    return cmd


def _complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """A verb parameter's completion (`referee.cli.complete`, loaded only for a Tab)."""
    from referee.cli.complete import complete_verb_param

    return complete_verb_param(ctx, param, incomplete)


# -- new, views and tools -----------------------------------------------------------------------

def _library(game: str, row: Command) -> dict[str, Any]:
    """The card library `row` reads, as the record layer hands it (none when it reads none)."""
    if row.library is None:
        return {}
    from referee.record.library import Library

    return {"library": Library(context.get().store(), game, row.library)}


def command(game: str, row: Command) -> click.Command:
    """The command of a declared `new`, view or calculator."""
    params = [parameter(f) for f in row.fields]
    settings = {"help_option_names": ["-h", "--help"]}
    if row.kind == "new":
        run = row.run
        assert run is not None

        def new(seed: str | None, name: str, dry_run: bool, **given: Any) -> None:
            options = run(**values(row.fields, given), **_library(game, row))
            common.start(game, options, seed=seed, name=name, dry_run=dry_run)

        return click.Command(row.name, callback=new, params=params + decorated([], common.new_options),
                             help=row.help, context_settings=settings)
    if row.kind == "status":  # another name of `status` (Crôa!'s `pond`): the same options
        def status(full: bool) -> None:
            common.show_session(game, None, full=full)

        from referee.cli.reader import status_fields

        return common.ReadCommand(row.name, status_fields(), callback=status,
                                  params=params + decorated([], common.full_option, common.json_option),
                                  help=row.help, context_settings=settings)
    if row.kind == "view":
        def view(**given: Any) -> None:
            assert row.run is not None
            sid, loaded = common.load_current(game)
            log = {}
            if row.log:
                from referee.record import session

                log = {"steps": session.steps(loaded.engine, loaded.seed, loaded.records)}
            answer = row.run(loaded.engine, loaded.state, **log, **values(row.fields, given))
            show(answer, sid, loaded.state_json() if row.state else None)

        return click.Command(row.name, callback=view, params=params + decorated([], common.json_option),
                             help=row.help, context_settings=settings)

    def tool(**given: Any) -> None:
        assert row.run is not None
        show(row.run(**values(row.fields, given), **_library(game, row)))

    return click.Command(row.name, callback=tool, params=decorated(params, common.json_option),
                         help=row.help, context_settings=settings)


def show(answer: Answer, sid: str | None = None, state: dict | None = None) -> None:
    """An answer (its file written first): its data as the JSON envelope, or its parts for people."""
    if answer.write is not None:
        from referee.after.export import write_atomic

        write_atomic(answer.write.path, answer.write.text, force=answer.write.force)
    if context.get().as_json:
        output.emit_json(output.envelope(answer.data, sid, state))
    else:
        show_parts(answer)


_MADE: dict[str, click.Group] = {}


def group_of(name: str) -> click.Group:
    """Game NAME's group, built once."""
    if name not in _MADE:
        from referee.model import registry

        registry.engine(name)  # an unknown game is refused there
        _MADE[name] = group(name)
    return _MADE[name]


def __getattr__(name: str) -> click.Group:
    """`referee.cli.generate:NAME` (the root's lazy map): game NAME's group."""
    if name.startswith("__"):
        raise AttributeError(name)
    return group_of(name)
