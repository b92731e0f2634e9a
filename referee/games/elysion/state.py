"""The shape of an Elysion journey's state, so the type checker sees its fields.

Plain JSON data: the log replays to it. `pending` is the one list of decisions the
table waits for (the summary shows it): a take turn's Blessing to keep, or its Shade.
"""

from __future__ import annotations

from typing import Any, TypedDict

from referee.model.verbs import Pending


class Day(TypedDict):
    """One day of a journey: the realm played, and the Shade put under it (Beyond the Styx)."""

    realm: str
    shade: str | None


class Hand(TypedDict):
    """A hidden hand: the realms known to be in it (taken from the row) and how many unseen."""

    known: list[str]
    secret: int


class PlayerLookBack(TypedDict):
    rows: list[list[Any]]
    glory: int
    given_up: list[str]
    choices: list[dict[str, Any]]


class LookBack(TypedDict):
    players: dict[str, PlayerLookBack]
    ranking: list[list[Any]]


class ElysionState(TypedDict):
    catalog: str  # the catalog's TOML text (the session replays without the file)
    catalog_name: str
    constellations: bool
    styx: bool
    hand_size: int
    players: list[str]
    day: int
    phase: str  # reveal, take, day-end, lookback, over
    journeys: dict[str, list[Day]]
    blessings: dict[str, list[str]]  # kept, in order
    hands: dict[str, Hand]
    draws: dict[str, int]  # Blessings each player draws today
    row: list[str]
    discard: list[str]  # realms out of the game
    order: list[str]  # today's take order
    turn: int  # index in `order`
    pending: list[Pending]
    kept_today: dict[str, str]
    blessings_under: list[list[str]]  # batches put back under the deck, oldest first
    shades_up: list[str]
    shade_top: str | None
    shades_seen: list[str]
    lookback: LookBack | None
    glory: dict[str, int] | None
    winners: list[str]
