"""The root's session commands: each name, where its Click command lives, and its short help.

Read by the Click tree (`referee.cli.root`) and, without Click, by the express lane's shell
(`referee.cli.express_shell`), which hands such lines over to the Click shell.
"""

from __future__ import annotations

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
    "ratings": ("referee.cli.after:ratings_cmd", "A rating per player, per game and overall (openskill), from every finished session."),
    "report": ("referee.cli.after:report_cmd", "Write a session's report (HTML or Markdown): standings, chart, board, log."),
    "manual": ("referee.cli.manual:manual_cmd", "The manual page of referee or of one game."),
    "serve": ("referee.cli.serve:serve_cmd", "A live read-only web page of the table for every phone."),
    # club play
    "push": ("referee.cli.club:push_cmd", "Send sessions to another store (the club's server), verified, never twice."),
    "league": ("referee.cli.club:league_group", "Leagues: add games, standings with points and tie-breaks."),
    "club": ("referee.cli.club:club_group", "Roles for the club's tables and organiser (PostgreSQL)."),
}
