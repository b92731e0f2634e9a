"""Crôa! (2-4 colonies of frogs in a pond; the last queen standing wins)."""

from .engine import CroaEngine

ENGINE = CroaEngine()

__all__ = ["ENGINE", "CroaEngine"]
