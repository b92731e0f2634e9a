"""`referee play`: the prompt-toolkit shell driven through pipe input (not by hand), on a Kleos table."""

from kleos_table import ISLE_SCRIPT, NEW_ARGS
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from referee.cli.context import Referee
from referee.cli.shell import Shell

NEW_LINE = " ".join(NEW_ARGS[1:]).replace("Ares' Champion", "")
SETUP = f"{NEW_LINE}\n{ISLE_SCRIPT}"  # a new Contest with an Epic card on each Isle


def _referee(db):
    ref = Referee()
    ref.configure(str(db), None, False)
    return ref


def _shell(db, text, game="kleos"):
    with create_pipe_input() as pipe:
        pipe.send_text(text + "\x04")  # Ctrl-D on an empty line leaves the shell
        shell = Shell(_referee(db), game=game, input=pipe, output=DummyOutput(), history=InMemoryHistory())
        shell.run()
    return shell


def _complete(shell, text):
    doc = Document(text, len(text))
    return [c.text for c in shell.completer().get_completions(doc, CompleteEvent())]


def test_shell_runs_typed_commands_until_eof(db, capsys):
    shell = _shell(db, f"{SETUP}\nnext\nstatus\n")
    out = capsys.readouterr().out
    assert "Session kleos-1 started" in out and "Kleos · session kleos-1" in out
    assert shell.summary["current"] == "Ann" and shell.summary["phase"] == "play"


def test_shell_refusal_is_a_message_and_the_shell_goes_on(db, capsys):
    shell = _shell(db, f"{SETUP}\nnext\nnext\nnext\nmove athena:c port\nmove ares:c port\nquit\nstatus\n")
    captured = capsys.readouterr()
    assert "rule: Turn order" in captured.err and "Traceback" not in captured.err + captured.out
    assert "moves h1 > port" in captured.out  # the next line still ran
    assert shell.last_code == 0
    assert "Kleos · session" not in captured.out  # `quit` stopped before `status`


def test_toolbar_shows_the_session_whose_turn_and_pending(db):
    shell = _shell(db, f"{SETUP}\nnext\n")
    bar = shell.toolbar()
    assert "kleos-1" in bar and "Ann to play" in bar
    shell.summary = {**shell.summary, "pending": [{"player": "Bob", "decision": "opportunity-attack",
                                                    "choices": ["athena:c", "pass"]}]}
    bar = " ".join(shell.toolbar().split())  # the bar wraps between words at the terminal's width
    assert "waiting: Bob — opportunity-attack (athena:c, pass)" in bar


def test_completion_offers_verbs_options_minions_and_locations(db):
    shell = _shell(db, f"{NEW_LINE}\n")
    verbs = _complete(shell, "")
    assert {"move", "status", "hint", "undo", "log", "quit"} <= set(verbs)
    assert _complete(shell, "gl")[0] == "glory"  # a prefix first, then fuzzy matches
    assert "--dice" in _complete(shell, "attack --") and "--dry-run" in _complete(shell, "move --")
    # Deployment: what is legal now comes first, then the views; a verb not legal now (no
    # attack, no recruit before Day 1) is not offered, though typed it still gets its words
    live = shell.referee.live
    legal = {a["verb"] for a in live.engine.legal_actions(live.state)}
    assert set(verbs[: len(legal)]) == legal and not {"attack", "recruit"} & set(verbs)
    # a minion moves then only by a card's effect: anywhere but where it stands (H1)
    assert "h1" not in _complete(shell, "move ares:c ") and "port" in _complete(shell, "move ares:c ")


def test_completion_of_an_option_value_offers_only_its_words(db):
    shell = _shell(db, f"{NEW_LINE}\n")
    assert _complete(shell, "attach ares X --as ") == []  # no attach during Deployment
    assert "--as" in _complete(shell, "attach ares X --")


def test_undo_and_log_in_the_shell_act_on_the_shell_game_session(db, capsys):
    _shell(db, f"{NEW_LINE}\nglory ares +1 --reason test\nundo\nlog\n")
    out = capsys.readouterr().out
    assert "Undo in kleos-1 (Kleos, Ann vs Bob): took back #1" in out and "`new` and 0 actions" in out.split("Undo in")[1]


def test_unbalanced_quotes_are_a_message(db, capsys):
    shell = _shell(db, 'move "ares:c\n')
    assert shell.last_code == 0  # nothing ran
    assert "check your quotes" in capsys.readouterr().err


def test_script_mode_echoes_lines_and_bail_stops_at_a_refusal(db, capsys):
    shell = Shell(_referee(db), game="kleos")
    setup = [line + "\n" for line in SETUP.splitlines()]
    code = shell.run_script([*setup, "next\n", "move ares:c port\n", "next\n"], bail=True)
    out = capsys.readouterr().out
    assert code == 1 and "kleos> move ares:c port" in out and "kleos> next" not in out.split("move ares:c port")[1]


def test_help_shows_the_game_verbs_a_verb_or_a_session_command(db, capsys):
    shell = _shell(db, "help\nhelp move\nhelp undo\nhelp card add\n")
    out = capsys.readouterr().out
    assert "kleos verbs" in out and "Session commands:" in out
    assert "Usage: move [OPTIONS] MINION TO" in out  # the shell's syntax, not `referee kleos move`
    assert "Usage: undo [OPTIONS]" in out
    assert "Usage: card add [OPTIONS] NAME" in out
    assert "Usage: referee" not in out
    assert shell.last_code == 0


