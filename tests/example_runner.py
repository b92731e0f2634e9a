"""Run examples/<game>.txt through the shell's script mode, as `referee play GAME < FILE` would."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from referee.cli.context import Referee
from referee.cli.shell import Shell
from referee.model import registry
from referee.record import session

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def example_games() -> list[str]:
    """The registered games that have an example (examples/<game>.txt), in the registry's order."""
    return [game for game in registry.names() if (EXAMPLES / f"{game}.txt").is_file()]


@dataclass
class ExampleRun:
    shell: Shell
    loaded: Any  # the session at the end, rebuilt from the store
    out: str
    err: str

    @property
    def codes(self) -> list[tuple[str, int]]:
        return [(line.strip(), code) for line, code in self.shell.script_codes]

    @property
    def refused(self) -> list[str]:
        return [line for line, code in self.codes if code]

    @property
    def summary(self) -> dict:
        return self.loaded.summary


def run_example(game: str, db_path: Path, capsys: Any, example: str | None = None) -> ExampleRun:
    """Play the whole script (examples/<game>.txt, or examples/<example>.txt) in a fresh store;
    every line runs, refusals included."""
    ref = Referee()
    ref.configure(str(db_path), None, False)
    shell = Shell(ref, game=game)
    with (EXAMPLES / f"{example or game}.txt").open(encoding="utf-8") as script:
        assert shell.run_script(script) == 0
    store = ref.store()
    loaded = session.load(store, session.resolve(store, game, None))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    assert "internal error" not in captured.out + captured.err
    return ExampleRun(shell, loaded, captured.out, captured.err)


def marked_refusals(game: str) -> list[str]:
    """The lines a `# REFUSED` comment announces in the example."""
    lines = [line.strip() for line in (EXAMPLES / f"{game}.txt").read_text(encoding="utf-8").splitlines()]
    return [line for before, line in pairwise(lines) if before.startswith("# REFUSED")]


def play_quietly(game: str, db_path: Path) -> None:
    """Play examples/<game>.txt into the store at `db_path`, printing nothing (for module fixtures)."""
    import contextlib
    import io

    ref = Referee()
    ref.configure(str(db_path), None, False)
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()), \
            (EXAMPLES / f"{game}.txt").open(encoding="utf-8") as script:
        Shell(ref, game=game).run_script(script)
    ref.close()
