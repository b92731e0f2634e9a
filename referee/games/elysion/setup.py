"""A new journey: the players, the catalog, the add-ons, the starting hands, the first row."""

from __future__ import annotations

from referee.games.elysion import deck
from referee.games.elysion.catalog import SAMPLE, get
from referee.games.elysion.state import ElysionState
from referee.model.chance import Chance
from referee.model.errors import IllegalAction, InputError


def _names(raw: object) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        raise InputError("players are a list of names")
    names = [p.strip() for p in raw]  # how many: the core checks (Engine.min_players...)
    for p in names:
        if not p or any(c in p for c in "=,:*") or p.isdigit():
            raise InputError(
                f"player name {p!r}: use letters (no '=', ',', ':' or '*', not a number)"
            )
    if len({p.lower() for p in names}) != len(names):
        raise InputError("two players have the same name")
    return names


def setup(options: dict, chance: Chance) -> ElysionState:
    """A new journey: players, the catalog, add-ons, starting hands, the first row, the Shades."""
    players = _names(options.get("players"))
    source = options.get("catalog") or SAMPLE
    if not isinstance(source, str):
        raise InputError("the catalog is the text of a TOML file")
    catalog = get(source)
    hand = options.get("hand", 3)
    if not isinstance(hand, int) or isinstance(hand, bool) or not 1 <= hand <= 10:
        raise InputError("--hand is the number of realms each player starts with (1-10)")
    stars, styx = bool(options.get("constellations")), bool(options.get("styx"))
    if stars and not any(c.star for c in catalog.realms.values()):
        raise InputError(f"the catalog '{catalog.name}' has no constellations")
    if styx and not catalog.shades:
        raise InputError(f"the catalog '{catalog.name}' has no Shades")
    state: ElysionState = {
        "catalog": source,
        "catalog_name": catalog.name,
        "constellations": stars,
        "styx": styx,
        "hand_size": hand,
        "players": players,
        "day": 1,
        "phase": "reveal",
        "journeys": {p: [] for p in players},
        "blessings": {p: [] for p in players},
        "hands": {p: {"known": [], "secret": hand} for p in players},
        "draws": dict.fromkeys(players, 0),
        "row": [],
        "discard": [],
        "order": [],
        "turn": 0,
        "pending": [],
        "kept_today": {},
        "blessings_under": [],
        "shades_up": [],
        "shade_top": None,
        "shades_seen": [],
        "lookback": None,
        "glory": None,
        "winners": [],
    }
    if deck.deck_size(state, catalog) < len(players) + 1:
        in_play = len(deck.unseen_realms(state, catalog))
        raise IllegalAction(
            f"the catalog '{catalog.name}' has {in_play} realms in play: too few for "
            f"{len(players)} hands of {hand} and a first row of {len(players) + 1}",
            "Setup: starting hands, then a row of one realm more than there are players",
        )
    deck.deal_row(state, catalog, chance, options.get("row"))
    if options.get("shades"):
        deck.check_styx(state)
    if styx:
        deck.refill_shades(state, catalog, chance, options.get("shades"))
    return state
