"""Sessions stopped in the middle of the example games (examples/*.txt), for completion and
hint tests: the first lines of each example are played through the shell in a fresh store."""

from __future__ import annotations

from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
# how many command lines of each example are played: a turn in progress, with choices. A game
# not listed (a new one) is cut half-way through its example (`cut_at`).
CUTS = {"croa": 6, "kleos": 24, "kreus": 14, "cerebria": 12, "elysion": 8}


def cut_at(game: str) -> int:
    """How many lines of the example of `game` are played: its entry, else half of them."""
    return CUTS.get(game) or len(lines(game)) // 2


def lines(game: str) -> list[str]:
    text = (EXAMPLES / f"{game}.txt").read_text(encoding="utf-8").splitlines()
    return [line for line in text if line.strip() and not line.lstrip().startswith("#")]


def build(db: Path | str, game: str, cut: int | None = None) -> None:
    """Play the first `cut` lines of the example of `game` into the store `db`."""
    from contextlib import redirect_stdout
    from io import StringIO

    from referee.cli.context import Referee
    from referee.cli.shell import Shell

    ref = Referee()
    ref.configure(str(db), None, False)
    shell = Shell(ref, game=game)
    with redirect_stdout(StringIO()):
        shell.run_script(lines(game)[: cut_at(game) if cut is None else cut])
    ref.close()


def live(db: Path | str, game: str):
    """The session of `game` in `db` as completion sees it."""
    from referee.cli.complete import Live
    from referee.record import session
    from referee.record.store import Store

    store = Store(db, readonly=True)
    return Live.of(session.load(store, session.resolve(store, game, None)), store)
