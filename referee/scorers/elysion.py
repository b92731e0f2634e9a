"""Elysion arithmetic shared by the engine and the `elysion blessings` calculator."""

from __future__ import annotations

DAYS = 8


def higher(played: int, played_star: bool, previous: int, previous_star: bool) -> bool:
    """Is the played realm higher? Numbers first; on equal numbers a constellation is higher."""
    return (played, played_star) > (previous, previous_star)


def blessings_drawn(
    day: int,
    previous: int | None,
    played: int,
    coins: int = 0,
    previous_star: bool = False,
    played_star: bool = False,
) -> int:
    """Blessings drawn today: none on day 1 or when the realm is not higher than yesterday's;
    otherwise one plus one per Charon's coin on the journey and kept Blessings."""
    if not 1 <= day <= DAYS:
        raise ValueError(f"the journey has days 1 to {DAYS}, not {day}")
    if coins < 0 or played < 0 or (previous is not None and previous < 0):
        raise ValueError("realm numbers and coins are never negative")
    if day == 1:
        return 0
    if previous is None:
        raise ValueError("after day 1 the previous realm's number is needed")
    if not higher(played, played_star, previous, previous_star):
        return 0
    return 1 + coins
