"""The replaceable data: the creation tree (docs/rulings/kreus.md) and the Titan cards, with validation.

Both ship as JSON files next to this module (tree.json, titans.json);
`new --cards FILE` may replace either (keys `nature` and/or `titans`). Every
problem is an InputError that names the card.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from referee.games.kreus.cards import ELEMENTS, NATURE_NAMES, PLANET
from referee.games.kreus.state import Face, NatureCard, TitanCard
from referee.model import shipped
from referee.model.errors import InputError
from referee.model.i18n import ngettext

POWERS: tuple[str, ...] = (
    "cronus", "hyperion", "iapetus", "coeus", "oceanus", "crius",
    "rhea", "theia", "themis", "phoebe", "tethys", "mnemosyne",
)
PHASES: tuple[str, ...] = ("divination", "creation", "divination/creation")


@functools.cache
def _default(name: str) -> dict:
    return json.loads(shipped.text(__file__, name))


def default_tree() -> list[dict]:
    return _default("tree.json")["nature"]


def default_titans() -> list[dict]:
    return _default("titans.json")["titans"]


def validate_tree(entries: Any) -> dict[str, NatureCard]:
    """The creation tree as {name: {level, elements, requires: {count, of}}}.

    Rules kept on any tree: the eleven Nature cards, each once; levels 1-4 with the
    Planet alone on level 4; elements among fire/air/earth/water; a card is unlocked
    by cards of lower levels.
    """
    if not isinstance(entries, list):
        raise InputError("cards file: 'nature' must be a list of Nature cards")
    tree: dict[str, NatureCard] = {}
    for i, raw in enumerate(entries, 1):
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
            raise InputError(f"cards file: Nature entry {i} needs a 'name'")
        name = raw["name"].strip().lower()
        where = f"cards file: Nature card '{raw['name']}'"
        if name not in NATURE_NAMES:
            raise InputError(f"{where} is not a Kreus Nature card ({', '.join(NATURE_NAMES)})")
        if name in tree:
            raise InputError(f"{where} is listed twice")
        level = raw.get("level")
        if not isinstance(level, int) or isinstance(level, bool) or not 1 <= level <= 4:
            raise InputError(f"{where}: 'level' must be 1, 2, 3 or 4")
        if (level == 4) != (name == PLANET):
            raise InputError(f"{where}: the Planet, and only the Planet, is on level 4")
        elements = raw.get("elements")
        if (not isinstance(elements, list) or not elements
                or not all(isinstance(e, str) and e.lower() in ELEMENTS for e in elements)):
            raise InputError(f"{where}: 'elements' must be a non-empty list of "
                             f"{', '.join(ELEMENTS)}")
        req = raw.get("requires", {"count": 0, "of": []})
        if not isinstance(req, dict):
            raise InputError(f"{where}: 'requires' must be {{\"count\": N, \"of\": [names]}}")
        of = req.get("of", [])
        count = req.get("count", len(of) if isinstance(of, list) else 0)
        if not isinstance(of, list) or not all(isinstance(o, str) for o in of):
            raise InputError(f"{where}: 'requires.of' must be a list of Nature card names")
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= len(of):
            raise InputError(f"{where}: 'requires.count' must be between 0 and {len(of)}")
        if level > 1 and count == 0:
            raise InputError(f"{where}: a level {level} card must be unlocked by lower cards")
        tree[name] = {"level": level, "elements": [e.lower() for e in elements],
                      "requires": {"count": count, "of": [o.strip().lower() for o in of]}}
    missing = [n for n in NATURE_NAMES if n not in tree]
    if missing:
        raise InputError(f"cards file: Nature {ngettext('card', 'cards', len(missing))} missing: {', '.join(missing)}")
    for name, card in tree.items():
        for other in card["requires"]["of"]:
            if other not in tree:
                raise InputError(f"cards file: '{name}' is unlocked by unknown card '{other}'")
            if tree[other]["level"] >= card["level"]:
                raise InputError(f"cards file: '{name}' must be unlocked by lower-level cards, "
                                 f"not '{other}'")
    order = sorted(tree, key=lambda n: (tree[n]["level"], NATURE_NAMES.index(n)))
    return {n: tree[n] for n in order}


def validate_titans(entries: Any) -> list[TitanCard]:
    """Titan cards as [{male: {name, uses, phase}, female: {...}}], each power once."""
    if not isinstance(entries, list) or not entries:
        raise InputError("cards file: 'titans' must be a list of Titan cards")
    seen: set[str] = set()
    out: list[TitanCard] = []
    for i, raw in enumerate(entries, 1):
        if not isinstance(raw, dict):
            raise InputError(f"cards file: Titan card {i} must have 'male' and 'female' faces")
        card: dict[str, Face] = {}
        for face in ("male", "female"):
            f = raw.get(face)
            if not isinstance(f, dict) or not isinstance(f.get("name"), str):
                raise InputError(f"cards file: Titan card {i} needs a '{face}' face with a 'name'")
            name = f["name"].strip().lower()
            if name not in POWERS:
                raise InputError(f"cards file: unknown Titan '{f['name']}' ({', '.join(POWERS)})")
            if name in seen:
                raise InputError(f"cards file: Titan '{name}' appears twice")
            seen.add(name)
            uses, phase = f.get("uses"), f.get("phase")
            if not isinstance(uses, int) or isinstance(uses, bool) or not 1 <= uses <= 9:
                raise InputError(f"cards file: Titan '{name}': 'uses' must be 1 to 9")
            if phase not in PHASES:
                raise InputError(f"cards file: Titan '{name}': 'phase' must be one of "
                                 f"{', '.join(PHASES)}")
            card[face] = {"name": name, "uses": uses, "phase": phase}
        out.append({"male": card["male"], "female": card["female"]})
    return out


def load_cards(data: Any) -> tuple[dict[str, NatureCard], list[TitanCard]]:
    """The tree and Titans from a `--cards` replacement (either key may be left out)."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise InputError("cards file: expected a JSON object with 'nature' and/or 'titans'")
    unknown = sorted(set(data) - {"nature", "titans", "about"})
    if unknown:
        raise InputError(f"cards file: unknown {ngettext('key', 'keys', len(unknown))} {', '.join(unknown)} "
                         "(use 'nature', 'titans')")
    tree = validate_tree(data.get("nature", default_tree()))
    titans = validate_titans(data.get("titans", default_titans()))
    return tree, titans
