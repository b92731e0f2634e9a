"""The `referee` command.

`main()` runs a game's action, its `status`, a Tab on its words or a shell script of actions
through the express lane (`referee.cli.express`: the same work, without loading Click; a Tab on
a verb's value: `referee.cli.express_tab`) when it can, and everything else, refusals and
errors included, through the Click tree (`referee.cli.root`). `referee.cli.cli` is that tree.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import TYPE_CHECKING, Any

from referee.cli import express
from referee.model.i18n import _

if TYPE_CHECKING:
    from referee.cli.root import GAME_HELP, GAME_NAMES, SESSION_COMMANDS, cli

    __all__ = ["GAME_HELP", "GAME_NAMES", "SESSION_COMMANDS", "cli", "main"]


def main(args: list[str] | None = None, prog_name: str = "referee") -> None:
    """Entry point: exit codes 0-3 exactly as the contract says, never a traceback."""
    argv = args if args is not None else sys.argv[1:]
    if sys.stdout is None:  # started with standard output closed (`>&-`): nothing can be said there
        if sys.stderr is not None:
            print(_("error") + ": " + _("the output could not be written ({why}); nothing was stored").format(
                why=_("standard output is closed")), file=sys.stderr)
        sys.exit(3)
    if prog_name == "referee" and os.environ.get("_REFEREE_COMPLETE"):  # a Tab: Click's completion request
        from referee.cli import express_tab

        code = express_tab.run(argv)
    else:
        code = express.run(argv)
        if code is None and "play" in argv:
            from referee.cli import express_shell

            code = express_shell.run(argv)
    if code is not None:
        sys.exit(code)
    from referee.cli.root import cli

    cli.main(argv, prog_name=prog_name)


FROM_THE_TREE = ("cli", "GAME_NAMES", "GAME_HELP", "SESSION_COMMANDS")


def __getattr__(name: str) -> Any:
    """`cli`, `GAME_NAMES`, `GAME_HELP`, `SESSION_COMMANDS`: from the Click tree, loaded when asked
    (any other name is a submodule, which the import system loads itself)."""
    if name not in FROM_THE_TREE:
        raise AttributeError(name)
    return getattr(importlib.import_module("referee.cli.root"), name)
