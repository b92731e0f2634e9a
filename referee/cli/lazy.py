"""A Click group whose subcommands are imported only when used (Click's documented pattern)."""

from __future__ import annotations

import importlib
from typing import Any

import click


class SuggestingGroup(click.Group):
    """A group whose unknown commands name the closest ones; its subgroups are the same kind."""

    group_class = type

    def resolve_command(self, ctx: click.Context, args: list[str]):
        """An unknown command names the closest ones (`referee klos` -> did you mean 'kleos'?)."""
        name = args[0] if args else ""
        if name and not name.startswith("-") and not ctx.resilient_parsing and self.get_command(ctx, name) is None:
            from difflib import get_close_matches

            close = get_close_matches(name, self.list_commands(ctx), n=3)
            from referee.model.i18n import _, or_list

            hint = " " + _("Did you mean {names}?").format(names=or_list([repr(c) for c in close])) if close else ""
            ctx.fail(_("No such command {name!r}.").format(name=name) + hint)
        return super().resolve_command(ctx, args)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        cmd = super().get_command(ctx, name)
        if cmd is not None:
            localize(cmd)
            complete_ids(cmd)
        return cmd

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        localize(self)
        super().format_help(ctx, formatter)


def session_id_words(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """A Tab on a session id (`referee.cli.complete.complete_session_id`, loaded only then)."""
    from referee.cli.complete import complete_session_id

    return complete_session_id(ctx, param, incomplete)


def complete_ids(cmd: click.Command) -> None:
    """Every session id a command takes (`show ID`, `--session ID`, `new --like ID`, `play
    GAME|ID`) completes the store's sessions; a group's commands too."""
    for param in cmd.params:
        if getattr(param, "_custom_shell_complete", None) is None and \
                str(param.metavar or "").strip("[]") in ("ID", "GAME|ID"):
            param._custom_shell_complete = session_id_words
    if isinstance(cmd, click.Group) and not isinstance(cmd, LazyGroup):
        for sub in cmd.commands.values() if not hasattr(cmd.commands, "later") else ():
            complete_ids(sub)


HELP_OPTION = "Show this message and exit."  # Click's own words, in our catalog


def localize(cmd: click.Command) -> None:
    """A command's help and its options' help in the table's language (the catalog's
    `--help` entries; English, as written in the code, is kept aside and is the default)."""
    import inspect

    from referee.model.i18n import _

    items: list[Any] = [cmd, *cmd.params]
    help_option = cmd.__dict__.get("_help_option")
    if help_option is not None:
        help_option.__dict__.setdefault("_english_help", HELP_OPTION)
        items.append(help_option)
    for item in items:
        english = item.__dict__.setdefault("_english_help", getattr(item, "help", None))
        if english:
            said = _(inspect.cleandoc(english))
            item.help = english if said == inspect.cleandoc(english) else said
    epilog = cmd.__dict__.setdefault("_english_epilog", cmd.epilog)  # who may use a verb
    if epilog:
        cmd.epilog = _(epilog)
    if isinstance(cmd, click.Group) and getattr(cmd, "subcommand_metavar", None):  # `COMMAND [ARGS]...`
        english_metavar = cmd.__dict__.setdefault("_english_metavar", cmd.subcommand_metavar)
        cmd.subcommand_metavar = _(english_metavar)
    if isinstance(cmd, click.Group) and not isinstance(cmd, SuggestingGroup):  # a plain group's commands
        for sub in cmd.commands.values():
            localize(sub)


class LazyGroup(SuggestingGroup):
    def __init__(self, *args, lazy: dict[str, tuple[str, str]] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy:
            module, _, attr = self.lazy[name][0].partition(":")
            cmd = getattr(importlib.import_module(module), attr)
            localize(cmd)
            complete_ids(cmd)
            return cmd
        return super().get_command(ctx, name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """List lazy commands with their short help without importing them."""
        rows = []
        for name in self.list_commands(ctx):
            if name in self.lazy:
                from referee.model.i18n import _

                rows.append((name, _(self.lazy[name][1])))
            else:
                cmd = super().get_command(ctx, name)
                if cmd is not None and not cmd.hidden:
                    rows.append((name, cmd.get_short_help_str(limit=formatter.width - 20)))
        if rows:
            from referee.model.i18n import _

            with formatter.section(_("Commands")):
                formatter.write_dl(rows)


def said(cmd: click.Command, ctx: click.Context, exc: Any) -> click.UsageError:
    """Words the reader (`referee.cli.reader`) refused, as Click says a usage error: the usage
    line, then what is wrong, naming the parameter as the help shows it."""
    if exc.kind == "option":
        return click.NoSuchOption(exc.option, possibilities=exc.possibilities or None, ctx=ctx)
    if exc.field is not None:
        from referee.cli.reader import param_name

        param = next((p for p in cmd.params if p.name == param_name(exc.field)), None)
    else:
        param = next((p for p in cmd.params if exc.option in getattr(p, "opts", ())), None)
    if exc.kind == "missing" and param is not None:
        return click.MissingParameter(ctx=ctx, param=param)
    if exc.kind == "invalid" and param is not None:
        return click.BadParameter(exc.message, ctx=ctx, param=param)
    return click.UsageError(exc.message, ctx=ctx)


class RootGroup(LazyGroup):
    """The root command: in standalone mode, every outcome becomes an exit code 0-3 with a
    message. Its options are read by `referee.cli.reader.read_root`, as the express lane reads
    them; its parameters say its help."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        from referee.cli.reader import Misread, read_root

        if not args and self.no_args_is_help and not ctx.resilient_parsing:
            raise click.exceptions.NoArgsIsHelpError(ctx)
        try:
            root = read_root(args, partial=ctx.resilient_parsing)
        except Misread as exc:
            self._settle(ctx, read_root(args, partial=True))  # the error in the language and colour asked for
            raise said(self, ctx, exc) from None
        self._settle(ctx, root)
        if root.asks is not None:  # Click's own eager --help and --version print and exit
            return super().parse_args(ctx, [root.asks])
        ctx.params.update(db=root.store_path, session_id=root.session, as_json=root.as_json, viewer=root.viewer,
                          color=root.color)
        rest = args[root.at:]
        ctx._protected_args, ctx.args = rest[:1], rest[1:]
        ctx._opt_prefixes.update(("-", "--"))  # what a Tab takes for an option's name
        return ctx.args

    @staticmethod
    def _settle(ctx: click.Context, root: Any) -> None:
        """--lang and --color take effect while the words are read: what follows speaks and
        colours as asked, a usage error too."""
        if root.lang is not None:
            from referee.model.i18n import set_language

            set_language(root.lang)
        if root.color is not None and ctx.obj is not None:
            ctx.obj.color = root.color

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        import sys

        from referee.cli.run import invoke

        self._complete_var = complete_var
        import os

        if any(k.endswith("_COMPLETE") for k in os.environ):  # a Tab: our bash/zsh/fish classes
            from referee.cli.shells import register

            register()
        if args is None:
            args = sys.argv[1:]
        sys.exit(invoke(self, list(args), prog_name or "referee", obj=extra.get("obj")))

    def invoke(self, ctx: click.Context):
        """A reader that went away (`referee log | head -1`) ends the command quietly, exit 0
        (Click would exit 1 on a broken pipe)."""
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            from referee.cli.run import quiet_stdout

            quiet_stdout()
            raise click.exceptions.Exit(0) from None
