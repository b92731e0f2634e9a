"""`referee play kleos`: the shell runs Kleos verbs and completes minions, locations and verbs."""

from __future__ import annotations

from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.output import DummyOutput

from referee.cli.context import Referee
from referee.cli.shell import Shell

SCRIPT = """card add Achilles --stats 4/3/2/1 --champion ares
card add Odysseus --stats 3/3/4/2 --champion athena
card add "Hoplite Warrior" --stats 2/2/1/1
new --player Ann:ares --player Bob:athena --temple ares:h1 --seed 3
deploy ares "Hoplite Warrior"
status
"""


def _complete(shell, text):
    doc = Document(text, len(text))
    return [c.text for c in shell.completer().get_completions(doc, CompleteEvent())]


def test_shell_plays_kleos_and_completes_minions_locations_and_verbs(db, capsys):
    ref = Referee()
    ref.configure(str(db), None, False)
    shell = Shell(ref, game="kleos", output=DummyOutput(), history=InMemoryHistory())
    assert shell.run_script(SCRIPT.splitlines(), bail=True) == 0
    out = capsys.readouterr().out
    assert "ares:1" in out and "Hoplite Warrior" in out and "Deployment" in out
    verbs = set(_complete(shell, ""))
    # Deployment: the verbs legal now and the views; no attack, recruit or oa before Day 1
    assert {"move", "deploy", "card", "status", "hint"} <= verbs
    assert not {"attack", "recruit", "oa"} & verbs
    # Deployment: only what is legal now is offered (issue 12: no move, no attach yet)
    state = shell.referee.live.state
    assert _complete(shell, "deploy ") == shell.referee.live.engine.words(state, "deploy", {}, "god")
    # a minion moves then only by a card's effect (`move --effect`, any phase)
    assert all(w.startswith("ares:") for w in _complete(shell, "move ares:"))
    assert _complete(shell, "attach ares X --as ") == []
    assert "--as" in _complete(shell, "attach --")
