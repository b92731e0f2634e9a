"""Who is where: colonies, their seven frogs (queen + six servants), the reserve, lookups.

A frog is `{"kind": "queen"|"servant", "square": SQ or None, "stuck": int}`; a servant whose
square is None is in its colony's reserve. A frog reference is `[colony index, slot]`
(slot 0 is the queen). Stuck counts the owner's turn-ends left before a mud frog is freed.
"""

from __future__ import annotations

from referee.model.errors import IllegalAction, InputError
from referee.model.i18n import N_, _, fold, msg, pgettext, tell

from .board import NEIGHBOURS, parse_square
from .state import CroaState, Frog
from .words import FRENCH_COLOURS

QUEEN = 0
SERVANTS = 6
# SQ:queen / SQ:servant as typed, in English or French (reine, servante; bébé: a servant)
FROG_WORDS = {"queen": "queen", "q": "queen", "reine": "queen", "r": "queen",
              "servant": "servant", "s": "servant", "servante": "servant", "bebe": "servant",
              "baby": "servant"}
RULE_OWN_FROGS = N_("Pond rules (règles de la mare): a colony moves only its own frogs")
RULE_YOUR_FROG = N_("Pond rules (règles de la mare): move one of your frogs")


def frog(state: CroaState, ref: list[int]) -> Frog:
    return state["colonies"][ref[0]]["frogs"][ref[1]]


def at(state: CroaState, ref: list[int]) -> str:
    """The square of a frog in the pond (never asked of a frog in the reserve)."""
    square = frog(state, ref)["square"]
    assert square is not None, f"frog {ref} is not in the pond"
    return square


def occupants(state: CroaState, square: str) -> list[list[int]]:
    """References of every frog on a square (all colonies)."""
    return [
        [c, i]
        for c, col in enumerate(state["colonies"])
        for i, f in enumerate(col["frogs"])
        if f["square"] == square
    ]


def occupied(state: CroaState) -> dict[str, list[list[int]]]:
    """Square -> frog references, for the whole pond."""
    out: dict[str, list[list[int]]] = {}
    for c, col in enumerate(state["colonies"]):
        for i, f in enumerate(col["frogs"]):
            if f["square"] is not None:
                out.setdefault(f["square"], []).append([c, i])
    return out


def reserve(state: CroaState, c: int) -> int:
    """Servants of colony c off the pond."""
    return sum(1 for f in state["colonies"][c]["frogs"][1:] if f["square"] is None)


def in_pond(state: CroaState, c: int) -> int:
    return sum(1 for f in state["colonies"][c]["frogs"][1:] if f["square"] is not None)


def place_servant(state: CroaState, c: int, square: str) -> bool:
    """Put a servant of colony c from its reserve on a square (no tile effect). False if none."""
    for f in state["colonies"][c]["frogs"][1:]:
        if f["square"] is None:
            f["square"] = square
            f["stuck"] = 0
            return True
    return False


def to_reserve(state: CroaState, ref: list[int]) -> None:
    f = frog(state, ref)
    f["square"] = None
    f["stuck"] = 0


def label(state: CroaState, ref: list[int]) -> str:
    """'Ann's queen' / 'Bob's servant'."""
    return tell(frog_said(state, ref))


def frog_said(state: CroaState, ref: list[int]) -> dict:
    """'Ann's queen' / 'Bob's servant' as the log keeps it: said in the reader's language."""
    col = state["colonies"][ref[0]]
    if ref[1] == QUEEN:
        return msg("{name}'s queen", name=col["name"])
    return msg("{name}'s servant", name=col["name"])


def colony_index(state: CroaState, word: str) -> int:
    """A colony by player name or colour (any case, the colour in English or French; a unique
    prefix of either is enough)."""
    w = str(word).strip().lower()
    cols = state["colonies"]
    for c, col in enumerate(cols):
        if w == col["name"].lower():
            return c
    colour = FRENCH_COLOURS.get(fold(w), w)
    for c, col in enumerate(cols):
        if colour == col["color"]:
            return c
    found = [c for c, col in enumerate(cols)
             if w and (col["name"].lower().startswith(w) or col["color"].startswith(w))]
    if not found:
        found = [c for c, col in enumerate(cols) if w and any(
            fr.startswith(fold(w)) and en == col["color"] for fr, en in FRENCH_COLOURS.items())]
    if len(found) == 1:
        return found[0]
    if found:
        raise InputError(_("'{word}' could be {names}: type more of the name or colour").format(
            word=word, names=_(" or ").join(cols[c]["name"] for c in found)))
    names = ", ".join(f"{col['name']} ({pgettext('colour', col['color'])})" for col in cols)
    raise InputError(_("no colony '{word}' (colonies: {names})").format(word=word, names=names))


