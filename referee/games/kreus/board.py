"""The creation process: which Nature cards may enter play, what each still needs, the routes.

`state["in_play"]` maps a Nature card in play to the Element cards it has
acquired: `{"elements": [{"element", "card", "protected"}], "complete": bool}`.
A Nature card played as an Element sits in that list with its own name as
`card` and is recorded in `state["as_element"]` (card -> host).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from referee.games.kreus.cards import AETHER, ELEMENTS, PLANET, element_of, kind
from referee.games.kreus.state import KreusState

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}


def level(state: KreusState, nature: str) -> int:
    return state["tree"][nature]["level"]


def missing(state: KreusState, nature: str) -> list[str]:
    """Elements a Nature card still needs: all of them when it is not in play."""
    need = list(state["tree"][nature]["elements"])
    placed = state["in_play"].get(nature)
    if placed:
        for slot in placed["elements"]:
            if slot["element"] in need:
                need.remove(slot["element"])
    return need


def is_complete(state: KreusState, nature: str) -> bool:
    placed = state["in_play"].get(nature)
    return bool(placed and placed["complete"])


def unlocked(state: KreusState, nature: str) -> bool:
    """Level prerequisites: enough of the cards that lead to it are complete."""
    req = state["tree"][nature]["requires"]
    return sum(is_complete(state, other) for other in req["of"]) >= req["count"]


def prerequisite_text(state: KreusState, nature: str) -> str:
    """`Wind + Rainbow complete`, `any 2 of Bird, Fish, Tree, Flower complete`, `always`."""
    req = state["tree"][nature]["requires"]
    names = [o.capitalize() for o in req["of"]]
    if req["count"] == 0:
        return "always playable"
    if req["count"] == len(names):
        return " + ".join(names) + " complete"
    return f"any {req['count']} of {', '.join(names)} complete"


def where(state: KreusState, nature: str) -> str:
    """Where a Nature card is: in-play, complete, as-element, discarded or unseen."""
    if nature in state["in_play"]:
        return "complete" if state["in_play"][nature]["complete"] else "in-play"
    if nature in state["as_element"]:
        return "as-element"
    if nature in state["discard"]:
        return "discarded"
    return "unseen"


def element_targets(state: KreusState, element: str | None) -> list[str]:
    """Nature cards in play, incomplete, still needing `element` (any element when None)."""
    out = []
    for nature, placed in state["in_play"].items():
        if placed["complete"]:
            continue
        need = missing(state, nature)
        if (element is None and need) or element in need:
            out.append(nature)
    return out


def place_element(state: KreusState, nature: str, element: str, card: str) -> tuple[bool, int]:
    """Put an Element (or a Nature card used as one) under a Nature card.

    Returns (completed, tokens freed): a card that becomes complete hands back
    the Tethys tokens that protected its Elements.
    """
    placed = state["in_play"][nature]
    placed["elements"].append({"element": element, "card": card, "protected": False})
    if kind(card) == "nature":
        state["as_element"][card] = nature
    if missing(state, nature):
        return False, 0
    placed["complete"] = True
    freed = 0
    for slot in placed["elements"]:
        if slot["protected"]:
            slot["protected"] = False
            freed += 1
    return True, freed


def vulnerable(state: KreusState) -> list[tuple[str, int]]:
    """Element cards an Aggression card can discard: under incomplete cards, not Nature cards,
    not protected by Tethys."""
    out = []
    for nature, placed in state["in_play"].items():
        if placed["complete"]:
            continue
        for i, slot in enumerate(placed["elements"]):
            if kind(slot["card"]) == "element" and not slot["protected"]:
                out.append((nature, i))
    return out


def routes(state: KreusState) -> list[list[str]]:
    """Every minimal set of Nature cards whose completion gives a complete Planet."""

    def expand(nature: str) -> list[frozenset[str]]:
        req = state["tree"][nature]["requires"]
        if req["count"] == 0:
            return [frozenset([nature])]
        found: list[frozenset[str]] = []
        for pick in combinations(req["of"], req["count"]):
            options = [frozenset([nature])]
            for other in pick:
                options = [a | b for a in options for b in expand(other)]
            found.extend(options)
        return found

    sets = set(expand(PLANET))
    minimal = [s for s in sets if not any(o < s for o in sets)]
    return [sorted(s, key=lambda n: (level(state, n), n)) for s in minimal]


def route_name(state: KreusState, cards: list[str]) -> str:
    """A route by its cards just below the Planet: `Bird + Fish`."""
    top = [c for c in cards if c != PLANET and PLANET in state["tree"]
           and c in state["tree"][PLANET]["requires"]["of"]]
    return " + ".join(c.capitalize() for c in (top or cards))


def unseen_elements(state: KreusState) -> dict[str, int]:
    """Element cards not yet seen, by element (Aether apart when the deck has it)."""
    count: Counter[str] = Counter()
    for card, n in state["pool"].items():
        e = element_of(card) or (AETHER if card == AETHER else None)
        if e:
            count[e] += n
    shown = (*ELEMENTS, AETHER) if AETHER in state["deck"] else ELEMENTS
    return {e: count[e] for e in shown}


def open_routes(state: KreusState) -> list[dict]:
    """Routes to the Planet with no card lost, the most efficient first.

    A route closes while one of its cards is discarded (it reopens if retrieved)
    or for good once one of them was used as an Element.
    """
    out = []
    left = unseen_elements(state)
    for cards in routes(state):
        blocked = [c for c in cards if where(state, c) in ("discarded", "as-element")]
        need: Counter[str] = Counter()
        to_play = []
        for c in cards:
            if c not in state["in_play"]:
                to_play.append(c)
            need.update(missing(state, c))
        out.append({"route": route_name(state, cards), "cards": cards, "to_play": to_play,
                    "elements": {e: need[e] for e in sorted(need)}, "total": sum(need.values()),
                    "beyond_unseen": {e: need[e] - left[e] for e in sorted(need)
                                      if need[e] > left[e]},
                    "blocked": blocked})
    out.sort(key=lambda r: (bool(r["blocked"]), r["total"], len(r["to_play"]), r["route"]))  # type: ignore[arg-type]
    return out


def planet_elements(state: KreusState) -> int:
    placed = state["in_play"].get(PLANET)
    return len(placed["elements"]) if placed else 0


def level_name(n: int) -> str:
    return f"Level {ROMAN.get(n, n)}"
