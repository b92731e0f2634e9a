"""`amend`, `insert`, `strike` in `referee play`: they act on the shell's session, and Tab
completes the action numbers, then after `--` the game's verbs and their words."""

from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from referee.cli.context import Referee
from referee.cli.shell import Shell, ShellCompleter

NEW = "new --player Ann:red --player Bob:blue --seed 1"
OPENING = ["move a2 a3 -t li", "bounce b3:mo", "mosquito b1-c2:r", "move h7 g6 -t mu", "move a1 b2 -t m1"]


def _shell(db) -> Shell:
    ref = Referee()
    ref.configure(str(db), None, False)
    return Shell(ref, game="croa")


def _complete(shell: Shell, text: str) -> list[str]:
    doc = Document(text, len(text))
    return [c.text for c in ShellCompleter(shell).get_completions(doc, CompleteEvent())]


def test_amend_in_the_shell_acts_on_the_shell_session_and_prints_before_after(db, capsys):
    shell = _shell(db)
    # a second session of another game, used more recently, must not be the one corrected
    assert shell.run_script([f"{NEW}\n", *[line + "\n" for line in OPENING]]) == 0
    other = Shell(shell.referee, game="kreus")
    assert other.execute("kreus new --player Ann --player Bob --player Cy --seed 2") == 0
    shell.execute("use croa-1")
    capsys.readouterr()
    assert shell.execute("amend 5 --reason tile -- move a1 b2 -t m2") == 0
    out = capsys.readouterr().out
    assert "Amended action 5" in out and "0 later actions re-checked" in out
    store = shell.referee.store()
    assert [r["reason"] for r in store.actions("croa-1", ("replaced",))] == ["tile"]
    assert store.actions("kreus-1", ("replaced",)) == []
    assert shell.execute("strike 1 --dry-run") == 1  # action 2 answers a bounce action 1 asked for
    err = capsys.readouterr().err
    assert "action 2 (" in err and "rule:" in err


def test_completion_offers_the_numbers_then_the_game_verbs_after_the_double_dash(db):
    shell = _shell(db)
    assert shell.run_script([f"{NEW}\n", *[line + "\n" for line in OPENING]]) == 0
    assert _complete(shell, "amend ")[:5] == ["5", "4", "3", "2", "1"]
    assert "--" in _complete(shell, "amend 3 ")
    verbs = _complete(shell, "amend 3 -- ")
    assert "move" in verbs and "bounce" in verbs and "amend" not in verbs
    assert "strike" in _complete(shell, "str")
    # after the verb, its own words, as at the start of a line
    assert _complete(shell, "insert 2 -- move ") == _complete(shell, "move ")
