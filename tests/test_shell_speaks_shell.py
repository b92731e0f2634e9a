"""The shell speaks shell (issue 12, Deliver 6): `help` lists every command there, messages
use the shell's syntax, and typos get a "did you mean" at the root, in a game and in the shell."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from referee.cli import GAME_NAMES, cli
from referee.cli.context import Referee
from referee.cli.output import shell_syntax
from referee.cli.run import shell_path
from referee.cli.shell import Shell


def _shell(db, game: str | None = "kleos") -> Shell:
    ref = Referee()
    ref.configure(str(db), None, False)
    return Shell(ref, game=game)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_help_lists_every_verb_session_command_and_shell_word(db, game):
    shell = _shell(db, game)
    text = shell.overview()
    group = cli.get_command(click.Context(cli), game)
    verbs = group.list_commands(click.Context(group))
    words = {line.split()[0] for line in text.splitlines() if line.startswith("  ") and line.split()}
    missing = {*verbs, "sessions", "show", "log", "undo", "redo", "export", "import", "use", "help", "quit",
               *GAME_NAMES} - words
    assert missing == set()
    session_part = text.split("Session commands:")[1].split("Shell:")[0]
    assert "  play " not in session_part and "completion" not in text  # not commands inside the shell


def test_help_of_a_verb_and_of_a_session_command_in_shell_syntax(db, capsys):
    shell = _shell(db)
    assert shell.execute("help attack") == 0
    assert shell.execute("undo --help") == 0
    assert shell.execute("help use") == 0
    out = capsys.readouterr().out
    assert "Usage: attack [OPTIONS]" in out and "Usage: undo [OPTIONS] [ID]" in out
    assert "Usage: use GAME|ID" in out and "referee" not in out


def test_a_usage_error_in_the_shell_says_try_help_verb(db, capsys):
    shell = _shell(db)
    assert shell.execute("move") == 2
    err = capsys.readouterr().err
    assert "Usage: move [OPTIONS] MINION TO" in err
    assert "Try 'help move' for help." in err and "referee kleos" not in err


def test_a_storage_hint_in_the_shell_names_the_shell_command(db, capsys):
    shell = _shell(db)
    assert shell.execute("status") == 3  # no session yet
    err = capsys.readouterr().err
    assert "start one with `new ...`" in err and "`referee" not in err


def test_the_same_hint_outside_the_shell_keeps_the_full_command(db):
    result = CliRunner().invoke(cli, ["kleos", "status"])
    assert result.exit_code == 3 and "`referee kleos new ...`" in result.output


def test_a_typo_in_the_shell_names_the_closest_command(db, capsys):
    shell = _shell(db)
    assert shell.execute("undoo") == 2
    assert shell.execute("atack ares:1 athena:1") == 2
    err = capsys.readouterr().err
    assert "no command 'undoo' here. Did you mean 'undo'?" in err
    assert "Did you mean 'attack' or 'attach'?" in err


def test_root_typo_did_you_mean_the_game(db):
    result = CliRunner().invoke(cli, ["klos", "status"])
    assert result.exit_code == 2
    assert "No such command 'klos'. Did you mean 'kleos'?" in result.output


def test_root_typo_of_a_session_command(db):
    result = CliRunner().invoke(cli, ["undoo"])
    assert result.exit_code == 2 and "Did you mean 'undo'?" in result.output


def test_root_typo_with_nothing_close_gives_no_guess(db):
    result = CliRunner().invoke(cli, ["zzzz"])
    assert result.exit_code == 2 and "No such command 'zzzz'." in result.output
    assert "Did you mean" not in result.output


def test_verb_typo_in_a_game_did_you_mean_the_verb(db):
    result = CliRunner().invoke(cli, ["kleos", "atack"])
    assert result.exit_code == 2 and "No such command 'atack'. Did you mean 'attack' or 'attach'?" in result.output


def test_shell_syntax_rewrites_only_referee_commands():
    assert shell_syntax("add it with `referee kleos card add X`", "kleos") == "add it with `card add X`"
    assert shell_syntax("see `referee sessions --all`", "kleos") == "see `sessions --all`"
    assert shell_syntax("start one with `referee croa new ...`", "kleos") == "start one with `croa new ...`"
    assert shell_syntax("Try 'referee kleos move --help'", "kleos") == "Try 'help move'"
    assert shell_syntax("the referee rolls", "kleos") == "the referee rolls"


def test_shell_path_drops_the_program_and_the_shells_game():
    assert shell_path("referee kleos move", "kleos") == "move"
    assert shell_path("referee kleos card add", "kleos") == "card add"
    assert shell_path("referee kleos move", "croa") == "kleos move"
    assert shell_path("referee undo", "kleos") == "undo"
