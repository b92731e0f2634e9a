"""`referee play [GAME|ID]`: the interactive shell (prompt_toolkit is imported only here)."""

from __future__ import annotations

import sys
from difflib import get_close_matches

import click

from referee.cli import context
from referee.cli.shell import Shell, games
from referee.model.errors import StorageError
from referee.model.i18n import _, or_list


@click.command("play")
@click.argument("target", required=False, metavar="[GAME|ID]")
@click.option("--bail", is_flag=True, help="With a script on stdin: stop at the first refused line, with its exit code.")
@click.option("--board", is_flag=True, help="Draw the board again after each action (`set board on|off` in the shell).")
def play_cmd(target: str | None, bail: bool, board: bool) -> int:
    """Interactive shell: the game's verbs and the session commands, with completion,
    history and a toolbar showing whose turn it is and any pending decision.

    With a script on standard input (`referee play croa < game.txt`) each line is
    echoed and run as if typed; `--bail` stops at the first refusal."""
    ref = context.get()
    game, sid = None, ref.session_id
    if target in games():
        game = target
    elif target:
        game, sid = _session_game(ref, target, games()), target
    shell = Shell(ref, game=game, session_id=sid, board=board)
    stdin = sys.stdin
    if not stdin.isatty():
        code = shell.run_script(stdin, bail=bail)
        if code:
            click.get_current_context().exit(code)
        return 0
    return shell.run()


def _session_game(ref: object, target: str, game_names: list[str]) -> str:
    """The game of session `target`; neither a game nor a session: a usage error with the
    closest games and sessions (`play kleo`: did you mean kleos?)."""
    store = ref.store()  # type: ignore[attr-defined]
    try:
        return str(store.session(target)["game"])
    except StorageError:
        ids = [s["id"] for s in store.sessions(include_over=True)]
        close = get_close_matches(target, [*game_names, *ids], n=3, cutoff=0.6)
        hint = " " + _("Did you mean {names}?").format(names=or_list([repr(c) for c in close])) if close else ""
        raise click.UsageError(_("'{target}' is neither a game ({games}) nor a session of this store.{hint}").format(
            target=target, games=", ".join(game_names), hint=hint)) from None

