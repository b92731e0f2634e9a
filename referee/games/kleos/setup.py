"""Setup and Deployment: gods, temples per player count, champions, the Isles, Day 1.

Rules implemented: temples used per player count (2P H1,H5; 3P H1,H3,H5;
4P H1,H2,H4,H5; 5P all), assigned at random (seeded) or as chosen; the player
on Temple 1 is the first player; Day 1; every champion starts on its temple;
each Isle waits for its Epic card.
"""

from __future__ import annotations

from typing import Any

from referee.games.kleos import board as bd
from referee.games.kleos import cards
from referee.games.kleos import minions as mn
from referee.games.kleos.cards import GODS
from referee.games.kleos.play import isle
from referee.games.kleos.state import Card, Player, State, possessive
from referee.model.chance import Chance
from referee.model.errors import IllegalAction, InputError


def _players(options: dict) -> list[Player]:
    raw = options.get("players")
    if not isinstance(raw, list):
        raise InputError("new: give the players as NAME:GOD")
    out: list[Player] = []
    for p in raw:
        if isinstance(p, str):
            name, _, god = p.rpartition(":")
            p = {"name": name, "god": god}
        if not isinstance(p, dict):
            raise InputError(f"a player is NAME:GOD, not {p!r}")
        name = str(p.get("name") or "").strip()
        god = str(p.get("god") or "").strip().lower()
        if not name:
            raise InputError("a player is written NAME:GOD (e.g. Ann:ares); the name is missing")
        if god not in GODS:
            raise InputError(f"no god '{god}' (gods: {', '.join(GODS)})")
        if any(q["god"] == god for q in out):
            raise IllegalAction(f"{god.capitalize()} is taken twice",
                                "Setup: each player is a different god")
        if any(q["name"].lower() == name.lower() for q in out):
            raise InputError(f"two players are named '{name}'")
        if name.lower() in GODS and name.lower() != god:
            raise InputError(f"a player cannot be named after another god ('{name}')")
        out.append({"name": name, "god": god, "temple": ""})  # the temple is dealt next
    return out


def _temples(options: dict, players: list[Player], used: tuple[str, ...], chance: Chance) -> None:
    """Chosen temples first; the rest are shuffled among the remaining temples."""
    chosen = options.get("temples") or {}
    if not isinstance(chosen, dict):
        raise InputError("temples are given as GOD:H1")
    taken: dict[str, str] = {}
    for god, temple in chosen.items():
        god = str(god).strip().lower()
        temple = str(temple).strip().lower()
        if god not in [p["god"] for p in players]:
            raise InputError(f"--temple names '{god}', who is not playing")
        if temple not in bd.TEMPLES:
            raise InputError(f"no temple '{temple}' (temples: {', '.join(bd.TEMPLES)})")
        if temple not in used:
            raise IllegalAction(f"{temple.upper()} is not used with {len(players)} players "
                                f"(used: {', '.join(t.upper() for t in used)})",
                                "Setup: temple locations used per number of players")
        if temple in taken.values():
            raise IllegalAction(f"{temple.upper()} is given twice", "Setup: one temple per player")
        taken[god] = temple
    rest = [p["god"] for p in players if p["god"] not in taken]
    free = [t for t in used if t not in taken.values()]
    if rest:
        dealt = chance.shuffle("temples", free) if len(free) > 1 else free
        taken.update(zip(rest, dealt, strict=True))
    for p in players:
        p["temple"] = taken[p["god"]]


def _card_map(raw: Any, what: str) -> dict[str, Card]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise InputError(f"{what} must map names to card data")
    return {str(k).lower(): cards.normalize(v, str(k)) for k, v in raw.items()}


def new_state(options: dict, chance: Chance) -> State:
    """The state after setup: Day 1, Deployment, champions on their temples."""
    players = _players(options)
    given = options.get("board")
    board = bd.validate(given) if given is not None else bd.default_board()
    used = bd.TEMPLES_USED[len(players)]
    for t in bd.TEMPLES:
        if t not in used:  # no temple hex is placed there: not a location this game
            del board["locations"][t]
            board["adjacent"].pop(t)
            for k in board["adjacent"]:
                board["adjacent"][k] = [x for x in board["adjacent"][k] if x != t]
    _temples(options, players, used, chance)
    champions = options.get("champions") or {}
    if not isinstance(champions, dict):
        raise InputError("champions must map each god to its champion's card data")
    champions = {str(k).lower(): v for k, v in champions.items()}
    missing = [p["god"] for p in players if p["god"] not in champions]
    if missing:
        raise InputError(
            f"no champion stats for {', '.join(missing)}: champions' stats are not in the "
            "rulebook; "
            "type them with --champion GOD=A/D/C/T or --champion GOD=CARD "
            "(or `referee kleos card add NAME --stats A/D/C/T --champion GOD` once)")
    state: State = {
        "board": board, "players": players, "day": 1, "phase": "deployment", "active": 0,
        "first": next(i for i, p in enumerate(players) if p["temple"] == "h1"),
        "minions": {}, "isles": dict.fromkeys(bd.ISLES), "awaiting": list(bd.ISLES),
        "favor": None, "glory": {p["god"]: 0 for p in players}, "gains": [],
        "today": {"day": 1, "glory": {}}, "pending": [],
        "hades": [], "cards": _card_map(options.get("cards"), "cards"), "pity": [],
        "dusk": None, "city_glory": {}, "result": None, "epics_drawn": {},
    }
    for p in players:
        data = champions[p["god"]]
        if isinstance(data, dict) and "name" not in data:
            data = {**data, "name": possessive(p["god"].capitalize()) + " Champion"}
        card = cards.normalize(data)
        card["keywords"] = sorted((set(card["keywords"]) - {"basic"}) | {"champion"})
        m = mn.new_minion(p["god"], "champion", card, p["temple"])
        state["minions"][m["ref"]] = m
        state["cards"][card["name"].lower()] = card
    _isles(state, options.get("isles"), chance)
    return state


def _isles(state: Any, given: Any, chance: Chance) -> None:
    """Epic cards laid on the Isles as part of setup (`new` options), exactly as `isle` lays them."""
    if not given:
        return
    if not isinstance(given, dict):
        raise InputError("isles must map each Isle to the data of the Epic card lying on it")
    for where, card in given.items():
        if not isinstance(card, dict):
            raise InputError(f"{where}: an Isle's card is given as its card data (name, stats)")
        isle(state, {"verb": "isle", "isle": where, "card": card.get("name"), "stats": card}, chance)
