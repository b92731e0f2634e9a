"""Crôa! calculator: what the next tile of a zone can be, from the tiles already revealed there.

Exact fractions: each zone's pile starts with 4 lily pads, 2 mosquitoes, 1 mud, 1 pike, 4 reeds,
1 log and that zone's 3 males (the referee's default layout), shuffled face down.
"""

from __future__ import annotations

from fractions import Fraction

from referee.errors import IllegalAction, InputError
from referee.games.croa.board import ZONES
from referee.games.croa.tiles import KINDS, RULE_PILE, full_piles, parse_tile


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
    left = sum(pile.values())
    exact = {k: Fraction(pile[k], left) if left else Fraction(0) for k in KINDS if k in pile}
    return {
        "zone": zone,
        "left": left,
        "probabilities": {k: float(v) for k, v in exact.items()},
        "exact": {k: f"{v.numerator}/{v.denominator}" for k, v in exact.items()},
    }
