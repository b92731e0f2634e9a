"""Setting up (section 3): the deck and Reserve by player count, the deal, the First Player,
the Energy tokens taken in seat order, and the Titan cards of Incarnation mode."""

from __future__ import annotations

from referee.games.kreus import cards, data
from referee.games.kreus.state import KreusState, Round
from referee.games.kreus.table import named, seat_order
from referee.model.chance import Chance
from referee.model.engine import event
from referee.model.errors import IllegalAction, InputError
from referee.model.i18n import ngettext
from referee.model.verbs import Action, Event

DRAW_WORDS = ("", "draw", "random")  # `titan NAME draw`: the referee draws the Titan card


def new_round() -> Round:
    """What lasts one game turn: reveal order, declared powers, bets, recovered Elements,
    who has discarded for Energy this Divination phase."""
    return {"placed": [], "order": [], "started": False, "revealed": [], "shown": [],
            "discarded": [],
            "bets": [], "order_mods": [], "hyperion": None, "crius": None, "iapetus": None,
            "recovered": [], "replay": [], "last_turn": False, "last_element": None,
            "cronus": None, "hyperion_done": False, "iapetus_done": False}


def setup(options: dict) -> KreusState:
    """The `new` action: seats in the order listed (going left), deck, Reserve, equal deal.

    The player count is checked by the core (`min_players`/`max_players`) and `--first`
    resolved by the engine (a unique prefix is enough)."""
    names = options.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) and n.strip() for n in names):
        raise InputError("players: a list of names is needed (--player NAME, one per seat)")
    names = [n.strip() for n in names]
    if len({n.lower() for n in names}) != len(names):
        raise InputError("two players have the same name")
    n = len(names)
    first_game = bool(options.get("first_game"))
    incarnation = bool(options.get("incarnation"))
    altered = bool(options.get("altered"))
    tree, titans = data.load_cards(options.get("cards"))
    if incarnation and len(titans) < n:
        raise IllegalAction(f"Incarnation mode deals one Titan card per player: {n} players, "
                            f"but the cards file has {len(titans)} Titan {ngettext('card', 'cards', len(titans))}",
                            "Incarnation: each player draws a Titan card")
    deck = cards.deck_for(n, first_game, altered)
    size = sum(deck.values())
    total = cards.TOKENS[n]
    state: KreusState = {
        "players": names,
        "mode": {"first_game": first_game and n <= 5, "incarnation": incarnation,
                 "altered": altered, "first_game_ignored": first_game and n > 5},
        "tree": tree,
        "titan_cards": titans,
        "deck": deck,
        "pool": dict(deck),
        "discard": [],
        "in_play": {},
        "as_element": {},
        "total_tokens": total,
        "reserve": total,
        "tokens": dict.fromkeys(names, 0),
        "hand": dict.fromkeys(names, size // n),
        "face_down": dict.fromkeys(names, 0),
        "first": 0,
        "turn": 1,
        "phase": "setup",
        "token_taker": None,
        "titans": {},
        "drawn": {},
        "hek": False,
        "last_play": None,
        "skip": {},
        "round": new_round(),
        "pending": [],
        "over": False,
        "outcome": None,
        "end_reason": None,
        "aggression_held": None,
        "known": {},
        "taken": [],
    }
    return state


def take_tokens(state: KreusState, action: Action, chance: Chance | None = None) -> list[Event]:
    """Setup: each player in turn from the First Player takes what they wish; the last player
    takes the rest. (Whose turn it is to take them is checked by the core.)"""
    if state["token_taker"] is None:
        raise IllegalAction("the Energy tokens have all been taken already",
                            "Setup: tokens are taken once, before the first turn")
    who = named(state, action.get("player"))
    n = action.get("n")
    if not isinstance(n, int) or isinstance(n, bool):
        raise InputError(f"tokens: N is the number of Energy tokens taken from the Reserve, "
                         f"a whole number 0 or more (not {n!r})")
    if n < 0:
        raise IllegalAction(f"{who} cannot take {n} tokens: a player takes 0 or more from the "
                            "Reserve", "Setup: only the Reserve's tokens can be taken")
    if n > state["reserve"]:
        raise IllegalAction(f"the Reserve holds {state['reserve']} {ngettext('token', 'tokens', state['reserve'])}, not {n}",
                            "Setup: only the Reserve's tokens can be taken")
    order = seat_order(state)
    state["reserve"] -= n
    state["tokens"][who] += n
    events = [event(f"{who} takes {n} Energy token{'s' if n != 1 else ''} "
                    f"(Reserve {state['reserve']}).")]
    rest = order[order.index(who) + 1:]
    if len(rest) == 1 or (rest and state["reserve"] == 0):
        last = rest[-1]
        for p in rest[:-1]:
            events.append(event(f"{p} takes 0 Energy tokens (the Reserve is empty)."))
        events.append(event(f"{last}, last, takes the rest: {state['reserve']} {ngettext('token', 'tokens', state['reserve'])}."))
        state["tokens"][last] += state["reserve"]
        state["reserve"] = 0
        rest = []
    state["token_taker"] = rest[0] if rest else None
    return events


def choose_titan(state: KreusState, action: Action, chance: Chance | None = None) -> list[Event]:
    """Incarnation mode: a player's Titan card and the face they keep for the game.

    `titan NAME TITAN` records the card drawn at the table (TITAN names either face);
    `titan NAME draw` lets the referee draw one of the cards not yet dealt (a recorded
    chance result), and the player then keeps a face by naming it: `titan NAME TITAN`.
    """
    if not state["mode"]["incarnation"]:
        raise IllegalAction("Titans are used only in Incarnation mode (new --incarnation)",
                            "Incarnation mode")
    who = named(state, action.get("player"))
    if who in state["titans"]:
        kept = state["titans"][who]
        raise IllegalAction(f"{who} already incarnates {kept['name'].capitalize()} "
                            f"({kept['face']}): a Titan face is kept for the whole game "
                            "(`undo` takes back a slip)",
                            "Incarnation: each player chooses one Titan face, once")
    face = action.get("face")
    if face is not None and face not in ("male", "female"):
        raise InputError("--face is male or female")
    drawn = state.setdefault("drawn", {})
    taken = {t["card"]: p for p, t in state["titans"].items() if p != who}
    taken.update({i: p for p, i in drawn.items() if p != who})
    typed = action.get("titan")
    if typed is None or str(typed).strip().lower() in DRAW_WORDS:
        if who in drawn:
            i = drawn[who]
        elif face is not None:
            raise IllegalAction(f"`titan {who} draw` draws a Titan card; choose its face once "
                                f"it is seen (or name the card drawn at the table: "
                                f"`titan {who} TITAN`)",
                                "Incarnation: a face is kept once the Titan card is drawn")
        else:
            free = [i for i in range(len(state["titan_cards"])) if i not in taken]
            if not free or chance is None:
                raise IllegalAction("every Titan card is dealt", "Incarnation: one Titan card each")
            keys = [f"{state['titan_cards'][j]['male']['name']}/"
                    f"{state['titan_cards'][j]['female']['name']}" for j in free]
            i = free[keys.index(chance.choice(f"titan card for {who}", keys))]
            drawn[who] = i
            return [event(f"{who} draws the {_card_title(state, i)} Titan card: keep a face "
                          f"with {_face_commands(state, who, i)}.")]
        card = state["titan_cards"][i]
        if face is None:  # `draw` again: one card each, and this one is drawn
            raise IllegalAction(f"{who} holds the {_card_title(state, i)} Titan card: keep a "
                                f"face with {_face_commands(state, who, i)}",
                                "Incarnation: each player draws one Titan card")
    else:
        name = str(typed).strip().lower()
        for i, card in enumerate(state["titan_cards"]):  # noqa: B007 (i is read after the loop)
            names = {card["male"]["name"]: "male", card["female"]["name"]: "female"}
            if name in names:
                break
        else:
            every = [c[f]["name"] for c in state["titan_cards"] for f in ("male", "female")]
            raise InputError(f"unknown Titan '{typed}' (Titans: {', '.join(every)})")
        if who in drawn and drawn[who] != i:
            raise IllegalAction(f"{who} drew the {_card_title(state, drawn[who])} Titan card",
                                "Incarnation: each player keeps the Titan card drawn")
        if face is None:
            face = names[name]
    if i in taken:
        raise IllegalAction(f"{taken[i]} already has the {_card_title(state, i)} card",
                            "Incarnation: each Titan card is dealt once")
    drawn.pop(who, None)
    chosen = card["male"] if face == "male" else card["female"]
    state["titans"][who] = {"card": i, "face": face, "name": chosen["name"],
                            "uses": chosen["uses"], "phase": chosen["phase"], "used": 0}
    return [event(f"{who} incarnates {chosen['name'].capitalize()} ({face}; "
                  f"{chosen['uses']} use{'s' if chosen['uses'] > 1 else ''}, {chosen['phase']}).")]


def _face_commands(state: KreusState, who: str, i: int) -> str:
    card = state["titan_cards"][i]
    return f"`titan {who} {card['male']['name']}` or `titan {who} {card['female']['name']}`"


def _card_title(state: KreusState, i: int) -> str:
    card = state["titan_cards"][i]
    return f"{card['male']['name'].capitalize()}/{card['female']['name'].capitalize()}"


def setup_done(state: KreusState) -> bool:
    if state["token_taker"] is not None:
        return False
    return not state["mode"]["incarnation"] or len(state["titans"]) == len(state["players"])
