"""The tiles: each zone's pile, their names, and revealing one when a frog lands on a bare square."""

from __future__ import annotations

from typing import Any

from referee.model.chance import Chance
from referee.model.errors import IllegalAction, InputError
from referee.model.i18n import N_, NC_, _, fold, msg, ngettext, pgettext, pmsg, tell
from referee.scorers.croa import (
    ALIASES,
    DEFAULT_LAYOUT,
    KINDS,
    LEGACY,
    MALES,
    RULE_PILE,
    full_piles,
    parse_tile,
    zone_pile,
)

from .board import ZONE, ZONES
from .pond import occupied
from .state import CroaState

__all__ = ["ALIASES", "DEFAULT_LAYOUT", "FULL_PILES", "KINDS", "MALES", "RULE_PILE",
           "check_layout", "check_reveal", "full_piles", "parse_tile", "reveal", "spelled",
           "tile_word", "zone_pile"]

CODES: dict[str, str] = {
    "lilypad": "Ly", "mosquito": "Mq", "mud": "Md", "pike": "Pk", "reeds": "Rd", "log": "Lg",
    **{m: f"M{m[-1]}" for m in MALES},
}


# the codes in the table's language (French: `Né` nénuphar, `Mo` moustique...)
CODE_WORDS = (NC_("tile code", "Ly"), NC_("tile code", "Mq"), NC_("tile code", "Md"),
              NC_("tile code", "Pk"), NC_("tile code", "Rd"), NC_("tile code", "Lg"))


def code(kind: str) -> str:
    """A tile's two letters on the pond, in the table's language (`Ly`; `Né` in French)."""
    short = CODES[kind]
    return pgettext("tile code", short) if short in CODE_WORDS else short


RULE_LAYOUT = N_("Males (mâles): three different males per zone, each male in two different "
               "zones")
FULL_PILES: dict[str, dict[str, int]] = full_piles()
RULE_ONE_TILE = N_("Tile effects (effets des tuiles): one tile per square")
# a tile's name as the table reads it (the log keeps the English word)
TILE_WORDS = (NC_("tile", "lilypad"), NC_("tile", "mosquito"), NC_("tile", "mud"),
              NC_("tile", "pike"), NC_("tile", "reeds"), NC_("tile", "log"))
COLOUR_WORDS = (NC_("colour", "red"), NC_("colour", "blue"), NC_("colour", "green"),
                NC_("colour", "yellow"), NC_("colour", "pink"), NC_("colour", "purple"),
                NC_("colour", "orange"), NC_("colour", "black"), NC_("colour", "white"),
                NC_("colour", "brown"))


def tile_word(kind: str) -> str:
    """`reeds` -> `roseaux` in French; `male3` -> `mâle3`."""
    if kind in TILE_WORDS:
        return pgettext("tile", kind)
    return tell(tile_said(kind))


def tile_said(kind: str) -> dict | str:
    """A tile's name as the log keeps it, said in the reader's language (`tile_word`)."""
    if kind in TILE_WORDS:
        return pmsg("tile", kind)
    if kind in MALES:
        return pmsg("tile", "male{n}", n=kind[-1])
    return kind.replace("_", " ")


def colour_said(colour: str) -> dict | str:
    """A colour as the log keeps it, said in the reader's language (`colour_word`)."""
    return pmsg("colour", colour) if colour in COLOUR_WORDS else colour


def colour_word(colour: str) -> str:
    """A colony's or a zone's colour as the table reads it (`blue` -> `bleu`)."""
    return pgettext("colour", colour) if colour in COLOUR_WORDS else colour


# a zone's colour with a feminine word (`la pioche bleue`, `la zone verte`), and as the pond's
# borders name the zones
ZONE_WORDS = (NC_("zone", "blue"), NC_("zone", "green"), NC_("zone", "pink"), NC_("zone", "yellow"))
ZONE_LABELS = (NC_("zone label", "blue"), NC_("zone label", "green"), NC_("zone label", "pink"),
               NC_("zone label", "yellow"))
FRENCH_ZONES = {"bleu": "blue", "bleue": "blue", "vert": "green", "verte": "green",
                "rose": "pink", "jaune": "yellow"}


def zone_word(zone: str) -> str:
    """A zone as its pile is named (`blue` -> `bleue`: la pioche bleue)."""
    return pgettext("zone", zone) if zone in ZONE_WORDS else zone


def zone_label(zone: str) -> str:
    """A zone as the pond's border names it (`blue` -> `zone bleue`)."""
    return pgettext("zone label", zone) if zone in ZONE_LABELS else zone


