"""`referee play`: the prompt-toolkit shell driven through pipe input (not by hand)."""

from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from referee.cli.context import Referee
from referee.shell import Shell, ShellCompleter


def _shell(db, text, game="toy"):
    ref = Referee()
    ref.configure(str(db), None, False)
    with create_pipe_input() as pipe:
        pipe.send_text(text + "\x04")  # Ctrl-D on an empty line leaves the shell
        shell = Shell(ref, game=game, input=pipe, output=DummyOutput(), history=InMemoryHistory())
        shell.run()
    return shell


def _complete(shell, text):
    doc = Document(text, len(text))
    return [c.text for c in ShellCompleter(shell).get_completions(doc, CompleteEvent())]


def test_shell_runs_typed_commands_until_eof(db, capsys):
    shell = _shell(db, "new --player Ann --player Bob --seed 4\nstatus\n")
    out = capsys.readouterr().out
    assert "Session toy-1 started" in out and "Toy race · session toy-1" in out
    assert shell.summary["current"] in ("Ann", "Bob")


def test_shell_refusal_is_a_message_and_the_shell_goes_on(db, capsys):
    shell = _shell(db, "new --player Ann --player Bob --seed 4\nroll Nobody\nquit\nstatus\n")
    captured = capsys.readouterr()
    assert "no player 'Nobody'" in captured.err
    assert "Traceback" not in captured.err + captured.out
    assert shell.last_code == 2
    assert "Toy race · session" not in captured.out  # `quit` stopped before `status`


def test_toolbar_shows_whose_turn_and_the_session(db):
    shell = _shell(db, "new --player Ann --player Bob --seed 4\n")
    bar = shell.toolbar()
    assert "toy-1" in bar and f"{shell.summary['current']} to play" in bar


def test_completion_offers_verbs_options_and_live_player_names(db):
    shell = _shell(db, "new --player Ann --player Bob --seed 4\n")
    assert {"roll", "bonus", "status", "undo", "log", "quit"} <= set(_complete(shell, ""))
    assert _complete(shell, "ro") == ["roll"]
    after_verb = _complete(shell, "roll ")
    assert "--die" in after_verb and "--dry-run" in after_verb
    shell.vocab = {"players": ["Ann", "Bob"]}
    assert _complete(shell, "roll A") == ["Ann"]


def test_undo_in_the_shell_acts_on_the_shell_game_session(db, capsys):
    _shell(db, "new --player Ann --player Bob --seed 4\nbonus Ann 1\nundo\nlog\n")
    out = capsys.readouterr().out
    assert "Undo done" in out and "1 action(s)" in out.split("Undo done")[1]


def test_unbalanced_quotes_are_a_message(db, capsys):
    shell = _shell(db, 'roll "Ann\n')
    assert shell.last_code == 0  # nothing ran
    assert "check your quotes" in capsys.readouterr().err
