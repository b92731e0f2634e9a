"""Cerebria: emotions in the Mindset, Identity Fragments, Revelations and vibes (2-5 players).

The engine is split by what each module holds: `state` (its shape), `cards` (notation,
deck), `names` (short names), `zones` (hidden information), `impulse`, `mindset`,
`abilities`, `revelation`, `flow` (one handler per verb), `options` (the legal actions),
`verbs` (the declaration), `render`, `setup`, `layout` (a position laid out by hand),
and `engine` (the protocol).
"""

from referee.games.cerebria.engine import CerebriaEngine

ENGINE = CerebriaEngine()

__all__ = ["ENGINE", "CerebriaEngine"]
