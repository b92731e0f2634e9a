"""What remains unseen, and the draws from it: the row, Blessings, Shades.

The referee knows only what is public. Cards not yet seen at the table (the
realm deck with the secret hands in it, the Blessing deck, the Shade deck) are
the catalog minus everything public. A draw is either typed at the table
(checked against what remains) or drawn by the referee from it, through
`chance`, so it is recorded and replays identically.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.chance import Chance
from referee.errors import InputError
from referee.games.elysion.catalog import Catalog


def realm_order(key: str) -> tuple[int, bool]:
    """Sort key of a realm: its number, a constellation after the realm of that number."""
    return (int(key.rstrip("*")), key.endswith("*"))


def where_realm(state: dict, key: str) -> str | None:
    """Where a realm is known to be, in words, or None if it is unseen."""
    if key in state["row"]:
        return "in the row"
    if key in state["discard"]:
        return "out of the game (left the row)"
    for p in state["players"]:
        if any(d["realm"] == key for d in state["journeys"][p]):
            return f"on {p}'s journey"
        if key in state["hands"][p]["known"]:
            return f"in {p}'s hand (taken from the row)"
    return None


def unseen_realms(state: dict, catalog: Catalog) -> list[str]:
    """Realms of the deck in play that no one has seen: the deck and the secret hands."""
    seen = set(state["row"]) | set(state["discard"])
    for p in state["players"]:
        seen.update(d["realm"] for d in state["journeys"][p])
        seen.update(state["hands"][p]["known"])
    keys = [
        k
        for k in catalog.realms
        if k not in seen and (state["constellations"] or not k.endswith("*"))
    ]
    return sorted(keys, key=realm_order)


def unseen_blessings(state: dict, catalog: Catalog) -> list[str]:
    """Blessings in the deck: all but those kept (drawn ones go back under the deck)."""
    kept = {b for p in state["players"] for b in state["blessings"][p]}
    return [b for b in catalog.blessings if b not in kept and b not in state["drawn"]]


def unseen_shades(state: dict, catalog: Catalog) -> list[str]:
    return [s for s in catalog.shades if s not in state["shades_seen"]]


def draw_cards(
    chance: Chance,
    label: str,
    pool: list[str],
    count: int,
    typed: list | None,
    resolve: Callable[[object], str],
    what: str,
) -> list[str]:
    """Draw `count` different cards from `pool` (fewer if it runs out), or take the typed ones."""
    count = min(count, len(pool))
    if count == 0 and not typed:
        return []

    def check(value: object) -> list[str]:
        if not isinstance(value, list):
            raise InputError(f"{label}: give the {what} as a list")
        out = [resolve(v) for v in value]
        if len(out) != count:
            noun = f"{what.removesuffix('s')} is" if count == 1 else f"{what} are"
            raise InputError(f"{label}: {count} {noun} drawn here, {len(out)} given")
        if len(set(out)) != len(out):
            raise InputError(f"{label}: the same card is given twice")
        missing = [c for c in out if c not in pool]
        if missing:
            raise InputError(f"{label}: {missing[0]} cannot be drawn: it has been seen already")
        return out

    return chance.draw(label, lambda r: r.sample(pool, count), typed, check)
