"""The shape of a Crôa! state (plain JSON data), so the type checker sees its fields.

A frog reference is `[colony index, slot]` (slot 0 is the queen). `pending` is the core's one
list of decisions answerable now (`referee.model.verbs.pending`); each entry's `data` says what
the game needs to resolve the answer (see `decisions.py`). A card waiting for Doesn't work!
is `window`; a bounce it interrupted (a thunderclap) waits in `under` until it closes.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from referee.model.verbs import Pending


class Frog(TypedDict):
    kind: str  # "queen" or "servant"
    square: str | None  # None: a servant in the reserve (or an eliminated colony's frog)
    stuck: int  # the owner's turn-ends left before a mud frog is freed


class Colony(TypedDict):
    name: str
    color: str
    symbol: str  # the pond's letter: upper case the queen, lower case a servant
    corner: str
    alive: bool
    males: list[str]  # the male tokens still held
    frogs: list[Frog]  # the queen, then six servants
    hand: list[str]  # card keys; "?" a card the referee has not seen
    force: bool  # May the force... lies in front of the colony
    played_card: bool  # its one card of the turn is played


class Window(TypedDict):
    """A card just played, waiting while another colony may answer with Doesn't work!."""

    card: str
    c: int  # the colony that played it
    action: dict[str, Any]  # the card action, applied if the card works
    chain: list[int]  # the colony that played it, then each Doesn't work! played on it


class CroaState(TypedDict):
    digital: bool  # the referee reveals the tiles
    cards: bool  # the card module
    deal: bool  # the referee deals the cards and knows every hand
    colonies: list[Colony]
    tiles: dict[str, str]  # square -> tile kind, once revealed
    layout: dict[str, list[str]]  # zone -> its three males
    piles: dict[str, dict[str, int]]  # zone -> tile kind -> count still face down
    current: int  # the colony to play
    turn: int
    round: int
    pending: list[Pending]
    window: Window | None
    under: list[Pending]  # the decision a window interrupted (a bounce), resumed when it closes
    gain: int  # servants gained by eliminations, placed at once on arrival
    winner: int | None
    deck: dict[str, int]  # card key (or "?") -> count face down
    discard: dict[str, int]
    deck_size: NotRequired[int]
    deck_counts: NotRequired[dict[str, int]]  # the whole deck by card, as dealt at setup
