"""Run the Click tree and turn every outcome into an exit code 0-3 and a message."""

from __future__ import annotations

import json
import sys

import click

from referee.errors import RefereeError


def _fail(as_json: bool, kind: str, message: str, rule: str | None = None, ref: object = None) -> None:
    if as_json:
        click.echo(json.dumps({"ok": False, "error": {"kind": kind, "message": message, "rule": rule}}))
        return
    from referee.cli import output

    label = {"illegal": "refused", "usage": "error", "storage": "error"}[kind]
    output.echo(f"{label}: {message}", err=True, ref=ref)
    if rule:
        click.echo(f"  rule: {rule}", err=True)


def invoke(cli: click.Command, args: list[str], prog_name: str = "referee", obj: object = None) -> int:
    """Invoke the CLI; return the exit code (0 done, 1 illegal, 2 usage, 3 storage)."""
    as_json = "--json" in args
    if obj is None:  # made here so a refusal printed after Click is done still knows --color
        from referee.cli.context import Referee

        obj = Referee()
    if any("\x00" in a for a in args):
        _fail(as_json, "usage", "an argument contains a NUL character; retype it")
        return 2
    try:
        rv = cli.main(args, prog_name=prog_name, standalone_mode=False, obj=obj)  # type: ignore[call-arg]
        return rv if isinstance(rv, int) and 0 <= rv <= 3 else 0
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        return 2
    except click.ClickException as exc:
        if as_json:
            _fail(True, "usage", exc.format_message())
        else:
            exc.show()
        return 2
    except RefereeError as exc:
        _fail(as_json, exc.kind, exc.message, exc.rule, ref=obj)
        return exc.exit_code
    except KeyboardInterrupt:
        click.echo("Interrupted.", err=True)
        return 2
    except BrokenPipeError:
        return 0
    except RecursionError:
        _fail(as_json, "usage", "the input is nested too deeply")
        return 2
    except Exception as exc:  # a defect; still no traceback at the table
        _fail(as_json, "storage", f"internal error ({type(exc).__name__}: {exc}); please report it")
        if "REFEREE_DEBUG" in __import__("os").environ:
            raise
        return 3
    finally:
        try:
            sys.stdout.flush()
        except Exception:  # noqa: BLE001, S110 - a closed stdout at exit is not the user's problem
            pass
