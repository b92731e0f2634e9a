"""Crôa! tiles and the calculator: what the next tile of a zone can be, from the tiles already
revealed there.

The tile names and each zone's pile live here (the game's rules import them; nothing here
imports the game). Exact fractions: each zone's pile starts with 4 lily pads, 2 mosquitoes,
1 mud, 1 pike, 4 reeds, 1 log and that zone's 3 males (the referee's default layout, croa.json,
replaceable), shuffled face down.
"""

from __future__ import annotations

import json
import os
from typing import Any

from referee.model.errors import IllegalAction, InputError
from referee.model.i18n import N_, _, fold, pgettext

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "croa.json"), encoding="utf-8") as _file:
    _DATA = json.load(_file)

ZONES: tuple[str, ...] = ("blue", "green", "pink", "yellow")
MALES: tuple[str, ...] = tuple(f"male{i}" for i in range(1, 7))
# One spelling is printed everywhere (`lilypad`, as the table types it); older logs recorded
# `lily_pad`, which is still read as an alias so they replay.
KINDS: tuple[str, ...] = ("lilypad", "mosquito", "mud", "pike", "reeds", "log", *MALES)
LEGACY: dict[str, str] = {"lily_pad": "lilypad"}
# The French rulebook's words, typed without accents (parse_tile folds them: mâle1 = male1).
FRENCH: dict[str, str] = {
    "nenuphar": "lilypad", "moustique": "mosquito", "vase": "mud", "brochet": "pike",
    "roseaux": "reeds", "roseau": "reeds", "rondin": "log", "tronc": "log",
}
ALIASES: dict[str, str] = {
    **LEGACY, "lily-pad": "lilypad", "lily": "lilypad", "nenuphar": "lilypad",
    "mosquitoes": "mosquito", "reed": "reeds", "male-1": "male1", "male-2": "male2",
    "male-3": "male3", "male-4": "male4", "male-5": "male5", "male-6": "male6",
    **{f"m{i}": f"male{i}" for i in range(1, 7)},
    **FRENCH,
}
DEFAULT_LAYOUT: dict[str, list[str]] = {z: list(_DATA["males"][z]) for z in ZONES}
RULE_PILE = N_("Setup (mise en place): each zone's pile holds 4 lily pads, 2 mosquitoes, 1 mud, "
             "1 pike, 4 reeds, 1 log and 3 males")


def parse_tile(text: Any) -> str:
    """A tile name (`lilypad`, `lily_pad`, `male3`, `m3`, or a unique prefix: `li`, `mo`,
    `r`) in its one printed spelling; InputError for anything else."""
    word = fold(str(text).strip()).replace(" ", "_")
    word = ALIASES.get(word, word)
    if word in KINDS:
        return word
    # a prefix names an English word first (`r`: reeds), else a French one (`ron`: rondin)
    english = (*KINDS, *(a for a in ALIASES if a not in FRENCH))
    found = sorted({ALIASES.get(w, w) for w in english if word and w.startswith(word)}) or \
        sorted({FRENCH[w] for w in FRENCH if word and w.startswith(word)})
    if len(found) == 1:
        return found[0]
    if found:
        raise InputError(_("'{text}' could be {tiles}: type more of the tile").format(
            text=text, tiles=_(" or ").join(pgettext("tile", f) if f not in MALES else
                                             pgettext("tile", "male{n}").format(n=f[-1])
                                             for f in found)))
    raise InputError(_("no tile '{text}' (tiles: lilypad, mosquito, mud, pike, reeds, log, "
                       "male1..male6; a unique prefix is enough)").format(text=text))


def canonical_tile(text: Any) -> Any:
    """A tile typed in French (`roseaux`, `nénuphar`, `ro`) as the log keeps it, in English
    (`reeds`); English words, and anything that is not a tile, are kept as typed."""
    if not isinstance(text, str):
        return text
    word = fold(text.strip()).replace(" ", "_")
    english = (*KINDS, *(a for a in ALIASES if a not in FRENCH))
    if not word or any(w.startswith(word) for w in english):  # English: kept as typed
        return text
    try:
        return parse_tile(text)
    except InputError:
        return text


def zone_pile(zone: str, layout: dict[str, list[str]] | None = None) -> dict[str, int]:
    """A full pile of one zone: the common tiles plus that zone's three males."""
    pile = dict(_DATA["pile"])
    for male in (layout or DEFAULT_LAYOUT)[zone]:
        pile[male] = 1
    return pile


def full_piles(layout: dict[str, list[str]] | None = None) -> dict[str, dict[str, int]]:
    return {z: zone_pile(z, layout) for z in ZONES}


def next_tile(zone: str, revealed: list[str], males: dict[str, list[str]] | None = None) -> dict:
    """`{"zone", "left", "probabilities": {tile: float}, "exact": {tile: "p/q"}}` for the next
    tile drawn in `zone` once the `revealed` tiles have been laid there (males placed by
    `males`, default the referee's layout)."""
    zone = str(zone).strip().lower()
    if zone not in ZONES:
        raise InputError(f"no zone '{zone}' (zones: {', '.join(ZONES)})")
    pile = dict(full_piles(males)[zone])
    for raw in revealed:
        kind = parse_tile(raw)
        if not pile.get(kind):
            raise IllegalAction(f"the {zone} pile cannot show another {kind}", RULE_PILE)
        pile[kind] -= 1
    from fractions import Fraction

    left = sum(pile.values())
    exact = {k: Fraction(pile[k], left) if left else Fraction(0) for k in KINDS if k in pile}
    return {
        "zone": zone,
        "left": left,
        "probabilities": {k: float(v) for k, v in exact.items()},
        "exact": {k: f"{v.numerator}/{v.denominator}" for k, v in exact.items()},
    }