def parse_zone(typed: Any) -> str:
    """A zone typed in English or French (`blue`, `bleu`), or a unique beginning of it (`b`)."""
    word = fold(str(typed).strip())
    found = {z for z in ZONES if word and z.startswith(word)}
    found |= {z for fr, z in FRENCH_ZONES.items() if word and fr.startswith(word)}
    if len(found) == 1:
        return found.pop()
    zones = ", ".join(zone_word(z) for z in ZONES)
    if found:
        raise InputError(_("'{typed}' could be {zones}: type more of the zone").format(
            typed=typed, zones=_(" or ").join(zone_word(z) for z in sorted(found))))
    raise InputError(_("no zone '{typed}' (zones: {zones})").format(typed=typed, zones=zones))


def check_layout(data: Any) -> dict[str, list[str]]:
    """A males layout `{zone: [three males]}` (a replacement for the default, referee/scorers/croa.json), checked."""
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
            raise InputError(f"males layout: {male} lies in {len(zones)} {ngettext('zone', 'zones', len(zones))}; each male has "
                             "two copies in two different zones")
    return out


def spelled(word: str) -> str:
    """A tile word as the log shows it: an old spelling (`lily_pad`) as printed today."""
    return LEGACY.get(word, word)


def check_reveal(state: CroaState, square: str, typed: Any) -> str | None:
    """Refuse a typed tile before anything moves: required unless digital, refused if digital,
    and the square's zone pile must still hold one. Returns the typed tile's name."""
    pile = state["piles"][ZONE[square]]
    if square in state["tiles"]:
        return parse_tile(typed) if typed is not None else None
    if state["digital"]:
        if typed is not None:
            raise InputError(_("this is a --digital session: the referee reveals the tiles, "
                               "do not type --tile"))
        return None
    if typed is None:
        raise InputError(_("{square} has no tile yet: type the tile revealed there "
                           "(--tile, or SQ:TILE for a bounce or mosquito move)").format(square=square))
    kind = parse_tile(typed)
    zone = ZONE[square]
    if kind in MALES and kind not in state["layout"][zone]:
        raise IllegalAction(_("the {zone} pile has no {tile}: its males are {males}").format(
            zone=zone_word(zone), tile=tile_word(kind),
            males=", ".join(tile_word(m) for m in state["layout"][zone])), RULE_LAYOUT)
    if not pile.get(kind):
        left = ", ".join(tile_word(k) for k in KINDS if pile.get(k)) or _("nothing")
        raise IllegalAction(_("the {zone} pile has no {tile} left (left: {left})").format(
            zone=zone_word(zone), tile=tile_word(kind), left=left), RULE_PILE)
    return kind


def reveal(state: CroaState, square: str, typed: Any, chance: Chance) -> str:
    """Lay a tile from the square's zone pile under an arriving frog (typed, or drawn if digital)."""
    zone = ZONE[square]
    pile = state["piles"][zone]
    typed = check_reveal(state, square, typed)

    def generate(rng) -> str:
        return rng.choice([k for k in KINDS for _ in range(pile.get(k, 0))])

    def check(value: Any) -> str:
        kind = parse_tile(value)
        if not pile.get(kind):
            raise IllegalAction(_("the {zone} pile has no {tile} left").format(
                zone=zone_word(zone), tile=tile_word(kind)), RULE_PILE)
        return kind

    if not any(pile.values()):
        raise IllegalAction(_("the {zone} pile is empty").format(zone=zone_word(zone)), RULE_ONE_TILE)
    kind = chance.draw(f"tile {square}", generate, typed, check)
    pile[kind] -= 1
    state["tiles"][square] = kind
    return kind


def keep_tiles(state: CroaState, things: list[dict]) -> list[dict]:
    """Digital tiles turned over by undone actions, laid face up again where they were seen
    (the table saw them; the next frog to land there finds that tile). A square a frog stands on
    again after the undo is left as it was: its frog never arrived there. Returns the events."""
    events = []
    taken = occupied(state)
    for thing in things:
        label, kind = str(thing.get("label", "")), thing.get("value")
        square = label[len("tile "):] if label.startswith("tile ") else ""
        if not state["digital"] or square not in ZONE or square in state["tiles"] or square in taken \
                or not isinstance(kind, str):
            continue
        pile = state["piles"][ZONE[square]]
        if not pile.get(kind):
            continue
        pile[kind] -= 1
        state["tiles"][square] = kind
        events.append({"msg": msg("{square}: {tile} stays face up (turned over before the undo; the table saw it).",
                                  square=square, tile=tile_said(spelled(kind))),
                       "seen": {"label": label, "value": kind}})
    return events
