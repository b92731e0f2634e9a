"""The `referee` command's Click tree: global options, session commands, and the game groups
loaded lazily.

Start-up stays light: this module imports only Click. Each game's group, the
store, tabulate and prompt_toolkit load when a command needs them.
"""

from __future__ import annotations

import click

from referee.cli.lazy import RootGroup
from referee.model import registry

GAME_NAMES = tuple(registry.names())  # the registry's games (with the test games when enabled)
SESSION_COMMANDS = {
    "sessions": ("referee.cli.sessions:sessions_cmd", "List sessions; rename, delete, restore, purge."),
    "show": ("referee.cli.sessions:show_cmd", "Show a session's table (board, scores, turn)."),
    "log": ("referee.cli.sessions:log_cmd", "Numbered actions with their results."),
    "undo": ("referee.cli.sessions:undo_cmd", "Take back actions (they can be redone)."),
    "redo": ("referee.cli.sessions:redo_cmd", "Put back undone actions."),
    "amend": ("referee.cli.corrections:amend_cmd", "Correct a past action; every later one is re-checked."),
    "insert": ("referee.cli.corrections:insert_cmd", "Add a forgotten action before action N, re-checking the rest."),
    "strike": ("referee.cli.corrections:strike_cmd", "Set aside an action that was never played, re-checking the rest."),
    "export": ("referee.cli.sessions:export_cmd", "Write a session as json, jsonl, csv, md or a chat summary."),
    "import": ("referee.cli.sessions:import_cmd", "Rebuild a session from a JSON export, re-checking every action."),
    "verify": ("referee.cli.sessions:verify_cmd", "Check that sessions are intact (chain, seed, every roll)."),
    "play": ("referee.cli.shell_cmd:play_cmd", "Interactive shell over the same commands."),
    "completion": ("referee.cli.sessions:completion_cmd", "Print the shell completion script (bash, zsh, fish)."),
    "stats": ("referee.cli.after:stats_cmd", "Plays, wins and scores per player and game across finished sessions."),
    "report": ("referee.cli.after:report_cmd", "Write a session's report (HTML or Markdown): standings, chart, board, log."),
    "manual": ("referee.cli.manual:manual_cmd", "The manual page of referee or of one game."),
    "serve": ("referee.cli.serve:serve_cmd", "A live read-only web page of the table for every phone."),
    # club play
    "push": ("referee.cli.club:push_cmd", "Send sessions to another store (the club's server), verified, never twice."),
    "league": ("referee.cli.club:league_group", "Leagues: add games, standings with points and tie-breaks."),
    "club": ("referee.cli.club:club_group", "Roles for the club's tables and organiser (PostgreSQL)."),
}
GAME_HELP = {name: registry.help_line(name) for name in GAME_NAMES}


@click.group(
    cls=RootGroup,
    lazy={
        **{name: (f"referee.cli.generate:{name}", GAME_HELP[name]) for name in GAME_NAMES},
        **SESSION_COMMANDS,
    },
    context_settings={"help_option_names": ["-h", "--help"], "auto_envvar_prefix": "REFEREE"},
)
@click.option("--db", "db", envvar="REFEREE_DB", metavar="PATH|URL", type=click.Path(dir_okay=False),
              help="The session store: an SQLite file, or a postgresql:// URL (a club's server). "
                   "Default: a file in the user data dir.")
@click.option("--session", "session_id", envvar="REFEREE_SESSION", metavar="ID",
              help="Which session. Default: the one this store last acted on (of that game, for a game's command).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of tables.")
@click.option("--color/--no-color", "color", default=None, is_eager=True, callback=lambda ctx, _p, v: _colour(ctx, v),
              help="Colour names, score changes and refusals. Default: on a terminal, unless NO_COLOR is set.")
@click.option("--lang", "lang", default=None, is_eager=True, expose_value=False, allow_from_autoenv=False,
              type=click.Choice(["fr", "en"], case_sensitive=False), callback=lambda _c, _p, v: _lang(v),
              help="The table's language. Default: REFEREE_LANG, else the locale (LC_ALL, LC_MESSAGES, LANG).")
@click.version_option(package_name="referee", prog_name="referee")
@click.pass_context
def cli(ctx: click.Context, db: str | None, session_id: str | None, as_json: bool, color: bool | None) -> None:
    """A referee and scorer for Kleos, Kreus, Cerebria, Crôa! and Elysion.

    Type what happened at the table; the referee checks it against the rules,
    rolls or takes the dice, applies every effect and keeps the score.
    """
    from referee.cli.context import Referee

    ctx.obj = ctx.obj if isinstance(ctx.obj, Referee) else Referee()
    ctx.obj.configure(db=db, session_id=session_id, as_json=as_json, color=color)


def _colour(ctx: click.Context, value: bool | None) -> bool | None:
    """--color/--no-color take effect while parsing, so even a mistyped command's error obeys them."""
    if value is not None and ctx.obj is not None:
        ctx.obj.color = value
    return value


def _lang(value: str | None) -> None:
    """--lang takes effect while parsing, so the help and errors that follow speak it."""
    if value is not None:
        from referee.model.i18n import set_language

        set_language(value.lower())
