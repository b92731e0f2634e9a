"""Kleos: gods send minions into a five-day Contest for glory.

The engine is pure: setup, the round's flow, movement, combat, recruiting and
Dusk scoring, with every refusal naming its rule. See `engine.KleosEngine`.
The engine loads on first use of `ENGINE`, so a module of the package (the gods,
the cards) can be imported alone, e.g. by the command line's option choices.
"""

from __future__ import annotations

from typing import Any

from referee.games.kleos.engine import KleosEngine

__all__ = ["ENGINE"]


def __getattr__(name: str) -> Any:
    if name == "ENGINE":
        engine = KleosEngine()
        globals()["ENGINE"] = engine
        return engine
    raise AttributeError(name)
