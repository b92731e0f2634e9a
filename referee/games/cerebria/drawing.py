"""A face-down card turns face up: typed by the table (checked against the cards not yet seen,
short names too) or drawn by the referee from them."""

from __future__ import annotations

from referee.games.cerebria import names, zones
from referee.games.cerebria.state import State
from referee.model.chance import Chance
from referee.model.errors import IllegalAction


def reveal(state: State, chance: Chance, label: str, typed: object = None) -> str:
    """A face-down card turns face up: the typed one (if a copy can still be unseen) or drawn."""
    pool = zones.unseen(state)

    def check(value: object) -> str:
        if isinstance(value, str) and value in pool:  # as recorded: a card in full
            return value
        card = names.card(state, value, pool, "still unseen", zones.DECK_RULE)  # short names too
        if pool[card] < 1:
            raise IllegalAction(f"every copy of {card} is already in sight ({zones.where(state, card)})",
                                zones.DECK_RULE)
        return card

    def draw(rng) -> str:
        return rng.choice(sorted(pool.elements()))

    if not pool:
        raise IllegalAction("no card can be face down any more", zones.DECK_RULE)
    return chance.draw(label, draw, typed, check)
