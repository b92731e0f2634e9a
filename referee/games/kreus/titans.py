"""Incarnation mode (8.1): each Titan's power, its uses per game and the phase it belongs to.

`power NAME [TITAN] ...` uses the power of the face the player chose at setup.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.games.kreus import cards
from referee.games.kreus.cards import the, title
from referee.games.kreus.energy import swap_with_discard
from referee.games.kreus.state import KreusState, Titan
from referee.games.kreus.table import may_be_last_turn, named, need_hand
from referee.model.chance import Chance
from referee.model.engine import event
from referee.model.errors import IllegalAction, InputError
from referee.model.verbs import Action, Event

RULE = "Incarnation: Titan powers"


def use_power(state: KreusState, action: Action, chance: Chance | None = None) -> list[Event]:
    """Check the Titan, its uses left and its phase, then apply the power."""
    if not state["mode"]["incarnation"]:
        raise IllegalAction("Titan powers exist only in Incarnation mode (new --incarnation)",
                            "Incarnation mode")
    who = named(state, action.get("player"))
    titan = state["titans"].get(who)
    if titan is None:
        raise IllegalAction(f"{who} has no Titan yet (`titan {who} TITAN --face male|female`)",
                            RULE)
    typed = action.get("titan")
    if typed is not None and str(typed).strip().lower() != titan["name"]:
        raise IllegalAction(f"{who} incarnates {titan['name'].capitalize()}, not {typed}", RULE)
    if titan["used"] >= titan["uses"]:
        raise IllegalAction(f"{titan['name'].capitalize()}'s power is spent ({titan['uses']} "
                            f"use{'s' if titan['uses'] > 1 else ''} per game)",
                            "Incarnation: a power has limited uses")
    phase = active_phase(titan)
    if state["phase"] != phase:
        when = ("declared in the Divination phase" if titan["phase"] == "divination/creation"
                else f"used in the {phase.capitalize()} phase")
        raise IllegalAction(f"{titan['name'].capitalize()}'s power is {when} "
                            f"(now: {state['phase']})", "Incarnation: each power has its phase")
    _own_options(titan["name"], action)
    events = POWERS[titan["name"]](state, who, action)
    titan["used"] += 1
    left = titan["uses"] - titan["used"]
    events.append(event(f"({titan['name'].capitalize()}: {left} use{'s' if left != 1 else ''} "
                        "left.)"))
    return events


# What each power names (`power NAME ...`); any other option is refused, not ignored.
OPTIONS = {"coeus": ("direction",), "oceanus": ("swap",), "rhea": ("position",),
           "theia": ("to",), "themis": ("on", "card", "gain"), "phoebe": ("on",),
           "mnemosyne": ("card", "give")}
ALL_OPTIONS = ("direction", "swap", "position", "to", "on", "card", "give", "gain")


def _own_options(name: str, action: Action) -> None:
    own = OPTIONS.get(name, ())
    extra = [f"--{k}" for k in ALL_OPTIONS if k not in own and action.get(k) not in (None, [])]
    if extra:
        takes = (f"it takes {', '.join('--' + k for k in own)}" if own
                 else "it names nothing")
        raise IllegalAction(f"{' '.join(extra)} is not for {name.capitalize()}'s power: {takes}",
                            "Incarnation: a power names only what it acts on")


def active_phase(titan: Titan) -> str:
    """The phase a power is used in: `divination/creation` powers are declared in Divination."""
    return "divination" if titan["phase"].startswith("divination") else "creation"


def _not_placed(state: KreusState, who: str, what: str) -> None:
    if who in state["round"]["placed"]:
        raise IllegalAction(f"{who} has already put a card face down: {what} comes before",
                            RULE)


def _must_reveal(state: KreusState, who: str, rule: str) -> None:
    """A player who will have no card face down this turn has no place in the reveal order."""
    placed = who in state["round"]["placed"]
    if state["skip"].get(who) == state["turn"]:
        raise IllegalAction(f"{who} sits this turn out (Cronus): no card of theirs is revealed",
                            f"Incarnation: {rule}")
    if not placed and state["hand"][who] == 0:
        raise IllegalAction(f"{who} has no card left: nothing of theirs is revealed this turn",
                            f"Incarnation: {rule}")


def cronus(state: KreusState, who: str, action: dict) -> list[dict]:
    """Two cards face down, played in the order chosen; no play in the next turn."""
    _not_placed(state, who, "Cronus' power")
    need_hand(state, who, 2, "Cronus' power")
    state["round"]["cronus"] = who
    state["skip"][who] = state["turn"] + 1
    return [event(f"Cronus: {who} will put two cards face down this turn and sit out turn "
                  f"{state['turn'] + 1}.")]


def hyperion(state: KreusState, who: str, action: dict) -> list[dict]:
    """Declared now: in Creation one Element card of his plays as any element."""
    state["round"]["hyperion"] = who
    return [event(f"Hyperion: {who}'s Element card this turn may stand for any element "
                  "(reveal it with --as ELEMENT).")]


def iapetus(state: KreusState, who: str, action: dict) -> list[dict]:
    """Declared as Creation begins: Elements discarded this phase are played again at its end."""
    r = state["round"]
    if r["started"]:
        raise IllegalAction("Iapetus is declared before the first card of the phase is revealed",
                            "Incarnation: Iapetus is declared at the start of Creation")
    r["iapetus"] = who
    return [event(f"Iapetus: Element cards discarded this phase come back to {who} to play "
                  "again at its end.")]


def coeus(state: KreusState, who: str, action: dict) -> list[dict]:
    """Move the First Player card one seat left or right."""
    direction = action.get("direction")
    if direction not in ("left", "right"):
        raise InputError("Coeus: --direction left or right")
    old = state["players"][state["first"]]
    step = 1 if direction == "left" else -1
    state["first"] = (state["first"] + step) % len(state["players"])
    return [event(f"Coeus: the First Player card moves {direction}, from {old} to "
                  f"{state['players'][state['first']]}.")]


def oceanus(state: KreusState, who: str, action: dict) -> list[dict]:
    """Switch two players' places in this turn's reveal order."""
    names = action.get("swap") or []
    if not isinstance(names, list):
        raise InputError("Oceanus: name the two players to switch (--swap A --swap B)")
    if len(names) != 2:
        raise IllegalAction(f"Oceanus switches exactly two players ({len(names)} named: "
                            "--swap A --swap B)", "Incarnation: Oceanus switches two players")
    a, b = (named(state, n, "--swap") for n in names)
    if a == b:
        raise IllegalAction(f"{a} is named twice: Oceanus switches two different players",
                            "Incarnation: Oceanus switches two players")
    for p in (a, b):
        _must_reveal(state, p, "Oceanus switches two players who reveal a card this turn")
    state["round"]["order_mods"].append({"kind": "swap", "a": a, "b": b})
    return [event(f"Oceanus: {a} and {b} switch places in this turn's reveal order.")]


def crius(state: KreusState, who: str, action: dict) -> list[dict]:
    """On the first or last turn: he may reveal an Aggression card without losing."""
    if state["turn"] != 1 and not may_be_last_turn(state):
        raise IllegalAction("Crius is declared on the first or the last turn",
                            "Incarnation: Crius is declared on the first or last turn")
    state["round"]["crius"] = who
    return [event(f"Crius: {who} may reveal an Aggression card this turn without losing.")]


def rhea(state: KreusState, who: str, action: dict) -> list[dict]:
    """Her face-down card takes the place she chooses in the reveal order."""
    pos = action.get("position")
    n = len(state["players"])
    if not isinstance(pos, int) or isinstance(pos, bool):
        raise InputError(f"Rhea: --position is a number, 1 (first) to {n} (last)")
    if not 1 <= pos <= n:
        raise IllegalAction(f"Rhea: --position is 1 (first) to {n} (last), not {pos}",
                            "Incarnation: Rhea places her card in the reveal order")
    _must_reveal(state, who, "Rhea places her own face-down card")
    state["round"]["order_mods"].append({"kind": "move", "player": who, "position": pos})
    return [event(f"Rhea: {who}'s card will be revealed in position {pos}.")]


def theia(state: KreusState, who: str, action: dict) -> list[dict]:
    """Show one card to two players, or two cards to one player (no Energy)."""
    to = action.get("to") or []
    if not isinstance(to, list):
        raise InputError("Theia: --to NAME once (two cards) or twice (one card each)")
    if not 1 <= len(to) <= 2:
        raise IllegalAction(f"Theia shows two cards to one player or one card to two "
                            f"({len(to)} named: --to NAME once or twice)",
                            "Incarnation: Theia shows cards to one or two players")
    names = [named(state, n, "--to") for n in to]
    if who in names or len(set(names)) != len(names):
        raise IllegalAction("Theia shows cards to other players, each named once",
                            "Incarnation: Theia shows cards to one or two players")
    need_hand(state, who, 2 if len(names) == 1 else 1, "Theia's power")
    if who not in state["round"]["shown"]:
        state["round"]["shown"].append(who)
    what = "two cards to " + names[0] if len(names) == 1 else "one card to " + " and ".join(names)
    return [event(f"Theia: {who} shows {what}.")]


def themis(state: KreusState, who: str, action: dict) -> list[dict]:
    """Stake one token on another player's face-down card; settled when it is revealed."""
    r = state["round"]
    on = named(state, action.get("on"), "--on")
    if on == who:
        raise IllegalAction(f"{who} cannot bet on her own card: Themis bets on another "
                            "player's card", "Incarnation: Themis bets on a face-down card")
    if on not in r["placed"]:
        raise IllegalAction(f"{on} has no card face down yet",
                            "Incarnation: Themis bets on a face-down card")
    if on in r["shown"]:
        raise IllegalAction(f"{on} has shown a card this turn: no bet on their card",
                            "Incarnation: Themis never bets on a player who showed a card")
    if any(b["on"] == on and b["by"] == who for b in r["bets"]):
        raise IllegalAction(f"{who} has already bet on {on}'s card",
                            "Incarnation: one Themis token per card")
    card = cards.parse(action.get("card"), state["deck"])
    gain = action.get("gain", 1)
    if gain is None:
        gain = 1
    if not isinstance(gain, int) or isinstance(gain, bool):
        raise InputError(f"Themis: --gain is a whole number of tokens, not {gain!r}")
    if not 0 <= gain <= 15:
        raise IllegalAction(f"Themis: --gain is the tokens a right guess wins, 0 to 15 (the "
                            f"most the game has), not {gain}",
                            "Incarnation: Themis wins tokens from the Reserve")
    if state["tokens"][who] < 1:
        raise IllegalAction(f"{who} has no Energy token to bet",
                            "Incarnation: Themis bets one of her tokens")
    state["tokens"][who] -= 1
    r["bets"].append({"by": who, "on": on, "card": card, "gain": gain})
    return [event(f"Themis: {who} bets 1 token that {on}'s card is {the(card)} "
                  f"(right: the stake back and {gain} more).")]


