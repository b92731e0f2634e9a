"""Minions in play: effective stats, entering play (the four-minion limit), leaving it.

Rules implemented: stat modifiers from attachments; Hunter bonuses when no ally
shares the location; at most four minions plus the champion (the one entering
or an uncursed one goes to Hades); killed minions and their attachments go to
Hades; a defeated champion returns to its temple instead, keeping its actions.
"""

from __future__ import annotations

from typing import Any

from referee.games.kleos import state as st
from referee.games.kleos.state import Card, Minion, State
from referee.model.engine import event
from referee.model.errors import IllegalAction, InputError
from referee.model.verbs import Event, Pending, pending

ROOM = "make-room"

ACTIONS_PER_DAY = 2
REPLACE_RULE = "Minion limit: replace only when four minions are in play"


def new_minion(god: str, slot: str, card: Card, location: str, exhausted: bool = False) -> Minion:
    """A minion token as the state holds it."""
    return {"ref": f"{god}:{slot}", "god": god, "slot": slot, "card": card, "location": location,
            "actions": 0 if exhausted else ACTIONS_PER_DAY, "exhausted": exhausted, "moves": 0,
            "oa_used": False, "attachments": []}


def hunting(state: State, m: Minion) -> bool:
    """Hunter: the bonus applies when no ally (same player) shares the location."""
    if not m["card"].get("hunter"):
        return False
    return not any(o["god"] == m["god"] and o["ref"] != m["ref"]
                   for o in st.at(state, m["location"]))


def stat(state: State, m: Minion, key: str) -> int:
    """Attack/Defense/Cunning/Tactics with attachments and Hunter; only Tactics may go below 0."""
    card: dict[str, Any] = dict(m["card"])  # the stat is named by the caller
    value: int = card[key] + sum(a["mod"].get(key, 0) for a in m["attachments"])
    hunter = m["card"]["hunter"]
    if key in ("attack", "defense") and hunter and hunting(state, m):
        value += hunter[0 if key == "attack" else 1]
    return value if key == "tactics" else max(0, value)


def swift(m: Minion) -> bool:
    return bool(m["card"].get("swift")) or any(a["mod"].get("swift") for a in m["attachments"])


def free_slot(state: State, god: str) -> str | None:
    used = {m["slot"] for m in st.minions_of(state, god)}
    return next((s for s in st.SLOTS if s not in used), None)


def room_choices(state: State, god: str) -> list[str]:
    """What may go to Hades to make room: an uncursed minion's slot, or `new` (the one entering)."""
    return [m["slot"] for m in sorted(st.minions_of(state, god), key=lambda m: m["slot"])
            if not st.is_champion(m) and not st.is_cursed(m)] + ["new"]


def room_entry(state: State, god: str, card: Card, location: str, exhausted: bool) -> Pending:
    """The pending choice of the minion sent to Hades so CARD can enter (four-minion limit)."""
    return pending(st.player(state, god)["name"], ROOM, room_choices(state, god), god=god,
                   card=card, location=location, exhausted=exhausted)


def check_room(state: State, god: str, slot: str) -> None:
    """May SLOT (1-4, or `new`: the card entering) go to Hades to make room? Refuse if not."""
    if slot == "new":
        return
    if slot not in st.SLOTS:
        raise InputError(f"to make room, name a slot 1-4 or 'new', not '{slot}' "
                         f"(choices: {', '.join(room_choices(state, god))})")
    old = state["minions"].get(f"{god}:{slot}")
    if old is not None and st.is_cursed(old):
        raise IllegalAction(f"{st.name(old)} is cursed and cannot be sent to Hades to make room",
                            "Minion limit: cursed minions cannot be replaced")


def enter_play(state: State, god: str, card: Card, location: str, exhausted: bool = False,
               replace: str | None = None) -> list[Event]:
    """A minion card enters play under `god` at `location` (Play a Minion / Recruit).

    With four minions already in play, `replace` names the slot sent to Hades
    first, or `new` to send the entering card there instead.
    """
    slot = free_slot(state, god)
    evs: list[Event] = []
    if slot is not None and replace is not None:
        raise IllegalAction(f"{st.who(state, god)} has a free minion space; nothing is replaced",
                            REPLACE_RULE)
    if slot is None:
        if replace is None:
            raise IllegalAction(
                f"{st.who(state, god)} already has four minions; say which goes to Hades "
                f"({' or '.join(room_choices(state, god))})",
                "Minion limit: four minions plus the champion")
        replace = str(replace).strip().lower()
        check_room(state, god, replace)
        if replace == "new":
            state["hades"].append(card["name"])
            return [event(f"{card['name']} goes straight to Hades: {st.who(state, god)} keeps "
                          "the four minions in play")]
        old = state["minions"][f"{god}:{replace}"]
        evs.append(event(f"{st.name(old)} goes to Hades to make room"))
        to_hades(state, old)
        slot = replace
    m = new_minion(god, slot, card, location, exhausted)
    state["minions"][m["ref"]] = m
    tired = " (exhausted today)" if exhausted else ""
    return [*evs, event(f"{st.name(m)} enters play at {location}{tired}")]


def to_hades(state: State, m: Minion) -> None:
    """A non-champion minion leaves play: its card and attachments go to Hades."""
    state["hades"].append(m["card"]["name"])
    state["hades"].extend(a["card"] for a in m["attachments"])
    del state["minions"][m["ref"]]
    if state["favor"] == m["ref"]:
        state["favor"] = None


def defeated(state: State, m: Minion) -> str:
    """A minion is killed: to Hades, or a champion back to its temple. Returns what happened."""
    if st.is_champion(m):
        temple = st.player(state, m["god"])["temple"]
        state["hades"].extend(a["card"] for a in m["attachments"])
        m["attachments"] = []
        m["location"] = temple
        return f"{st.name(m)} is defeated and returns to its temple {temple}"
    to_hades(state, m)
    return f"{st.name(m)} is killed and goes to Hades"


def kill_glory(state: State, killer: str | None, victim: Minion, slaughter: bool,
               how: str) -> list[Event]:
    """Glory for a kill: 1 for a Basic/Epic minion, 2 for a champion, +1 for a slaughter."""
    if killer is None or killer == victim["god"]:
        return []
    champion = st.is_champion(victim)
    base = 2 if champion else 1
    reason = f"{'defeat champion' if champion else 'kill'} {st.name(victim)} ({how})"
    evs = [event(f"{st.who(state, killer)} +{base} glory: {reason}")]
    st.gain(state, killer, base, reason)
    if slaughter and not champion:
        st.gain(state, killer, 1, f"slaughter {st.name(victim)}")
        evs.append(event(f"{st.who(state, killer)} +1 glory: slaughter"))
    return evs
