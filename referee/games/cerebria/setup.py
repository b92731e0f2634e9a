"""Setup and Starting the Game: stacks, Impulse, hands, Mood Marker, first player."""

from __future__ import annotations

from referee.games.cerebria import cards, drawing, impulse, layout, revelation
from referee.games.cerebria.state import State
from referee.model.chance import Chance
from referee.model.errors import InputError

MIN_PLAYERS, MAX_PLAYERS = 2, 5
FRAGMENTS = 40  # of each kind
EVERYONE = "all"  # `pass all`: a word no player may be named


def player_names(raw: object) -> list[str]:
    """The seats in clockwise order; names must be distinct and usable in PLAYER:POS.
    (The core has checked the player count.)"""
    if not isinstance(raw, list):
        raise InputError("players are a list of names")
    names = [str(n).strip() for n in raw]
    for n in names:
        if not n or ":" in n or " " in n or len(n) > 30:
            raise InputError(f"'{n[:30]}' cannot be a player name (one word, no ':')")
        if n.casefold() == EVERYONE:
            raise InputError(f"'{n}' cannot be a player name: `pass {EVERYONE}` means everyone")
    lowered = [n.lower() for n in names]
    if len(set(lowered)) != len(lowered):
        raise InputError("two players have the same name")
    return names


def setup(options: dict, chance: Chance) -> State:
    """Shuffle, build 3 Impulse stacks of players+2, turn 3 Impulse cards, deal 4 each,
    toss the Mood Marker, choose the first player."""
    players = player_names(options.get("players"))
    deck = options.get("deck")
    composition = cards.check_deck(deck) if deck is not None else None
    size = len(players) + 2
    state: State = {
        "players": players,
        "composition": composition,
        "deck": cards.DECK_SIZE - 3 * size,
        "stacks": [size] * impulse.SLOTS,
        "impulse": [None] * impulse.SLOTS,
        "discard": {"known": [], "unknown": 0},
        "hands": {n: {"count": 0, "known": []} for n in players},
        "mindsets": {n: [] for n in players},
        "scored": {n: {"bliss": 0, "gloom": 0} for n in players},
        "last": dict.fromkeys(players, 0),
        "supply": {"bliss": FRAGMENTS, "gloom": FRAGMENTS},
        "mood": "bliss",
        "current": 0,
        "turn": 1,
        "cycle": 1,
        "revelations": 0,
        "phase": "cycle",
        "started": False,
        "mulligans": [],
        "actions_left": 2,
        "abilities_used": [],
        "pending": [],
        "winners": [],
        "condition": None,
        "tie_break": None,
    }
    reveals = impulse.Reveals(options.get("impulse"), "--impulse")
    for idx in range(impulse.SLOTS):
        state["deck"] -= 1
        state["impulse"][idx] = drawing.reveal(state, chance, f"impulse {idx + 1}", reveals.next())
    reveals.check_all_used()
    for n in players:
        state["deck"] -= revelation.HAND
        state["hands"][n]["count"] = revelation.HAND
    state["mood"] = revelation.toss(chance, options.get("mood"))
    first = options.get("first")
    if first is not None:
        lowered = {p.lower(): p for p in players}
        first = lowered.get(str(first).strip().lower())
        if first is None:
            raise InputError(f"--first {options.get('first')}: not a player "
                             f"({', '.join(players)})")
    state["current"] = players.index(chance.choice("first player", players, first))
    if options.get("layout") is not None:
        layout.lay_out(state, options["layout"])
    return state