def phoebe(state: KreusState, who: str, action: dict) -> list[dict]:
    """Look at another player's face-down card."""
    on = named(state, action.get("on"), "--on")
    if on == who:
        raise IllegalAction(f"{who} cannot look at her own card with Phoebe's power",
                            "Incarnation: Phoebe looks at another player's face-down card")
    if state["face_down"][on] <= 0:
        raise IllegalAction(f"{on} has no card face down",
                            "Incarnation: Phoebe looks at a face-down card")
    return [event(f"Phoebe: {who} looks at {on}'s face-down card.")]


def tethys(state: KreusState, who: str, action: dict) -> list[dict]:
    """A Reserve token on the Element just put into play: Aggression and Volatility spare it."""
    last = state["round"]["last_element"]
    if last is None:
        raise IllegalAction("Tethys protects the Element card just put into play on a Nature "
                            "card still incomplete, and there is none",
                            "Incarnation: Tethys protects an Element as it is put into play")
    slot = state["in_play"][last["nature"]]["elements"][last["index"]]
    if slot["protected"]:
        raise IllegalAction("that Element is already protected",
                            "Incarnation: one Tethys token per Element")
    if state["reserve"] < 1:
        raise IllegalAction("the Reserve is empty: Tethys has no token to place",
                            "Incarnation: Tethys' token comes from the Reserve")
    slot["protected"] = True
    state["reserve"] -= 1
    return [event(f"Tethys: {who} protects {title(slot['card'])} on {title(last['nature'])} "
                  f"with a token from the Reserve (Reserve {state['reserve']}).")]


def mnemosyne(state: KreusState, who: str, action: dict) -> list[dict]:
    """Swap a Nature or Element card from hand for a discarded card, free."""
    return swap_with_discard(state, who, action.get("card"), action.get("give"), "Mnemosyne")


POWERS: dict[str, Callable[[KreusState, str, Action], list[Event]]] = {
    "cronus": cronus, "hyperion": hyperion, "iapetus": iapetus, "coeus": coeus,
    "oceanus": oceanus, "crius": crius, "rhea": rhea, "theia": theia, "themis": themis,
    "phoebe": phoebe, "tethys": tethys, "mnemosyne": mnemosyne,
}
