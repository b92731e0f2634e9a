"""Setting up the pond: colonies on their corners, the four piles, the card hands."""

from __future__ import annotations

from typing import Any

from referee.model.chance import Chance
from referee.model.errors import InputError

from .board import CORNERS, ZONES, start_squares
from .state import Colony, CroaState, Frog
from .tiles import DEFAULT_LAYOUT, MALES, check_layout, full_piles

COLORS: tuple[str, ...] = ("red", "blue", "green", "yellow", "pink", "purple", "orange",
                           "black", "white", "brown")


def parse_players(raw: Any) -> list[dict[str, str]]:
    """`[{"name", "color"}]` or `["NAME:COLOR", ...]` -> checked list of players."""
    if not isinstance(raw, list):
        raise InputError("players: a list of NAME:COLOR")
    out: list[dict[str, str]] = []
    for item in raw:
        if isinstance(item, dict):
            name, color = str(item.get("name", "")).strip(), str(item.get("color", "")).strip()
        else:
            name, _, color = str(item).partition(":")
            name, color = name.strip(), color.strip()
        color = _colour(color.lower())
        if not name or not color:
            raise InputError(f"'{item}': a player is NAME:COLOR (colours: {', '.join(COLORS)})")
        if color not in COLORS:
            raise InputError(f"no frog colour '{color}' (colours: {', '.join(COLORS)})")
        if name.lower() in COLORS:
            raise InputError(f"'{name}' is a colour; give the player a name")
        out.append({"name": name, "color": color})
    names = [p["name"].lower() for p in out]
    colors = [p["color"] for p in out]
    if len(set(names)) != len(names):
        raise InputError("two players have the same name")
    if len(set(colors)) != len(colors):
        raise InputError("two colonies have the same colour")
    return out


def _colour(typed: str) -> str:
    """A colour as typed: its name, or a unique prefix of it (`gr` green, `blu` blue)."""
    found = [c for c in COLORS if typed and c.startswith(typed)]
    if typed in COLORS or not found:
        return typed  # a full name, or one the caller refuses
    if len(found) > 1:
        raise InputError(f"'{typed}' could be {' or '.join(found)}: type more of the colour")
    return found[0]


def symbols(colors: list[str]) -> list[str]:
    """One distinct letter per colony, from its colour's name (queen upper, servant lower)."""
    used: set[str] = set()
    out = []
    for color in colors:
        letter = next((ch for ch in color if ch.isalpha() and ch not in used), None)
        if letter is None:
            letter = next(ch for ch in "abcdefghijklmnopqrstuvwxyz" if ch not in used)
        used.add(letter)
        out.append(letter)
    return out


def setup(options: dict[str, Any], chance: Chance) -> CroaState:
    """Queens on the corners in seat order (2: a1 h8; 3: a1 a8 h8; 4: a1 a8 h8 h1), two servants
    orthogonally next to each; starting squares hold no tile; the first player listed starts."""
    players = parse_players(options.get("players"))
    layout = check_layout(options["males"]) if options.get("males") else DEFAULT_LAYOUT
    corners = CORNERS[len(players)]
    syms = symbols([p["color"] for p in players])
    colonies: list[Colony] = []
    for p, corner, sym in zip(players, corners, syms, strict=True):
        squares = start_squares(corner)
        frogs: list[Frog] = [{"kind": "queen", "square": squares[0], "stuck": 0}]
        frogs += [{"kind": "servant", "square": sq, "stuck": 0} for sq in squares[1:]]
        frogs += [{"kind": "servant", "square": None, "stuck": 0} for _ in range(4)]
        colonies.append({"name": p["name"], "color": p["color"], "symbol": sym, "corner": corner,
                         "alive": True, "males": list(MALES), "frogs": frogs, "hand": [],
                         "force": False, "played_card": False})
    state: CroaState = {
        "digital": bool(options.get("digital")),
        "cards": bool(options.get("cards")),
        "deal": False,
        "colonies": colonies,
        "tiles": {},
        "layout": {z: list(layout[z]) for z in ZONES},
        "piles": full_piles(layout),
        "current": 0,
        "turn": 1,
        "round": 1,  # see flow.end_turn: a new round starts when play wraps past the last seat
        "pending": [],
        "window": None,
        "under": [],
        "gain": 0,
        "winner": None,
        "deck": {},
        "discard": {},
    }
    if (options.get("deck") or options.get("deal")) and not state["cards"]:
        raise InputError("a deck or --deal is only used with the card module (--cards)")
    if state["cards"]:
        from .arrival import Ctx
        from .cards import deal_deck, draw

        deal = options.get("deal")
        state["deal"] = bool(state["digital"] if deal is None else deal)
        deal_deck(state, options.get("deck"))
        ctx = Ctx(chance)
        for _ in range(3):
            for c in range(len(colonies)):
                draw(state, c, ctx)
    return state