def find_own_frog(state: CroaState, c: int, text: str) -> list[int]:
    """The frog of colony c named by `SQ`, `SQ:queen` or `SQ:servant`.

    A bare square holding both the queen and a servant of c is ambiguous.
    """
    raw = str(text).strip().lower()
    sq_text, _sep, kind = raw.partition(":")
    square = parse_square(sq_text)
    if kind and fold(kind) not in FROG_WORDS:
        raise InputError(_("'{text}': after the square write :queen or :servant").format(text=text))
    kind = FROG_WORDS.get(fold(kind), kind)
    here = occupants(state, square)
    mine = [r for r in here if r[0] == c]
    name = state["colonies"][c]["name"]
    if not mine:
        if here:
            owner = state["colonies"][here[0][0]]["name"]
            raise IllegalAction(_("the frog on {square} is {owner}'s, not {name}'s").format(
                square=square, owner=owner, name=name),
                RULE_OWN_FROGS)
        own = sorted({f["square"] for f in state["colonies"][c]["frogs"] if f["square"]})
        raise IllegalAction(_("{name} has no frog on {square} ({name}'s frogs: {squares})").format(
            name=name, square=square, squares=", ".join(own)), RULE_YOUR_FROG)
    if kind:
        picked = [r for r in mine if (r[1] == QUEEN) == (kind == "queen")]
        if not picked:
            raise IllegalAction((_("{name} has no queen on {square}") if kind == "queen" else
                                 _("{name} has no servant on {square}")).format(
                name=name, square=square), RULE_YOUR_FROG)
        return picked[0]
    kinds = {r[1] == QUEEN for r in mine}
    if len(kinds) > 1:
        raise InputError(_("{name}'s queen and a servant share {square}: write "
                           "{square}:queen or {square}:servant").format(name=name, square=square))
    return mine[0]


HIDDEN = "?"  # a card in a hand the referee has not seen (players hold real cards)


def may_hold(state: CroaState, c: int, card: str) -> bool:
    """Cards: whether a colony may hold this card. A dealt hand is known; a real hand is only
    counted, so any card of it may be the one (docs/rulings/croa.md: the referee never needs a secret hand),
    unless every copy of that card lies face up (discarded, or in front of a colony)."""
    hand = state["colonies"][c]["hand"]
    if card in hand:
        return True
    return HIDDEN in hand and unseen(state, card)


def may_answer(state: CroaState, c: int, card: str) -> bool:
    """Cards: whether a window for this card (a Thunderclap after a lily pad, a Doesn't work!)
    asks colony c, from what the whole table sees: any card in hand, unless every copy of that
    card lies face up. A hand the referee dealt is known to it, but asking only the colonies
    whose hand holds the card would tell the table who holds one; a colony asked that does not
    hold it passes like any other."""
    return bool(state["colonies"][c]["hand"]) and unseen(state, card)


def unseen(state: CroaState, card: str) -> bool:
    """Whether a copy of the card may still be face down (in a hand or the deck). A card the
    deck does not count (a name the table plays) is taken at the table's word."""
    counts = state.get("deck_counts") or {}
    if card not in counts:
        return True
    face_up = state["discard"].get(card, 0)
    if card == "the_force":
        face_up += sum(col["force"] for col in state["colonies"])
    return counts[card] > face_up


def alive(state: CroaState) -> list[int]:
    return [c for c, col in enumerate(state["colonies"]) if col["alive"]]


def is_own_blocked(state: CroaState, c: int, square: str, occ: dict[str, list[list[int]]] | None = None) -> bool:
    """Moves: a frog never lands on a square holding an own frog, except on a log."""
    if state["tiles"].get(square) == "log":
        return False
    here = (occ or occupied(state)).get(square, [])
    return any(r[0] == c for r in here)


def step_targets(state: CroaState, ref: list[int], occ: dict[str, list[list[int]]] | None = None) -> list[str]:
    """Squares a frog may move to by one step (8 neighbours, no own frog except on a log)."""
    occ = occ if occ is not None else occupied(state)
    return [sq for sq in NEIGHBOURS[at(state, ref)] if not is_own_blocked(state, ref[0], sq, occ)]
