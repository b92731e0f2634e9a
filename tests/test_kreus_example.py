"""examples/kreus.txt runs from a fresh store through the shell's batch mode to game over,
and exactly the lines it marks as refused are refused."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.output import DummyOutput

from referee import session
from referee.cli.context import Referee
from referee.shell import Shell

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "kreus.txt"

# The two refusals the example shows on purpose (each follows a `# REFUSED` comment).
REFUSED = ["reveal Bob fire --on atmosphere", "reveal Bob river"]


def _marked(lines: list[str]) -> list[str]:
    """Lines that follow a `# REFUSED` comment."""
    return [line for before, line in pairwise(lines) if before.startswith("# REFUSED")]


def test_example_game_runs_to_success_with_only_the_intended_refusals(tmp_path, capsys):
    ref = Referee()
    ref.configure(str(tmp_path / "x.db"), None, False)
    shell = Shell(ref, game="kreus", output=DummyOutput(), history=InMemoryHistory())
    codes: list[tuple[str, int | None]] = []
    run_line = shell.execute

    def spy(line: str) -> int | None:
        code = run_line(line)
        codes.append((line.strip(), code))
        return code

    shell.execute = spy  # type: ignore[method-assign]
    with EXAMPLE.open(encoding="utf-8") as script:
        assert shell.run_script(script) == 0
    refused = [line for line, code in codes if code]
    assert refused == REFUSED
    assert all(code == 1 for _, code in codes if code)  # rule refusals, not usage errors
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    assert _marked(lines) == REFUSED
    assert next(line for line in lines if line.strip() and not line.startswith("#")).startswith(
        "new ")

    store = ref.store()
    loaded = session.load(store, session.resolve(store, "kreus", None))
    summary = loaded.summary
    # The Planet is completed on turn 8 with all four Elements; Cy (who discarded Fish on
    # turn 2) holds a single card, so the outcome is success, not perfection.
    assert summary["over"] and summary["outcome"] == "success" and summary["turn"] == 8
    assert summary["winners"] == ["Ann", "Bob", "Cy", "Dee"]
    assert [p["hand"] for p in summary["players"]] == [2, 2, 1, 2]
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    assert "Not perfection: Cy holds 1" in out.out
    ref.close()
