"""The Kleos die: three blank faces, two success faces, one godly face.

A success face always counts; the godly face counts only when the dice are
Godly (Olympus' Favor, or a card saying so). The faces are defined once, in
`referee/scorers/kleos.py`, so odds and the engine agree.
"""

from __future__ import annotations

from referee.model.chance import Chance, dice_check
from referee.model.errors import InputError
from referee.scorers.kleos import BLANK, FACES, GODLY, SUCCESS

ALIASES = {"b": BLANK, "S": SUCCESS, "G": GODLY, "B": BLANK}


def successes(faces: list[str], godly: bool) -> int:
    """Count successes: `s` always, `g` only on Godly dice."""
    return sum(1 for f in faces if f == SUCCESS or (godly and f == GODLY))


def roll(chance: Chance, label: str, count: int, typed: str | list | None) -> list[str]:
    """Roll (or take from the table) `count` Kleos dice; zero dice roll nothing."""
    if count <= 0:
        check_typed(label, count, typed)
        return []
    return chance.dice(label, count, FACES, typed=typed, aliases=ALIASES)


def check_typed(label: str, count: int, typed: str | list | None) -> None:
    """Typed dice for a later roll, checked before an earlier one is rolled: a mistyped roll is
    refused before anything is drawn, so the refusal cannot tell what the earlier roll gives
    (as whether the later roll happens at all)."""
    if typed in (None, "", []):
        return
    if count <= 0:
        raise InputError(f"{label}: no dice are rolled here (0 dice), but dice were typed")
    dice_check(label, count, FACES, ALIASES)(typed)


def show(faces: list[str]) -> str:
    """Faces as the table would read them, e.g. `s-g` (or `none`)."""
    return "".join(faces) if faces else "none"
