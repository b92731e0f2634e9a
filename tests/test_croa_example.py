"""examples/croa.txt: the scripted game runs through the shell's batch mode to Ann's win."""

from __future__ import annotations

from pathlib import Path

from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.output import DummyOutput

from referee.cli.context import Referee
from referee.shell import Shell

EXAMPLE = Path(__file__).parent.parent / "examples" / "croa.txt"

# The two refusals the example shows on purpose (the shell prints them and goes on).
REFUSED = [
    "move g6 f5 --tile reeds",  # Mud: a stuck frog cannot move on its owner's next turn
    "move c2 d3 --tile reeds",  # the queen and her baby share b2: one of them must move
]


def test_example_game_runs_to_the_end_refusing_only_the_intended_lines(db, capsys):
    ref = Referee()
    ref.configure(str(db), None, False)
    shell = Shell(ref, game="croa", output=DummyOutput(), history=InMemoryHistory())
    codes: list[tuple[str, int | None]] = []
    execute = shell.execute

    def recording(line: str) -> int | None:
        code = execute(line)
        codes.append((line.strip(), code))
        return code

    shell.execute = recording  # type: ignore[method-assign]
    with EXAMPLE.open(encoding="utf-8") as fh:
        assert shell.run_script(fh) == 0
    out = capsys.readouterr().out
    assert [line for line, code in codes if code] == REFUSED
    assert all(code == 1 for line, code in codes if line in REFUSED)  # rule refusals, exit 1
    summary = shell.summary
    assert summary is not None and summary["over"] and summary["winners"] == ["Ann"]
    assert "Bob's colony is eliminated (Ann's servant landed on Bob's queen)." in out
    assert "Game over: Ann's queen is the last in the pond." in out
