"""The shape of a Cerebria state, for the type checker (plain JSON data at run time)."""

from __future__ import annotations

from typing import Any, TypedDict

from referee.model.verbs import Pending


class Emotion(TypedDict):
    """An emotion in a Mindset: `merged` is the Brightness/Bleakness under a Mild/Strong
    card (the pair is one emotion); `fragments` sit on the Fragment slots (spendable),
    `absorbed` on the Absorb slots (they only score); `ready`: its ability is usable."""

    card: str
    merged: str | None
    fragments: int
    absorbed: int
    ready: bool


class Hand(TypedDict):
    """A hand as the table sees it: how many cards, and the ones that were shown."""

    count: int
    known: list[str]


class Discard(TypedDict):
    known: list[str]  # face-up cards, in the order they arrived
    unknown: int  # cards that went face down


Score = dict[str, int]  # {"bliss": n, "gloom": n}: fragments by affiliation


class Use(TypedDict, total=False):
    """A checked ability use (abilities.check_use): what resolving it needs."""

    ability: str
    pos: int
    vibe: str
    emotion: str
    absorb: int | None
    target: list[Any]  # [owner, index]
    host: int
    keep: str
    slots: list[int]
    card: str | None
    merge: str | None
    discard: int | None
    victim: str
    take: bool
    mine: int


class State(TypedDict):
    players: list[str]
    composition: dict[str, int] | None  # a user deck; None: the shipped one
    deck: int  # face-down cards in the main deck
    stacks: list[int]  # face-down cards in each Impulse stack
    impulse: list[str | None]  # the face-up Impulse cards, slot 1 first
    discard: Discard
    hands: dict[str, Hand]
    mindsets: dict[str, list[Emotion]]
    scored: dict[str, Score]
    last: dict[str, int]  # scored in the latest Revelation
    supply: Score
    mood: str
    current: int
    turn: int
    cycle: int
    revelations: int
    phase: str  # cycle | revelation | over
    started: bool  # the first turn has started (no more mulligans)
    mulligans: list[str]
    actions_left: int
    abilities_used: list[str]
    pending: list[Pending]  # a counter-act window's head, or Deprive's second discard
    winners: list[str]
    condition: str | None
    tie_break: str | None
