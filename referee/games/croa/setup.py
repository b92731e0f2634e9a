"""Setting up the pond: colonies on their corners, the four piles, the card hands."""

from __future__ import annotations

from typing import Any

from referee.model.chance import Chance
from referee.model.errors import InputError
from referee.model.i18n import _, fold

from .arrival import Ctx
from .board import CORNERS, ZONES, start_squares
from .cards import deal_deck, draw
from .state import Colony, CroaState, Frog
from .tiles import DEFAULT_LAYOUT, MALES, check_layout, colour_word, full_piles
from .words import FRENCH_COLOURS

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
            name, _sep, color = str(item).partition(":")
            name, color = name.strip(), color.strip()
        color = colour(color)
        if not name or not color:
            raise InputError(_("'{item}': a player is NAME:COLOR (colours: {colours})").format(
                item=item, colours=_colours()))
        if color not in COLORS:
            raise InputError(_("no frog colour '{colour}' (colours: {colours})").format(
                colour=color, colours=_colours()))
        if name.lower() in COLORS:
            raise InputError(_("'{name}' is a colour; give the player a name").format(name=name))
        out.append({"name": name, "color": color})
    names = [p["name"].lower() for p in out]
    colors = [p["color"] for p in out]
    if len(set(names)) != len(names):
        raise InputError(_("two players have the same name"))
    if len(set(colors)) != len(colors):
        raise InputError(_("two colonies have the same colour"))
    return out


def _colours() -> str:
    return ", ".join(colour_word(c) for c in COLORS)


def colour(typed: str) -> str:
    """A colour as typed, in English or in French (`rouge`, `Bleue`): its name, or a unique
    prefix of it (`gr` green, `blu` blue); an English prefix first (`r` red), else a French
    one (`rou` red; `ro` could be rouge or rose, so it is asked again). Returned in English."""
    word = fold(typed.strip())
    if word in COLORS:
        return word
    if word in FRENCH_COLOURS:
        return FRENCH_COLOURS[word]
    for words in (COLORS, tuple(FRENCH_COLOURS)):
        found = [c for c in words if word and c.startswith(word)]
        if len({FRENCH_COLOURS.get(c, c) for c in found}) > 1:
            raise InputError(_("'{typed}' could be {colours}: type more of the colour").format(
                typed=typed, colours=_(" or ").join(found)))
        if found:
            return FRENCH_COLOURS.get(found[0], found[0])
    return word  # one the caller refuses


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
        deal = options.get("deal")
        state["deal"] = bool(state["digital"] if deal is None else deal)
        deal_deck(state, options.get("deck"))
        ctx = Ctx(chance)
        for _ in range(3):
            for c in range(len(colonies)):
                draw(state, c, ctx)
    return state
