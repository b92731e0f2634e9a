"""`referee play [GAME|ID]`: the interactive shell (prompt_toolkit is imported only here)."""

from __future__ import annotations

import click

from referee.cli import context


@click.command("play")
@click.argument("target", required=False, metavar="[GAME|ID]")
def play_cmd(target: str | None) -> None:
    """Interactive shell: the game's verbs and the session commands, with completion,
    history and a toolbar showing whose turn it is and any pending decision."""
    from referee.shell import GAMES, Shell

    ref = context.get()
    game, sid = None, ref.session_id
    if target in GAMES:
        game = target
    elif target:
        meta = ref.store().session(target)  # a missing id is a storage error (exit 3)
        game, sid = meta["game"], target
    Shell(ref, game=game, session_id=sid).run()
