"""A game's card library in the store, as the commands, completion and hints read it.

Kept apart from completion (`referee.cli.complete`) so an action that copies a card's stats, or
`status` saying which cards are missing, loads only this.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.model import registry

if TYPE_CHECKING:
    from referee.record.protocol import RecordStore

def library(store: RecordStore | None, game: str) -> dict[str, dict]:
    """The game's card library in `store` (empty when the game keeps none, or unreadable): the
    kind its engine declares (`CardLibrary.kind`)."""

    cards = registry.engine(game).cards
    if cards is None or store is None:
        return {}
    try:
        return dict(store.library_list(game, cards.kind))
    except Exception:  # a store without the table yet: no cards
        return {}
