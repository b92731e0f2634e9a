"""Every view of every example game fits 80 columns (issue 12, Deliver 5; issue 25).

Each example game (`examples/*.txt`) is played once into its own store; then
`log`, `log --all`, `sessions --all`, `show` and the events of every recorded
action are drawn at COLUMNS=80 and no line may be longer than 80. The game
boards (`show`'s board, from each game's render.py) are checked apart, marked
xfail for the games whose board is still wider than 80: the mark flips (strict)
when a board is fixed. Every game's own views (status, tree, paths, unseen, ledger,
cards, lookback, rules, hint...) are drawn at COLUMNS=80 both in the middle of the
game (tests/midgame.py) and at its end.
"""

from __future__ import annotations

from pathlib import Path

import midgame
import pytest
from click.testing import CliRunner
from example_runner import EXAMPLES, example_games, play_quietly

from referee.cli import cli
from referee.cli.output import events_text
from referee.model import registry
from referee.model.tables import text_width
from referee.record import session
from referee.record.store import Store

# examples/<game>-<lang>.txt (croa-fr) are the same games typed in another language (test_i18n)
GAMES = example_games()
VIEWS = (["log"], ["log", "--all"], ["sessions", "--all"], ["show"])
# the listings a game's tools print with no argument (its card lists), beside its views
LISTINGS = {"croa": [["cards"]], "elysion": [["catalog", "show"]], "kleos": [["card", "list"]]}


def game_views(game: str) -> list[list[str]]:
    """Each view command of `game`, read from its declaration: the core's (`status`, `hint`,
    `rules`), every view the game declares that needs no argument (Kreus' `tree`, Kleos'
    `ledger`), then its listings."""
    declared = [[*([c.group] if c.group else []), c.name] for c in registry.engine(game).commands
                if c.kind in ("status", "view") and not any(f.required for f in c.fields)]
    return [["status"], ["hint"], ["rules"], *declared, *LISTINGS.get(game, [])]


GAME_VIEWS = {game: game_views(game) for game in GAMES}
# views with something to show only when the game is over
END_VIEWS = {"elysion": [["lookback"]]}
WIDTH = 80
# Boards still wider than 80 columns when this test was written (their render.py).
WIDE_BOARDS: set[str] = set()


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each example game played to its end in a store of its own."""
    out = {}
    for game in GAMES:
        out[game] = tmp_path_factory.mktemp(game) / "referee.db"
        play_quietly(game, out[game])
    return out


@pytest.fixture(scope="module")
def midgames(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each example game stopped in the middle of a turn (tests/midgame.py)."""
    out = {}
    for game in GAMES:
        out[game] = tmp_path_factory.mktemp(f"{game}-mid") / "referee.db"
        midgame.build(out[game], game)
    return out


def _view(path: Path, args: list[str]) -> str:
    result = CliRunner().invoke(cli, ["--db", str(path), *args], env={"COLUMNS": str(WIDTH), "NO_COLOR": ""})
    assert result.exit_code == 0, result.output
    return result.output


def _too_long(text: str) -> list[str]:
    return [line for line in text.splitlines() if text_width(line) > WIDTH]


def _board(path: Path) -> str:
    store = Store(path)
    try:
        loaded = session.load(store, session.resolve(store, None, None))
        return loaded.engine.render(loaded.state)
    finally:
        store.close()


@pytest.mark.parametrize("args", VIEWS, ids=" ".join)
@pytest.mark.parametrize("game", GAMES)
def test_core_views_fit_80_columns(stores, game, args):
    assert _too_long(_view(stores[game], args)) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_recorded_event_fits_80_columns(stores, game, monkeypatch):
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    store = Store(stores[game])
    try:
        sid = session.resolve(store, None, None)
        records = store.actions(sid, ("done", "undone", "dropped"))
    finally:
        store.close()
    assert records
    for record in records:
        assert _too_long(events_text(record["events"])) == [], record["action"]


@pytest.mark.parametrize("game", [
    pytest.param(g, marks=pytest.mark.xfail(strict=True, reason=f"{g}'s board (render.py) is wider than 80 columns"))
    if g in WIDE_BOARDS else g for g in GAMES])
def test_game_board_fits_80_columns(stores, game):
    assert _too_long(_board(stores[game])) == []


def test_every_example_is_a_registered_game():
    examples = sorted(p.stem for p in EXAMPLES.glob("*.txt") if "-" not in p.stem)
    assert examples == sorted(GAMES) and set(registry.shipped()) <= set(examples)  # each shipped game has one


@pytest.mark.parametrize(("game", "args"), [(g, a) for g in GAMES for a in GAME_VIEWS[g]],
                         ids=lambda v: " ".join(v) if isinstance(v, list) else v)
def test_every_game_view_fits_80_columns_in_mid_game(midgames, game, args):
    assert _too_long(_view(midgames[game], [game, *args])) == []


@pytest.mark.parametrize(("game", "args"),
                         [(g, a) for g in GAMES for a in GAME_VIEWS[g] + END_VIEWS.get(g, [])],
                         ids=lambda v: " ".join(v) if isinstance(v, list) else v)
def test_every_game_view_fits_80_columns_at_the_end(stores, game, args):
    assert _too_long(_view(stores[game], [game, *args])) == []



def test_a_drawn_line_too_long_wraps_between_words_under_its_own_indent(monkeypatch):
    from referee.cli.output import fit_block

    monkeypatch.setenv("COLUMNS", "20")
    text = "board |  |\n  Next: Ann plays a card, then Bob answers"
    assert fit_block(text).splitlines() == [
        "board |  |", "  Next: Ann plays a", "    card, then Bob", "    answers"]


def test_the_characters_counted_without_wcwidth_are_one_column_each():
    """Width: every printable character `text_width` counts as one column without asking wcwidth
    (start-up, issue 26: wcwidth takes 10 ms to import) is one column for wcwidth too."""
    import re

    from wcwidth import wcwidth

    from referee.model import tables

    narrow = re.compile(tables._NARROW)
    counted = [chr(cp) for cp in range(0x20, 0x2600) if narrow.fullmatch(chr(cp)) and not 0x7f <= cp < 0xa0]
    assert len(counted) > 1000
    assert [c for c in counted if wcwidth(c) != 1] == []
    assert tables.text_width("▶ ○ ● ─┼─ é") == 11 and tables.text_width("◽") == 2
