"""The Kleos state as typed data, and lookups on it: players, turn order, minion references,
glory (the ledger read from the replayed log).

The state is plain JSON data (see `setup.new_state`), described here with `TypedDict`s so
a type checker sees its fields. A minion is referred to as `GOD:SLOT` (`ares:2`,
`ares:champion`); the engine turns what the table types (`Ann:c`, `ar:ch`) into that.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from typing import Any, NotRequired, TypedDict

from referee.model.errors import IllegalAction, InputError
from referee.model.verbs import Pending

SLOTS = ("1", "2", "3", "4")
CHAMPION = "champion"
MAX_MINIONS = 4  # besides the champion


class Card(TypedDict):
    """A minion card's printed data (copied into the actions that name it)."""

    name: str
    attack: int
    defense: int
    cunning: int
    tactics: int
    disposition: int | None
    keywords: list[str]
    swift: bool
    hunter: list[int] | None
    god: NotRequired[str]


# `as` is a Python keyword: the functional form names the field as the log keeps it
Attachment = TypedDict("Attachment", {"card": str, "as": str, "by": str, "mod": dict[str, Any]})


class Minion(TypedDict):
    ref: str
    god: str
    slot: str
    card: Card
    location: str
    actions: int
    exhausted: bool
    moves: int
    oa_used: bool
    attachments: list[Attachment]


class Player(TypedDict):
    name: str
    god: str
    temple: str


class Location(TypedDict):
    kind: str
    label: str
    glory: int


class Board(TypedDict):
    name: str
    locations: dict[str, Location]
    adjacent: dict[str, list[str]]


class LedgerEntry(TypedDict):
    day: int
    god: str
    delta: int
    reason: str


class Today(TypedDict):
    """The glory each god gained or lost on `day` (the status's "today" column)."""

    day: int
    glory: dict[str, int]


class Result(TypedDict):
    winners: list[str]
    decided_by: str


class DuskScore(TypedDict):
    day: int
    rows: list[list[Any]]


class State(TypedDict):
    """The whole Contest. `pending` is the one list of decisions waited for (at most one
    entry here: the head of an opportunity-attack queue, or a four-minion choice)."""

    board: Board
    players: list[Player]
    day: int
    phase: str  # deployment, play, action, over
    active: int  # index in today's turn order
    first: int  # seat of the first player
    minions: dict[str, Minion]
    isles: dict[str, Card | None]
    awaiting: list[str]  # Isles waiting for an Epic card
    favor: str | None  # the minion holding Olympus' Favor
    glory: dict[str, int]
    # the glory changes of the latest action only: the ledger is these, action by action, as
    # the log replays (`ledger`); the state keeps no history that grows with the game
    gains: list[LedgerEntry]
    today: Today
    pending: list[Pending]
    hades: list[str]
    cards: dict[str, Card]  # cards this session knows, by lower-case name
    pity: list[str]
    dusk: DuskScore | None
    city_glory: dict[str, int]
    result: Result | None
    epics_drawn: dict[str, str]
    epic_deck_out: NotRequired[bool]  # the table said the Epic Minion Deck is out


def gods(state: State) -> list[str]:
    """Gods in seating (clockwise) order."""
    return [p["god"] for p in state["players"]]


def turn_order(state: State) -> list[str]:
    """Gods in today's turn order: the first player, then clockwise."""
    seats = gods(state)
    n = len(seats)
    return [seats[(state["first"] + i) % n] for i in range(n)]


def active_god(state: State) -> str | None:
    """Whose Play or Action Phase it is (None during Deployment and after the end)."""
    if state["phase"] not in ("play", "action"):
        return None
    seats = state["players"]
    return seats[(state["first"] + state["active"]) % len(seats)]["god"]


PHASES = {"deployment": "Deployment", "play": "Play Phase", "action": "Action Phase",
          "over": "end of the Contest"}


def phase_name(state: State) -> str:
    """`Play Phase`, `Action Phase`...: the phase as the rulebook names it."""
    return PHASES[state["phase"]]


def phase_now(state: State) -> str:
    """`Deployment`, `the Play Phase`...: the phase as a refusal names it."""
    name = phase_name(state)
    return name if state["phase"] == "deployment" else f"the {name}"


def player(state: State, god: str) -> Player:
    return next(p for p in state["players"] if p["god"] == god)


def who(state: State, god: str) -> str:
    """`Ann (Ares)`: how a player is named in messages."""
    return f"{player(state, god)['name']} ({god.capitalize()})"


def whose(state: State, god: str) -> str:
    """`Ann's`: a player's name in the possessive."""
    return possessive(player(state, god)["name"])


