"""At the table on an 80x24 terminal (issue 25, item 2): `GAME status` and `show` draw the game's
compact view when the full table is taller than the screen, the full one with --full, and
scripts and pipes always get the full table. Checked in a real pseudo-terminal (pexpect), its
screen read with pyte: no sleep, the command is read to its end."""

from __future__ import annotations

import os
import sys

import midgame
import pexpect
import pyte
import pytest
from click.testing import CliRunner
from example_runner import example_games

from referee.cli import cli
from referee.model.tables import text_width
from referee.record import session
from referee.record.store import Store

ROWS, COLS = 24, 80
GAMES = example_games()  # each stopped where midgame.cut_at says


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """Each example game stopped in the middle of a turn, in a store of its own."""
    out = {}
    for game in GAMES:
        out[game] = tmp_path_factory.mktemp(game) / "referee.db"
        midgame.build(out[game], game)
    return out


def _on_terminal(db, *args: str) -> tuple[str, list[str]]:
    """Run `referee ARGS` in an 80x24 pseudo-terminal to its end: its output and the screen."""
    env = {**os.environ, "REFEREE_DB": str(db), "TERM": "xterm", "NO_COLOR": "1", "PAGER": "cat"}
    for name in ("REFEREE_SESSION", "COLUMNS", "LINES"):
        env.pop(name, None)
    child = pexpect.spawn(sys.executable, ["-m", "referee", *args], env=env,
                          dimensions=(ROWS, COLS), encoding="utf-8", timeout=120)
    text = child.read()  # to the end of the command: no fixed wait
    child.close()
    assert child.exitstatus == 0, text
    screen = pyte.Screen(COLS, ROWS)
    pyte.Stream(screen).feed(text.replace("\r\n", "\n").replace("\n", "\r\n"))
    return text.replace("\r\n", "\n"), [line.rstrip() for line in screen.display]


def _full(db) -> str:
    store = Store(db)
    try:
        loaded = session.load(store, session.resolve(store, None, None), full=True)  # every record, read now
        return loaded.engine.render(loaded.engine.masked(loaded.state))  # the table's view of a hidden hand
    finally:
        store.close()


@pytest.mark.parametrize("game", GAMES)
def test_status_fits_an_80x24_terminal_in_mid_game(tables, game):
    text, screen = _on_terminal(tables[game], game, "status")
    lines = text.rstrip("\n").split("\n")
    assert len(lines) <= ROWS - 1, "the status and a prompt line fit the screen"
    assert [line for line in lines if text_width(line) > COLS] == []
    assert screen[0].startswith(lines[0]) and "session" in screen[0]  # nothing scrolled away
    if len(_full(tables[game]).splitlines()) + 2 > ROWS - 1:
        assert "compact view (--full: all of it)" in lines[0]


@pytest.mark.parametrize("game", GAMES)
def test_full_status_on_a_terminal_is_the_whole_table(tables, game):
    text, _ = _on_terminal(tables[game], game, "status", "--full")
    assert "compact view" not in text
    board = [line for line in _full(tables[game]).splitlines() if text_width(line) <= COLS]
    assert all(line.rstrip() in text for line in board)


def test_croa_pond_takes_full_as_status_does(tables):
    """`croa pond` is `status` by another name: the compact view it draws says `--full: all of it`,
    and `pond --full` draws the whole pond (issue 37, item 6: it was "No such option")."""
    compact, _ = _on_terminal(tables["croa"], "croa", "pond")
    if len(_full(tables["croa"]).splitlines()) + 2 > ROWS - 1:
        assert "compact view (--full: all of it)" in compact
    text, _ = _on_terminal(tables["croa"], "croa", "pond", "--full")
    assert "compact view" not in text
    board = [line for line in _full(tables["croa"]).splitlines() if text_width(line) <= COLS]
    assert all(line.rstrip() in text for line in board)


def test_show_on_a_short_terminal_is_compact_too(tables):
    text, _ = _on_terminal(tables["cerebria"], "show")
    assert "compact view (--full: all of it)" in text
    assert len(text.rstrip("\n").split("\n")) <= ROWS - 1


@pytest.mark.parametrize("game", GAMES)
def test_scripts_and_pipes_get_the_full_table(tables, game):
    result = CliRunner().invoke(cli, ["--db", str(tables[game]), game, "status"],
                                env={"COLUMNS": "", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert "compact view" not in result.output
    assert _full(tables[game]) in result.output


@pytest.mark.parametrize("game", GAMES)
def test_compact_view_fits_80x24_at_every_step_of_the_example(game, tmp_path, monkeypatch):
    """Not only mid-game: after each action of the example game, the compact view, its title
    and the status line fit 23 lines of 80 columns (a line is left for the prompt)."""
    from example_runner import play_quietly

    from referee.cli.output import fit_block, status_text

    monkeypatch.setenv("COLUMNS", str(COLS))
    db = tmp_path / "referee.db"
    play_quietly(game, db)
    store = Store(db)
    try:
        loaded = session.load(store, session.resolve(store, None, None), full=True)  # every record, read now
    finally:
        store.close()
    tall = []
    for n in range(1, len(loaded.records) + 1):
        state = session.replay(loaded.engine, loaded.seed, loaded.records[:n])
        compact = fit_block(loaded.engine.screens.compact(state))
        status = status_text(loaded.engine.summary(state), loaded.engine.turn_word)
        lines = ["title", *compact.splitlines(), *status.splitlines()]
        assert [line for line in lines if text_width(line) > COLS] == []
        if len(lines) > ROWS - 1:
            tall.append((n, len(lines)))
    assert tall == []
