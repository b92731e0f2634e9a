"""Liar's Dice's state: plain JSON data. The cups are secrets (`LiarsHidden.secrets`)."""

from __future__ import annotations

from typing import TypedDict

from referee.model.verbs import Pending

DICE = 3  # each player's dice at the start
FACES = "123456"


class Bid(TypedDict):
    player: str
    count: int  # how many dice on the whole table...
    face: int  # ...show this face


class LiarsState(TypedDict):
    players: list[str]  # in seat order
    dice: dict[str, int]  # how many dice each player still has (the table sees it)
    cups: dict[str, list[str]]  # each player's dice this round: that player's alone
    seat: int  # whose turn: an index into players
    round: int
    turn: int
    bid: Bid | None  # the last bid of the round
    shown: dict[str, list[str]] | None  # the cups the last challenge turned up (the table saw them)
    winner: str | None
    pending: list[Pending]  # never a decision: always empty