def seated(state: State, value: Any) -> str:
    """A god field of an action (the engine resolved what was typed): one of the gods playing."""
    if not isinstance(value, str) or value not in state["glory"]:  # one key per god playing
        names = ", ".join(f"{p['god']}/{p['name']}" for p in state["players"])
        raise InputError(f"name a player (their god or their name; players: {names})")
    return value


def active(state: State) -> str:
    """The god whose Play or Action Phase it is (only called where one is)."""
    god = active_god(state)
    assert god is not None, "no Play or Action Phase now"
    return god


def slot_of(text: str) -> str:
    """A typed slot: 1-4, or `champion` (any prefix of it: `c`, `ch`, `champ`)."""
    slot = text.strip().lower()
    if slot in SLOTS:
        return slot
    if slot and CHAMPION.startswith(slot):
        return CHAMPION
    raise InputError(f"no minion slot '{text[:20]}': slots are 1-4 and champion (or c)")


def split_ref(text: Any) -> tuple[str, str]:
    """`ares:2` -> ("ares", "2"): the owner as typed and the slot (InputError if malformed)."""
    if text is None or isinstance(text, bool):
        raise InputError("name a minion as GOD:SLOT (e.g. ares:2 or ares:champion)")
    owner, sep, slot = str(text).strip().rpartition(":")
    if not sep or not owner.strip() or not slot.strip():
        raise InputError("a minion is written GOD:SLOT (e.g. ares:2 or ares:champion), "
                         f"not '{str(text)[:40]}'")
    return owner.strip(), slot_of(slot)


def parse_ref(state: State, text: Any) -> str:
    """A minion reference in the form the log keeps (`ares:2`, `ares:champion`); the engine
    has already resolved the owner typed (a player's name, a unique prefix) to the god."""
    if isinstance(text, str) and text in state["minions"]:
        return text
    owner, slot = split_ref(text)
    god = owner.lower()
    if god not in gods(state):
        names = ", ".join(f"{p['god']}/{p['name']}" for p in state["players"])
        raise InputError(f"no player or god '{owner[:40]}' in this game (players: {names})")
    return f"{god}:{slot}"


def minion(state: State, text: Any) -> Minion:
    """The minion in play that a reference names."""
    ref = parse_ref(state, text)
    m = state["minions"].get(ref)
    if m is None:
        mine = ", ".join(r for r in state["minions"] if r.startswith(ref.split(":")[0] + ":"))
        raise IllegalAction(f"{ref} is not in play (in play: {mine or 'none'})",
                            "Minions: only minions in play can act or be targeted")
    return m


def minions_of(state: State, god: str) -> list[Minion]:
    """A player's minions in play, champion last."""
    return [m for m in state["minions"].values() if m["god"] == god]


def count_minions(state: State, god: str) -> int:
    """Minions on the player board (the champion not counted)."""
    return sum(1 for m in minions_of(state, god) if m["slot"] != CHAMPION)


def at(state: State, location: str) -> list[Minion]:
    return [m for m in state["minions"].values() if m["location"] == location]


def gain(state: State, god: str, delta: int, reason: str) -> int:
    """Move a player's glory by `delta` (never below 0) and log the reason; returns the change."""
    before = state["glory"][god]
    after = max(0, before + delta)
    change = after - before
    state["glory"][god] = after
    state["gains"].append({"day": state["day"], "god": god, "delta": change, "reason": reason})
    if state["today"]["day"] != state["day"]:
        state["today"] = {"day": state["day"], "glory": {}}
    today = state["today"]["glory"]
    today[god] = today.get(god, 0) + change
    return change


def glory_today(state: State, god: str) -> int:
    """The glory `god` gained (or lost) today."""
    today = state["today"]
    return today["glory"].get(god, 0) if today["day"] == state["day"] else 0


def ledger(steps: Iterable[tuple[dict, State]], verbs: Container[str]) -> list[LedgerEntry]:
    """Every glory change of the game in order: each action's own (`gains`), from each record of
    the log with the state after it (the replayed log). A record whose verb is not one of the
    game's `verbs` (the `new`, an undo's `seen`) changes no glory."""
    return [LedgerEntry(**e) for rec, after in steps
            if rec["action"].get("verb") in verbs for e in after["gains"]]


def is_champion(m: Minion) -> bool:
    return m["slot"] == CHAMPION


def is_cursed(m: Minion) -> bool:
    return any(a["as"] == "curse" for a in m["attachments"])


def name(m: Minion) -> str:
    """`ares:2 Centaur`."""
    return f"{m['ref']} {m['card']['name']}"


def possessive(word: str) -> str:
    """`Ares'`, `Athena's`."""
    return word + ("'" if word.endswith("s") else "'s")
