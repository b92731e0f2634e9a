"""Which minion card a typed name means, and its stats: the card library first (any case, or
a short name the rulebook uses, e.g. Myrina), then the cards the session already knows, then
the one card a unique beginning of a name (or of one of its words) names. Pure: the command
line hands in the library and the session's cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.games.kleos import cards


def _in(library: Mapping[str, dict], name: str) -> dict | None:
    want = name.strip().casefold()
    return next((card for key, card in library.items() if key.casefold() == want), None)


def find_card(library: Mapping[str, dict], known: Mapping[str, Any], name: str) -> dict:
    """The card NAME means; refused (naming close names) when none or several fit.

    `known` is the session's cards by lower-case name; it is read only when the library
    does not hold the card."""
    card = _in(library, name)
    if card is None:  # a short name the rulebook uses, e.g. Myrina
        facts = cards.rulebook_facts().get(name.strip().lower())
        card = _in(library, facts["name"]) if facts else None
    if card is not None:
        return card
    if name.strip().lower() in known:
        return known[name.strip().lower()]
    names = sorted({*library, *(c["name"] for c in known.values())})
    full = cards.match(name, names)  # a unique prefix of a name, or of one of its words
    if full is not None:
        return _in(library, full) or known[full.lower()]
    close = [n for n in names if name.strip().lower() in n.lower()]
    error = cards.unknown_card(name.strip())
    if close:
        error.message += f" (did you mean {' or '.join(repr(n) for n in close[:3])}?)"
    raise error


def with_stats(library: Mapping[str, dict], known: Mapping[str, Any], action: dict) -> dict:
    """The action with its card's stats copied in, so the log replays without the library."""
    card = find_card(library, known, action["card"])
    return {**action, "card": card["name"], "stats": card}


def with_many(library: Mapping[str, dict], known: Mapping[str, Any], action: dict) -> dict:
    """The same for an action naming several cards (`deploy`)."""
    found = [find_card(library, known, n) for n in action["cards"]]
    return {**action, "cards": [c["name"] for c in found], "stats": found}
