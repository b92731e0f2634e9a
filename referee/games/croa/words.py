"""The table's words for Crôa!: French frogs and tiles typed at the table, and the one
English form the log keeps (so a game typed in French exports, imports and replays alike)."""

from __future__ import annotations

from typing import Any

from referee.model.i18n import fold
from referee.scorers.croa import canonical_tile

# the colours as a French table types them (accents free; the log keeps the English word)
FRENCH_COLOURS: dict[str, str] = {
    "rouge": "red", "bleu": "blue", "bleue": "blue", "vert": "green", "verte": "green",
    "jaune": "yellow", "rose": "pink", "violet": "purple", "violette": "purple",
    "orange": "orange", "noir": "black", "noire": "black", "blanc": "white",
    "blanche": "white", "marron": "brown",
}

# SQ:reine / SQ:servante / SQ:bebe -> SQ:queen / SQ:servant
FROGS: dict[str, str] = {"reine": "queen", "servante": "servant", "bebe": "servant"}


def canonical_part(part: str) -> str:
    frog = FROGS.get(fold(part.strip()))
    return frog if frog else str(canonical_tile(part))


def canonical_word(value: Any) -> Any:
    """`b1:reine`, `b3:nénuphar`, `b1-c2:ro`: every word after the square in English."""
    if not isinstance(value, str) or ":" not in value:
        return value
    head, *rest = value.split(":")
    return ":".join([head, *(canonical_part(p) for p in rest)])


def canonical(action: dict[str, Any]) -> dict[str, Any]:
    """An action typed with French words, as the log keeps it."""
    out = dict(action)
    for key in ("from", "to"):
        out[key] = canonical_word(out.get(key))
    for key in ("tile", "male"):
        if out.get(key) is not None:
            out[key] = canonical_tile(out[key])
    for key in ("bounce", "mosquito"):
        if out.get(key):
            out[key] = [canonical_word(v) for v in out[key]]
    return {k: v for k, v in out.items() if k in action}

