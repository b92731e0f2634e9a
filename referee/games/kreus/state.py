"""The Kreus state as the type checker sees it: plain JSON data described by TypedDicts.

The referee never sees a hand: it keeps counts (`hand`, `face_down`), the cards nobody
has seen yet (`pool`), what is in play, the discard pile and the Energy tokens.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from referee.model.verbs import Pending


class Requires(TypedDict):
    count: int  # how many of `of` must be complete
    of: list[str]


class NatureCard(TypedDict):
    """One card of the creation tree (tree.json or a `--cards` file)."""

    level: int
    elements: list[str]
    requires: Requires


class Face(TypedDict):
    name: str
    uses: int
    phase: str  # divination, creation or divination/creation


class TitanCard(TypedDict):
    male: Face
    female: Face


class Titan(TypedDict):
    """The face a player incarnates, and how often its power was used."""

    card: int
    face: str
    name: str
    uses: int
    phase: str
    used: int


class Slot(TypedDict):
    """An Element card (or a Nature card used as one) under a Nature card in play."""

    element: str
    card: str
    protected: bool  # Tethys' token


class Placed(TypedDict):
    elements: list[Slot]
    complete: bool


class Mode(TypedDict):
    first_game: bool
    incarnation: bool
    altered: bool
    first_game_ignored: bool


class Bet(TypedDict):
    """Themis' stake on another player's face-down card."""

    by: str
    on: str
    card: str
    gain: int


class OrderMod(TypedDict):
    """A change to this turn's reveal order: Oceanus' swap (a, b) or Rhea's move."""

    kind: str
    a: NotRequired[str]
    b: NotRequired[str]
    player: NotRequired[str]
    position: NotRequired[int]


class LastElement(TypedDict):
    nature: str
    index: int


class Round(TypedDict):
    """What lasts one game turn."""

    placed: list[str]
    order: list[str]
    started: bool
    revealed: list[str]
    shown: list[str]
    discarded: list[str]
    bets: list[Bet]
    order_mods: list[OrderMod]
    hyperion: str | None
    crius: str | None
    iapetus: str | None
    recovered: list[str]
    replay: list[str]
    last_turn: bool
    last_element: LastElement | None
    cronus: str | None
    hyperion_done: bool
    iapetus_done: bool


class KreusState(TypedDict):
    players: list[str]
    mode: Mode
    tree: dict[str, NatureCard]
    titan_cards: list[TitanCard]
    deck: dict[str, int]
    pool: dict[str, int]
    discard: list[str]
    in_play: dict[str, Placed]
    as_element: dict[str, str]
    total_tokens: int
    reserve: int
    tokens: dict[str, int]
    hand: dict[str, int]
    face_down: dict[str, int]
    first: int
    turn: int
    phase: str  # setup, divination, creation, over
    token_taker: str | None
    titans: dict[str, Titan]
    drawn: dict[str, int]
    hek: bool
    last_play: str | None
    skip: dict[str, int]
    round: Round
    pending: list[Pending]  # the Storm of Uranus' discard, when one is owed
    over: bool
    outcome: str | None
    end_reason: str | None
    aggression_held: bool | None
    # single-copy cards still unseen whose possible holders the referee knows: the Planet
    # (dealt to the First Player), a card taken back into a hand, the Storm taken back
    known: dict[str, list[str]]
    taken: list[str]  # those of them known because they were taken into a hand
