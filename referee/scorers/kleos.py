"""Kleos odds: successes on N dice, kill and slaughter chances (exact Fractions).

Dice model (defined here; the engine, `referee.games.kleos.dice`, rolls these same
faces): of six faces, two are successes and one is godly; a die succeeds with 2/6, or
3/6 when Godly.
Kill: successes >= Defense. Slaughter: successes - Defense >= 3, never a champion.
"""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # loaded by the odds themselves: the engine reads only the faces
    from fractions import Fraction

BLANK = "-"
SUCCESS = "s"
GODLY = "g"
FACES: tuple[str, ...] = (BLANK, BLANK, BLANK, SUCCESS, SUCCESS, GODLY)
SLAUGHTER_MARGIN = 3  # successes over Defense that make a kill a slaughter

MAX_DICE = 300  # the combat calculator reaches 99 + 99 + 99 dice


def success_chance(godly: bool) -> Fraction:
    """One die's chance of a success: 2/6, or 3/6 when Godly."""
    from fractions import Fraction

    good = sum(1 for f in FACES if f == SUCCESS or (godly and f == GODLY))
    return Fraction(good, len(FACES))


def at_least(n: int, k: int, godly: bool = False) -> Fraction:
    """P(at least k successes on n dice): the binomial tail."""
    from fractions import Fraction

    if n < 0 or n > MAX_DICE:
        raise ValueError(f"dice must be 0-{MAX_DICE}")
    if k <= 0:
        return Fraction(1)
    if k > n:
        return Fraction(0)
    p = success_chance(godly)
    return sum((Fraction(comb(n, i)) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1)),
               Fraction(0))


def exact(f: Fraction) -> str:
    """Always `p/q`, even for 0 and 1."""
    return f"{f.numerator}/{f.denominator}"


def odds(dice: int, need: int, godly: bool = False) -> dict:
    """`referee kleos odds`: P(successes >= need)."""
    p = at_least(dice, need, godly)
    return {"probability": float(p), "exact": exact(p)}


def combat(attack: int, defense: int, tactics: int = 0, bonus: int = 0, godly: bool = False,
           champion: bool = False) -> dict:
    """`referee kleos combat`: dice = Attack + Tactics + bonus (never below 0)."""
    from fractions import Fraction

    n = max(0, attack + tactics + bonus)
    kill = at_least(n, defense, godly)
    slaughter = Fraction(0) if champion else at_least(n, defense + SLAUGHTER_MARGIN, godly)
    return {"dice": n, "kill": float(kill), "slaughter": float(slaughter),
            "exact": {"kill": exact(kill), "slaughter": exact(slaughter)}}
