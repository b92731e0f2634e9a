"""Cerebria: emotions in the Mindset, Identity Fragments, Revelations and vibes (2-5 players).

The engine is split by what each module holds: `cards` (notation, deck), `zones`
(hidden information), `impulse`, `mindset`, `abilities`, `revelation`, `flow`
(turns and counter-acts), `legal`, `render`, `setup`, and `engine` (the protocol).
"""

from referee.games.cerebria.engine import CerebriaEngine

ENGINE = CerebriaEngine()

__all__ = ["ENGINE", "CerebriaEngine"]
