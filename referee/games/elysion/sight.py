"""What is in sight: counting icons, factions and cards for the scoring rules.

A realm and the Shade under it are one card: the Shade's icons count with the
realm, and a gate on both counts once (Beyond the Styx).
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.games.elysion.catalog import ICONS, Card, Catalog
from referee.games.elysion.state import Day

Unit = tuple[Card, Card | None]  # a realm and the Shade under it, if any


def units(catalog: Catalog, journey: list[Day]) -> list[Unit]:
    """A journey's cards, day 1 first, as (realm, shade) pairs."""
    return [
        (catalog.realms[d["realm"]], catalog.shades[d["shade"]] if d.get("shade") else None)
        for d in journey
    ]


def unit_icons(realm: Card, shade: Card | None) -> dict[str, int]:
    """Icons of a realm with its Shade: added, except a gate on both counts once."""
    out = {i: realm.icon(i) for i in ICONS}
    if shade is not None:
        for i in ICONS:
            out[i] = max(out[i], shade.icon(i)) if i == "gate" else out[i] + shade.icon(i)
    return out


def counts(catalog: Catalog, cards: Iterable[Unit], blessings: Iterable[Card]) -> dict[str, int]:
    """Every count a rule may read, for these realms (with Shades) and Blessings."""
    env = dict.fromkeys(catalog.count_names(), 0)
    for realm, shade in cards:  # a card's `icons` holds only its icons (never a zero)
        for icon, n in (realm.icons if shade is None else unit_icons(realm, shade)).items():
            env[icon] += n
        if realm.faction is not None:  # every realm has one
            env[realm.faction] += 1
        env["realms"] += 1
        env["constellations"] += realm.star
        env["shades"] += shade is not None
    for b in blessings:
        for icon, n in b.icons.items():
            env[icon] += n
        env["blessings"] += 1
    per_faction = [env[f] for f in catalog.factions]
    env["faction_max"] = max(per_faction, default=0)
    env["factions"] = sum(1 for n in per_faction if n)
    return env


def whole_journey(catalog: Catalog, journey: list[Day], blessings: list[str]) -> dict[str, int]:
    """The counts of a whole journey (Shades included) and its kept Blessings."""
    return counts(catalog, units(catalog, journey), [catalog.blessings[b] for b in blessings])


def coins(catalog: Catalog, journey: list[Day], blessings: list[str]) -> int:
    """Charon's coins on a journey (Shades included) and its kept Blessings."""
    return whole_journey(catalog, journey, blessings)["coin"]
