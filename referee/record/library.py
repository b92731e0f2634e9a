"""A game's card library in the store, as a small interface a declared command is handed
(`Command.library`): it reads and changes one game's cards of one kind, never the rest."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.record.protocol import RecordStore


class Library:
    """The cards of one kind (`minion`) of one game, kept across sessions."""

    def __init__(self, store: RecordStore, game: str, kind: str) -> None:
        self._store, self.game, self.kind = store, game, kind

    def get(self, name: str) -> dict | None:
        return self._store.library_get(self.game, self.kind, name.strip())

    def cards(self) -> dict[str, Any]:
        """Every card by its name."""
        return dict(self._store.library_list(self.game, self.kind))

    def put(self, name: str, card: dict) -> None:
        self._store.library_put(self.game, self.kind, name, card)

    def put_many(self, cards: dict[str, dict]) -> None:
        self._store.library_put_many(self.game, self.kind, cards)

    def delete(self, name: str) -> str | None:
        """Remove a card; its name as stored, or None when there was none."""
        return self._store.library_delete(self.game, self.kind, name.strip())
