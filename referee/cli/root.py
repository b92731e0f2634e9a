"""The `referee` command's Click tree: global options, session commands, and the game groups
loaded lazily.

Start-up stays light: this module imports only Click. Each game's group, the
store, tabulate and prompt_toolkit load when a command needs them. The root's parameters say
its help; its words are read by `referee.cli.reader.read_root` (`referee.cli.lazy.RootGroup`),
as the express lane reads them.
"""

from __future__ import annotations

import click

from referee.cli.context import Referee
from referee.cli.lazy import RootGroup, session_id_words
from referee.cli.names import SESSION_COMMANDS  # the root's command names (read without Click too)
from referee.model import registry

GAME_NAMES = tuple(registry.names())  # the registry's games (with the test games when enabled)
GAME_HELP = {name: registry.help_line(name) for name in GAME_NAMES}


@click.group(
    cls=RootGroup,
    lazy={
        **{name: (f"referee.cli.generate:{name}", GAME_HELP[name]) for name in GAME_NAMES},
        **SESSION_COMMANDS,
    },
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.option("--db", "db", envvar="REFEREE_DB", metavar="PATH|URL", type=click.Path(dir_okay=False),
              help="The session store: an SQLite file, or a postgresql:// URL (a club's server). "
                   "Default: a file in the user data dir.")
@click.option("--session", "session_id", envvar="REFEREE_SESSION", metavar="ID", shell_complete=session_id_words,
              help="Which session. Default: the one this store last showed or acted on (of that game, for a "
                   "game's command).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of tables.")
@click.option("--as", "viewer", default=None, metavar="NAME",
              help="Show what the player NAME may see (their hand, their draws) instead of the table's view: "
                   "for a player holding the laptop. Default: the table's view.")
@click.option("--color/--no-color", "color", default=None,
              help="Colour names, score changes and refusals. Default: on a terminal, unless NO_COLOR is set.")
@click.option("--lang", "lang", default=None, expose_value=False,
              type=click.Choice(["fr", "en"], case_sensitive=False),
              help="The table's language. Default: REFEREE_LANG, else the locale (LC_ALL, LC_MESSAGES, LANG).")
@click.version_option(package_name="referee", prog_name="referee")
@click.pass_context
def cli(ctx: click.Context, db: str | None, session_id: str | None, as_json: bool, viewer: str | None,
        color: bool | None) -> None:
    """A referee and scorer for board games: each game is a command below.

    Type what happened at the table; the referee checks it against the rules,
    rolls or takes the dice, applies every effect and keeps the score.
    """

    ctx.obj = ctx.obj if isinstance(ctx.obj, Referee) else Referee()
    ctx.obj.configure(db=db, session_id=session_id, as_json=as_json, color=color, viewer=viewer)
