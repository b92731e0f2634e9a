"""Elysion: the eight-day journey, the Blessings, the row, the add-ons and the look back."""

from referee.games.elysion.engine import ENGINE

__all__ = ["ENGINE"]
