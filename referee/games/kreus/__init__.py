"""Kreus: a cooperative referee for creating the Planet (3-6 players, advanced modes included)."""

from referee.games.kreus.engine import KreusEngine

ENGINE = KreusEngine()

__all__ = ["ENGINE", "KreusEngine"]
