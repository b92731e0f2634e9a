"""Which games exist and where their engines live (imported on first use)."""

from __future__ import annotations

import importlib
from typing import Any

# game name -> the module exporting its ENGINE; each game's Click group is referee.cli.<name>
GAMES: dict[str, str] = {
    "kleos": "referee.games.kleos",
    "kreus": "referee.games.kreus",
    "cerebria": "referee.games.cerebria",
    "croa": "referee.games.croa",
    "elysion": "referee.games.elysion",
}


def names() -> list[str]:
    return list(GAMES)


def engine(name: str) -> Any:
    """The engine object of a game."""
    from referee.model.errors import StorageError

    if name not in GAMES:
        raise StorageError(f"unknown game '{name}' (games: {', '.join(names())})")
    return importlib.import_module(GAMES[name]).ENGINE
