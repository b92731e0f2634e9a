"""Pig's state: plain JSON data."""

from __future__ import annotations

from typing import TypedDict

from referee.model.verbs import Pending

GOAL = 100  # the points that win
FACES = "123456"


class PigState(TypedDict):
    players: list[str]  # in seat order
    scores: dict[str, int]  # banked points per player
    seat: int  # whose turn: an index into players
    turn: int  # turns begun so far (1 at the start)
    rolls: list[int]  # this turn's rolls so far (never a 1: a 1 ends the turn)
    winner: str | None
    pending: list[Pending]  # Pig never waits for a decision: always empty
