"""examples/cerebria.txt runs from a fresh store through the shell's batch mode to the end of
the game, and exactly the lines it marks as refused are refused."""

from __future__ import annotations

from pathlib import Path

from referee import session
from referee.cli.context import Referee
from referee.shell import Shell

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "cerebria.txt"

# The two refusals the example shows on purpose (each marked REFUSED in a comment above it).
INTENDED = ["ability Ann 1 draw", "impulse Bob 1"]


def test_example_game_runs_to_single_minded_win(db, capsys):
    ref = Referee()
    ref.configure(str(db), None, False)
    shell = Shell(ref, game="cerebria")
    codes: list[tuple[str, int | None]] = []
    execute = shell.execute

    def recording(line: str) -> int | None:
        code = execute(line)
        if not line.strip().startswith("#"):
            codes.append((line.strip(), code))
        return code

    shell.execute = recording  # type: ignore[method-assign]
    with EXAMPLE.open(encoding="utf-8") as script:
        assert shell.run_script(script) == 0
    out = capsys.readouterr().out
    assert "Traceback" not in out and "internal error" not in out.lower()
    refused = [(line, code) for line, code in codes if code]
    # "ability Ann 1 draw" appears twice: refused on turn 1 (not ready), accepted on turn 4
    assert refused == [(line, 1) for line in INTENDED]
    assert codes[0][0].startswith("new ") and codes[0][1] == 0

    store = ref.store()
    loaded = session.load(store, session.resolve(store, "cerebria", None))
    summary = loaded.summary
    # Revelation 1: Ann 3 Bliss 1 Gloom, Bob 0/2, Cy 0/0 (worked out in the example's comments).
    # Revelation 2: Ann 6 collected + 4 (four of a kind red, Mood Bliss) = 13 Bliss, 1 Gloom.
    assert summary["over"] and summary["winners"] == ["Ann"]
    assert summary["outcome"] == "single-minded"
    assert loaded.state["scored"] == {"Ann": {"bliss": 13, "gloom": 1},
                                      "Bob": {"bliss": 0, "gloom": 2},
                                      "Cy": {"bliss": 0, "gloom": 0}}
    assert loaded.state["revelations"] == 2 and loaded.state["last"]["Ann"] == 10
    assert "Ann wins: Single-minded" in out
    ref.close()
