"""Lookups on the Kleos state: players, turn order, minion references, the glory ledger.

The state is plain JSON data (see `setup.new_state`). A minion is referred to
as `GOD:SLOT` (`ares:2`, `ares:champion`, `ares:c`); the player's name works in
place of the god.
"""

from __future__ import annotations

from typing import Any

from referee.errors import IllegalAction, InputError

SLOTS = ("1", "2", "3", "4")
CHAMPION = "champion"
MAX_MINIONS = 4  # besides the champion


def gods(state: dict) -> list[str]:
    """Gods in seating (clockwise) order."""
    return [p["god"] for p in state["players"]]


def turn_order(state: dict) -> list[str]:
    """Gods in today's turn order: the first player, then clockwise."""
    seats = gods(state)
    n = len(seats)
    return [seats[(state["first"] + i) % n] for i in range(n)]


def active_god(state: dict) -> str | None:
    """Whose Play or Action Phase it is (None during Deployment and after the end)."""
    if state["phase"] not in ("play", "action"):
        return None
    return turn_order(state)[state["active"]]


PHASES = {"deployment": "Deployment", "play": "Play Phase", "action": "Action Phase",
          "over": "end of the Contest"}


def phase_name(state: dict) -> str:
    """`Play Phase`, `Action Phase`...: the phase as the rulebook names it."""
    return PHASES[state["phase"]]


def phase_now(state: dict) -> str:
    """`Deployment`, `the Play Phase`...: the phase as a refusal names it."""
    name = phase_name(state)
    return name if state["phase"] == "deployment" else f"the {name}"


def player(state: dict, god: str) -> dict:
    return next(p for p in state["players"] if p["god"] == god)


def who(state: dict, god: str) -> str:
    """`Ann (Ares)`: how a player is named in messages."""
    return f"{player(state, god)['name']} ({god.capitalize()})"


def whose(state: dict, god: str) -> str:
    """`Ann's`: a player's name in the possessive."""
    return possessive(player(state, god)["name"])


def god_of(state: dict, text: Any) -> str:
    """A typed god or player name -> the god (InputError if neither)."""
    if text is None or isinstance(text, bool):
        raise InputError("name a player (their god or their name)")
    raw = str(text).strip().lower()
    for p in state["players"]:
        if raw in (p["god"], p["name"].lower()):
            return p["god"]
    names = ", ".join(f"{p['god']}/{p['name']}" for p in state["players"])
    raise InputError(f"no player or god '{text}' in this game (players: {names})")


def parse_ref(state: dict, text: Any) -> str:
    """`ares:2`, `Ann:c`, `ares:champion` -> the normal reference `ares:2` / `ares:champion`."""
    if text is None or isinstance(text, bool):
        raise InputError("name a minion as GOD:SLOT (e.g. ares:2 or ares:champion)")
    raw = str(text).strip()
    owner, sep, slot = raw.rpartition(":")
    if not sep or not owner or not slot:
        raise InputError("a minion is written GOD:SLOT (e.g. ares:2 or ares:champion), "
                         f"not '{text}'")
    god = god_of(state, owner)
    slot = slot.strip().lower()
    if slot in ("c", "champ", CHAMPION):
        slot = CHAMPION
    elif slot not in SLOTS:
        raise InputError(f"no minion slot '{slot}': slots are 1-4 and champion (or c)")
    return f"{god}:{slot}"


def minion(state: dict, text: Any) -> dict:
    """The minion in play that a typed reference names."""
    ref = parse_ref(state, text)
    m = state["minions"].get(ref)
    if m is None:
        mine = ", ".join(r for r in state["minions"] if r.startswith(ref.split(":")[0] + ":"))
        raise IllegalAction(f"{ref} is not in play (in play: {mine or 'none'})",
                            "Minions: only minions in play can act or be targeted")
    return m


def minions_of(state: dict, god: str) -> list[dict]:
    """A player's minions in play, champion last."""
    return [m for m in state["minions"].values() if m["god"] == god]


def count_minions(state: dict, god: str) -> int:
    """Minions on the player board (the champion not counted)."""
    return sum(1 for m in minions_of(state, god) if m["slot"] != CHAMPION)


def at(state: dict, location: str) -> list[dict]:
    return [m for m in state["minions"].values() if m["location"] == location]


def gain(state: dict, god: str, delta: int, reason: str) -> int:
    """Move a player's glory by `delta` (never below 0) and log the reason; returns the change."""
    before = state["glory"][god]
    after = max(0, before + delta)
    change = after - before
    state["glory"][god] = after
    state["ledger"].append({"day": state["day"], "god": god, "delta": change, "reason": reason})
    return change


def is_champion(m: dict) -> bool:
    return m["slot"] == CHAMPION


def is_cursed(m: dict) -> bool:
    return any(a["as"] == "curse" for a in m["attachments"])


def name(m: dict) -> str:
    """`ares:2 Centaur`."""
    return f"{m['ref']} {m['card']['name']}"


def possessive(word: str) -> str:
    """`Ares'`, `Athena's`."""
    return word + ("'" if word.endswith("s") else "'s")
