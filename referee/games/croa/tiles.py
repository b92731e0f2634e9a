"""The tiles: each zone's pile, their names, and revealing one when a frog lands on a bare square."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from referee.chance import Chance
from referee.errors import IllegalAction, InputError

from .board import ZONE, ZONES

_DATA = json.loads((Path(__file__).with_name("tiles.json")).read_text(encoding="utf-8"))

MALES: tuple[str, ...] = tuple(f"male{i}" for i in range(1, 7))
# One spelling is printed everywhere (`lilypad`, as the table types it); older logs recorded
# `lily_pad`, which is still read as an alias so they replay.
KINDS: tuple[str, ...] = ("lilypad", "mosquito", "mud", "pike", "reeds", "log", *MALES)
LEGACY: dict[str, str] = {"lily_pad": "lilypad"}
ALIASES: dict[str, str] = {
    **LEGACY, "lily-pad": "lilypad", "lily": "lilypad", "nenuphar": "lilypad",
    "mosquitoes": "mosquito", "reed": "reeds", "male-1": "male1", "male-2": "male2",
    "male-3": "male3", "male-4": "male4", "male-5": "male5", "male-6": "male6",
    **{f"m{i}": f"male{i}" for i in range(1, 7)},
}
CODES: dict[str, str] = {
    "lilypad": "Ly", "mosquito": "Mq", "mud": "Md", "pike": "Pk", "reeds": "Rd", "log": "Lg",
    **{m: f"M{m[-1]}" for m in MALES},
}


DEFAULT_LAYOUT: dict[str, list[str]] = {z: list(_DATA["males"][z]) for z in ZONES}
RULE_LAYOUT = "Board: three different males per zone, each male in two different zones"
RULE_PILE = ("Board: each zone's pile holds 4 lily pads, 2 mosquitoes, 1 mud, 1 pike, 4 reeds, "
             "1 log and 3 males")


def zone_pile(zone: str, layout: dict[str, list[str]] | None = None) -> dict[str, int]:
    """A full pile of one zone: the common tiles plus that zone's three males."""
    pile = dict(_DATA["pile"])
    for male in (layout or DEFAULT_LAYOUT)[zone]:
        pile[male] = 1
    return pile


def full_piles(layout: dict[str, list[str]] | None = None) -> dict[str, dict[str, int]]:
    return {z: zone_pile(z, layout) for z in ZONES}


FULL_PILES: dict[str, dict[str, int]] = full_piles()


def check_layout(data: Any) -> dict[str, list[str]]:
    """A males layout `{zone: [three males]}` (a replacement for tiles.json's), checked."""
    if not isinstance(data, dict) or sorted(data) != sorted(ZONES):
        raise InputError(f"a males layout names the four zones ({', '.join(ZONES)}), each with "
                         "its three males, e.g. {\"blue\": [\"male1\", \"male2\", \"male3\"], ...}")
    out: dict[str, list[str]] = {}
    for zone in ZONES:
        males = data[zone]
        if not isinstance(males, list):
            raise InputError(f"males layout: {zone} needs a list of three males")
        names = [parse_tile(m) for m in males]
        if len(names) != 3 or len(set(names)) != 3 or not all(n in MALES for n in names):
            raise InputError(f"males layout: {zone} needs three different males "
                             f"(male1..male6), not {males}")
        out[zone] = names
    for male in MALES:
        zones = [z for z in ZONES if male in out[z]]
        if len(zones) != 2:
            raise InputError(f"males layout: {male} lies in {len(zones)} zone(s); each male has "
                             "two copies in two different zones")
    return out


def parse_tile(text: Any) -> str:
    """A tile name (`lilypad`, `lily_pad`, `male3`...) in its one printed spelling;
    InputError for anything else."""
    word = str(text).strip().lower().replace(" ", "_")
    word = ALIASES.get(word, word)
    if word not in KINDS:
        raise InputError(f"no tile '{text}' (tiles: lilypad, mosquito, mud, pike, reeds, log, "
                         "male1..male6)")
    return word


def spelled(word: str) -> str:
    """A tile word as the log shows it: an old spelling (`lily_pad`) as printed today."""
    return LEGACY.get(word, word)


def check_reveal(state: dict, square: str, typed: Any) -> str | None:
    """Refuse a typed tile before anything moves: required unless digital, refused if digital,
    and the square's zone pile must still hold one. Returns the typed tile's name."""
    pile = state["piles"][ZONE[square]]
    if square in state["tiles"]:
        return parse_tile(typed) if typed is not None else None
    if state["digital"]:
        if typed is not None:
            raise InputError("this is a --digital session: the referee reveals the tiles, "
                             "do not type --tile")
        return None
    if typed is None:
        raise InputError(f"{square} has no tile yet: type the tile revealed there "
                         f"(--tile, or SQ:TILE for a bounce or mosquito move)")
    kind = parse_tile(typed)
    zone = ZONE[square]
    if kind in MALES and kind not in state["layout"][zone]:
        raise IllegalAction(f"the {zone} pile has no {kind}: its males are "
                            f"{', '.join(state['layout'][zone])}", RULE_LAYOUT)
    if not pile.get(kind):
        left = ", ".join(k for k in KINDS if pile.get(k)) or "nothing"
        raise IllegalAction(f"the {zone} pile has no {kind} left (left: {left})", RULE_PILE)
    return kind


def reveal(state: dict, square: str, typed: Any, chance: Chance) -> str:
    """Lay a tile from the square's zone pile under an arriving frog (typed, or drawn if digital)."""
    zone = ZONE[square]
    pile = state["piles"][zone]
    typed = check_reveal(state, square, typed)

    def generate(rng) -> str:
        return rng.choice([k for k in KINDS for _ in range(pile.get(k, 0))])

    def check(value: Any) -> str:
        kind = parse_tile(value)
        if not pile.get(kind):
            raise InputError(f"the {zone} pile has no {kind} left")
        return kind

    if not any(pile.values()):
        raise IllegalAction(f"the {zone} pile is empty", "Board: one tile per square")
    kind = chance.draw(f"tile {square}", generate, typed, check)
    pile[kind] -= 1
    state["tiles"][square] = kind
    return kind
