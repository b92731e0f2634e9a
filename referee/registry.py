"""Which games exist, and where their engine and Click group live (loaded lazily)."""

from __future__ import annotations

import importlib
from typing import Any

# game name -> (engine "module:attr", CLI group "module:attr", one-line help)
GAMES: dict[str, tuple[str, str, str]] = {
    "kleos": ("referee.games.kleos:ENGINE", "referee.cli.kleos:group", "Kleos: gods, minions, dice combat, glory (2-5)."),
    "kreus": ("referee.games.kreus:ENGINE", "referee.cli.kreus:group", "Kreus: create the Planet together (3-6)."),
    "cerebria": ("referee.games.cerebria:ENGINE", "referee.cli.cerebria:group", "Cerebria: emotions, fragments, vibes (2-5)."),
    "croa": ("referee.games.croa:ENGINE", "referee.cli.croa:group", "Crôa!: frogs in a pond, last queen standing (2-4)."),
    "elysion": ("referee.games.elysion:ENGINE", "referee.cli.elysion:group", "Elysion: an eight-day journey and the look back (2-7)."),
}

_extra_engines: dict[str, Any] = {}


def _load(ref: str) -> Any:
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


def names() -> list[str]:
    return list(GAMES) + [n for n in _extra_engines if n not in GAMES]


def engine(name: str) -> Any:
    """The engine object of a game (imported on first use)."""
    from referee.errors import StorageError

    if name in _extra_engines:
        return _extra_engines[name]
    if name not in GAMES:
        raise StorageError(f"unknown game '{name}' (games: {', '.join(names())})")
    return _load(GAMES[name][0])


def cli_group(name: str) -> Any:
    return _load(GAMES[name][1])


def register(engine_obj: Any) -> None:
    """Register an engine outside the shipped five (tests use it for a toy game)."""
    _extra_engines[engine_obj.name] = engine_obj
