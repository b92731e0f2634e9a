"""Run the Click tree and turn every outcome into an exit code 0-3 and a message."""

from __future__ import annotations

import os
import sys

import click

from referee.cli.context import Referee, commits
from referee.model.errors import RefereeError
from referee.model.i18n import _, click_speaks, elide, language
from referee.model.text import utf8


def _fail(as_json: bool, kind: str, message: str, rule: str | None = None, ref: object = None) -> None:
    if as_json:
        try:
            import json

            # `rule`: the rule's canonical (English) name, stable for programs; in another language,
            # `rule_text` names it as the table reads it (English output is left exactly as it was)
            error = {"kind": kind, "message": message, "rule": rule}
            if rule and language() != "en":
                error["rule_text"] = _(rule)
            click.echo(json.dumps({"ok": False, "error": error}))
            return
        except OSError:  # standard output is gone (a full disk): said on standard error instead
            quiet_stdout()
    from referee.cli import output

    message = elide(message)  # French: `de Ann` -> `d'Ann`
    label = {"illegal": _("refused"), "usage": _("error"), "storage": _("error")}[kind]
    if getattr(ref, "in_shell", False):
        message = output.shell_syntax(message, getattr(ref, "shell_game", None))
    colon = _(":")  # French sets a no-break space before it
    output.echo(output.fit(f"{label}{colon} {message}"), err=True, ref=ref)  # wrapped between words
    if rule:  # a rule is named in English in the code (and --json); shown in the table's language
        rule_word = _("rule")
        click.echo(output.fit(f"  {rule_word}{colon} {_(rule)}", indent="    "), err=True)


def shell_path(command_path: str, game: str | None) -> str:
    """`referee kleos move` as typed in the shell: `move` while playing Kleos, else `kleos move`."""
    words = command_path.split()[1:]
    if words and words[0] == game:
        words = words[1:]
    return " ".join(words)


def _show(exc: click.ClickException, ref: object) -> None:
    """Click's own message; with colour on, the same text with "Error:" in red."""
    from referee.cli import output

    if not output.colour_on(err=True, ref=ref):
        exc.show()
        return
    ctx = getattr(exc, "ctx", None)
    if ctx is not None and isinstance(exc, click.UsageError):
        help_names = ctx.command.get_help_option_names(ctx)
        hint = _("Try '{command} {option}' for help.").format(
            command=ctx.command_path, option=max(help_names, key=len)) + "\n" if help_names else ""
        click.echo(f"{ctx.get_usage()}\n{hint}", err=True)
    output.echo(_("Error: {message}").format(message=exc.format_message()), err=True, ref=ref)


def _show_in_shell(exc: click.ClickException, ref: object) -> None:
    """A usage error in the shell's own words: `Usage: move ...`, `Try 'help move'`."""
    from referee.cli import output

    ctx = getattr(exc, "ctx", None)
    game = getattr(ref, "shell_game", None)
    if ctx is not None:
        path = shell_path(ctx.command_path, game)
        usage = ctx.get_usage().replace(ctx.command_path, path or _("COMMAND"), 1)
        word = _("Usage:")
        click.echo(usage.replace(f"{word}  ", f"{word} "), err=True)
        click.echo(_("Try 'help {command}' for help.").format(command=path) if path
                   else _("Try 'help' for the commands."), err=True)
    output.echo(f"{_('error')}{_(':')} {output.shell_syntax(exc.format_message(), game)}", err=True, ref=ref)


def invoke(cli: click.Command, args: list[str], prog_name: str = "referee", obj: object = None) -> int:
    """Invoke the CLI; return the exit code (0 done, 1 illegal, 2 usage, 3 storage)."""
    as_json = "--json" in args
    click_speaks()  # Click's own texts (Usage:, its errors) in the table's language
    if obj is None:  # made here so a refusal printed after Click is done still knows --color
        obj = Referee()
    if any("\x00" in a for a in args):
        _fail(as_json, "usage", _("an argument contains a NUL character; retype it"))
        return 2
    if not all(utf8(a) for a in args):
        _fail(as_json, "usage", _("an argument is not valid UTF-8 text (a stray byte from another encoding);"
                                  " retype it"))
        return 2
    before = commits()
    try:
        rv = cli.main(args, prog_name=prog_name, standalone_mode=False, obj=obj)
        sys.stdout.flush()  # a full disk or a closed terminal shows here, while it can still be named
        return rv if isinstance(rv, int) and 0 <= rv <= 3 else 0
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.exceptions.Abort:
        click.echo(_("Aborted."), err=True)
        return 2
    except click.ClickException as exc:
        if as_json:
            _fail(True, "usage", exc.format_message())
        elif getattr(obj, "in_shell", False):
            _show_in_shell(exc, obj)
        else:
            _show(exc, obj)
        return 2
    except (Exception, KeyboardInterrupt) as exc:
        return outcome(exc, as_json, obj, before)
    finally:
        flush_stdout()


def flush_stdout() -> None:
    """Standard output flushed at a command's end; a reader gone away is let go quietly."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        quiet_stdout()
    except Exception:
        pass


def outcome(exc: BaseException, as_json: bool, obj: object, before: int) -> int:
    """What a command that raised `exc` says, and its exit code (the express lane's too):
    `before`, the write transactions committed before the command began (`context.commits`)."""
    try:
        raise exc
    except RefereeError as exc:
        _fail(as_json, exc.kind, exc.message, exc.rule, ref=obj)
        return exc.exit_code
    except KeyboardInterrupt:
        click.echo(_("Interrupted."), err=True)
        return 2
    except BrokenPipeError:
        quiet_stdout()
        return 0
    except OSError as exc:
        if not _stdout_broken(exc):
            _fail(as_json, "storage", _("internal error ({error}); please report it").format(
            error=f"{type(exc).__name__}: {exc}"))
            return 3
        quiet_stdout()
        why = exc.strerror or str(exc)
        if commits() > before:
            _fail(False, "storage", _("what was done is stored, but its output could not be written ({why}): do"
                                      " not type it again; `referee log -n 1` shows the last action").format(why=why))
        else:
            _fail(False, "storage", _("the output could not be written ({why}); nothing was stored").format(why=why))
        return 3
    except RecursionError:
        _fail(as_json, "usage", _("the input is nested too deeply"))
        return 2
    except Exception as exc:  # a defect; still no traceback at the table
        _fail(as_json, "storage", _("internal error ({error}); please report it").format(
            error=f"{type(exc).__name__}: {exc}"))
        if "REFEREE_DEBUG" in __import__("os").environ:
            raise
        return 3


def _stdout_broken(exc: OSError) -> bool:
    """The failure came from writing the output (a full disk: `> /dev/full`): raised inside
    click's echo (or its pager) or ours (`referee.cli.ansi`), or standard output still cannot be
    flushed."""
    import traceback

    for frame, _line in traceback.walk_tb(exc.__traceback__):
        where = frame.f_code.co_filename.replace("\\", "/")
        if "/click/" in where and frame.f_code.co_name in ("echo", "echo_via_pager", "secho"):
            return True
        if where.endswith("/referee/cli/ansi.py") and frame.f_code.co_name == "echo":
            return True
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        return True
    return False




def quiet_stdout() -> None:
    """The reader went away (`referee log | head -1`): point stdout at devnull so the
    interpreter's own flush at exit finds nothing to complain about."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # not a real file (a test runner's buffer)
        pass
