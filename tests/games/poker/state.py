"""Poker Dice's state: plain JSON data. The cups are secrets (`PokerHidden.secrets`)."""

from __future__ import annotations

from typing import TypedDict

from referee.model.verbs import Pending

DICE = 5  # the dice in each cup
FACES = "123456"
TARGET = 3  # the points that win, unless `new --target` says otherwise


class PokerState(TypedDict):
    players: list[str]  # in seat order
    target: int  # the first to this many points wins
    scores: dict[str, int]  # points: one for each showdown won outright (the table sees them)
    cups: dict[str, list[str]]  # each player's five dice, in the order rolled: that player's alone
    rerolled: dict[str, int]  # how many dice each player re-rolled this round (the table saw them shaken)
    done: list[str]  # who has re-rolled or stood this round
    seat: int  # whose turn: an index into players
    round: int
    turn: int
    shown: dict[str, list[str]] | None  # the cups the last showdown turned up (the table saw them)
    best: list[str]  # who had the best hand at the last showdown (more than one: a tie, no point)
    winner: str | None
    pending: list[Pending]  # never a decision: always empty
