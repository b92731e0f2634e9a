"""The one list of games: which games exist, their one-line help and where their engines live.

Everything that lists games reads it (the root help, the shell, the manual pages, `stats`,
`standings`, leagues, the tests), so a game is added by one line here. Start-up stays light:
this module imports nothing heavy and an engine is imported only on first use.

`TEST_GAMES` are games only the test suite plays (tests/games/<game>/, such as Pig, the
proof that a game needs nothing outside its folder): they are registered only when the
environment sets `REFEREE_TEST_GAMES=1` (tests/conftest.py does, and puts tests/ on the
import path), so people never see them.
"""

from __future__ import annotations

import os
import sys
from typing import Any, NamedTuple

from referee.model.errors import StorageError


class Game(NamedTuple):
    """Where a game's engine lives (a module exporting `ENGINE`) and its one-line help."""

    module: str
    help: str


# game name -> its engine's module and its help, in the order the help lists games
GAMES: dict[str, Game] = {
    "kleos": Game("referee.games.kleos", "Kleos: gods, minions, dice combat, glory (2-5 players)."),
    "kreus": Game("referee.games.kreus", "Kreus: create the Planet together (3-6 players)."),
    "cerebria": Game("referee.games.cerebria", "Cerebria: emotions, fragments and vibes (2-5 players)."),
    "croa": Game("referee.games.croa", "Crôa!: frogs in a pond, last queen standing (2-4 players)."),
    "elysion": Game("referee.games.elysion", "Elysion: an eight-day journey and the look back (2-7 players)."),
}

# games only the tests play, imported from the tests folder; see the module's docstring
TEST_GAMES: dict[str, Game] = {
    "pig": Game("games.pig", "Pig: roll or hold, a 1 loses the turn's points, first to 100 (2-6 players)."),
    "liars": Game("games.liars", "Liar's Dice: hidden cups, bids and challenges (2-4 players)."),
    "poker": Game("games.poker", "Poker Dice: five hidden dice, one re-roll, the best hand scores (2-5 players)."),
}
TEST_GAMES_VARIABLE = "REFEREE_TEST_GAMES"


def test_games_enabled() -> bool:
    return os.environ.get(TEST_GAMES_VARIABLE) == "1"


def games() -> dict[str, Game]:
    """Every game registered now: the shipped ones, then the test games when enabled."""
    return {**GAMES, **TEST_GAMES} if test_games_enabled() else dict(GAMES)


def names() -> list[str]:
    return list(games())


def shipped() -> list[str]:
    """The games people get (never a test game): what the committed manual pages cover."""
    return list(GAMES)


def help_line(name: str) -> str:
    """A game's one-line help ('' for a game not registered)."""
    game = games().get(name)
    return game.help if game else ""


def engine(name: str) -> Any:
    """The engine object of a game."""
    found = games().get(name)
    if found is None:
        raise StorageError(f"unknown game '{name}' (games: {', '.join(names())})")
    __import__(found.module)  # as importlib.import_module, without importing importlib
    return sys.modules[found.module].ENGINE
