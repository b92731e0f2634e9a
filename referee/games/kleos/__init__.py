"""Kleos: gods send minions into a five-day Contest for glory.

The engine is pure: setup, the round's flow, movement, combat, recruiting and
Dusk scoring, with every refusal naming its rule. See `engine.KleosEngine`.
"""

from referee.games.kleos.engine import KleosEngine

ENGINE = KleosEngine()

__all__ = ["ENGINE", "KleosEngine"]
